"""Procedural penalties: read "NS 3:1.5" or "B EW 2:25%", and attach them to a pair."""

import re
from dataclasses import dataclass
from decimal import Decimal

from events.core.invisible import invisible_problem, without_invisible
from events.core.limits import quoted
from events.models import Pair, Penalty

# DOTALL: the reason runs to the end whatever it holds (a line break in it is refused in
# words by the reason's own check), so the match never fails after the amount; when it could,
# the spaces around the optional % were tried in every split (quadratic).
_SPEC = re.compile(
    r"^(?:(?!(?:NS|EW)\b)(?P<section>[A-Z]{1,3})\s+)?(?:(?P<direction>NS|EW)\s*)?(?P<pair>\d+)\s*:\s*"
    r"(?P<amount>\d+(?:\.\d{1,2})?)\s*(?P<percent>%)?\s*(?P<reason>.*)$",
    re.IGNORECASE | re.DOTALL,
)


class PenaltyError(ValueError):
    pass


@dataclass(frozen=True)
class PenaltySpec:
    section: str
    direction: str
    pair: int
    amount: Decimal
    unit: str
    reason: str = ""


def parse_penalty(text: str) -> PenaltySpec:
    match = _SPEC.match(text.strip())
    if match is None or Decimal(match["amount"]) <= 0:
        raise PenaltyError(
            f'penalty {quoted(text)}: write PAIR:AMOUNT, e.g. "NS 3:1.5" (matchpoints or IMPs), '
            '"EW 2:25%" (percent of a top) or "B NS 4:1" (section B)'
        )
    if problem := invisible_problem(match["reason"].strip(), "the reason"):
        raise PenaltyError(f"penalty {quoted(without_invisible(text))}: {problem}")
    return PenaltySpec(
        section=(match["section"] or "A").upper(),
        direction=(match["direction"] or "").upper(),
        pair=int(match["pair"]),
        amount=Decimal(match["amount"]),
        unit=Penalty.PERCENT if match["percent"] else Penalty.POINTS,
        reason=match["reason"].strip(),
    )


def add_penalty(event, spec: PenaltySpec, user=None) -> Penalty:
    if spec.unit == Penalty.PERCENT and event.uses_imps:
        raise PenaltyError("a penalty in percent of a top needs matchpoint scoring: give IMPs")
    pair = Pair.objects.filter(
        section__event=event,
        section__name=spec.section,
        number=spec.pair,
        direction=spec.direction,
    ).first()
    if pair is None:
        label = f"{spec.direction} {spec.pair}".strip()
        raise PenaltyError(f"there is no pair {label} in section {spec.section}")
    return Penalty.objects.create(
        pair=pair, amount=spec.amount, unit=spec.unit, reason=spec.reason, created_by=user
    )
