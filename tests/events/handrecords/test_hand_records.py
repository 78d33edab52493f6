"""Hand records on a session: PBN import (all or nothing) and the background analysis job."""

import pytest
from django_q.models import OrmQ

from events.handrecords import jobs
from events.handrecords.jobs import analyse_next_batch, progress
from events.handrecords.pbn import PBNError
from events.handrecords.session_import import import_hand_records
from events.models import Board, Section
from tests.events.test_par_commands import (
    ONE_SUIT_EACH,
    ONE_SUIT_EACH_DD,
    SYMMETRIC,
    SYMMETRIC_DD,
    TURNED,
    TURNED_DD,
)

# Boards 1-3 of a session, dealers and vulnerability as their numbers give them (Law 2).
THREE_BOARDS = f"""[Event "Club night"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "{ONE_SUIT_EACH}"]

[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "{SYMMETRIC}"]

[Board "3"]
[Dealer "S"]
[Vulnerable "EW"]
[Deal "{TURNED}"]
"""


def boards_by_number(event) -> dict[int, Board]:
    return {board.number: board for board in Board.objects.filter(section__event=event)}


def deals(event) -> dict[int, str]:
    return dict(Board.objects.filter(section__event=event).values_list("number", "deal"))


def test_it_puts_each_deal_on_its_board_and_queues_the_analysis(
    mitchell_session, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        imported = import_hand_records(mitchell_session, THREE_BOARDS)
    assert (imported.boards, imported.changed, imported.without_deal) == (3, 3, [4, 5, 6])
    assert deals(mitchell_session) == {1: ONE_SUIT_EACH, 2: SYMMETRIC, 3: TURNED, 4: "", 5: "",
                                       6: ""}  # fmt: skip
    assert OrmQ.objects.count() == 1
    mitchell_session.refresh_from_db()
    assert mitchell_session.analysis_queued_at is not None
    assert progress(mitchell_session)["analysed"] == 0
    assert progress(mitchell_session)["dealt"] == 3


def test_every_section_with_the_board_gets_the_deal(mitchell_session):
    second = Section.objects.create(event=mitchell_session, name="B", tables=3)
    Board.objects.create(section=second, number=1, board_set=1, expected_results=3)
    import_hand_records(mitchell_session, THREE_BOARDS)
    boards = Board.objects.filter(section__event=mitchell_session, number=1)
    assert [board.deal for board in boards] == [ONE_SUIT_EACH, ONE_SUIT_EACH]
    assert progress(mitchell_session)["dealt"] == 3, "boards, not copies in each section"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[Event \"x\"]\n", "no deals found"),
        (THREE_BOARDS.replace(TURNED, TURNED.replace("...AKQJT98765432", "...AKQJT9876543A")),
         "board 3: "),
        (THREE_BOARDS.replace('[Board "3"]', '[Board "2"]').replace('[Dealer "S"]', '[Dealer "E"]')
         .replace('[Vulnerable "EW"]', '[Vulnerable "NS"]'), "board 2: the file deals it twice"),
        (THREE_BOARDS.replace('[Board "3"]', '[Board "9"]').replace('[Dealer "S"]', '[Dealer "N"]')
         .replace('[Vulnerable "EW"]', '[Vulnerable "EW"]'), "the session has no board 9"),
        (THREE_BOARDS.replace('[Vulnerable "NS"]', '[Vulnerable "All"]'),
         "board 2: the file has dealer E, vulnerable Both; board 2 is dealt by E with NS"),
        (THREE_BOARDS.replace(SYMMETRIC, SYMMETRIC.rsplit(" ", 1)[0]), "four hands are needed"),
        (THREE_BOARDS.replace('[Dealer "E"]', '[Dealer "E"'),
         """line 8: a tag is written [Name "value"], got '[Dealer "E"'"""),
        (THREE_BOARDS.replace('[Board "2"]', '[Board "²"]'),
         "game 2: the Board tag must be a board number, got '²'"),
    ],
    ids=["no deals", "a card twice", "a board twice", "a board the session lacks",
         "another vulnerability", "three hands", "a tag not closed", "a digit int() refuses"],
)  # fmt: skip
def test_a_bad_file_is_refused_whole_with_a_message_naming_the_board(
    mitchell_session, text, message, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(PBNError) as error:
        import_hand_records(mitchell_session, text)
    assert message in str(error.value)
    assert set(deals(mitchell_session).values()) == {""}
    assert not OrmQ.objects.exists()


def test_a_game_repeated_with_the_same_deal_is_read_once(mitchell_session):
    # A results file has a game for each table (or each room of a teams match) that played a
    # board, each with the board's deal: the same cards twice are one deal, not a conflict.
    board_two = THREE_BOARDS[THREE_BOARDS.index('[Board "2"]') : THREE_BOARDS.index('[Board "3"]')]
    imported = import_hand_records(mitchell_session, THREE_BOARDS + "\n" + board_two)
    assert (imported.boards, imported.changed) == (3, 3)
    assert deals(mitchell_session)[2] == SYMMETRIC


def test_a_file_with_several_problems_names_every_one_at_once(mitchell_session):
    # A director fixes the file once: each problem is named, not the first alone, in the
    # file's order. Board 4 is dealt by West, both sides vulnerable (Law 2); the session has
    # boards 1-6.
    short_deal = THREE_BOARDS.replace(f'[Deal "{SYMMETRIC}"]', f'[Deal "{SYMMETRIC[:-2]}"]')
    text = (
        short_deal.replace('[Board "3"]', '[Board "30"]')
        + f'\n[Board "1"]\n[Deal "{TURNED}"]\n\n[Board "4"\n[Board "4"]\n[Dealer "N"]\n'
        f'[Vulnerable "None"]\n[Deal "{ONE_SUIT_EACH}"]\n'
    )
    with pytest.raises(PBNError) as error:
        import_hand_records(mitchell_session, text)
    problems = error.value.problems
    assert len(problems) == 5, problems
    assert problems[0].startswith("board 2: ")
    assert problems[1].startswith("line 20: a tag is written")
    assert "board 1: the file deals it twice" in problems
    assert "the session has no board 30: it has boards 1-6" in problems
    assert problems[4].startswith(
        "board 4: the file has dealer N, vulnerable None; board 4 is "
        "dealt by W with Both vulnerable"
    )
    assert set(deals(mitchell_session).values()) == {""}


@pytest.mark.slow
def test_the_job_stores_each_boards_table_and_pavlicek_par(mitchell_session):
    import_hand_records(mitchell_session, THREE_BOARDS)
    assert analyse_next_batch(mitchell_session.pk) == 3
    boards = {
        board.number: board for board in Board.objects.filter(section__event=mitchell_session)
    }
    assert boards[1].dd == ONE_SUIT_EACH_DD
    assert boards[2].dd == SYMMETRIC_DD
    assert boards[3].dd == TURNED_DD
    # Board 1, nobody vulnerable: NS's 7S (210 + 300 + 1000 = 1510) outranks EW's 7H, and EW's
    # only higher bid, 7NT doubled non-vulnerable down 13, would cost 3500. Par NS +1510.
    assert (boards[1].par_score, boards[1].par_contracts) == (1510, "7S N, 7S S")
    # Board 2: deal 5 of Pavlicek's *Par Score Calculation*, both sides' highest make is 1NT: par
    # zero, a passout.
    assert (boards[2].par_score, boards[2].par_contracts) == (0, "")
    # Board 3, EW vulnerable: EW's 7S (210 + 500 + 1500 = 2210) outranks NS's 7H; NS's 7NTX
    # non-vulnerable down 13 would cost 3500. Par EW +2210.
    assert (boards[3].par_score, boards[3].par_contracts) == (-2210, "7S E, 7S W")
    mitchell_session.refresh_from_db()
    assert (mitchell_session.analysis_error, mitchell_session.analysis_attempts) == ("", 0)
    assert mitchell_session.analysis_queued_at is None
    assert progress(mitchell_session) | {"queued_at": None} == {
        "dealt": 3, "analysed": 3, "running": False, "error": "", "attempts": 0,
        "queued_at": None,
    }  # fmt: skip


@pytest.mark.slow
def test_a_long_hand_record_is_analysed_a_batch_a_job(mitchell_session, monkeypatch):
    monkeypatch.setattr(jobs, "BATCH", 2)
    import_hand_records(mitchell_session, THREE_BOARDS)
    OrmQ.objects.all().delete()
    assert analyse_next_batch(mitchell_session.pk) == 2
    assert progress(mitchell_session)["analysed"] == 2
    assert OrmQ.objects.count() == 1, "the rest is queued as the next job"
    assert analyse_next_batch(mitchell_session.pk) == 1
    assert OrmQ.objects.count() == 1, "nothing more queued once every board is done"


@pytest.mark.slow
def test_a_failed_job_is_recorded_and_raised_so_the_queue_retries_it(mitchell_session, monkeypatch):
    import_hand_records(mitchell_session, THREE_BOARDS)

    def broken(deals):
        raise RuntimeError("DDS error -2: too many threads")

    monkeypatch.setattr(jobs, "dd_tables", broken)
    for attempt in (1, 2):
        with pytest.raises(RuntimeError):
            analyse_next_batch(mitchell_session.pk)
        mitchell_session.refresh_from_db()
        assert mitchell_session.analysis_attempts == attempt
        assert mitchell_session.analysis_error == "RuntimeError: DDS error -2: too many threads"
    assert progress(mitchell_session)["analysed"] == 0
    monkeypatch.undo()
    analyse_next_batch(mitchell_session.pk)
    mitchell_session.refresh_from_db()
    assert (mitchell_session.analysis_error, mitchell_session.analysis_attempts) == ("", 0)


@pytest.mark.slow
def test_a_new_file_keeps_the_analysis_of_unchanged_deals(mitchell_session):
    import_hand_records(mitchell_session, THREE_BOARDS)
    analyse_next_batch(mitchell_session.pk)
    replaced = THREE_BOARDS.replace(ONE_SUIT_EACH, TURNED)  # board 1 gets another deal
    imported = import_hand_records(mitchell_session, replaced)
    assert imported.changed == 1
    boards = {
        board.number: board for board in Board.objects.filter(section__event=mitchell_session)
    }
    assert boards[1].dd is None and boards[1].par_score is None
    assert boards[2].dd == SYMMETRIC_DD


@pytest.mark.slow
def test_the_queued_task_names_the_job_function(mitchell_session):
    """The queue stores the task by dotted path; a wrong one would fail only in the worker."""
    from django_q.tasks import async_task

    import_hand_records(mitchell_session, THREE_BOARDS)
    async_task(jobs.TASK, mitchell_session.pk, sync=True)
    assert progress(mitchell_session)["analysed"] == 3
