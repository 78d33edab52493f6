"""Every form and upload of the site against what an adversarial probe sends (fuzz_inputs.py),
as a visitor, a director of another club and the club's own director: no answer may be a
server error (500 or more) and none may take over 2 s.

The forms are found by reading every page of the site as the club's director (each <form>,
its fields, their choices), so a new form is fuzzed as soon as a page shows it; the URLs that
take a POST but show no form on the pages read (tests/events/pages/test_every_url.py lists
every URL) get a post of random fields. The cases are drawn from one seeded random.Random:
the same cases every run. Each request runs in a savepoint rolled back after it, so every
case meets the same club. Django's test client, no nginx."""

import copy
import dataclasses
import functools
import random
import time
import zlib
from urllib.parse import urlencode, urlsplit

import lxml.html
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client
from django.urls import Resolver404, resolve, reverse

from events.championships.setup import create_championship
from events.entry.saving import save_result
from events.handrecords.session_import import import_hand_records
from events.models import Event, Ladder, Member, Penalty
from events.one_table.hand_records import import_game_hand_records
from events.one_table.hands import save_hand
from events.one_table.models import OneTableSession
from events.phone import links as table_links
from events.sessions.setup import SectionPlan
from events.swiss_pairs import play as swiss_play
from events.teams import draw
from tests.clubscore import fuzz_inputs as inputs
from tests.events.handrecords.test_hand_records import THREE_BOARDS
from tests.events.individuals.test_individuals import make_individual
from tests.events.one_table.test_one_table import make_game
from tests.events.pages.test_every_url import ARGUMENTS, NAMES, with_final
from tests.events.swiss_pairs.factories import make_swiss_pairs
from tests.events.teams.factories import make_teams_event
from tests.factories import make_club, make_session

pytestmark = pytest.mark.django_db

SEED = 20261125
SLOWEST = 2.0  # seconds: the bar for any answer, the probe's
WHO = ("visitor", "colleague", "director")
# The club's director gets past the permission checks: every family of bad values, twice, is
# theirs. A visitor and another club's director are turned away first: a few families each.
DIRECTORS_CASES = 2
OTHERS_FAMILIES = 3
FAMILIES = (*inputs.TEXT_FAMILIES, "choice", "formset", "charset", "extra")
# A URL that shows no form is posted only fields of its own invention.
BARE_FAMILIES = ("charset", "extra")
# A formset's management form: set by the "formset" family only.
MANAGEMENT = ("TOTAL_FORMS", "INITIAL_FORMS", "MIN_NUM_FORMS", "MAX_NUM_FORMS")
QUERY_KEYS = ("since", "after", "focus", "pair", "section", "deleted", "paper", "stamp", "next",
              "start", "end")  # fmt: skip


@dataclasses.dataclass(frozen=True)
class Field:
    name: str
    kind: str  # text, textarea, hidden, number, date, password, select, radio, checkbox, file
    value: str = ""
    choices: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class Form:
    url_name: str
    path: str
    method: str
    fields: tuple[Field, ...]


@pytest.fixture
def world(director, colleague):
    """The club with one of everything a page can show: a scored Mitchell with hand records
    and table links, a deleted session, a penalty, the roster, a drawn teams event, a drawn
    Swiss pairs event, a one-table game with its hand record; and another club's director."""
    club = make_club(directors=[director], name="Riverside BC")
    event = make_session(club, tables=3, boards_per_round=2)
    section = event.sections.get()
    board = section.boards.get(number=1)
    pairs = {p.key: p for p in section.pairs.all()}
    seating = section.movement().plays_of_board(1)[0]
    ns, ew = pairs[seating.ns], pairs[seating.ew]
    result = save_result(board, ns, ew, "4S N =", director)
    ns.player1, ns.player2 = "Ann", "Bob"  # the member's page (player_page) has her session
    ns.save(update_fields=["player1", "player2"])
    import_hand_records(event, THREE_BOARDS)
    barometer = make_session(
        club, name="Barometer", movement="howell", sections=[SectionPlan("A", 2, barometer=True)]
    )
    barometer_pairs = {p.key: p for p in barometer.sections.get().pairs.all()}
    first = barometer.sections.get().movement().seating(1, 1)
    save_result(
        barometer.sections.get().boards.get(number=1),
        barometer_pairs[first.ns],
        barometer_pairs[first.ew],
        "3NT N =",
        director,
    )
    gone = make_session(club, name="Deleted one")
    Event.objects.filter(pk=gone.pk).update(deleted_at=event.created_at, deleted_by=director)
    teams = make_teams_event(club, session_rounds="2, 2")
    draw.draw_next_round(teams)
    swiss_pairs = make_swiss_pairs(club)
    swiss_play.draw_next_round(swiss_pairs)
    game = make_game(club, boards=3)
    import_game_hand_records(game, THREE_BOARDS)
    save_hand(game, 1, contract="4S", declarer="N", made="=", hcp_ns="25", fit="9S")
    OneTableSession.objects.filter(pk=game.pk).update(analysis_error="DDS: stopped")
    Event.objects.filter(pk=event.pk).update(analysis_error="DDS: stopped")
    return {
        "event": event,
        "section": section,
        "board": board,
        "result": result,
        "pair": ns,
        "club": club,
        "member": Member.objects.create(club=club, name="Ann", number="1001"),
        # A visitor with a federation number, a second roster entry the merge page offers.
        "visitor": Member.objects.create(
            club=club, name="Vi Sitor", federation="ABF", number="0041475", visitor=True
        ),
        "penalty": Penalty.objects.create(pair=ns, amount=1, reason="slow play"),
        "link": table_links.ensure_links(section)[0],
        "game": game,
        "individual": make_individual(club, tables=5, boards_per_round=1),
        "teams": teams,
        "match": teams.matches.get(round=1, table=1),
        "swiss_pairs": swiss_pairs,
        "swiss_table": swiss_pairs.tables.get(round=1, table=1),
        "room_link": teams.matches.get(round=1, table=1).room_links.get(room="open"),
        "championship": with_final(
            create_championship(
                club,
                "Championship",
                [event, make_session(club, name="Second")],
                "factored",
                "zero",
            ),
            make_session(club, name="Final"),
        ),
        # A session of two sections: each section's movement changes on its own page.
        "two_sections": make_session(
            club, name="Two sections", sections=[SectionPlan("A", 3), SectionPlan("B", 3, "EW")]
        ),
        "ladder": Ladder.objects.create(
            club=club, name="Ladder", rule="average", sessions=1, start=event.date, end=event.date
        ),
        "gone": gone,
        "barometer": barometer,
    }


@pytest.fixture
def clients(world, director, colleague):
    visitor = Client(raise_request_exception=False)
    others = Client(raise_request_exception=False)
    others.force_login(colleague)
    own = Client(raise_request_exception=False)
    own.force_login(director)
    return {"visitor": visitor, "colleague": others, "director": own}


def url_name_of(path: str) -> str | None:
    try:
        return resolve(urlsplit(path).path).url_name
    except Resolver404:
        return None


def pages(world) -> list[str]:
    urls = [reverse(name, args=ARGUMENTS[name](world)) for name in NAMES]
    two = world["two_sections"].pk
    return [
        *urls,
        reverse("session_detail", args=[world["gone"].pk]),
        reverse("session_movement", args=[two]),
        reverse("section_movement", args=[two, "B"]),
    ]


def read_forms(client, world) -> list[Form]:
    """Every form of every page as the director sees it, and a bare one for each URL that
    takes a POST and shows no form."""
    forms: dict[str, Form] = {}
    for url in pages(world):
        response = client.get(url)
        if "html" not in response.get("Content-Type", "") or not response.content:
            continue
        for element in lxml.html.fromstring(response.content).xpath("//form"):
            action = element.get("hx-post") or element.get("action") or url
            method = element.get("method") or ("post" if element.get("hx-post") else "get")
            name = url_name_of(action)
            if name is None or method.lower() != "post":
                continue
            fields = {field.name: field for field in forms.get(action, Form("", "", "", ())).fields}
            fields.update({field.name: field for field in _fields(element)})
            forms[action] = Form(name, action, "post", tuple(fields.values()))
    shown = {form.url_name for form in forms.values()}
    for name in NAMES:
        if name not in shown:
            path = reverse(name, args=ARGUMENTS[name](world))
            forms[path] = Form(name, path, "post", ())
    return sorted(forms.values(), key=lambda form: form.path)


def _fields(form) -> list[Field]:
    found = []
    for element in form.xpath(".//input|.//select|.//textarea"):
        name = element.get("name")
        if not name or name == "csrfmiddlewaretoken":
            continue
        if element.tag == "select":
            choices = tuple(
                option.get("value", option.text or "") for option in element.xpath(".//option")
            )
            found.append(Field(name, "select", choices[0] if choices else "", choices))
        elif element.tag == "textarea":
            found.append(Field(name, "textarea", element.text or ""))
        else:
            kind = (element.get("type") or "text").lower()
            found.append(Field(name, kind, element.get("value", ""), (element.get("value", ""),)))
    merged: dict[str, Field] = {}
    for field in found:  # radio buttons: one field, every button's value a choice
        if field.name in merged and field.kind == "radio":
            earlier = merged[field.name]
            merged[field.name] = dataclasses.replace(
                earlier, choices=earlier.choices + field.choices
            )
        else:
            merged.setdefault(field.name, field)
    return list(merged.values())


@dataclasses.dataclass
class Case:
    who: str
    family: str
    form: Form
    data: dict
    content_type: str = ""  # set: the body is sent as it is, with this type
    body: bytes = b""

    def __str__(self) -> str:
        shown = {
            k: (v if len(repr(v)) < 60 else repr(v)[:57] + "...") for k, v in self.data.items()
        }
        sent = self.content_type or "multipart/form-data"
        return f"{self.who} POST {self.form.path} [{self.family}, {sent}] {shown}"


def case_of(form: Form, family: str, who: str, rng: random.Random) -> Case:
    """The form as its page fills it (a radio button picked), with the family's bad values
    put in, or for a "file-..." family a file of that kind in each file field."""
    data = {field.name: field.value for field in form.fields if field.kind != "file"}
    maker = family.removeprefix("file-") if family.startswith("file-") else None
    for field in form.fields:
        if field.kind == "radio" and field.choices:
            data[field.name] = rng.choice(field.choices)
        if field.kind == "file":
            data[field.name] = _upload(rng, maker or rng.choice(sorted(inputs.FILE_MAKERS)))
    case = Case(who, family, form, data)
    if maker is None:
        _spoil(case, rng)
    return case


def families_of(form: Form) -> list[str]:
    if not form.fields:
        return list(BARE_FAMILIES)
    files = [f"file-{maker}" for maker in sorted(inputs.FILE_MAKERS)]
    return [*FAMILIES, *(files if any(f.kind == "file" for f in form.fields) else [])]


def _upload(rng, maker) -> SimpleUploadedFile:
    name, content = inputs.a_file(rng, maker)
    return SimpleUploadedFile(name, content, content_type=rng.choice(["text/csv", "text/plain"]))


def _spoil(case: Case, rng: random.Random) -> None:
    """Put the case's family of bad values into its form."""
    data, family = case.data, case.family
    fields = [f for f in case.form.fields if f.kind != "file" and not f.name.endswith(MANAGEMENT)]
    if family in inputs.TEXT:
        some = rng.sample(fields, min(2, len(fields)))
        targets = fields if rng.random() < 0.5 else some
        for field in targets or [Field(rng.choice(["text", "name", "lines"]), "text")]:
            data[field.name] = inputs.text_value(rng, family)
    elif family == "choice":
        for field in fields:
            if field.kind in ("select", "radio", "checkbox", "hidden"):
                data[field.name] = rng.choice(inputs.CHOICES)
    elif family == "formset":
        counts = [f.name for f in case.form.fields if f.name.endswith(MANAGEMENT)]
        for name in counts or ["form-TOTAL_FORMS", "form-INITIAL_FORMS"]:
            data[name] = rng.choice(inputs.FORMSET_COUNTS)
        for name in counts or ["form-TOTAL_FORMS"]:
            if name.endswith("TOTAL_FORMS"):  # a count far beyond any page's, every time
                data[name] = rng.choice(inputs.FORMSET_TOTALS)
        data[f"form-{rng.choice([0, 7, 999, 5000])}-id"] = rng.choice(["1", "x", "-5", ""])
    elif family == "charset":
        charset = rng.choice(["utf-16", "latin-1", "bogus", "utf-32", "cp1252", "ascii"])
        plain = {k: v for k, v in data.items() if isinstance(v, str)}
        if rng.random() < 0.5:
            case.content_type = f"application/x-www-form-urlencoded; charset={charset}"
            case.body = urlencode(plain).encode()
        else:
            boundary = "fuzzboundary"
            parts = [
                f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'
                for k, v in plain.items()
            ]
            case.content_type = f"multipart/form-data; boundary={boundary}; charset={charset}"
            case.body = ("".join(parts) + f"--{boundary}--\r\n").encode("utf-8", "replace")
    elif family == "extra":
        for _ in range(rng.randrange(1, 6)):
            name = rng.choice(["x", "a\x00b", "é", "__proto__", "id", "pk", "club", "version",
                               inputs.random_text(rng, 12)])  # fmt: skip
            data[name] = inputs.random_text(rng, rng.randrange(0, 200))
        for field in rng.sample(fields, len(fields) // 2):
            data.pop(field.name, None)
        if fields:
            twice = rng.choice(fields).name
            data[twice] = [inputs.random_text(rng, 5), inputs.random_text(rng, 5)]


def send(client: Client, case: Case):
    if case.content_type:  # sent as it is (post() would encode it in the charset named)
        return client.generic("POST", case.form.path, case.body, content_type=case.content_type)
    return client.post(case.form.path, case.data)


def query_cases(world, rng: random.Random) -> list[tuple[str, str, dict]]:
    """Every page, for each reader, with query parameters a page reads (and some it does
    not), badly valued."""
    made = []
    for url in pages(world):
        for who in WHO:
            family = rng.choice(inputs.TEXT_FAMILIES)
            keys = rng.sample(QUERY_KEYS, rng.randrange(1, 4))
            made.append((who, url, {key: inputs.text_value(rng, family) for key in keys}))
    return made


def probe_cases(world) -> list[tuple[str, str, dict]]:
    """The inputs the probe reported, as it sent them: (who, what, the request's arguments)."""
    roster = reverse("roster_import", args=[world["club"].slug])
    results_pbn = inputs.pbn_file(random.Random(1))[1].replace(b"Club night", b"Club\x00night")
    return [
        ("visitor", "a form in UTF-16", {
            "path": "/login/", "data": b"username=a&password=b",
            "content_type": "application/x-www-form-urlencoded; charset=utf-16"}),
        ("visitor", "a username of 300 characters", {
            "path": "/login/", "data": {"username": "d" * 300, "password": "x"}}),
        ("visitor", "a NUL in a table link", {"path": "/t/abc%00def/", "method": "GET"}),
        ("director", "a roster with a NUL", {
            "path": roster, "data": {"lines": "Ann Smith,1\nBob\x00Jones,2"}}),
        ("director", "a roster line of 131,073 characters", {
            "path": roster, "data": {"lines": "Ann Smith,1\n" + "x" * 131_073 + ",2"}}),
        ("director", "a roster with a quote not closed", {
            "path": roster, "data": {"lines": 'Ann Smith,1\n"Bob Jones,2\nCat Lee,3'}}),
        ("director", "a roster of 2.4 MB pasted", {
            "path": roster, "data": {"lines": "Member Name,12345\r\n" * 130_000}}),
        ("director", "a results PBN with a NUL in [Event]", {
            "path": reverse("session_import"), "data": {
                "club": world["club"].pk, "movement": "mitchell", "scoring": "matchpoints",
                "file": SimpleUploadedFile("results.pbn", results_pbn)}}),
    ]  # fmt: skip


def send_probe(client: Client, request: dict):
    if request.get("method") == "GET":
        return client.get(request["path"])
    if "content_type" in request:
        return client.generic("POST", request["path"], request["data"], request["content_type"])
    return client.post(request["path"], request["data"])


def timed(client: Client, send_one) -> tuple[int, float]:
    """Send one request in a savepoint rolled back after it, the client's cookies put back
    too (a post to /logout/ or /login/ changes them): every case meets the same club."""
    cookies = copy.deepcopy(client.cookies)
    savepoint = transaction.savepoint()
    started = time.perf_counter()
    try:
        status = send_one().status_code
    finally:
        seconds = time.perf_counter() - started
        transaction.savepoint_rollback(savepoint)
        client.cookies = cookies
    return status, seconds


def all_cases(forms: list[Form]) -> list[Case]:
    """Every form's cases, drawn from a generator seeded by the form's address (a new form
    leaves the others' cases as they were)."""
    made = []
    for form in forms:
        rng = random.Random(SEED + zlib.crc32(form.path.encode()))
        families = families_of(form)
        for family in families:
            made += [case_of(form, family, "director", rng) for _ in range(DIRECTORS_CASES)]
        for who in ("visitor", "colleague"):
            chosen = rng.sample(families, min(OTHERS_FAMILIES, len(families)))
            made += [case_of(form, family, who, rng) for family in chosen]
    return made


def failed(status: int, seconds: float, path: str) -> bool:
    """A server error, or an answer over the bar. A PDF takes WeasyPrint's time to lay out
    whatever the request says (benchmarks/ measure it): only its answer is checked."""
    slow = seconds > SLOWEST and not urlsplit(path).path.endswith(".pdf")
    return status >= 500 or slow


def run_cases(clients, cases: list[Case]) -> list[str]:
    failures = []
    for case in cases:
        client = clients[case.who]
        status, seconds = timed(client, functools.partial(send, client, case))
        if failed(status, seconds, case.form.path):
            failures.append(f"{status} in {seconds:.2f} s: {case}")
    return failures


# Forms the pages show now: the reading of the pages must find at least these, with fields.
KNOWN_FORMS = {
    "board_traveller", "login", "member_edit", "one_table_create", "one_table_hand",
    "one_table_hand_records", "roster", "roster_import", "session_create", "session_edit",
    "session_import", "session_options", "session_pairs", "session_penalties", "session_strata",
    "table_phone",
    "teams_create", "teams_match_adjust", "teams_match_enter", "teams_teams", "hand_records",
    "championship_final", "individual_create", "individual_players", "individual_board",
    "swiss_pairs_create", "swiss_pairs_table", "section_movement",
}  # fmt: skip


@pytest.mark.slow
def test_no_form_or_upload_gives_a_server_error_or_a_slow_answer(world, clients, settings):
    settings.DEBUG = False  # as served: error pages, not Django's debug page
    forms = read_forms(clients["director"], world)
    assert KNOWN_FORMS <= {form.url_name for form in forms if form.fields}
    cases = all_cases(forms)
    failures = run_cases(clients, cases)
    queries = query_cases(world, random.Random(SEED))
    for who, url, query in queries:
        status, seconds = timed(clients[who], functools.partial(clients[who].get, url, query))
        if failed(status, seconds, url):
            failures.append(f"{status} in {seconds:.2f} s: {who} GET {url} {query}")
    for who, what, request in probe_cases(world):
        status, seconds = timed(clients[who], functools.partial(send_probe, clients[who], request))
        if failed(status, seconds, request["path"]):
            failures.append(f"{status} in {seconds:.2f} s: {who}: {what}")
    total = len(cases) + len(queries) + len(probe_cases(world))
    assert not failures, f"{len(failures)} of {total} requests:\n" + "\n".join(failures[:40])
