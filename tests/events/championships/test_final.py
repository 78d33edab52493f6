"""A championship's final: who goes through, what they carry forward, the final's standings,
the form that marks it, the page and PDF, and a fixed number of queries.

The figures are worked by hand (docs/rules.md): the qualifying stage is the two sessions of
tests/events/championships/test_standings.py, each a 3-table Mitchell of 6 boards (top 2 a
board, 12 a session); Ann & Bob score 12 + 12 of 24 (100%), Cat & Dan and the three EW pairs
6 + 6 (50%), Eve & Fay 0 (0%). Carried: the chosen share of that percentage (the EBU White
Book's *Carry-forward Score Formula*, English Bridge Union, carries half with a final as long
as the qualifier). The final is a third such session.
"""

import datetime

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from events.championships.final import final_standings
from events.championships.setup import create_championship
from events.models import Championship
from tests.big_session import make_big_session
from tests.events.championships.helpers import NAMES, name_pairs, play_everything, two_sessions
from tests.factories import make_club, make_session

FIRST = {1: "4S N +1", 2: "4S N =", 3: "4S N -1"}  # NS 1 best
SECOND = {1: "4S N -1", 2: "4S N =", 3: "4S N +1"}  # NS 3 best
# The final: Cat & Dan NS 1 (100%), Ann & Bob NS 2 (50%), Eve & Fay NS 3 (0%, no qualifier).
FINAL_NAMES = {**NAMES, ("NS", 1): ("Cat", "Dan"), ("NS", 2): ("Ann", "Bob")}


def _qualified(club, director, finalists=2, qualify_by="overall", share=50, play_final=True):
    one, two = two_sessions(club)
    name_pairs(one, NAMES)
    name_pairs(two, {**NAMES, ("NS", 1): ("Eve", "Fay"), ("NS", 3): ("Ann", "Bob")})
    championship = create_championship(club, "Club championship", [one, two], "factored",
                                       "zero")  # fmt: skip
    play_everything(one, director, FIRST)
    play_everything(two, director, SECOND)
    final = make_session(club, name="Final", date=datetime.date(2026, 11, 26))
    name_pairs(final, FINAL_NAMES)
    if play_final:
        play_everything(final, director, FIRST)
    Championship.objects.filter(pk=championship.pk).update(
        final=final, finalists=finalists, qualify_by=qualify_by, carry_percent=share
    )
    championship.refresh_from_db()
    return championship


def _by_names(standings):
    return {row.entrant.names: row for row in standings.rows}


def test_a_tie_at_the_cut_goes_through_and_the_total_adds_the_carry(club, director):
    """Top 2 overall: Ann & Bob (100%), then four pairs tie at 50% for second: all go through,
    Eve & Fay (0%) do not and count as strangers in the final. Half carried: Ann & Bob 50 +
    50% = 100; Cat & Dan 25 + 100% = 125, first; each EW pair 25 + 50% = 75, 3=."""
    standings = final_standings(_qualified(club, director), director=True)
    rows = _by_names(standings)
    assert set(rows) == {"Ann & Bob", "Cat & Dan", "Gus & Hal", "Ida & Jo", "Kim & Lee"}
    assert (rows["Cat & Dan"].carried, rows["Cat & Dan"].final) == (25.0, 100.0)
    assert (rows["Cat & Dan"].total, rows["Cat & Dan"].rank) == (125.0, "1")
    assert (rows["Ann & Bob"].total, rows["Ann & Bob"].rank) == (100.0, "2")
    assert {(rows[n].total, rows[n].rank) for n in ("Gus & Hal", "Ida & Jo", "Kim & Lee")} == {
        (75.0, "3=")}  # fmt: skip
    assert standings.strangers == 1
    assert [row.entrant.names for row in standings.rows][:2] == ["Cat & Dan", "Ann & Bob"]


def test_the_white_books_matchpoints_for_a_two_session_qualifier(club, director):
    """White Book: C = S × FT / (2 × QT). Cat & Dan: S = 12 over 12 qualifying boards, QT = FT
    = 2, so C = 6 matchpoints; with the final's 12 that is 18 of the final's 12 top, 150%. The
    qualifier is twice the final's length, so the White Book's half is all (100%) of Clubscore's
    percentage: 50 + 100 = 150."""
    rows = _by_names(final_standings(_qualified(club, director, share=100), director=True))
    assert rows["Cat & Dan"].total == 150.0


def test_by_section_fields_each_fields_best_go_through(club, director):
    """Top 1 of each field of the last qualifying session: NS Ann & Bob; EW the three pairs tie
    at 50%, all go through. Cat & Dan (NS, 50%) do not: the final has two strangers."""
    standings = final_standings(_qualified(club, director, 1, "section"), director=True)
    assert set(_by_names(standings)) == {"Ann & Bob", "Gus & Hal", "Ida & Jo", "Kim & Lee"}
    assert standings.strangers == 2


def test_a_pair_that_missed_the_last_session_is_in_its_sections_field_still(club, director):
    """Eve & Fay (NS 3 of the first session, 0%) miss the second, where Max & Ned sit in their
    seat: each session has its own section, yet Eve & Fay's field is still section A's NS
    pairs, where Ann & Bob are best; they do not go through alone in a field of their own."""
    one, two = two_sessions(club)
    name_pairs(one, NAMES)
    name_pairs(two, {**NAMES, ("NS", 1): ("Max", "Ned"), ("NS", 3): ("Ann", "Bob")})
    championship = create_championship(club, "Club championship", [one, two], "factored",
                                       "zero")  # fmt: skip
    play_everything(one, director, FIRST)
    play_everything(two, director, SECOND)
    final = make_session(club, name="Final", date=datetime.date(2026, 11, 26))
    Championship.objects.filter(pk=championship.pk).update(
        final=final, finalists=1, qualify_by="section", carry_percent=50
    )
    championship.refresh_from_db()
    through = {row.entrant.names for row in final_standings(championship, True).rows}
    assert "Eve & Fay" not in through
    assert "Ann & Bob" in through


def test_before_the_final_the_carry_forward_alone(club, director):
    """The final not begun: Ann & Bob carry 50 and lead; the others carry 25, 2=."""
    rows = _by_names(final_standings(_qualified(club, director, play_final=False), True))
    assert (rows["Ann & Bob"].final, rows["Ann & Bob"].total, rows["Ann & Bob"].rank) == (
        None, 50.0, "1")  # fmt: skip
    assert rows["Cat & Dan"].rank == "2="


def test_readers_see_the_final_once_it_is_published(client, club, director):
    championship = _qualified(club, director)
    url = reverse("championship_detail", args=[championship.pk])
    page = client.get(url).content.decode()
    assert "Qualifying standings" in page and "No qualifiers yet" not in page
    assert "Carried (50%)" in page and "125.00" not in page  # the final is not published
    Championship.objects.get(pk=championship.pk).final.__class__.objects.filter(
        pk=championship.final_id
    ).update(published=True)
    assert "125.00" in client.get(url).content.decode()


def test_the_director_marks_the_final(director_client, club, director):
    championship = _qualified(club, director)
    Championship.objects.filter(pk=championship.pk).update(final=None, finalists=None)
    final = make_session(club, name="Grand final")
    url = reverse("championship_final", args=[championship.pk])
    assert "Final session" in director_client.get(url).content.decode()
    data = {"final": final.pk, "finalists": 3, "qualify_by": "overall", "carry_percent": 40}
    assert director_client.post(url, data).url == reverse(
        "championship_detail", args=[championship.pk])  # fmt: skip
    saved = Championship.objects.get(pk=championship.pk)
    assert (saved.final, saved.finalists, saved.carry_percent) == (final, 3, 40)
    assert saved.version > championship.version
    page = director_client.get(reverse("championship_detail", args=[championship.pk]))
    assert "Grand final" in page.content.decode()


@pytest.mark.parametrize(
    "change, words",
    [
        ({"finalists": 7}, "7 cannot go through: the qualifying field is smaller (it has 6"),
        ({"finalists": 4, "qualify_by": "section"}, "its largest section field has 3 pairs"),
        ({"finalists": 0}, "At least one pair goes through"),
        ({"finalists": ""}, "Say how many pairs go through"),
        ({"carry_percent": 101}, "cannot be above 100%"),
        ({"carry_percent": -1}, "cannot be below 0%"),
        ({"carry_percent": "half"}, "a whole number of percent"),
        ({"final": "other club"}, "a final is one of the club"),
        ({"final": "stage"}, "a final is one of the club"),
        ({"final": "9" * 40}, "a final is one of the club"),
        ({"final": "imps"}, "is scored in IMPs"),
    ],
)
def test_bad_input_is_refused_in_words_and_stores_nothing(
    director_client, club, director, change, words
):
    championship = _qualified(club, director, play_final=False)
    Championship.objects.filter(pk=championship.pk).update(final=None, finalists=None)
    before = Championship.objects.values().get(pk=championship.pk)
    final = make_session(club, name="Grand final")
    data = {"final": final.pk, "finalists": 2, "qualify_by": "overall", "carry_percent": 50,
            **change}  # fmt: skip
    chosen = {
        "other club": lambda: make_session(make_club(name="Hillside BC")).pk,
        "stage": lambda: championship.stages.first().event_id,
        "imps": lambda: make_session(club, scoring_method="cross-imps").pk,
    }
    if data["final"] in chosen:
        data["final"] = chosen[data["final"]]()
    response = director_client.post(reverse("championship_final", args=[championship.pk]), data)
    assert response.status_code == 200
    assert words in response.content.decode().replace("\n", " ")
    assert Championship.objects.values().get(pk=championship.pk) == before


def test_only_its_directors_mark_a_final(client, colleague, club, director):
    championship = _qualified(club, director)
    url = reverse("championship_final", args=[championship.pk])
    client.force_login(colleague)
    assert client.get(url).status_code == 404


def test_the_page_follows_the_final_live(client, club, director):
    championship = _qualified(club, director, play_final=False)
    Championship.objects.get(pk=championship.pk).final.__class__.objects.filter(
        pk=championship.final_id
    ).update(published=True)
    url = reverse("championship_detail", args=[championship.pk])
    page = client.get(url).content.decode()
    version = page.split("?since=")[1].split('"')[0].replace("&amp;", "&").split("&")[0]
    assert client.get(url, {"since": version}, headers={"HX-Request": "true"}).status_code == 204
    championship.refresh_from_db()
    play_everything(championship.final, director, FIRST, boards={1})
    poll = client.get(url, {"since": version}, headers={"HX-Request": "true"})
    assert poll.status_code == 200 and "Cat &amp; Dan" in poll.content.decode()


def test_the_pdf_carries_the_final(client, club, director):
    championship = _qualified(club, director)
    response = client.get(reverse("championship_pdf", args=[championship.pk]))
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")


def _page_queries(client, championship) -> int:
    cache.clear()
    with CaptureQueriesContext(connection) as captured:
        assert client.get(reverse("championship_detail", args=[championship.pk])).status_code == 200
    return len(captured.captured_queries)


def test_the_page_with_a_final_takes_a_fixed_number_of_queries(
    client, club, django_assert_max_num_queries
):
    """Two 3-table qualifying sessions and a 3-table final, then four 13-table sessions and a
    13-table final (26 entrants, top 20 through): the larger costs only its two more sessions'
    queries (each read by the qualifying and the final's standings), whatever its pairs."""
    small = [make_big_session(club, tables=3, boards=6, name=f"Small {n}") for n in (1, 2, 3)]
    big = [make_big_session(club, tables=13, boards=26, name=f"Big {n}") for n in range(1, 6)]
    small_one = create_championship(club, "Small", small[:2], "factored", "zero")
    big_one = create_championship(club, "Big", big[:4], "average", "zero")
    per_session = (_page_queries(client, big_one) - _page_queries(client, small_one)) / 2
    Championship.objects.filter(pk=small_one.pk).update(final=small[2], finalists=4)
    Championship.objects.filter(pk=big_one.pk).update(final=big[4], finalists=20)
    small_queries = _page_queries(client, small_one)
    with django_assert_max_num_queries(int(small_queries + 2 * 2 * per_session)):
        _page_queries(client, big_one)
    standings = final_standings(Championship.objects.get(pk=big_one.pk), director=False)
    assert standings is not None and len(standings.rows) >= 20


def test_a_final_cannot_then_be_a_championship_session(director_client, club, director):
    championship = _qualified(club, director, play_final=False)
    other = make_session(club, name="Another")
    url = reverse("championship_create", args=[club.slug])
    data = {"name": "C", "sessions": [championship.final_id, other.pk],
            "combination": "factored", "missed": "zero"}  # fmt: skip
    response = director_client.post(url, data)
    assert "is the final of" in response.content.decode()
    assert Championship.objects.count() == 1
