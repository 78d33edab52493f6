import pytest
from hypothesis import settings as hypothesis_settings

from events.entry.saving import save_result
from events.models import Board
from tests.factories import make_club, make_session, make_user

# Hypothesis fails an example slower than 200 ms by default: a deadline that measures the
# machine, not the code, once `make test` shares the cores between its workers. A test that
# sets a deadline of its own keeps it.
hypothesis_settings.register_profile("clubscore", deadline=None)
hypothesis_settings.load_profile("clubscore")


def pytest_configure(config):
    # Django's advice for test suites: the production hasher (PBKDF2, a million rounds) takes
    # half a second a user on these machines, which every test creating a director would pay.
    from django.conf import settings

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # No background worker runs beside the tests: a PDF is made in the request that asks for it
    # (tests/events/pdfs/test_store.py turns the worker's path back on where it tests it).
    settings.PDF_BACKGROUND = False


@pytest.hookimpl(tryfirst=True)  # before -m reads the marks
def pytest_collection_modifyitems(items):
    # Each browser test takes seconds (Chromium, a live server): `-m "not slow"` leaves them
    # out with the other slow ones.
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.slow)


@pytest.fixture
def director(db):
    return make_user(username="dora")


@pytest.fixture
def colleague(db):
    """A director of another club: must get nothing of ours."""
    other = make_user(username="colin")
    make_club(directors=[other], name="Other club")
    return other


@pytest.fixture
def stranger(db):
    return make_user(username="stan")


@pytest.fixture
def club(director):
    return make_club(directors=[director], name="Riverside BC")


@pytest.fixture
def mitchell_session(club):
    return make_session(club, tables=3, boards_per_round=2)


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client


@pytest.fixture
def scene(mitchell_session, director):
    """Board 1 of the Mitchell with one result on it, 4S N = by the director."""
    section = mitchell_session.sections.get()
    board = Board.objects.get(section=section, number=1)
    pairs = {p.key: p for p in section.pairs.all()}
    seating = section.movement().plays_of_board(1)[0]
    ns, ew = pairs[seating.ns], pairs[seating.ew]
    result = save_result(board, ns, ew, "4S N =", director)
    entry = {"board": board.pk, "ns": ns.pk, "ew": ew.pk, "text": "7NTXX N -13"}
    return {"event": mitchell_session, "section": section, "board": board, "result": result,
            "entry": entry}  # fmt: skip
