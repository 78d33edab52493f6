"""Locust users for Clubscore's load tests: table typists saving results, viewers polling.

benchmarks/load/run.py builds the session and starts the server, then runs this file with
CLUBSCORE_LOAD_PLAN naming a JSON plan (the session, one entry per typing table: its
director's login and the pages it types on) and CLUBSCORE_LOAD_LEDGER naming where the
typists write what they saved, for the integrity checks after the run.

The measured window starts when every typist has logged in (a login hashes the password:
all of them at once would swamp the start) and lasts CLUBSCORE_LOAD_SECONDS; locust's
stats are reset then, so they hold the window only. Until then viewers wait too.

- TableTyper (one per planned table, `fixed_count`): logs in through the login form, opens
  each of its pages (a table's round, or a board's traveller) as the browser does, then
  saves each of its rows with the HTMX POST the row's form sends (the form's fields, the pair
  boxes tied to it, the page's X-CSRFToken header, the row's version), pausing a typist's
  think time between saves, and after each save fetches the standings beside the rows, as the
  save's HX-Trigger makes the page do. Between saves its page polls as the browser's does:
  the rows (`?since=<version>`, the grid fetched when they changed) and the standings card,
  each every second. After its last page it starts over, correcting every row.
- Spectator (everyone else): holds a board's page open and polls what it shows every second
  as htmx does: the board's results (`/boards/<pk>/?since=<version>`) and the live standings
  fragment (`hx-get=…/standings/?since=<version>`), with HX-Request and the target/trigger
  headers, taking the version from each new fragment, so an unchanged session costs a 204.
"""

import json
import os
import random
import sys
import time
from collections import Counter
from contextlib import contextmanager
from pathlib import Path

import gevent
from gevent.event import Event
from locust import FastHttpUser, between, constant_pacing, events, task

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from benchmarks.load import pages  # noqa: E402

PLAN = json.loads(Path(os.environ["CLUBSCORE_LOAD_PLAN"]).read_text())
POLL_SECONDS = 1.0  # _standings.html, _traveller.html, board.html: hx-trigger="every 1s"
SECONDS = float(os.environ.get("CLUBSCORE_LOAD_SECONDS", "60"))
SAVED_EVENT = "clubscore:saved"  # events/entry/responses.py: a save's HX-Trigger
SAVE_TIMEOUT = 20.0  # templatetags/traveller_rows.py: hx-request='{"timeout": 20000}'
LOGIN_WAIT = 180.0  # the longest the window waits for the typists' logins
# --terminate-every: the window's faults, PostgreSQL ending every connection of the load
# database this often, as a restart or a failover would.
TERMINATE_EVERY = float(os.environ.get("CLUBSCORE_LOAD_TERMINATE_EVERY", "0"))

# What the typists saved, for the checks after the run (pages.ledger_entry for each row).
LEDGER: dict[str, dict] = {}
TALLY: Counter = Counter()
LOGINS: list[float] = []  # seconds each typist's login took, before the window
_tables = iter(PLAN["typists"])
MEASURING, OVER = Event(), Event()
_in_flight = 0


def start_window(environment) -> None:
    """Every typist is in: reset the stats, let everyone go, and end the run in SECONDS."""
    if MEASURING.is_set():
        return
    environment.runner.stats.reset_all()
    MEASURING.set()
    gevent.spawn_later(SECONDS, end_window, environment)
    if TERMINATE_EVERY:
        gevent.spawn(keep_terminating_connections)


def terminate_connections() -> int:
    """End every connection to the load database but this one; how many were ended."""
    import psycopg

    with psycopg.connect(os.environ["CLUBSCORE_LOAD_DATABASE_URL"], autocommit=True) as admin:
        return admin.execute(
            "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).fetchone()[0]


def keep_terminating_connections() -> None:
    while not OVER.wait(TERMINATE_EVERY):
        # In a thread of gevent's pool: the typists' requests go on meanwhile.
        ended = gevent.get_hub().threadpool.apply(terminate_connections)
        TALLY["connection faults"] += 1
        TALLY["connections terminated"] += ended
        TALLY["saves confirmed since the last fault"] = 0


def end_window(environment) -> None:
    """No request starts after the window; those under way are answered, then the run ends
    (so locust's stats and the typists' ledger count the same requests)."""
    OVER.set()
    deadline = time.monotonic() + 30
    while _in_flight and time.monotonic() < deadline:
        gevent.sleep(0.05)
    environment.runner.quit()


@contextmanager
def in_window():
    global _in_flight
    _in_flight += 1
    try:
        yield
    finally:
        _in_flight -= 1


@events.test_start.add_listener
def wait_for_logins(environment, **_):
    if not PLAN["typists"]:
        start_window(environment)
    else:
        gevent.spawn_later(LOGIN_WAIT, start_window, environment)


class TableTyper(FastHttpUser):
    fixed_count = len(PLAN["typists"])
    think = PLAN["think_seconds"]
    wait_time = between(0.5 * think, 1.5 * think)

    def on_start(self):
        self.table = next(_tables)
        self.pages = list(self.table["pages"])
        self.page_index = -1
        self.rows: list[pages.Row] = []
        self.turn = 0
        self.csrf = None
        self.standings_url = None  # the card's hx-get, from the page and each refresh
        self.grid_url = None  # a table round's grid's hx-get, from the page
        self.rows_version = None  # the version the rows show, which their poll sends
        self.rows_due = 0.0  # when the rows' own timer next polls (`every 1s`)
        self.standings_due = 0.0  # when the card's own timer next polls (`every 1s`)
        began = time.perf_counter()
        self.log_in()
        LOGINS.append(time.perf_counter() - began)
        if len(LOGINS) == len(PLAN["typists"]):
            start_window(self.environment)
        MEASURING.wait()

    def log_in(self):
        with self.client.get("/login/", name="login form", catch_response=True) as response:
            token = pages.login_csrf_token(response.text or "")
            if token is None:
                TALLY["logins failed"] += 1  # the stats are reset later: say so here
                response.failure("no CSRF token on the login form")
                return
        form = {
            "csrfmiddlewaretoken": token,
            "username": self.table["username"],
            "password": PLAN["password"],
            "next": "/",
        }
        headers = {"Referer": f"{self.host}/login/", "Origin": self.host}
        with self.client.post(
            "/login/",
            data=form,
            headers=headers,
            name="login",
            allow_redirects=False,
            catch_response=True,
        ) as response:
            if response.status_code != 302:
                TALLY["logins failed"] += 1
                response.failure(f"login answered {response.status_code}, not a redirect")

    @task
    def type_next_row(self):
        if OVER.is_set():
            return
        with in_window():
            if self.standings_url is not None and time.monotonic() >= self.standings_due:
                self.refresh_standings("typist poll")  # the card's timer, as a viewer's
            if self.rows_version is not None and time.monotonic() >= self.rows_due:
                self.poll_rows()  # the rows' timer: other typists' saves
            if not self.rows:
                self.open_next_page()
            else:
                self.save(self.rows.pop(0))

    def open_next_page(self):
        self.page_index = (self.page_index + 1) % len(self.pages)
        self.turn += self.page_index == 0  # each pass over the pages types other lines
        page = self.pages[self.page_index]
        with self.client.get(page["url"], name="open page", catch_response=True) as response:
            if response.status_code != 200:
                response.failure(f"{page['url']} answered {response.status_code}")
                return
            body = response.text or ""
            self.csrf = pages.page_csrf_token(body) or self.csrf
            self.standings_url = pages.standings_url(body)
            self.grid_url = pages.grid_url(body)
            self.rows_version = pages.rows_version(body)
            self.rows_due = time.monotonic() + POLL_SECONDS  # a page's timers start with it
            self.standings_due = time.monotonic() + POLL_SECONDS
            rows = pages.traveller_rows(body)
            self.rows = [
                row
                for row in rows.values()
                if not row.is_new and (page["ns"] is None or row.ns == str(page["ns"]))
            ]
            if not self.rows:
                response.failure(f"no rows of this table on {page['url']}")
        self.current_url = f"{self.host}{page['url']}"

    def save(self, row: pages.Row):
        text = pages.next_text(row, self.turn)
        url = self.pages[self.page_index]["url"]
        headers = pages.htmx_headers(self.current_url, "traveller", f"row-{row.key}", self.csrf)
        headers["Origin"] = self.host
        entry = LEDGER.setdefault(row.key, pages.ledger_entry())
        entry["pending"] = text  # left there if the run's end cuts the request off
        began = time.perf_counter()
        with self.client.post(
            url,
            data=pages.save_form(row, text),
            headers=headers,
            name="save",
            catch_response=True,
        ) as response:
            stored = self.stored(response, row, text, time.perf_counter() - began)
        entry["pending"] = None
        if stored:
            entry.update(saved=text, maybe=[], saves=entry["saves"] + 1)
            TALLY["saves confirmed"] += 1
            if TERMINATE_EVERY:
                TALLY["saves confirmed since the last fault"] += 1
            # The answer's rows are drawn anew: their poll starts again from their version.
            self.rows_version = pages.rows_version(response.text or "") or self.rows_version
            self.rows_due = time.monotonic() + POLL_SECONDS
            if response.headers.get("HX-Trigger") == SAVED_EVENT:
                self.refresh_standings()
                self.refresh_grid()
        elif stored is None:  # the line may or may not be in the database
            entry["maybe"].append(text)
            entry["unsure"] += 1

    def refresh_standings(self, name="refresh"):
        """The page's standings beside the rows, asked for on the save's trigger as htmx does
        (`hx-trigger="every 1s, clubscore:saved from:body"`), or by the card's own timer
        (`name` "typist poll"): htmx starts it afresh when a new card is swapped in, and a
        204 swaps nothing."""
        url = self.standings_url
        if url is None:
            return  # a page without the card
        headers = pages.htmx_headers(self.current_url, "standings", "standings")
        with self.client.get(url, headers=headers, name=name, catch_response=True) as response:
            if response.status_code == 204:
                self.standings_due += POLL_SECONDS
                return  # nothing changed since the card was drawn
            if response.status_code != 200:
                response.failure(f"the standings answered {response.status_code}")
                return
            self.standings_url = pages.standings_url(response.text or "") or url
            self.standings_due = time.monotonic() + POLL_SECONDS

    def poll_rows(self):
        """The rows' own poll (static/js/entry.js): 204 while the session is unchanged, else
        the rows as stored, which the page takes in (the rows still to type with them), and
        then the grid (`clubscore:changed`)."""
        url = f"{self.pages[self.page_index]['url']}?since={self.rows_version}"
        headers = pages.htmx_headers(self.current_url, "traveller", "traveller")
        with self.client.get(
            url, headers=headers, name="rows poll", catch_response=True
        ) as response:
            if response.status_code == 204:
                self.rows_due += POLL_SECONDS
                return
            if response.status_code != 200:
                response.failure(f"the rows' poll answered {response.status_code}")
                return
            body = response.text or ""
            self.rows_version = pages.rows_version(body) or self.rows_version
            self.rows_due = time.monotonic() + POLL_SECONDS
            answer = pages.traveller_rows(body)
            self.rows = [answer.get(row.key, row) for row in self.rows]
        self.refresh_grid()

    def refresh_grid(self):
        """A table round's grid below the rows, asked for on a save's trigger and when the
        rows' poll found the session changed (another table's save)."""
        if self.grid_url is None:
            return  # a board's traveller has no grid
        headers = pages.htmx_headers(self.current_url, "progress-grid", "progress-grid")
        with self.client.get(
            self.grid_url, headers=headers, name="grid", catch_response=True
        ) as response:
            if response.status_code == 204:
                return  # nothing changed since it was drawn
            if response.status_code != 200:
                response.failure(f"the grid answered {response.status_code}")
                return
            self.grid_url = pages.grid_url(response.text or "") or self.grid_url

    def stored(self, response, row: pages.Row, text: str, seconds: float) -> bool | None:
        """Whether the answer shows the line stored (None: cannot tell), failing the request
        in locust's stats unless it does."""
        if response.status_code != 200:
            response.failure(f"save answered {response.status_code}")
            return None
        if seconds > SAVE_TIMEOUT:
            response.failure(f"answered after htmx's {SAVE_TIMEOUT:.0f} s timeout")
            return None  # the browser gave up and showed an error meanwhile
        answer = pages.traveller_rows(response.text or "")
        saved = answer.get(row.key)
        if saved is None:
            response.failure(f"row {row.key} missing from the answer")
            return None
        if saved.refused:
            TALLY["refused"] += 1
            response.failure(f"refused: {saved.refused[:80]}")
            return False
        if saved.text != text:
            response.failure(f"row shows {saved.text!r} after saving {text!r}")
            return None
        # The answer carries this table's rows with their new versions.
        self.rows = [answer.get(r.key, r) for r in self.rows]
        return True


class Spectator(FastHttpUser):
    wait_time = constant_pacing(POLL_SECONDS)

    def on_start(self):
        event = PLAN["event"]
        # The page the viewer holds open: one of the board travellers, whose results and
        # compact standings each poll.
        board = random.choice(PLAN["viewer_pages"])
        self.current = f"{self.host}{board}"
        # The first poll fetches the fragment (no version matches -1): what the page showed.
        self.polled = {
            "poll": (f"/sessions/{event}/standings/", "standings"),
            "board poll": (board, "live"),
        }
        self.versions = {name: -1 for name in self.polled}
        self.etags: dict[str, str] = {}
        MEASURING.wait()
        # htmx's first "every 1s" tick comes a poll interval after the page opened.
        time.sleep(random.random() * POLL_SECONDS)

    @task
    def poll(self):
        if OVER.is_set():
            return
        with in_window():
            for name in self.polled:
                self.send_poll(name)

    def send_poll(self, name):
        path, target = self.polled[name]
        url = f"{path}?since={self.versions[name]}"
        headers = pages.htmx_headers(self.current, target, target)
        if url in self.etags:  # the browser's cache revalidates what it holds for this URL
            headers["If-None-Match"] = self.etags[url]
        with self.client.get(url, headers=headers, name=name, catch_response=True) as response:
            if response.status_code == 204:
                TALLY["polls unchanged (204)"] += 1
            elif response.status_code == 304:
                TALLY["polls not modified (304)"] += 1
            elif response.status_code == 200:
                version = pages.standings_version(response.text or "")
                if version is None:
                    response.failure("a 200 poll without the next poll's version")
                    return
                etag = response.headers.get("ETag")
                self.etags = {
                    key: tag for key, tag in self.etags.items() if not key.startswith(f"{path}?")
                }
                if etag:
                    self.etags[url] = etag
                self.versions[name] = version
                TALLY[f"polls with a new {target} (200)"] += 1
            else:
                response.failure(f"poll answered {response.status_code}")


def figures(stats) -> dict:
    """Locust's figures for each request name, final (the CSV files lag up to a second)."""
    return {
        name: {
            "requests": entry.num_requests,
            "failures": entry.num_failures,
            "per_second": entry.total_rps,
            **{p: entry.get_response_time_percentile(int(p) / 100) for p in ("50", "95", "99")},
            "max": entry.max_response_time,
        }
        for (name, _), entry in stats.entries.items()
        if entry.num_requests
    }


@events.test_stop.add_listener
def write_ledger(environment, **_):
    """After the users stopped: the ledger, the tallies and locust's stats, for run.py."""
    path = os.environ.get("CLUBSCORE_LOAD_LEDGER")
    if path:
        stats = environment.runner.stats
        for entry in LEDGER.values():
            if entry["pending"] is not None:  # posted, never answered: it may have landed
                entry["maybe"].append(entry["pending"])
                entry.update(pending=None, unsure=entry["unsure"] + 1)
        failures = [(e.name, e.to_name(), e.occurrences) for e in stats.errors.values()]
        Path(path).write_text(json.dumps({
            "rows": LEDGER, "tally": dict(TALLY), "logins": LOGINS,
            "stats": figures(stats), "failures": failures,
        }))  # fmt: skip
