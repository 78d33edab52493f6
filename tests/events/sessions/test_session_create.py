from django.urls import reverse

from events.models import Event


def form(**fields):
    data = {
        "name": "Thursday pairs", "date": "2026-11-26", "movement": "mitchell", "tables": "7",
        "phantom": "", "boards_per_round": "3", "scoring": "matchpoints",
    }  # fmt: skip
    data.update(fields)
    return data


def test_it_sets_up_a_mitchell(director_client, club):
    response = director_client.post(reverse("session_create"), form(club=club.pk))
    event = Event.objects.get(name="Thursday pairs")
    assert response.status_code == 302 and response.url == reverse(
        "session_detail", args=[event.pk]
    )
    assert event.sections.get().boards.count() == 21


def test_it_sets_up_a_howell_with_a_sit_out(director_client, club):
    data = form(club=club.pk, movement="howell", tables="4", phantom="any", boards_per_round="2")
    director_client.post(reverse("session_create"), data)
    section = Event.objects.get().sections.get()
    assert section.pairs.count() == 7


def test_it_explains_a_movement_it_cannot_run(director_client, club):
    response = director_client.post(reverse("session_create"), form(club=club.pk, tables="31"))
    assert response.status_code == 200
    # One section is at most 30 tables; a bigger field is several sections.
    assert b"A Mitchell needs 3-30 tables, got 31. Split the field into sections" in (
        response.content
    )
    response = director_client.post(
        reverse("session_create"), form(club=club.pk, movement="howell", tables="9")
    )
    assert b"A Howell needs 4-16 pairs" in response.content
    assert not Event.objects.exists()


def test_it_offers_only_the_directors_own_clubs(director_client, club, colleague):
    other_club = colleague.clubs.get()
    response = director_client.post(reverse("session_create"), form(club=other_club.pk))
    assert b"Select a valid choice" in response.content
    assert not Event.objects.exists()


def test_it_asks_visitors_to_log_in(client, db):
    response = client.get(reverse("session_create"))
    assert response.status_code == 302 and reverse("login") in response.url


def test_an_ave_plus_beyond_a_boards_most_imps_is_refused_not_a_server_error(director_client, club):
    """A board scores at most 24 IMPs (the WBF scale's top, Law 78B)."""
    for typed in ("25", "99999999999999999999"):
        response = director_client.post(
            reverse("session_create"), form(club=club.pk, ave_plus_imps=typed)
        )
        assert response.status_code == 200
        assert b"At most 24 IMPs, the most a board can score." in response.content
    assert not Event.objects.exists()


def test_a_session_bigger_than_any_real_one_is_refused_in_words(director_client, club):
    # A 30-table Mitchell of 4 boards a round plays 120 boards over all its 30 rounds.
    url = reverse("session_create")
    response = director_client.post(url, form(club=club.pk, tables="30", boards_per_round="4"))
    assert response.status_code == 200
    assert (
        "Too big for a session: it plays 120 boards; a session plays at most 100 (the "
        "longest real sessions play 36-40). Play fewer rounds, or fewer boards a round."
        in response.content.decode()
    )
    # Seven sections of 30 tables are 420 pairs.
    data = form(club=club.pk, tables="30,30,30,30,30,30,30", boards_per_round="1")
    response = director_client.post(url, data)
    assert "420 pairs; a session has at most 400" in response.content.decode()
    assert not Event.objects.exists()
    # 30 tables of 3 boards a round, cut to 13 rounds: its 30 sets are all in play, 90 boards.
    director_client.post(url, form(club=club.pk, tables="30", boards_per_round="3", rounds="13"))
    assert Event.objects.get().sections.get().boards.count() == 90
