"""The load test's pieces that need no load: reading the pages the way its users do, posting
what a row's form posts, and the integrity checker finding planted faults.

Scores (Laws 2 and 77 of the 2017 Laws): board 1 is dealt by North, nobody vulnerable, so 4S
by N made is +420. The matchpoint check (Thompson, *How Duplicate Pair Competition Board
Matchpoints ... Are Computed*, principle 3): on
every board NS + EW = top for each result and the NS points add up to n(n-1)/2 in ACBL units.
"""

import platform
import sys

import pytest
from django.test import Client
from django.urls import reverse

from benchmarks.load import front, integrity, pages, run, speed
from events.entry.saving import save_result
from events.models import Board, Result, ResultChange
from events.standings.scorer import rescore
from tests.factories import make_club, make_session, make_user

pytestmark = pytest.mark.django_db

# The runner's checks of its options apart from nginx, which `make test` does not install.
NO_FRONT = ["--front", "none"]


@pytest.fixture
def director():
    return make_user(username="table-1")


@pytest.fixture
def session(director):
    event = make_session(make_club(directors=[director]), tables=3, boards_per_round=2)
    event.published = True
    event.save(update_fields=["published"])
    return event


def typist(director) -> Client:
    client = Client(enforce_csrf_checks=True)  # as the server checks it: the token must fit
    client.force_login(director)
    return client


def round_url(session, table=1, round_number=1):
    return reverse("table_round", args=[session.sections.get().pk, table, round_number])


def post_row(client, url, row, text, csrf):
    headers = pages.htmx_headers(f"http://testserver{url}", "traveller", f"row-{row.key}", csrf)
    return client.post(url, pages.save_form(row, text), headers=headers)


def fill(session, director):
    """Every result of the session, as the table typists would leave it."""
    texts = ["4S N =", "3NT S +1", "4S N -1"]
    section = session.sections.get()
    pairs = {p.key: p for p in section.pairs.all()}
    for board in Board.objects.filter(section=section):
        plays = section.movement().plays_of_board(board.number)
        for seating, text in zip(plays, texts, strict=False):
            save_result(board, pairs[seating.ns], pairs[seating.ew], text, director)


def ledger_of(session) -> dict:
    """What the typists' ledger says after saving every stored line once."""
    return {
        f"{r.board_id}-{r.ns_pair_id}-{r.ew_pair_id}": {
            **pages.ledger_entry(),
            "saved": r.text,
            "saves": 1,
        }
        for r in Result.objects.filter(board__section__event=session)
    }


def test_a_table_round_page_gives_the_rows_and_the_save_stores_them(session, director):
    client, url = typist(director), round_url(session)
    page = client.get(url).content.decode()
    rows = [row for row in pages.traveller_rows(page).values() if not row.is_new]
    movement = session.sections.get().movement()
    seating = movement.seating(1, 1)
    assert [row.board for row in rows] == [
        Board.objects.get(section__event=session, number=n).pk
        for n in movement.boards_of_set(seating.board_set)
    ]
    first = rows[0]
    assert (first.ns_number, first.ew_number) == (str(seating.ns.number), str(seating.ew.number))
    assert (first.fields["version"], first.text, first.refused) == ("0", "", "")

    answer = post_row(client, url, first, "4S N =", pages.page_csrf_token(page))
    assert answer.status_code == 200
    saved = pages.traveller_rows(answer.content.decode())[first.key]
    assert (saved.text, saved.refused) == ("4S N =", "")
    result = Result.objects.get()
    assert (result.ns_score, saved.fields["version"]) == (420, str(result.version))


def test_the_typists_refresh_follows_the_cards_own_url_after_a_save(session, director):
    # What the save's HX-Trigger makes the page fetch: the card's hx-get, with its section.
    client, url = typist(director), round_url(session)
    page = client.get(url).content.decode()
    section = session.sections.get()
    before = pages.standings_url(page)
    assert (
        before == f"/sessions/{session.pk}/standings/?since={session.version}&section={section.pk}"
    )
    first = next(iter(pages.traveller_rows(page).values()))
    answer = post_row(client, url, first, "4S N =", pages.page_csrf_token(page))
    assert answer["HX-Trigger"] == "clubscore:saved"
    headers = pages.htmx_headers(f"http://testserver{url}", "standings", "standings")
    refreshed = client.get(before, headers=headers)
    assert refreshed.status_code == 200
    session.refresh_from_db()
    after = pages.standings_url(refreshed.content.decode())
    assert (
        after == f"/sessions/{session.pk}/standings/?since={session.version}&section={section.pk}"
    )


def test_the_typists_grid_refresh_is_the_grids_own_url(session, director):
    client, url = typist(director), round_url(session)
    page = client.get(url).content.decode()
    grid = pages.grid_url(page)
    assert grid == f"{url}grid/?since={session.version}"
    first = next(iter(pages.traveller_rows(page).values()))
    post_row(client, url, first, "4S N =", pages.page_csrf_token(page))
    headers = pages.htmx_headers(f"http://testserver{url}", "progress-grid", "progress-grid")
    refreshed = client.get(grid, headers=headers)
    assert refreshed.status_code == 200
    assert "1/2" in refreshed.content.decode()  # the row just saved, of the round's 2 boards


def test_the_typists_rows_poll_asks_from_the_rows_version_and_gets_them_once_changed(
    session, director
):
    # As static/js/entry.js polls: the page's `data-since`, then each answer's.
    client, url = typist(director), round_url(session)
    page = client.get(url).content.decode()
    assert pages.rows_version(page) == session.version
    headers = pages.htmx_headers(f"http://testserver{url}", "traveller", "traveller")
    assert client.get(f"{url}?since={session.version}", headers=headers).status_code == 204
    first = next(iter(pages.traveller_rows(page).values()))
    saved = post_row(client, url, first, "4S N =", pages.page_csrf_token(page))
    session.refresh_from_db()
    assert pages.rows_version(saved.content.decode()) == session.version
    answer = client.get(f"{url}?since={pages.rows_version(page)}", headers=headers)
    assert answer.status_code == 200
    assert pages.rows_version(answer.content.decode()) == session.version
    assert pages.traveller_rows(answer.content.decode())[first.key].text == "4S N ="


def test_a_save_typed_against_an_old_version_reads_as_refused(session, director):
    client, url = typist(director), round_url(session)
    page = client.get(url).content.decode()
    csrf = pages.page_csrf_token(page)
    first = next(iter(pages.traveller_rows(page).values()))
    post_row(client, url, first, "4S N =", csrf)
    answer = post_row(client, url, first, "3NT S +1", csrf)  # still says version 0
    assert pages.traveller_rows(answer.content.decode())[first.key].refused == "conflict"
    assert Result.objects.get().text == "4S N ="


def test_the_standings_poll_carries_the_version_and_an_unchanged_one_gets_204(session, director):
    url = reverse("session_standings", args=[session.pk])
    headers = pages.htmx_headers("http://testserver/", "standings", "standings")
    fragment = Client().get(f"{url}?since=-1", headers=headers)  # a viewer's first poll
    session.refresh_from_db()
    assert pages.standings_version(fragment.content.decode()) == session.version
    assert Client().get(f"{url}?since={session.version}", headers=headers).status_code == 204


def test_the_next_line_always_differs_from_the_rows_line():
    row = pages.Row("1-2-3", {"board": "1"}, "1", "1", text="", refused="")
    for turn in range(20):
        row.text = pages.next_text(row, turn)
        assert row.text != pages.next_text(row, turn + 1)
        assert row.text in pages.TEXTS


def test_a_clean_session_passes_every_check(session, director):
    before = integrity.baseline(session)
    fill(session, director)
    report = integrity.check(session, ledger_of(session), before)
    assert report.problems == []
    # 3 tables, 2 boards a round, every round: 6 boards, each played at 3 tables.
    assert report.checked["boards (matchpoint sums)"] == 6
    assert report.checked["results"] == report.checked["confirmed saves"] == 18


def test_a_save_stored_twice_is_found(session, director):
    before = integrity.baseline(session)
    fill(session, director)
    change = ResultChange.objects.first()
    change.pk = None
    change.save()  # one save, two changes in the history
    problems = integrity.check(session, ledger_of(session), before).problems
    assert problems == [
        "the history gained 19 changes for 18 confirmed saves: a save stored twice, or one lost"
    ]


def test_a_wrong_stored_total_breaks_the_sum_and_the_rescore(session, director):
    before = integrity.baseline(session)
    fill(session, director)
    result = Result.objects.filter(board__number=1).order_by("pk").first()
    # 3 results, ACBL: top 2, so the NS points of board 1 add up to 3 × 2 / 2 = 3.
    Result.objects.filter(pk=result.pk).update(ns_points=result.ns_points + 1)
    problems = integrity.check(session, ledger_of(session), before).problems
    where = f"board 1 (section {result.board.section_id})"
    assert problems == [
        f"{where}: NS {result.ns_points + 1:g} + EW {result.ew_points:g} is not the top 2",
        f"{where}: NS matchpoints add up to 4, not 3 × 2 / 2 = 3",
        "a fresh rescore changes the points of 1 results",
    ]


def test_a_line_other_than_the_typist_saved_and_a_stray_result_are_found(session, director):
    before = integrity.baseline(session)
    fill(session, director)
    ledger = ledger_of(session)
    changed, forgotten = sorted(ledger)[:2]
    stored = ledger[changed]["saved"]
    ledger[changed]["saved"] = "4S N +1" if stored != "4S N +1" else "4S N ="
    del ledger[forgotten]  # a result stored that no typist saved
    problems = integrity.check(session, ledger, before).problems
    board, ns, _ = forgotten.split("-")
    assert problems == [
        f"board {board}: a result of NS {ns} that no typist saved",
        "the history gained 18 changes for 17 confirmed saves: a save stored twice, or one lost",
        f"row {changed} holds {stored!r}, the typist saved {ledger[changed]['saved']!r}",
    ]


def test_a_line_whose_fate_the_typist_could_not_tell_may_be_the_stored_one(session, director):
    before = integrity.baseline(session)
    fill(session, director)
    ledger = ledger_of(session)
    key = sorted(ledger)[0]
    stored = ledger[key]["saved"]
    # Confirmed once as another line, then the stored one posted and never answered.
    ledger[key].update(saved="4S N +1", maybe=[stored], unsure=1)
    assert integrity.check(session, ledger, before).problems == []
    ledger[key].update(maybe=[], unsure=0)
    assert integrity.check(session, ledger, before).problems == [
        f"row {key} holds {stored!r}, the typist saved '4S N +1'"
    ]


def test_a_row_whose_only_save_was_not_stored_holds_what_it_held_before(session, director):
    # A fault's 503 "Not saved" on the row's one save of the run: the typist cannot tell, the
    # row stays as it was before the run (here empty), and that is no problem.
    before = integrity.baseline(session)
    fill(session, director)
    ledger = ledger_of(session)
    key = sorted(ledger)[0]
    board, ns, _ = (int(part) for part in key.split("-"))
    Result.objects.filter(board_id=board, ns_pair_id=ns).delete()
    ResultChange.objects.filter(board_id=board, ns_pair_id=ns).delete()
    rescore(session)  # as if it had never been stored
    ledger[key].update(saved=None, maybe=[ledger[key]["saved"]], saves=0, unsure=1)
    assert integrity.check(session, ledger, before).problems == []
    # Something else in the row, though, was never typed.
    result = Result.objects.filter(board__section__event=session).order_by("pk").first()
    other = f"{result.board_id}-{result.ns_pair_id}-{result.ew_pair_id}"
    ledger[other].update(saved=None, maybe=["7NT N =", "6NT N ="], saves=0, unsure=2)
    problems = integrity.check(session, ledger, before).problems
    assert problems[-1] == (
        f"row {other} holds {result.text!r}, the typist saved nothing or '7NT N =' or '6NT N ='"
    )


def test_the_knee_steps_ledgers_make_one():
    def entry(**fields):
        return {**pages.ledger_entry(), **fields}

    first = {
        "rows": {
            "1-2-3": entry(saved="4S N =", saves=2),
            "4-5-6": entry(saved="2S N +2", saves=1, maybe=["3NT N ="], unsure=1),
        }
    }
    second = {
        "rows": {
            "1-2-3": entry(maybe=["4S S -1"], unsure=1),
            "4-5-6": entry(saved="4H E -2", saves=1),
        }
    }
    assert run.merge_ledgers([first, second]) == {
        "1-2-3": {"saved": "4S N =", "maybe": ["4S S -1"], "saves": 2, "unsure": 1},
        "4-5-6": {"saved": "4H E -2", "maybe": [], "saves": 2, "unsure": 1},
    }


def test_a_run_with_a_failed_request_or_no_save_fails_whatever_its_integrity():
    def stats(save_failures=0, poll_failures=0, saves=10):
        return {
            "save": {"requests": saves, "failures": save_failures},
            "poll": {"requests": 50, "failures": poll_failures},
        }

    assert run.failed_requests([{"stats": stats()}]) == []
    assert run.failed_requests([{"stats": stats(poll_failures=3)}]) == [
        "3 poll requests failed (the run)"
    ]
    knee = [{"stats": stats(), "writers": 5}, {"stats": stats(save_failures=1), "writers": 10}]
    assert run.failed_requests(knee) == ["1 save requests failed (10 writers)"]
    assert run.failed_requests([{"stats": {"poll": {"requests": 5, "failures": 0}}}]) == [
        "no save was made"
    ]


@pytest.mark.parametrize(
    "url",
    [
        "postgres://postgres@10.1.2.3:5432/clubscore_load",
        "postgres://postgres@db.example.org/clubscore_load",
    ],
)
def test_the_runner_refuses_a_database_off_this_machine(url, capsys):
    with pytest.raises(SystemExit):
        run.options([*NO_FRONT, "--database-url", url])
    assert "must be on 127.0.0.1" in capsys.readouterr().err


def test_the_runner_never_drops_a_database_not_named_for_the_load(capsys):
    with pytest.raises(SystemExit):
        run.options([*NO_FRONT, "--database-url", "postgres://postgres@127.0.0.1:5432/clubscore"])
    assert "its name must contain 'load'" in capsys.readouterr().err


def test_the_runner_bounds_users_and_time(capsys):
    with pytest.raises(SystemExit):
        run.options([*NO_FRONT, "--duration", "3600"])
    assert "--duration must be 1-600" in capsys.readouterr().err
    knee = run.options([*NO_FRONT, "--scenario", "knee", "--steps", "20,5,10"])
    assert (knee.steps, knee.tables) == ([5, 10, 20], 20)


def test_the_runner_without_nginx_says_so_and_offers_the_run_without_it(
    monkeypatch, tmp_path, capsys
):
    monkeypatch.delenv("CLUBSCORE_NGINX", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))  # no nginx on PATH...
    monkeypatch.setattr(front, "SBIN_FOLDERS", (tmp_path,))  # ...nor where packages put it
    with pytest.raises(SystemExit):
        run.options([])
    assert capsys.readouterr().err.endswith(
        "--front nginx: nginx is not installed (Debian: apt-get install nginx-light); "
        "or run with --front none\n"
    )
    assert run.options(["--front", "none"]).front == "none"
    monkeypatch.setenv("CLUBSCORE_NGINX", str(tmp_path / "nginx"))
    with pytest.raises(SystemExit):
        run.options([])
    assert f"CLUBSCORE_NGINX='{tmp_path / 'nginx'}' names no program here" in (
        capsys.readouterr().err
    )


def test_cpu_is_counted_process_by_process_so_an_ended_backend_takes_nothing_away():
    # Backend 11 ended during the run (its worker was replaced), 12 started: 2 s + 0.5 s used.
    before = {"gunicorn": {1: 10.0}, "PostgreSQL": {11: 6.5, 13: 1.0}}
    after = {"gunicorn": {1: 12.0}, "PostgreSQL": {12: 0.25, 13: 1.25}}
    assert run.cpu_between(before, after) == {"gunicorn": 2.0, "PostgreSQL": 0.5}


def test_a_replaced_gunicorn_worker_counts_only_its_seconds_since_the_first_reading():
    # Worker 2 had used 30 s at the first reading and ended at 40 s: its master (1, its own
    # 1 s) reaped it and now reads 1 + 40 s; worker 3 took over and used 5 s. Between the
    # readings: 10 s of worker 2, 5 s of worker 3, 0.5 s of the master.
    before = {"gunicorn": {1: 1.0, 2: 30.0}}
    after = {"gunicorn": {1: 41.5, 3: 5.0}}
    assert run.cpu_between(before, after) == {"gunicorn": 15.5}


def test_the_speed_probe_times_the_same_work_each_time_on_the_runner_s_python():
    assert speed.task() == speed.task()
    assert 0 < speed.task_ms(repeat=2) < 60_000
    assert 0 < speed.probe_ms() < 60_000
    assert platform.python_version() in speed.interpreter()
    assert sys.executable in speed.interpreter()
