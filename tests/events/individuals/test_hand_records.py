"""An individual's hand records, as a pairs session's: a PBN file onto the event's boards (all
of it or nothing), the background double-dummy analysis of its deals (run here synchronously),
and the board's traveller and the score cards showing the hands and Pavlicek's par.

Board 1 of the test deals (tests/events/test_par_commands.py): nobody vulnerable, NS make 7♠
and EW's only higher bid, 7NT doubled down 13, would cost 3500; par is NS +1510 (210 + 300 +
1000, the scoring table of Law 77, Laws of Duplicate Bridge 2017) in 7♠ by N or S.
"""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django_q.models import OrmQ

from events.handrecords.jobs import analyse_next_batch, progress
from events.handrecords.pbn import PBNError
from events.individuals.hand_records import import_individual_hand_records
from events.individuals.models import IndividualDeal, IndividualEvent
from tests.events.handrecords.test_hand_records import THREE_BOARDS
from tests.events.individuals.test_individuals import make_individual
from tests.events.test_par_commands import ONE_SUIT_EACH, ONE_SUIT_EACH_DD, SYMMETRIC, TURNED

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(club):
    # A 5-table Rainbow of 2 boards a round: boards 1-10, player 1 North at table 1 on 1 and 2.
    return make_individual(club, published=True)


def deals(event) -> dict[int, str]:
    return dict(IndividualDeal.objects.filter(event=event).values_list("number", "deal"))


def analysed(event):
    """Board 1's table and par as the analysis stores them (the slow test checks the job)."""
    IndividualDeal.objects.filter(event=event, number=1).update(
        dd=ONE_SUIT_EACH_DD, par_score=1510, par_contracts="7S N, 7S S"
    )


def test_a_file_puts_each_deal_on_its_board_and_queues_the_analysis(
    event, django_capture_on_commit_callbacks
):
    version = IndividualEvent.objects.get(pk=event.pk).version
    with django_capture_on_commit_callbacks(execute=True):
        imported = import_individual_hand_records(event, THREE_BOARDS)
    assert (imported.boards, imported.changed) == (3, 3)
    assert imported.without_deal == list(range(4, 11))
    assert deals(event) == {1: ONE_SUIT_EACH, 2: SYMMETRIC, 3: TURNED}
    assert OrmQ.objects.count() == 1
    event.refresh_from_db()
    assert event.analysis_queued_at is not None and event.version == version + 1
    assert (progress(event)["dealt"], progress(event)["analysed"]) == (3, 0)


def test_a_board_the_individual_does_not_play_refuses_the_whole_file(event):
    two_table = make_individual(event.club, tables=2, movement="two_table", boards_per_round=1)
    # Two tables, one board a round, seven rounds: boards 1-7; a file dealing 1-3 fits, the
    # same file with board 1 renumbered 9 does not.
    text = THREE_BOARDS.replace('[Board "1"]', '[Board "9"]')
    with pytest.raises(PBNError) as error:
        import_individual_hand_records(two_table, text)
    assert "the individual has no board 9: it has boards 1-7" in str(error.value)
    assert not IndividualDeal.objects.exists()


@pytest.mark.slow
def test_the_job_stores_each_deals_table_and_pavlicek_par(event):
    import_individual_hand_records(event, THREE_BOARDS)
    assert analyse_next_batch(event.pk, "individual") == 3
    first = IndividualDeal.objects.get(event=event, number=1)
    assert first.dd == ONE_SUIT_EACH_DD
    assert (first.par_score, first.par_contracts) == (1510, "7S N, 7S S")


def test_the_director_uploads_the_file_on_its_page(director_client, event):
    pbn = SimpleUploadedFile("boards.pbn", THREE_BOARDS.encode("latin-1"))
    url = reverse("individual_hand_records", args=[event.pk])
    page = director_client.post(url, {"file": pbn}, follow=True).content.decode()
    assert "3 boards read" in page and "The file has no deal for boards 4, 5" in page
    assert deals(event)[3] == TURNED
    analysed(event)
    page = director_client.get(url).content.decode()
    assert "NS +1510: 7S N, 7S S" in page and 'id="hand-1"' in page
    retry = reverse("individual_analysis_retry", args=[event.pk])
    assert director_client.post(retry).url == url


def test_visitors_may_not_upload(event):
    pbn = SimpleUploadedFile("boards.pbn", THREE_BOARDS.encode("latin-1"))
    Client().post(reverse("individual_hand_records", args=[event.pk]), {"file": pbn})
    assert not IndividualDeal.objects.exists()


def test_the_traveller_shows_the_hand_its_table_and_par(event):
    import_individual_hand_records(event, THREE_BOARDS)
    url = reverse("individual_board", args=[event.pk, 1])
    pending = Client().get(url).content.decode()
    assert "The deal of board 1" in pending and "being analysed" in pending
    analysed(event)
    body = Client().get(url).content.decode()
    assert "Double-dummy tricks, board 1" in body and "NS +1510: 7S N, 7S S" in body
    assert (
        "The deal of board 4"
        not in Client().get(reverse("individual_board", args=[event.pk, 4])).content.decode()
    )


def test_the_score_card_gives_each_boards_par(event):
    card = reverse("individual_card", args=[event.pk, 1])
    assert ">Par</th>" not in Client().get(card).content.decode()  # no hand records: no column
    import_individual_hand_records(event, THREE_BOARDS)
    analysed(event)
    body = Client().get(card).content.decode()
    assert ">Par</th>" in body and "NS +1510: 7S N, 7S S" in body
