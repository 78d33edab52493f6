"""A small reader for PBN hand records: the [Board], [Vulnerable] and [Deal] tags of each game.

endplay's PBN parser accepts a card dealt twice without complaint and parses auction and play
sections a hand record does not need, so the few tags we use are read here and every deal is
checked with `scoring.deal.parse_deal`.
"""

import re
from dataclasses import dataclass

from scoring import board_dealer, board_vulnerability
from scoring.deal import SEAT_ORDER, parse_deal

__all__ = ["HandRecord", "PBNError", "Tag", "normalised_deal", "read_games", "read_hand_records",
           "read_pbn"]  # fmt: skip

_TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]')
_COMMENT = re.compile(r"\{.*?\}", re.DOTALL)
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
    games, problems = _read_games(text)
    previous: dict[str, str] = {}
    for number, game in enumerate(games, start=1):
        # PBN 2.1 section 3.4: a tag value "#" repeats the previous game's value.
        tags = {tag.name.lower(): previous.get(tag.name.lower(), "") if tag.value == "#"
                else tag.value for tag in game}  # fmt: skip
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


def read_games(text: str) -> list[list[Tag]]:
    """Each game's tags in file order ("#" left as written); PBN separates games with an
    empty line. A PBNError names the line of each malformed tag."""
    games, problems = _read_games(text)
    if problems:
        raise PBNError(*problems)
    return games


def _read_games(text: str) -> tuple[list[list[Tag]], list[str]]:
    """Each game's tags, the malformed tags left out, and a problem naming each one's line."""
    games: list[list[Tag]] = []
    problems: list[str] = []
    game: list[Tag] = []
    rows: list[tuple[int, str]] = []

    def close_tag():
        if game and rows:
            last = game[-1]
            game[-1] = Tag(last.name, last.value, last.line, tuple(rows))
        rows.clear()

    # A {comment} may span lines: keep its line breaks so errors name the right line.
    text = _COMMENT.sub(lambda comment: "\n" * comment[0].count("\n"), text)
    for line_number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line:
            close_tag()
            if game:
                games.append(game)
            game = []
            continue
        if line.startswith("%"):  # PBN 2.1 section 2.1: an escaped line, for programs only
            continue
        match = _TAG.match(line)
        if match:
            close_tag()
            game.append(Tag(match[1], match[2].strip(), line_number))
        elif line.startswith("["):
            problems.append(f'line {line_number}: a tag is written [Name "value"], got {line!r}')
        elif game:
            rows.append((line_number, line))
    close_tag()
    if game:
        games.append(game)
    return games, problems


def _record(tags: dict[str, str], number: int) -> HandRecord:
    """The game's hand record, or a PBNError with each of its problems."""
    problems = []
    board_text = tags.get("board", "")
    board = int(board_text) if board_text.isdigit() and int(board_text) >= 1 else None
    if board is None:
        where = f"game {number}"
        problems.append(f"{where}: the Board tag must be a board number, got {board_text!r}")
    else:
        where = f"board {board}"
    vulnerability = board_vulnerability(board) if board else None
    if "vulnerable" in tags:
        vulnerability = _VULNERABILITY.get(tags["vulnerable"].lower())
        if vulnerability is None:
            problems.append(
                f"{where}: Vulnerable must be None, NS, EW or All, got {tags['vulnerable']!r}"
            )
    dealer = tags.get("dealer", "").upper() or (board_dealer(board) if board else "")
    if tags.get("dealer") and dealer not in SEAT_ORDER:
        problems.append(f"{where}: Dealer must be N, E, S or W, got {tags['dealer']!r}")
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
