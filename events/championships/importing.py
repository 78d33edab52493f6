"""Several results files made one championship: each file's session (each session of a USEBIO
file of several) imported as events.sessions.importing imports one, then the sessions made a
championship with its entrants matched by names (events.championships.setup). A USEBIO file's
final (events.formats.usebio_final) becomes the championship's final, with the share carried
forward and who goes through as the file says; where the file's final standings are not those
the import gives, a warning says so. All or nothing: a bad file, or a set of sessions no
championship can hold, stores nothing of any.
"""

from collections import Counter
from dataclasses import dataclass, field
from functools import partial
from pathlib import PurePath
from typing import TYPE_CHECKING

from django.db import transaction

import scoring
from events.championships.final import final_standings, qualifying
from events.championships.setup import create_championship, pair_names
from events.championships.standings import combined_standings
from events.core import kinds
from events.core.standing_words import standing_words
from events.core.versions import bump
from events.formats import ImportProblems, Place, TravellerFile, read_traveller_file
from events.models import MAX_SESSIONS, Championship, Event
from events.sessions.importing import import_traveller_file

if TYPE_CHECKING:
    from events.formats.usebio_final import FileFinal


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
    finals: list[tuple[str, FileFinal]] = []
    for file_name, data in files:
        try:
            read += [(file_name, parsed) for parsed in read_sessions(data, file_name)]
            if (found := read_final(data, file_name)) is not None:
                finals.append((file_name, found))
        except ImportProblems as error:
            problems += [(file_name, place, message) for place, message in error.problems]
    if len(finals) > 1:
        problems.append(
            (finals[1][0], None, "a championship has one final; the files hold "
                                 f"{len(finals)}")
        )  # fmt: skip
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
        for file_name, final in finals:
            found: list[tuple[Place, str]] = []
            try:
                refused = _import_final(championship, final, club, found, session_options)
            except ImportProblems as error:
                problems += [(file_name, place, message) for place, message in error.problems]
            else:
                problems += [(file_name, None, refused)] if refused else []
            if problems:
                transaction.set_rollback(True)
                raise ChampionshipImportError(problems)
            warnings += [(file_name, place, message) for place, message in found]
    for file_name, data in files:
        warnings += [
            (file_name, place, said)
            for place, said in _outright_differs(data, file_name, championship)
        ]
    for file_name, final in finals:
        differs = _final_differs(final, championship)
        warnings += [(file_name, place, said) for place, said in differs]
    return ImportedChampionship(championship, sessions, warnings)


def read_final(data: bytes, file_name: str) -> "FileFinal | None":
    """The championship's final a file holds (only a USEBIO file of a championship can)."""
    if PurePath(file_name).suffix.lower() != ".xml":
        return None
    from events.formats.usebio_final import read_usebio_final

    return read_usebio_final(data)


def _import_final(championship, final: "FileFinal", club, warnings, session_options) -> str:
    """The file's final session stored and made the championship's final, as the final's page
    would (events.championships.forms.FinalForm's rules): "" when done, else why not (or
    ImportProblems for a bad line of the final)."""
    if championship.combination == scoring.Combination.IMPS:
        return ("the championship adds up IMPs, which have no top: a final carries a share of a "
                "percentage, so only a championship scored with percentages has one")  # fmt: skip
    event = import_traveller_file(final.session, club=club, warnings=warnings, **session_options)
    if not event.uses_percentages:
        return (f"the final “{event.name}” is scored in IMPs: a final adds a percentage to the "
                "carry-forward")  # fmt: skip
    stage = qualifying(championship, director=True)
    fields = Counter(stage.fields[pk] for pk in stage.figures)
    by_section = final.qualify_by == scoring.QualifyBy.SECTION
    size = max(fields.values(), default=0) if by_section else len(stage.figures)
    if final.finalists > size:
        where = "its largest section field has" if by_section else "it has"
        return (f"{final.finalists} cannot go through to the final: the qualifying field is "
                f"smaller ({where} {size} pair{'s' if size != 1 else ''})")  # fmt: skip
    bump(
        Championship.objects.filter(pk=championship.pk),
        final=event,
        finalists=final.finalists,
        qualify_by=final.qualify_by,
        carry_percent=final.carry_percent,
    )
    championship.refresh_from_db()
    return ""


def _final_differs(final: "FileFinal", championship) -> list[tuple[Place, str]]:
    """Each finalist whose total or place in the file's final is not the imported final's."""
    standings = final_standings(championship, director=True)
    rows = {
        pair_names(row.entrant.player1, row.entrant.player2): row
        for row in (standings.rows if standings else [])
    }
    return _differs(final.standings, rows, scoring.printed, "in the file's final", True)


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
    written = read_usebio_outright(data)
    return _differs(written, rows, partial(scoring.printed, trim=True), "in the file", False)


def _differs(written, rows, printed, where: str, missing: bool) -> list[tuple[Place, str]]:
    """Each standing `written` in a file (line, names, total, place) that is not the imported
    one in `rows` (by the pair's names), in words; with `missing`, a pair not in `rows` too."""
    differing = []
    for place, names, total, placed in written:
        row = rows.get(pair_names(*names))
        if row is None:
            if missing:
                differing.append((place, f"{' & '.join(names)}: {where}, not here"))
            continue
        ours, our_place = printed(row.total), row.rank.rstrip("=")
        if (ours, our_place) != (total, placed):
            said = f"{standing_words(total, placed)} {where}, {standing_words(ours, our_place)}"
            differing.append((place, f"{row.entrant.names}: {said} here"))
    return differing
