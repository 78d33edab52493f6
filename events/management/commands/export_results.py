import json

from django.core.management.base import BaseCommand, CommandError

from events.export import results_document
from events.models import Event


class Command(BaseCommand):
    help = "Print a session's results as JSON (format clubscore-results/1)."

    def add_arguments(self, parser):
        parser.add_argument("id", type=int, help="the session's id")
        parser.add_argument("--format", choices=["json"], default="json")

    def handle(self, *args, **options):
        event = Event.objects.filter(pk=options["id"]).first()
        if event is None:
            raise CommandError(f"there is no session {options['id']}")
        self.stdout.write(json.dumps(results_document(event), indent=2))
