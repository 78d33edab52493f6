"""What the printed table cards say: each table's rounds with the moves that follow them, a
guide card for every pair of a Howell, and for the director the copies of each board set."""

from collections.abc import Iterable
from dataclasses import dataclass, field

import scoring
from events.models import Section, TableLink
from scoring.domain import Direction, MovementKind


@dataclass
class CardRow:
    round: int
    ns: str
    ew: str
    boards: str
    moves: list[str]
    notes: list[str]


@dataclass
class TableCard:
    section: Section
    table: int
    rows: list[CardRow] = field(default_factory=list)
    link: TableLink | None = None  # the table's phone-entry link (shown to directors only)


@dataclass
class PairCard:
    section: Section
    pair: scoring.Pair
    stops: list[scoring.PairStop]


@dataclass
class SectionSummary:
    section: Section
    movement: scoring.Movement
    copies: dict[int, int]  # copies needed -> how many sets need that many
    notes: list[str]


def _span(boards: range) -> str:
    if not boards:
        return "—"
    return f"{boards[0]}–{boards[-1]}" if len(boards) > 1 else str(boards[0])


def _tables(tables) -> str:
    tables = list(tables)
    if len(tables) == 1:
        return f"table {tables[0]}"
    return "tables " + ", ".join(map(str, tables[:-1])) + f" and {tables[-1]}"


def _moves(movement: scoring.Movement, guide: scoring.TableGuide, later) -> list[str]:
    if guide.last_round:
        return ["Last round"]
    s, moves = guide.seating, []
    howell = movement.kind == MovementKind.HOWELL
    if s.ns is not None and guide.ns_next is None:
        moves += _after_sit_out(movement, s.ns, guide.round, "NS" if not howell else "")
    if s.ns is not None and guide.ns_next is not None:
        if guide.ns_stays:
            moves.append("NS stay")
        else:
            table, seat = guide.ns_next
            moves.append(f"NS {s.ns.number} go to table {table} {seat}")
    if s.ew is not None and guide.ew_next is not None:
        table, seat = guide.ew_next
        who = f"EW {s.ew.number}" if howell else "EW"
        moves.append(
            f"{who} go to table {table}" + (f" {seat}" if howell or seat != Direction.EW else "")
        )
    if guide.boards_next:
        moves.append(f"Boards go to {_tables(guide.boards_next)}")
    elif scoring.bye_stand(movement):
        moves.append("Boards go to the bye stand")
    elif later:
        round_number, tables = later
        moves.append(f"Boards wait on a relay table for round {round_number} ({_tables(tables)})")
    else:
        moves.append("Boards finished: back to the director")
    return moves


def _after_sit_out(movement, pair, round_number, side) -> list[str]:
    """A pair that sits out next round away from the tables (a bump Mitchell's displaced NS
    pair): where it plays after."""
    later = [stop for stop in scoring.pair_guide(movement, pair) if stop.round > round_number]
    if not later:
        return []
    stop, who = later[0], f"{side} {pair.number}".strip()
    return [f"{who} sit out round {round_number + 1}, then table {stop.table} {stop.seat}"]


def _away(movement: scoring.Movement) -> list[str]:
    """Each round's pairs that sit out with no table to sit at (a bump Mitchell's)."""
    rounds = []
    for round_number in range(1, movement.rounds + 1):
        seated = {
            pair
            for s in movement.seatings
            if s.round == round_number
            for pair in (s.ns, s.ew)
            if pair is not None
        }
        away = [str(pair) for pair in movement.pairs if pair not in seated]
        if away:
            rounds.append(f"round {round_number}: {', '.join(away)}")
    return rounds


def _played_later(movement, played_at, guide):
    """The next round after the one after this that plays these boards, and its tables."""
    for later in range(guide.round + 2, movement.rounds + 1):
        circuit = scoring.board_circuit(movement, guide.table)
        tables = [
            table
            for table in played_at.get((later, guide.seating.board_set), ())
            if scoring.board_circuit(movement, table) == circuit
        ]
        if tables:
            return later, tables
    return None


def _notes(movement, guide, came_from) -> list[str]:
    notes = []
    if guide.skip:
        notes.append("Skip: EW move up two tables")
    if guide.switched:
        notes.append("Arrow switch: play the other direction's cards")
    if guide.shares_with:
        notes.append(f"Share boards with {_tables(guide.shares_with)}")
    if guide.round > 1 and not came_from and scoring.bye_stand(movement):
        notes.append("Boards come from the bye stand")
    if not guide.seating.is_played:
        notes.append("Sit-out")
    return notes


def table_cards(
    section: Section, movement: scoring.Movement, links: Iterable[TableLink] = ()
) -> list[TableCard]:
    """Each table's card, with its phone-entry link among `links` (the page shows it to
    directors only). Reads and writes nothing: the links are made with the session
    (events.phone.links.ensure_links)."""
    guides = scoring.table_guides(movement)
    played_at = {}
    for g in guides:
        played_at.setdefault((g.round, g.seating.board_set), []).append(g.table)
    cards: dict[int, TableCard] = {}
    for g in guides:
        s = g.seating
        card = cards.setdefault(g.table, TableCard(section, g.table))
        came_from = played_at.get((g.round - 1, s.board_set), [])
        card.rows.append(
            CardRow(
                g.round,
                str(s.ns.number) if s.ns else "sit-out",
                str(s.ew.number) if s.ew else "sit-out",
                _span(g.boards) if s.is_played else "—",
                _moves(movement, g, _played_later(movement, played_at, g)),
                _notes(movement, g, came_from),
            )
        )
    for link in links:
        if link.table in cards:
            cards[link.table].link = link
    return list(cards.values())


def pair_cards(section: Section, movement: scoring.Movement) -> list[PairCard]:
    """A guide card per pair: a Howell's pairs all move, so each needs its own."""
    return [PairCard(section, pair, scoring.pair_guide(movement, pair)) for pair in movement.pairs]


def section_summary(section: Section, movement: scoring.Movement) -> SectionSummary:
    per_set = scoring.board_copies(movement)
    copies: dict[int, int] = {}
    for needed in per_set.values():
        copies[needed] = copies.get(needed, 0) + 1
    notes = []
    stand = scoring.bye_stand(movement)
    if stand:
        resting = movement.tables // 2 + 1
        notes.append(
            f"Tables 1 and {movement.tables} share boards (one copy passed between them); "
            f"a bye stand between tables {stand[0]} and {stand[1]} holds set "
            f"{resting} (boards {_span(movement.boards_of_set(resting))}) "
            "in round 1."
        )
    if movement.skip_after_round:
        notes.append(f"After round {movement.skip_after_round} the EW pairs skip a table.")
    away = _away(movement)
    if away:
        notes.append(f"Sitting out away from the tables: {'; '.join(away)}.")
    if movement.variant == "web":
        half = movement.tables // 2
        notes.append(
            f"Two copies of every set: one goes round tables 1-{half}, the other round "
            f"tables {half + 1}-{movement.tables}, each through its own relay."
        )
    if section.arrow_switch:
        notes.append(f"Arrow switch in round {section.arrow_switch}.")
    if any(needed > 1 for needed in per_set.values()):
        notes.append(
            "Tables play the same boards in the same round: make the copies below, or have "
            "the tables share and pass the boards."
        )
    return SectionSummary(section, movement, dict(sorted(copies.items())), notes)
