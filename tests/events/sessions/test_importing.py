import pytest

from events.formats import TravellerFile, TravellerLine
from events.models import Event, Pair, Result, ResultChange
from events.sessions.importing import ImportProblems, import_traveller_file, import_travellers
from scoring import mitchell

HEADER = "board,ns,ew,contract,declarer,result\n"

# A 3-table Mitchell, one board a round: NS n meets EW n, n-1, n-2 on boards n, n+1, n+2.
THREE_TABLES = HEADER + "\n".join(
    [
        "1,1,1,4S,N,=", "1,2,3,4S,N,+1", "1,3,2,4S,N,-1",
        "2,1,3,3NT,S,9", "2,2,2,PASS,,", "2,3,1,3NTX,S,-2",
        "3,1,2,A+/A-,,", "3,2,1,2H,E,8", "3,3,3,NP,,",
    ]
)  # fmt: skip


def test_it_creates_a_scored_session(club):
    event = import_travellers(THREE_TABLES, club=club, name="Imported")
    section = event.sections.get()
    # The file's pairings are a 3-table Mitchell: recognised (events.sessions.movement_inference).
    assert (section.tables, section.has_movement) == (3, True)
    board_one = Result.objects.filter(board__number=1).order_by("ns_pair__number")
    assert [(r.ns_score, r.ns_points) for r in board_one] == [(420, 1.0), (450, 2.0), (-50, 0.0)]
    adjusted = Result.objects.get(board__number=3, ns_pair__number=1)
    assert (adjusted.ns_points, adjusted.ew_points) == (1.2, 0.8)  # 60% and 40% of a top of 2


def test_score_column_replaces_contract_declarer_result(club):
    text = "board,ns,ew,score\n1,1,1,420\n1,2,2,-50\n"
    event = import_travellers(text, club=club, name="Scores")
    assert sorted(Result.objects.values_list("ns_score", flat=True)) == [-50, 420]
    assert event.sections.get().pairs.count() == 4


def test_every_bad_row_is_reported_with_its_line_and_nothing_is_stored(club):
    text = HEADER + "1,1,1,4S,N,=\n1,2,2,8S,N,=\nx,3,3,4S,N,=\n1,1,3,4S,N,=\n2,4,4,4H,Q,=\n"
    with pytest.raises(ImportProblems) as caught:
        import_travellers(text, club=club, name="Bad")
    assert caught.value.problems == [
        (3, "8S: level must be 1-7"),
        (4, "board 'x' is not a number from 1 to 32767"),
        (5, "NS 1 already played board 1 (line 2)"),
        (6, "declarer 'Q': must be N, E, S or W"),
    ]
    assert not Event.objects.exists()
    assert not Result.objects.exists()


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("²,1,1,4S,N,=", "board '²' is not a number from 1 to 32767"),
        ("40000,1,1,4S,N,=", "board '40000' is not a number from 1 to 32767"),
        ("1,40000,1,4S,N,=", "ns '40000' is not a pair number from 1 (e.g. 3, or 3EW)"),
        ("1,1,٣,4S,N,=", "ew '٣' is not a pair number from 1 (e.g. 3, or 3EW)"),
    ],
)
def test_numbers_the_database_cannot_hold_are_line_numbered_problems(club, line, problem):
    with pytest.raises(ImportProblems) as caught:
        import_travellers(HEADER + "1,2,2,4S,N,=\n" + line + "\n", club=club, name="Odd")
    assert caught.value.problems == [(3, problem)]
    assert not Event.objects.exists()


def test_a_field_too_long_for_csv_is_a_problem_on_its_line(club):
    text = HEADER + "1,1,1,4S,N,=\n" + "1,2,2,4S,N," + "=" * 200_000 + "\n"
    with pytest.raises(ImportProblems) as caught:
        import_travellers(text, club=club, name="Long")
    ((line, message),) = caught.value.problems
    assert line == 3 and message.startswith("this line cannot be read as CSV (field larger")
    assert not Event.objects.exists()


def test_a_nul_is_a_problem_on_its_line(club):
    # PostgreSQL stores no text with a NUL (a section "A\x00" was a server error).
    with pytest.raises(ImportProblems) as caught:
        import_travellers(HEADER + "1,1,1,4S,N,=\n" + "1,2,2,4S,N,=,A\x00\n", club=club, name="x")
    assert caught.value.problems == [(3, "a NUL character, which no CSV file has (a text file?)")]
    assert not Event.objects.exists()


def test_a_nul_in_a_files_event_or_player_names_is_removed_and_said(club):
    # Any reader's file (a Bridgemate database's text fields are not checked as text):
    # PostgreSQL stores no text with a NUL, so it was a server error. A NUL is a control
    # character, removed from a file's names like the others (events.core.invisible), and said.
    parsed = TravellerFile(
        [TravellerLine(2, "A", 1, (1, "NS"), (1, "EW"), "4S N =")],
        event_name="Club\x00night",
        names={("A", 1, "NS"): ("Ann\x00", "Bob"), ("A", 1, "EW"): ("Cat", "Dan")},
    )
    warnings = []
    event = import_traveller_file(parsed, club=club, movement="mitchell", warnings=warnings)
    assert event.name == "Clubnight"
    assert Pair.objects.get(section__event=event, number=1, direction="NS").player1 == "Ann"
    assert warnings == [
        (
            "the file",
            "invisible characters (control characters, direction "
            "marks) removed from “Clubnight”, “Ann”",
        )
    ]


def test_a_header_without_the_needed_columns_is_refused(club):
    with pytest.raises(ImportProblems, match="the header lacks declarer, result"):
        import_travellers("board,ns,ew,contract\n1,1,1,4S\n", club=club, name="x")


def test_a_howell_file_numbers_pairs_once(club):
    text = HEADER + "1,1,2,4S,N,=\n1,3,4,4S,N,+1\n2,1,3,3NT,N,=\n2,4,2,3NT,N,-1\n"
    event = import_travellers(text, club=club, name="Howell", movement="howell")
    section = event.sections.get()
    assert sorted(p.number for p in section.pairs.all()) == [1, 2, 3, 4]
    assert {p.direction for p in section.pairs.all()} == {""}


def test_boards_played_together_become_one_set(club):
    movement = mitchell(3, 3)
    rows = [
        f"{board},{s.ns.number},{s.ew.number},4S,N,="
        for s in movement.seatings
        for board in movement.boards_of_set(s.board_set)
    ]
    event = import_travellers(
        HEADER + "\n".join(rows), club=club, name="Sets", scoring_method="hdb"
    )
    sets = dict(event.sections.get().boards.values_list("number", "board_set"))
    assert sets == {1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 2, 7: 3, 8: 3, 9: 3}
    # Everyone made 4S on every board: nobody is above the lowest score, so 0 HDB IMPs.
    assert set(Result.objects.values_list("ns_points", flat=True)) == {0.0}


def test_hdb_refuses_sets_outside_3_to_8_boards(club):
    with pytest.raises(ImportProblems, match="sets of 3-8 boards"):
        import_travellers(THREE_TABLES, club=club, name="x", scoring_method="hdb")


def forty_table_night(tables=40, boards=50) -> str:
    """Every NS pair plays every board; on board b NS n meets EW (n + b) mod tables + 1."""
    results = ("4S,N,=", "4S,N,+1", "3NT,S,-1", "PASS,,", "2H,E,=")
    rows = [
        f"{board},{ns},{(ns + board) % tables + 1},{results[(board + ns) % len(results)]}"
        for board in range(1, boards + 1)
        for ns in range(1, tables + 1)
    ]
    return HEADER + "\n".join(rows) + "\n"


def test_two_thousand_lines_are_stored_in_bulk_and_scored_once(
    club, director, django_assert_max_num_queries
):
    # A row at a time with a board lock each took 16 ms a row (2,000 rows passed
    # gunicorn's 30 s timeout). The statements must not grow with the rows.
    text = forty_table_night()
    with django_assert_max_num_queries(150):
        event = import_travellers(text, club=club, name="Big night", user=director)
    results = Result.objects.filter(board__section__event=event)
    assert results.count() == 2000
    assert results.filter(ns_points__isnull=True).count() == 0
    # Every board: 40 results, matchpoints adding up to n(n-1)/2 = 780 (ACBL units).
    assert set(results.values_list("board__number", flat=True)) == set(range(1, 51))
    for board in (1, 25, 50):
        assert sum(results.filter(board__number=board).values_list("ns_points", flat=True)) == 780


def test_each_imported_line_is_in_its_boards_history_as_entered_by_the_importer(club, director):
    event = import_travellers(THREE_TABLES, club=club, name="History", user=director)
    changes = ResultChange.objects.filter(board__section__event=event)
    assert changes.count() == 9
    assert {(c.action, c.changed_by_id) for c in changes} == {(ResultChange.CREATED, director.pk)}
    first = changes.get(board__number=1, ns_pair__number=2)
    assert (first.new_text, first.new_ns_score, first.old_text) == ("4S N +1", 450, "")


def test_a_doubtful_trick_count_is_stored_as_written_with_a_warning(club):
    warnings = []
    text = HEADER + "1,1,1,4S,N,4\n1,2,2,4S,N,10\n"
    import_travellers(text, club=club, name="Doubt", warnings=warnings)
    assert [line for line, _ in warnings] == [2]
    assert Result.objects.get(ns_pair__number=1).ns_score == -300  # down 6, as the column says
