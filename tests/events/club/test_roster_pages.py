"""The roster pages: the club's directors list, add, edit, deactivate and import members;
another club's director, a stranger and a visitor get nothing."""

import html
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from events.models import Member, MemberMerge


@pytest.fixture
def ann(club):
    return Member.objects.create(club=club, name="Ann Smith", number="12345")


def urls(club, ann):
    return [
        ("get", reverse("roster", args=[club.slug]), {}),
        ("post", reverse("roster", args=[club.slug]), {"name": "Eve Intruder"}),
        ("get", reverse("roster_import", args=[club.slug]), {}),
        ("post", reverse("roster_import", args=[club.slug]), {"lines": "Eve Intruder,1"}),
        ("get", reverse("member_edit", args=[club.slug, ann.pk]), {}),
        ("post", reverse("member_edit", args=[club.slug, ann.pk]), {"name": "Eve", "active": ""}),
        ("post", reverse("member_active", args=[club.slug, ann.pk]), {"active": "0"}),
        ("get", reverse("member_merge", args=[club.slug, ann.pk]), {}),
        ("post", reverse("member_merge", args=[club.slug, ann.pk]), {"into": ann.pk}),
    ]


@pytest.mark.parametrize("who", ["colleague", "stranger"])
def test_it_gives_other_users_a_404_and_changes_nothing(client, request, club, ann, who):
    client.force_login(request.getfixturevalue(who))
    for method, url, data in urls(club, ann):
        assert getattr(client, method)(url, data).status_code == 404, url
    assert [(m.name, m.active) for m in Member.objects.all()] == [("Ann Smith", True)]


def test_it_sends_visitors_to_log_in(client, club, ann):
    for method, url, data in urls(club, ann):
        response = getattr(client, method)(url, data)
        assert response.status_code == 302 and reverse("login") in response.url
    assert [(m.name, m.active) for m in Member.objects.all()] == [("Ann Smith", True)]


def test_it_lists_the_members_and_links_from_the_club_page(director_client, club, ann):
    Member.objects.create(club=club, name="Old Timer", active=False)
    body = director_client.get(reverse("roster", args=[club.slug])).content.decode()
    assert "Ann Smith" in body and "12345" in body
    assert body.index("Ann Smith") < body.index("Inactive members") < body.index("Old Timer")
    club_page = director_client.get(reverse("club_sessions", args=[club.slug])).content.decode()
    assert f'href="{reverse("roster", args=[club.slug])}"' in club_page


def test_it_shows_no_roster_link_to_visitors_of_the_club_page(client, club):
    club_page = client.get(reverse("club_sessions", args=[club.slug])).content.decode()
    assert reverse("roster", args=[club.slug]) not in club_page


def test_it_adds_a_member(director_client, club):
    url = reverse("roster", args=[club.slug])
    response = director_client.post(url, {"name": "  Bob   Jones ", "number": "J123456"})
    assert response.status_code == 302 and response.url == url
    bob = Member.objects.get()
    assert (bob.club, bob.name, bob.number, bob.active) == (club, "Bob Jones", "J123456", True)


@pytest.mark.parametrize(
    "data,message",
    [
        ({"name": "ann smith"}, "ann smith is on the roster already."),
        ({"name": "Bob Jones", "number": "12345"}, "Ann Smith has the number 12345."),
        ({"name": "Bob Jones", "number": "Jones"}, "“Jones” is not a member number"),
        ({"name": ""}, "This field is required."),
    ],
)
def test_it_refuses_a_second_member_of_one_name_or_number(
    director_client, club, ann, data, message
):
    response = director_client.post(reverse("roster", args=[club.slug]), data)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert Member.objects.count() == 1


def test_it_edits_a_member(director_client, club, ann):
    url = reverse("member_edit", args=[club.slug, ann.pk])
    assert "Ann Smith" in director_client.get(url).content.decode()
    director_client.post(url, {"name": "Ann Smith-Jones", "number": "54321", "active": "on"})
    ann.refresh_from_db()
    assert (ann.name, ann.number, ann.active) == ("Ann Smith-Jones", "54321", True)


def test_it_keeps_a_members_own_name_and_number_when_edited(director_client, club, ann):
    url = reverse("member_edit", args=[club.slug, ann.pk])
    response = director_client.post(url, {"name": "Ann Smith", "number": "12345"})
    assert response.status_code == 302
    ann.refresh_from_db()
    assert not ann.active  # the box was left unticked


def test_it_makes_a_member_inactive_and_active_again(director_client, club, ann):
    url = reverse("member_active", args=[club.slug, ann.pk])
    assert director_client.post(url, {"active": "0"}).status_code == 302
    ann.refresh_from_db()
    assert not ann.active
    director_client.post(url, {"active": "1"})
    ann.refresh_from_db()
    assert ann.active


def test_it_does_not_reach_another_clubs_member(director_client, club, colleague):
    theirs = Member.objects.create(club=colleague.clubs.get(), name="Their Member")
    url = reverse("member_active", args=[club.slug, theirs.pk])
    assert director_client.post(url, {"active": "0"}).status_code == 404
    theirs.refresh_from_db()
    assert theirs.active


def test_it_imports_a_pasted_list(director_client, club, ann):
    url = reverse("roster_import", args=[club.slug])
    response = director_client.post(url, {"lines": "Ann Smith,12345\nBob Jones,222\nCath Brown"})
    assert response.status_code == 302
    assert response.url == reverse("roster", args=[club.slug])
    assert list(club.members.values_list("name", flat=True)) == [
        "Ann Smith", "Bob Jones", "Cath Brown",
    ]  # fmt: skip
    page = director_client.get(response.url).content.decode()
    assert "Roster imported: 2 added, 0 updated, 1 already on the roster." in page


def test_it_imports_a_csv_file_saved_by_a_spreadsheet(director_client, club):
    upload = SimpleUploadedFile("members.csv", "\ufeffname,number\r\nZoë Owen,77\r\n".encode())
    response = director_client.post(reverse("roster_import", args=[club.slug]), {"file": upload})
    assert response.status_code == 302
    assert [(m.name, m.number) for m in club.members.all()] == [("Zoë Owen", "77")]


def test_it_reads_a_csv_that_excel_on_windows_saved_in_windows_1252(director_client, club):
    upload = SimpleUploadedFile("members.csv", "José Müller,1234\r\n".encode("cp1252"))
    response = director_client.post(reverse("roster_import", args=[club.slug]), {"file": upload})
    assert response.status_code == 302
    assert [(m.name, m.number) for m in club.members.all()] == [("José Müller", "1234")]


def test_it_lists_every_bad_line_and_imports_nothing(director_client, club):
    text = "Ann Smith,12345\nSmith, John\nBob Jones,12345\n"
    response = director_client.post(reverse("roster_import", args=[club.slug]), {"lines": text})
    body = response.content.decode()
    assert response.status_code == 200 and "Nothing was imported" in body
    assert "Line 2: “John” is not a member number" in body
    assert "Line 3: number 12345 is on line 1 already." in body
    assert not Member.objects.exists()


def test_it_asks_for_a_list_when_given_none(director_client, club):
    response = director_client.post(reverse("roster_import", args=[club.slug]), {"lines": " "})
    assert "Paste the list, or choose a CSV file." in response.content.decode()


def test_it_refuses_a_file_too_big_to_be_a_roster_unread(director_client, club):
    upload = SimpleUploadedFile("members.csv", b"Ann Smith,12345\r\n" * 60_000)  # 1.0 MB
    response = director_client.post(reverse("roster_import", args=[club.slug]), {"file": upload})
    assert response.status_code == 200
    assert "The file is 1,020 kB; a roster is at most 1,000 kB" in response.content.decode()
    assert not Member.objects.exists()


def test_it_refuses_more_members_than_a_roster_takes_at_once(director_client, club):
    text = "".join(f"Member {number},{number}\n" for number in range(10_001))
    response = director_client.post(reverse("roster_import", args=[club.slug]), {"lines": text})
    body = response.content.decode()
    assert (
        "The list has 10,001 lines; a roster takes at most 10,000 lines (members) at a time."
        in (body)
    )
    assert not Member.objects.exists()


def test_a_file_just_over_the_limit_never_reads_as_within_it(director_client, club):
    upload = SimpleUploadedFile("members.csv", b"x" * 1_000_126)
    response = director_client.post(reverse("roster_import", args=[club.slug]), {"file": upload})
    assert "The file is 1,001 kB; a roster is at most 1,000 kB" in response.content.decode()


def test_it_lists_the_first_hundred_bad_lines_and_counts_the_rest(director_client, club):
    text = "\n".join(f"Member {n},bad number" for n in range(1, 1_001))
    response = director_client.post(reverse("roster_import", args=[club.slug]), {"lines": text})
    body = response.content.decode()
    assert body.count("is not a member number") == 100
    assert "… and 900 more problems, not listed: fix these first" in body
    assert not Member.objects.exists()


@pytest.mark.parametrize(
    "federation,number",
    [
        # ASE Computing, "How are the player numbers checked": the worked example 0041475.
        ("ABF", "0041475"),
        # ACBL Handbook, "I. The Player Number": seven digits, a Life Master's first a letter.
        ("ACBL", "J123456"),
        ("ACBL", "1234567"),
        ("EBU", "12345"),  # no written format found: any letters and digits
        ("", "77"),
    ],
)
def test_it_takes_a_number_in_its_federations_format(director_client, club, federation, number):
    data = {"name": "Bob Jones", "federation": federation, "number": number}
    response = director_client.post(reverse("roster", args=[club.slug]), data)
    assert response.status_code == 302
    bob = Member.objects.get()
    assert (bob.federation, bob.number) == (federation, number)


@pytest.mark.parametrize(
    "federation,number,message",
    [
        ("ABF", "0041476", "“0041476” is not an ABF number: its last digit should be 5"),
        ("ABF", "41475", "“41475” is not an ABF number: seven digits, the last a check digit."),
        ("ACBL", "S123456", "“S123456” is not an ACBL number: seven characters"),
        ("CBAI", "1234", "“1234” is not a CBAI number: the five-digit NBID"),
        ("FIFA", "12345", "Select a valid choice."),
    ],
)
def test_it_refuses_a_number_not_in_its_federations_format(
    director_client, club, federation, number, message
):
    data = {"name": "Bob Jones", "federation": federation, "number": number}
    response = director_client.post(reverse("roster", args=[club.slug]), data)
    assert response.status_code == 200
    assert message in html.unescape(response.content.decode())
    assert not Member.objects.exists()


def test_it_lists_visitors_apart_and_offers_to_merge(director_client, club, ann):
    Member.objects.create(club=club, name="Vic Visitor", visitor=True, federation="ABF",
                          number="0041475")  # fmt: skip
    body = director_client.get(reverse("roster", args=[club.slug])).content.decode()
    assert body.index("Ann Smith") < body.index("<h2>Visitors</h2>") < body.index("Vic Visitor")
    assert '0041475 <span class="hint">ABF</span>' in body
    assert f'href="{reverse("member_merge", args=[club.slug, ann.pk])}"' in body


def test_it_makes_a_visitor_a_member(director_client, club):
    vic = Member.objects.create(club=club, name="Vic Visitor", visitor=True)
    url = reverse("member_edit", args=[club.slug, vic.pk])
    director_client.post(url, {"name": "Vic Visitor", "active": "on"})
    vic.refresh_from_db()
    assert vic.suggested


@pytest.mark.parametrize("members", [3, 60])
def test_the_roster_page_takes_a_constant_number_of_queries(
    director_client, club, members, django_assert_max_num_queries
):
    Member.objects.bulk_create(
        Member(club=club, name=f"Member {n}", key=f"member {n}", number=str(1000 + n),
               visitor=n % 3 == 0, active=n % 5 != 0)
        for n in range(members)
    )  # fmt: skip
    MemberMerge.objects.bulk_create(
        MemberMerge(club=club, kept_name=f"Member {n}", duplicate_name=f"M. {n}")
        for n in range(members)
    )
    # The list of merges is one query more, however many there are.
    with django_assert_max_num_queries(6):
        response = director_client.get(reverse("roster", args=[club.slug]))
    assert response.content.decode().count("Merge</a>") == members
    assert len(re.findall(r"<td>M\. \d+</td>", response.content.decode())) == members


def test_changing_a_members_federation_checks_their_number_again(director_client, club, ann):
    url = reverse("member_edit", args=[club.slug, ann.pk])
    response = director_client.post(url, {"name": "Ann Smith", "federation": "ABF",
                                          "number": "12345", "active": "on"})  # fmt: skip
    assert "“12345” is not an ABF number: seven digits" in html.unescape(response.content.decode())
    ann.refresh_from_db()
    assert (ann.federation, ann.number) == ("", "12345")


def test_it_imports_a_list_of_one_federations_numbers(director_client, club):
    url = reverse("roster_import", args=[club.slug])
    response = director_client.post(url, {"lines": "Ann Smith,0041475", "federation": "ABF"})
    assert response.status_code == 302
    assert [(m.federation, m.number) for m in club.members.all()] == [("ABF", "0041475")]
    response = director_client.post(url, {"lines": "Bob Jones,0041476", "federation": "ABF"})
    assert "Line 1: “0041476” is not an ABF number" in html.unescape(response.content.decode())
