"""Files bigger than any session, or built to hold a server worker, are refused in words
before they are read whole, by the upload page and `import_travellers` alike, and nothing
is stored (events.core.limits)."""

import re
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from events.formats import ImportProblems, bws, read_traveller_file
from events.formats.bws import read_bws
from events.models import Event
from events.sessions.importing import import_traveller_file, import_travellers
from tests.factories import upload_travellers
from tests.hang_guard import finishes_within

HEADER = "board,ns,ew,contract,declarer,result\n"
SCORE_TABLE = (
    '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;'
    'Score_NS\\5R;Score_EW\\5R"]'
)


def refusal(data: bytes, extension: str, club) -> list[str]:
    with pytest.raises(ImportProblems) as refused:
        import_traveller_file(read_traveller_file(data, extension), club=club, name="Big")
    assert not Event.objects.exists()
    return refused.value.described()


def test_a_csv_of_9999_boards_is_refused_as_too_big_for_a_session(club):
    # A 217 kB file: a session of 9,999 boards whose recap and PDFs then held the workers.
    lines = [f"{board},1,2,4S,N,=" for board in range(1, 10_000)]
    problems = refusal((HEADER + "\n".join(lines)).encode(), "csv", club)
    assert problems == [
        "line 1: the file is too big for a session: it plays 9,999 boards; a session plays at "
        "most 100 (the longest real sessions play 36-40)"
    ]


def test_a_csv_of_more_results_than_any_session_stops_being_read_at_the_limit(club):
    lines = [f"{n % 36 + 1},{n % 30 + 1},{n % 29 + 1},4S,N,=" for n in range(12_000)]
    problems = refusal((HEADER + "\n".join(lines)).encode(), "csv", club)
    assert problems == [
        "line 10002: the file is too big for a session: more than 10,000 results; a session "
        "has at most 10,000 (60 tables playing 36 boards make 2,160)"
    ]


def test_the_command_refuses_a_file_too_big_for_a_session(club, tmp_path):
    # The command reads any file on the server's disk: the upload form's limits do not apply.
    path = tmp_path / "travellers.csv"
    lines = [f"{n % 200 + 1},{n % 30 + 1},{n % 29 + 1},4S,N,=" for n in range(3_000)]
    path.write_text(HEADER + "\n".join(lines))
    err = StringIO()
    with pytest.raises(CommandError, match="nothing imported"):
        call_command("import_travellers", str(path), "--name", "Big", stdout=StringIO(), stderr=err)
    assert "it plays 200 boards; a session plays at most 100" in err.getvalue()
    assert not Event.objects.exists()


def test_a_result_cell_of_61_kilobytes_is_refused_quickly_and_quoted_short(club):
    # A 61 kB cell held a worker to its 30-second timeout: read for its fouled-board mark,
    # then quoted whole in the message.
    text = HEADER + f"1,1,1,4S{' ' * 61_000}x,N,=\n1,2,2,4S,N,=\n"
    with finishes_within():
        problems = refusal(text.encode(), "csv", club)
    assert problems == [
        "line 2: the result is 61,007 characters long; a result is at most 60, e.g. 4S N = or "
        "3NTX S -2"
    ]


def test_a_number_of_thousands_of_digits_is_a_problem_not_a_crash(club):
    # Python refuses to read an integer of over 4,300 digits (a ValueError, a 500 page).
    digits = "1" * 5_000
    csv = refusal((HEADER + f"{digits},1,1,4S,N,=\n").encode(), "csv", club)
    assert csv == [
        f"line 2: board '{'1' * 30}'… (5,000 characters) is not a number from 1 to 32767"
    ]
    pbn = refusal(
        f'[Event "E"]\n[Board "{digits}"]\n{SCORE_TABLE}\n1 1 4S N 10 420 -\n'.encode(), "pbn", club
    )
    assert pbn[0].startswith("line 2: the Board tag must be a board number, got '111")
    usebio = (
        '<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><BOARD><BOARD_NUMBER>'
        f"{digits}</BOARD_NUMBER></BOARD></EVENT></USEBIO>"
    )
    assert "is not a board number" in refusal(usebio.encode(), "xml", club)[0]


def test_a_score_table_of_more_rows_than_results_stops_being_read_at_the_limit(club):
    # 800,000 rows reached 1.5 GB of memory, read whole before anything was checked.
    rows = "\n".join(f"{n % 30 + 1} {n % 29 + 1} 4S N 10 420 -" for n in range(20_000))
    text = f'[Event "Big"]\n[Board "1"]\n{SCORE_TABLE}\n{rows}\n'
    assert refusal(text.encode(), "pbn", club) == [
        "line 10004: the ScoreTable table has more than 10,000 rows, more than a session has "
        "results"
    ]


def test_a_pbn_of_more_games_than_any_session_has_stops_being_read(club):
    games = "".join(f'[Board "{n % 36 + 1}"]\n\n' for n in range(13_000))
    problems = refusal(f'[Event "Many"]\n{games}'.encode(), "pbn", club)
    assert len(problems) == 1
    assert re.fullmatch(
        r"line \d+: the file has more than 12,600 games, more than any "
        r"session's file \(a game a board, or a game a result\)",
        problems[0],
    )


def test_a_game_of_more_tags_than_any_game_stops_being_read(club):
    tags = "".join(f'[Note "{n}"]\n' for n in range(1_500))
    problems = refusal(f'[Event "Many"]\n[Board "1"]\n{tags}'.encode(), "pbn", club)
    assert problems == [
        "line 1001: a game has more than 1,000 tags: is an empty line missing between games?"
    ]


def test_a_usebio_file_of_empty_lines_stops_being_read_at_the_limit(club):
    # 15.5 MB of them took 20 s and answered a 73.5 MB page of 750,000 problems.
    line = "<TRAVELLER_LINE>           <NS_PAIR_NUMBER/></TRAVELLER_LINE>\n"
    text = (
        '<?xml version="1.0"?>\n<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">'
        f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n{line * 20_000}</BOARD></EVENT></USEBIO>"
    )
    assert refusal(text.encode(), "xml", club) == [
        "line 10003: the file is too big for a session: more than 10,000 results; a session "
        "has at most 10,000 (60 tables playing 36 boards make 2,160)"
    ]


def test_a_bws_of_more_results_than_any_session_is_refused_before_its_rows_are_read(
    club, monkeypatch
):
    received = [{"ID": n, "Section": 1, "Table": n % 30 + 1, "Round": n // 30, "Board": n % 36,
                 "PairNS": 1, "PairEW": 2, "NS/EW": "N", "Contract": "4 S", "Result": "="}
                for n in range(10_001)]  # fmt: skip
    tables = {"ReceivedData": received, "Section": [{"ID": 1, "Letter": "A"}], "Session": [],
              "RoundData": [], "PlayerNumbers": [], "HandRecord": []}  # fmt: skip
    monkeypatch.setattr(bws, "_tables", lambda data: tables)
    with pytest.raises(ImportProblems) as refused:
        read_bws(b"...")
    assert refused.value.described() == [
        "ReceivedData: the file is too big for a session: more than 10,000 results; a session "
        "has at most 10,000 (60 tables playing 36 boards make 2,160)"
    ]


# 2,000 lines of a 30-table session, each with a contract of level 8.
BAD_LINES = [f"{n // 30 + 1},{n % 30 + 1},{(n + n // 30) % 30 + 1},8S,N,=" for n in range(2_000)]


def test_the_upload_page_lists_the_first_hundred_problems_and_counts_the_rest(
    director_client, club
):
    text = HEADER + "\n".join(BAD_LINES)
    response = upload_travellers(director_client, club, text)
    body = response.content.decode()
    problems = re.findall(r"<li>(.*?)</li>", body.split('class="error-box"')[1].split("</ul>")[0])
    assert len(problems) == 101
    assert problems[0] == "Line 2: 8S: level must be 1-7"
    assert problems[-1] == "… and 1,900 more problems, not listed: fix these first"
    assert not Event.objects.exists()


def test_a_refusal_of_the_command_lists_the_first_hundred_problems(club):
    text = HEADER + "\n".join(BAD_LINES)
    with pytest.raises(ImportProblems) as refused:
        import_travellers(text, club=club, name="Bad")
    assert len(refused.value.problems) == 2_000
    assert len(str(refused.value).splitlines()) == 101


def test_the_upload_page_refuses_a_session_too_big_before_storing_it(director_client, club):
    lines = [f"{board},1,2,4S,N,=" for board in range(1, 10_000)]
    response = upload_travellers(director_client, club, HEADER + "\n".join(lines))
    assert "it plays 9,999 boards; a session plays at most 100" in response.content.decode()
    assert response.status_code == 200
    assert reverse("session_import") in response.content.decode()
    assert not Event.objects.exists()
