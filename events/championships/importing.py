"""Several results files made one championship: each file's session (each session of a USEBIO
file of several) imported as events.sessions.importing imports one, then the sessions made a
championship with its entrants matched by names (events.championships.setup). All or nothing:
a bad file, or a set of sessions no championship can hold, stores nothing of any.
"""

from dataclasses import dataclass, field
from pathlib import PurePath

from django.db import transaction

import scoring
from events.championships.setup import create_championship, pair_names
from events.championships.standings import combined_standings
from events.core import kinds
from events.core.standing_words import standing_words
from events.formats import ImportProblems, Place, TravellerFile, read_traveller_file
from events.models import MAX_SESSIONS, Championship, Event
from events.sessions.importing import import_traveller_file


class ChampionshipImportError(ValueError):
    """The files cannot make a championship: each problem with its file and place (a place
    of None: the files together)."""

    def __init__(self, problems: list[tuple[str, Place | None, str]]):
        self.problems = problems
        super().__init__("; ".join(message for _, _, message in problems))


@dataclass
class ImportedChampionship:
    championship: Championship
    sessions: list[Event]
    # (file name, place, message) of each doubtful line
    warnings: list[tuple[str, Place, str]] = field(default_factory=list)


def read_sessions(data: bytes, file_name: str) -> list[TravellerFile]:
    """The sessions a file holds: a USEBIO file's SESSIONs one by one, any other file's one."""
    extension = PurePath(file_name).suffix.lower().lstrip(".")
    if extension == "xml":
        from events.formats.usebio_read import read_usebio_sessions

        return read_usebio_sessions(data)
    parsed = read_traveller_file(data, extension, file_name)
    if kind := kinds.importing(parsed):
        article = "an" if kind.what[0] in "aeiou" else "a"
        raise ImportProblems(
            [(1, f"{article} {kind.what}'s file: a championship is of pairs sessions")]
        )
    assert isinstance(parsed, TravellerFile)
    return [parsed]


def import_championship(
    files: list[tuple[str, bytes]], *, club, name, combination, missed, **session_options
) -> ImportedChampionship:
    """The championship `name` of the sessions `files` hold (file name, contents), in date
    order; `session_options` are import_traveller_file's for every session."""
    problems: list[tuple[str, Place | None, str]] = []
    read: list[tuple[str, TravellerFile]] = []
    for file_name, data in files:
        try:
            read += [(file_name, parsed) for parsed in read_sessions(data, file_name)]
        except ImportProblems as error:
            problems += [(file_name, place, message) for place, message in error.problems]
    if problems:
        raise ChampionshipImportError(problems)
    if not 2 <= len(read) <= MAX_SESSIONS:
        raise ChampionshipImportError(
            [("", None, f"a championship has 2 to {MAX_SESSIONS} sessions; the files hold "
                        f"{len(read)}")]
        )  # fmt: skip
    with transaction.atomic():
        sessions, warnings = [], []
        for file_name, parsed in read:
            found: list[tuple[Place, str]] = []
            try:
                event = import_traveller_file(parsed, club=club, warnings=found, **session_options)
            except ImportProblems as error:
                problems += [(file_name, place, message) for place, message in error.problems]
                continue
            warnings += [(file_name, place, message) for place, message in found]
            sessions.append(event)
        combination = _combination_for(sessions, combination, problems)
        if problems:
            transaction.set_rollback(True)
            raise ChampionshipImportError(problems)
        championship = create_championship(club, name, sessions, combination, missed)
    for file_name, data in files:
        warnings += [
            (file_name, place, said)
            for place, said in _outright_differs(data, file_name, championship)
        ]
    return ImportedChampionship(championship, sessions, warnings)


def _combination_for(sessions, combination: str, problems: list) -> str:
    """Sessions scored in IMPs add up their IMPs, whatever combination was asked for (it is the
    only one for them); sessions scored with percentages cannot; a mixture is refused."""
    in_imps = [event for event in sessions if not event.uses_percentages]
    if not in_imps:
        if combination == scoring.Combination.IMPS:
            problems.append(("", None, "IMPs are added up only for sessions scored in IMPs"))
        return combination
    if len(in_imps) < len(sessions):
        with_percentages = next(event for event in sessions if event.uses_percentages)
        problems.append(
            ("", None, f"“{in_imps[0].name}” is scored in IMPs and “{with_percentages.name}” "
                         "with percentages: a championship's sessions are all one or the other")
        )  # fmt: skip
    return scoring.Combination.IMPS


def _outright_differs(data: bytes, file_name: str, championship) -> list[tuple[Place, str]]:
    """Each entrant whose combined total or place in a championship's USEBIO file is not the
    imported championship's (combined by another rule, or changed by hand), in words:
    "Ann & Bob: 24 and 1st in the file, 100 and 1st here"."""
    if PurePath(file_name).suffix.lower() != ".xml":
        return []
    from events.formats.usebio_read import read_usebio_outright

    rows = {
        pair_names(row.entrant.player1, row.entrant.player2): row
        for row in combined_standings(championship, director=True).rows
    }
    differing = []
    for place, names, total, placed in read_usebio_outright(data):
        row = rows.get(pair_names(*names))
        if row is None:
            continue
        ours = scoring.printed(row.total, trim=True)
        if (ours, row.rank.rstrip("=")) != (total, placed):
            differing.append(
                (
                    place,
                    f"{row.entrant.names}: {standing_words(total, placed)} in the file, "
                    f"{standing_words(ours, row.rank.rstrip('='))} here",
                )
            )
    return differing
