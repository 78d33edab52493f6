"""A small reader for PBN hand records: the [Board], [Vulnerable] and [Deal] tags of each game.

endplay's PBN parser accepts a card dealt twice without complaint and parses auction and play
sections a hand record does not need, so the few tags we use are read here and every deal is
checked with `scoring.deal.parse_deal`.
"""

import re
from dataclasses import dataclass

from events.formats import line_with_nul
from scoring import board_dealer, board_vulnerability
from scoring.deal import SEAT_ORDER, parse_deal

__all__ = ["HandRecord", "PBNError", "Tag", "normalised_deal", "read_games", "read_pbn"]

_TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]')
_COMMENT = re.compile(r"\{.*?\}", re.DOTALL)
# PBN 2.1 section 3.5: Vulnerable is None/Love/-, NS, EW or All/Both.
_VULNERABILITY = {"none": "None", "love": "None", "-": "None", "ns": "NS", "ew": "EW",
                  "all": "Both", "both": "Both"}  # fmt: skip


class PBNError(ValueError):
    """What is wrong with a PBN file, naming the board."""


@dataclass(frozen=True)
class HandRecord:
    board: int
    dealer: str  # "N", "E", "S" or "W"
    vulnerability: str  # "None", "NS", "EW" or "Both"
    deal: str  # "N:<spades>.<hearts>.<diamonds>.<clubs> ..." with all 52 cards, ranks AKQJT9..2


def read_pbn(text: str) -> list[HandRecord]:
    """Every game of the file that has a deal, in file order; a PBNError for the first problem."""
    records = []
    previous: dict[str, str] = {}
    for number, tags in enumerate(_games(text), start=1):
        # PBN 2.1 section 3.4: a tag value "#" repeats the previous game's value.
        tags = {name: previous.get(name, "") if value == "#" else value
                for name, value in tags.items()}  # fmt: skip
        previous = tags
        if "deal" in tags:
            records.append(_record(tags, number))
    if not records:
        raise PBNError('no deals found: a PBN hand record has [Deal "N:..."] tags')
    return records


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
    empty line. A PBNError names the line of a malformed tag."""
    games: list[list[Tag]] = []
    game: list[Tag] = []
    rows: list[tuple[int, str]] = []

    def close_tag():
        if game and rows:
            last = game[-1]
            game[-1] = Tag(last.name, last.value, last.line, tuple(rows))
        rows.clear()

    if (line := line_with_nul(text)) is not None:
        raise PBNError(f"line {line}: a NUL character, which no PBN file has (is it a text file?)")
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
            raise PBNError(f'line {line_number}: a tag is written [Name "value"], got {line!r}')
        elif game:
            rows.append((line_number, line))
    close_tag()
    if game:
        games.append(game)
    return games


def _games(text: str):
    """Each game's tags (names lowercased)."""
    for game in read_games(text):
        yield {tag.name.lower(): tag.value for tag in game}


def _record(tags: dict[str, str], number: int) -> HandRecord:
    where = f"game {number}"
    board_text = tags.get("board", "")
    # isdigit() alone admits "²" and other digits int() refuses.
    if not (board_text.isascii() and board_text.isdigit()) or int(board_text) < 1:
        raise PBNError(f"{where}: the Board tag must be a board number, got {board_text!r}")
    board = int(board_text)
    where = f"board {board}"
    if "vulnerable" in tags:
        vulnerability = _VULNERABILITY.get(tags["vulnerable"].lower())
        if vulnerability is None:
            raise PBNError(
                f"{where}: Vulnerable must be None, NS, EW or All, got {tags['vulnerable']!r}"
            )
    else:
        vulnerability = board_vulnerability(board)
    dealer = tags.get("dealer", "").upper() or board_dealer(board)
    if dealer not in SEAT_ORDER:
        raise PBNError(f"{where}: Dealer must be N, E, S or W, got {tags['dealer']!r}")
    return HandRecord(board, dealer, vulnerability, normalised_deal(tags["deal"], where))


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
