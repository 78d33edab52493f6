from types import SimpleNamespace

import pytest

from events.entry.rows import Row, mark_saved


def rows_with(filled):
    """Rows keyed 0..n-1; `filled` marks which already have a result."""
    board = SimpleNamespace(pk=1)
    return [
        Row(
            board,
            SimpleNamespace(pk=n),
            SimpleNamespace(pk=100 + n),
            result=object() if f else None,
        )
        for n, f in enumerate(filled)
    ]


@pytest.mark.parametrize(
    "filled,saved,focused",
    [
        ([True, False, False], 0, 1),  # the next row down
        ([True, True, False, True], 0, 2),  # skips rows already entered
        ([False, True, True], 2, 0),  # typed out of order: back to the first empty row
        ([True, True, True], 1, 2),  # a correction: simply the next row
        ([True, True, True], 2, None),  # all in: the cursor leaves for the next board
    ],
)
def test_the_cursor_goes_where_the_next_slip_belongs(filled, saved, focused):
    rows = rows_with(filled)
    mark_saved(rows, rows[saved].key)
    assert [i for i, row in enumerate(rows) if row.focus] == ([] if focused is None else [focused])
