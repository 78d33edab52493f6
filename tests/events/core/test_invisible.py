"""Invisible characters in names (events.core.invisible): control characters, bidi overrides and
isolates, zero-width characters. A typed name with one is refused in words, everywhere a name
is typed; a file's names lose them and the import says so."""

import datetime
from io import StringIO

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from events.core.invisible import invisible_problem, validate_visible, without_invisible
from events.formats import read_traveller_file
from events.models import Club, Event, Member, Pair, Penalty
from events.one_table.models import OneTableSession
from events.sessions.importing import import_traveller_file
from events.teams.models import TeamsEvent
from tests.events.sessions.test_pairs_page import names_form
from tests.events.teams.test_views import EVENT_FORM

RLO = "\u202e"  # RIGHT-TO-LEFT OVERRIDE: the rest of the line reads backwards


@pytest.mark.parametrize(
    "character,said",
    [
        ("\u202a", "U+202A LEFT-TO-RIGHT EMBEDDING"), ("\u202e", "U+202E RIGHT-TO-LEFT OVERRIDE"),
        ("\u2066", "U+2066 LEFT-TO-RIGHT ISOLATE"), ("\u2069", "U+2069 POP DIRECTIONAL ISOLATE"),
        ("\u200b", "U+200B ZERO WIDTH SPACE"), ("\u200d", "U+200D ZERO WIDTH JOINER"),
        ("\u00ad", "U+00AD SOFT HYPHEN"), ("\ufeff", "U+FEFF ZERO WIDTH NO-BREAK SPACE"),
        ("\u2028", "U+2028 LINE SEPARATOR"), ("\x07", "U+0007, a control character"),
        ("\x92", "U+0092, a control character"), ("\t", "a tab"), ("\n", "a line break"),
    ],
)  # fmt: skip
def test_each_invisible_character_is_named(character, said):
    assert invisible_problem(f"Ann{character}Smith") == (
        f"it has an invisible character ({said}) after “Ann”: type it again without it (such "
        "characters come with text copied from web pages and documents)"
    )
    with pytest.raises(ValidationError, match="It has an invisible character .* at the start"):
        validate_visible(f"{character}Ann")


def test_accented_letters_suits_and_punctuation_are_kept():
    for name in (
        "Zoë Ørsted",
        "José Müller-Łukasz",
        "O’Brien",
        "Ñico ♠♥♦♣",
        "李明",
        "Ann\u00a0Lee",
    ):
        assert invisible_problem(name) is None
        assert without_invisible(name) == name


def test_a_files_name_loses_its_invisible_characters():
    assert without_invisible(f"Ann{RLO} Smith\u200b") == "Ann Smith"
    assert without_invisible("Ann\tSmith") == "Ann Smith"
    assert without_invisible("\u2066Bob\u2069 Jones") == "Bob Jones"


def test_the_admin_and_every_model_form_refuse_a_club_name_with_one(db):
    club = Club(name=f"{RLO}CB edisreviR", slug="riverside")
    with pytest.raises(ValidationError, match="U\\+202E RIGHT-TO-LEFT OVERRIDE"):
        club.full_clean()


# --- typed: refused in words, nothing stored -------------------------------------------------


def test_the_pairs_page_refuses_a_name_with_one(director_client, mitchell_session):
    data = names_form(mitchell_session, {"NS 1": (f"Ann{RLO} Smith", "Bob Jones")})
    response = director_client.post(reverse("session_pairs", args=[mitchell_session.pk]), data)
    assert "It has an invisible character (U+202E RIGHT-TO-LEFT OVERRIDE) after “Ann”" in (
        response.content.decode()
    )
    assert not Pair.objects.exclude(player1="").exists()


def test_the_session_forms_refuse_a_name_with_one(director_client, club, mitchell_session):
    data = {"club": club.pk, "name": "Thursday\u200b pairs", "date": "2026-11-26",
            "movement": "mitchell", "tables": "7", "phantom": "", "boards_per_round": "3",
            "scoring": "matchpoints"}  # fmt: skip
    response = director_client.post(reverse("session_create"), data)
    assert "U+200B ZERO WIDTH SPACE" in response.content.decode()
    assert Event.objects.count() == 1
    edit = {"name": f"{RLO}Tuesday", "date": mitchell_session.date.isoformat()}
    response = director_client.post(reverse("session_edit", args=[mitchell_session.pk]), edit)
    assert "It has an invisible character (U+202E" in response.content.decode()
    mitchell_session.refresh_from_db()
    assert mitchell_session.name == "Tuesday pairs"


def test_the_roster_refuses_a_typed_member_with_one(director_client, club):
    response = director_client.post(reverse("roster", args=[club.slug]), {"name": "Ann\x1bSmith"})
    assert "U+001B, a control character" in response.content.decode()
    assert not Member.objects.exists()


def test_the_penalty_form_refuses_a_reason_with_one(director_client, mitchell_session):
    pair = Pair.objects.filter(section__event=mitchell_session).first()
    data = {"pair": pair.pk, "amount": "1", "unit": "points", "reason": f"slow {RLO}play"}
    response = director_client.post(reverse("session_penalties", args=[mitchell_session.pk]), data)
    assert "U+202E RIGHT-TO-LEFT OVERRIDE" in response.content.decode()
    assert not Penalty.objects.exists()


def test_a_one_table_game_refuses_a_player_with_one(director_client, club):
    data = {"club": club.pk, "name": "Friday four", "date": "2026-11-27", "boards": "16",
            "method": "par-imps", "doubled_rule": "ignore", "vulnerable_rule": "ignore",
            "north": "Ann\u2066", "east": "Bob", "south": "Cat", "west": "Dan"}  # fmt: skip
    response = director_client.post(reverse("one_table_create"), data)
    assert "U+2066 LEFT-TO-RIGHT ISOLATE" in response.content.decode()
    assert not OneTableSession.objects.exists()


def test_a_teams_event_refuses_a_name_with_one(director_client, club):
    data = {**EVENT_FORM, "club": club.pk, "name": f"Tuesday {RLO}Swiss"}
    response = director_client.post(reverse("teams_create"), data)
    assert "U+202E RIGHT-TO-LEFT OVERRIDE" in response.content.decode()
    assert not TeamsEvent.objects.exists()


def test_the_command_refuses_a_typed_name_with_one(club, tmp_path):
    path = tmp_path / "travellers.csv"
    path.write_text("board,ns,ew,contract,declarer,result\n1,1,1,4S,N,=\n")
    with pytest.raises(CommandError, match="--name .*U\\+202E RIGHT-TO-LEFT OVERRIDE"):
        call_command(
            "import_travellers",
            str(path),
            "--name",
            f"{RLO}Tuesday",
            stdout=StringIO(),
            stderr=StringIO(),
        )
    assert not Event.objects.exists()


# --- from a file: removed, and said ----------------------------------------------------------

PBN = (
    f'[Event "Tuesday\u200b pairs"]\n[Date "2026.11.24"]\n[Board "1"]\n'
    '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R"]\n'
    "1 1 4S N 10\n2 2 4S N 9\n\n"
    '[TotalScoreTable "PairId\\2R;Direction\\2L;Names\\40L"]\n'
    f'1 NS "Ann{RLO} Smith - Bob Jones"\n1 EW "Cat\x07 Brown - Dai Evans"\n'
    '2 NS "Eve Fox - Fay Gee"\n2 EW "Gus Hill - Hal Ivy"\n'
)


def test_a_files_names_lose_their_invisible_characters_with_a_warning(club):
    warnings = []
    event = import_traveller_file(
        read_traveller_file(PBN.encode(), "pbn"), club=club, warnings=warnings
    )
    assert event.name == "Tuesday pairs"
    names = {str(pair): pair.names for pair in Pair.objects.filter(section__event=event)}
    assert names["NS 1"] == "Ann Smith & Bob Jones" and names["EW 1"] == "Cat Brown & Dai Evans"
    assert warnings == [
        (
            "the file",
            "invisible characters (control characters, direction "
            "marks) removed from “Tuesday pairs”, “Ann Smith”, "
            "“Cat Brown”",
        )
    ]


def test_the_upload_page_says_which_names_lost_them(director_client, club):
    upload = SimpleUploadedFile("results.pbn", PBN.encode())
    response = director_client.post(
        reverse("session_import"), {"club": club.pk, "file": upload}, follow=True
    )
    said = (
        "Imported with a warning: the file: invisible characters (control characters, "
        "direction marks) removed from “Tuesday pairs”"
    )
    assert said in response.content.decode()
    assert Event.objects.get().name == "Tuesday pairs"


def test_a_windows_pbn_keeps_its_apostrophes(club):
    # PBN says ISO 8859-1, but Windows programs write Windows-1252: its ’ (0x92) read as
    # ISO 8859-1 is a control character, and O’Brien would lose it.
    text = PBN.replace("Eve Fox", "Eve O’Brien").replace("\u200b", "").replace(RLO, "")
    event = import_traveller_file(
        read_traveller_file(text.replace("\x07", "").encode("cp1252"), "pbn"), club=club
    )
    assert Pair.objects.get(section__event=event, number=2, direction="NS").player1 == (
        "Eve O’Brien"
    )
    assert event.date == datetime.date(2026, 11, 24)
