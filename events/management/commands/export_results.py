from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from events.core import kinds
from events.formats import (
    CHAMPIONSHIP_NO_PBN,
    CHAMPIONSHIP_WRITERS,
    WRITERS,
    write_championship,
    write_results,
)
from events.formats.csv_export import travellers_csv
from events.models import Championship, Event


class Command(BaseCommand):
    help = (
        "Print a session's results as JSON (format clubscore-results/1), a results CSV, or "
        "another program's format (pbn: deals, travellers and totals as PBN 2.1); "
        "--travellers FILE also writes its travellers CSV (import_travellers reads it back). "
        "With --teams the id is a teams event's, printed as USEBIO (import_travellers reads "
        "it back). With --championship the id is a championship's, printed as JSON (format "
        "clubscore-championship/1) or USEBIO (import_travellers --championship reads it back)."
    )

    def add_arguments(self, parser):
        parser.add_argument("id", type=int, help="the session's id (with --teams, the event's)")
        parser.add_argument(
            "--format",
            choices=list(WRITERS),
            help="default json; with --teams, usebio (its only format)",
        )
        parser.add_argument(
            "--teams", action="store_true", help="the id is a teams event's: print it as USEBIO 1.2"
        )
        parser.add_argument(
            "--championship",
            action="store_true",
            help="the id is a championship's: print it as JSON (default) or USEBIO 1.2",
        )
        parser.add_argument(
            "--travellers",
            type=Path,
            metavar="FILE",
            help="also write every result to FILE as a travellers CSV",
        )

    def handle(self, *args, **options):
        if options["teams"] and options["championship"]:
            raise CommandError("--teams and --championship: the id is one or the other")
        if options["teams"]:
            self._teams(options)
            return
        if options["championship"]:
            self._championship(options)
            return
        options["format"] = options["format"] or "json"
        event = Event.objects.filter(pk=options["id"]).first()
        if event is None:
            raise CommandError(f"there is no session {options['id']}{_teams_hint(options['id'])}")
        _refuse_deleted(event, "session")
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

    def _teams(self, options) -> None:
        if options["format"] not in (None, "usebio") or options["travellers"] is not None:
            raise CommandError("a teams event is printed as USEBIO only: --teams ID")
        teams = kinds.get("teams")
        event = teams.model.objects.filter(pk=options["id"]).first()
        if event is None:
            raise CommandError(f"there is no teams event {options['id']}")
        _refuse_deleted(event, teams.what)
        try:
            text = teams.results_file(event)
        except ValueError as error:  # a scoring method the format cannot say (Patton)
            raise CommandError(f"no usebio export: {error}") from None
        self.stdout.write(text, ending="")

    def _championship(self, options) -> None:
        format_name = options["format"] or "json"
        if format_name not in CHAMPIONSHIP_WRITERS or options["travellers"] is not None:
            raise CommandError(
                "a championship is printed as JSON or USEBIO: --championship ID "
                f"[--format json|usebio]; {CHAMPIONSHIP_NO_PBN}"
            )
        championship = Championship.objects.filter(pk=options["id"]).first()
        if championship is None:
            raise CommandError(f"there is no championship {options['id']}")
        try:
            text = write_championship(championship, format_name, director=True)
        except ValueError as error:  # USEBIO: sessions it cannot say
            raise CommandError(f"no {format_name} export: {error}") from None
        self.stdout.write(text, ending="" if text.endswith("\n") else "\n")


def _refuse_deleted(event, what: str) -> None:
    if event.deleted_at is not None:
        raise CommandError(
            f"{what} {event.pk} was deleted on {event.deleted_at:%d %b %Y}; "
            "restore it from its club's page first"
        )


def _teams_hint(pk: int) -> str:
    """A teams event's ids are their own: the id given may be one, asked for without --teams."""
    teams = kinds.get("teams").model.objects.filter(pk=pk).first()
    if teams is None:
        return ""
    return f" (teams event {pk} is “{teams.name}”: add --teams to export it)"
