"""A championship's entrants and combined standings from stored sessions.

The figures are worked by hand from the rules of scoring/championship.py (docs/rules.md:
David Stevenson's *Combining Sessions with Different Tops* for the combinations; no written
rule for a missed session, so the director's choice): a 3-table Mitchell of 6 boards has a top
of 2 a board and 12 a session; every table types the same line for its NS pair's number, so
the best NS pair scores 12 (100%), the next 6 (50%), the last 0, and every EW pair meets each
NS pair on two boards: 6 each (50%).
"""

from django.utils import timezone

from events.championships.setup import create_championship, match_by_names
from events.championships.standings import combined_standings
from events.models import Event, Pair
from tests.events.championships.helpers import NAMES, name_pairs, play_everything, two_sessions

FIRST = {1: "4S N +1", 2: "4S N =", 3: "4S N -1"}  # NS 1 best
SECOND = {1: "4S N -1", 2: "4S N =", 3: "4S N +1"}  # NS 3 best


def _championship(club, director, second_names=None, combination="factored", missed="zero"):
    one, two = two_sessions(club)
    name_pairs(one, NAMES)
    # Session 2: Ann and Bob sit NS 3 (names the other way round), Eve and Fay NS 1.
    swapped = {**NAMES, ("NS", 1): ("Eve", "Fay"), ("NS", 3): ("bob ", "ANN")}
    name_pairs(two, second_names or swapped)
    championship = create_championship(club, "Club championship", [two, one], combination, missed)
    play_everything(one, director, FIRST)
    play_everything(two, director, SECOND)
    return championship, one, two


def _by_names(standings):
    return {row.entrant.names: row for row in standings.rows}


def test_same_names_in_either_order_are_one_entrant(club, director):
    championship, one, two = _championship(club, director)
    assert [stage.event for stage in championship.stages.all()] == [one, two]  # date order
    assert championship.entrants.count() == 6
    ann = Pair.objects.get(section__event=one, direction="NS", number=1).entrant
    assert Pair.objects.get(section__event=two, direction="NS", number=3).entrant == ann
    assert (ann.number, ann.names) == (1, "Ann & Bob")


def test_factored_totals_add_the_sessions(club, director):
    """Ann & Bob 12 + 12 = 24, first; Cat & Dan 6 + 6 and each EW pair 6 + 6 = 12, 2= (all at
    the common top 12, nothing to factor); Eve & Fay 0 + 0, sixth."""
    championship, _, _ = _championship(club, director)
    rows = _by_names(combined_standings(championship, director=True))
    assert (rows["Ann & Bob"].cells, rows["Ann & Bob"].total) == ([12.0, 12.0], 24.0)
    assert rows["Ann & Bob"].rank == "1"
    assert {rows[n].rank for n in ("Cat & Dan", "Gus & Hal", "Ida & Jo", "Kim & Lee")} == {"2="}
    assert (rows["Eve & Fay"].total, rows["Eve & Fay"].rank) == (0.0, "6")


def test_a_pair_missing_a_session_scores_nothing_or_is_left_out(club, director):
    """Kim & Lee play session 1 only (50%), Max & Ned take their seat in session 2 (50%).
    Scoring nothing: each averages (50 + 0)/2 = 25%; the field is Ann & Bob 100%, Cat & Dan,
    Gus & Hal and Ida & Jo 50% (2=), the two 25% (5=), Eve & Fay 0% (7). Left out: each
    averages 50%, 2= with the other 50% pairs."""
    names = {**NAMES, ("NS", 1): ("Eve", "Fay"), ("NS", 3): ("Ann", "Bob"),
             ("EW", 3): ("Max", "Ned")}  # fmt: skip
    championship, _, _ = _championship(club, director, names, "average", "zero")
    rows = _by_names(combined_standings(championship, director=True))
    assert (rows["Kim & Lee"].cells, rows["Kim & Lee"].total) == ([50.0, None], 25.0)
    assert (rows["Max & Ned"].cells, rows["Max & Ned"].total) == ([None, 50.0], 25.0)
    assert rows["Kim & Lee"].rank == rows["Max & Ned"].rank == "5="
    championship.missed = "left-out"
    championship.save()
    rows = _by_names(combined_standings(championship, director=True))
    assert rows["Kim & Lee"].total == 50.0 and rows["Kim & Lee"].rank == "2="


def test_after_the_first_session_the_standings_are_its(club, director):
    """Session 2 not begun: it is no session yet, so Ann & Bob average 100%, not 50%."""
    one, two = two_sessions(club)
    name_pairs(one, NAMES)
    name_pairs(two, NAMES)
    championship = create_championship(club, "C", [one, two], "average", "zero")
    play_everything(one, director, FIRST)
    rows = _by_names(combined_standings(championship, director=True))
    assert (rows["Ann & Bob"].cells, rows["Ann & Bob"].total) == ([100.0, None], 100.0)


def test_live_during_the_last_session(club, director):
    """Boards 1 and 2 of session 2 in (each played at the 3 tables): Eve & Fay, NS 3, the best
    NS line there, have 2 + 2 = 4 of 4 so far, 100%; with session 1's 0%, (0 + 100)/2 = 50%."""
    one, two = two_sessions(club)
    name_pairs(one, NAMES)
    name_pairs(two, NAMES)
    championship = create_championship(club, "C", [one, two], "average", "zero")
    play_everything(one, director, FIRST)
    play_everything(two, director, SECOND, boards={1, 2})
    rows = _by_names(combined_standings(championship, director=True))
    assert rows["Eve & Fay"].cells == [0.0, 100.0] and rows["Eve & Fay"].total == 50.0


def test_readers_see_only_published_sessions(club, director):
    championship, one, two = _championship(club, director)
    two.published = False
    two.save()
    rows = _by_names(combined_standings(championship, director=False))
    assert rows["Ann & Bob"].cells == [12.0, None]
    assert rows["Ann & Bob"].total == 12.0


def test_nameless_pairs_match_by_seat_and_unmatched_pairs_count_for_nobody(club, director):
    one, two = two_sessions(club)
    championship = create_championship(club, "C", [one, two], "factored", "zero")
    assert championship.entrants.count() == 6
    ns2 = Pair.objects.get(section__event=two, direction="NS", number=2)
    assert ns2.entrant == Pair.objects.get(section__event=one, direction="NS", number=2).entrant
    Pair.objects.filter(pk=ns2.pk).update(entrant=None)
    play_everything(one, director, FIRST)
    play_everything(two, director, SECOND)
    standings = combined_standings(championship, director=True)
    assert standings.unmatched == 1
    match_by_names(championship)
    assert combined_standings(championship, director=True).unmatched == 0


def test_a_deleted_session_leaves_the_standings(club, director):
    """Session 2 deleted (restorable): the standings are session 1's alone, Ann & Bob 12."""
    championship, _, two = _championship(club, director)
    Event.objects.filter(pk=two.pk).update(deleted_at=timezone.now())
    standings = combined_standings(championship, director=True)
    assert [column.order for column in standings.columns] == [1]
    assert _by_names(standings)["Ann & Bob"].cells == [12.0]
