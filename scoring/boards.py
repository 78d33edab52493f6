"""Dealer and vulnerability of a board from its number (the standard 16-board cycle)."""

__all__ = ["board_dealer", "board_vulnerability", "is_vulnerable"]

_DEALERS = ("N", "E", "S", "W")
_VULNERABILITY = (
    "None", "NS", "EW", "Both", "NS", "EW", "Both", "None",
    "EW", "Both", "None", "NS", "Both", "None", "NS", "EW",
)  # fmt: skip


def _position(number: int, cycle: int) -> int:
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise ValueError(f"board number must be a whole number from 1, got {number!r}")
    return (number - 1) % cycle


def board_dealer(number: int) -> str:
    return _DEALERS[_position(number, len(_DEALERS))]


def board_vulnerability(number: int) -> str:
    return _VULNERABILITY[_position(number, len(_VULNERABILITY))]


def is_vulnerable(number: int, seat: str) -> bool:
    """Whether the side of `seat` (N, E, S or W) is vulnerable on this board."""
    vulnerability = board_vulnerability(number)
    side = "NS" if seat in ("N", "S") else "EW"
    if seat not in _DEALERS:
        raise ValueError(f"seat must be N, E, S or W, got {seat!r}")
    return vulnerability == "Both" or vulnerability == side
