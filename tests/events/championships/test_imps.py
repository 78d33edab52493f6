"""A championship of sessions scored in IMPs: their IMPs added up, on the page, in the form,
the final's form and the files.

The IMPs are worked by hand: each session is the championships' tests' 3-table Mitchell of 6
boards (tests/events/championships/helpers.py), scored by Butler (docs/rules.md: with three
results on a board none is dropped, the datum is their mean rounded to 10, IMPs on the WBF
scale). NS 1 makes 4S +1, NS 2 4S =, NS 3 4S −1 in session 1. Not vulnerable: +450, +420, −50,
datum 273⅓ → 270, so +180 → 5 IMPs, +150 → 4, −320 → −8. NS vulnerable: +650, +620, −100,
datum 390, so +260 → 6, +230 → 6, −490 → −10. Boards 1, 3 and 6 are NS not vulnerable, 2, 4
and 5 vulnerable (Law 2), so NS 1 scores 3 × 5 + 3 × 6 = 33, NS 2 3 × 4 + 3 × 6 = 30, NS 3
3 × −8 + 3 × −10 = −54. Session 2 is the same with NS 3 best; Ann & Bob sit NS 1 then NS 3,
Eve & Fay NS 3 then NS 1. The sessions add up (Cliff Short, *Pairs with a Team's Flavour!*,
Hemel Hempstead Bridge Club: the winner has the highest total IMPs over the boards played).
"""

from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from events.championships.setup import create_championship
from events.championships.standings import combined_standings
from events.formats.championship_json import championship_document
from events.models import Championship
from tests.events.championships.helpers import NAMES, name_pairs, play_everything, two_sessions
from tests.factories import make_club, make_session

FIRST = {1: "4S N +1", 2: "4S N =", 3: "4S N -1"}
SECOND = {1: "4S N -1", 2: "4S N =", 3: "4S N +1"}
SWAPPED = {**NAMES, ("NS", 1): ("Eve", "Fay"), ("NS", 3): ("Ann", "Bob")}


def _in_imps(club, director):
    one, two = two_sessions(club, scoring_method="butler")
    name_pairs(one, NAMES)
    name_pairs(two, SWAPPED)
    championship = create_championship(club, "Butler pairs", [one, two], "imps", "zero")
    play_everything(one, director, FIRST)
    play_everything(two, director, SECOND)
    return championship


def _table(championship):
    return {
        row.entrant.names: (row.cells, row.total, row.rank)
        for row in combined_standings(championship, director=True).rows
    }


def test_the_sessions_imps_add_up(club, director):
    """Ann & Bob 33 + 33 = 66, first; Cat & Dan 30 + 30 = 60, second; Eve & Fay −108."""
    table = _table(_in_imps(club, director))
    assert table["Ann & Bob"] == ([33.0, 33.0], 66.0, "1")
    assert table["Cat & Dan"] == ([30.0, 30.0], 60.0, "2")
    assert table["Eve & Fay"][:2] == ([-54.0, -54.0], -108.0)


def test_the_page_says_imps(client, club, director):
    championship = _in_imps(club, director)
    page = client.get(reverse("championship_detail", args=[championship.pk])).content.decode()
    assert "Total IMPs" in page and "Places follow the total IMPs" in page
    assert "a session not played: scores nothing (0 IMPs)." in page
    assert "66.00" in page


def test_the_director_creates_one_of_imp_sessions(director_client, club):
    one, two = two_sessions(club, scoring_method="cross-imps")
    data = {"name": "IMP pairs", "sessions": [one.pk, two.pk], "combination": "imps",
            "missed": "zero"}  # fmt: skip
    response = director_client.post(reverse("championship_create", args=[club.slug]), data)
    assert response.status_code == 302
    assert Championship.objects.get().combination == "imps"


@pytest.mark.parametrize(
    "methods, combination, words",
    [
        (("butler", "butler"), "factored", "These sessions are scored in IMPs: choose"),
        (("butler", "butler"), "average", "These sessions are scored in IMPs: choose"),
        (("matchpoints", "matchpoints"), "imps", "IMPs are added up only for sessions scored"),
        (("matchpoints", "butler"), "imps", "all scored in IMPs or all with percentages"),
    ],
)
def test_imps_and_matchpoints_are_not_mixed(director_client, club, methods, combination, words):
    events = [make_session(club, name=f"S{n}", scoring_method=m) for n, m in enumerate(methods)]
    data = {"name": "C", "sessions": [e.pk for e in events], "combination": combination,
            "missed": "zero"}  # fmt: skip
    response = director_client.post(reverse("championship_create", args=[club.slug]), data)
    assert response.status_code == 200
    assert words in response.content.decode().replace("\n", " ")
    assert not Championship.objects.exists()


def test_a_championship_in_imps_has_no_final(director_client, club, director):
    championship = _in_imps(club, director)
    final = make_session(club, name="Final")
    data = {"final": final.pk, "finalists": 2, "qualify_by": "overall", "carry_percent": 50}
    response = director_client.post(reverse("championship_final", args=[championship.pk]), data)
    assert response.status_code == 200
    assert "IMPs, which have no top" in response.content.decode()
    assert Championship.objects.get(pk=championship.pk).final is None


def test_it_reads_back_from_usebio_as_imps(club, director, tmp_path):
    """import_travellers takes sessions in IMPs as IMPs, whatever --combination defaults to."""
    championship = _in_imps(club, director)
    out = StringIO()
    call_command("export_results", str(championship.pk), "--championship", "--format", "usebio",
                 stdout=out)  # fmt: skip
    path = tmp_path / "butler-pairs.xml"
    path.write_text(out.getvalue(), encoding="utf-8")
    make_club(name="Hillside BC", slug="hillside")
    out, err = StringIO(), StringIO()
    call_command("import_travellers", str(path), "--club", "hillside", "--championship", "Again",
                 stdout=out, stderr=err)  # fmt: skip
    copy = Championship.objects.get(pk=int(out.getvalue().split()[-1]))
    assert copy.combination == "imps"
    assert _table(copy) == _table(championship)
    assert "warning" not in err.getvalue()


def test_a_session_rescored_with_matchpoints_counts_for_nothing_and_says_so(client, club, director):
    """Session 2 rescored with matchpoints after the championship was made in IMPs: its
    matchpoints cannot add up with IMPs, so it counts for nothing and the page says why."""
    championship = _in_imps(club, director)
    two = championship.stages.get(order=2).event
    two.scoring = "matchpoints"
    two.save()
    table = _table(championship)
    assert table["Ann & Bob"] == ([33.0, None], 33.0, "1")
    page = client.get(reverse("championship_detail", args=[championship.pk])).content.decode()
    assert "Session 2 is now scored with matchpoints, unlike this championship" in page


def test_the_json_says_its_figures_are_imps(club, director):
    document = championship_document(_in_imps(club, director), director=True)
    assert document["championship"]["figures"] == "imps"


def test_butler_and_cross_imps_sessions_have_no_one_usebio_event(director_client, club, director):
    one, two = two_sessions(club, scoring_method="butler")
    two.scoring = "cross-imps"
    two.save()
    championship = create_championship(club, "Mixed", [one, two], "imps", "zero")
    play_everything(one, director, FIRST)
    play_everything(two, director, SECOND)
    response = director_client.get(reverse("championship_usebio", args=[championship.pk]),
                                   follow=True)  # fmt: skip
    assert "its sessions are scored in different ways" in response.content.decode()


@pytest.mark.parametrize("method, refused", [("matchpoints", True), ("cross-imps", False)])
def test_a_championship_session_keeps_its_kind_of_scoring(
    director_client, club, director, method, refused
):
    """A session of an IMPs championship may change its IMP method (Butler to cross-IMPs),
    not turn to matchpoints, which would count for nothing there."""
    championship = _in_imps(club, director)
    two = championship.stages.get(order=2).event
    data = {"scoring": method, "totals": "raw", "missing_results": "neuberg",
            "adjusted_rule": "fixed", "cross_imps": "average", "ave_plus_imps": "3",
            "butler_drop": "", "datum_rounding": "10"}  # fmt: skip
    response = director_client.post(reverse("session_options", args=[two.pk]), data)
    two.refresh_from_db()
    if refused:
        assert response.status_code == 200
        assert "part of “Butler pairs”, which adds up sessions scored in IMPs" in (
            response.content.decode()
        )
        assert two.scoring == "butler"
    else:
        assert response.status_code == 302 and two.scoring == "cross-imps"
