"""The player-names page: NS pairs before EW, the cursor in the first box, the club's members
suggested, numbers turned into names and new names added to the roster."""

import re

import pytest
from django.urls import reverse

from events.models import Member, Pair, Section


@pytest.fixture
def url(mitchell_session):
    return reverse("session_pairs", args=[mitchell_session.pk])


@pytest.fixture
def members(club):
    Member.objects.create(club=club, name="Ann Smith", number="12345")
    Member.objects.create(club=club, name="Bob Jones", number="J123456")
    Member.objects.create(club=club, name="Old Timer", number="999", active=False)


def names_form(session, names, **extra):
    """The page's POST: `names` maps a pair's label ("NS 1") to its two names."""
    pairs = list(Pair.objects.filter(section__event=session))
    data = {"form-TOTAL_FORMS": len(pairs), "form-INITIAL_FORMS": len(pairs), **extra}
    for index, pair in enumerate(pairs):
        first, second = names.get(str(pair), ("", ""))
        data |= {
            f"form-{index}-id": pair.pk,
            f"form-{index}-player1": first,
            f"form-{index}-player2": second,
        }
    return data


def test_it_lists_ns_pairs_before_ew(director_client, url):
    body = director_client.get(url).content.decode()
    labels = re.findall(r'<th scope="row">.*?((?:NS|EW) \d)</th>', body)
    assert labels == ["NS 1", "NS 2", "NS 3", "EW 1", "EW 2", "EW 3"]


def test_it_puts_the_cursor_in_the_first_box(director_client, url):
    body = director_client.get(url).content.decode()
    assert body.count("autofocus") == 1
    first_box = re.search(r"<input[^>]*autofocus[^>]*>", body)[0]
    assert 'aria-label="NS 1, player"' in first_box


def test_it_suggests_the_clubs_active_members(director_client, url, club, members, colleague):
    Member.objects.create(club=colleague.clubs.get(), name="Someone Else")
    body = director_client.get(url).content.decode()
    datalist = re.search(r'<datalist id="members">(.*?)</datalist>', body, re.S)[1]
    assert re.findall(r'<option value="([^"]+)">([^<]*)</option>', datalist) == [
        ("Ann Smith", "12345"),
        ("Bob Jones", "J123456"),
    ]
    assert body.count('list="members"') == 12
    assert f'href="{reverse("roster", args=[club.slug])}"' in body


def test_it_turns_members_numbers_into_names_and_adds_new_names(
    director_client, mitchell_session, url, members, club
):
    names = {"NS 1": ("12345", "j123456"), "EW 2": ("bob jones", "Zoe New"), "EW 3": ("999", "")}
    data = names_form(mitchell_session, names, add_to_roster="on")
    response = director_client.post(url, data)
    assert response.status_code == 302
    saved = {
        str(p): (p.player1, p.player2) for p in Pair.objects.filter(section__event=mitchell_session)
    }
    assert saved["NS 1"] == ("Ann Smith", "Bob Jones")
    assert saved["EW 2"] == ("Bob Jones", "Zoe New")
    assert saved["EW 3"] == ("Old Timer", "")
    assert list(club.members.values_list("name", flat=True)) == [
        "Ann Smith", "Bob Jones", "Old Timer", "Zoe New",
    ]  # fmt: skip
    page = director_client.get(response.url).content.decode()
    assert "Added to the roster of Riverside BC: Zoe New." in page


def test_it_leaves_the_roster_alone_when_the_box_is_unticked(
    director_client, mitchell_session, url, club
):
    response = director_client.post(url, names_form(mitchell_session, {"NS 2": ("Zoe New", "")}))
    assert response.status_code == 302
    assert Pair.objects.get(section__event=mitchell_session, number=2, direction="NS").player1 == (
        "Zoe New"
    )
    assert not club.members.exists()


def test_the_add_box_is_ticked_when_the_page_opens(director_client, url):
    body = director_client.get(url).content.decode()
    box = re.search(r'<input[^>]*name="add_to_roster"[^>]*>', body)[0]
    assert "checked" in box


def test_a_number_no_member_has_is_refused_and_nothing_is_saved(
    director_client, mitchell_session, url, members, club
):
    names = {"NS 1": ("Ann Smith", "Zoe New"), "EW 1": ("Bob Jones", "55555")}
    response = director_client.post(url, names_form(mitchell_session, names, add_to_roster="on"))
    body = response.content.decode()
    assert response.status_code == 200
    assert "No member of Riverside BC has the number 55555." in body
    # The cursor goes to the box with the mistake.
    assert body.count("autofocus") == 1
    assert 'aria-label="EW 1, partner"' in re.search(r"<input[^>]*autofocus[^>]*>", body)[0]
    assert not Pair.objects.filter(section__event=mitchell_session).exclude(player1="").exists()
    assert club.members.count() == 3


def test_it_names_the_section_when_there_are_several(director_client, mitchell_session, url):
    other = Section.objects.create(event=mitchell_session, name="B", tables=3)
    Pair.objects.create(section=other, number=1, direction="EW")
    Pair.objects.create(section=other, number=1, direction="NS")
    body = director_client.get(url).content.decode()
    labels = re.findall(r'<th scope="row">.*?([AB] (?:NS|EW) \d)</th>', body)
    assert labels == [
        "A NS 1",
        "A NS 2",
        "A NS 3",
        "A EW 1",
        "A EW 2",
        "A EW 3",
        "B NS 1",
        "B EW 1",
    ]
    assert 'aria-label="B EW 1, partner"' in body


@pytest.mark.parametrize("count", [99_999_999_999, 2_000, 5, 7])
def test_a_count_of_pairs_other_than_the_sessions_is_refused(
    director_client, mitchell_session, url, count
):
    # The page posts one form a pair (six here) and says so; a forged count once built
    # Django's most, 2,000 forms, and checked every one.
    data = names_form(mitchell_session, {"NS 1": ("Ann Smith", "Bob Jones")})
    data |= {"form-TOTAL_FORMS": count, "form-INITIAL_FORMS": count}
    response = director_client.post(url, data)
    assert response.status_code == 200
    assert len(response.context["formset"].forms) <= 6
    assert (
        f"Nothing saved: the page sent names for {count:,} pairs, and the session has 6."
        in response.content.decode()
    )
    assert not Pair.objects.filter(section__event=mitchell_session).exclude(player1="").exists()


def test_new_names_are_added_as_visitors_in_one_step(
    director_client, mitchell_session, url, members, club
):
    names = {"NS 1": ("Ann Smith", "Vic Visitor"), "EW 1": ("Bob Jones", "")}
    data = names_form(mitchell_session, names, add_to_roster="on", as_visitors="on")
    response = director_client.post(url, data)
    assert response.status_code == 302
    vic = club.members.get(name="Vic Visitor")
    assert (vic.visitor, vic.active, vic.suggested) == (True, True, False)
    page = director_client.get(response.url).content.decode()
    assert "Added to the roster of Riverside BC as visitors: Vic Visitor." in page
    # Known from now on, but not suggested among the members.
    body = director_client.get(url).content.decode()
    datalist = re.search(r'<datalist id="members">(.*?)</datalist>', body, re.S)[1]
    assert "Vic Visitor" not in datalist and "Ann Smith" in datalist


def test_a_visitors_number_typed_on_the_pairs_page_becomes_their_name(
    director_client, mitchell_session, url, club
):
    Member.objects.create(club=club, name="Vic Visitor", visitor=True, number="0041475")
    response = director_client.post(url, names_form(mitchell_session, {"NS 1": ("0041475", "")}))
    assert response.status_code == 302
    assert Pair.objects.get(section__event=mitchell_session, number=1, direction="NS").player1 == (
        "Vic Visitor"
    )


def test_the_visitors_box_is_unticked_when_the_page_opens(director_client, url):
    body = director_client.get(url).content.decode()
    box = re.search(r'<input[^>]*name="as_visitors"[^>]*>', body)[0]
    assert "checked" not in box
