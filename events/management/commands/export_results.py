from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from events.formats import WRITERS, write_results
from events.formats.csv_export import travellers_csv
from events.models import Event


class Command(BaseCommand):
    help = (
        "Print a session's results as JSON (format clubscore-results/1), a results CSV, or "
        "another program's format (pbn: deals, travellers and totals as PBN 2.1); "
        "--travellers FILE also writes its travellers CSV (import_travellers reads it back)."
    )

    def add_arguments(self, parser):
        parser.add_argument("id", type=int, help="the session's id")
        parser.add_argument("--format", choices=list(WRITERS), default="json")
        parser.add_argument(
            "--travellers",
            type=Path,
            metavar="FILE",
            help="also write every result to FILE as a travellers CSV",
        )

    def handle(self, *args, **options):
        event = Event.objects.filter(pk=options["id"]).first()
        if event is None:
            raise CommandError(f"there is no session {options['id']}")
        if event.deleted_at is not None:
            raise CommandError(
                f"session {event.pk} was deleted on {event.deleted_at:%d %b %Y}; "
                "restore it from its club's page first"
            )
        if options["travellers"] is not None:
            path = options["travellers"]
            try:
                path.write_text(travellers_csv(event), encoding="utf-8", newline="")
            except OSError as error:
                raise CommandError(f"cannot write {path}: {error.strerror}") from None
        try:
            text = write_results(event, options["format"])
        except ValueError as error:  # a format that cannot say how this session was scored
            raise CommandError(f"no {options['format']} export: {error}") from None
        self.stdout.write(text, ending="" if text.endswith("\n") else "\n")
