"""Late changes in a session of several sections: each section's movement changes on its own
(ACBLscore's LATE command is a section's), and every other section stays as it was.

The seatings are the Mitchell's as bridgecentral.com describes it ("Mitchell movement": NS
pairs stay, EW pairs move up one table and boards down one each round), so round 3 at table 1
of a 3-table Mitchell seats NS 1 against EW 2 on the third set of boards, boards 5-6 at two
boards a round.
"""

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from events.models import Event, Pair, Result, ResultChange, Section, SessionChange, TableLink
from events.sessions.late_changes import Wanted, apply, preview
from events.sessions.lifecycle import MovementChangeRefused
from events.sessions.setup import SectionPlan
from tests.events.sessions.test_late_changes import enter
from tests.factories import make_session


@pytest.fixture
def two_sections(club, director):
    """Section A a full 3-table Mitchell, every round in; section B the same with EW 3
    absent, rounds 1 and 3 in."""
    event = make_session(club, sections=[SectionPlan("A", 3), SectionPlan("B", 3, "EW")])
    a, b = event.sections.order_by("name")
    for round_number in (1, 2, 3):
        for table in (1, 2, 3):
            enter(a, round_number, table, "4S N =" if table != 2 else "4S N +1", director)
    for round_number in (1, 3):
        for seating in b.movement().seatings:
            if seating.round == round_number and seating.is_played:
                enter(b, round_number, seating.table, "3NT S =", director)
    return event


RESULT_FIELDS = ("pk", "board__number", "ns_pair_id", "ew_pair_id", "text", "round",
                 "ns_points", "ew_points")  # fmt: skip


def snapshot(section):
    """Everything of a section the change must leave alone."""
    section = Section.objects.get(pk=section.pk)
    return (
        (section.tables, section.phantom, section.rounds, section.library, section.typed),
        sorted(Result.objects.filter(board__section=section).values_list(*RESULT_FIELDS)),
        sorted(Pair.objects.filter(section=section).values_list("pk", "direction", "number")),
        sorted(section.boards.values_list("pk", "number", "expected_results")),
        sorted(TableLink.objects.filter(section=section).values_list("pk", "revoked_at")),
    )


def page(client, event, section, **data):
    return client.post(reverse("section_movement", args=[event.pk, section]), data)


def test_the_session_page_lists_each_section_to_change(director_client, two_sections):
    body = director_client.get(reverse("session_movement", args=[two_sections.pk]))
    text = body.content.decode()
    assert "Section A: 3-table Mitchell" in text
    assert "Section B: 3-table Mitchell, 3 rounds, half table (EW 3 absent)" in text
    assert reverse("section_movement", args=[two_sections.pk, "B"]) in text
    edit = director_client.get(reverse("session_edit", args=[two_sections.pk])).content.decode()
    assert reverse("session_movement", args=[two_sections.pk]) in edit


def test_a_late_pair_and_rounds_cut_in_b_keep_section_a_whole(
    director_client, two_sections, director
):
    a, b = two_sections.sections.order_by("name")
    a_before = snapshot(a)
    round_3 = list(Result.objects.filter(board__section=b, round=3).order_by("board__number"))
    kept = Result.objects.filter(board__section=b, round=1).count()
    assert round_3 and kept

    # The late pair fills B's half table and B stops after round 2: the preview names B's
    # round-3 results, and stores nothing.
    preview = page(director_client, two_sections, "B", tables="3", phantom="", rounds="2")
    body = preview.content.decode()
    assert preview.status_code == 200
    assert "Change the movement of section B" in body
    assert f"Kept: <strong>{kept}</strong> results. Removed: <strong>{len(round_3)}</strong>." in (
        body
    )
    for result in round_3:
        line = f"Board {result.board.number}: {result.ns_pair} v {result.ew_pair}: 3NT S ="
        assert line in body
    assert "Board 5: NS 1 v EW 2: 3NT S =" in body  # round 3, table 1 (the docstring)
    assert "New pair: EW 3" in body
    assert Result.objects.filter(pk__in=[r.pk for r in round_3]).count() == len(round_3)
    assert not SessionChange.objects.exists() and snapshot(a) == a_before

    removed = ",".join(str(result.pk) for result in round_3)
    done = page(director_client, two_sections, "B", tables="3", phantom="", rounds="2",
                removed=removed)  # fmt: skip
    assert done.status_code == 302
    assert snapshot(a) == a_before  # section A whole: its results, points, pairs, boards, links
    b.refresh_from_db()
    assert (b.tables, b.phantom, b.rounds) == (3, "", 2)
    assert Pair.objects.filter(section=b, direction="EW", number=3).exists()
    assert Result.objects.filter(board__section=b).count() == kept
    assert not Result.objects.filter(board__section=b, round=3).exists()
    # The change's history: the removed lines in their boards' and the session's.
    gone = ResultChange.objects.filter(action=ResultChange.DELETED, source="movement changed")
    assert gone.count() == len(round_3)
    assert {change.board.section_id for change in gone} == {b.pk}
    record = SessionChange.objects.get(event=two_sections)
    assert record.section_name == "B"
    assert record.before == "Section B: 3-table Mitchell, 3 rounds, half table (EW 3 absent)"
    assert record.after.startswith("Section B: 3-table Mitchell")
    assert "Board 5: NS 1 v EW 2: 3NT S =" in record.removed_lines
    assert Event.objects.get(pk=two_sections.pk).version > 0
    shown = director_client.get(reverse("session_detail", args=[two_sections.pk])).content
    assert "Section B: 3-table Mitchell, 3 rounds, half table (EW 3 absent)" in shown.decode()


def test_a_stale_confirmation_in_b_changes_nothing(director_client, two_sections, director):
    a, b = two_sections.sections.order_by("name")
    before = snapshot(a), snapshot(b)
    # The director confirms with nothing to remove, though B has round-3 results.
    response = page(director_client, two_sections, "B", tables="3", phantom="", rounds="2",
                    removed="")  # fmt: skip
    body = response.content.decode()
    assert response.status_code == 200 and "The results changed since the preview" in body
    assert "Board 5: NS 1 v EW 2: 3NT S =" in body
    assert (snapshot(a), snapshot(b)) == before and not SessionChange.objects.exists()


@pytest.mark.parametrize("name", ["Z", "AB", "é", "A%00"])
def test_a_section_the_session_has_not_gets_words_and_stores_nothing(
    director_client, two_sections, name
):
    a, b = two_sections.sections.order_by("name")
    before = snapshot(a), snapshot(b)
    response = page(director_client, two_sections, name, tables="4", phantom="", rounds="")
    assert response.status_code == 404
    assert "This session has no section" in response.content.decode()
    assert (snapshot(a), snapshot(b)) == before and not SessionChange.objects.exists()


def test_bad_input_for_a_section_gets_words_and_stores_nothing(director_client, two_sections):
    a, b = two_sections.sections.order_by("name")
    before = snapshot(a), snapshot(b)
    response = page(director_client, two_sections, "B", tables="3", phantom="", rounds="4")
    assert "A 3-table Mitchell plays 1-3 rounds, not 4." in response.content.decode()
    response = page(director_client, two_sections, "B", tables="x", phantom="NS", rounds="")
    assert "Enter a whole number." in response.content.decode()
    assert (snapshot(a), snapshot(b)) == before and not SessionChange.objects.exists()


def test_only_the_clubs_directors_change_a_section(client, colleague, two_sections):
    client.force_login(colleague)
    b = two_sections.sections.get(name="B")
    before = snapshot(b)
    response = page(client, two_sections, "B", tables="3", phantom="", rounds="", removed="")
    assert response.status_code == 404
    assert snapshot(b) == before and not SessionChange.objects.exists()


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    tables=st.integers(2, 5),
    phantom=st.sampled_from(["", "NS", "EW"]),
    rounds=st.one_of(st.none(), st.integers(1, 5)),
)
def test_whatever_b_changes_to_section_a_stays_whole(
    two_sections, director, tables, phantom, rounds
):
    """Any change asked of B, done or refused: A's results, points, pairs, boards and links
    stay as they were, and B keeps exactly the results its preview said it keeps."""
    a, b = two_sections.sections.order_by("name")
    a_before = snapshot(a)
    wanted = Wanted(tables, phantom, rounds)
    try:
        change = preview(b, wanted)
    except MovementChangeRefused:
        assert snapshot(a) == a_before
        return
    apply(b, wanted, user=director, confirmed=change.removed_ids)
    assert snapshot(a) == a_before
    kept = {result.pk for result, _ in change.kept}
    assert set(Result.objects.filter(board__section=b).values_list("pk", flat=True)) == kept


def test_another_sections_barometer_is_checked_as_a_barometer(director_client, club):
    """A 4-table barometer Mitchell plays all 4 rounds (Ian McKinnon, Bridge Central,
    *Barometers for few tables*: the EW pairs move up one table, no skip), where a plain
    4-table Mitchell skips and plays 3: section A must be checked as what it is when section B
    takes its late pair (A switches arrows in its last round, round 4)."""
    event = make_session(club, sections=[SectionPlan("A", 4, arrow_switch="4", barometer=True),
                                         SectionPlan("B", 3, "EW", barometer=True)])  # fmt: skip
    a = event.sections.get(name="A")
    assert a.movement().rounds == 4
    preview = page(director_client, event, "B", tables="3", phantom="")
    body = preview.content.decode()
    assert preview.status_code == 200 and "New pair: EW 3" in body, body
