"""An individual's results file (events.formats.IndividualFile) stored as a new individual.

The event is set up from the file's movement and size exactly as the set-up page sets one up
(events/individuals/setup.py); each line of the file must then be a play that movement gives:
the board at that table in that round, with the same four players in the same seats. Its
result is read as a typed one is (events/individuals/entries.py), and its NS score must be the
one the result scores. Every problem is named at once and nothing is stored unless the whole
file is good; the places and percentages the file printed are compared with Clubscore's.
"""

from pathlib import PurePath

from django.db import transaction

from events.core.dates import date_problem
from events.core.invisible import without_invisible
from events.formats import ImportProblems, IndividualFile, IndividualLine, Place
from events.individuals.entries import result_fields
from events.individuals.models import (
    RAINBOW_TABLES,
    IndividualEvent,
    IndividualPlay,
    IndividualPlayer,
)
from events.individuals.scores import scored
from events.individuals.setup import create_individual
from scoring import individual_movement
from scoring.individual_movements import IndividualMovement
from scoring.rounding import rounded

__all__ = ["import_individual_file", "imported_in_words", "imported_summary"]

MAX_BOARDS_PER_ROUND = 8  # the model's constraint


def _layout(parsed: IndividualFile, problems: list) -> IndividualMovement | None:
    if not 1 <= parsed.boards_per_round <= MAX_BOARDS_PER_ROUND and parsed.boards_per_round:
        problems.append(("the individual", f"{parsed.boards_per_round} boards a round: an "
                         f"individual plays 1 to {MAX_BOARDS_PER_ROUND}"))  # fmt: skip
    if not parsed.movement or not parsed.tables:
        return None
    if parsed.tables > RAINBOW_TABLES[-1]:  # before a movement of them is built
        problems.append(("the individual", f"{parsed.tables} tables: Clubscore seats an "
                         f"individual of up to {RAINBOW_TABLES[-1]} tables"))  # fmt: skip
        return None
    try:
        movement = individual_movement(parsed.movement, parsed.tables)
        return movement.first_rounds(parsed.rounds) if parsed.rounds else movement
    except ValueError as error:
        problems.append(("the individual", str(error)))
        return None


def _whole(parsed: IndividualFile) -> int:
    """The rounds of the file's whole movement (its layout has been built: it exists)."""
    return individual_movement(parsed.movement, parsed.tables).rounds


def _check_line(line: IndividualLine, expected: dict, seen: set, problems: list) -> dict | None:
    """The play's result fields for a good line, else None with its problems named."""
    key = (line.board, line.table)
    if key not in expected:
        problems.append((line.place, "the movement plays no such board at this table"))
        return None
    if key in seen:
        problems.append((line.place, "given twice"))
        return None
    seen.add(key)
    round_number, seats = expected[key]
    if (line.round, line.seats) != (round_number, seats):
        said = "N {} S {} E {} W {}".format(*seats)
        problems.append((line.place, f"the movement plays it in round {round_number} with "
                         f"{said}, not round {line.round} with "
                         "N {} S {} E {} W {}".format(*line.seats)))  # fmt: skip
        return None
    try:
        fields = result_fields(line.text, line.board, confirmed=True, lead=line.lead[:3])
    except ValueError as error:
        problems.append((line.place, f"{line.text!r}: {error}"))
        return None
    if line.ns_score is not None and line.ns_score != fields["ns_score"]:
        problems.append((line.place, f"{fields['text']} scores {fields['ns_score']} to NS, "
                         f"not the file's {line.ns_score}"))  # fmt: skip
        return None
    return fields


def _names(parsed: IndividualFile, players: int, problems: list, warnings: list) -> dict:
    names, changed = {}, 0
    for number, name in parsed.names.items():
        if number > players:
            problems.append((f"player {number}", f"the movement seats players 1 to {players}"))
            continue
        visible = without_invisible(name).strip()
        changed += visible != name.strip()
        names[number] = visible[:60]
    if changed:
        warnings.append((1, f"{changed} name(s) had invisible characters, removed"))
    return names


@transaction.atomic
def import_individual_file(
    parsed: IndividualFile, *, club, name=None, user=None, publish=False, warnings=None
) -> IndividualEvent:
    """A new individual from the file; ImportProblems, with nothing stored, unless every line
    is a play of the movement with a good result. `name` defaults to the file's event name."""
    warnings = warnings if warnings is not None else []
    warnings += parsed.warnings
    problems: list[tuple[Place, str]] = list(parsed.problems)
    name = without_invisible(name or parsed.event_name or "").strip()[:100]
    if not name:
        problems.append(("the individual", "it has no name: give one"))
    if parsed.date and (problem := date_problem(parsed.date, typed=False)):
        problems.append((parsed.date_place, problem))
    layout = _layout(parsed, problems)
    if layout is None or problems or parsed.date is None:
        raise ImportProblems(problems or [("the individual", "no movement, size or date")])
    expected = {
        (board, seating.table): (seating.round, seating.players)
        for seating in layout.all_seatings()
        for board in layout.boards(seating.board_set, parsed.boards_per_round)
    }
    seen: set = set()
    results = {(line.board, line.table): fields for line in parsed.lines
               if (fields := _check_line(line, expected, seen, problems)) is not None}  # fmt: skip
    names = _names(parsed, layout.players, problems, warnings)
    if problems:
        raise ImportProblems(problems)
    event = create_individual(IndividualEvent(
        club=club, name=name, date=parsed.date, tables=parsed.tables, movement=parsed.movement,
        boards_per_round=parsed.boards_per_round, published=publish, created_by=user,
        rounds=parsed.rounds if parsed.rounds != _whole(parsed) else None))  # fmt: skip
    players = list(IndividualPlayer.objects.filter(event=event, number__in=names))
    for player in players:
        player.name = names[player.number]
    IndividualPlayer.objects.bulk_update(players, ["name"])
    plays = list(IndividualPlay.objects.filter(event=event))
    entered = [play for play in plays if (play.board, play.table) in results]
    for play in entered:
        for field, value in results[(play.board, play.table)].items():
            setattr(play, field, value)
    IndividualPlay.objects.bulk_update(entered, ["kind", "text", "ns_score", "ns_percent",
                                                 "ew_percent", "lead"])  # fmt: skip
    warnings += _differences(event, parsed)
    return event


def _differences(event: IndividualEvent, parsed: IndividualFile) -> list[tuple[Place, str]]:
    """Each player whose place or percentage in the file is not Clubscore's."""
    differ = []
    for standing in scored(event).standings:
        if standing.player not in parsed.published:
            continue
        file_place, file_percent = parsed.published[standing.player]
        percent = "" if standing.percent is None else f"{rounded(standing.percent, 2):.2f}"
        if (file_place, file_percent) != (str(standing.place), percent):
            differ.append((f"player {standing.player}",
                           f"{file_percent or 'no'}% and place {file_place or '-'} in the file, "
                           f"{percent or 'no'}% and place {standing.place} here"))  # fmt: skip
    return differ


def imported_in_words(event: IndividualEvent, file_name: str) -> str:
    """What the import page says it made of the file."""
    return f"Imported {PurePath(file_name).name}: {_made(event)}."


def imported_summary(event: IndividualEvent) -> str:
    """What `manage.py import_travellers` prints it made of the file."""
    results = IndividualPlay.objects.filter(event=event).exclude(kind="").count()
    return f"Imported {results} results into individual {event.pk} ({event.name}): {_made(event)}"


def _made(event: IndividualEvent) -> str:
    return (f"{event.layout.title}, {event.layout.players} players, {event.boards} boards, "
            "matchpointed")  # fmt: skip
