"""A director runs a 6-team Swiss of 4 rounds and a 4-team round robin from the browser:
sets up the event, types the teams, draws each round, enters both rooms of every board, and
the standings come out as worked by hand below.

The hand calculation uses only written sources, never the code:
- Scores (Law 77): every board is a part score made, so vulnerability does not matter:
  2S= 110, 2S+1 140, 1S+3 170, 1NT= 90 (trick points + 50 part-score bonus).
- IMPs (Law 78B scale): 30 → 1, 80 → 2, 220 → 6, 340 → 8.
- VPs: the WBF 2013 continuous scale for 2 and 3 boards, as "the official Danish VP table"
  reproduces it in tests/scoring/data/wbf_continuous_danish.csv (the library's cited source).
- The Swiss draw: the highest-placed team meets the highest-placed team it has not played
  (EBU White Book 2017, 3.6), with the home team the higher-placed; tables in that order.
- The round robin: FIDE's Berger table for 4 teams (Handbook C.05, Annex 1):
  round 1: 1-4, 2-3; round 2: 4-3, 1-2; round 3: 2-4, 3-1.
"""

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import SCREENSHOTS, log_in
from tests.factories import make_club, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# (open room, closed room) → IMPs to the home team (NS in the open room, EW in the closed).
FLAT = ("2S N =", "2S S =")  # +110 both rooms: 0
HOME_1 = ("2S N +1", "2S N =")  # +140 v +110: 30 → 1 IMP home
HOME_6 = ("2S N =", "2S E =")  # +110 and the home EW pair's +110: 220 → 6 home
HOME_8 = ("1S N +3", "1S E +3")  # +170 and +170: 340 → 8 home
AWAY_6 = ("2S E =", "2S N =")  # −110 and −110: 220 → 6 away
AWAY_2 = ("1NT N =", "1S N +3")  # +90 v +170: 80 → 2 away
AVE_PLUS_HOME = "home-plus"  # Law 86A: Ave+ = +3 IMPs

# WBF 2013 continuous scale, winner's VPs by IMP margin (Danish table, 2 and 3 boards).
VP_2_BOARDS = {0: "10.00", 1: "10.86", 2: "11.67", 5: "13.78", 6: "14.39", 7: "14.96",
               12: "17.31", 14: "18.04"}  # fmt: skip
VP_3_BOARDS = {1: "10.71", 0: "10.00", 11: "15.99", 12: "16.37", 13: "16.73", 18: "18.28"}

SWISS_TEAMS = ["Ace", "Bell", "Cole", "Drew", "Eyre", "Fry"]
# Round by round: (table, home, away, boards) as drawn by hand from the standings.
SWISS = [
    [(1, "Ace", "Bell", [HOME_6, HOME_6]),  # 12-0 → 17.31-2.69
     (2, "Cole", "Drew", [HOME_1, FLAT]),  # 1-0 → 10.86-9.14
     (3, "Eyre", "Fry", [AWAY_6, FLAT])],  # 0-6 → 5.61-14.39
    # After round 1: Ace 17.31, Fry 14.39, Cole 10.86, Drew 9.14, Eyre 5.61, Bell 2.69.
    # Ace-Fry; Cole has met Drew, so Cole-Eyre; Drew-Bell.
    [(1, "Ace", "Fry", [AWAY_6, HOME_1]),  # 1-6 → 6.22-13.78
     (2, "Cole", "Eyre", [HOME_8, HOME_6]),  # 14-0 → 18.04-1.96
     (3, "Drew", "Bell", [FLAT, FLAT])],  # 10-10
    # After round 2: Cole 28.90, Fry 28.17, Ace 23.53, Drew 19.14, Bell 12.69, Eyre 7.57.
    [(1, "Cole", "Fry", [AWAY_2, FLAT]),  # 0-2 → 8.33-11.67
     (2, "Ace", "Drew", [HOME_6, HOME_1]),  # 7-0 → 14.96-5.04
     (3, "Bell", "Eyre", [HOME_8, AWAY_6])],  # 8-6 → 11.67-8.33
    # After round 3: Fry 39.84, Ace 38.49, Cole 37.23, Bell 24.36, Drew 24.18, Eyre 15.90.
    # Fry has met Ace and Cole, so Fry-Bell; Ace-Cole; Drew-Eyre.
    [(1, "Fry", "Bell", [HOME_6, HOME_6]),  # 12-0 → 17.31-2.69
     (2, "Ace", "Cole", [FLAT, AWAY_6]),  # 0-6 → 5.61-14.39
     (3, "Drew", "Eyre", [HOME_1, HOME_1])],  # 2-0 → 11.67-8.33
]  # fmt: skip
# Place, team, VPs, IMPs for, IMPs against, matches played.
SWISS_STANDINGS = [
    ("1", "Fry", "57.15", "26", "1", "4"),  # 14.39 + 13.78 + 11.67 + 17.31
    ("2", "Cole", "51.62", "21", "2", "4"),  # 10.86 + 18.04 + 8.33 + 14.39
    ("3", "Ace", "44.10", "20", "12", "4"),  # 17.31 + 6.22 + 14.96 + 5.61
    ("4", "Drew", "35.85", "2", "8", "4"),  # 9.14 + 10.00 + 5.04 + 11.67
    ("5", "Bell", "27.05", "8", "30", "4"),  # 2.69 + 10.00 + 11.67 + 2.69
    ("6", "Eyre", "24.23", "6", "30", "4"),  # 5.61 + 1.96 + 8.33 + 8.33
]

RR_TEAMS = ["Kings", "Queens", "Jacks", "Tens"]
ROUND_ROBIN = [
    [(1, "Kings", "Tens", [HOME_6, HOME_6, FLAT]),  # 12-0 → 16.37-3.63
     (2, "Queens", "Jacks", [AWAY_2, FLAT, HOME_1])],  # 1-2 → 9.29-10.71
    [(1, "Tens", "Jacks", [HOME_8, AVE_PLUS_HOME, FLAT]),  # 8+3-0 = 11 → 15.99-4.01
     (2, "Kings", "Queens", [AWAY_6, AWAY_6, AWAY_6])],  # 0-18 → 1.72-18.28
    [(1, "Queens", "Tens", [FLAT, FLAT, FLAT]),  # 10-10
     (2, "Jacks", "Kings", [HOME_1, HOME_6, HOME_6])],  # 13-0 → 16.73-3.27
]  # fmt: skip
RR_STANDINGS = [
    ("1", "Queens", "37.57", "19", "2", "3"),  # 9.29 + 18.28 + 10.00
    ("2", "Jacks", "31.45", "15", "12", "3"),  # 10.71 + 4.01 + 16.73
    ("3", "Tens", "29.62", "11", "12", "3"),  # 3.63 + 15.99 + 10.00
    ("4", "Kings", "21.36", "12", "31", "3"),  # 16.37 + 1.72 + 3.27
]


def test_the_hand_calculation_adds_up():
    """The standings above are the sums of the matches' VPs from the published tables."""
    for rounds, table, standings in (
        (SWISS, VP_2_BOARDS, SWISS_STANDINGS),
        (ROUND_ROBIN, VP_3_BOARDS, RR_STANDINGS),
    ):
        totals = {}
        for matches in rounds:
            for _, home, away, boards in matches:
                imps = [_imps(board) for board in boards]
                home_imps, away_imps = sum(i[0] for i in imps), sum(i[1] for i in imps)
                winner = Decimal(table[abs(home_imps - away_imps)])
                vps = (winner, 20 - winner) if home_imps >= away_imps else (20 - winner, winner)
                sides = ((home, vps[0], home_imps, away_imps), (away, vps[1], away_imps, home_imps))
                for team, vp, imp_for, imp_against in sides:
                    row = totals.setdefault(team, [Decimal(0), 0, 0])
                    row[0] += vp
                    row[1] += imp_for
                    row[2] += imp_against
        for _, team, vps, imp_for, imp_against, _ in standings:
            assert totals[team] == [Decimal(vps), int(imp_for), int(imp_against)], team


def _imps(board) -> tuple[int, int]:
    return {FLAT: (0, 0), HOME_1: (1, 0), HOME_6: (6, 0), HOME_8: (8, 0), AWAY_6: (0, 6),
            AWAY_2: (0, 2), AVE_PLUS_HOME: (3, 0)}[board]  # fmt: skip


@pytest.fixture
def director():
    user = make_user(username="dora")
    make_club(directors=[user], name="Riverside Bridge Club")
    return user


def shoot(page, name):
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def create_event(page, name, kind, boards, teams, rounds=None):
    page.goto("/")
    page.get_by_role("link", name="New teams event").click()
    page.fill("input[name=name]", name)
    page.select_option("select[name=kind]", kind)
    page.fill("input[name=boards_per_match]", str(boards))
    if rounds:
        page.fill("input[name=rounds]", str(rounds))
    expect(page.locator("select[name=vp_scale]")).to_have_value("wbf-2013")
    page.get_by_role("button", name="Create the event").click()
    page.wait_for_url(re.compile(r"/teams/\d+/teams/$"))
    lines = [f"{team}: {team} N, {team} S, {team} E, {team} W" for team in teams]
    page.fill("textarea[name=teams]", "\n".join(lines))
    page.get_by_role("button", name="Save the teams").click()
    page.wait_for_url(re.compile(r"/teams/\d+/$"))
    expect(page.locator(".messages")).to_contain_text(f"{len(teams)} teams saved")


def play_round(page, number, matches, name):
    page.get_by_role("button", name=f"Draw round {number}").click()
    page.wait_for_url(re.compile(rf"/rounds/{number}/$"))
    rows = page.locator("#draw tbody tr")
    expect(rows).to_have_count(len(matches))
    for index, (table, home, away, _) in enumerate(matches):
        cells = rows.nth(index).locator("th, td")
        expect(cells.nth(0)).to_have_text(str(table))
        expect(cells.nth(1)).to_contain_text(home)
        expect(cells.nth(2)).to_contain_text(away)
    if number == 2:
        shoot(page, f"teams-{name}-draw-round-2")
    page.get_by_role("link", name="Standings").click()
    for table, home, away, boards in matches:
        page.locator(f"#enter-round-{number}").get_by_role("link", name=f"Table {table}").click()
        expect(page.locator("h2").first).to_contain_text(f"table {table}: {home} v {away}")
        for index, board in enumerate(boards):
            row_inputs = page.locator(".match-entry tbody tr[id^=entry-]").nth(index)
            if board == AVE_PLUS_HOME:
                page.get_by_text("Artificial scores").click()
                board_number = row_inputs.locator("th").inner_text()
                page.select_option(f"select[name=adjusted-{board_number}]", AVE_PLUS_HOME)
                continue
            row_inputs.locator("input").nth(0).fill(board[0])
            row_inputs.locator("input").nth(1).fill(board[1])
        if number == 1 and table == 1:
            shoot(page, f"teams-{name}-enter")
        page.get_by_role("button", name="Save the boards").click()
        expect(page.locator(".messages")).to_contain_text(f"Round {number}, table {table}:")


def check_standings(page, expected, scale):
    rows = page.locator("#standings tbody tr")
    expect(rows).to_have_count(len(expected))
    for index, (place, team, vps, imps_for, imps_against, played) in enumerate(expected):
        cells = rows.nth(index).locator("td, th")
        expect(cells.nth(0)).to_have_text(place)
        expect(cells.nth(1)).to_contain_text(team)
        expect(cells.nth(2)).to_have_text(vps)
        expect(cells.nth(3)).to_have_text(imps_for)
        expect(cells.nth(4)).to_have_text(imps_against)
        expect(cells.nth(5)).to_have_text(played)
    expect(page.locator("#vp-scale")).to_have_text(scale)


def test_a_six_team_swiss_of_four_rounds(page, director):
    log_in(page, "dora")
    create_event(page, "Tuesday Swiss", "swiss", 2, SWISS_TEAMS, rounds=4)
    for number, matches in enumerate(SWISS, start=1):
        play_round(page, number, matches, "swiss")
    check_standings(page, SWISS_STANDINGS, "WBF 2013 continuous 20-point scale (two decimals)")
    expect(page.locator("#draw-next")).to_have_count(0)  # all four rounds are drawn
    shoot(page, "teams-swiss-standings")
    # The scorecard of round 2, table 1, like a Vugraph match's running score.
    page.locator("#round-2 tbody tr").nth(0).get_by_role("link", name="Scorecard").click()
    expect(page.locator("#home-imps")).to_have_text("1")
    expect(page.locator("#away-imps")).to_have_text("6")
    expect(page.locator("#home-vps")).to_have_text("6.22")
    expect(page.locator("#away-vps")).to_have_text("13.78")
    board_4 = page.locator("#board-4 td")
    expect(board_4.nth(0)).to_have_text("2S N +1")
    expect(board_4.nth(1)).to_have_text("140")
    expect(board_4.nth(4)).to_have_text("1")
    expect(board_4.nth(6)).to_have_text("1")  # running: Ace 1
    expect(board_4.nth(7)).to_have_text("6")  # Fry 6
    shoot(page, "teams-swiss-scorecard")
    page.set_viewport_size({"width": 360, "height": 800})
    shoot(page, "teams-swiss-scorecard-360")
    page.goto(page.url.split("/matches/")[0] + "/")
    shoot(page, "teams-swiss-standings-360")
    page.goto(page.url + "rounds/4/")
    shoot(page, "teams-swiss-draw-360")


def test_a_four_team_round_robin(page, director):
    log_in(page, "dora")
    create_event(page, "League night", "round-robin", 3, RR_TEAMS)
    for number, matches in enumerate(ROUND_ROBIN, start=1):
        play_round(page, number, matches, "round-robin")
    check_standings(page, RR_STANDINGS, "WBF 2013 continuous 20-point scale (two decimals)")
    expect(page.locator("#draw-next")).to_have_count(0)  # 3 rounds: every team met every other
    shoot(page, "teams-round-robin-standings")
    page.get_by_text("Earlier rounds, to correct").click()
    page.locator("#enter-round-2").get_by_role("link", name="Table 1").click()
    expect(page.locator("select[name=adjusted-5]")).to_have_value(AVE_PLUS_HOME)
    page.set_viewport_size({"width": 360, "height": 800})
    shoot(page, "teams-round-robin-enter-360")


def test_setting_up_on_a_phone_names_what_is_wrong(page, director):
    page.set_viewport_size({"width": 360, "height": 800})
    log_in(page, "dora")
    page.goto("/teams/new/")
    page.fill("input[name=name]", "Phone Swiss")
    page.select_option("select[name=vp_scale]", "club")
    shoot(page, "teams-new-360")
    page.get_by_role("button", name="Create the event").click()
    expect(page.locator(".error")).to_contain_text("Type the club's VP table")
    page.fill("textarea[name=club_vp_table]", "0-2 10-10\n3-6 11-9\n8+ 20-0")
    page.get_by_role("button", name="Create the event").click()
    expect(page.locator(".error")).to_contain_text("gap")
    page.fill("textarea[name=club_vp_table]", "0-2 10-10\n3-6 12-8\n7+ 15-5")
    page.get_by_role("button", name="Create the event").click()
    page.wait_for_url(re.compile(r"/teams/\d+/teams/$"))
    page.fill("textarea[name=teams]", "Ace: Ann, Abe, Amy, Art\nBell: Bea, Ben\nAce")
    page.get_by_role("button", name="Save the teams").click()
    problems = page.locator(".error")
    expect(problems.nth(0)).to_contain_text("Line 2 (Bell: Bea, Ben): a team has four")
    expect(problems.nth(1)).to_contain_text("Line 3 (Ace): Ace is already the team on line 1")
    shoot(page, "teams-teams-error-360")


def test_two_directors_on_one_match_lose_nothing(page, chromium, live_server, screenshot):
    # Dora opens the match's form; Bob saves board 1 meanwhile; Dora types board 2 and, by
    # mistake, board 1 too. Board 1 is refused with Bob's result named, and nothing is saved;
    # her boxes keep what she typed. Scores: 2S N = is +110, 2S S = +110 (Law 77).
    from events.teams import draw, entry
    from events.teams.models import MatchBoard
    from tests.events.teams.factories import make_teams_event

    dora, bob = make_user(username="dora"), make_user(username="bob")
    club = make_club(directors=[dora, bob], name="Riverside Bridge Club")
    event = make_teams_event(club)
    draw.draw_next_round(event)
    match = event.matches.get(round=1, table=1)
    log_in(page, "dora")
    page.goto(f"/teams/{event.pk}/matches/{match.pk}/enter/")
    entry.save_boards(match, [entry.BoardRow(1, "2S N =", "2S S =")])  # Bob, meanwhile
    page.fill("input[name=open-1]", "2S N +1")
    page.fill("input[name=closed-1]", "2S N =")
    page.fill("input[name=open-2]", "1NT N =")
    page.fill("input[name=closed-2]", "1S N +3")
    page.get_by_role("button", name="Save the boards").click()
    problem = page.locator("#entry-1 + tr p.error")
    expect(problem).to_contain_text(
        "Board 1 was saved by someone else after you opened this "
        "page: now open room 2S N =, closed room 2S S =."
    )
    expect(page.locator("input[name=open-1]")).to_have_value("2S N +1")
    screenshot("teams-two-directors-conflict")
    assert list(MatchBoard.objects.values_list("number", "open_result")) == [(1, "2S N =")]
    page.get_by_role("button", name="Save the boards").click()  # hers, on purpose now
    expect(page.locator(".messages")).to_contain_text("Round 1, table 1:")
    stored = dict(MatchBoard.objects.values_list("number", "open_result"))
    assert stored == {1: "2S N +1", 2: "1NT N ="}
