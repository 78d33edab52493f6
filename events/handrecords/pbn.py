"""A small reader for PBN hand records: the [Board], [Vulnerable] and [Deal] tags of each game.

endplay's PBN parser accepts a card dealt twice without complaint and parses auction and play
sections a hand record does not need, so the few tags we use are read here and every deal is
checked with `scoring.deal.parse_deal`.
"""

import re
from collections.abc import Iterator
from dataclasses import dataclass

from events.core.limits import MAX_BOARDS, MAX_RESULTS, MAX_SECTIONS, quoted
from events.formats import line_with_nul
from scoring import board_dealer, board_vulnerability
from scoring.deal import SEAT_ORDER, parse_deal

__all__ = ["HandRecord", "PBNError", "Tag", "normalised_deal", "read_games", "read_hand_records",
           "read_pbn", "without_comments"]  # fmt: skip

_TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]')
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# A results file has a game for each board of each section, or one for each result: a file
# with more is no session's, and reading stops there.
MAX_GAMES = MAX_RESULTS + MAX_SECTIONS * MAX_BOARDS
MAX_TAGS = 1_000  # in one game: PBN 2.1 defines a few dozen, and programs add a few more
# PBN 2.1 section 3.5: Vulnerable is None/Love/-, NS, EW or All/Both.
_VULNERABILITY = {"none": "None", "love": "None", "-": "None", "ns": "NS", "ew": "EW",
                  "all": "Both", "both": "Both"}  # fmt: skip


class PBNError(ValueError):
    """What is wrong with a PBN file, naming the board or line: every problem found (a
    director fixes them all before the next upload, not one an upload)."""

    def __init__(self, *problems: str):
        super().__init__("; ".join(problems))
        self.problems = list(problems)


@dataclass(frozen=True)
class HandRecord:
    board: int
    dealer: str  # "N", "E", "S" or "W"
    vulnerability: str  # "None", "NS", "EW" or "Both"
    deal: str  # "N:<spades>.<hearts>.<diamonds>.<clubs> ..." with all 52 cards, ranks AKQJT9..2


def read_pbn(text: str) -> list[HandRecord]:
    """Every game of the file that has a deal, in file order; a PBNError with every problem."""
    records, problems = read_hand_records(text)
    if problems:
        raise PBNError(*problems)
    return records


def read_hand_records(text: str) -> tuple[list[HandRecord], list[str]]:
    """The file's good deals, in file order, and every problem of the others (and of the
    file: a malformed tag, no deal at all)."""
    records: list[HandRecord] = []
    problems: list[str] = []
    previous: dict[str, str] = {}
    for number, game in enumerate(_read_games(text, problems), start=1):
        # PBN 2.1 section 3.4: a tag value "#" repeats the previous game's value.
        tags = {
            tag.name.lower(): previous.get(tag.name.lower(), "") if tag.value == "#" else tag.value
            for tag in game
        }
        previous = tags
        if "deal" in tags:
            try:
                records.append(_record(tags, number))
            except PBNError as error:
                problems += error.problems
    if not records and not problems:
        problems.append('no deals found: a PBN hand record has [Deal "N:..."] tags')
    return records, problems


@dataclass(frozen=True)
class Tag:
    """A tag pair as the file writes it, with its line; a table tag ([ScoreTable "..."],
    [TotalScoreTable "..."]) has the data lines below it as `rows` of (line, text)."""

    name: str
    value: str
    line: int
    rows: tuple[tuple[int, str], ...] = ()


def read_games(text: str) -> Iterator[list[Tag]]:
    """Each game's tags in file order ("#" left as written), one game at a time, so a big file
    is never held whole; PBN separates games with an empty line. After the last game, a
    PBNError names the line of each malformed tag; one is raised at once for a file with more
    games than MAX_GAMES or a table with more rows than a session has results."""
    problems: list[str] = []
    yield from _read_games(text, problems)
    if problems:
        raise PBNError(*problems)


def _read_games(text: str, problems: list[str]) -> Iterator[list[Tag]]:
    """As read_games, the malformed tags left out and a problem naming each one's line added
    to `problems`."""
    game: list[Tag] = []
    rows: list[tuple[int, str]] = []
    games = 0

    def close_tag():
        if game and rows:
            last = game[-1]
            game[-1] = Tag(last.name, last.value, last.line, tuple(rows))
        rows.clear()

    if (line := line_with_nul(text)) is not None:
        raise PBNError(f"line {line}: a NUL character, which no PBN file has (is it a text file?)")
    for line_number, line in enumerate(_lines(without_comments(text)), start=1):
        line = line.strip()
        if not line:
            close_tag()
            if game:
                games += 1
                if games > MAX_GAMES:
                    raise PBNError(
                        f"line {line_number}: the file has more than {MAX_GAMES:,} "
                        "games, more than any session's file (a game a board, or a "
                        "game a result)"
                    )
                yield game
            game = []
            continue
        if line.startswith("%"):  # PBN 2.1 section 2.1: an escaped line, for programs only
            continue
        match = _TAG.match(line)
        if match:
            close_tag()
            if len(game) == MAX_TAGS:
                raise PBNError(
                    f"line {line_number}: a game has more than {MAX_TAGS:,} tags: "
                    "is an empty line missing between games?"
                )
            game.append(Tag(match[1], match[2].strip(), line_number))
        elif line.startswith("["):
            problems.append(
                f'line {line_number}: a tag is written [Name "value"], got {quoted(line)}'
            )
        elif game:
            if len(rows) == MAX_RESULTS:
                raise PBNError(
                    f"line {line_number}: the {game[-1].name} table has more than "
                    f"{MAX_RESULTS:,} rows, more than a session has results"
                )
            rows.append((line_number, line))
    close_tag()
    if game:
        yield game


def _lines(text: str) -> Iterator[str]:
    """The text's lines, one at a time (str.splitlines would hold a 16 MB file's million lines
    at once); PBN lines end in CR LF, LF or CR."""
    start = 0
    for end in _LINE_BREAK.finditer(text):
        yield text[start : end.start()]
        start = end.end()
    if start < len(text):
        yield text[start:]


def without_comments(text: str) -> str:
    """The text without its {comments} (PBN 2.1 section 2.2), which may span lines: their line
    breaks are kept, so errors name the right line. A `{` never closed is left as it is.

    One pass with str.find: the regular expression it replaces started a scan to the end of
    the file at every unclosed `{`, and a file of 200,000 of them took minutes."""
    kept, position = [], 0
    while (start := text.find("{", position)) != -1:
        end = text.find("}", start + 1)
        if end == -1:
            break  # no comment closes after this one, nor after any later `{`
        kept += [text[position:start], "\n" * text.count("\n", start, end)]
        position = end + 1
    kept.append(text[position:])
    return "".join(kept)


def _record(tags: dict[str, str], number: int) -> HandRecord:
    """The game's hand record, or a PBNError with each of its problems."""
    problems = []
    board_text = tags.get("board", "")
    # isdigit() alone admits "²"; at most 5 digits, as Python refuses to read over 4,300.
    digits = board_text.isascii() and board_text.isdigit() and len(board_text) <= 5
    board = int(board_text) if digits and int(board_text) >= 1 else None
    if board is None:
        where = f"game {number}"
        problems.append(f"{where}: the Board tag must be a board number, got {quoted(board_text)}")
    else:
        where = f"board {board}"
    vulnerability = board_vulnerability(board) if board else None
    if "vulnerable" in tags:
        vulnerability = _VULNERABILITY.get(tags["vulnerable"].lower())
        if vulnerability is None:
            problems.append(
                f"{where}: Vulnerable must be None, NS, EW or All, got {quoted(tags['vulnerable'])}"
            )
    dealer = tags.get("dealer", "").upper() or (board_dealer(board) if board else "")
    if tags.get("dealer") and dealer not in SEAT_ORDER:
        problems.append(f"{where}: Dealer must be N, E, S or W, got {quoted(tags['dealer'])}")
    try:
        deal = normalised_deal(tags["deal"], where)
    except PBNError as error:
        problems += error.problems
    if problems:
        raise PBNError(*problems)
    return HandRecord(board, dealer, vulnerability, deal)


def normalised_deal(text: str, where: str) -> str:
    """The deal as "N:..." with all 52 cards, or a PBNError naming `where` ("board 3")."""
    try:
        hands = parse_deal(text)
    except ValueError as error:
        raise PBNError(f"{where}: {error}") from None
    if any(not "".join(hands[seat]) for seat in SEAT_ORDER):
        # parse_deal allows "-" for a hand left out; double dummy needs all 52 cards.
        raise PBNError(f"{where}: the deal must show all four hands, 52 cards")
    return "N:" + " ".join(".".join(hands[seat]) for seat in SEAT_ORDER)
