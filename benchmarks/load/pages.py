"""What a load user reads from Clubscore's pages and sends back, as the browser and htmx do.

Pure Python (no Django, no locust), so the test suite checks it against real rendered pages
without starting any load. The shapes follow events/templatetags/traveller_rows.py (one form a
traveller row, its pair boxes tied to it by `form=`), templates/base.html (the page-wide
`hx-headers` CSRF token), templates/events/_standings.html (the poll URL carries
`since=<version>`), templates/events/_traveller.html (the rows' `data-since`) and
templates/events/_table_round_progress.html (the grid's own URL).
"""

import html
import re
from dataclasses import dataclass

# Lines a table plays, every one valid on any board and none a doubtful trick count; a row's
# next save is always a different line, so every save is a real correction.
TEXTS = ["4S N =", "4S N +1", "3NT S +1", "4S S -1", "2S N +2", "4H E -2", "3NT N =", "1NT W +1"]

_ROW = re.compile(r"<tr class=\"([^\"]*)\"[^>]*>(.*?)</tr>", re.S)
_FORM = re.compile(r"<form [^>]*id=\"row-([0-9]+-[0-9]*-[0-9]*)\"[^>]*>(.*?)</form>", re.S)
_HIDDEN = re.compile(r"<input type=\"hidden\" name=\"(\w+)\" value=\"([^\"]*)\">")
_TEXT = re.compile(r"<input type=\"text\" name=\"text\"[^>]*?value=\"([^\"]*)\"", re.S)
_PAIR = re.compile(r"<input type=\"text\" name=\"(ns|ew)_number\"[^>]*?value=\"([^\"]*)\"", re.S)
_ERROR = re.compile(r"<p class=\"(?:error|warning)\" role=\"alert\">(.*?)</p>", re.S)
_PAGE_TOKEN = re.compile(r"hx-headers='\{\"X-CSRFToken\": \"([^\"]+)\"\}'")
_LOGIN_TOKEN = re.compile(r"name=\"csrfmiddlewaretoken\" value=\"([^\"]+)\"")
_SINCE = re.compile(r"[?&]since=(\d+)")
_STANDINGS_GET = re.compile(r'<section id="standings"[^>]*\shx-get="([^"]+)"')
_GRID_GET = re.compile(r'<section id="progress-grid"[^>]*\shx-get="([^"]+)"')
_ROWS_SINCE = re.compile(r'<div id="traveller"[^>]*\sdata-since="(\d+)"')


@dataclass
class Row:
    """One traveller row a director can type into, as the page shows it."""

    key: str  # "<board pk>-<ns pk>-<ew pk>", the form's id without "row-"
    fields: dict[str, str]  # the form's hidden inputs: csrfmiddlewaretoken, board, ns, ew, ...
    ns_number: str
    ew_number: str
    text: str  # what the result box shows: the stored line, or what was typed on a refusal
    refused: str  # the row's error, warning or conflict ("" when none)

    @property
    def board(self) -> int:
        return int(self.fields["board"])

    @property
    def ns(self) -> str:
        return self.fields.get("ns", "")

    @property
    def is_new(self) -> bool:
        """The "Other pairs" row at the bottom, for a pairing the movement does not have."""
        return not self.fields.get("ns") or not self.fields.get("ew")


def traveller_rows(page: str) -> dict[str, Row]:
    """Every typeable row of a traveller or table-round page (or its HTMX answer), by key."""
    rows = {}
    for classes, body in _ROW.findall(page):
        form = _FORM.search(body)
        if form is None:
            continue
        key, inside = form.groups()
        fields = {name: html.unescape(value) for name, value in _HIDDEN.findall(inside)}
        text = _TEXT.search(inside)
        pairs = dict(_PAIR.findall(body))
        refusal = _ERROR.search(body)
        refused = ""
        if refusal is not None:
            refused = re.sub(r"<[^>]+>", "", refusal.group(1)).strip()
        elif "has-warning" in classes or "has-error" in classes:
            refused = "conflict" if 'class="conflict"' in body else classes
        rows[key] = Row(
            key=key,
            fields=fields,
            ns_number=html.unescape(pairs.get("ns", "")),
            ew_number=html.unescape(pairs.get("ew", "")),
            text=html.unescape(text.group(1)) if text else "",
            refused=refused,
        )
    return rows


def save_form(row: Row, text: str) -> dict[str, str]:
    """The fields htmx posts when Enter is pressed in the row: the form's own inputs and the
    pair boxes tied to it by `form="row-…"` (htmx sends a form's `elements`, those included)."""
    return {**row.fields, "ns_number": row.ns_number, "ew_number": row.ew_number, "text": text}


def next_text(row: Row, turn: int) -> str:
    """A line for the row that differs from what it holds now, spread over boards."""
    start = (row.board + turn) % len(TEXTS)
    for step in range(len(TEXTS)):
        text = TEXTS[(start + step) % len(TEXTS)]
        if text != row.text:
            return text
    raise AssertionError("TEXTS has a single line")  # pragma: no cover


def ledger_entry() -> dict:
    """What a typist knows of one row after the run, for the integrity checks: the line last
    confirmed stored (`saved`), lines posted since whose fate it could not tell (`maybe`: no
    answer, an error status, htmx's timeout), and how many saves were confirmed or unsure.
    `pending` is the line of a request under way."""
    return {"saved": None, "maybe": [], "saves": 0, "unsure": 0, "pending": None}


def page_csrf_token(page: str) -> str | None:
    """The token base.html puts in every htmx request's X-CSRFToken header."""
    match = _PAGE_TOKEN.search(page)
    return match.group(1) if match else None


def login_csrf_token(page: str) -> str | None:
    match = _LOGIN_TOKEN.search(page)
    return match.group(1) if match else None


def standings_version(fragment: str) -> int | None:
    """The version a live standings fragment shows, from its next poll's URL."""
    match = _SINCE.search(fragment)
    return int(match.group(1)) if match else None


def standings_url(page: str) -> str | None:
    """The URL the standings card beside the rows refreshes from (its hx-get), as htmx sends
    it: `/sessions/<pk>/standings/?since=<version>&section=<pk>`."""
    match = _STANDINGS_GET.search(page)
    return html.unescape(match.group(1)) if match else None


def grid_url(page: str) -> str | None:
    """The URL a table round's grid refreshes from after a save (its hx-get):
    `/sections/<pk>/tables/<table>/rounds/<round>/grid/?since=<version>`."""
    match = _GRID_GET.search(page)
    return html.unescape(match.group(1)) if match else None


def rows_version(page: str) -> int | None:
    """The version a traveller's or table round's rows show (`data-since` on #traveller),
    from which they poll every second (static/js/entry.js adds it as `since`)."""
    match = _ROWS_SINCE.search(page)
    return int(match.group(1)) if match else None


def htmx_headers(current_url: str, target: str, trigger: str | None, csrf: str | None = None):
    """The request headers htmx 2 sends for an hx-get/hx-post."""
    headers = {"HX-Request": "true", "HX-Current-URL": current_url, "HX-Target": target}
    if trigger:
        headers["HX-Trigger"] = trigger
    if csrf:
        headers["X-CSRFToken"] = csrf
    return headers
