"""A club's roster: the database refuses a second member of one name or number, a pasted list
is imported whole or not at all, and the pairs page turns numbers into members' names."""

import pytest
from django.db import IntegrityError, transaction

from events.club.roster import NUMBER, Roster, RosterImportError, import_roster, parse_roster
from events.models import Member
from tests.factories import make_club
from tests.hang_guard import finishes_within


def member(club, name, number="", **fields):
    return Member.objects.create(club=club, name=name, number=number, **fields)


@pytest.mark.parametrize(
    "first,second",
    [
        ({"name": "Ann Smith"}, {"name": "Ann Smith"}),
        ({"name": "Ann Smith"}, {"name": "ANN SMITH"}),
        ({"name": "Ann Smith", "number": "12345"}, {"name": "Bob Jones", "number": "12345"}),
        ({"name": "Ann Smith", "active": False}, {"name": "ann smith"}),
    ],
)
def test_the_database_refuses_a_second_member_of_one_name_or_number(club, first, second):
    Member.objects.create(club=club, **first)
    with pytest.raises(IntegrityError), transaction.atomic():
        Member.objects.create(club=club, **second)


def test_the_database_refuses_a_member_without_a_name(club):
    with pytest.raises(IntegrityError), transaction.atomic():
        Member.objects.create(club=club, name="", number="12345")


def test_members_without_numbers_and_other_clubs_namesakes_are_fine(club):
    other = make_club(name="Hillside BC")
    member(club, "Ann Smith")
    member(club, "Bob Jones")
    member(other, "Ann Smith", "12345")
    member(club, "Cath Brown", "12345")
    assert Member.objects.count() == 4


def test_a_list_is_imported_with_or_without_numbers_and_a_header(club):
    text = 'name,number\nAnn Smith,12345\n\n"Jones, Bob",J123456\nCath Brown\n'
    summary = import_roster(club, text)
    assert (summary.added, summary.updated, summary.unchanged) == (3, 0, 0)
    assert [(m.name, m.number) for m in club.members.all()] == [
        ("Ann Smith", "12345"), ("Cath Brown", ""), ("Jones, Bob", "J123456"),
    ]  # fmt: skip


def test_importing_again_updates_numbers_and_brings_members_back(club):
    member(club, "Ann Smith", "12345")
    member(club, "Bob Jones")
    member(club, "Cath Brown", "333", active=False)
    summary = import_roster(club, "ann smith,12345\nBob Jones,222\nCath Brown\nDai Evans,444")
    assert str(summary) == "1 added, 2 updated, 1 already on the roster"
    members = {m.name: (m.number, m.active) for m in club.members.all()}
    assert members == {
        "Ann Smith": ("12345", True), "Bob Jones": ("222", True),
        "Cath Brown": ("333", True), "Dai Evans": ("444", True),
    }  # fmt: skip


BAD_LISTS = [
    ("Ann Smith,12345\n,222\n", [(2, "the name is missing.")]),
    ("Ann Smith,12345\nSmith, John,333\n", [(2, "3 columns where name,number was expected.")]),
    ("Ann Smith,12345\nSmith, John\n", [(2, "“John” is not a member number")]),
    ("Ann Smith,12345\nBob Jones,12345\n", [(2, "number 12345 is on line 1 already.")]),
    ("Ann Smith\nBob Jones\nann smith,1\n", [(3, "ann smith is on line 1 already.")]),
    ("Ann Smith,1\n" + "X" * 61 + ",2\n", [(2, "the name is longer than 60 characters.")]),
    ("Ann Smith,1\nBob Jones,2\n,3\nDai,4 4\n", [(3, "the name is missing."), (4, "“4 4”")]),
    ("name,number\n\n", [(1, "no members in the list.")]),
    # What the csv module cannot read, or PostgreSQL cannot store, is named by its line too;
    # the lines after it are read on their own (an unclosed quote used to swallow them all).
    ("Ann Smith,1\nBob\x00Jones,2\n", [(2, "the line has a NUL character")]),
    ("Ann Smith,1\n" + "X" * 131_073 + ",2\n", [(2, "the line is 131,075 characters long")]),
    ('Ann Smith,1\n"Bob Jones,2\nCath Brown,3 3\n', [(2, "a quote is not closed"), (3, "“3 3”")]),
    ('"Ann" Smith,1\n', [(1, "a quote is not closed, or text follows a closing quote")]),
]


@pytest.mark.parametrize("text,problems", BAD_LISTS)
def test_a_bad_list_names_its_lines_and_stores_nothing(club, text, problems):
    with pytest.raises(RosterImportError) as raised:
        import_roster(club, text)
    found = raised.value.problems
    assert [line for line, _ in found] == [line for line, _ in problems]
    for (_, message), (_, expected) in zip(found, problems, strict=True):
        assert message.startswith(expected)
    assert not Member.objects.exists()


def test_a_number_of_another_member_stops_the_whole_import(club):
    member(club, "Ann Smith", "12345")
    with pytest.raises(RosterImportError) as raised:
        import_roster(club, "Bob Jones,1\nCath Brown,12345\n")
    assert raised.value.problems == [(2, "number 12345 is Ann Smith's.")]
    assert list(club.members.values_list("name", flat=True)) == ["Ann Smith"]


def test_a_nickname_in_quotes_inside_a_name_is_part_of_the_name():
    assert [(e.name, e.number) for e in parse_roster('Robert "Bob" Jones,12345\n')] == [
        ('Robert "Bob" Jones', "12345")
    ]


def test_the_trailing_empty_columns_of_a_spreadsheet_are_ignored():
    assert [(e.name, e.number) for e in parse_roster("Ann Smith,12345,,\n")] == [
        ("Ann Smith", "12345")
    ]


@pytest.mark.parametrize(
    "typed,name",
    [
        ("12345", "Ann Smith"),
        ("j123456", "Bob Jones"),
        ("ann  smith", "Ann Smith"),
        ("Zoe New", "Zoe New"),
        ("", ""),
        ("333", "Cath Brown"),  # inactive members are still known by their number
    ],
)
def test_a_typed_number_or_name_becomes_the_members_name(club, typed, name):
    member(club, "Ann Smith", "12345")
    member(club, "Bob Jones", "J123456")
    member(club, "Cath Brown", "333", active=False)
    assert Roster(club).resolve(typed) == name


def test_a_number_no_member_has_is_refused(club):
    with pytest.raises(ValueError, match="No member of Riverside BC has the number 999"):
        Roster(club).resolve("999")


def test_only_new_names_are_added_to_the_roster(club):
    member(club, "Ann Smith", "12345")
    member(club, "Cath Brown", active=False)
    added = Roster(club).add_new(["Ann Smith", "", "Zoe New", "cath brown", "zoe new"])
    assert added == ["Zoe New"]
    assert club.members.count() == 3


def test_a_long_number_is_read_in_linear_time():
    # "[A-Za-z0-9-]*[0-9][A-Za-z0-9-]*" tried every digit of a run as the first one.
    with finishes_within():
        assert NUMBER.fullmatch("1" * 200_000 + "!") is None
        assert NUMBER.fullmatch("J" + "1" * 200_000)
        assert NUMBER.search("a" * 200_000) is None
    assert [bool(NUMBER.fullmatch(text)) for text in ("12345", "J123456", "A-12", "Jones")] == [
        True, True, True, False,
    ]  # fmt: skip


def test_a_lists_names_lose_their_invisible_characters_and_the_summary_says_so(club):
    # A list comes from a file: the director cannot see the characters to take them out.
    text = "Ann\u200b Smith,1\n\u202eBob Jones,2\nCath Brown,3\n"
    summary = import_roster(club, text)
    assert list(club.members.values_list("name", flat=True)) == [
        "Ann Smith", "Bob Jones", "Cath Brown",
    ]  # fmt: skip
    assert str(summary) == (
        "3 added, 0 updated, 0 already on the roster; invisible characters (control "
        "characters, direction marks) removed from 2 names"
    )


def test_a_list_of_thousands_of_bad_lines_names_the_first_hundred():
    with pytest.raises(RosterImportError) as raised:
        parse_roster("\n".join(f"Member {n},bad number" for n in range(5_000)))
    described = raised.value.described()
    assert len(raised.value.problems) == 5_000 and len(described) == 101
    assert described[0].startswith("Line 1: “bad number” is not a member number")
    assert described[-1] == "… and 4,900 more problems, not listed: fix these first"


def test_a_list_of_abf_numbers_is_checked_by_the_abf_check_digit(club):
    # ASE Computing, "How are the player numbers checked": 0041475 is the worked example;
    # 0041476 has the wrong check digit, 41475 too few digits.
    with pytest.raises(RosterImportError) as raised:
        import_roster(club, "Ann Smith,0041475\nBob Jones,0041476\nCy Lee,41475\n", "ABF")
    assert [line for line, _ in raised.value.problems] == [2, 3]
    assert raised.value.problems[0][1].startswith(
        "“0041476” is not an ABF number: its last digit should be 5"
    )
    assert not Member.objects.exists()
    import_roster(club, "Ann Smith,0041475\nCy Lee\n", "ABF")
    assert [(m.name, m.federation, m.number) for m in club.members.all()] == [
        ("Ann Smith", "ABF", "0041475"), ("Cy Lee", "", ""),
    ]  # fmt: skip


def test_importing_a_visitor_makes_them_a_member(club):
    member(club, "Vic Visitor", visitor=True)
    summary = import_roster(club, "Vic Visitor\n")
    assert str(summary) == "0 added, 1 updated, 0 already on the roster"
    assert club.members.get().suggested


def test_visitors_are_known_by_number_but_not_suggested(club):
    member(club, "Ann Smith", "12345")
    member(club, "Vic Visitor", "J123456", visitor=True)
    roster = Roster(club)
    assert [m.name for m in roster.suggestions] == ["Ann Smith"]
    assert roster.resolve("J123456") == "Vic Visitor"
    assert roster.add_new(["Zoe New"], visitor=True) == ["Zoe New"]
    assert club.members.get(name="Zoe New").visitor
