import pytest
from django.db import IntegrityError, transaction

from events.models import Board, Club, Pair, Result


@pytest.fixture
def board(mitchell_session):
    return Board.objects.filter(section__event=mitchell_session).first()


def pair(session, number, direction):
    return Pair.objects.get(section__event=session, number=number, direction=direction)


def played(board, ns, ew, **fields):
    fields.setdefault("kind", "played")
    fields.setdefault("text", "4S N =")
    fields.setdefault("ns_score", 420)
    return Result(board=board, ns_pair=ns, ew_pair=ew, **fields)


@pytest.mark.parametrize(
    "fields",
    [
        {"tricks": 14},
        {"contract_level": 8},
        {"doubled": 3},
        {"declarer": "Q"},
        {"kind": "played", "ns_score": None},
        {"kind": "adjusted", "ns_score": None, "ns_percent": 160, "ew_percent": 40},
        {"kind": "guessed"},
    ],
)
def test_the_database_refuses_impossible_results(board, mitchell_session, fields):
    result = played(board, pair(mitchell_session, 1, "NS"), pair(mitchell_session, 1, "EW"))
    for name, value in fields.items():
        setattr(result, name, value)
    with pytest.raises(IntegrityError), transaction.atomic():
        result.save()


def test_a_pair_never_plays_itself(board, mitchell_session):
    ns = pair(mitchell_session, 1, "NS")
    with pytest.raises(IntegrityError), transaction.atomic():
        played(board, ns, ns).save()


@pytest.mark.parametrize("seat", ["ns", "ew"])
def test_a_pair_has_one_result_a_board(board, mitchell_session, seat):
    ns1, ew1 = pair(mitchell_session, 1, "NS"), pair(mitchell_session, 1, "EW")
    ns2, ew2 = pair(mitchell_session, 2, "NS"), pair(mitchell_session, 2, "EW")
    played(board, ns1, ew1).save()
    again = played(board, ns1, ew2) if seat == "ns" else played(board, ns2, ew1)
    with pytest.raises(IntegrityError), transaction.atomic():
        again.save()


def test_pair_numbers_are_unique_per_direction_in_a_section(mitchell_session):
    section = mitchell_session.sections.get()
    with pytest.raises(IntegrityError), transaction.atomic():
        Pair.objects.create(section=section, number=1, direction="NS")
    Pair.objects.create(section=section, number=9, direction="NS")


def test_boards_know_dealer_and_vulnerability(board):
    assert (board.number, board.dealer, board.vulnerability) == (1, "N", "None")


def test_a_club_cannot_hold_an_unknown_hancock_rule(db):
    with pytest.raises(IntegrityError), transaction.atomic():
        Club.objects.create(name="X", slug="x", hancock_doubled_rule="triple")
