"""Template filters for results pages."""

from django import template

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
