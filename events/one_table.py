"""One-table games: saving a hand as the table wrote it, and reading back the tally sheet.

Every number comes from scoring's one-table rules (`one_table_board` for seed 002's par-table
IMPs, `hancock_points` for seed 001); this module only reads what the players typed, stores
it, and lays the results out in seed 002's columns.

What the players type, per hand: the contract ("4S", "3NTX", seed 002's "4S-X", "PASS"), the
declarer, the result in seed 002's *Md* column (the level made: "4" for 4S making 4, "5" for
making 5; "-2" for down two; the traveller's "=" and "+1" work too), the NS high-card points
(EW is 40 less; if EW is typed as well the two must add up to 40), and then, for par IMPs, the
scoring line's longest fit ("9H", or "NF"), or, for Hancock, the declaring side's shape.
"""

import re
from dataclasses import dataclass, replace
from itertools import accumulate

from django.db import transaction
from django.db.models import F

import scoring
from events.models import OneTableHand, OneTableSession
from scoring.hancock import par_interval
from scoring.one_table import OneTableResult, parse_fit

__all__ = ["HandError", "Tally", "TallyRow", "hand_values", "save_hand", "tally_sheet"]

PAR_IMPS, HANCOCK = "par-imps", "hancock"
_SEATS = ("N", "E", "S", "W")
_DASHES = str.maketrans({"–": "-", "—": "-", "−": "-"})
_RELATIVE = re.compile(r"^(=|[+-]\d+)$")
_WHOLE = re.compile(r"^\d+$")
_MADE_HELP = "the level made (4 for 4S making 4, 5 for making 5) or -2 for down two"


class HandError(ValueError):
    """A hand that cannot be right, in the players' words, naming the field: nothing stored."""

    def __init__(self, message: str, field: str = ""):
        super().__init__(message)
        self.field = field


def save_hand(
    session: OneTableSession, number: int, *, contract, declarer="", made="", hcp_ns="",
    hcp_ew="", fit="", scoring_line="", trump_length_7=False, side_voids=0,
) -> OneTableHand:  # fmt: skip
    """Check one hand against scoring's rules and store it (a correction replaces it)."""
    if not 1 <= number <= session.boards:
        raise HandError(f"Hand {number}: this game has {session.boards} hands.", "number")
    fields = _read_contract(number, contract, declarer, made)
    fields["hcp_ns"] = _read_hcp(hcp_ns, hcp_ew)
    if session.method == PAR_IMPS:
        fields["fit"] = _read_fit(fit)
        fields["scoring_line"] = _read_scoring_line(scoring_line) if fields["hcp_ns"] == 20 else ""
    else:
        fields["trump_length_7"] = bool(trump_length_7)
        fields["side_voids"] = _whole(side_voids, "Side-suit voids", 0, 6, "side_voids")
    hand = OneTableHand(session=session, number=number, **fields)
    try:
        _score(session, hand)
    except ValueError as error:
        raise HandError(_sentence(error), "scoring_line" if hand.scoring_line else "") from None
    with transaction.atomic():
        # The UPDATE locks the game's row, so two phones at one table queue up here; the new
        # version tells open tally sheets to refresh.
        OneTableSession.objects.filter(pk=session.pk).update(version=F("version") + 1)
        hand, _ = OneTableHand.objects.update_or_create(
            session=session, number=number, defaults=fields
        )
    return hand


def _read_contract(number: int, contract, declarer, made) -> dict:
    # Seed 002 writes a doubled contract "4S-X"; parse_contract reads "4SX".
    text = re.sub(r"\s*-\s*(?=X)", "", str(contract or "").upper().translate(_DASHES))
    try:
        parsed = scoring.parse_contract(text)
    except ValueError as error:
        raise HandError(_sentence(error), "contract") from None
    if parsed.is_pass:
        # Seed 002, instruction 2a: a passed-out hand is not redealt but scored (nobody declared).
        return {"contract": str(parsed), "declarer": "", "tricks": 0}
    seat = str(declarer or "").strip().upper()
    if seat not in _SEATS:
        raise HandError("Who declared? Choose N, E, S or W.", "declarer")
    line = f"{parsed} {seat} {_result(parsed, made)}"
    try:
        entry = scoring.parse_entry(line, number, confirmed=True)
    except ValueError as error:
        raise HandError(_sentence(error), "made") from None
    return {"contract": str(parsed), "declarer": seat, "tricks": entry.tricks}


def _result(contract, made) -> str:
    """Seed 002's Md column as the traveller's =, +1 or -2, which the entry parser checks."""
    text = re.sub(r"\s+", "", str(made or "")).translate(_DASHES)
    if _RELATIVE.match(text):
        return text
    if not _WHOLE.match(text):
        raise HandError(f"Made: write {_MADE_HELP}.", "made")
    level = int(text)
    if contract.level <= level <= 7:
        return "=" if level == contract.level else f"+{level - contract.level}"
    if level < contract.level:
        down = contract.level - level
        raise HandError(f"{contract} made {level}? That is down {down}: write -{down}.", "made")
    hint = f" ({contract} taking {level} tricks is {level - 6})" if level <= 13 else ""
    raise HandError(f"Made {level}: write {_MADE_HELP}, not the tricks taken{hint}.", "made")


def _read_hcp(hcp_ns, hcp_ew) -> int:
    ns = _whole(hcp_ns, "NS HCP", 0, 40, "hcp_ns", blank=True)
    ew = _whole(hcp_ew, "EW HCP", 0, 40, "hcp_ew", blank=True)
    if ns is None and ew is None:
        raise HandError("NS HCP: count the high-card points of North and South.", "hcp_ns")
    if ns is not None and ew is not None and ns + ew != 40:
        raise HandError(
            f"NS {ns} + EW {ew} = {ns + ew} HCP, but a deal has 40: count again.", "hcp_ew"
        )
    return ns if ns is not None else 40 - ew


def _read_fit(fit) -> str:
    text = str(fit or "").strip()
    if not text:
        # No default: a forgotten fit would silently score as "no fit" against the wrong par.
        raise HandError("Fit: the longest fit of the side with more HCP, e.g. 9H, or NF.", "fit")
    try:
        parsed = parse_fit(text)
    except ValueError as error:
        raise HandError(_sentence(error), "fit") from None
    return "" if parsed is None else f"{parsed[0]}{parsed[1]}"


def _read_scoring_line(scoring_line) -> str:
    side = str(scoring_line or "").strip().upper()
    if side not in ("", "NS", "EW"):
        raise HandError("Scoring line: NS, EW, or the dealer's side.", "scoring_line")
    return side


def _whole(value, name: str, low: int, high: int, field: str, blank: bool = False):
    text = str(value if value is not None else "").strip()
    if not text and blank:
        return None
    if not _WHOLE.match(text) or not low <= int(text) <= high:
        raise HandError(f"{name}: a whole number {low}-{high}, not {text or 'nothing'}.", field)
    return int(text)


def _sentence(error: ValueError) -> str:
    text = str(error)
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


# The tally sheet.


@dataclass(frozen=True)
class TallyRow:
    number: int
    dealer: str
    vulnerability: str
    hand: OneTableHand | None = None
    made: str = ""  # seed 002's Md column: "4", "5" or "-1"
    board: OneTableResult | None = None  # par IMPs: every column of seed 002's sheet
    interval: tuple[int, int] | None = None  # Hancock: the contract's HCP range
    points: tuple[int, int] | None = None  # (NS, EW): IMPs, or Hancock points
    totals: tuple[int, int] | None = None

    @property
    def hcp_ew(self) -> int | None:
        return None if self.hand is None else 40 - self.hand.hcp_ns

    @property
    def result_words(self) -> str:
        """The result as the table says it: "made 5", "down 3"."""
        if not self.made:
            return ""
        return f"down {self.made[1:]}" if self.made.startswith("-") else f"made {self.made}"


@dataclass(frozen=True)
class Tally:
    rows: list[TallyRow]
    totals: tuple[int, int]
    entered: int

    @property
    def next_hand(self) -> int | None:
        """The first hand not yet entered, where the table carries on."""
        return next((row.number for row in self.rows if row.hand is None), None)

    def row(self, number: int) -> TallyRow:
        return self.rows[number - 1]


def tally_sheet(session: OneTableSession) -> Tally:
    """Every hand of the game in seed 002's rows, entered or not, with running totals."""
    hands = {hand.number: hand for hand in session.hands.all()}
    scored = {number: _score(session, hands[number]) for number in sorted(hands)}
    # Seed 002, instruction 13: each hand's points added to the previous total.
    running = dict(zip(scored, accumulate((s[2] for s in scored.values()), _add), strict=True))
    rows = []
    for number in range(1, session.boards + 1):
        row = TallyRow(number, scoring.board_dealer(number), scoring.board_vulnerability(number))
        if number in hands:
            board, interval, points = scored[number]
            row = replace(
                row, hand=hands[number], made=_made(hands[number]), board=board,
                interval=interval, points=points, totals=running[number],
            )  # fmt: skip
        rows.append(row)
    totals = next(reversed(running.values()), (0, 0))
    return Tally(rows, totals, len(hands))


def _add(total: tuple[int, int], points: tuple[int, int]) -> tuple[int, int]:
    return total[0] + points[0], total[1] + points[1]


def _score(session: OneTableSession, hand: OneTableHand):
    """(seed 002's row or None, Hancock's HCP range or None, (NS, EW) points) for one hand."""
    if session.method == PAR_IMPS:
        board = scoring.one_table_board(
            hand.number, hand.contract, hand.declarer, hand.tricks, hand.hcp_ns,
            hand.fit or None, hand.scoring_line or None,
        )  # fmt: skip
        return board, None, (board.imps_ns, board.imps_ew)
    if not hand.declarer:
        return None, None, (0, 0)  # seed 001: a passed-out hand scores nothing
    ns_declared = hand.declarer in ("N", "S")
    points = scoring.hancock_points(
        hand.contract, hand.tricks, hand.hcp_ns if ns_declared else 40 - hand.hcp_ns,
        hand.trump_length_7, hand.side_voids,
        vulnerable=scoring.is_vulnerable(hand.number, hand.declarer),
        doubled_rule=session.doubled_rule, vulnerable_rule=session.vulnerable_rule,
    )  # fmt: skip
    # Seed 001 scores from the declarer's view: the points are the declaring side's.
    interval = par_interval(hand.contract, session.doubled_rule)
    return None, interval, (points, 0) if ns_declared else (0, points)


def _made(hand: OneTableHand) -> str:
    if not hand.declarer:
        return ""
    needed = scoring.parse_contract(hand.contract).tricks_needed
    return str(hand.tricks - 6) if hand.tricks >= needed else str(hand.tricks - needed)


def hand_values(hand: OneTableHand | None) -> dict:
    """What the entry form shows for a stored hand, in the notation the players type."""
    if hand is None:
        return {"side_voids": "0"}
    return {
        "contract": hand.contract, "declarer": hand.declarer, "made": _made(hand),
        "hcp_ns": str(hand.hcp_ns), "hcp_ew": str(40 - hand.hcp_ns),
        "fit": hand.fit or "NF", "scoring_line": hand.scoring_line,
        "trump_length_7": hand.trump_length_7, "side_voids": str(hand.side_voids),
    }  # fmt: skip
