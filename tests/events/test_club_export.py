"""export_club and load_club: a club's file read back into an empty database is the club as it
was, on PostgreSQL as on SQLite, with every model and field of the app in it. A guard fails
when a model or field is added that the club below does not fill, so the round trip always
covers everything the app stores."""

import datetime
import json
import re
from decimal import Decimal
from io import StringIO
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.utils import timezone

from events.championships.setup import create_championship
from events.core.club_file import REMADE, club_app_models, club_objects
from events.entry.changes import Correction
from events.entry.deleting import delete_result
from events.entry.saving import RowState, save_result
from events.handrecords.session_import import import_hand_records
from events.individuals.entries import save_result as save_individual_result
from events.individuals.models import (
    IndividualDeal,
    IndividualEntry,
    IndividualEvent,
    IndividualPlay,
    IndividualPlayer,
)
from events.models import (
    Board,
    Championship,
    Club,
    Event,
    Ladder,
    Member,
    MemberMerge,
    Pair,
    Result,
    ResultChange,
    ResultMail,
    Section,
    SessionChange,
    SessionPdf,
    TableEntry,
    TableLink,
)
from events.one_table.hand_records import import_game_hand_records
from events.one_table.hands import save_hand
from events.one_table.models import OneTableDeal, OneTableHand, OneTableSession
from events.phone import links as table_links
from events.phone.text_board import text_version
from events.standings.penalties import add_penalty, parse_penalty
from events.swiss_pairs import links as swiss_links
from events.swiss_pairs import phone as swiss_phone
from events.swiss_pairs import play as swiss_play
from events.swiss_pairs.models import SwissTableLink
from events.teams import phone as room_phone
from events.teams import room_links
from events.teams.draw import draw_next_round
from events.teams.entry import BoardRow, save_adjustments, save_boards
from events.teams.hand_records import import_teams_hand_records
from events.teams.models import TeamMatch, TeamsDeal, TeamsEvent
from events.teams.withdrawal import withdraw
from tests.events.entry.test_saving import seats
from tests.events.handrecords.test_hand_records import THREE_BOARDS
from tests.events.individuals.test_individuals import make_individual
from tests.events.one_table.test_one_table import make_game
from tests.events.swiss_pairs.factories import enter_round, make_swiss_pairs
from tests.events.teams.factories import make_teams_event
from tests.events.test_par_commands import ONE_SUIT_EACH, ONE_SUIT_EACH_DD
from tests.factories import make_club, make_session, make_user

MOMENT = datetime.datetime(2026, 11, 24, 20, 15, 30, 123456, tzinfo=datetime.UTC)
CLUB_VP_TABLE = "0-2 10-10\n3-6 11-9\n7-12 12-8\n13-20 14-6\n21-30 16-4\n31+ 20-0"


def run(*args) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


@pytest.fixture
def full_club(db):
    """A club with a row of every model of the app, and every field of each different from its
    default in at least one row: sessions (one deleted, one imported without a movement, which
    with another is a championship),
    results of every kind and their history (some by a director since removed), penalties,
    table links and phone entries, a teams event, one-table games with hand records, the
    roster."""
    dora, fred = make_user(username="dora"), make_user(username="fred")
    club = make_club(
        directors=[dora, fred],
        name="Riverside BC",
        totals="factored",
        missing_results="average",
        adjusted_rule="session",
        cross_imps="total",
        ave_plus_imps=2,
        butler_drop="1",
        datum_rounding=1,
        default_scoring="ebu-matchpoints",
        hancock_doubled_rule="into-game",
        masterpoints="acbl-open",
        hancock_vulnerable_rule="double-undertricks",
        scored_as="ruter",
        percentages="from-total",
        rounding="board",
        adjusted_boards="unfactored",
        places="section",
    )
    ann = Member.objects.create(
        club=club,
        name="Ann Smith",
        number="1001",
        email="ann@example.org",
        email_consent=True,
        masterpoints_held="1234.56",
    )
    Member.objects.create(club=club, name="Bob Jones", number="", active=False, hidden=True)
    # A visitor from Australia, with the worked example of ASE Computing's "How are the player
    # numbers checked" as ABF number.
    Member.objects.create(
        club=club, name="Vi Sitor", federation="ABF", number="0041475", visitor=True
    )
    _result_mails(_pairs_session(club, dora, fred), ann)
    _teams_event(club, fred)
    _one_table_games(club, fred)
    _individual(club, fred)
    _swiss_pairs(club, fred)
    gone = make_session(club, name="Deleted one", movement="howell", tables=2)
    Event.objects.filter(pk=gone.pk).update(deleted_at=MOMENT, deleted_by=fred)
    Section.objects.filter(event=gone).update(library="acbl-2-standard")
    imported = make_session(club, name="Imported", tables=4)
    Section.objects.filter(event=imported).update(
        name="B", phantom="NS", rounds=3, has_movement=False, arrow_switch="3", relay=True,
        typed="1 1 4 1 1\n1 2 3 2 1", barometer=True,
    )  # fmt: skip
    Pair.objects.filter(section__event=imported, number=1).update(
        player1="Cy", player2="Di", stratum="AB", handicap="-5/2"
    )
    second = make_session(club, name="Second day", tables=4)
    Event.objects.filter(pk=second.pk).update(
        stratum_b_below=750,
        stratum_c_below=300,
        strata_by="average",
        handicapping="half",
        handicap_basis="grade",
    )
    championship = create_championship(club, "Two days", [imported, second], "average",
                                       "left-out")  # fmt: skip
    Championship.objects.filter(pk=championship.pk).update(
        final=make_session(club, name="Final day", tables=4),
        finalists=3,
        qualify_by="section",
        carry_percent=40,
    )
    Ladder.objects.create(
        club=club, name="Winter ladder", rule="average", sessions=6, handicapping="half",
        handicap_basis="grade", start=datetime.date(2026, 9, 1), end=datetime.date(2027, 3, 31),
        version=2,
    )  # fmt: skip
    MemberMerge.objects.create(
        club=club, merged_at=MOMENT, merged_by=fred, kept_name="Ann Smith", kept_number="1001",
        duplicate_name="A. Smith", duplicate_number="EBU-77", rows_moved=3,
        changes="1 session: 1 pair with A. Smith get Ann Smith instead.\nA. Smith leaves.",
    )  # fmt: skip
    club.directors.remove(fred)  # fred's name stays in the history
    return club


def _result_mails(event, ann):
    """One results mail sent, the next failed."""
    pair = Pair.objects.filter(section__event=event).first()
    mail = {"event": event, "member": ann, "pair": pair, "address": ann.email}
    ResultMail.objects.create(
        **mail, reason=ResultMail.FINALISED, version=3, status=ResultMail.SENT, sent_at=MOMENT
    )
    ResultMail.objects.create(
        **mail, reason=ResultMail.CORRECTION, version=4, status=ResultMail.FAILED,
        error="The mail server refused ann@example.org: 550 No such mailbox",
    )  # fmt: skip


def _pairs_session(club, dora, fred):
    event = make_session(club, scoring_method="ebu-matchpoints")
    Pair.objects.filter(section__event=event, number=1).update(player1="Ann", player2="Bob")
    import_hand_records(event, THREE_BOARDS)
    Event.objects.filter(pk=event.pk).update(
        published=True,
        one_winner=True,
        across_field=True,
        totals="factored",
        missing_results="average",
        adjusted_rule="session",
        cross_imps="total",
        ave_plus_imps=Decimal("1.2"),
        butler_drop="5%",
        datum_rounding=1,
        scored_as="acblscore",
        percentages="from-total",
        rounding="board",
        adjusted_boards="unfactored",
        places="section",
        analysis_queued_at=MOMENT,
        analysis_attempts=2,
        analysis_error="DDS: out of memory",
    )
    Board.objects.filter(section__event=event, number=1).update(
        dd=ONE_SUIT_EACH_DD, par_score=1510, par_contracts="7S N"
    )
    board, tables = seats(event, 1)
    (ns, ew), (ns2, ew2), (ns3, ew3) = tables[:3]
    save_result(board, ns, ew, "4SX N -2", fred)
    save_result(board, ns2, ew2, "60/40", dora)
    first = save_result(board, ns3, ew3, "4S N = F2", dora)
    save_result(board, ns3, ew3, "4S N +1 F2", fred, row=RowState(version=first.version))
    board2, tables2 = seats(event, 2)
    (ns4, ew4) = tables2[0]
    delete_result(save_result(board2, ns4, ew4, "3NT S =", dora), fred)
    ResultChange.objects.filter(action="deleted").update(board=None, former_board_number=2)
    ResultChange.objects.filter(new_text="4SX N -2").update(old_ns_score=-300, old_text="4S N")
    SessionChange.objects.create(
        event=event, section_name="A", changed_by=fred, before="3-table Mitchell, 2 rounds",
        after="3-table Mitchell, 3 rounds", kept=3, removed="Board 2: NS 1 v EW 1: 3NT S =",
    )  # fmt: skip
    add_penalty(event, parse_penalty("NS 1:25% slow play"), fred)
    section = event.sections.get()
    links = {link.table: link for link in table_links.ensure_links(section)}
    table_links.reissue(links[2])
    board3, tables3 = seats(event, 3)
    (ns5, ew5) = tables3[0]
    entered = save_result(board3, ns5, ew5, "PASS", None, source="table 1")
    TableEntry.objects.create(
        result=entered,
        link=links[1],
        entered_version=entered.version,
        lead="SK",
        confirmed_at=MOMENT,
    )
    queried = Result.objects.get(board=board, ns_pair=ns)
    TableEntry.objects.create(
        result=queried,
        link=links[1],
        entered_version=queried.version,
        queried_at=MOMENT,
        ruling=TableEntry.STANDS,
        ruled_at=MOMENT,
        ruled_by=dora,
    )
    table_links.set_show_travellers(event, True)
    # Final, then a correction players see with its reason.
    Event.objects.filter(pk=event.pk).update(finalised=True)
    save_result(board3, ns5, ew5, "3NT N =", dora, correction=Correction("Misread", public=True))
    section.label = "Sect1"
    section.save(update_fields=["label"])
    return event


def _teams_event(club, fred):
    event = make_teams_event(
        club,
        kind="round-robin",
        rounds=3,
        session_rounds="2, 1",
        vp_scale="club",
        club_vp_table=CLUB_VP_TABLE,
        bye_vps="average",
        carry_over_home=Decimal("3.5"),
        carry_over_away=Decimal("1"),
        published=True,
        created_by=fred,
        teams="Ace: Ann, Abe, Amy, Art\nBell: Bea, Ben, Bob, Bud\nCole: Cat, Cid, Cy, Col",
    )
    draw_next_round(event)
    match = TeamMatch.objects.get(event=event, round=1, away__isnull=False)
    save_boards(match, [BoardRow(1, "4S N =", "4S N -1"), BoardRow(2, adjusted="both-plus")])
    save_adjustments(
        match,
        home_imp_penalty=Decimal("1.5"),
        away_imp_penalty=Decimal("2"),
        home_vp_penalty=Decimal("0.25"),
        away_vp_penalty=Decimal("1"),
    )
    draw_next_round(event)
    forfeited = TeamMatch.objects.get(event=event, round=2, away__isnull=False)
    TeamMatch.objects.filter(pk=forfeited.pk).update(first_board=1)  # boards 1-2 again
    # Both rooms' phones: one result agreed (with its lead), one queried and ruled on; a
    # room link reissued.
    open_room, closed_room = (forfeited.room_links.get(room=room) for room in ("open", "closed"))
    room_phone.enter_result(open_room, 1, "3NT N =", lead="SK")
    room_phone.confirm(open_room, 1, room_phone.room_view(open_room).boards[0].version)
    room_phone.enter_result(closed_room, 1, "3NT S -1")
    room_phone.query(closed_room, 1, room_phone.room_view(closed_room).boards[0].version)
    room_phone.result_stands(forfeited, "closed", 1)
    room_links.reissue(closed_room)
    # Forfeited after its phones' results: a forfeit shuts the room links to new results.
    save_adjustments(TeamMatch.objects.get(pk=forfeited.pk), forfeit="away")
    withdraw(event, event.teams.get(name="Cole").pk, 2, "forfeit")  # after the last round drawn
    board_a_match = make_teams_event(club, name="Point-a-board", scoring="bam",
                                     bye_vps="average", teams="Dee\nEll")  # fmt: skip
    draw_next_round(board_a_match)
    save_boards(board_a_match.matches.get(), [BoardRow(1, "4S N =", "4S N -1"),
                                              BoardRow(2, "2S N =", "2S N =")])  # fmt: skip
    import_teams_hand_records(event, THREE_BOARDS)
    TeamsDeal.objects.filter(event=event, number=1).update(
        dd=ONE_SUIT_EACH_DD, par_score=1510, par_contracts="7S N, 7S S"
    )
    TeamsEvent.objects.filter(pk=event.pk).update(
        analysis_queued_at=MOMENT, analysis_attempts=2, analysis_error="DDS: stopped"
    )
    gone = make_teams_event(club, name="Deleted teams", teams=None)
    TeamsEvent.objects.filter(pk=gone.pk).update(deleted_at=MOMENT, deleted_by=fred)
    return event


def _swiss_pairs(club, fred):
    """Three pairs, round 1 drawn (1 v 2, 3's bye), its table entered and its score set."""
    event = make_swiss_pairs(
        club, pairs="Ann & Abe\nBea & Ben\nCat & Cid", name="Winter Swiss", rounds=5,
        boards_per_round=2, method="cross", vp_scale="club", published=True, created_by=fred,
        club_vp_table="0-2 10-10\n3+ 12-8",
    )  # fmt: skip
    swiss_play.draw_next_round(event)
    # The table's phone: board 1 agreed (with its lead), board 2 queried and ruled on; then its
    # link reissued. The director's line then replaces board 2's.
    link = SwissTableLink.objects.get(table__event=event)
    swiss_phone.enter_result(link, 1, "4S N =", lead="SK")
    swiss_phone.confirm(link, 1, text_version("4S N ="))
    swiss_phone.enter_result(link, 2, "3NT N =")
    swiss_phone.query(link, 2, text_version("3NT N ="))
    swiss_phone.result_stands(link.table, 2)
    swiss_links.reissue(link)
    enter_round(event, 1, {1: ["4S N =", "A+/A-"]})  # an artificial score's percentages
    # A match score the director set: the table's awarded VPs travel with the club.
    event.tables.filter(round=1, table=1).update(ns_vps_awarded=12, ew_vps_awarded=8)


def _one_table_games(club, fred):
    game = make_game(
        club,
        name="Friday at home",
        boards=3,
        created_by=fred,
        published=True,
        doubled_rule="multiply",
        vulnerable_rule="double-undertricks",
    )
    import_game_hand_records(game, THREE_BOARDS)
    OneTableDeal.objects.filter(game=game, number=1).update(
        dd=ONE_SUIT_EACH_DD, par_score=1510, par_contracts="7S N"
    )
    save_hand(game, 1, contract="4SX", declarer="N", made="-1")
    save_hand(game, 2, contract="PASS")
    OneTableSession.objects.filter(pk=game.pk).update(
        analysis_queued_at=MOMENT, analysis_attempts=1, analysis_error="DDS: stopped"
    )
    hancock = make_game(club, method="hancock", boards=4)
    save_hand(
        hancock,
        3,
        contract="4H",
        declarer="E",
        made="4",
        hcp_ns="18",
        trump_length_7=True,
        side_voids=1,
    )
    OneTableHand.objects.filter(session=hancock, number=3).update(scoring_line="EW", fit="9H")
    return game


def _individual(club, fred):
    event = make_individual(club, tables=5, boards_per_round=1, published=True)
    IndividualEvent.objects.filter(pk=event.pk).update(created_by=fred)
    IndividualPlayer.objects.filter(event=event, number=1).update(name="Ann Smith")
    plays = IndividualPlay.objects.select_related("event").filter(event=event, board=1)
    save_individual_result(plays.get(table=1), "4S N =", lead="SK")
    save_individual_result(plays.get(table=2), "A+/A-")
    # Table 1's phone entered it, the opponents queried it, the director let it stand.
    IndividualEntry.objects.create(
        play=plays.get(table=1), link=event.links.get(table=1), result="4S N =",
        queried_at=timezone.now(), ruling="stands",
    )  # fmt: skip
    save_individual_result(plays.get(table=3), "3NT N =")
    IndividualEntry.objects.create(  # table 3's phone, agreed by the opponents
        play=plays.get(table=3), link=event.links.get(table=3), result="3NT N =",
        confirmed_at=timezone.now(),
    )  # fmt: skip
    IndividualDeal.objects.create(  # board 1 of the par tests, analysed
        event=event, number=1, deal=ONE_SUIT_EACH, dd=ONE_SUIT_EACH_DD, par_score=1510,
        par_contracts="7S N, 7S S",
    )  # fmt: skip
    IndividualEvent.objects.filter(pk=event.pk).update(
        analysis_queued_at=timezone.now(), analysis_attempts=1, analysis_error="worker gone"
    )
    deleted = make_individual(club, tables=2, movement="two_table", boards_per_round=1)
    IndividualEvent.objects.filter(pk=deleted.pk).update(deleted_at=timezone.now(), deleted_by=fred)
    # Cut short after 3 of its 7 rounds, as the set-up form leaves it.
    IndividualEvent.objects.filter(pk=deleted.pk).update(rounds=3)
    deleted.plays.filter(round__gt=3).delete()
    return event


def exported(club, tmp_path, name="club.json") -> str:
    path = tmp_path / name
    run("export_club", club.slug, "--output", str(path))
    return path.read_text(encoding="utf-8")


def default_of(field):
    return [] if field.many_to_many else field.get_default()


def test_the_club_fills_every_model_and_field_of_the_app(full_club):
    rows = club_objects(full_club)
    missing = []
    for model in club_app_models():
        if model._meta.label in REMADE:
            continue
        of_model = [row for row in rows if type(row) is model]
        if not of_model:
            missing.append(f"{model._meta.label}: no row")
            continue
        for field in [*model._meta.concrete_fields, *model._meta.many_to_many]:
            if field.primary_key and not field.is_relation:
                continue
            values = [
                list(getattr(row, field.name).all())
                if field.many_to_many
                else getattr(row, field.attname)
                for row in of_model
            ]
            if all(value == default_of(field) for value in values):
                missing.append(f"{model._meta.label}.{field.name}")
    assert not missing, (
        "the club of full_club() leaves these at their defaults, so the export's round trip "
        f"does not cover them: give each a value there: {', '.join(missing)}"
    )


def test_export_then_load_into_an_empty_database_then_export_is_the_same_file(full_club, tmp_path):
    before = exported(full_club, tmp_path)
    # An empty database: no club, no sessions, no accounts (results first: they protect
    # their pairs).
    Result.objects.all().delete()
    for model in club_app_models():
        model.objects.all().delete()
    get_user_model().objects.all().delete()
    _, err = run("load_club", str(tmp_path / "club.json"))
    assert exported(full_club, tmp_path, "again.json") == before
    assert f"Riverside BC: {len(json.loads(before))} rows loaded" in err
    # Everyone the file names has an account again, which cannot log in until given a password.
    accounts = get_user_model().objects.order_by("username")
    assert [(user.username, user.has_usable_password()) for user in accounts] == [
        ("dora", False),
        ("fred", False),
    ]
    assert "Accounts made, with no password yet, for dora, fred" in err


def test_a_record_naming_a_former_director_loads_beside_the_existing_accounts(full_club, tmp_path):
    before = exported(full_club, tmp_path)
    Result.objects.all().delete()
    full_club.delete()
    get_user_model().objects.filter(username="fred").delete()  # not at this club any more
    dora = get_user_model().objects.get(username="dora")
    run("load_club", str(tmp_path / "club.json"))
    assert exported(full_club, tmp_path, "again.json") == before
    dora.refresh_from_db()
    assert dora.check_password("a-long-test-password")  # an existing account is left alone
    assert not get_user_model().objects.get(username="fred").has_usable_password()


def test_load_refuses_a_file_whose_keys_the_database_uses_and_stores_nothing(full_club, tmp_path):
    exported(full_club, tmp_path)
    with pytest.raises(CommandError, match="this database already has rows with the file's keys"):
        run("load_club", str(tmp_path / "club.json"))
    assert get_user_model().objects.count() == 2


def test_the_phone_options_of_a_session_are_exported(full_club, tmp_path):
    rows = json.loads(exported(full_club, tmp_path))
    (options,) = [row for row in rows if row["model"] == "events.tablephoneoptions"]
    assert options["fields"] == {"show_travellers": True}
    assert TableLink.objects.filter(revoked_at__isnull=False).exists()


@pytest.mark.parametrize(
    "text,message",
    [
        ("[]", "is not a club export: it does not start with the club"),
        ("{nope", "is not a club export (Expecting property name"),
    ],
)
def test_load_refuses_what_is_not_a_club_export(db, tmp_path, text, message):
    path = tmp_path / "other.json"
    path.write_text(text)
    with pytest.raises(CommandError, match=re.escape(message)):
        run("load_club", str(path))


def test_load_names_a_file_it_cannot_read(db, tmp_path):
    with pytest.raises(CommandError, match="cannot read .*missing.json: No such file"):
        run("load_club", str(tmp_path / "missing.json"))


def test_a_sessions_stored_pdfs_stay_out_of_the_export(full_club, tmp_path):
    # They are made again from the results when asked for: megabytes a backup need not carry.
    event = Event.objects.filter(club=full_club, published=True).first()
    SessionPdf.objects.create(
        event=event,
        kind="standings",
        paper="a4",
        version=1,
        wanted_version=1,
        content=b"%PDF-1.7 stored",
    )
    assert "events.sessionpdf" not in exported(full_club, tmp_path).lower()


# full_club's file as export_club wrote it before teams events and one-table games left the
# `events` app for apps of their own: the labels in it (`events.teamsevent`) are a contract.
BEFORE_THE_APPS_SPLIT = (
    Path(__file__).parent / "club_files" / "riverside_before_the_apps_split.json"
)


def test_a_file_written_before_the_apps_split_loads_and_exports_as_it_was(db, tmp_path):
    run("load_club", str(BEFORE_THE_APPS_SPLIT))
    stored = json.loads(BEFORE_THE_APPS_SPLIT.read_text(encoding="utf-8"))
    again = json.loads(exported(Club.objects.get(), tmp_path))
    assert [(row["model"], row["pk"]) for row in again] == [
        (row["model"], row["pk"]) for row in stored
    ]
    # Each row as it was; a field added to a model since the file was written is new only.
    for old, new in zip(stored, again, strict=True):
        assert {name: new["fields"][name] for name in old["fields"]} == old["fields"], old["model"]
