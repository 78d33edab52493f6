"""Every URL of the site against a POST from whoever should not write there: a visitor, a
director of another club, a logged-in stranger, and the club's own director without the CSRF
token. None of them changes anything. The list below names every URL the site has, so a new
page fails here until it is listed (test_permissions.py checks what each reader may see)."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import get_resolver, reverse

from events.championships.setup import create_championship
from events.core.club_file import club_app_models
from events.models import Championship, Ladder, Member, Penalty, ResultMail
from events.phone import links as table_links
from events.swiss_pairs import play as swiss_play
from events.teams import draw
from tests.events.individuals.test_individuals import make_individual
from tests.events.one_table.test_one_table import make_game
from tests.events.swiss_pairs.factories import make_swiss_pairs
from tests.events.teams.factories import make_teams_event
from tests.factories import make_session


@pytest.fixture
def world(scene, club):
    """One of everything a URL can name, all the club's."""
    ns = scene["result"].ns_pair
    teams = make_teams_event(club)
    draw.draw_next_round(teams)
    swiss_pairs = make_swiss_pairs(club)
    swiss_play.draw_next_round(swiss_pairs)
    member = Member.objects.create(club=club, name="Ann")
    # A results mail that failed: a refused retry leaves it so.
    ResultMail.objects.create(
        event=scene["event"], member=member, pair=ns, reason=ResultMail.FINALISED, version=1,
        address="ann@example.org", status=ResultMail.FAILED, error="Connection refused",
    )  # fmt: skip
    return {
        **scene, "club": club, "pair": ns,
        "member": member,
        "penalty": Penalty.objects.create(pair=ns, amount=1, reason="slow play"),
        "link": table_links.ensure_links(scene["section"])[0], "game": make_game(club),
        "individual": make_individual(club),
        "teams": teams, "match": teams.matches.get(round=1, table=1),
        "swiss_pairs": swiss_pairs, "swiss_table": swiss_pairs.tables.get(round=1, table=1),
        "swiss_link": swiss_pairs.tables.get(round=1, table=1).links.get(),
        "room_link": teams.matches.get(round=1, table=1).room_links.get(room="open"),
        "championship": with_final(
            create_championship(
                club, "Championship", [scene["event"], make_session(club)], "factored", "zero"
            ),
            make_session(club, name="Final"),
        ),
        "ladder": Ladder.objects.create(
            club=club, name="Ladder", rule="best", sessions=2, start=scene["event"].date,
            end=scene["event"].date,
        ),
        "payload": {**scene["entry"], "published": "1", "name": "Hijack", "active": "0",
                    "club": club.pk},
    }  # fmt: skip


def with_final(championship, final):
    """The championship with `final` its final (its files carry it), the best pair through."""
    Championship.objects.filter(pk=championship.pk).update(final=final, finalists=1)
    championship.refresh_from_db()
    return championship


def _each(names, arguments):
    return dict.fromkeys(names.split(), arguments)


# Each URL's arguments, naming the world's objects.
ARGUMENTS = {
    **_each(
        "home login logout session_create session_import one_table_create teams_list teams_create "
        "individual_create swiss_pairs_list swiss_pairs_create",
        lambda w: [],
    ),
    **_each(
        "session_detail session_publish session_finalise session_corrections session_mails_retry "
        "session_recap session_standings "
        "session_travellers score_cards session_standings_pdf session_recap_pdf "
        "session_travellers_pdf score_cards_pdf table_cards session_pairs session_options "
        "session_edit session_movement session_delete session_restore session_penalties "
        "session_strata "
        "session_export "
        "session_results_csv session_travellers_csv session_masterpoints_csv hand_records "
        "analysis_retry "
        "hand_record_sheet hand_record_sheet_pdf table_links table_links_make "
        "table_links_options",
        lambda w: [w["event"].pk],
    ),
    "score_card": lambda w: [w["event"].pk, w["pair"].pk],
    "section_movement": lambda w: [w["event"].pk, w["section"].name],
    # A barometer session's standings after each round (the fuzz world has one).
    "session_rounds": lambda w: [w.get("barometer", w["event"]).pk],
    "penalty_delete": lambda w: [w["event"].pk, w["penalty"].pk],
    "session_results_file": lambda w: [w["event"].pk, "pbn"],
    **_each("table_link_reissue table_link_qr", lambda w: [w["event"].pk, w["link"].pk]),
    **_each(
        "club_sessions club_ratings roster roster_import championship_create ladder_create",
        lambda w: [w["club"].slug],
    ),
    **_each("ladder_detail ladder_edit ladder_pdf", lambda w: [w["ladder"].pk]),
    **_each(
        "championship_detail championship_entrants championship_pdf championship_final "
        "championship_json championship_usebio",
        lambda w: [w["championship"].pk],
    ),
    "championship_after": lambda w: [w["championship"].pk, 1],
    **_each(
        "member_edit member_active member_merge player_page",
        lambda w: [w["club"].slug, w["member"].pk],
    ),
    **_each("board_traveller board_history", lambda w: [w["board"].pk]),
    **_each("table_round table_round_grid", lambda w: [w["section"].pk, 1, 1]),
    "result_delete": lambda w: [w["result"].pk],
    "table_phone": lambda w: [w["link"].token],
    "individual_table_phone": lambda w: [w["individual"].links.get(table=1).token],
    **_each(
        "one_table_tally one_table_publish one_table_hand_records "
        "one_table_analysis_retry one_table_method",
        lambda w: [w["game"].pk],
    ),
    "one_table_hand": lambda w: [w["game"].pk, 1],
    **_each(
        "individual_standings individual_players individual_publish individual_standings_pdf "
        "individual_results_json individual_results_pbn individual_delete individual_restore "
        "individual_hand_records individual_analysis_retry",
        lambda w: [w["individual"].pk],
    ),
    **_each(
        "individual_board individual_card individual_result_stands",
        lambda w: [w["individual"].pk, 1],
    ),
    **_each(
        "teams_event teams_teams teams_draw teams_undraw teams_publish "
        "teams_standings_pdf teams_usebio teams_delete teams_restore teams_withdraw "
        "teams_pbn teams_hand_records teams_analysis_retry",
        lambda w: [w["teams"].pk],
    ),
    **_each(
        "teams_round teams_round_pdf teams_round_rooms teams_round_rooms_make "
        "teams_round_hand_records_pdf teams_session",
        lambda w: [w["teams"].pk, 1],
    ),
    **_each(
        "teams_room_link_reissue teams_room_link_qr", lambda w: [w["teams"].pk, w["room_link"].pk]
    ),
    "teams_room_phone": lambda w: [w["room_link"].token],
    **_each(
        "swiss_pairs_event swiss_pairs_pairs swiss_pairs_draw swiss_pairs_undraw "
        "swiss_pairs_publish swiss_pairs_standings_pdf",
        lambda w: [w["swiss_pairs"].pk],
    ),
    **_each(
        "swiss_pairs_table swiss_pairs_award swiss_pairs_ruling",
        lambda w: [w["swiss_pairs"].pk, w["swiss_table"].pk],
    ),
    **_each(
        "swiss_pairs_round_phones swiss_pairs_round_phones_make", lambda w: [w["swiss_pairs"].pk, 1]
    ),
    **_each(
        "swiss_pairs_link_reissue swiss_pairs_link_qr",
        lambda w: [w["swiss_pairs"].pk, w["swiss_link"].pk],
    ),
    "swiss_table_phone": lambda w: [w["swiss_link"].token],
    **_each(
        "teams_match teams_match_enter teams_match_adjust teams_match_watch teams_room_ruling",
        lambda w: [w["teams"].pk, w["match"].pk],
    ),
}
NAMES = sorted(ARGUMENTS)


def url_of(world, name):
    return reverse(name, args=ARGUMENTS[name](world))


def site_url_names() -> set[str]:
    """Every named URL of the site but Django's admin (tests/events/test_admin.py)."""
    return {name for name in get_resolver().reverse_dict if isinstance(name, str)}


# A pairs table's and a teams room's secret links, each its own credential
# (tests/events/phone/test_links.py, tests/events/teams/test_room_phone.py,
# tests/events/swiss_pairs/test_phone.py).
TOKEN_LINKS = {"table_phone", "teams_room_phone", "individual_table_phone", "swiss_table_phone"}
# A logged-in user's own account, and the secret links: checked here only against posts
# without a CSRF token.
OWN = {"login", "logout", *TOKEN_LINKS}
# Their forms list only the clubs the user directs: a stranger's post is refused as a form.
CREATES = {"session_create", "session_import", "one_table_create", "teams_create",
           "individual_create", "swiss_pairs_create"}  # fmt: skip


def everything():
    """Every row the app keeps, and the users: what a refused post must leave as it was."""
    rows = {
        model._meta.label: list(model.objects.order_by("pk").values())
        for model in club_app_models()
    }
    return rows, get_user_model().objects.count()


def test_every_url_of_the_site_is_in_this_test():
    assert site_url_names() == set(NAMES)


@pytest.mark.parametrize("name", [n for n in NAMES if n not in OWN])
@pytest.mark.parametrize("who", ["visitor", "colleague", "stranger"])
def test_nobody_but_the_clubs_director_writes_through_any_url(request, world, name, who):
    client = Client()
    if who != "visitor":
        client.force_login(request.getfixturevalue(who))
    url = url_of(world, name)
    before = everything()
    response = client.post(url, world["payload"])
    if response.status_code == 302:
        assert who == "visitor" and response.url.startswith(reverse("login"))
    elif response.status_code == 200:
        assert who != "visitor" and name in CREATES  # the form again, refusing the club
    else:
        assert response.status_code in (404, 405)
    assert everything() == before


@pytest.mark.parametrize("name", sorted(TOKEN_LINKS))
def test_a_wrong_table_link_writes_nothing(world, name):
    before = everything()
    url = reverse(name, args=["not-a-token-of-any-table"])
    assert Client().post(url, world["payload"]).status_code == 404
    assert everything() == before


# The one exemption: a table's (or a room's) link is its own credential, so a forged post would
# need the secret itself (events/phone/views.py); a wrong link gets nothing (above).
@pytest.mark.parametrize("name", [n for n in NAMES if n not in TOKEN_LINKS])
def test_no_post_is_taken_without_its_csrf_token(director, world, name):
    client = Client(enforce_csrf_checks=True)
    client.force_login(director)
    url = url_of(world, name)
    before = everything()
    response = client.post(url, world["payload"])
    assert response.status_code == 403
    assert everything() == before


# A GET changes nothing: a link prefetched, a crawler, a reader pressing Reload write nothing.
# The exemptions name the tables they may write, each for its reason. A session's PDF is made
# once per version and kept: the first reader to ask for one stores it (events/pdfs/store.py).
PDF_STORE = {"events_sessionpdf"}
WRITES_ON_GET = dict.fromkeys(
    ["session_standings_pdf", "session_recap_pdf", "session_travellers_pdf", "score_cards_pdf",
     "hand_record_sheet_pdf"], PDF_STORE,
)  # fmt: skip
# A page over many sessions reads their stored standings, storing first those of a session
# that changed since (events/standings/stored.py): a copy of what its results give.
STORED_STANDINGS = {"events_storedstanding"}
WRITES_ON_GET |= dict.fromkeys(
    ["ladder_detail", "ladder_pdf", "player_page", "club_ratings"], STORED_STANDINGS
)
WRITTEN = re.compile(r'^\s*(?:INSERT INTO|UPDATE|DELETE FROM)\s+"(\w+)"')


@pytest.fixture
def published(world):
    """The world with its session, game and teams event published: visitors see every page."""
    for owner in (
        world["event"],
        world["game"],
        world["teams"],
        world["individual"],
        world["swiss_pairs"],
    ):
        type(owner).objects.filter(pk=owner.pk).update(published=True)
    return world


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("who", ["visitor", "director"])
def test_no_get_writes_anything(request, published, name, who):
    client = Client()
    if who == "director":
        client.force_login(request.getfixturevalue("director"))
    url = url_of(published, name)
    with CaptureQueriesContext(connection) as captured:
        client.get(url)
    written = [WRITTEN.match(q["sql"]) for q in captured.captured_queries]
    tables = {match[1] for match in written if match}
    assert tables <= WRITES_ON_GET.get(name, set()), [q["sql"] for q in captured.captured_queries]
