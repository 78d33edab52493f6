"""A championship adds up sessions scored in IMPs or sessions scored with percentages, never
both (scoring.championship_standings): what keeps each of its sessions to its kind."""

from scoring.domain import Method

PERCENTAGE_METHODS = (Method.MATCHPOINTS, Method.EBU_MATCHPOINTS, Method.HDB)


def method_refused(event, method: str | None) -> str | None:
    """Why `event`, a session of a championship (or its final), may not be rescored by
    `method`, in the director's words; None when it may (or it is in no championship): the
    other kind would count for nothing there."""
    championship = getattr(getattr(event, "stage", None), "championship", None)
    championship = championship or getattr(event, "championship_final", None)
    if championship is None or not method:
        return None
    if (method in PERCENTAGE_METHODS) == event.uses_percentages:
        return None
    kind = "with percentages" if event.uses_percentages else "in IMPs"
    return (
        f"This session is part of “{championship}”, which adds up sessions scored {kind}: "
        f"keep it scored {kind}."
    )
