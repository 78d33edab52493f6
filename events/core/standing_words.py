"""A standing in words, as an import's warnings compare a file's with Clubscore's own: "35.96
and 1st", "joint 2nd", "no place yet"."""

from django.contrib.humanize.templatetags.humanize import ordinal

__all__ = ["standing_words"]


def standing_words(total: str, place: str | None) -> str:
    """ "35.96 and 1st", "35.96", "1st"; a place of None is left out, "" is no place yet."""
    words = [total] if total else []
    if place is not None:
        words.append(_place_words(place))
    return " and ".join(words)


def _place_words(place: str) -> str:
    if not place:
        return "no place yet"
    number = place.rstrip("=")
    if not number.isdigit():
        return place
    shared = "joint " if place.endswith("=") else ""
    return f"{shared}{ordinal(int(number))}"
