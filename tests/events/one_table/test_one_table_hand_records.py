"""Hand records for a one-table game: the PBN upload (all or nothing), the background analysis,
HCP and fit counted from the deal, and IMPs against the double-dummy par."""

import pytest
from django_q.models import OrmQ
from django_q.tasks import async_task

from events.handrecords import jobs
from events.handrecords.jobs import GAME, analyse_next_batch, progress
from events.handrecords.pbn import PBNError
from events.one_table.hand_records import import_game_hand_records
from events.one_table.hands import HandError, MethodError, change_method, save_hand
from events.one_table.models import OneTableDeal
from events.one_table.tally import tally_sheet
from tests.events.handrecords.test_hand_records import THREE_BOARDS
from tests.events.one_table.test_one_table import make_game
from tests.events.test_par_commands import ONE_SUIT_EACH, ONE_SUIT_EACH_DD, SYMMETRIC, TURNED_DD

# Hand 1 (dealer N, nobody vulnerable), dealt so the sides' points differ. North: AKQJ in
# spades, hearts and diamonds and the club ace, 4 x 10 - 6 = 34; East: the club king, 3; South:
# the club queen, 2; West: the club jack, 1. NS 36, EW 4. NS hold four spades, hearts and
# diamonds each: three 8-card fits, and the tally sheet names the higher-ranking, 8S. EW hold
# 1 + 10 = 11 clubs: 11C.
UNEVEN = "N:AKQJ.AKQJ.AKQJ.A T987.T987.T987.K 6543.6543.6543.Q 2.2.2.JT98765432"
UNEVEN_FILE = f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{UNEVEN}"]\n'


@pytest.fixture
def game(club):
    return make_game(club, boards=3)


def deals(game) -> dict[int, OneTableDeal]:
    return {deal.number: deal for deal in OneTableDeal.objects.filter(game=game)}


def test_it_stores_each_deal_on_its_hand_and_queues_the_analysis(
    game, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        imported = import_game_hand_records(game, THREE_BOARDS)
    assert (imported.boards, imported.changed, imported.without_deal) == (3, 3, [])
    assert deals(game)[1].deal == ONE_SUIT_EACH and deals(game)[2].deal == SYMMETRIC
    assert OrmQ.objects.count() == 1
    game.refresh_from_db()
    assert game.analysis_queued_at is not None
    assert (progress(game)["dealt"], progress(game)["analysed"]) == (3, 0)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (THREE_BOARDS.replace('[Board "3"]', '[Board "19"]'),
         "the game has no board 19: it has boards 1-3"),
        (THREE_BOARDS.replace('[Vulnerable "NS"]', '[Vulnerable "EW"]'),
         "board 2: the file has dealer E, vulnerable EW; board 2 is dealt by E with NS vulnerable"),
        (THREE_BOARDS.replace(SYMMETRIC, SYMMETRIC.replace("T8.A54", "T8.A55")), "board 2: "),
    ],
    ids=["a hand the game lacks", "another vulnerability", "a card twice"],
)  # fmt: skip
def test_a_bad_file_is_refused_whole_with_a_message_naming_the_board(
    game, text, message, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(PBNError) as error:
        import_game_hand_records(game, text)
    assert message in str(error.value)
    assert not OneTableDeal.objects.exists()
    assert not OrmQ.objects.exists()


@pytest.mark.slow
def test_the_job_stores_each_hands_table_and_pavlicek_par(game):
    import_game_hand_records(game, THREE_BOARDS)
    assert analyse_next_batch(game.pk, GAME) == 3
    stored = deals(game)
    assert stored[1].dd == ONE_SUIT_EACH_DD and stored[3].dd == TURNED_DD
    # The same deals as the pairs session's test: board 1 NS +1510 (7S, nobody vulnerable),
    # board 2 par zero (Pavlicek's deal 5), board 3 EW +2210 (7S, EW vulnerable).
    assert [(d.par_score, d.par_contracts) for d in stored.values()] == [
        (1510, "7S N, 7S S"), (0, ""), (-2210, "7S E, 7S W"),
    ]  # fmt: skip
    game.refresh_from_db()
    assert (game.analysis_error, game.analysis_attempts, game.analysis_queued_at) == ("", 0, None)
    assert progress(game)["running"] is False


def test_the_queued_task_names_the_job_and_the_kind_of_owner(game):
    import_game_hand_records(game, THREE_BOARDS)
    async_task(jobs.TASK, game.pk, GAME, sync=True)
    assert progress(game)["analysed"] == 3


def test_a_failed_job_is_recorded_on_the_game_and_raised(game, monkeypatch):
    import_game_hand_records(game, THREE_BOARDS)

    def broken(deals):
        raise RuntimeError("DDS error -2: too many threads")

    monkeypatch.setattr(jobs, "dd_tables", broken)
    with pytest.raises(RuntimeError):
        analyse_next_batch(game.pk, GAME)
    game.refresh_from_db()
    assert (game.analysis_attempts, game.analysis_error) == (
        1,
        "RuntimeError: DDS error -2: too many threads",
    )
    assert progress(game)["error"] == "RuntimeError: DDS error -2: too many threads"


def test_a_dealt_hand_takes_its_hcp_and_fit_from_the_deal_not_from_what_was_typed(game):
    import_game_hand_records(game, UNEVEN_FILE)
    hand = save_hand(game, 1, contract="6H", declarer="N", made="6", hcp_ns="20", fit="NF")
    assert (hand.hcp_ns, hand.fit) == (36, "8S")
    # The tally sheet's par table: 36 HCP, a major 8-card fit, not vulnerable: 1210. 6H making is
    # 180 + 300 + 500 = 980; 980 - 1210 = -230, 6 IMPs (220-260) to EW.
    row = tally_sheet(game).row(1)
    assert (row.board.par, row.board.sl_score, row.points) == (1210, 980, (0, 6))


def test_a_new_file_recounts_the_hands_already_entered(game):
    save_hand(game, 1, contract="4S", declarer="N", made="4", hcp_ns="25", fit="9S")
    imported = import_game_hand_records(game, UNEVEN_FILE)
    assert (imported.changed, imported.without_deal) == (1, [2, 3])
    hand = game.hands.get(number=1)
    assert (hand.hcp_ns, hand.fit) == (36, "8S")


def test_dd_par_needs_a_deal_for_every_hand(game):
    import_game_hand_records(game, UNEVEN_FILE)
    with pytest.raises(MethodError, match="upload a PBN file with hands 2, 3"):
        change_method(game, "dd-par")
    import_game_hand_records(game, THREE_BOARDS)
    change_method(game, "dd-par")
    game.refresh_from_db()
    assert game.method == "dd-par"


def test_once_hands_are_entered_only_the_imp_methods_swap(game):
    import_game_hand_records(game, THREE_BOARDS)
    save_hand(game, 1, contract="4S", declarer="N", made="7", scoring_line="NS")
    with pytest.raises(MethodError, match="Hancock"):
        change_method(game, "hancock")
    change_method(game, "dd-par")
    change_method(game, "par-imps")
    with pytest.raises(MethodError, match="Choose"):
        change_method(game, "rubber")


@pytest.mark.slow
def test_dd_par_scores_each_hand_against_its_par_with_running_totals(game):
    """The hand-worked examples of tests/scoring/test_dd_par.py, on the game's own deals."""
    import_game_hand_records(game, THREE_BOARDS)
    change_method(game, "dd-par")
    save_hand(game, 1, contract="4S", declarer="N", made="7")
    save_hand(game, 2, contract="1NT", declarer="N", made="1")
    save_hand(game, 3, contract="6S", declarer="E", made="7")
    assert [row.points for row in tally_sheet(game).rows] == [None, None, None]
    assert tally_sheet(game).totals == (0, 0), "nothing counts before the par is known"
    analyse_next_batch(game.pk, GAME)
    tally = tally_sheet(game)
    # 4S+3 = 510 against +1510: -1000, 14 IMPs to EW. 1NT= vulnerable 90 against 0: 3 to NS.
    # 6S+1 by EW vulnerable, 1460 to EW, against EW's 2210: +750, 13 IMPs to NS.
    assert [row.points for row in tally.rows] == [(-14, 14), (3, -3), (13, -13)]
    assert [row.totals for row in tally.rows] == [(-14, 14), (-11, 11), (2, -2)]
    assert tally.rows[2].dd_par.diff == 750


def test_a_dd_par_hand_without_a_deal_is_refused(game):
    import_game_hand_records(game, THREE_BOARDS)
    change_method(game, "dd-par")
    game.boards = 4
    game.save()
    with pytest.raises(HandError, match="Hand 4 has no deal"):
        save_hand(game, 4, contract="4S", declarer="N", made="4")
