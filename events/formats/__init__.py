"""Results files other programs write and read: one module per format, and their registry.

Every reader turns a file into a TravellerFile (no database); events.sessions.importing stores
it, the same way for every format. Every writer turns a session into the text of a file. The
registry names them by dotted path, so a format's module is imported only when its format is
used.
"""

import datetime
from dataclasses import dataclass, field
from pathlib import PurePath

from django.utils.module_loading import import_string

from events.core.limits import shown_problems
from scoring.domain import TeamsKind

__all__ = [
    "CHAMPIONSHIP_NO_PBN", "CHAMPIONSHIP_WRITERS", "LARGEST_NUMBER", "READERS", "WRITERS",
    "FileBoard", "FileHeading", "FileMatch", "FileTeam", "ImportProblems", "IndividualFile",
    "IndividualLine", "Place", "TeamsFile", "TravellerFile", "TravellerLine", "Writer",
    "board_number", "decode_text",
    "describe_place", "described", "line_with_nul", "name_from_file", "read_traveller_file",
    "write_championship", "write_results",
]  # fmt: skip

# A line number in the file, or another place named in words ("ReceivedData row 5").
Place = int | str


# Board and pair numbers are stored as small integers; no club deals more boards or pairs.
LARGEST_NUMBER = 32767


def board_number(text: str) -> int | None:
    """A board number from 1 to LARGEST_NUMBER written in ASCII digits, else None (isdigit()
    alone admits "²", and Python refuses to read a number of over 4,300 digits)."""
    text = text.strip()
    if text.isascii() and text.isdigit() and len(text) <= len(str(LARGEST_NUMBER)):
        return int(text) if 1 <= int(text) <= LARGEST_NUMBER else None
    return None


def describe_place(place: Place) -> str:
    return f"line {place}" if isinstance(place, int) else place


class ImportProblems(ValueError):
    """Everything wrong with a file, each with its place in the file: nothing was stored."""

    def __init__(self, problems: list[tuple[Place, str]]):
        self.problems = problems
        super().__init__("\n".join(self.described()))

    def described(self) -> list[str]:
        return described(self.problems)


def described(problems: list[tuple[Place, str]]) -> list[str]:
    """Each problem (or warning) with its place; past events.core.limits.MAX_PROBLEMS, how many
    more."""
    return shown_problems([f"{describe_place(place)}: {message}" for place, message in problems])


@dataclass
class TravellerLine:
    """One table's result on one board, as the file gives it."""

    place: Place
    section: str  # "A", "B", ...
    board: int
    # (number, "NS", "EW" or ""): "" is the seat the pair sits (Mitchell) or no direction
    # (Howell); "EW" on the NS side is an EW pair sitting NS (an arrow-switched round).
    ns: tuple[int, str]
    ew: tuple[int, str]
    text: str  # as scoring.parse_entry reads it: "4S N =", "PASS", "-100", "A+/A-", "NP"
    foul_group: int = 0  # Law 87: the group of a fouled board's form, 0 when not fouled


@dataclass
class TravellerFile:
    """A session as a results file tells it, before anything is stored."""

    lines: list[TravellerLine]
    event_name: str = ""
    date: datetime.date | None = None
    date_place: Place = 1  # where the file gives it, for a message about it
    movement: str | None = None  # a MovementKind, when the file says
    scoring: str | None = None  # the method the file was scored with, when it says
    # (section, pair number, "NS", "EW" or "") -> (player1, player2); "" applies to the number
    # in either direction.
    names: dict[tuple[str, int, str], tuple[str, str]] = field(default_factory=dict)
    deals: dict[int, str] = field(default_factory=dict)  # board -> "N:AKQ.xx... ..." (52 cards)
    # where each deal is in the file, for messages about it
    deal_places: dict[int, Place] = field(default_factory=dict)
    source: str = ""  # the format, and the program that wrote the file when it says
    # Lines the reader could not read: reported with the storing step's own problems, in
    # file order, so the director sees every problem at once.
    problems: list[tuple[Place, str]] = field(default_factory=list)
    # Lines read, but with a doubt the director should see (a malformed contract whose score
    # scores the line): reported with the import's other warnings.
    warnings: list[tuple[Place, str]] = field(default_factory=list)
    # section letter -> the file's own name for it, where that was not a letter ("Sect1")
    section_labels: dict[str, str] = field(default_factory=dict)


@dataclass
class FileTeam:
    """A team as a teams file names it; `number` is its number in the file, `key` how the
    file's matches refer to it."""

    place: Place
    key: str
    number: int
    name: str
    members: list[str] = field(default_factory=list)
    published_total: str = ""  # the file's own total (VPs, or IMPs at a KO) and place
    published_place: str = ""


@dataclass
class FileBoard:
    """One board of a match: each room's result as scoring.parse_entry reads it (the open room
    is the one where the home team sat NS) and Clubscore's artificial score, if any."""

    place: Place
    number: int
    open: str = ""
    closed: str = ""
    adjusted: str = ""  # events.teams.models.BOARD_ADJUSTED
    published_imps: int | None = None  # net IMPs to the home team, as the file gives them
    # "open" or "closed": the room without a result where the other room has one and no
    # artificial score says why (a line lost from the file); the import refuses the board.
    missing_room: str = ""


@dataclass
class FileMatch:
    """One match (or a bye: no away team) of a round, with the teams' `FileTeam.key`s."""

    place: Place
    round: int
    home: str
    away: str | None
    boards: list[FileBoard] = field(default_factory=list)
    published: tuple[str, str] | None = None  # (home, away) VPs, or IMPs at a KO, as printed
    first_board: int | None = None  # the range the file gives the match, if it does
    last_board: int | None = None

    def swapped(self) -> "FileMatch":
        """The same match with the away team as home: the rooms and artificial scores swap.
        A bye has no away team to put at home."""
        assert self.away is not None, "a bye cannot be swapped"
        other = {"home-plus": "away-plus", "away-plus": "home-plus", "open": "closed",
                 "closed": "open"}  # fmt: skip
        boards = [
            FileBoard(
                board.place,
                board.number,
                board.closed,
                board.open,
                other.get(board.adjusted, board.adjusted),
                None if board.published_imps is None else -board.published_imps,
                other.get(board.missing_room, board.missing_room),
            )
            for board in self.boards
        ]
        published = self.published and (self.published[1], self.published[0])
        return FileMatch(self.place, self.round, self.away, self.home, boards, published,
                         self.first_board, self.last_board)  # fmt: skip


@dataclass(kw_only=True)
class FileHeading:
    """What a teams event's or an individual's file says of the event (each field given by
    name), and what its reader found wrong or doubtful."""

    event_name: str = ""
    date: datetime.date | None = None
    date_place: Place = 1  # where the file gives the date, for a message about it
    source: str = ""  # the format, and the program that wrote the file when it says
    problems: list[tuple[Place, str]] = field(default_factory=list)
    warnings: list[tuple[Place, str]] = field(default_factory=list)


@dataclass
class TeamsFile(FileHeading):
    """A teams event as a results file tells it, before anything is stored."""

    teams: list[FileTeam]
    matches: list[FileMatch]
    kind: str = TeamsKind.SWISS
    by_imps: bool = False  # the file ranks by IMPs, not VPs
    boards_per_match: int | None = None  # when the file says


@dataclass
class IndividualLine:
    """One table's play of one board in an individual, as the file gives it."""

    place: Place
    board: int
    table: int
    round: int
    seats: tuple[int, int, int, int]  # the players North, South, East, West
    text: str  # as scoring.parse_entry reads it; "" when no result is in
    ns_score: int | None = None  # the file's own score, checked against the text
    lead: str = ""


@dataclass
class IndividualFile(FileHeading):
    """An individual event as a results file tells it, before anything is stored."""

    movement: str
    tables: int
    boards_per_round: int
    lines: list[IndividualLine]
    names: dict[int, str] = field(default_factory=dict)  # player number -> name
    # player number -> (place, percentage) as the file prints them, to compare with Clubscore's
    published: dict[int, tuple[str, str]] = field(default_factory=dict)
    rounds: int | None = None  # the rounds played; None: the whole movement


@dataclass(frozen=True)
class Writer:
    function: str  # "module:function" taking an Event, returning the file's text
    content_type: str
    extension: str


# File extension (lowercase) -> "module:function" taking the file's bytes, returning a
# TravellerFile (a TeamsFile for a teams event's file, an IndividualFile for an individual's)
# or raising ImportProblems.
READERS: dict[str, str] = {
    "csv": "events.formats.csv_travellers:read_csv",
    "pbn": "events.formats.pbn_read:read_pbn_results",
    "xml": "events.formats.usebio_read:read_usebio",
    "bws": "events.formats.bws:read_bws",
    "json": "events.formats.individual_json:read_individual_json",
}

# export_results --format and /sessions/ID/results.<format>.
WRITERS: dict[str, Writer] = {
    "json": Writer("events.formats.json_results:results_json", "application/json", "json"),
    "csv": Writer("events.formats.csv_export:results_csv", "text/csv; charset=utf-8", "csv"),
    "pbn": Writer("events.formats.pbn_write:write_pbn", "application/x-pbn; charset=utf-8", "pbn"),
    "usebio": Writer(
        "events.formats.usebio_write:write_usebio", "application/xml; charset=utf-8", "xml"
    ),
}

# export_results --championship --format and /championships/ID/results.<extension>: functions
# taking a Championship and whether the reader directs its club (else only published sessions).
CHAMPIONSHIP_WRITERS: dict[str, Writer] = {
    "json": Writer(
        "events.formats.championship_json:championship_json", "application/json", "json"
    ),
    "usebio": Writer(
        "events.formats.championship_usebio:write_championship_usebio",
        "application/xml; charset=utf-8",
        "xml",
    ),
}
CHAMPIONSHIP_NO_PBN = (
    "PBN has no form for several sessions (a file is one session's games and totals to its "
    "readers): download each session's PBN from its page"
)


def _load(dotted: str):
    return import_string(dotted.replace(":", "."))


def read_traveller_file(
    data: bytes, extension: str, file_name: str = ""
) -> "TravellerFile | TeamsFile | IndividualFile":
    """The file read by the reader of its extension ("pbn", "csv", ...): a session's
    travellers, or a teams event (a USEBIO file of one). A file that names no event (a CSV
    never does) is named after `file_name`, the name it was saved under."""
    extension = extension.lower().lstrip(".")
    if extension not in READERS:
        known = ", ".join(f".{name}" for name in READERS)
        raise ImportProblems([(1, f"Clubscore reads {known} files, not .{extension or '?'}")])
    parsed = _load(READERS[extension])(data)
    if not parsed.event_name.strip():
        parsed.event_name = name_from_file(file_name)
    return parsed


def name_from_file(file_name: str) -> str:
    """A session's name from its file's: `tuesday_pairs 2026-11-24.csv` gives "Tuesday pairs
    2026-11-24" ("" from no name)."""
    words = " ".join(PurePath(file_name).stem.replace("_", " ").split())
    return (words[:1].upper() + words[1:])[:100]


def write_results(event, format_name: str) -> str:
    return _load(WRITERS[format_name].function)(event)


def write_championship(championship, format_name: str, director: bool) -> str:
    return _load(CHAMPIONSHIP_WRITERS[format_name].function)(championship, director)


def decode_text(data: bytes) -> str:
    """A text file's contents; a byte-order mark is dropped. Old PBN files are often Latin-1."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise ImportProblems([(line, "the file is not UTF-8 text (save it as UTF-8)")]) from None


def line_with_nul(text: str) -> int | None:
    """The line of the text's first NUL character, if it has one. No text file has it, and
    PostgreSQL stores no text with it: a reader refuses the file, naming the line."""
    at = text.find("\x00")
    return None if at < 0 else text.count("\n", 0, at) + 1
