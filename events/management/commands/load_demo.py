from django.core.management.base import BaseCommand

from events.demo import DEMO_DIRECTOR, load_demo


class Command(BaseCommand):
    help = "Load the demo club and its scored 7-table Mitchell (safe to run again)."

    def handle(self, *args, **options):
        event = load_demo()
        user, password = DEMO_DIRECTOR
        self.stdout.write(
            f"Demo session {event.pk}: {event.name}. Director login: {user} / {password}"
        )
