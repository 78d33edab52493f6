"""One-table games: saving a hand as the table wrote it, and changing a game's method.

Every number comes from scoring's one-table rules (`one_table_board` for the par-table IMPs of
the *One-Table Duplicate-Style Par Scoring Tally Sheet*, `hancock_points` for Cliff Hancock's
points); this module only reads what the players typed and stores it (events.one_table.tally
lays the results out in the tally sheet's columns).

What the players type, per hand: the contract ("4S", "3NTX", the sheet's "4S-X", "PASS"), the
declarer, the result in the sheet's *Md* column (the level made: "4" for 4S making 4, "5" for
making 5; "-2" for down two; the traveller's "=" and "+1" work too), the NS high-card points
(EW is 40 less; if EW is typed as well the two must add up to 40), and then, for par IMPs, the
scoring line's longest fit ("9H", or "NF"), or, for Hancock, the declaring side's shape.

When the game has a hand record, a hand's HCP and longest fit come from its deal instead
(`scoring.deal`), and the third method, IMPs against the double-dummy par, becomes possible.
"""

import re
from dataclasses import dataclass

from django.db import transaction

import scoring
from events.core import versions
from events.one_table.models import ONE_TABLE_METHODS, OneTableDeal, OneTableHand, OneTableSession
from events.one_table.tally import made_column, score_hand
from scoring.deal import hcp, longest_fit, parse_deal
from scoring.domain import Direction, OneTableMethod
from scoring.one_table import parse_fit, scoring_line_pair

__all__ = ["Dealt", "HandError", "MethodError", "change_method", "dealt", "hand_values",
           "save_hand"]  # fmt: skip

_SEATS = ("N", "E", "S", "W")
_DASHES = str.maketrans({"–": "-", "—": "-", "−": "-"})
_RELATIVE = re.compile(r"^(=|[+-]\d+)$")
_WHOLE = re.compile(r"^\d+$")
# A match starts only where no space comes before: started inside a run of spaces as well,
# the search rescanned the rest of the run from every space of it (quadratic).
_DOUBLED_DASH = re.compile(r"(?<!\s)\s*-\s*(?=X)")
_MADE_HELP = "the level made (4 for 4S making 4, 5 for making 5) or -2 for down two"


class HandError(ValueError):
    """A hand that cannot be right, in the players' words, naming the field: nothing stored."""

    def __init__(self, message: str, field: str = ""):
        super().__init__(message)
        self.field = field


class MethodError(ValueError):
    """Why a game cannot change to a scoring method, in the director's words."""


@dataclass(frozen=True)
class Dealt:
    """What a hand record tells about a hand: each side's HCP and longest fit (tally sheet)."""

    hcp_ns: int
    hcp_ew: int
    fit_ns: str  # "9H", or "NF" for no 8-card fit
    fit_ew: str

    def fit(self, side: str) -> str:
        return self.fit_ns if side == Direction.NS else self.fit_ew


def dealt(deal: OneTableDeal | None) -> Dealt | None:
    """The HCP and fits of a stored deal; None when the hand has no deal."""
    if deal is None:
        return None
    hands = parse_deal(deal.deal)
    fits = [longest_fit(hands, side) or "NF" for side in Direction]
    return Dealt(hcp(hands, Direction.NS), hcp(hands, Direction.EW), *fits)


def save_hand(
    session: OneTableSession,
    number: int,
    *,
    contract,
    declarer="",
    made="",
    hcp_ns="",
    hcp_ew="",
    fit="",
    scoring_line="",
    trump_length_7=False,
    side_voids=0,
) -> OneTableHand:
    """Check one hand against scoring's rules and store it (a correction replaces it).
    With a deal in the hand record, its HCP and fit replace whatever was typed for them."""
    if not 1 <= number <= session.boards:
        raise HandError(f"Hand {number}: this game has {session.boards} hands.", "number")
    _check_lengths(
        contract=contract,
        declarer=declarer,
        made=made,
        hcp_ns=hcp_ns,
        hcp_ew=hcp_ew,
        fit=fit,
        scoring_line=scoring_line,
        side_voids=side_voids,
    )
    with transaction.atomic():
        # The game's row first, as every change to a game's hands or deals takes it (a new
        # hand record: events/handrecords/session_import.py): in one order, two changes queue
        # here; in two orders, a save and an upload deadlocked. The deal is read after it, so
        # a hand record stored meanwhile is the one the hand is scored with. The new version
        # tells open tally sheets to refresh; a refused hand rolls it back.
        versions.bump(session)
        deal = OneTableDeal.objects.filter(game=session, number=number).first()
        fields = _hand_fields(
            session,
            number,
            deal,
            contract=contract,
            declarer=declarer,
            made=made,
            hcp_ns=hcp_ns,
            hcp_ew=hcp_ew,
            fit=fit,
            scoring_line=scoring_line,
            trump_length_7=trump_length_7,
            side_voids=side_voids,
        )
        hand, _ = OneTableHand.objects.update_or_create(
            session=session, number=number, defaults=fields
        )
    return hand


def _hand_fields(
    session,
    number,
    deal,
    *,
    contract,
    declarer,
    made,
    hcp_ns,
    hcp_ew,
    fit,
    scoring_line,
    trump_length_7,
    side_voids,
) -> dict:
    """The hand's stored fields, checked and scored; a HandError names what is wrong."""
    if session.is_dd_par and deal is None:
        raise HandError(
            f"Hand {number} has no deal in the hand record, so it has no double-dummy par: "
            "upload the PBN file again with every hand."
        )
    fields = _read_contract(number, contract, declarer, made)
    values = dealt(deal)
    fields["hcp_ns"] = values.hcp_ns if values else _read_hcp(hcp_ns, hcp_ew)
    if session.is_par_imps or session.is_dd_par:
        fields["scoring_line"] = _read_scoring_line(scoring_line) if fields["hcp_ns"] == 20 else ""
        if values:
            line = scoring_line_pair(number, fields["hcp_ns"], fields["scoring_line"] or None)
            fields["fit"] = "" if values.fit(line) == "NF" else values.fit(line)
        else:
            fields["fit"] = _read_fit(fit)
    else:
        fields["trump_length_7"] = bool(trump_length_7)
        fields["side_voids"] = _whole(side_voids, "Side-suit voids", 0, 6, "side_voids")
    hand = OneTableHand(session=session, number=number, **fields)
    try:
        score_hand(session, hand, deal)
    except ValueError as error:
        raise HandError(_sentence(error), "scoring_line" if hand.scoring_line else "") from None
    return fields


# A box holds a few characters ("3NT XX", "+1", "40", "9H"); a longer one is a slip or a
# forged request, refused before it is read, and never shown back whole.
_LONGEST_BOX = 12
_BOX_LABELS = {"contract": "Contract", "declarer": "Declarer", "made": "Made",
               "hcp_ns": "NS HCP", "hcp_ew": "EW HCP", "fit": "Fit",
               "scoring_line": "Scoring line", "side_voids": "Side-suit voids"}  # fmt: skip


def _check_lengths(**boxes) -> None:
    for field, value in boxes.items():
        if len(str(value if value is not None else "")) > _LONGEST_BOX:
            raise HandError(f"{_BOX_LABELS[field]}: at most {_LONGEST_BOX} characters.", field)


def _read_contract(number: int, contract, declarer, made) -> dict:
    # The tally sheet writes a doubled contract "4S-X"; parse_contract reads "4SX".
    text = _DOUBLED_DASH.sub("", str(contract or "").upper().translate(_DASHES))
    try:
        parsed = scoring.parse_contract(text)
    except ValueError as error:
        raise HandError(_sentence(error), "contract") from None
    if parsed.is_pass:
        # The sheet's instruction 2a: a passed-out hand is not redealt but scored (nobody declared).
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
    """The tally sheet's Md column as the traveller's =, +1 or -2, which the entry parser checks."""
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
    if side not in ("", *Direction):
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


def hand_values(hand: OneTableHand | None) -> dict:
    """What the entry form shows for a stored hand, in the notation the players type."""
    if hand is None:
        return {"side_voids": "0"}
    return {
        "contract": hand.contract,
        "declarer": hand.declarer,
        "made": made_column(hand),
        "hcp_ns": str(hand.hcp_ns),
        "hcp_ew": str(40 - hand.hcp_ns),
        "fit": hand.fit or "NF",
        "scoring_line": hand.scoring_line,
        "trump_length_7": hand.trump_length_7,
        "side_voids": str(hand.side_voids),
    }


def change_method(game: OneTableSession, method: str) -> None:
    """Score the game another way. IMPs against the double-dummy par need a deal for every
    hand; once hands are entered, only the two IMP methods may swap, since Hancock points ask
    for the declaring side's shape and par-table IMPs for a fit that the other did not."""
    if method not in ONE_TABLE_METHODS:
        raise MethodError("Choose one of the scoring methods offered.")
    if method == game.method:
        return
    if method == OneTableMethod.DD_PAR:
        dealt_numbers = set(game.deals.values_list("number", flat=True))
        missing = [n for n in range(1, game.boards + 1) if n not in dealt_numbers]
        if missing:
            hands = ", ".join(str(number) for number in missing)
            raise MethodError(
                "IMPs against the double-dummy par need the hand record of every hand: "
                f"upload a PBN file with hand{'s' if len(missing) > 1 else ''} {hands}."
            )
    if game.hands.exists() and OneTableMethod.HANCOCK in (method, game.method):
        raise MethodError(
            "Hands are entered already: Hancock points need the declaring side's shape, "
            "and par-table IMPs a fit, that were not asked for. Start a new game instead."
        )
    game.method = method
    with transaction.atomic():
        game.save(update_fields=["method"])
        versions.bump(game)
