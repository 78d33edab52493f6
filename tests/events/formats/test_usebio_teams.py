"""USEBIO files of teams events: read, imported as a teams event (the command and the import
page), exported, and Clubscore's own export read back to the same standings.

No teams file written by a scoring program could be found (tests/events/formats/usebio_teams/
README.md says where the layout was seen). The files here are written by hand in that layout,
and every IMP and VP in them was worked by hand: scores by the Laws of Duplicate Bridge 2017
(Law 77), IMPs by Law 78B's scale, an artificial Ave+ as +3 IMPs (Law 12C2(b)), VPs from the
WBF 2013 continuous scale for 2 boards as tests/scoring/data/wbf_continuous_danish.csv
reproduces it. The tests compare Clubscore's standings with what the files print.
"""

import html
from decimal import Decimal
from io import StringIO
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from lxml import etree

import events.formats
from events.formats import ImportProblems, TeamsFile
from events.formats.usebio_read import read_usebio
from events.models import Event, Member
from events.sessions.forms import OPTION_FIELDS
from events.teams import draw, entry
from events.teams.importer import import_teams_file
from events.teams.models import TeamMatch, TeamsEvent
from events.teams.standings import bye_vps, ko_standing, standings
from events.teams.usebio_writer import write_usebio_teams
from scoring import printed
from tests.events.teams.factories import make_teams_event
from tests.factories import make_club

pytestmark = pytest.mark.django_db

FILES = Path(__file__).parent / "usebio_teams"
SWISS = FILES / "swiss_teams.xml"
USEBIO_DTD = Path(events.formats.__file__).parent / "usebio-1.2-reconstructed.dtd"


def _swiss(old: str = "", new: str = "", count: int = -1) -> bytes:
    text = SWISS.read_text()
    assert old in text
    return text.replace(old, new, count).encode() if old else text.encode()


def _imported(club, data: bytes | None = None, warnings=None) -> TeamsEvent:
    return import_teams_file(read_usebio(data or _swiss()), club=club, warnings=warnings)


def _published(data: bytes):
    """What the file prints, read with lxml alone: each team's (total, place) by name, each
    match's (round, home, away) -> scores, each board's (round, home, number) -> IMPs."""
    root = etree.fromstring(data)
    names = {
        team.get("TEAM_ID"): team.get("TEAM_NAME")
        for team in root.iter("TEAM")
        if team.get("TEAM_ID")
    }
    totals = {
        team.get("TEAM_NAME"): (Decimal(team.findtext("TOTAL_SCORE")), team.findtext("PLACE"))
        for team in root.iter("TEAM")
        if team.get("TEAM_ID")
    }
    matches, boards = {}, {}
    for match in root.iter("MATCH"):
        key = (
            int(match.findtext("ROUND_NUMBER")),
            names[match.findtext("TEAM")],
            names.get(match.findtext("OPPOSING_TEAM")),
        )
        matches[key] = (match.findtext("TEAM_SCORE"), match.findtext("OPPOSING_TEAM_SCORE"))
        for board in match.iter("BOARD"):
            boards[(*key[:2], int(board.findtext("BOARD_NUMBER")))] = int(board.findtext("IMPS"))
    return totals, matches, boards


def _ours(event: TeamsEvent):
    """The same three for the imported event, as Clubscore scores it."""
    table = standings(event)
    rows = {row.team.pk: row for row in table.rows}
    totals = {row.team.name: (row.vps, row.place) for row in table.rows}
    matches, boards = {}, {}
    for match in event.matches.select_related("home", "away"):
        key = (match.round, match.home.name, match.away.name if match.away else None)
        if match.away:
            matches[key] = (f"{match.home_vps:.2f}", f"{match.away_vps:.2f}")
        else:
            matches[key] = (printed(bye_vps(event, rows[match.home_id]), trim=True), None)
        for board in match.boards.all():
            imps = board.home_imps - board.away_imps
            boards[(match.round, match.home.name, board.number)] = imps
    return totals, matches, boards


# --------------------------------------------------------------------------- reading


def test_it_reads_the_teams_the_matches_and_both_rooms_of_each_board():
    parsed = read_usebio(_swiss())
    assert isinstance(parsed, TeamsFile)
    assert (parsed.kind, parsed.by_imps, parsed.event_name, parsed.date.isoformat()) == (
        "swiss", False, "Tuesday Swiss Teams", "2025-03-11")  # fmt: skip
    assert parsed.source == "USEBIO 1.2 (Written by hand)"
    # Team 1's players stand in its two PAIRs, team 3's in the TEAM itself.
    teams = {team.number: (team.name, team.members) for team in parsed.teams}
    assert teams[1] == ("Aces", ["Ann Archer", "Abe Archer", "Amy Ash", "Art Ash"])
    assert teams[3] == ("Coles", ["Cat Cole", "Cid Cole", "Cy Crane", "Col Crane"])
    rounds = [(match.round, match.home, match.away) for match in parsed.matches]
    assert rounds == [(1, "1", "2"), (1, "3", "4"), (1, "5", None),
                      (2, "1", "3"), (2, "2", "5"), (2, "4", None)]  # fmt: skip
    first = parsed.matches[0].boards[0]
    # The line with DIRECTION NS is where TEAM 1 sat NS: the open room.
    assert (first.number, first.open, first.closed, first.published_imps) == (
        1, "4S N =", "4S S -1", 10)  # fmt: skip
    assert parsed.warnings == []


def test_it_imports_every_board_match_and_standing_as_the_file_prints_them(club):
    warnings = []
    event = _imported(club, warnings=warnings)
    assert warnings == []
    assert (event.name, event.date.isoformat(), event.kind, event.boards_per_match,
            event.rounds, event.vp_scale) == (
        "Tuesday Swiss Teams", "2025-03-11", "swiss", 2, 2, "wbf-2013")  # fmt: skip
    assert event.teams.get(number=2).members == "Bea Bell, Ben Bell, Bob Birch, Bud Birch"
    theirs, ours = _published(_swiss()), _ours(event)
    assert ours[2] == theirs[2]  # every board's IMPs
    assert ours[1] == theirs[1]  # every match's VPs, and the byes'
    assert ours[0] == theirs[0]  # every team's VPs and place
    assert event.matches.filter(first_board__isnull=False).count() == 0


def test_without_directions_the_pairs_order_and_imps_tell_the_rooms_apart(club):
    # Match 1 v 2 names its pairs (team 1's are 1 and 2): the rooms come from them. The
    # other matches name none: the first line is TEAM's NS room, or the second where the
    # board's IMPS say so (board 1 of 3 v 4, its lines swapped here, has IMPS -4).
    root = etree.fromstring(_swiss())
    for line in root.iter("TRAVELLER_LINE"):
        line.remove(line.find("DIRECTION"))
    board = root.findall("EVENT/SESSION/SECTION/MATCH")[1].find("BOARD")
    board.append(board.findall("TRAVELLER_LINE")[0])  # now the open room's line is second
    warnings = []
    event = _imported(club, etree.tostring(root), warnings)
    assert _ours(event) == _published(_swiss())
    guessed = [message for _place, message in warnings if "(DIRECTION)" in message]
    assert len(guessed) == 6  # the boards of the three matches without pair numbers
    assert sum("the second is taken" in message for message in guessed) == 1


def test_team_numbers_and_names_may_be_elements_and_unknown_teams_get_a_name(club):
    data = _swiss(
        '<TEAM TEAM_ID="2" TEAM_NAME="Bells">',
        "<TEAM><TEAM_ID>2</TEAM_ID><TEAM_NAME>Bells</TEAM_NAME>",
    )
    parsed = read_usebio(data)
    assert [team.name for team in parsed.teams if team.number == 2] == ["Bells"]
    data = _swiss('<TEAM TEAM_ID="4" TEAM_NAME="Drews">', '<TEAM TEAM_ID="99" TEAM_NAME="Drews">')
    warnings = []
    event = _imported(club, data, warnings)
    assert event.teams.filter(name="Team 4").exists()  # named by no PARTICIPANT
    assert any("team '4' is not among the PARTICIPANTS" in message for _p, message in warnings)


KO = """<?xml version="1.0"?>
<USEBIO Version="1.2"><EVENT EVENT_TYPE="KO"><EVENT_DESCRIPTION>Cup final</EVENT_DESCRIPTION>
<DATE>14/03/2025</DATE><MATCH_SCORING_METHOD>IMPS</MATCH_SCORING_METHOD>
<PARTICIPANTS><TEAM TEAM_ID="1" TEAM_NAME="North"><TOTAL_SCORE>6</TOTAL_SCORE><PLACE>2</PLACE>
</TEAM><TEAM TEAM_ID="2" TEAM_NAME="South"><TOTAL_SCORE>18</TOTAL_SCORE><PLACE>1</PLACE></TEAM>
</PARTICIPANTS>
<MATCH><ROUND_NUMBER>1</ROUND_NUMBER><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>
<TEAM_SCORE>0</TEAM_SCORE><OPPOSING_TEAM_SCORE>6</OPPOSING_TEAM_SCORE>
%s
%s
</MATCH>
<MATCH><ROUND_NUMBER>2</ROUND_NUMBER><TEAM>2</TEAM><OPPOSING_TEAM>1</OPPOSING_TEAM>
<TEAM_SCORE>12</TEAM_SCORE><OPPOSING_TEAM_SCORE>6</OPPOSING_TEAM_SCORE>
%s
%s
</MATCH></EVENT></USEBIO>"""


def _board(number, imps, *lines) -> str:
    return (
        f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER><IMPS>{imps}</IMPS>"
        + "".join(lines)
        + "</BOARD>"
    )


def _line(direction, contract, declarer, tricks, score) -> str:
    return (
        f"<TRAVELLER_LINE><DIRECTION>{direction}</DIRECTION><CONTRACT>{contract}</CONTRACT>"
        f"<PLAYED_BY>{declarer}</PLAYED_BY><TRICKS>{tricks}</TRICKS><SCORE>{score}</SCORE>"
        "</TRAVELLER_LINE>"
    )


# A KO final of two 2-board segments, each segment playing boards 1 and 2; in segment 2 team
# 2 is the MATCH's TEAM. Board 1 none vulnerable, board 2 NS vulnerable (Law 77, Law 78B):
# segment 1: 4S N = +420 v 4S S = +420, 0; 3NT N -1 -100 v 2NT S = +120, -220: 6 to team 2.
# segment 2 (team 2's view): 1NT N +2 +150 v 3NT S = +400, -250: 6 to team 1; 4H N = +620 v
# 4H S -1 -100, +720: 12 to team 2. Team 1 6 IMPs, team 2 18.
KO_FILE = KO % (
    _board(1, 0, _line("NS", "4S", "N", 10, 420), _line("EW", "4S", "S", 10, 420)),
    _board(2, -6, _line("NS", "3NT", "N", 8, -100), _line("EW", "2NT", "S", 8, 120)),
    _board(1, -6, _line("NS", "1NT", "N", 9, 150), _line("EW", "3NT", "S", 9, 400)),
    _board(2, 12, _line("NS", "4H", "N", 10, 620), _line("EW", "4H", "S", 9, -100)),
)


def test_a_ko_is_imported_with_its_first_team_at_home_in_every_segment(club):
    warnings = []
    event = import_teams_file(read_usebio(KO_FILE.encode()), club=club, warnings=warnings)
    assert warnings == []
    assert (event.kind, event.rounds, event.boards_per_match) == ("ko", 2, 2)
    ko = ko_standing(event)
    # The file's TOTAL_SCOREs: North 6, South 18; and each segment's TEAM_SCOREs.
    assert (ko.home.name, ko.totals, ko.leader.name) == ("North", (6, 18), "South")
    assert [(m.home_imps, m.away_imps) for m, _running in ko.segments] == [(0, 6), (6, 12)]
    second = event.matches.get(round=2)
    # Segment 2 plays boards 1-2 again; North sat NS in its closed room of the file.
    assert (second.home.name, second.first_board) == ("North", 1)
    assert list(second.boards.values_list("number", "open_result", "closed_result")) == [
        (1, "3NT S =", "1NT N +2"),
        (2, "4H S -1", "4H N ="),
    ]
    assert entry.board_numbers(second) == [1, 2]


def test_a_ko_segment_without_its_second_team_is_refused_in_words(club):
    # A bye is a round a team sits out of a Swiss or a round robin; a KO is the same two
    # teams throughout, so a MATCH with no OPPOSING_TEAM is a broken file, said so.
    data = KO_FILE.replace("<TEAM>2</TEAM><OPPOSING_TEAM>1</OPPOSING_TEAM>", "<TEAM>2</TEAM>")
    with pytest.raises(ImportProblems) as refused:
        import_teams_file(read_usebio(data.encode()), club=club, warnings=[])
    assert [message for _place, message in refused.value.problems] == [
        "MATCH: a KO match has no byes; each segment needs TEAM and OPPOSING_TEAM"
    ]
    assert not TeamsEvent.objects.exists()


# One round robin match of two teams: board 1 has an artificial score in the open room (A6040,
# the home team NS: Ave+ to it, Ave- to the other) and a result in the closed room; board 2 is
# Ave in both rooms. Law 12C2(b): +3 IMPs and 0; a margin of 3 on 2 boards is 12.42-7.58.
ARTIFICIAL = """<?xml version="1.0"?>
<USEBIO Version="1.2"><EVENT EVENT_TYPE="TEAMS"><EVENT_DESCRIPTION>Match</EVENT_DESCRIPTION>
<DATE>14/03/2025</DATE><MATCH_SCORING_METHOD>VPS</MATCH_SCORING_METHOD>
<PARTICIPANTS><TEAM TEAM_ID="1" TEAM_NAME="Home"/><TEAM TEAM_ID="2" TEAM_NAME="Away"/>
</PARTICIPANTS>
<MATCH><ROUND_NUMBER>1</ROUND_NUMBER><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>
<TEAM_SCORE>12.42</TEAM_SCORE><OPPOSING_TEAM_SCORE>7.58</OPPOSING_TEAM_SCORE>
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><IMPS>3</IMPS>
<TRAVELLER_LINE><DIRECTION>NS</DIRECTION><SCORE>A6040</SCORE></TRAVELLER_LINE>
CLOSED</BOARD>
<BOARD><BOARD_NUMBER>2</BOARD_NUMBER><IMPS>0</IMPS>
<TRAVELLER_LINE><DIRECTION>NS</DIRECTION><SCORE>A5050</SCORE></TRAVELLER_LINE>
<TRAVELLER_LINE><DIRECTION>EW</DIRECTION><SCORE>A5050</SCORE></TRAVELLER_LINE></BOARD>
</MATCH></EVENT></USEBIO>""".replace("CLOSED", _line("EW", "4S", "S", 10, 420))


def test_artificial_scores_are_the_boards_ave_plus_and_ave(club):
    warnings = []
    event = import_teams_file(read_usebio(ARTIFICIAL.encode()), club=club, warnings=warnings)
    assert warnings == []
    assert event.kind == "round-robin"
    match = event.matches.get()
    boards = list(match.boards.values_list("adjusted", "closed_result", "home_imps", "away_imps"))
    assert boards == [("home-plus", "4S S =", 3, 0), ("ave", "", 0, 0)]
    assert (match.home_vps, match.away_vps) == (Decimal("12.42"), Decimal("7.58"))


@pytest.mark.parametrize(
    ("printed_vps", "scale"), [("10", "wbf-2013-discrete"), ("10.00", "wbf-2013")]
)
def test_whole_vps_say_a_whole_vp_scale_where_either_scale_fits(club, printed_vps, scale):
    # Both rooms Ave on both boards: 0-0 IMPs, 10-10 VPs on either WBF 2013 scale (Technical
    # Report of the WBF Scoring Panel, January 2013: a drawn match is 10-10).
    data = ARTIFICIAL.replace("A6040", "A5050").replace(
        _line("EW", "4S", "S", 10, 420),
        "<TRAVELLER_LINE><DIRECTION>EW</DIRECTION><SCORE>A5050</SCORE></TRAVELLER_LINE>",
    )
    data = data.replace("<IMPS>3</IMPS>", "<IMPS>0</IMPS>").replace("12.42", printed_vps)
    data = data.replace("7.58", printed_vps)
    event = import_teams_file(read_usebio(data.encode()), club=club)
    assert event.vp_scale == scale


PENALTY = "A penalty goes under Forfeit and penalties, below the match's boards (Enter results)"


def _vp_warnings(club, home: str, away: str) -> list[str]:
    """The warnings when round 1, Aces v Bells (10 IMPs to Aces: 16.46-3.54 on the WBF 2013
    continuous scale for 2 boards, as the README works it) prints `home`-`away` VPs."""
    data = _swiss("<TEAM_SCORE>16.46</TEAM_SCORE>", f"<TEAM_SCORE>{home}</TEAM_SCORE>")
    data = data.replace(b"<OPPOSING_TEAM_SCORE>3.54<", f"<OPPOSING_TEAM_SCORE>{away}<".encode())
    warnings = []
    event = _imported(club, data, warnings)
    assert event.vp_scale == "wbf-2013"  # the other three matches' VPs are its
    return [message for _place, message in warnings if message.startswith("MATCH")]


def test_a_match_whose_vps_are_not_the_scale_s_is_named_as_a_typo_or_a_penalty(club):
    assert _vp_warnings(club, "15", "5") == [
        "MATCH: round 1, Aces v Bells: the file has 15–5; 10 IMPs to Aces is 16.46–3.54 on the "
        f"WBF 2013 continuous 20-point scale, used here. A typo in the file, or an IMP penalty? "
        f"{PENALTY}"
    ]


def test_vps_short_of_the_scale_s_total_may_be_a_vp_penalty(club):
    assert _vp_warnings(club, "15.46", "3.54") == [
        "MATCH: round 1, Aces v Bells: the file has 15.46–3.54; 10 IMPs to Aces is 16.46–3.54 "
        "on the WBF 2013 continuous 20-point scale, used here. A VP penalty in the file, or a "
        f"typo? {PENALTY}"
    ]


def test_vps_adding_up_to_more_than_the_scale_shares_are_impossible(club):
    assert _vp_warnings(club, "17.46", "3.54") == [
        "MATCH: round 1, Aces v Bells: the file has 17.46–3.54; 10 IMPs to Aces is 16.46–3.54 "
        "on the WBF 2013 continuous 20-point scale, used here. The file's VPs add up to 21, and "
        "a match shares 20 on this scale: they cannot be right"
    ]


def test_a_typo_in_one_match_does_not_hide_the_scale_the_others_show(club):
    # An event played on the ACBL 20-point scale (whole VPs), exported, one match's VPs then
    # mistyped: the other matches still show the ACBL scale, so the event keeps it.
    event = _played(club, "swiss", "acbl-20", 5, 2)
    root = etree.fromstring(write_usebio_teams(event).encode())
    typo = next(match for match in root.iter("MATCH") if match.find("OPPOSING_TEAM") is not None)
    home, away = typo.find("TEAM_SCORE"), typo.find("OPPOSING_TEAM_SCORE")
    home.text, away.text = ("19", "1") if home.text != "19" else ("20", "0")
    warnings = []
    again = import_teams_file(
        read_usebio(etree.tostring(root)), club=make_club(), warnings=warnings
    )
    assert again.vp_scale == "acbl-20"
    (message,) = [message for _place, message in warnings if message.startswith("MATCH")]
    assert f"the file has {home.text}–{away.text};" in message
    assert "on the ACBL 20-point Swiss scale, used here. A typo in the file" in message


def test_vps_on_no_known_scale_are_scored_on_the_wbf_scale_with_a_warning(club):
    # Every match's VPs 2 above the WBF 2013 continuous scale's (and so on no other scale).
    data = _swiss()
    for ours, shifted in (
        ("16.46", "18.46"),
        ("9.14", "11.14"),
        ("19.50", "21.50"),
        ("1.63", "3.63"),
    ):
        data = data.replace(f"SCORE>{ours}<".encode(), f"SCORE>{shifted}<".encode())
    warnings = []
    event = _imported(club, data, warnings)
    assert event.vp_scale == "wbf-2013"
    (message,) = [message for _place, message in warnings if "VPs" in message]
    assert message.startswith(
        "the file's VPs are those of none of Clubscore's scales (a "
        "club's own?); the matches are scored on the WBF 2013 continuous "
        "20-point scale (round 1, Aces v Bells: 18.46–3.54 in the file, "
        "16.46–3.54; "
    )
    assert "event's page" not in message  # no control there changes the scale


def test_a_board_whose_imps_are_not_the_scale_s_is_imported_with_a_warning(club):
    warnings = []
    _imported(club, _swiss("<IMPS>13</IMPS>", "<IMPS>14</IMPS>"), warnings)
    assert [message for _place, message in warnings] == [
        "BOARD: board 4 (round 2, Aces v Coles) gives +14 IMPs to Aces in the file, +13 on the "
        "IMP scale (Law 78B)"
    ]


BAD = [
    pytest.param(
        _swiss("<TEAM>3</TEAM>", "<TEAM></TEAM>", 1), "MATCH: TEAM is missing", id="no-team"
    ),
    pytest.param(
        _swiss("<BOARD_NUMBER>3</BOARD_NUMBER>", "<BOARD_NUMBER>x</BOARD_NUMBER>", 1),
        "BOARD: BOARD_NUMBER 'x' is not a board number",
        id="board-number",
    ),
    pytest.param(
        _swiss("<SCORE>420</SCORE>", "<SCORE>450</SCORE>"),
        "TRAVELLER_LINE: SCORE 450 does not match 4S N 10 on board 1",
        id="score",
    ),
    pytest.param(
        _swiss(
            "<DIRECTION>EW</DIRECTION>\n              <NS_PAIR_NUMBER>3",
            "<DIRECTION>NS</DIRECTION>\n              <NS_PAIR_NUMBER>3",
            1,
        ),
        "board 1: both TRAVELLER_LINEs are of the room where the same team sat NS",
        id="one-room-twice",
    ),
    pytest.param(
        _swiss("<OPPOSING_TEAM>5</OPPOSING_TEAM>", "<OPPOSING_TEAM>3</OPPOSING_TEAM>"),
        "MATCH: team 3 already plays in round 2",
        id="a-team-twice-in-a-round",
    ),
    # Board 20 is vulnerable as board 4 is (the same scores), but not in the match's run.
    pytest.param(
        _swiss("<BOARD_NUMBER>4</BOARD_NUMBER>", "<BOARD_NUMBER>20</BOARD_NUMBER>", 1),
        "MATCH: its boards 3, 20 are not one run of 2",
        id="boards-not-one-run",
    ),
    pytest.param(
        _swiss("<ROUND_NUMBER>2</ROUND_NUMBER>", "<ROUND_NUMBER>two</ROUND_NUMBER>", 1),
        "MATCH: ROUND_NUMBER 'two' is not a round's number",
        id="round",
    ),
    pytest.param(
        _swiss('TEAM_ID="2"', 'TEAM_ID="1"'),
        "TEAM: TEAM_ID '1' is the number of another team too",
        id="team-id-twice",
    ),
    pytest.param(
        _swiss("<TRICKS>10</TRICKS>", "<TRICKS>14</TRICKS>", 1),
        "TRAVELLER_LINE: '4S N 14'",
        id="tricks",
    ),
    pytest.param(
        ARTIFICIAL.replace(
            "<SCORE>A5050</SCORE></TRAVELLER_LINE></BOARD>",
            "<SCORE>A6060</SCORE></TRAVELLER_LINE></BOARD>",
        ).encode(),
        "board 2: the two rooms' artificial scores disagree",
        id="artificial-disagree",
    ),
    pytest.param(
        ARTIFICIAL.replace("A6040", "A4040").encode(),
        "board 1: an artificial score of - to one team and - to the other",
        id="artificial-not-clubscore-s",
    ),
    pytest.param(
        _swiss("<DATE>11/03/2025</DATE>", "<DATE>11 March</DATE>"),
        "DATE: '11 March' is not a date",
        id="date",
    ),
    # Cut off inside a TRAVELLER_LINE, as an upload or a copy that stopped would leave it.
    pytest.param(
        _swiss()[: _swiss().index(b"<SCORE>680</SCORE>")],
        "the file stops part-way through: it may be incomplete; export it again from "
        "your program (the XML reader: Premature end of data in tag TRAVELLER_LINE",
        id="cut-short",
    ),
]


@pytest.mark.parametrize(("data", "message"), BAD)
def test_a_bad_file_is_refused_naming_its_element_and_line_and_nothing_stored(club, data, message):
    with pytest.raises(ImportProblems) as refused:
        import_teams_file(read_usebio(data), club=club)
    described = refused.value.described()
    assert any(message in problem and problem.startswith("line ") for problem in described), (
        described
    )
    assert TeamsEvent.objects.count() == 0 and TeamMatch.objects.count() == 0


def _without_closed_room_of_board_4(replacement: str | None = None) -> bytes:
    """The hand-made file less the closed room's line of round 2, Aces v Coles, board 4
    (4S S +2, +680 to Coles sitting NS), or with `replacement` in its place."""
    root = etree.fromstring(_swiss())
    (match,) = [
        match
        for match in root.iter("MATCH")
        if (match.findtext("ROUND_NUMBER"), match.findtext("TEAM")) == ("2", "1")
    ]
    (board,) = [board for board in match.iter("BOARD") if board.findtext("BOARD_NUMBER") == "4"]
    closed = board.findall("TRAVELLER_LINE")[1]
    if replacement is not None:
        closed.addnext(etree.fromstring(replacement))
    board.remove(closed)
    return etree.tostring(root)


@pytest.mark.parametrize(
    "replacement",
    [
        None,
        "<TRAVELLER_LINE><DIRECTION>EW</DIRECTION><SCORE>NP</SCORE></TRAVELLER_LINE>",
    ],
    ids=["line-missing", "not-played"],
)
def test_a_board_with_a_result_in_one_room_only_is_refused_naming_match_and_room(club, replacement):
    # Left out, the board would take Aces' 13 IMPs (6S N = +1430 against 4S S +2 +680) away
    # and, with them, the match's 19.50-0.50 and the event from Aces.
    data = _without_closed_room_of_board_4(replacement)
    with pytest.raises(ImportProblems) as refused:
        import_teams_file(read_usebio(data), club=club)
    assert [problem for problem in refused.value.described() if "board 4" in problem] == [
        f"line {_board_4_line(data)}: BOARD: round 2, Aces v Coles, board 4: the closed room "
        "(Coles NS, Aces EW) has no result, and no artificial score says why. The line may be "
        "missing from the file: export it again from your program, or give the board an "
        "artificial score there"
    ]
    assert TeamsEvent.objects.count() == 0 and TeamMatch.objects.count() == 0


def test_where_the_files_totals_and_places_are_not_clubscores_each_team_is_named(club):
    # Board 4 of round 2, Aces v Coles, gone from the file altogether: the match has one of
    # its two boards, so it scores no VPs (it counts once every board is entered). By the
    # README's worked VPs, Aces keep round 1's 16.46, Coles round 1's 9.14; Eyres (30.37) and
    # Drews (22.86) go up a place. Bells (5.17, 5th) are as the file prints them.
    root = etree.fromstring(_without_closed_room_of_board_4())
    match = root.findall("EVENT/SESSION/SECTION/MATCH")[3]
    match.remove(match.findall("BOARD")[1])
    warnings = []
    event = _imported(club, etree.tostring(root), warnings)
    teams = {
        team.get("TEAM_NAME"): team.sourceline
        for team in root.iter("TEAM")
        if team.get("TEAM_NAME")
    }
    assert warnings == [
        (
            match.sourceline,
            "MATCH: round 2, Aces v Coles: the file gives it 19.50–0.50 VPs but "
            "holds 1 of its 2 boards; Clubscore scores a match once it has every "
            "board",
        ),
        (teams["Aces"], "Aces: 35.96 and 1st in the file, 16.46 and 3rd here"),
        (teams["Coles"], "Coles: 9.64 and 4th in the file, 9.14 and 4th here"),
        (teams["Drews"], "Drews: 22.86 and 3rd in the file, 22.86 and 2nd here"),
        (teams["Eyres"], "Eyres: 30.37 and 2nd in the file, 30.37 and 1st here"),
    ]
    assert event.matches.get(round=2, home__name="Aces").home_vps is None


def _board_4_line(data: bytes) -> int:
    root = etree.fromstring(data)
    lines = [
        board.sourceline
        for board in root.iter("BOARD")
        if board.findtext("BOARD_NUMBER") == "4" and board.getparent().findtext("TEAM") == "1"
    ]
    return lines[0]


def test_a_file_of_matches_without_boards_is_refused():
    # A file naming the matches but no board's results: nothing to score.
    data = _swiss()
    root = etree.fromstring(data)
    for board in list(root.iter("BOARD")):
        board.getparent().remove(board)
    with pytest.raises(ImportProblems, match="the file has no boards"):
        import_teams_file(read_usebio(etree.tostring(root)), club=None)


# --------------------------------------------------------------------------- command and page


def test_the_command_imports_a_teams_file_and_exports_it(club, tmp_path):
    out, err = StringIO(), StringIO()
    call_command("import_travellers", str(SWISS), "--club", club.slug, stdout=out, stderr=err)
    lines = out.getvalue().strip().splitlines()
    event = TeamsEvent.objects.get(pk=lines[-1])
    assert lines[0].startswith(f"Imported 8 boards into teams event {event.pk} (Tuesday Swiss")
    assert "Swiss teams, 5 teams; VPs on the WBF 2013 continuous" in lines[0]
    assert err.getvalue() == ""
    out = StringIO()
    call_command("export_results", str(event.pk), "--teams", stdout=out)
    assert _published(out.getvalue().encode()) == _published(_swiss())
    with pytest.raises(CommandError, match="USEBIO only"):
        call_command("export_results", str(event.pk), "--teams", "--format", "csv")
    assert not Event.objects.exists()  # the id is no session's: a teams event's, without --teams
    with pytest.raises(CommandError) as refused:
        call_command("export_results", str(event.pk))
    assert str(refused.value) == (
        f"there is no session {event.pk} (teams event {event.pk} is “Tuesday Swiss Teams”: add "
        "--teams to export it)"
    )


def test_the_command_refuses_a_bad_teams_file_and_pairs_penalties(club, tmp_path):
    bad = tmp_path / "bad.xml"
    bad.write_bytes(_swiss("<SCORE>420</SCORE>", "<SCORE>450</SCORE>"))
    err = StringIO()
    with pytest.raises(CommandError, match="nothing imported"):
        call_command("import_travellers", str(bad), "--club", club.slug, stderr=err)
    assert "TRAVELLER_LINE: SCORE 450 does not match" in err.getvalue()
    with pytest.raises(CommandError, match="--penalty is a pairs session's"):
        call_command("import_travellers", str(SWISS), "--club", club.slug, "--penalty", "NS 1:1")
    assert TeamsEvent.objects.count() == 0


def test_a_director_uploads_a_teams_file_and_sees_its_standings(director_client, club):
    upload = SimpleUploadedFile("swiss.xml", _swiss(), "application/xml")
    response = director_client.post(reverse("session_import"), {
        "club": club.pk, "name": "", "file": upload, "movement": "", "scoring": "",
    }, follow=True)  # fmt: skip
    event = TeamsEvent.objects.get()
    assert response.redirect_chain == [(reverse("teams_event", args=[event.pk]), 302)]
    body = response.content.decode()
    assert (
        "Imported swiss.xml: a Swiss teams event, 5 teams, 2 boards a match; VPs on the "
        "WBF 2013 continuous 20-point scale (two decimals)."
    ) in body
    assert '<tr id="team-1">' in body and "35.96" in body
    assert reverse("teams_usebio", args=[event.pk]) in body
    # Both rounds have every result: taking back round 2's draw would only be refused.
    assert "Take back the draw" not in body


def test_the_import_page_says_its_scoring_choices_are_a_pairs_session_s(director_client):
    page = director_client.get(reverse("session_import")).content.decode()
    note = page.index("A teams event's file brings its own scoring")
    assert page.index("<legend>For a pairs session</legend>") < note < page.index('name="movement"')


def _page_defaults(club) -> dict:
    """What the import page posts when the director leaves its choices as it shows them: the
    club's conventions (the page starts at them when the director has one club)."""
    return {"movement": "", "scoring": "",
            **{name: "" if getattr(club, name) is None else str(getattr(club, name))
               for name in OPTION_FIELDS}}  # fmt: skip


@pytest.mark.parametrize(
    ("changed", "said"),
    [
        ({}, None),
        ({"scored_as": "teamsscorer", "movement": "howell"}, "Not used: Movement, Scored as."),
    ],
)
def test_pairs_choices_made_for_a_teams_file_are_said_to_be_unused(
    director_client, club, changed, said
):
    upload = SimpleUploadedFile("swiss_teams.xml", _swiss(), "application/xml")
    data = {"club": club.pk, "name": "", "file": upload, **_page_defaults(club), **changed}
    response = director_client.post(reverse("session_import"), data, follow=True)
    body = html.unescape(response.content.decode())
    assert TeamsEvent.objects.count() == 1
    if said is None:
        assert "Not used" not in body
    else:
        assert (
            f"{said} These are a pairs session's; a teams file takes its scoring from the "
            "file." in body
        )


def test_a_refused_teams_file_shows_its_problems_on_the_page(director_client, club):
    upload = SimpleUploadedFile("swiss.xml", _swiss("<TEAM>3</TEAM>", "<TEAM></TEAM>", 1))
    response = director_client.post(reverse("session_import"), {
        "club": club.pk, "name": "", "file": upload, "movement": "", "scoring": "",
    })  # fmt: skip
    assert response.status_code == 200
    assert "MATCH: TEAM is missing" in response.content.decode()
    assert TeamsEvent.objects.count() == 0


def test_the_export_link_gives_the_file_to_whoever_may_read_the_event(club):
    event = _imported(club)
    url = reverse("teams_usebio", args=[event.pk])
    assert Client().get(url).status_code == 404  # not published
    event.published = True
    event.save()
    response = Client().get(url)
    assert response["Content-Type"] == "application/xml; charset=utf-8"
    filename = f"clubscore-teams-{event.pk}-tuesday-swiss-teams-2025-03-11.xml"
    assert response["Content-Disposition"] == f'attachment; filename="{filename}"'
    assert _published(response.content) == _published(_swiss())


# --------------------------------------------------------------------------- the round trip


def _dtd_problems(text: str) -> list[str]:
    dtd = etree.DTD(str(USEBIO_DTD))
    valid = dtd.validate(etree.fromstring(text.encode()))
    return [] if valid else [str(error) for error in dtd.error_log.filter_from_errors()]


def _standing(event: TeamsEvent):
    """Everything the standings and scorecards show, by team name and board."""
    if event.is_ko:
        ko = ko_standing(event)
        table = (ko.home.name, ko.away.name, ko.totals)
    else:
        table = [(row.team.name, row.team.members, row.vps, row.imps_for, row.imps_against,
                  row.played, row.byes, row.place) for row in standings(event).rows]  # fmt: skip
    matches = [
        (
            match.round,
            match.table,
            match.home.name,
            match.away and match.away.name,
            match.home_imps,
            match.away_imps,
            match.home_vps,
            match.away_vps,
            entry.board_numbers(match),
            list(
                match.boards.values_list(
                    "number",
                    "open_ns_score",
                    "closed_ns_score",
                    "adjusted",
                    "home_imps",
                    "away_imps",
                )
            ),
        )
        for match in event.matches.select_related("home", "away")
    ]
    settings = (event.name, event.date, event.kind, event.boards_per_match, event.vp_scale,
                event.bye_vps)  # fmt: skip
    return settings, table, matches


def _round_trip(event) -> TeamsEvent:
    """The event exported and imported again, into another club (in its own club the import
    would be a second copy, and say so)."""
    text = write_usebio_teams(event)
    assert _dtd_problems(text) == []
    warnings = []
    again = import_teams_file(read_usebio(text.encode()), club=make_club(), warnings=warnings)
    assert warnings == []
    return again


def _played(club, kind="swiss", scale="wbf-2013", teams=5, rounds=2, bye_vps="12"):
    """An event played in Clubscore: every match of `rounds` rounds entered."""
    names = "\n".join(
        f"{name}: {name} A, {name} B, {name} C, {name} D"
        for name in ["Ash", "Birch", "Cedar", "Dale", "Elm", "Fir"][:teams]
    )
    event = make_teams_event(
        club,
        names,
        kind=kind,
        vp_scale=scale,
        rounds=rounds,
        boards_per_match=6 if scale.startswith("acbl") else 2,
        bye_vps=bye_vps,
    )
    results = ["4S N =", "4S S -1", "3NT E =", "3NT W -2", "2H N +1", "PASS", "1NT S =",
               "5DX E -3", "6S N =", "4S N +2", "2C W =", "-100"]  # fmt: skip
    for number in range(1, rounds + 1):
        draw.draw_next_round(event)
        for offset, match in enumerate(event.matches.filter(round=number, away__isnull=False)):
            rows = [
                entry.BoardRow(
                    board, results[(board + offset) % 12], results[(board * 5 + offset * 7) % 12]
                )
                for board in entry.board_numbers(match)
            ]
            entry.save_boards(match, rows)
    return event


def test_the_hand_made_file_exported_again_imports_to_the_same_standings(club):
    event = _imported(club)
    again = _round_trip(event)
    assert _standing(again) == _standing(event)


@pytest.mark.parametrize(("kind", "scale", "teams", "rounds", "bye_vps"), [
    ("swiss", "wbf-2013", 5, 3, "12"),
    ("swiss", "wbf-2013-discrete", 6, 2, "12"),
    ("round-robin", "wbf-2013", 4, 3, "12"),
    ("round-robin", "acbl-30", 5, 5, "average"),
    ("swiss", "acbl-20", 5, 2, "12"),
    ("ko", "wbf-2013", 2, 3, "12"),
])  # fmt: skip
def test_an_exported_event_imports_to_the_same_standings(club, kind, scale, teams, rounds, bye_vps):
    event = _played(club, kind, scale, teams, rounds, bye_vps)
    assert _standing(_round_trip(event))[1:] == _standing(event)[1:]
    assert _standing(TeamsEvent.objects.last())[0][2:] == _standing(event)[0][2:]


def test_artificial_scores_and_national_numbers_go_out_and_come_back(club):
    event = _played(club, teams=4, rounds=1)
    match = event.matches.get(table=1)
    entry.save_boards(
        match,
        [entry.BoardRow(1, "", "4S N =", "home-plus"), entry.BoardRow(2, "", "", "both-plus")],
    )
    other = event.matches.get(table=2)
    entry.save_boards(
        other, [entry.BoardRow(1, "3NT N =", "", "away-plus"), entry.BoardRow(2, "", "", "ave")]
    )
    Member.objects.create(club=club, name="Ash A", number="123456")
    text = write_usebio_teams(event)
    assert "<NATIONAL_ID_NUMBER>123456</NATIONAL_ID_NUMBER>" in text
    assert _standing(_round_trip(event))[1:] == _standing(event)[1:]


def test_an_event_part_played_exports_and_imports_as_far_as_it_got(club):
    event = _played(club, teams=4, rounds=1)
    TeamsEvent.objects.filter(pk=event.pk).update(rounds=2)
    event.refresh_from_db()
    draw.draw_next_round(event)
    match = event.matches.filter(round=2).first()
    entry.save_boards(match, [entry.BoardRow(3, "4S N =", "4S N =")])
    assert _standing(_round_trip(event))[1:] == _standing(event)[1:]
