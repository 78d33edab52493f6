"""An event's VP scale, for every kind of event that reads match IMPs on one (teams, Swiss
pairs): a published scale, or the club's own table typed on the event (docs/rules.md, Victory
points). The set-up forms check that the scale can score the event's matches."""

import scoring

__all__ = ["check_scale", "clean_scale_fields", "club_table", "sentence"]

CLUB = "club"


def club_table(event_or_text):
    """The club's own VP table of an event (or its text), or None for the published scales."""
    text = getattr(event_or_text, "club_vp_table", event_or_text)
    scale = getattr(event_or_text, "vp_scale", CLUB)
    if scale != CLUB or not str(text or "").strip():
        return None
    return scoring.parse_club_vp_table(text)


def check_scale(scale: str, boards: int, club_table_text: str = "") -> None:
    """Raise ValueError, in a sentence, if `scale` cannot score matches of `boards` boards (a
    scale without a table for that many boards, or a club table that does not read)."""
    try:
        table = scoring.parse_club_vp_table(club_table_text) if scale == CLUB else None
        scoring.match_vps(0, 0, boards, scale, table)
        scoring.match_vps(boards * 24, 0, boards, scale, table)
    except ValueError as error:
        raise ValueError(sentence(error)) from None


def clean_scale_fields(form, data: dict, boards: int | None) -> None:
    """A set-up form's `vp_scale` and `club_vp_table`: the club's scale needs its table, the
    scale must score matches of `boards` boards, and a published scale keeps no table."""
    scale, table = data.get("vp_scale"), data.get("club_vp_table", "")
    if scale == CLUB and not table.strip():
        form.add_error("club_vp_table", "Type the club's VP table, one row a line.")
    elif scale and boards:
        try:
            check_scale(scale, boards, table if scale == CLUB else "")
        except ValueError as error:
            form.add_error("club_vp_table" if scale == CLUB else "vp_scale", str(error))
    if scale != CLUB:
        data["club_vp_table"] = ""


def sentence(error: Exception) -> str:
    text = str(error)
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
