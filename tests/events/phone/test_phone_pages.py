"""The phone page of a table's link, and the director's table links page.

Three people: the club's director, a colleague directing another club, a stranger; and a
fourth, the phone, which has no account at all, only its table's link. Scores are Law 77's
(Laws of Duplicate Bridge 2017); a 3-table Mitchell plays boards 1-2 at table 1 and 3-4 at
table 2 in round 1 (bridgecentral.com, *The Mitchell movement*).
"""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from events.models import Board, Result, TableLink
from events.phone import links as table_links
from events.phone import table_round as phone
from tests.factories import make_session

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_budgets():
    cache.clear()  # request budgets are counted in the cache


@pytest.fixture
def links(mitchell_session):
    return {link.table: link for link in table_links.ensure_links(mitchell_session.sections.get())}


def url(link):
    return reverse("table_phone", args=[link.token])


def board(event, number):
    return Board.objects.get(section__event=event, number=number)


def tap(
    client,
    link,
    number,
    level="4",
    strain="S",
    doubled="",
    declarer="N",
    made="+1",
    *,
    version=0,
    htmx=True,
    lead="",
):
    data = {"action": "save", "board": board(link.section.event, number).pk, "version": version,
            "level": level, "strain": strain, "doubled": doubled, "declarer": declarer,
            "made": made, "lead": lead}  # fmt: skip
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(url(link), data, **headers)


def answer(client, link, number, action="confirm"):
    b = board(link.section.event, number)
    version = Result.objects.get(board=b).version
    data = {"action": action, "board": b.pk, "version": version}
    return client.post(url(link), data, HTTP_HX_REQUEST="true")


def test_it_shows_the_round_in_front_of_the_table(client, mitchell_session, links):
    ns = mitchell_session.sections.get().pairs.get(direction="NS", number=2)
    ns.player1, ns.player2 = "Ann Archer", "Bob Baker"
    ns.save()
    response = client.get(url(links[2]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Round 1" in html and "NS 2" in html and "Ann Archer &amp; Bob Baker" in html
    assert "Board 3" in html and "Dealer S · Vul EW" in html
    assert "Board 4" in html and "Dealer W · Vul Both" in html
    assert "Board 1<" not in html  # table 1's boards


def test_a_reopened_phone_is_never_shown_a_stored_copy(client, links):
    assert "no-store" in client.get(url(links[1]))["Cache-Control"]


def test_it_saves_a_result_and_shows_the_score_at_once(client, mitchell_session, links):
    response = tap(client, links[2], 3)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html  # the fragment only
    assert "NS +450" in html  # Law 77: 4♠+1, not vulnerable
    assert "Opponents: is this right?" in html
    assert Result.objects.get().text == "4S N +1"


def test_without_javascript_a_save_redirects_to_the_page(client, links):
    response = tap(client, links[2], 3, htmx=False)
    assert response.status_code == 302 and response["Location"] == url(links[2])


def test_the_opponents_confirm_and_the_board_is_locked(client, links):
    tap(client, links[1], 1, level="3", strain="NT", declarer="S", made="=")
    html = answer(client, links[1], 1).content.decode()
    assert "Confirmed: only the director can change it now." in html
    stored = Result.objects.get()
    response = tap(client, links[1], 1, made="+1", version=stored.version)
    assert response.status_code == 422
    assert "only the director can change it now" in response.content.decode()
    assert Result.objects.get().text == "3NT S ="


def test_a_missing_tap_is_named_and_nothing_is_stored(client, links):
    response = tap(client, links[1], 1, declarer="")
    assert response.status_code == 422
    assert "Tap the declarer." in response.content.decode()
    assert not Result.objects.exists()


def test_an_impossible_result_is_refused_with_the_reason(client, links):
    response = tap(client, links[1], 1, level="7", strain="NT", made="+1")  # 14 of 13 tricks
    assert response.status_code == 422
    assert "declarer cannot take 14 tricks" in response.content.decode()
    assert not Result.objects.exists()


def test_a_passed_out_board_needs_only_the_pass(client, links):
    tap(client, links[1], 2, level="P", strain="", declarer="", made="")
    assert Result.objects.get().text == "PASS"


def test_the_board_history_says_which_table_entered_it(director_client, mitchell_session, links):
    client = director_client
    tap(client, links[2], 4)
    history = client.get(reverse("board_history", args=[board(mitchell_session, 4).pk]))
    assert "entered at table 2" in history.content.decode()


def test_a_link_cannot_enter_another_table_s_board(client, links):
    response = tap(client, links[1], 3)
    assert response.status_code == 422
    assert "Board 3 is not played at this table this round." in response.content.decode()
    assert not Result.objects.exists()


def test_a_link_cannot_enter_another_session_s_board(client, club, links):
    other = make_session(club, name="Thursday pairs")
    data = {"action": "save", "board": board(other, 1).pk, "version": 0, "level": "4",
            "strain": "S", "declarer": "N", "made": "="}  # fmt: skip
    response = client.post(url(links[1]), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert not Result.objects.exists()


def test_a_link_cannot_confirm_another_table_s_result(client, links):
    tap(client, links[2], 3)
    response = answer(client, links[1], 3)
    assert response.status_code == 422
    assert Result.objects.get().table_entry.confirmed_at is None


def test_a_link_does_not_show_other_boards_results(client, mitchell_session, links):
    tap(client, links[2], 3, made="+2")  # table 2's board: NS +480
    answer(client, links[2], 3)
    html = client.get(url(links[1])).content.decode()
    assert "4S N +2" not in html and "480" not in html


def test_the_traveller_shows_once_confirmed_if_the_director_allows(client, mitchell_session, links):
    table_links.set_show_travellers(mitchell_session, True)
    tap(client, links[1], 1, level="3", strain="NT", declarer="S", made="=")
    assert "phone-traveller" not in client.get(url(links[1])).content.decode()
    answer(client, links[1], 1)
    html = client.get(url(links[1])).content.decode()
    assert "phone-traveller" in html and "3NT S =" in html


def test_a_poll_with_nothing_new_costs_a_204(client, links):
    shown = phone.table_round(links[1])
    response = client.get(url(links[1]), {"stamp": shown.stamp}, HTTP_HX_REQUEST="true")
    assert response.status_code == 204
    tap(client, links[1], 1)  # the other phone at the table saved meanwhile
    response = client.get(url(links[1]), {"stamp": shown.stamp}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "NS +450" in response.content.decode()


def test_another_table_s_save_does_not_disturb_the_phone(client, links):
    shown = phone.table_round(links[1])
    tap(client, links[2], 3)
    response = client.get(url(links[1]), {"stamp": shown.stamp}, HTTP_HX_REQUEST="true")
    assert response.status_code == 204


def test_an_unknown_token_is_a_404(client, links):
    assert client.get(reverse("table_phone", args=["not-a-token"])).status_code == 404
    assert client.get(reverse("table_phone", args=["1"])).status_code == 404


@pytest.mark.parametrize("token", ["abc%00def", "abc.def", "%C3%A9t%C3%A9"])
def test_a_token_of_characters_no_token_has_is_a_404(client, links, token):
    # A NUL reached PostgreSQL, which refuses it in a query: a server error.
    assert client.get(f"/t/{token}/").status_code == 404
    assert client.post(f"/t/{token}/", {"board": 1}).status_code == 404


def test_a_revoked_link_gets_a_clear_page(client, links):
    table_links.reissue(links[1])
    response = client.get(url(links[1]))
    assert response.status_code == 410
    assert "replaced this table&#x27;s link" in response.content.decode()
    assert tap(client, links[1], 1).status_code == 410
    assert not Result.objects.exists()


def test_a_finalised_session_s_link_gets_a_clear_page(client, mitchell_session, links):
    mitchell_session.finalised = True
    mitchell_session.save()
    response = client.get(url(links[1]))
    assert response.status_code == 410
    assert "closed this session" in response.content.decode()


def test_a_link_has_a_request_budget(client, links, settings):
    settings.PHONE_REQUESTS_PER_MINUTE = 3
    statuses = [client.get(url(links[3])).status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    assert client.get(url(links[2])).status_code == 200  # another table's budget


def test_guessing_tokens_is_cut_short(client, links, settings):
    settings.PHONE_MISSES_PER_MINUTE = 2
    guesses = [client.get(f"/t/guess{n}/").status_code for n in range(3)]
    assert guesses == [404, 404, 429]


def test_behind_the_proxy_each_phone_has_its_own_budget_of_unknown_tokens(client, links, settings):
    # Every request reaches the app from nginx's address: counted by it, one careless phone
    # used up the budget of the whole room. nginx names the phone in X-Real-IP.
    settings.PHONE_MISSES_PER_MINUTE, settings.BEHIND_PROXY = 2, True
    careless = {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_REAL_IP": "192.0.2.10"}
    guesses = [client.get(f"/t/typo{n}/", **careless).status_code for n in range(3)]
    assert guesses == [404, 404, 429]
    other_phone = {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_REAL_IP": "192.0.2.11"}
    assert client.get("/t/typo9/", **other_phone).status_code == 404
    assert client.get(url(links[1]), **other_phone).status_code == 200


def test_the_director_page_lists_links_and_the_grid(director_client, mitchell_session, links):
    tap(director_client, links[1], 1)
    response = director_client.get(reverse("table_links", args=[mitchell_session.pk]))
    html = response.content.decode()
    assert response.status_code == 200
    for link in links.values():
        assert link.token in html
    assert "entered" in html and "Revoke and reissue" in html


def test_the_grid_is_live(director_client, mitchell_session, links):
    page = reverse("table_links", args=[mitchell_session.pk])
    mitchell_session.refresh_from_db()
    since = {"since": mitchell_session.version}
    assert director_client.get(page, since, HTTP_HX_REQUEST="true").status_code == 204
    tap(director_client, links[3], 5)
    response = director_client.get(page, since, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html and 'id="live"' in html


@pytest.mark.parametrize("who,status", [("colleague", 404), ("stranger", 404)])
def test_only_the_club_s_directors_see_the_links(
    client, mitchell_session, links, who, status, request
):
    client.force_login(request.getfixturevalue(who))
    pk = mitchell_session.pk
    assert client.get(reverse("table_links", args=[pk])).status_code == status
    assert client.get(reverse("table_link_qr", args=[pk, links[1].pk])).status_code == status
    reissue = reverse("table_link_reissue", args=[pk, links[1].pk])
    assert client.post(reissue).status_code == status
    assert TableLink.objects.get(pk=links[1].pk).revoked_at is None


def test_the_director_reissues_a_link(director_client, mitchell_session, links):
    pk = mitchell_session.pk
    director_client.post(reverse("table_link_reissue", args=[pk, links[2].pk]))
    assert client_status(director_client, url(links[2])) == 410
    new = TableLink.objects.get(section__event=mitchell_session, table=2, revoked_at=None)
    assert client_status(director_client, url(new)) == 200


def client_status(client, path):
    return client.get(path).status_code


def test_the_director_lets_tables_see_travellers(director_client, mitchell_session):
    options = reverse("table_links_options", args=[mitchell_session.pk])
    director_client.post(options, {"show_travellers": "1"})
    assert table_links.show_travellers(mitchell_session)
    director_client.post(options, {"show_travellers": "0"})
    assert not table_links.show_travellers(mitchell_session)


def test_the_qr_code_is_an_svg_of_the_link(director_client, mitchell_session, links):
    response = director_client.get(
        reverse("table_link_qr", args=[mitchell_session.pk, links[1].pk])
    )
    assert response["Content-Type"] == "image/svg+xml"
    assert response.content.startswith(b"<?xml") and b"<svg" in response.content


def test_table_cards_show_links_to_directors_only(client, director_client, mitchell_session):
    mitchell_session.published = True
    mitchell_session.save()
    cards = reverse("table_cards", args=[mitchell_session.pk])
    html = director_client.get(cards).content.decode()
    tokens = TableLink.objects.filter(section__event=mitchell_session).values_list(
        "token", flat=True
    )
    assert len(tokens) == 3 and all(token in html for token in tokens)
    client.logout()
    public = client.get(cards).content.decode()
    assert not any(token in public for token in tokens)
    assert "qr.svg" not in public


def writes_of(client, url) -> tuple[str, list[str]]:
    """The page, and every INSERT, UPDATE or DELETE its GET sent."""
    with CaptureQueriesContext(connection) as captured:
        html = client.get(url).content.decode()
    sql = [q["sql"] for q in captured.captured_queries]
    return html, [q for q in sql if q.lstrip().startswith(("INSERT", "UPDATE", "DELETE"))]


@pytest.fixture
def set_up_without_links(mitchell_session):
    """A published session set up before its tables' links came with it."""
    TableLink.objects.filter(section__event=mitchell_session).delete()
    mitchell_session.published = True
    mitchell_session.save()
    return mitchell_session


def test_reading_the_table_cards_makes_no_links(client, director_client, set_up_without_links):
    # Anyone may read a published session's cards: reading them once made each table's link.
    cards = reverse("table_cards", args=[set_up_without_links.pk])
    html, written = writes_of(director_client, cards)
    assert written == [] and not TableLink.objects.exists()
    assert "Some tables have no phone link yet" in html and "qr.svg" not in html
    client.logout()  # the director's client: now a visitor's
    public, written = writes_of(client, cards)
    assert written == [] and not TableLink.objects.exists()
    assert "Table 3" in public and "no phone link" not in public


def test_the_director_makes_the_links_of_a_session_set_up_without_them(
    director_client, set_up_without_links
):
    page = reverse("table_links", args=[set_up_without_links.pk])
    html, written = writes_of(director_client, page)
    assert written == [] and not TableLink.objects.exists()
    assert "Tables 1, 2, 3 have no link yet." in html
    made = director_client.post(reverse("table_links_make", args=[set_up_without_links.pk]))
    assert made.status_code == 302 and made.url == page
    links = TableLink.objects.filter(section__event=set_up_without_links)
    assert sorted(links.values_list("table", flat=True)) == [1, 2, 3]
    html = director_client.get(page).content.decode()
    assert "no link yet" not in html and all(link.token in html for link in links)
    cards = director_client.get(reverse("table_cards", args=[set_up_without_links.pk]))
    assert "no phone link" not in cards.content.decode()


def test_a_final_session_s_links_are_not_made_again(director_client, set_up_without_links):
    set_up_without_links.finalised = True
    set_up_without_links.save()
    director_client.post(reverse("table_links_make", args=[set_up_without_links.pk]))
    assert not TableLink.objects.exists()
    page = director_client.get(reverse("table_links", args=[set_up_without_links.pk]))
    assert "no link yet" not in page.content.decode()


def test_a_result_saved_meanwhile_is_told_as_the_card_writes_it(client, links):
    tap(client, links[1], 1, level="4", strain="H", declarer="W", made="=")  # the other phone
    response = tap(client, links[1], 1, level="4", strain="S", declarer="N", made="=")
    assert response.status_code == 422
    html = response.content.decode()
    # Law 77: 4♥ made by EW, nobody vulnerable on board 1: EW +420.
    assert (
        "Meanwhile board 1 was saved as 4♥ by W = (EW +420). Check it, then agree or change it."
    ) in html
    assert "4H W =" not in html
    assert Result.objects.get().text == "4H W ="


def test_a_queried_board_offers_the_table_no_more_buttons(client, links):
    tap(client, links[1], 1, level="3", strain="NT", declarer="S", made="=")
    html = answer(client, links[1], 1, action="query").content.decode()
    card = html[html.index('id="board-') : html.index("</article>")]
    assert "The director has been called for this board." in card
    assert "<form" not in card


def test_where_to_go_shows_until_the_next_round_s_first_result(client, links):
    for number in (1, 2):
        tap(client, links[1], number, level="P", strain="", declarer="", made="")
        answer(client, links[1], number)
    html = client.get(url(links[1])).content.decode()
    assert "Round 1 is done" in html and "EW go to table 2" in html
    html = tap(client, links[1], 3).content.decode()  # round 2's first board: they moved
    assert "Round 1 is done" not in html
    assert "Round 2" in html and "NS +" in html
