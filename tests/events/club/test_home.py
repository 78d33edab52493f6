from django.urls import reverse

from tests.factories import make_club, make_session


def test_it_shows_published_sessions_to_everyone(client, club):
    published = make_session(club, name="Monday duplicate")
    published.published = True
    published.save()
    make_session(club, name="Secret rehearsal")
    response = client.get(reverse("home"))
    assert response.status_code == 200
    assert b"Monday duplicate" in response.content
    assert b"Secret rehearsal" not in response.content


def test_it_shows_a_director_their_unpublished_sessions(director_client, club):
    make_session(club, name="Secret rehearsal")
    response = director_client.get(reverse("home"))
    assert b"Secret rehearsal" in response.content
    assert b"Set up a session" in response.content


def test_the_import_button_says_it_takes_any_results_file(director_client, club):
    # The page reads CSV, PBN, USEBIO (pairs or teams) and Bridgemate .bws files.
    page = director_client.get(reverse("home")).content.decode()
    assert f'href="{reverse("session_import")}">Import results</a>' in page
    assert "Import travellers (CSV)" not in page


def test_it_is_empty_at_first(client, db):
    make_club(name="Lonely club")
    response = client.get(reverse("home"))
    assert b"No sessions yet" in response.content
    assert b"Lonely club" in response.content


def test_it_offers_the_director_login_to_visitors(client, db):
    assert reverse("login").encode() in client.get(reverse("home")).content
