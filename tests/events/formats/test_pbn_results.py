"""PBN results: what another program's file means, what Clubscore writes, and the round trip.

The layouts follow PBN 2.1 (tistis.nl/pbn): a ScoreTable or TotalScoreTable header names its
columns (`Name\\widthAlign`), rows hold one value a column, "-" for none, strings quoted.
"""

import io

import pytest
from endplay.parsers import pbn as endplay_pbn

from events.formats import ImportProblems, read_traveller_file, write_results
from events.models import Board, Event, Pair, Result
from events.sessions.importing import import_traveller_file, import_travellers
from events.standings.ranking import event_standings
from tests.events.sessions.test_importing import HEADER, THREE_TABLES

# Board 1 of the Warsaw barometer in real_events/pbn (dealer N, nobody vulnerable).
DEAL_ONE = "N:9642.AJ42.QT652. J3.Q9863.KJ3.K95 AK7.K5.A94.AQ842 QT85.T7.87.JT763"


def read(text: str):
    return read_traveller_file(text.encode(), "pbn")


def imported(text: str, club, **options) -> Event:
    return import_traveller_file(read(text), club=club, **options)


def snapshot(event: Event) -> dict:
    """What a round trip must keep: pairs and names, every result, and the standings."""
    pairs = sorted(
        Pair.objects.filter(section__event=event).values_list(
            "section__name", "number", "direction", "player1", "player2"
        )
    )
    results = sorted(
        Result.objects.filter(board__section__event=event).values_list(
            "board__number",
            "ns_pair__number",
            "ew_pair__number",
            "kind",
            "text",
            "ns_score",
            "ns_points",
            "ew_points",
        )
    )
    standings = sorted(
        (row.pair.number, row.pair.direction, row.rank, round(row.total, 2), row.percentage)
        for _section, groups in event_standings(event)
        for group in groups
        for row in group.rows
    )
    deals = sorted(Board.objects.filter(section__event=event).values_list("number", "deal"))
    return {"pairs": pairs, "results": results, "standings": standings, "deals": deals}


@pytest.fixture
def named_session(club):
    event = import_travellers(THREE_TABLES, club=club, name='Tuesday "open" pairs')
    Pair.objects.filter(section__event=event, number=1, direction="NS").update(
        player1="Ann Àlvarez", player2="Bob Brown"
    )
    Board.objects.filter(section__event=event, number=1).update(deal=DEAL_ONE)
    return event


def test_an_exported_session_imports_back_the_same(named_session, club):
    text = write_results(named_session, "pbn")
    again = imported(text, club, scoring_method="matchpoints")
    assert again.name == "Tuesday 'open' pairs"  # PBN strings cannot hold a double quote
    assert (again.movement, again.date) == ("mitchell", named_session.date)
    assert snapshot(again) == snapshot(named_session)


def test_a_howell_comes_back_as_a_howell(club):
    text = HEADER + "1,1,2,4S,N,=\n1,3,4,4S,N,+1\n2,1,3,3NT,N,=\n2,4,2,3NT,N,-1\n"
    howell = import_travellers(text, club=club, name="Howell", movement="howell")
    again = imported(write_results(howell, "pbn"), club, scoring_method="matchpoints")
    assert again.movement == "howell"
    assert snapshot(again) == snapshot(howell)


def test_endplay_reads_the_export(named_session):
    boards = endplay_pbn.load(io.StringIO(write_results(named_session, "pbn")))
    assert [board.board_num for board in boards] == [1, 2, 3]
    assert boards[0].deal.to_pbn() == DEAL_ONE
    table = boards[0].info["ScoreTable"]
    assert [column["name"] for column in table["headers"]][:5] == [
        "PairId_NS", "PairId_EW", "Contract", "Declarer", "Result",
    ]  # fmt: skip
    assert table["rows"][1][:6] == ["2", "3", "4S", "N", "11", "450"]
    totals = boards[0].info["TotalScoreTable"]["rows"]
    assert len(totals) == 6  # three NS and three EW pairs


# BridgeComposer's layout: a Section column, the lead, names at the end, "-" for no MPs.
COLUMNS = (
    "Section;PairId_NS\\2R;PairId_EW\\2R;Contract\\3L;Declarer;Lead;Result\\2R;Score_NS\\3R;"
    "Score_EW\\3R;MP_NS\\1R;MP_EW\\1R;Names_NS\\13;Names_EW"
)
SCORE_TABLE_FILE = """% PBN 2.1
% EXPORT
[Event "Club night"]
[Date "2026.03.09"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "{deal}"]
[Scoring "MatchPoints"]
[OptimumScore "NS 400"]
[ScoreTable "{columns}"]
A  1  1 3NT S -  9 400   - - - Alfa-Bravo    Charlie-Delta
A  2  2 4S  N -  8   -  50 - - Echo-Foxtrot  Golf-Hotel
A  3  3 Pass - - -   0   0 - - India-Juliet  Kilo-Lima

[Event "#"]
[Date "#"]
[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Scoring "#"]
[ScoreTable "{columns}"]
A  1  3 2H  W -  8   - 110 - - Alfa-Bravo    Kilo-Lima
A  2  1 -   - -  -   - 100 - - Echo-Foxtrot  Charlie-Delta
A  3  2 2HX W -  7 200   - - - India-Juliet  Golf-Hotel
""".replace("{deal}", DEAL_ONE).replace("{columns}", COLUMNS)


def test_a_score_table_file_is_read_line_by_line():
    parsed = read(SCORE_TABLE_FILE)
    assert (parsed.event_name, str(parsed.date), parsed.scoring) == (
        "Club night", "2026-03-09", "matchpoints",
    )  # fmt: skip
    assert [(line.place, line.board, line.ns, line.ew, line.text) for line in parsed.lines] == [
        (12, 1, (1, ""), (1, ""), "3NT S 9"),
        (13, 1, (2, ""), (2, ""), "4S N 8"),
        (14, 1, (3, ""), (3, ""), "PASS"),
        (23, 2, (1, ""), (3, ""), "2H W 8"),
        (24, 2, (2, ""), (1, ""), "-100"),  # only EW's score: a bare NS score of -100
        (25, 2, (3, ""), (2, ""), "2HX W 7"),
    ]
    assert parsed.deals == {1: DEAL_ONE}


def test_a_score_table_file_is_scored_with_the_method_given(club):
    event = imported(SCORE_TABLE_FILE, club, scoring_method="ebu-matchpoints")
    assert (event.name, event.movement) == ("Club night", "mitchell")
    board_one = dict(
        Result.objects.filter(board__number=1).values_list("ns_pair__number", "ns_points")
    )
    # Law 78A, 2 per score beaten: 400 beats 0 and -50; 0 beats -50.
    assert board_one == {1: 4.0, 2: 0.0, 3: 2.0}
    assert Board.objects.get(number=1).deal == DEAL_ONE
    # The names on the rows ("Alfa-Bravo"), BridgeComposer's only list of the pairs.
    pairs = Pair.objects.values_list("direction", "number", "player1", "player2")
    assert ("NS", 2, "Echo", "Foxtrot") in pairs and ("EW", 3, "Kilo", "Lima") in pairs


TOTALS_FILE = """[Event "Howell night"]
[Board "1"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R"]
 1  2 4S   N 10
 3  4 "A+/A-" - -
[TotalScoreTable "Rank\\2R;PairId\\2R;TotalScoreMP\\5R;Names\\30L"]
 1  1 1.50 "Ann Smith - Bob Jones"
 2  3 1.20 "Cy Young & Di Prince"
 3  2 0.50 Ed Wood
 4  4 0.80 "-"
"""


def test_the_totals_table_names_the_pairs_and_shows_a_howell(club):
    event = imported(TOTALS_FILE, club)
    assert event.movement == "howell"
    names = dict(
        (number, (p1, p2))
        for number, p1, p2 in Pair.objects.values_list("number", "player1", "player2")
    )
    assert names == {1: ("Ann Smith", "Bob Jones"), 2: ("Ed Wood", ""),
                     3: ("Cy Young", "Di Prince"), 4: ("", "")}  # fmt: skip
    adjusted = Result.objects.get(ns_pair__number=3)
    assert (adjusted.kind, adjusted.ns_percent, adjusted.ew_percent) == ("adjusted", 60, 40)


ONE_RESULT_FILE = """[Event "Home game"]
[Board "1"]
[North "Ann"]
[South "Bob"]
[East "Cy"]
[West "Di"]
[Contract "4S"]
[Declarer "N"]
[Result "10"]

[Event "#"]
[Board "1"]
[North "Ed"]
[South "Flo"]
[East "Gus"]
[West "Hal"]
[Contract "Pass"]
[Declarer ""]
[Result ""]

[Event "#"]
[Board "2"]
[North "Bob"]
[South "Ann"]
[East "Hal"]
[West "Gus"]
[Contract "3NTX"]
[Declarer "S"]
[Result "7"]
"""


def test_a_one_result_file_makes_a_pair_of_each_partnership(club):
    event = imported(ONE_RESULT_FILE, club)
    assert event.movement == "mitchell"  # no partnership sits both ways
    pairs = sorted(Pair.objects.values_list("direction", "number", "player1", "player2"))
    assert pairs == [("EW", 1, "Cy", "Di"), ("EW", 2, "Gus", "Hal"),
                     ("NS", 1, "Ann", "Bob"), ("NS", 2, "Ed", "Flo")]  # fmt: skip
    assert sorted(Result.objects.values_list("board__number", "text", "ns_score")) == [
        (1, "4S N =", 420), (1, "PASS", 0), (2, "3NTX S -2", -500),  # NS vulnerable
    ]  # fmt: skip


def test_a_latin_1_file_is_read():
    # PBN 2.1 section 2: the character set is ISO 8859-1.
    text = TOTALS_FILE.replace("Ann Smith", "Zoë Smith")
    parsed = read_traveller_file(text.encode("latin-1"), "pbn")
    assert parsed.names[("A", 1, "")] == ("Zoë Smith", "Bob Jones")


@pytest.mark.parametrize(
    ("bad", "problems"),
    [
        (SCORE_TABLE_FILE.replace('[Board "2"]', "[Board 2]"),
         [(18, "a tag is written [Name \"value\"], got '[Board 2]'")]),
        (SCORE_TABLE_FILE.replace('[Board "2"]', "[Board 2]").replace('[Date "#"]', "[Date #"),
         [(17, "a tag is written [Name \"value\"], got '[Date #'"),
          (18, "a tag is written [Name \"value\"], got '[Board 2]'")]),
        (SCORE_TABLE_FILE.replace("A  2  2 4S  N -  8", "A  2  2 8S  N -  8"),
         [(13, "8S: level must be 1-7")]),
        (SCORE_TABLE_FILE.replace("A  3  3 Pass - - -   0   0 - -", "A  3  3 Pass - - -   0"),
         [(14, "the ScoreTable header has 13 columns (Section;PairId_NS\\2R;PairId_EW\\2R;"
               "Contract\\3L;Declarer;Lead;Result\\2R;Score_NS\\3R;Score_EW\\3R;MP_NS\\1R;"
               "MP_EW\\1R;Names_NS\\13;Names_EW); this row has 10")]),
        (SCORE_TABLE_FILE.replace("A  3  2 2HX", "A  3  1 2HX"),
         [(25, "EW 1 already played board 2 (line 24)")]),
        (SCORE_TABLE_FILE.replace("A  2  1 -", "A  x  1 -"),
         [(24, "a ScoreTable row needs PairId_NS and PairId_EW, got 'x' and '1'")]),
        (SCORE_TABLE_FILE.replace(DEAL_ONE, DEAL_ONE.replace("QT85", "QT8")),
         [(8, "board 1: W's hand 'QT8.T7.87.JT763' has 12 cards; a hand has 13")]),
        (SCORE_TABLE_FILE.replace('[Vulnerable "NS"]', '[Vulnerable "EW"]'),
         [(20, "board 2 is vulnerable NS by its number, not EW: Clubscore scores a board "
               "by its number")]),
        # isdigit() admits "²", which int() refuses: a server error.
        (SCORE_TABLE_FILE.replace('[Board "2"]', '[Board "²"]'),
         [(18, "the Board tag must be a board number, got '²'")]),
        # PostgreSQL stores no text with a NUL: the event's name with one was a server error.
        (SCORE_TABLE_FILE.replace('[Event "', '[Event "\x00', 1),
         [(3, "a NUL character, which no PBN file has (is it a text file?)")]),
        ('[Event "Empty"]\n[Board "1"]\n[Deal "' + DEAL_ONE + '"]\n',
         [(1, "the file has no results: a results PBN has a ScoreTable, or Contract, "
              "Declarer and Result, for each board")]),
    ],
)  # fmt: skip
def test_a_bad_file_names_the_line_and_nothing_is_stored(club, bad, problems):
    with pytest.raises(ImportProblems) as caught:
        imported(bad, club)
    assert caught.value.problems == problems
    assert not Event.objects.exists()
    assert not Result.objects.exists()


def test_two_sections_come_back_as_two_sections(club):
    text = (
        "section,board,ns,ew,contract,declarer,result\n"
        "A,1,1,1,4S,N,=\nA,1,2,2,4S,N,+1\nB,1,1,1,3NT,S,=\nB,1,2,2,3NT,S,-1\n"
        "A,2,1,2,2H,E,=\nA,2,2,1,PASS,,\nB,2,1,2,1NT,N,=\nB,2,2,1,2S,W,=\n"
    )
    two = import_travellers(text, club=club, name="Two sections")
    Pair.objects.filter(section__name="B", number=2, direction="EW").update(player1="Eve")
    pbn = write_results(two, "pbn")
    assert pbn.count('[Section "B"]') == 2
    again = imported(pbn, club, scoring_method="matchpoints")
    assert snapshot(again) == snapshot(two)
