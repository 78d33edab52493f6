"""A club night of teams, as the issue "Teams, complete" asks for it: eight teams play a Swiss
of three rounds of four boards. The director uploads the night's hand records, draws each round
from the pages, and hands each room of each match a phone (eight phones a round, one browser
context each); every phone enters its room's boards, the opponents agreeing each one, while the
director watches the rooms' grid and the standings, both open and never reloaded.

For every match the test times the second room's last save to the match's VPs appearing on the
open standings page, and prints the figures (a timing is measured, never asserted). What it
asserts is that the VPs appear and are right, worked from written sources only:

- Scores (Law 77, Laws of Duplicate Bridge 2017): a part score made is its trick points + 50,
  whatever the vulnerability: 1NT= 90, 2S= 110, 2S+1 140, 1S+3 170. 3NT= not vulnerable is
  100 + 300 = 400, one down not vulnerable 50; that board is played only where North-South
  are not vulnerable (boards 1 and 9: none and EW vulnerable, Law 2's cycle).
- IMPs: the Law 78B scale (IMP_SCALE below).
- VPs: the WBF 2013 continuous scale for 4 boards as "the official Danish VP table" reproduces
  it (tests/scoring/data/wbf_continuous_danish.csv), read from the file.
- The Swiss draw (EBU White Book 2017, 3.6): the highest-placed team meets the highest-placed
  team it has not played, the home team the higher-placed, tables in that order; round 1 in
  the order the teams were entered.
- The deals: the Warsaw WOB barometer of 2013-08-01, boards 1-12 (tests/events/real_events).
"""

import csv
import re
import statistics
import time
from decimal import Decimal
from pathlib import Path

import pytest
from playwright.sync_api import expect

from events.handrecords.jobs import analyse_next_batch
from tests.browser.conftest import SCREENSHOTS, log_in
from tests.browser.test_phone_entry import DESK, card_of, tap_result
from tests.browser.test_player_journey import assert_fits
from tests.events.teams.factories import make_teams_event
from tests.factories import make_club, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DATA = Path(__file__).resolve().parents[1]
DANISH = DATA / "scoring" / "data" / "wbf_continuous_danish.csv"
WARSAW = DATA / "events" / "real_events" / "pbn" / "warsaw_wob_barometer_2013-08-01.pbn"

# Law 78B: the upper bound of each IMP band (difference in points → IMPs).
IMP_SCALE = [(10, 0), (40, 1), (80, 2), (120, 3), (160, 4), (210, 5), (260, 6), (310, 7),
             (360, 8), (420, 9), (490, 10), (590, 11), (740, 12), (890, 13), (1090, 14),
             (1290, 15), (1490, 16), (1740, 17), (1990, 18), (2240, 19), (2490, 20),
             (2990, 21), (3490, 22), (3990, 23)]  # fmt: skip

PASS = ("P", "", "", "", "")
# A board as the two rooms play it: (open room's taps, closed room's taps, open room's NS
# score, closed room's NS score), taps as (level, strain, doubled, declarer, tricks). The home
# team sits NS in the open room, EW in the closed room.
F = (("2", "S", "", "N", "="), ("2", "S", "", "S", "="), 110, 110)  # 0
H1 = (("2", "S", "", "N", "+1"), ("2", "S", "", "N", "="), 140, 110)  # 30 → 1 home
A1 = (("2", "S", "", "S", "="), ("2", "S", "", "N", "+1"), 110, 140)  # 30 → 1 away
H3 = (("1", "NT", "", "N", "="), PASS, 90, 0)  # 90 → 3 home
A3 = (PASS, ("1", "NT", "", "S", "="), 0, 90)  # 90 → 3 away
H5 = (("1", "S", "", "N", "+3"), PASS, 170, 0)  # 170 → 5 home
H6 = (("2", "S", "", "N", "="), ("2", "S", "", "E", "="), 110, -110)  # 220 → 6 home
A6 = (("2", "S", "", "W", "="), ("2", "S", "", "N", "="), -110, 110)  # 220 → 6 away
H8 = (("1", "S", "", "N", "+3"), ("1", "S", "", "W", "+3"), 170, -170)  # 340 → 8 home
A8 = (("1", "S", "", "E", "+3"), ("1", "S", "", "S", "+3"), -170, 170)  # 340 → 8 away
G10 = (("3", "NT", "", "N", "="), ("3", "NT", "", "N", "-1"), 400, -50)  # 450 → 10 home

TEAMS = ["Ace", "Bell", "Cole", "Drew", "Eyre", "Fry", "Gale", "Hart"]
# Round by round: (table, home, away, the four boards), with the VPs from the Danish table.
NIGHT = [
    [(1, "Ace", "Bell", [G10, H1, F, F]),  # 11-0 → 15.38-4.62
     (2, "Cole", "Drew", [A6, H3, F, A1]),  # 3-7 → 7.71-12.29
     (3, "Eyre", "Fry", [H6, H8, F, F]),  # 14-0 → 16.42-3.58
     (4, "Gale", "Hart", [H1, A3, H5, F])],  # 6-3 → 11.76-8.24
    # After round 1: Eyre 16.42, Ace 15.38, Drew 12.29, Gale 11.76, Hart 8.24, Cole 7.71,
    # Bell 4.62, Fry 3.58; nobody has met the team below it.
    [(1, "Eyre", "Ace", [F, A1, F, F]),  # 0-1 → 9.39-10.61
     (2, "Drew", "Gale", [H3, H1, H1, F]),  # 5-0 → 12.80-7.20
     (3, "Hart", "Cole", [A8, A6, F, H1]),  # 1-14 → 3.91-16.09
     (4, "Bell", "Fry", [H3, F, F, H6])],  # 9-0 → 14.60-5.40
    # After round 2: Ace 25.99, Eyre 25.81, Drew 25.09, Cole 23.80, Bell 19.22, Gale 18.96,
    # Hart 12.15, Fry 8.98. Ace has met Eyre, so Ace-Drew; Eyre-Cole; Bell-Gale; Hart-Fry.
    [(1, "Ace", "Drew", [G10, A3, F, F]),  # 10-3 → 13.74-6.26
     (2, "Eyre", "Cole", [A6, A6, H1, F]),  # 1-12 → 4.62-15.38
     (3, "Bell", "Gale", [H5, F, F, F]),  # 5-0 → 12.80-7.20
     (4, "Hart", "Fry", [F, F, F, F])],  # 0-0 → 10.00-10.00
]  # fmt: skip
# Place, team, VPs, IMPs for, IMPs against, matches played.
STANDINGS = [
    ("1", "Ace", "39.73", "22", "3", "3"),  # 15.38 + 10.61 + 13.74
    ("2", "Cole", "39.18", "29", "9", "3"),  # 7.71 + 16.09 + 15.38
    ("3", "Bell", "32.02", "14", "11", "3"),  # 4.62 + 14.60 + 12.80
    ("4", "Drew", "31.35", "15", "13", "3"),  # 12.29 + 12.80 + 6.26
    ("5", "Eyre", "30.43", "15", "13", "3"),  # 16.42 + 9.39 + 4.62
    ("6", "Gale", "26.16", "6", "13", "3"),  # 11.76 + 7.20 + 7.20
    ("7", "Hart", "22.15", "4", "20", "3"),  # 8.24 + 3.91 + 10.00
    ("8", "Fry", "18.98", "0", "23", "3"),  # 3.58 + 5.40 + 10.00
]


def imps(difference: int) -> int:
    return next((imps for bound, imps in IMP_SCALE if abs(difference) <= bound), 24)


def match_imps(boards) -> tuple[int, int]:
    home = away = 0
    for _, _, open_ns, closed_ns in boards:
        net = open_ns - closed_ns
        home, away = (home + imps(net), away) if net > 0 else (home, away + imps(net))
    return home, away


def vp_table(boards: int) -> list[Decimal]:
    with DANISH.open() as file:
        rows = {int(row["boards"]): row for row in csv.DictReader(file)}
    return [Decimal(vp) for vp in rows[boards]["winner_vps_for_margins_0_1_2_and_up"].split()]


def match_vps(boards) -> tuple[Decimal, Decimal]:
    home, away = match_imps(boards)
    table = vp_table(len(boards))
    winner = table[min(abs(home - away), len(table) - 1)]
    return (winner, 20 - winner) if home >= away else (20 - winner, winner)


def test_the_hand_calculation_adds_up():
    """The standings and the draws above follow from the boards and the published tables."""
    totals = {team: [Decimal(0), 0, 0, set()] for team in TEAMS}
    for number, matches in enumerate(NIGHT, start=1):
        ranked = sorted(TEAMS, key=lambda t: (-totals[t][0], -(totals[t][1] - totals[t][2])))
        if number > 1:  # the Swiss draw, by hand from the standings: tables in that order
            drawn, left = [], list(ranked)
            while left:
                home = left.pop(0)
                away = next(team for team in left if team not in totals[home][3])
                left.remove(away)
                drawn.append((home, away))
            assert drawn == [(home, away) for _, home, away, _ in matches], number
        for _, home, away, boards in matches:
            for team, vps, imps_for, imps_against in zip(
                (home, away), match_vps(boards), match_imps(boards), match_imps(boards)[::-1]
            ):
                totals[team][0] += vps
                totals[team][1] += imps_for
                totals[team][2] += imps_against
            totals[home][3].add(away)
            totals[away][3].add(home)
    for _, team, vps, imps_for, imps_against, _ in STANDINGS:
        assert totals[team][:3] == [Decimal(vps), int(imps_for), int(imps_against)], team
    assert [row[1] for row in STANDINGS] == sorted(TEAMS, key=lambda t: -totals[t][0])


def night_pbn(boards: int) -> str:
    """Boards 1 to `boards` of the Warsaw barometer: each board's number, dealer, vulnerability
    and deal, from the first of its results in the file."""
    games, seen = [], set()
    for game in WARSAW.read_text().replace("\r\n", "\n").split("\n\n"):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', game, re.MULTILINE))
        if "Deal" in tags and int(tags["Board"]) <= boards and tags["Board"] not in seen:
            seen.add(tags["Board"])
            games.append("\n".join(f'[{tag} "{tags[tag]}"]' for tag in
                                   ("Board", "Dealer", "Vulnerable", "Deal")))  # fmt: skip
    assert len(games) == boards
    return "\n\n".join(games) + "\n"


def shoot(page, name):
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


WATCH_VPS = """() => {
  window.vpsSeen = {};
  const look = () => {
    for (const cell of document.querySelectorAll("tr[id^=match-] .vps")) {
      const id = cell.closest("tr").id;
      if (!(id in window.vpsSeen)) window.vpsSeen[id] = Date.now();
    }
  };
  look();
  new MutationObserver(look).observe(document.body, {childList: true, subtree: true});
}"""


def enter_board(phone, number, taps):
    """A room's phone saves a board and the opponents agree; returns when the save was tapped
    (milliseconds of the epoch, the clock the standings page's observer reads)."""
    card = card_of(phone, number)
    save = tap_result(card, taps)
    saved_at = time.time() * 1000
    save.click()
    expect(card.locator(".phone-state")).to_have_text("Opponents: is this right?")
    card.get_by_role("button", name="Agreed ✓").click()
    expect(card.locator(".phone-state")).to_contain_text("Confirmed")
    return saved_at


def draw_round(page, event, number, matches):
    page.goto(f"/teams/{event.pk}/")
    page.get_by_role("button", name=f"Draw round {number}").click()
    page.wait_for_url(re.compile(rf"/rounds/{number}/$"))
    rows = page.locator("#draw tbody tr")
    expect(rows).to_have_count(len(matches))
    for index, (table, home, away, _) in enumerate(matches):
        cells = rows.nth(index).locator("th, td")
        expect(cells.nth(0)).to_have_text(str(table))
        expect(cells.nth(1)).to_contain_text(home)
        expect(cells.nth(2)).to_contain_text(away)
    page.get_by_role("link", name="Phones in the rooms").click()
    page.wait_for_url(re.compile(rf"/rounds/{number}/rooms/$"))
    links = {}
    for item in page.locator("ul.table-links li").all():
        title = item.locator("strong").inner_text()  # "Table 1, open room"
        table, room = re.fullmatch(r"Table (\d+), (open|closed) room", title).groups()
        links[int(table), room] = item.locator("a.short-link").get_attribute("href")
    assert len(links) == 2 * len(matches)
    return links


def test_a_club_night_of_teams_on_phones(chromium, one_at_a_time_server):
    started = time.monotonic()
    director = make_user(username="dora")
    club = make_club(directors=[director], name="Riverside BC")
    teams = "\n".join(f"{t}: {t} N, {t} S, {t} E, {t} W" for t in TEAMS)
    event = make_teams_event(club, teams=teams, name="Club night teams", boards_per_match=4,
                             rounds=3)  # fmt: skip
    contexts = []

    def open_page(path, viewport, **options):
        context = chromium.new_context(viewport=viewport, base_url=one_at_a_time_server, **options)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.goto(path)
        return page

    try:
        page = open_page("/", DESK)
        log_in(page, "dora")
        # Round 1's deals, before it starts (the double-dummy analysis of a deal takes about
        # a second and a half here: the other rounds go without); the worker's job runs here.
        page.goto(f"/teams/{event.pk}/hand-records/")
        pbn = night_pbn(4).encode()
        page.set_input_files(
            "input[type=file]",
            files=[{"name": "round-1.pbn", "mimeType": "application/x-pbn", "buffer": pbn}],
        )
        page.get_by_label("The file is for").select_option(label="Round 1 (boards 1–4)")
        page.get_by_role("button", name="Upload", exact=True).click()
        expect(page.locator(".messages")).to_contain_text("4 boards read")
        while analyse_next_batch(event.pk, "teams"):
            pass

        standings = page.context.new_page()  # the director's second tab, never reloaded
        standings.set_default_timeout(15_000)
        standings.goto(f"/teams/{event.pk}/")
        standings.evaluate(WATCH_VPS)
        delays, phones = [], {}
        for number, matches in enumerate(NIGHT, start=1):
            links = draw_round(page, event, number, matches)
            if number == 1:
                shoot(page, "teams-night-rooms-links")
            by_table = {m.table: m for m in event.matches.filter(round=number)}
            # Each room's phone scans its new link: a phone a room, kept from round to round.
            for key, path in links.items():
                if key in phones:
                    phones[key].goto(path)
                else:
                    phones[key] = open_page(path, PHONE, has_touch=True, is_mobile=True)
            first = (number - 1) * 4 + 1
            second_room_saves = {}
            for index in range(4):
                for table, _, _, boards in matches:
                    # Odd tables' open rooms finish first, even tables' closed rooms.
                    rooms = ("open", "closed") if table % 2 else ("closed", "open")
                    for room in rooms:
                        taps = boards[index][0 if room == "open" else 1]
                        saved_at = enter_board(phones[table, room], first + index, taps)
                        if index == 3 and room == rooms[1]:
                            second_room_saves[by_table[table].pk] = saved_at
                if index == 1:  # halfway: the director's grid follows without a reload
                    for match in by_table.values():
                        for room in ("open", "closed"):
                            cell = page.locator(f"#rooms-{match.pk} td[data-room='{room}']")
                            expect(cell).to_have_text("2/4 agreed")
                    if number == 1:
                        shoot(page, "teams-night-rooms-grid-mid-round")
                        page.set_viewport_size(PHONE)  # the director's own phone
                        shoot(page, "teams-night-rooms-grid-390")
                        assert_fits(page, PHONE["width"], "#rooms-grid")
                        page.set_viewport_size(DESK)
                        shoot(phones[1, "closed"], "teams-night-phone-390-mid-round")
                        assert_fits(phones[1, "closed"], PHONE["width"])
            for table, _, _, boards in matches:
                match = by_table[table]
                home_vps, away_vps = match_vps(boards)
                home_imps, away_imps = match_imps(boards)
                row = standings.locator(f"#match-{match.pk}")
                expect(row.locator(".vps")).to_have_text(
                    re.compile(rf"^{re.escape(str(home_vps))}\W+{re.escape(str(away_vps))}$")
                )
                expect(row.locator(".imps")).to_have_text(
                    re.compile(rf"^{home_imps}\W+{away_imps}$")
                )
                for room in ("open", "closed"):
                    cell = page.locator(f"#rooms-{match.pk} td[data-room='{room}']")
                    expect(cell).to_have_text("4/4 ✓ agreed")
                expect(page.locator(f"#rooms-{match.pk} .vps")).to_have_text(
                    re.compile(rf"^{re.escape(str(home_vps))}\W+{re.escape(str(away_vps))}$")
                )
                phone = phones[table, "closed"]
                expect(phone.locator("#match-score")).to_contain_text(
                    f"VPs {home_vps} – {away_vps}"
                )
            seen = standings.evaluate("() => window.vpsSeen")
            for pk, saved_at in second_room_saves.items():
                delays.append((seen[f"match-{pk}"] - saved_at) / 1000)
            if number == 1:
                shoot(page, "teams-night-rooms-grid-done")
                shoot(phones[1, "closed"], "teams-night-phone-390-done")

        rows = standings.locator("#standings tbody tr")
        expect(rows).to_have_count(len(STANDINGS))
        for index, (place, team, vps, imps_for, imps_against, played) in enumerate(STANDINGS):
            cells = rows.nth(index).locator("td, th")
            expect(cells.nth(0)).to_have_text(place)
            expect(cells.nth(1)).to_contain_text(team)
            expect(cells.nth(2)).to_have_text(vps)
            expect(cells.nth(3)).to_have_text(imps_for)
            expect(cells.nth(4)).to_have_text(imps_against)
            expect(cells.nth(5)).to_have_text(played)
        shoot(standings, "teams-night-standings")
        standings.set_viewport_size(PHONE)
        shoot(standings, "teams-night-standings-390")

        # Round 1, table 1's scorecard with the night's hands (board 1 of the Warsaw file).
        standings.set_viewport_size(DESK)
        standings.locator("#round-1 tbody tr").nth(0).get_by_role("link", name="Scorecard").click()
        expect(standings.locator("#home-vps")).to_have_text("15.38")
        cards = standings.locator("#hand-records article")
        expect(cards).to_have_count(4)
        expect(cards.nth(0).locator(".par")).to_be_visible()
        # North's spades in board 1 of the file: 9642.
        expect(cards.nth(0).locator(".seat-N .suit-S")).to_have_text(re.compile(r"9 6 4 2$"))
        shoot(standings, "teams-night-scorecard")
        standings.set_viewport_size(PHONE)
        shoot(standings, "teams-night-scorecard-390")
    finally:
        for context in contexts:
            context.close()

    print(
        f"\nsecond room's last save → VPs on the standings, {len(delays)} matches: "
        f"median {statistics.median(delays):.2f}s, max {max(delays):.2f}s "
        f"(min {min(delays):.2f}s); whole night {time.monotonic() - started:.0f}s"
    )
    assert len(delays) == 12
