"""A teams event's hand records: a PBN file for the event or a round (all of it or nothing),
and the background double-dummy analysis of its deals, run here synchronously."""

from unittest.mock import Mock

import pytest
from django_q.models import OrmQ
from django_q.tasks import async_task

from events.handrecords import jobs
from events.handrecords.jobs import analyse_next_batch, progress
from events.handrecords.pbn import PBNError
from events.teams.hand_records import (
    event_board_numbers,
    import_teams_hand_records,
    round_board_numbers,
)
from events.teams.models import TeamsDeal
from tests.events.handrecords.test_hand_records import THREE_BOARDS
from tests.events.teams.factories import make_teams_event
from tests.events.test_par_commands import (
    ONE_SUIT_EACH,
    ONE_SUIT_EACH_DD,
    SYMMETRIC,
    SYMMETRIC_DD,
    TURNED,
    TURNED_DD,
)

pytestmark = pytest.mark.django_db

# Board 3 alone, dealt by South with East-West vulnerable (Law 2): round 2's first board when a
# match plays two boards.
BOARD_THREE = THREE_BOARDS[THREE_BOARDS.index('[Board "3"]') :]
# Round 2's boards numbered from 1 again, as a dealing program asked for two boards writes them.
ROUND_FROM_ONE = THREE_BOARDS[: THREE_BOARDS.index('[Board "3"]')]


@pytest.fixture
def event(club):
    # Six teams, four rounds of two boards a match: round r plays boards 2r-1 and 2r.
    return make_teams_event(club)


def deals(event) -> dict[int, str]:
    return dict(TeamsDeal.objects.filter(event=event).values_list("number", "deal"))


def test_boards_are_numbered_across_the_event(event):
    assert event_board_numbers(event) == list(range(1, 9))
    assert round_board_numbers(event, 2) == [3, 4]


def test_a_file_for_the_event_puts_each_deal_on_its_board_and_queues_the_analysis(
    event, django_capture_on_commit_callbacks
):
    event.refresh_from_db()
    version = event.version
    with django_capture_on_commit_callbacks(execute=True):
        imported = import_teams_hand_records(event, THREE_BOARDS)
    assert (imported.boards, imported.changed, imported.without_deal) == (3, 3, [4, 5, 6, 7, 8])
    assert deals(event) == {1: ONE_SUIT_EACH, 2: SYMMETRIC, 3: TURNED}
    assert OrmQ.objects.count() == 1
    event.refresh_from_db()
    assert event.analysis_queued_at is not None and event.version == version + 1
    assert (progress(event)["dealt"], progress(event)["analysed"]) == (3, 0)


def test_a_file_for_a_round_deals_that_rounds_boards(event):
    imported = import_teams_hand_records(event, BOARD_THREE, round_number=2)
    assert (imported.boards, imported.without_deal) == (1, [4])
    assert deals(event) == {3: TURNED}


def test_a_new_file_replaces_only_the_deals_it_changes(event):
    import_teams_hand_records(event, THREE_BOARDS)
    TeamsDeal.objects.filter(event=event).update(dd=SYMMETRIC_DD, par_score=0)
    imported = import_teams_hand_records(event, THREE_BOARDS.replace(ONE_SUIT_EACH, TURNED))
    assert imported.changed == 1
    kept = {deal.number: deal for deal in TeamsDeal.objects.filter(event=event)}
    assert kept[1].dd is None and kept[1].deal == TURNED
    assert kept[2].dd == SYMMETRIC_DD


def test_another_event_keeps_its_own_deals(event, club):
    other = make_teams_event(club, name="Thursday Swiss")
    import_teams_hand_records(event, THREE_BOARDS)
    import_teams_hand_records(other, BOARD_THREE.replace(TURNED, ONE_SUIT_EACH))
    assert deals(event)[3] == TURNED and deals(other) == {3: ONE_SUIT_EACH}


@pytest.mark.parametrize(
    ("text", "round_number", "message"),
    [
        (THREE_BOARDS.replace('[Board "3"]', '[Board "9"]').replace('[Dealer "S"]', '[Dealer "N"]'),
         None, "the event has no board 9: it has boards 1-8"),
        (THREE_BOARDS, 1, "the round has no board 3: it has boards 1-2"),
        (ROUND_FROM_ONE, 2, "the file deals boards 1-2, but round 2 plays boards 3-4: deal those "
                            "numbers"),
        (THREE_BOARDS.replace(TURNED, TURNED.replace("...AKQJT98765432", "...AKQJT9876543A")),
         None, "board 3: "),
        (THREE_BOARDS.replace(SYMMETRIC, SYMMETRIC.rsplit(" ", 1)[0]), None,
         "four hands are needed"),
        (THREE_BOARDS.replace('[Vulnerable "NS"]', '[Vulnerable "All"]'), None,
         "board 2: the file has dealer E, vulnerable Both; board 2 is dealt by E with NS"),
        ('[Event "x"]\n', None, "no deals found"),
    ],
    ids=["a board the event lacks", "a board of another round", "a round numbered from 1",
         "a card twice", "three hands", "another vulnerability", "no deals"],
)  # fmt: skip
def test_a_file_that_does_not_fit_is_refused_whole_in_words(
    event, text, round_number, message, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(PBNError) as error:
        import_teams_hand_records(event, text, round_number)
    assert message in str(error.value)
    assert not TeamsDeal.objects.exists()
    assert not OrmQ.objects.exists()


def test_a_round_robin_without_teams_has_no_boards_to_deal(club):
    event = make_teams_event(club, teams=None, kind="round-robin")
    with pytest.raises(PBNError, match="the event plays no boards yet: enter its teams first"):
        import_teams_hand_records(event, THREE_BOARDS)
    assert not TeamsDeal.objects.exists()


@pytest.mark.slow
def test_the_job_stores_each_deals_table_and_pavlicek_par(event):
    import_teams_hand_records(event, THREE_BOARDS)
    event.refresh_from_db()
    version = event.version
    assert analyse_next_batch(event.pk, "teams") == 3
    stored = {deal.number: deal for deal in TeamsDeal.objects.filter(event=event)}
    assert (stored[1].dd, stored[2].dd, stored[3].dd) == (ONE_SUIT_EACH_DD, SYMMETRIC_DD, TURNED_DD)
    # Board 1, nobody vulnerable: NS's 7S (210 + 300 + 1000 = 1510, the Laws' scoring table)
    # outranks EW's 7H, and EW's only higher bid, 7NT doubled non-vulnerable down 13, would
    # cost 3500. Par NS +1510.
    assert (stored[1].par_score, stored[1].par_contracts) == (1510, "7S N, 7S S")
    # Board 2: deal 5 of Pavlicek's *Par Score Calculation*, both sides' highest make is 1NT:
    # par zero, a passout.
    assert (stored[2].par_score, stored[2].par_contracts) == (0, "")
    # Board 3, EW vulnerable: EW's 7S (210 + 500 + 1500 = 2210) outranks NS's 7H; NS's 7NTX
    # non-vulnerable down 13 would cost 3500. Par EW +2210.
    assert (stored[3].par_score, stored[3].par_contracts) == (-2210, "7S E, 7S W")
    event.refresh_from_db()
    assert (event.analysis_error, event.analysis_attempts) == ("", 0)
    assert event.analysis_queued_at is None, "nothing left to analyse"
    assert event.version == version + 1, "open scorecards refresh with the tables and par"
    assert progress(event) | {"queued_at": None} == {
        "dealt": 3, "analysed": 3, "running": False, "error": "", "attempts": 0,
        "queued_at": None,
    }  # fmt: skip


@pytest.mark.slow
def test_the_queued_task_names_the_job_and_the_teams_owner(event):
    """The queue stores the task by dotted path and the owner's kind: a wrong one would fail
    only in the worker."""
    import_teams_hand_records(event, BOARD_THREE, round_number=2)
    async_task(jobs.TASK, event.pk, "teams", sync=True)
    assert TeamsDeal.objects.get(event=event, number=3).par_score == -2210


@pytest.mark.slow
def test_a_failed_analysis_is_recorded_on_the_event_never_silent(event, monkeypatch):
    import_teams_hand_records(event, THREE_BOARDS)
    monkeypatch.setattr(jobs, "dd_tables", Mock(side_effect=OSError("libdds.so: cannot open")))
    with pytest.raises(OSError):
        analyse_next_batch(event.pk, "teams")
    event.refresh_from_db()
    assert (event.analysis_attempts, event.analysis_error) == (1, "OSError: libdds.so: cannot open")
    assert progress(event)["analysed"] == 0
