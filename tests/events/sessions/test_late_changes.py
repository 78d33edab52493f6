"""Late changes with results in: a late pair, a late table, fewer rounds (ACBLscore's LATE
command), through the Change the movement page.

The seatings come from the Mitchell as bridgecentral.com describes it ("Mitchell movement":
NS pairs stay, EW pairs move up one table and boards down one each round); the factoring of a
board played fewer times than due is Neuberg's formula as Bavin derives it.
"""

from django.urls import reverse

from events.entry.saving import save_result
from events.models import Board, Event, Pair, Result, ResultChange, SessionChange, TableLink
from tests.factories import make_session


def page(client, event, **data):
    return client.post(reverse("session_movement", args=[event.pk]), data)


def enter(section, round_number, table, text, user):
    """The result of `table`'s first board in `round_number`, as its movement card says."""
    seating = section.movement().seating(round_number, table)
    number = section.movement().boards_of_set(seating.board_set)[0]
    pairs = {p.key: p for p in section.pairs.all()}
    board = Board.objects.get(section=section, number=number)
    return save_result(board, pairs[seating.ns], pairs[seating.ew], text, user)


def test_a_late_pair_fills_the_half_table_after_round_one(director_client, club, director):
    # 2½ tables (3 tables, EW 3 absent), one board a round. Round 1: table t seats NS t v
    # EW t on set t, so NS 3 sits out with board 3.
    event = make_session(club, tables=3, boards_per_round=1, phantom="EW")
    section = event.sections.get()
    enter(section, 1, 1, "420", director)
    enter(section, 1, 2, "450", director)
    assert Board.objects.get(section=section, number=3).expected_results == 2
    before = Event.objects.get(pk=event.pk).version

    preview = page(director_client, event, tables="3", phantom="", rounds="")
    body = preview.content.decode()
    assert "Kept: <strong>2</strong> results. Removed: <strong>0</strong>." in body
    assert "New pair: EW 3" in body
    assert not Pair.objects.filter(section=section, direction="EW", number=3).exists()

    done = page(director_client, event, tables="3", phantom="", rounds="", removed="")
    assert done.status_code == 302
    section.refresh_from_db()
    assert section.phantom == ""
    assert Pair.objects.filter(section=section, direction="EW", number=3).exists()
    assert Result.objects.filter(board__section=section).count() == 2
    assert Event.objects.get(pk=event.pk).version > before  # open pages refresh
    # A full 3-table Mitchell sends every board to all 3 tables; board 3 missed its round-1
    # table (NS 3 sat out), so its results in rounds 2 and 3 are factored: ACBL matchpoints,
    # +450 over +420 is 1 of a top of 1, Neuberg (1 + 1/2) x 3/2 - 1/2 = 1.75 of a top of 2.
    assert Board.objects.get(section=section, number=3).expected_results == 3
    board_3 = [s for s in section.movement().plays_of_board(3) if s.round > 1]
    pairs = {p.key: p for p in section.pairs.all()}
    board = Board.objects.get(section=section, number=3)
    for seating, text in zip(board_3, ["450", "420"], strict=True):
        save_result(board, pairs[seating.ns], pairs[seating.ew], text, director)
    assert Result.objects.get(board=board, ns_score=450).ns_points == 1.75
    record = SessionChange.objects.get(event=event)
    assert record.before == "3-table Mitchell, 3 rounds, half table (EW 3 absent)"
    assert (record.after, record.kept, record.removed) == ("3-table Mitchell, 3 rounds", 2, "")


def test_cutting_rounds_names_the_results_it_removes_before_storing_anything(
    director_client, mitchell_session, director
):
    section = mitchell_session.sections.get()
    enter(section, 1, 1, "4S N =", director)
    # Round 3, table 1: NS 1 against EW 2 on the third set, boards 5-6.
    late = enter(section, 3, 1, "3NT S +1", director)
    preview = page(director_client, mitchell_session, tables="3", phantom="", rounds="2")
    body = preview.content.decode()
    assert "Board 5: NS 1 v EW 2: 3NT S +1" in body
    assert "Change the movement and remove 1 result" in body
    assert Result.objects.filter(pk=late.pk).exists()  # a preview stores nothing
    assert mitchell_session.sections.get().rounds is None

    done = page(
        director_client, mitchell_session, tables="3", phantom="", rounds="2", removed=late.pk
    )
    assert done.status_code == 302
    assert not Result.objects.filter(pk=late.pk).exists()
    assert Result.objects.filter(board__section=section).count() == 1
    assert mitchell_session.sections.get().rounds == 2
    kept_in_history = ResultChange.objects.get(action=ResultChange.DELETED)
    assert (kept_in_history.old_text, kept_in_history.source) == ("3NT S +1", "movement changed")
    assert kept_in_history.changed_by == director
    record = SessionChange.objects.get(event=mitchell_session)
    assert record.removed_lines == ["Board 5: NS 1 v EW 2: 3NT S +1"]
    shown = director_client.get(reverse("session_detail", args=[mitchell_session.pk]))
    text = shown.content.decode()
    assert "Movement changes" in text and "Board 5: NS 1 v EW 2: 3NT S +1" in text


def test_a_confirmation_that_no_longer_matches_the_results_changes_nothing(
    director_client, mitchell_session, director
):
    section = mitchell_session.sections.get()
    late = enter(section, 3, 1, "3NT S +1", director)
    # The director saw a preview with nothing to remove; a round-3 result came in meanwhile.
    response = page(director_client, mitchell_session, tables="3", phantom="", rounds="2",
                    removed="")  # fmt: skip
    body = response.content.decode()
    assert response.status_code == 200 and "The results changed since the preview" in body
    assert "Board 5: NS 1 v EW 2: 3NT S +1" in body  # the preview as it is now
    assert Result.objects.filter(pk=late.pk).exists()
    assert mitchell_session.sections.get().rounds is None
    assert not SessionChange.objects.exists()


def test_a_late_table_after_round_two_keeps_what_the_bigger_mitchell_seats(
    director_client, club, director
):
    # 7 tables, 2 boards a round, rounds 1 and 2 in. With 8 tables round 2 seats NS 1 v EW 8
    # (not EW 7) and sends set 8, not set 1, to table 7: those two tables' round-2 results go.
    event = make_session(club, tables=7, boards_per_round=2)
    section = event.sections.get()
    for round_number in (1, 2):
        for table in range(1, 8):
            enter(section, round_number, table, "4S N =", director)
    response = page(director_client, event, tables="8", phantom="", rounds="")
    body = response.content.decode()
    assert "Kept: <strong>12</strong> results. Removed: <strong>2</strong>." in body
    assert "Board 3: NS 1 v EW 7: 4S N =" in body and "Board 1: NS 7 v EW 6: 4S N =" in body
    removed = ",".join(
        str(r.pk)
        for r in Result.objects.filter(board__section=section, round=2)
        if (r.ns_pair.number, r.ew_pair.number) in ((1, 7), (7, 6))
    )
    assert page(director_client, event, tables="8", phantom="", rounds="",
                removed=removed).status_code == 302  # fmt: skip
    section.refresh_from_db()
    assert section.tables == 8
    assert Result.objects.filter(board__section=section).count() == 12
    assert {(p.direction, p.number) for p in section.pairs.filter(number=8)} == {
        ("NS", 8),
        ("EW", 8),
    }
    assert Board.objects.filter(section=section).count() == 16  # 8 sets of 2
    assert TableLink.objects.filter(section=section, table=8, revoked_at=None).exists()


def test_fewer_tables_than_the_results_need_are_refused_in_words(director_client, club, director):
    event = make_session(club, tables=4, boards_per_round=2)
    section = event.sections.get()
    enter(section, 1, 4, "4S N =", director)  # NS 4 v EW 4
    response = page(director_client, event, tables="3", phantom="", rounds="")
    body = response.content.decode()
    assert "Fewer tables than the results need: NS 4, EW 4 have results" in body
    assert "Keep at least 4 tables" in body
    assert event.sections.get().tables == 4 and not SessionChange.objects.exists()


def test_a_movement_that_does_not_fit_is_refused_in_words(director_client, mitchell_session):
    response = page(director_client, mitchell_session, tables="3", phantom="", rounds="4")
    assert "A 3-table Mitchell plays 1-3 rounds, not 4." in response.content.decode()
    response = page(director_client, mitchell_session, tables="3", phantom="", rounds="")
    assert "The section already plays this movement" in response.content.decode()
    assert not SessionChange.objects.exists()


def test_a_final_session_keeps_its_movement(director_client, mitchell_session):
    Event.objects.filter(pk=mitchell_session.pk).update(finalised=True)
    response = page(director_client, mitchell_session, tables="4", phantom="", rounds="")
    assert "The results are final: the movement no longer changes" in response.content.decode()
    assert mitchell_session.sections.get().tables == 3


def test_the_edit_page_offers_the_change(director_client, mitchell_session):
    body = director_client.get(reverse("session_edit", args=[mitchell_session.pk])).content
    assert reverse("session_movement", args=[mitchell_session.pk]) in body.decode()
    assert b"delete this session and set up a new one" not in body


def test_a_late_pair_completes_a_howell(director_client, club, director):
    # 7 pairs play the 8-pair Howell with pair 8 the phantom: whoever meets it sits out. The
    # late pair becomes pair 8; every result of round 1 stands.
    event = make_session(club, movement="howell", tables=4, phantom="any", boards_per_round=2)
    section = event.sections.get()
    played = [s for s in section.movement().seatings if s.round == 1 and s.is_played]
    for seating in played:
        enter(section, 1, seating.table, "4S N =", director)
    form = director_client.get(reverse("session_movement", args=[event.pk])).content.decode()
    assert "one pair sits out each round" in form and "NS pair missing" not in form
    response = page(director_client, event, tables="4", phantom="", rounds="")
    assert "Kept: <strong>3</strong> results. Removed: <strong>0</strong>." in (
        response.content.decode()
    )
    assert (
        page(director_client, event, tables="4", phantom="", rounds="", removed="").status_code
        == 302
    )
    assert Pair.objects.filter(section=section, number=8, direction="").exists()
    assert Result.objects.filter(board__section=section).count() == 3


def test_fewer_tables_when_the_results_allow_it(director_client, club, director):
    # Round 1 of a Mitchell seats NS t v EW t on set t whatever the tables: 4 tables cut to
    # 3 after table 4 went home before playing keeps tables 1-3's round 1.
    event = make_session(club, tables=4, boards_per_round=2)
    section = event.sections.get()
    for table in (1, 2, 3):
        enter(section, 1, table, "4S N =", director)
    response = page(director_client, event, tables="3", phantom="", rounds="")
    body = response.content.decode()
    assert "Kept: <strong>3</strong> results. Removed: <strong>0</strong>." in body
    assert "no longer seated, removed with their names: NS 4, EW 4" in body
    assert (
        page(director_client, event, tables="3", phantom="", rounds="", removed="").status_code
        == 302
    )
    assert not Pair.objects.filter(section=section, number=4).exists()
    assert not Board.objects.filter(section=section, number__gt=6).exists()
    assert not TableLink.objects.filter(section=section, table=4, revoked_at=None).exists()
    assert TableLink.objects.filter(section=section, table=3, revoked_at=None).exists()


def test_a_published_movement_stays_when_the_late_pair_fills_its_half_table(
    director_client, club, director
):
    # McKinnon's 4-table Howell with its highest pair missing: the late pair takes that
    # number, and the movement the club chose stays.
    from events.sessions.setup import SectionPlan

    plan = SectionPlan("A", 4, "any", library="mckinnon-4-ab")
    event = make_session(club, movement="howell", boards_per_round=2, sections=[plan])
    section = event.sections.get()
    for seating in section.movement().seatings:
        if seating.round == 1 and seating.is_played:
            enter(section, 1, seating.table, "4S N =", director)
    entered = Result.objects.filter(board__section=section).count()
    response = page(director_client, event, tables="4", phantom="", rounds="")
    assert f"Kept: <strong>{entered}</strong> results. Removed: <strong>0</strong>." in (
        response.content.decode()
    )
    assert page(director_client, event, tables="4", phantom="", rounds="",
                removed="").status_code == 302  # fmt: skip
    section.refresh_from_db()
    assert (section.library, section.phantom) == ("mckinnon-4-ab", "")
    assert Result.objects.filter(board__section=section).count() == entered


def test_only_the_clubs_directors_change_the_movement(client, colleague, mitchell_session):
    client.force_login(colleague)  # a director of another club
    response = page(client, mitchell_session, tables="4", phantom="", rounds="", removed="")
    assert response.status_code == 404
    assert mitchell_session.sections.get().tables == 3 and not SessionChange.objects.exists()
