from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from events.importer import ImportProblems, import_travellers
from events.models import METHOD_CHOICES, Club


class Command(BaseCommand):
    help = "Create a session from a CSV of travellers (board,ns,ew,contract,declarer,result)."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument("--name", required=True, help="the session's name")
        parser.add_argument("--movement", choices=["mitchell", "howell"], default="mitchell")
        parser.add_argument(
            "--scoring", choices=[m for m, _ in METHOD_CHOICES], default="matchpoints"
        )
        parser.add_argument("--club", help="the club's slug (default: the only club)")

    def handle(self, *args, **options):
        try:
            text = options["file"].read_text(encoding="utf-8-sig")
        except OSError as error:
            raise CommandError(f"cannot read {options['file']}: {error.strerror}") from None
        except UnicodeDecodeError:
            raise CommandError(f"{options['file']} is not UTF-8 text") from None
        club = self._club(options["club"])
        try:
            event = import_travellers(
                text, club=club, name=options["name"], movement=options["movement"],
                scoring_method=options["scoring"],
            )  # fmt: skip
        except ImportProblems as problems:
            for line, message in problems.problems:
                self.stderr.write(f"{options['file']}: line {line}: {message}")
            raise CommandError(
                f"nothing imported: {len(problems.problems)} bad line(s) in {options['file']}"
            ) from None
        results = sum(board.results.count() for board in event.sections.get().boards.all())
        self.stdout.write(f"Imported {results} results into session {event.pk} ({event.name})")
        self.stdout.write(str(event.pk))

    def _club(self, slug):
        if slug:
            club = Club.objects.filter(slug=slug).first()
            if club is None:
                raise CommandError(f"no club with the slug {slug!r}")
            return club
        clubs = list(Club.objects.all()[:2])
        if len(clubs) > 1:
            raise CommandError("there are several clubs: say which with --club SLUG")
        if clubs:
            return clubs[0]
        return Club.objects.create(name="My bridge club", slug="club")
