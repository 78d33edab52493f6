"""A traveller's rows as the director types into them (events/templatetags/traveller_rows.py):
typed text and messages escaped, and the fields each row posts."""

import pytest

from events.models import Board
from tests.events.entry.entry_helpers import movement_rows, row_post

MARKUP = '<b onmouseover="x">4S</b>'


@pytest.fixture
def board(mitchell_session):
    return Board.objects.get(section__event=mitchell_session, number=1)


def test_a_refused_line_comes_back_escaped_in_its_box(director_client, board):
    ns, ew = movement_rows(board)[0]
    page = row_post(director_client, board, ns, ew, MARKUP).content.decode()
    assert MARKUP not in page  # neither in the box nor in the message beside it
    escaped = "&lt;b onmouseover=&quot;x&quot;&gt;4S&lt;/b&gt;"
    assert f'value="{escaped}"' in page
    assert 'class="error" role="alert"' in page and 'class="has-error"' in page


def test_each_row_posts_its_board_pairs_version_and_token(director_client, board):
    ns, ew = movement_rows(board)[0]
    page = row_post(director_client, board, ns, ew, "4S N =").content.decode()
    form = page[page.index(f'id="row-{board.pk}-{ns.pk}-{ew.pk}"') :].split("</form>")[0]
    assert 'name="csrfmiddlewaretoken"' in form
    for name, value in (("board", board.pk), ("ns", ns.pk), ("ew", ew.pk), ("version", 1)):
        assert f'<input type="hidden" name="{name}" value="{value}">' in form
    assert 'value="4S N ="' in form and "autofocus" not in form  # the cursor moved on
    # The pair boxes belong to the same form, and the row can be deleted with ✕.
    assert page.count(f'form="row-{board.pk}-{ns.pk}-{ew.pk}"') == 2
    assert f'aria-label="Delete the result of board 1, NS {ns.number} v EW {ew.number}"' in page
