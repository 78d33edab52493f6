"""Scoring rules through the database: places, options, confirmations, the importer's flags."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from events.entry.errors import EntryWarning
from events.entry.saving import save_result
from events.models import Board, Club, Event, Pair, Penalty, Result, Section
from events.standings.ranking import event_standings, section_standings
from tests.events.entry.test_saving import seats
from tests.factories import make_session


def play_all(event, director, text_of=lambda board, ns, ew: "4S N ="):
    section = event.sections.get()
    pairs = {p.key: p for p in section.pairs.all()}
    for board in Board.objects.filter(section=section):
        for seating in section.movement().plays_of_board(board.number):
            ns, ew = pairs[seating.ns], pairs[seating.ew]
            save_result(board, ns, ew, text_of(board, ns, ew), director)
    return section


def test_a_phantom_mitchell_where_every_table_scored_the_same_is_a_tie(club, director):
    # The defect: a 6-table Mitchell with a phantom, every table the same score, put
    # one EW pair 1st and four 2=. Every result is an average, so every pair has 50%.
    event = make_session(club, tables=6, phantom="EW", boards_per_round=2)
    section = play_all(event, director)
    for group in section_standings(section):
        assert {(row.percentage, row.rank) for row in group.rows if row.boards} == {(50.0, "1=")}


def test_a_doubtful_trick_count_asks_before_it_is_stored(mitchell_session, director):
    board, ((ns, ew), *_) = seats(mitchell_session, 1)
    with pytest.raises(EntryWarning, match="4 tricks is down 6"):
        save_result(board, ns, ew, "4S N 4", director)
    assert not Result.objects.exists()
    save_result(board, ns, ew, "4S N 4", director, override=True)
    assert Result.objects.get().ns_score == -300


def test_the_traveller_page_warns_and_a_second_enter_saves(director_client, mitchell_session):
    board, ((ns, ew), *_) = seats(mitchell_session, 1)
    url = reverse("board_traveller", args=[board.pk])
    data = {"board": board.pk, "ns": ns.pk, "ew": ew.pk, "text": "4S N 4"}
    response = director_client.post(url, data, HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert "down 6" in body and "Press Enter again" in body
    # The reading's doubt, then the row's one instruction (a helper saw it said twice).
    assert body.lower().count("press enter again") == 1
    assert not Result.objects.exists()
    director_client.post(url, {**data, "override": "on"}, HTTP_HX_REQUEST="true")
    assert Result.objects.get().ns_score == -300


def test_a_line_marked_f2_is_scored_in_its_fouled_group(mitchell_session, director):
    # Law 87: three tables, two played the board as dealt, one the fouled form (group 2).
    # Group 0: +450 and +420 raw 1 and 0 of top 1 -> Neuberg to 3: (mp + 1/2) x 3/2 - 1/2
    # = 1.75 and 0.25; the lone group 2 result gets the average, 1, of the top 2.
    board, tables = seats(mitchell_session, 1)
    for (ns, ew), text in zip(tables, ["450", "420", "4S N -1 F2"]):
        save_result(board, ns, ew, text, director)
    points = {r.ns_score: (r.ns_points, r.foul_group) for r in Result.objects.all()}
    assert points == {450: (1.75, 0), 420: (0.25, 0), -50: (1.0, 2)}


def test_changing_an_option_in_the_browser_rescores_and_names_it(director_client, club, director):
    event = make_session(club, tables=3, boards_per_round=1, scoring_method="cross-imps")
    board, ((ns, ew), *others) = seats(event, 1)
    for (n, e), text in zip([(ns, ew), *others], ["420", "450", "-50"]):
        save_result(board, n, e, text, director)
    before = Result.objects.get(ns_score=420).ns_points
    data = {"scoring": "cross-imps", "totals": "raw", "missing_results": "neuberg",
            "adjusted_rule": "fixed", "cross_imps": "total", "ave_plus_imps": "1",
            "butler_drop": "", "datum_rounding": "10"}  # fmt: skip
    response = director_client.post(reverse("session_options", args=[event.pk]), data)
    assert response.status_code == 302
    # +420 against +450 (-1) and -50 (+10): averaged 4.5, summed 9.
    assert (before, Result.objects.get(ns_score=420).ns_points) == (4.5, 9.0)
    page = director_client.get(reverse("session_detail", args=[event.pk])).content.decode()
    assert "IMPs summed over comparisons" in page and "Ave+ 1 IMP per comparison" in page


def test_the_options_page_refuses_nonsense(director_client, club):
    event = make_session(club, tables=3, boards_per_round=1)
    data = {"scoring": "butler", "totals": "raw", "missing_results": "neuberg",
            "adjusted_rule": "fixed", "cross_imps": "average", "ave_plus_imps": "30",
            "butler_drop": "60%", "datum_rounding": "10"}  # fmt: skip
    response = director_client.post(reverse("session_options", args=[event.pk]), data)
    assert response.status_code == 200
    body = response.content.decode()
    assert "At most 24 IMPs" in body and "percentage under 50" in body
    assert Event.objects.get(pk=event.pk).scoring == "matchpoints"


def test_an_option_posted_empty_keeps_the_sessions_value(director_client, club):
    # A hand-made post (the page always sends each option): an empty option was stored as it
    # came, a convention nothing can score by, and the rescore failed with a server error.
    event = make_session(club, tables=3, boards_per_round=1)
    data = {"scoring": "matchpoints", "adjusted_rule": "", "places": "", "rounding": "",
            "ave_plus_imps": "", "datum_rounding": ""}  # fmt: skip
    response = director_client.post(reverse("session_options", args=[event.pk]), data)
    assert response.status_code == 302
    stored = Event.objects.get(pk=event.pk)
    assert (stored.adjusted_rule, stored.places, stored.rounding) == ("fixed", "field", "exact")


def test_only_the_clubs_directors_change_options(client, club, colleague, stranger):
    event = make_session(club, tables=3, boards_per_round=1)
    for user in (colleague, stranger):
        client.force_login(user)
        assert client.get(reverse("session_options", args=[event.pk])).status_code == 404


# --- import_travellers and export_results, as the acceptance checks call them -------------

HEADER = "board,ns,ew,contract,declarer,result\n"
# Three NS pairs, board 1 only: NS 3 misses it (not played).
SHORT = (
    HEADER + "1,1,1,4S,N,=\n1,2,2,4S,N,+1\n1,3,3,NP,,\n2,1,2,4S,N,=\n2,2,3,4S,N,=\n2,3,1,4S,N,-1\n"
)


def run(*args):
    out, err = StringIO(), StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def import_and_export(tmp_path, text, *flags):
    path = tmp_path / "travellers.csv"
    path.write_text(text)
    out, err = run("import_travellers", str(path), "--name", "Acceptance", *flags)
    session_id = out.strip().splitlines()[-1]
    return json.loads(run("export_results", session_id, "--format", "json")[0]), err


def test_a_refused_import_on_an_empty_database_stores_nothing_not_even_a_club(db, tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text(HEADER + "1,1,1,9S,N,=\n")
    with pytest.raises(CommandError, match="nothing imported"):
        run("import_travellers", str(path), "--name", "Bad")
    assert not Club.objects.exists() and not Event.objects.exists()


def test_import_flags_become_the_sessions_options(db, tmp_path):
    document, _ = import_and_export(
        tmp_path,
        SHORT,
        "--scoring",
        "cross-imps",
        "--totals",
        "factored",
        "--missing-results",
        "average",
        "--adjusted-rule",
        "session",
        "--cross-imps",
        "total",
        "--ave-plus-imps",
        "1",
        "--butler-drop",
        "5%",
        "--datum-rounding",
        "1",
        "--publish",
    )
    assert document["options"] == {
        "totals": "factored", "missing_results": "average", "adjusted_rule": "session",
        "cross_imps": "total", "ave_plus_imps": 1, "butler_drop": "5%", "datum_rounding": 1,
        "scored_as": "", "rounding": "exact", "adjusted_boards": "factored",
        "percentages": "exact", "places": "field",
    }  # fmt: skip
    assert document["session"]["published"] is True
    assert "IMPs summed over comparisons" in document["scored"]


def test_factored_totals_in_the_export(db, tmp_path):
    # NS 3 played one board of two: ACBLscore factors its total up by 2/1. Board 2 (NS
    # vulnerable): +620, +620, +100 (4S -1 by N? no: EW +100): NS 3 has 0 of a top of 2.
    document, _ = import_and_export(tmp_path, SHORT, "--totals", "factored")
    ns = {p["pair"]: p for p in document["sections"][0]["pairs"] if p["direction"] == "NS"}
    # Board 1 (2 of 3 due, Neuberg (mp+1/2)x3/2-1/2): NS 1 +420 raw 0 -> 0.25, NS 2 1.75.
    # Board 2 (NS vul): +620, +620, -100: NS 1 1.5, NS 2 1.5, NS 3 0.
    assert (ns[1]["total"], ns[2]["total"], ns[3]["total"]) == (1.75, 3.25, 0.0)
    assert (ns[1]["percentage"], ns[2]["percentage"], ns[3]["percentage"]) == (43.75, 81.25, 0.0)
    assert [ns[n]["rank"] for n in (2, 1, 3)] == ["1", "2", "3"]


def test_a_penalty_flag_comes_off_the_pair(db, tmp_path):
    document, _ = import_and_export(tmp_path, SHORT, "--penalty", "NS 2:0.5 slow play")
    ns2 = next(
        p for p in document["sections"][0]["pairs"] if p["pair"] == 2 and p["direction"] == "NS"
    )
    assert (ns2["total"], ns2["penalty"]) == (2.75, 0.5)  # 3.25 less 0.5
    assert Penalty.objects.get().reason == "slow play"


def test_a_penalty_for_a_pair_that_does_not_exist_refuses_the_import(db, tmp_path):
    path = tmp_path / "t.csv"
    path.write_text(SHORT)
    with pytest.raises(CommandError, match="no pair NS 9"):
        run("import_travellers", str(path), "--name", "x", "--penalty", "NS 9:1")
    assert not Event.objects.exists()


def test_a_doubtful_trick_count_in_a_file_is_imported_with_a_warning(db, tmp_path):
    _, err = import_and_export(tmp_path, HEADER + "1,1,1,4S,N,4\n1,2,2,4S,N,=\n")
    assert "line 2: warning: 4S N 4: 4 tricks is down 6" in err
    assert Result.objects.filter(ns_score=-300).exists()


def test_sections_matchpointed_across_the_field(db, tmp_path):
    # Two sections play board 1: across the field the four results are compared together:
    # +450 3, +420 1.5 and 1.5, -50 0 (ACBL), and the pairs rank together.
    text = "section,board,ns,ew,score\nA,1,1,1,450\nA,1,2,2,420\nB,1,1,1,420\nB,1,2,2,-50\n"
    document, _ = import_and_export(tmp_path, text, "--across-field")
    points = {
        (s["name"], r["ns"]): r["ns_points"]
        for s in document["sections"]
        for b in s["boards"]
        for r in b["results"]
    }
    assert points == {("A", 1): 3.0, ("A", 2): 1.5, ("B", 1): 1.5, ("B", 2): 0.0}
    event = Event.objects.get()
    ((_, groups),) = event_standings(event)
    ns = next(group for group in groups if group.title == "NS pairs")
    assert [(row.pair.section.name, row.pair.number, row.rank) for row in ns.rows] == [
        ("A", 1, "1"), ("A", 2, "2="), ("B", 1, "2="), ("B", 2, "4"),
    ]  # fmt: skip


# --- Arrow-switch and one winner -------------------------------------------------------


def test_an_arrow_switched_mitchell_ranks_every_pair_in_one_field(director_client, club):
    data = {"club": club.pk, "name": "One field", "date": "2026-11-26", "movement": "mitchell",
            "tables": "3", "phantom": "", "boards_per_round": "1", "scoring": "matchpoints",
            "arrow_switch": "last"}  # fmt: skip
    director_client.post(reverse("session_create"), data)
    event = Event.objects.get(name="One field")
    section = event.sections.get()
    assert (section.arrow_switch, event.one_winner) == ("3", True)
    # NS pairs make +420 on rounds 1-2; in round 3 (switched) the EW pairs sit NS and make
    # the same +420: everyone averages 50% and all six rank together.
    section = play_all(event, event.club.directors.get())
    (group,) = section_standings(section)
    assert group.title == "All pairs" and len(group.rows) == 6
    assert {r.ns_pair.direction for r in Result.objects.filter(round=3)} == {"EW"}
    assert {r.ns_pair.direction for r in Result.objects.exclude(round=3)} == {"NS"}
    assert "one winner" in event.describe_scoring()


def test_arrow_switch_is_refused_in_a_howell(director_client, club):
    data = {"club": club.pk, "name": "x", "date": "2026-11-26", "movement": "howell",
            "tables": "3", "phantom": "", "boards_per_round": "2", "scoring": "matchpoints",
            "arrow_switch": "last"}  # fmt: skip
    response = director_client.post(reverse("session_create"), data)
    assert b"Arrow-switching is for a Mitchell" in response.content
    assert not Event.objects.exists()


def test_an_imported_arrow_switched_round_and_one_winner(db, tmp_path):
    # "2EW" in the ns column: EW pair 2 sat NS on board 2 (an arrow-switched round).
    text = HEADER + "1,1,1,4S,N,=\n1,2,2,4S,N,+1\n2,2EW,1NS,4S,N,=\n2,1EW,2NS,4S,N,-1\n"
    document, _ = import_and_export(tmp_path, text, "--one-winner")
    pairs = document["sections"][0]["pairs"]
    # Board 1: NS 2 +450 beats NS 1 +420, so NS 2 1 of 1, EW 1 (against NS 1) 1, EW 2 0.
    # Board 2: EW 2 sitting NS +420 beats EW 1 sitting NS -50: EW 2 1, EW 1 0; NS 2 sitting
    # EW against the -50 gets 1, NS 1 sitting EW 0. NS 2 100%, EW 1 and EW 2 50%, NS 1 0%.
    ranks = {(p["direction"], p["pair"]): (p["percentage"], p["rank"]) for p in pairs}
    assert ranks == {
        ("NS", 2): (100.0, "1"), ("EW", 2): (50.0, "2="),
        ("EW", 1): (50.0, "2="), ("NS", 1): (0.0, "4"),
    }  # fmt: skip


def test_a_director_adds_and_removes_a_penalty_in_the_browser(director_client, club, director):
    event = make_session(club, tables=3, boards_per_round=1)
    section = play_all(event, director)
    ns1 = section.pairs.get(number=1, direction="NS")
    url = reverse("session_penalties", args=[event.pk])
    data = {"pair": ns1.pk, "amount": "25", "unit": "percent", "reason": "slow play"}
    assert director_client.post(url, data).status_code == 302
    # Everyone scored 50% (all +420); 25% of a top of 2 is 0.5 off 3 matchpoints: 2.5 of 6.
    row = next(r for g in section_standings(section) for r in g.rows if r.pair == ns1)
    assert (row.total, row.penalty, round(row.percentage, 4)) == (2.5, 0.5, 41.6667)
    page = director_client.get(reverse("session_detail", args=[event.pk])).content.decode()
    assert "(−0.50 pen.)" in page
    penalty = Penalty.objects.get()
    director_client.post(reverse("penalty_delete", args=[event.pk, penalty.pk]))
    assert not Penalty.objects.exists()


def test_a_penalty_must_be_positive(director_client, club):
    event = make_session(club, tables=3, boards_per_round=1)
    pair = event.sections.get().pairs.first()
    response = director_client.post(
        reverse("session_penalties", args=[event.pk]),
        {"pair": pair.pk, "amount": "-1", "unit": "points"},
    )
    assert b"positive" in response.content or b"greater than" in response.content
    assert not Penalty.objects.exists()


def test_only_the_clubs_directors_see_penalties(client, club, colleague, stranger):
    event = make_session(club, tables=3, boards_per_round=1)
    for user in (colleague, stranger):
        client.force_login(user)
        assert client.get(reverse("session_penalties", args=[event.pk])).status_code == 404


def test_the_penalty_pair_list_names_each_pairs_section(director_client, club):
    event = make_session(club, tables=3, boards_per_round=1)
    second = Section.objects.create(event=event, name="B", tables=3)
    Pair.objects.create(section=second, number=1, direction="EW", player1="Zoe", player2="Yan")
    body = director_client.get(reverse("session_penalties", args=[event.pk])).content.decode()
    assert ">A EW 1</option>" in body and ">B EW 1 (Zoe &amp; Yan)</option>" in body
    assert body.index(">A NS 1<") < body.index(">A EW 1<"), "NS pairs come first"
