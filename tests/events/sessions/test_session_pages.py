import json

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from events.models import Board, Event, Pair
from events.sessions.setup import SectionPlan
from tests.events.sessions.test_importing import THREE_TABLES
from tests.factories import make_club, make_session, upload_travellers


def test_the_session_page_shows_standings_and_travellers(director_client, mitchell_session):
    response = director_client.get(reverse("session_detail", args=[mitchell_session.pk]))
    body = response.content.decode()
    assert "NS pairs" in body and "EW pairs" in body
    assert "Enter by table and round" in body
    assert body.count('href="/boards/') == 6


def test_htmx_polling_gets_only_the_live_standings_and_progress(client, mitchell_session):
    mitchell_session.published = True
    mitchell_session.save()
    response = client.get(
        reverse("session_detail", args=[mitchell_session.pk]), HTTP_HX_REQUEST="true"
    )
    body = response.content.decode()
    assert "<html" not in body and body.strip().startswith('<div id="live"')
    assert 'id="standings"' in body and "0/3" in body
    assert "HX-Request" in response["Vary"]


def test_a_director_publishes_and_unpublishes(director_client, mitchell_session, client):
    url = reverse("session_publish", args=[mitchell_session.pk])
    director_client.post(url, {"published": "1"})
    mitchell_session.refresh_from_db()
    assert mitchell_session.published


def test_table_cards_show_every_table_and_round(director_client, mitchell_session):
    response = director_client.get(reverse("table_cards", args=[mitchell_session.pk]))
    body = response.content.decode()
    assert body.count('class="table-card"') == 3
    assert "Table 3" in body


def test_results_download_as_json(director_client, mitchell_session):
    response = director_client.get(reverse("session_export", args=[mitchell_session.pk]))
    assert response["Content-Type"] == "application/json"
    assert "attachment" in response["Content-Disposition"]
    assert json.loads(response.content)["format"] == "clubscore-results/1"


def test_travellers_upload_as_a_new_session(director_client, club):
    response = upload_travellers(director_client, club, THREE_TABLES)
    event = Event.objects.get(name="Uploaded")
    assert response.status_code == 302 and response.url == reverse(
        "session_detail", args=[event.pk]
    )


def test_the_import_page_has_a_directors_one_club_chosen_already(director_client, club):
    body = director_client.get(reverse("session_import")).content.decode()
    assert f'<option value="{club.pk}" selected>{club.name}</option>' in body


def test_the_import_page_leaves_the_choice_to_a_director_of_two_clubs(
    director_client, director, club
):
    make_club(directors=[director], name="Second club")
    body = director_client.get(reverse("session_import")).content.decode()
    clubs = body.split('name="club"')[1].split("</select>")[0]
    assert '<option value="" selected>---------</option>' in clubs
    assert clubs.count("selected") == 1


def test_a_travellers_csv_without_a_name_is_named_after_its_file(director_client, club):
    # The form's help says it: empty, the name comes from the file, and a CSV has only its
    # file name to give.
    upload = SimpleUploadedFile(
        "tuesday_pairs 2026-11-24.csv", THREE_TABLES.encode(), content_type="text/csv"
    )
    data = {"club": club.pk, "name": "", "file": upload, "movement": "mitchell",
            "scoring": "matchpoints"}  # fmt: skip
    response = director_client.post(reverse("session_import"), data)
    event = Event.objects.get()
    assert event.name == "Tuesday pairs 2026-11-24"
    assert response.status_code == 302
    assert response.url == reverse("session_detail", args=[event.pk])
    page = director_client.get(reverse("session_import")).content.decode()
    assert "Leave empty to use the event name in the file, or else the file&#x27;s own " in page


def test_a_bad_upload_lists_its_lines_and_stores_nothing(director_client, club):
    bad = "board,ns,ew,contract,declarer,result\n1,1,1,4S,N,=\n1,2,2,4S,N,+9\n"
    response = upload_travellers(director_client, club, bad, name="Bad")
    assert b"Nothing was imported" in response.content
    assert b"Line 3: 4S +9: declarer cannot take 19 tricks" in response.content
    assert not Event.objects.exists()


def test_an_upload_too_big_to_be_travellers_is_refused_unread(director_client, club):
    huge = THREE_TABLES + "\n" + ("1,1,1,4S,N,=\n" * 200_000)  # 2.6 MB
    response = upload_travellers(director_client, club, huge, name="Huge")
    assert b"a travellers CSV is at most 2,000 kB" in response.content
    assert not Event.objects.exists()


def test_an_upload_of_more_lines_than_any_session_has_is_refused_unread(director_client, club):
    # 130 kB, well under the size cap, but 10,001 lines: seven times a 40-table night.
    packed = THREE_TABLES + "\n" + ("1,1,1,4S,N,=\n" * 10_000)
    response = upload_travellers(director_client, club, packed, name="Packed")
    assert b"a travellers CSV has at most 10,000 (a 40-table session has 1,441)" in (
        response.content
    )
    assert not Event.objects.exists()


def test_a_director_types_the_player_names(director_client, mitchell_session):
    url = reverse("session_pairs", args=[mitchell_session.pk])
    page = director_client.get(url).content.decode()
    assert page.count('name="form-') >= 6 * 3
    pairs = list(
        Pair.objects.filter(section__event=mitchell_session).order_by("direction", "number")
    )
    data = {"form-TOTAL_FORMS": len(pairs), "form-INITIAL_FORMS": len(pairs)}
    for index, pair in enumerate(pairs):
        data[f"form-{index}-id"] = pair.pk
        data[f"form-{index}-player1"] = f"Player {index}a"
        data[f"form-{index}-player2"] = f"Player {index}b"
    response = director_client.post(url, data)
    assert response.status_code == 302
    assert Pair.objects.get(pk=pairs[0].pk).names == "Player 0a & Player 0b"
    standings = director_client.get(reverse("session_detail", args=[mitchell_session.pk]))
    assert b"Player 0a &amp; Player 0b" in standings.content


def test_the_standings_beside_a_traveller_refresh_only_when_the_session_changed(client, club):
    event = make_session(club, tables=3, boards_per_round=1)
    Event.objects.filter(pk=event.pk).update(published=True)
    event.refresh_from_db()
    url = reverse("session_standings", args=[event.pk])
    unchanged = client.get(url, {"since": event.version}, HTTP_HX_REQUEST="true")
    assert unchanged.status_code == 204 and unchanged.content == b""
    changed = client.get(url, {"since": event.version - 1}, HTTP_HX_REQUEST="true")
    assert changed.status_code == 200
    assert b'id="standings"' in changed.content and b"<html" not in changed.content


def test_a_travellers_standings_stay_its_sections_when_they_refresh(director_client, club):
    # Two Mitchell sections: the card beside section A's traveller shows section A's pairs,
    # on the page and after every refresh; the session's standings page shows both.
    event = make_session(club, sections=[SectionPlan("A", 3), SectionPlan("B", 3)])
    section_a = event.sections.get(name="A")
    board = Board.objects.get(section=section_a, number=1)
    page = director_client.get(reverse("board_traveller", args=[board.pk])).content.decode()
    refresh = f"/sessions/{event.pk}/standings/?since={event.version}&amp;section={section_a.pk}"
    assert refresh in page
    assert "section B" not in page
    url = reverse("session_standings", args=[event.pk])
    headers = {"HTTP_HX_REQUEST": "true"}
    own = director_client.get(url, {"since": -1, "section": section_a.pk}, **headers)
    assert own.status_code == 200
    assert "section B" not in own.content.decode()
    assert f"&amp;section={section_a.pk}" in own.content.decode()  # and so on, each refresh
    whole = director_client.get(url, {"since": -1}, **headers).content.decode()
    assert "section A" in whole and "section B" in whole
