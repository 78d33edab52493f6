"""Template filters for results pages."""

from django import template

from scoring.deal import parse_deal

register = template.Library()

_AWARD_NAMES = {60: "Ave+", 50: "Ave", 40: "Ave−"}


@register.filter
def adjusted_label(result) -> str:
    """An adjusted score as a director says it: "Ave+/Ave−", "Ave", or "55/45%"."""
    ns, ew = result.ns_percent, result.ew_percent
    if ns == ew and ns in _AWARD_NAMES:
        return _AWARD_NAMES[ns]
    if ns in _AWARD_NAMES and ew in _AWARD_NAMES:
        return f"{_AWARD_NAMES[ns]}/{_AWARD_NAMES[ew]}"
    return f"{ns}/{ew}%"


@register.filter
def points(value) -> str:
    """Board points: matchpoints to two places, IMPs signed."""
    if value is None:
        return ""
    text = f"{value:.2f}"
    return text[:-3] if text.endswith(".00") else text


_SUIT_NAMES = (("S", "♠", "spades"), ("H", "♥", "hearts"), ("D", "♦", "diamonds"),
               ("C", "♣", "clubs"))  # fmt: skip
_SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


@register.filter
def hands(deal: str) -> list[dict]:
    """A PBN deal as the hand diagram lays it out; [] when there is none or it is unreadable."""
    try:
        seats = parse_deal(deal)
    except ValueError:
        return []
    return [
        {"seat": seat, "name": _SEAT_NAMES[seat],
         "suits": [{"code": code, "symbol": symbol, "name": name,
                    "cards": " ".join(cards.replace("T", "10"))}
                   for (code, symbol, name), cards in zip(_SUIT_NAMES, seats[seat], strict=True)]}
        for seat in ("N", "W", "E", "S")
    ]  # fmt: skip
