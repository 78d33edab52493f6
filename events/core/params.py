"""Reading the numbers a request carries (a form field, a query parameter)."""


def int_or_none(value) -> int | None:
    """The whole number in `value`, or None when there is none (absent, empty, not a number)."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
