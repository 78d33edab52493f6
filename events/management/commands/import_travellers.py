from decimal import Decimal, InvalidOperation
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from events.championships.importing import ChampionshipImportError, import_championship
from events.core import kinds
from events.core.invisible import invisible_problem
from events.entry.changes import rescore_event
from events.formats import READERS, ImportProblems, describe_place, read_traveller_file
from events.models import (
    ADJUSTED_BOARDS_CHOICES,
    ADJUSTED_RULE_CHOICES,
    CROSS_IMP_CHOICES,
    METHOD_CHOICES,
    MISSING_CHOICES,
    MOVEMENT_CHOICES,
    PERCENTAGE_CHOICES,
    PLACES_CHOICES,
    ROUNDING_CHOICES,
    TOTALS_CHOICES,
    Club,
)
from events.sessions.forms import apply_preset
from events.sessions.importing import import_traveller_file
from events.standings.penalties import PenaltyError, add_penalty, parse_penalty
from scoring import PRESETS, ScoringOptions, parse_butler_drop
from scoring.domain import Combination, MissedSession


def _decimal(text: str) -> Decimal:
    try:
        return Decimal(text)
    except InvalidOperation:
        raise ValueError(text) from None


def _choices(pairs):
    return [value for value, _ in pairs]


def _session_options(options, chosen: dict) -> dict:
    """import_traveller_file's choices for each session, from the command's flags and the
    scoring options `chosen`."""
    return {
        "movement": options["movement"],
        "scoring_method": options["scoring"],
        "options": chosen,
        "across_field": options["across_field"],
        "one_winner": options["one_winner"],
        "publish": options["publish"],
    }


class Command(BaseCommand):
    help = (
        "Create a session from a results file: a CSV of travellers "
        "(board,ns,ew,contract,declarer,result) or another program's file, read by its "
        f"extension ({', '.join('.' + name for name in READERS)}); a USEBIO file of a teams "
        "event makes a teams event, and an individual's JSON export an individual (the "
        "scoring options are a session's, and do not apply to them). "
        "With --championship NAME, each file (each session of a USEBIO file of several) is "
        "a session and together they make a championship, its entrants matched by names."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path, nargs="+", help="several only with --championship")
        group = parser.add_argument_group("several sessions as one championship")
        group.add_argument(
            "--championship",
            metavar="NAME",
            help="make the files' sessions (2 to 4) a championship of this name",
        )
        group.add_argument(
            "--combination",
            choices=[choice.value for choice in Combination],
            default=Combination.FACTORED.value,
            help="how the sessions add up (default: factored)",
        )
        group.add_argument(
            "--missed",
            choices=[choice.value for choice in MissedSession],
            default=MissedSession.ZERO.value,
            help="what a session a pair did not play counts (default: zero)",
        )
        parser.add_argument(
            "--name", help="the session's name (default: the file's event, else its file name)"
        )
        parser.add_argument(
            "--movement",
            choices=_choices(MOVEMENT_CHOICES),
            help="default: the file's, else the one its pairings show",
        )
        parser.add_argument(
            "--scoring",
            choices=_choices(METHOD_CHOICES),
            help="default: the method the file names, else matchpoints",
        )
        parser.add_argument("--club", help="the club's slug (default: the only club)")
        parser.add_argument("--publish", action="store_true", help="publish the results at once")
        options = parser.add_argument_group("scoring options (default: the club's)")
        options.add_argument(
            "--scored-as",
            choices=list(PRESETS),
            metavar="PROGRAM",
            help="every option as another program sets it (" + ", ".join(PRESETS) + "); "
            "the options below change it",
        )
        options.add_argument("--totals", choices=_choices(TOTALS_CHOICES))
        options.add_argument("--percentages", choices=_choices(PERCENTAGE_CHOICES))
        options.add_argument("--rounding", choices=_choices(ROUNDING_CHOICES))
        options.add_argument("--adjusted-boards", choices=_choices(ADJUSTED_BOARDS_CHOICES))
        options.add_argument(
            "--places",
            choices=_choices(PLACES_CHOICES),
            help="with --across-field: places over the field or within each section",
        )
        options.add_argument("--missing-results", choices=_choices(MISSING_CHOICES))
        options.add_argument("--adjusted-rule", choices=_choices(ADJUSTED_RULE_CHOICES))
        options.add_argument("--cross-imps", choices=_choices(CROSS_IMP_CHOICES))
        options.add_argument("--ave-plus-imps", type=_decimal, metavar="N", help="e.g. 3 or 1.2")
        options.add_argument(
            "--butler-drop",
            metavar="N|P%",
            help="results dropped at each end of a Butler datum, e.g. 1 or 5%%",
        )
        options.add_argument("--datum-rounding", type=int, choices=[10, 1])
        options.add_argument(
            "--one-winner",
            action="store_true",
            help="rank all pairs together (an arrow-switched Mitchell)",
        )
        options.add_argument(
            "--across-field",
            action="store_true",
            help="matchpoint the file's sections together (a 'section' column)",
        )
        options.add_argument(
            "--penalty",
            action="append",
            default=[],
            metavar="PAIR:AMOUNT",
            help='a procedural penalty, e.g. "NS 3:1.5" (points) or '
            '"B EW 2:25%%" (percent of a top); may be repeated',
        )

    def handle(self, *args, **options):
        if options["championship"] is not None:
            self._championship(options)
            return
        if len(options["file"]) > 1:
            raise CommandError(
                "several files make a championship: name it with --championship NAME"
            )
        path = options["file"][0]
        try:
            data = path.read_bytes()
        except OSError as error:
            raise CommandError(f"cannot read {path}: {error.strerror}") from None
        if options["name"] and (problem := invisible_problem(options["name"])):
            raise CommandError(f"--name {options['name']!r}: {problem}")
        try:
            penalties = [parse_penalty(spec) for spec in options["penalty"]]
        except PenaltyError as error:
            raise CommandError(str(error)) from None
        warnings = []
        # One transaction: a refused file leaves nothing behind, not even a new club.
        with transaction.atomic():
            club = self._club(options["club"])
            chosen = self._scoring_options(club, options)
            try:
                parsed = read_traveller_file(data, path.suffix, path.name)
                if kind := kinds.importing(parsed):
                    if penalties:
                        raise CommandError(
                            "nothing imported: --penalty is a pairs session's; "
                            f"{kind.file_import.penalties_words}"
                        )
                    event = kind.file_import.store(
                        parsed,
                        club=club,
                        name=options["name"],
                        publish=options["publish"],
                        warnings=warnings,
                    )
                else:
                    event = import_traveller_file(
                        parsed,
                        club=club,
                        name=options["name"],
                        warnings=warnings,
                        **_session_options(options, chosen),
                    )
            except ImportProblems as problems:
                for problem in problems.described():
                    self.stderr.write(f"{path}: {problem}")
                raise CommandError(
                    f"nothing imported: {len(problems.problems)} bad line(s) in {path}"
                ) from None
            try:
                for penalty in penalties:
                    add_penalty(event, penalty)
            except PenaltyError as error:
                raise CommandError(f"nothing imported: {error}") from None
            if penalties:
                rescore_event(event)
        for place, message in warnings:
            self.stderr.write(f"{path}: {describe_place(place)}: warning: {message}")
        self.stdout.write(self._summary(event))
        self.stdout.write(str(event.pk))

    def _championship(self, options) -> None:
        """Every file's sessions, and the championship they make; nothing stored on a problem."""
        name = options["championship"]
        if problem := invisible_problem(name) or ("" if name.strip() else "it is empty"):
            raise CommandError(f"--championship {name!r}: {problem}")
        for flag in ("name", "penalty"):
            if options[flag]:
                raise CommandError(
                    f"--{flag} is one session's: with --championship each session is named "
                    "by its file, and a penalty is given on the session's page"
                )
        files = []
        for path in options["file"]:
            try:
                files.append((str(path), path.read_bytes()))
            except OSError as error:
                raise CommandError(f"cannot read {path}: {error.strerror}") from None
        with transaction.atomic():
            club = self._club(options["club"])
            chosen = self._scoring_options(club, options)
            try:
                imported = import_championship(
                    files,
                    club=club,
                    name=name.strip()[:100],
                    combination=options["combination"],
                    missed=options["missed"],
                    **_session_options(options, chosen),
                )
            except ChampionshipImportError as error:
                for file_name, place, message in error.problems:
                    where = [file_name] if file_name else []
                    where += [describe_place(place)] if place is not None else []
                    self.stderr.write(": ".join([*where, message]))
                raise CommandError(
                    f"nothing imported: {len(error.problems)} problem(s) in the files"
                ) from None
        for file_name, place, message in imported.warnings:
            self.stderr.write(f"{file_name}: {describe_place(place)}: warning: {message}")
        for event in imported.sessions:
            self.stdout.write(self._summary(event))
        championship = imported.championship
        self.stdout.write(
            f"Championship {championship.pk} ({championship.name}): "
            f"{len(imported.sessions)} sessions, {championship.entrants.count()} entrants"
        )
        self.stdout.write(str(championship.pk))

    def _summary(self, event) -> str:
        if file_import := kinds.of(event).file_import:
            return file_import.summary(event)
        results = sum(
            section.boards.filter(results__isnull=False).count() for section in event.sections.all()
        )
        return (
            f"Imported {results} results into session {event.pk} ({event.name}); "
            f"scored: {event.describe_scoring()}"
        )

    def _scoring_options(self, club, options) -> dict:
        """The club's conventions, a --scored-as program's over them, then each flag's."""
        chosen = club.option_values()
        if options["scored_as"]:
            chosen["scored_as"] = options["scored_as"]
        apply_preset(chosen)  # the flag's program, or the club's default one
        for name in chosen:
            if options.get(name) is not None:
                chosen[name] = options[name]
        try:
            parse_butler_drop(chosen["butler_drop"])
        except ValueError as error:
            raise CommandError(str(error)) from None
        try:
            values = {name: chosen[name] for name in club.OPTION_NAMES}
            ScoringOptions(**values)
        except ValueError as error:
            raise CommandError(str(error).replace("ave_plus_imps", "--ave-plus-imps")) from None
        return chosen

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
