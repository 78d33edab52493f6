"""Real sessions scored and published by ScoreBridge, KoPS and Bridge Base Online, imported
through `import_travellers` with that program's preset (`--scored-as`) and checked against
everything the program published.

Each event's files are in tests/events/real_events/ (sources and licences, and what each event
showed of its program's conventions, in its README.md): NAME.csv the travellers as Clubscore
imports them; NAME.published.csv every line's published NS score and its points for each side,
or its percentages of the board's top where the program printed those (KoPS, Bridge Base
Online); NAME.standings.csv every pair's published total, percentage and place. An empty cell
is a value the program did not publish.

Each event is also imported with the conventions a club would otherwise have (another
program's or Clubscore's defaults): then the published values are not all reproduced, so the
event tells its program's conventions apart rather than passing under any options.
"""

import csv
from dataclasses import dataclass

import pytest

from tests.events.test_real_events import EVENTS_DIR, _exported

PRINTED = 0.0051  # published to 2 decimals; Clubscore's export keeps 4


@dataclass(frozen=True)
class PublishedEvent:
    name: str  # the files' stem in real_events/
    flags: tuple[str, ...]  # the program's preset, and what the travellers cannot say
    others: tuple[str, ...]  # another program's conventions, which do not reproduce it
    # (section, board, ns, ew) of the lines the preset does not reproduce (README: findings)
    known: frozenset = frozenset()


# ScoreBridge (USEBIO): boards played 2 or 3 times of 4; 3 pairs played 22 or 23 boards of 24.
FOREST_OF_DEAN = PublishedEvent(
    "forest_of_dean_pairs_2025-07-30",
    ("--movement", "howell", "--scored-as", "scorebridge"),
    ("--movement", "howell", "--scoring", "ebu-matchpoints"),  # Neuberg (EBU, ACBL)
)
# KoPS (KoPS2www pages): 22 results a board, 2/1; boards 7 and 8 with one Ave+/Ave-.
CHORZOW_PAIRS = PublishedEvent(
    "chorzow_jesienny_1_pairs_2011-10-03",
    ("--movement", "howell", "--scored-as", "kops"),
    ("--movement", "howell", "--scoring", "matchpoints", "--rounding", "board"),  # 1/½
)
# KoPS at cross-IMPs: each result's IMPs averaged over its 3 comparisons, added up exactly.
CHORZOW_IMPS = PublishedEvent(
    "chorzow_monika_cross_imps_2013-08-07",
    ("--movement", "howell", "--scoring", "cross-imps", "--scored-as", "kops"),
    ("--movement", "howell", "--scoring", "cross-imps", "--rounding", "board"),
    # +420 against -1660 (a 2080 difference): 19 IMPs on the WBF scale, 17 in KoPS's print.
    frozenset({("A", 22, 1, 10), ("A", 22, 5, 9)}),
)
# Bridge Base Online: 4 sections of 12 tables scored across the field, ranked per section and
# direction; boards 6, 9 and 12 each with one artificial score.
BBO_SPEEDBALL = PublishedEvent(
    "bbo_acbl_speedball_pairs_2013-08-10",
    ("--movement", "mitchell", "--across-field", "--scored-as", "bbo"),
    # BriAn's conventions (percentages of the points) with places per section
    ("--movement", "mitchell", "--across-field", "--scored-as", "brian", "--places", "section"),
)
# Bridge Base Online at IMPs: boards 1 and 6 each with one Ave/Ave.
BBO_SKY_CLUB = PublishedEvent(
    "bbo_sky_club_cross_imps_2013-08-10",
    ("--movement", "howell", "--scoring", "cross-imps", "--scored-as", "bbo"),
    ("--movement", "howell", "--scoring", "cross-imps", "--scored-as", "ruter"),
)
EVENTS = [FOREST_OF_DEAN, CHORZOW_PAIRS, CHORZOW_IMPS, BBO_SPEEDBALL, BBO_SKY_CLUB]
EVENT_PARAMS = [pytest.param(event, id=event.name) for event in EVENTS]


def _rows(name: str, kind: str) -> list[dict]:
    with open(EVENTS_DIR / f"{name}.{kind}.csv", newline="") as file:
        return list(csv.DictReader(file))


def _line_key(row) -> tuple:
    return row.get("section") or "A", int(row["board"]), int(row["ns"]), int(row["ew"])


def _pair_key(row) -> tuple:
    return row.get("section") or "A", int(row["pair"]), row["direction"] or None


def _lines(document) -> dict:
    return {
        (section["name"], board["board"], line["ns"], line["ew"]): line
        for section in document["sections"]
        for board in section["boards"]
        for line in board["results"]
    }


def _board_tops(lines) -> dict:
    """Each board's top, as its played lines show it (an artificial score is a share of it)."""
    tops = {}
    for (_, board, _, _), line in lines.items():
        if line["kind"] == "played":
            tops[board] = max(tops.get(board, 0), line["ns_points"] + line["ew_points"])
    return tops


def differing_lines(event, flags) -> dict:
    """(section, board, ns, ew) -> (ours, published) for every line whose NS score, points or
    percentages of the board's top differ from the published ones."""
    ours = _lines(_exported(event.name, flags))
    published = {_line_key(row): row for row in _rows(event.name, "published")}
    assert set(ours) == set(published)
    tops = _board_tops(ours)
    wrong = {}
    for key, row in published.items():
        line = ours[key]
        if "ns_percent" in row:
            top = tops[key[1]]
            mine = (100 * line["ns_points"] / top, 100 * line["ew_points"] / top)
            printed = (float(row["ns_percent"]), float(row["ew_percent"]))
        else:
            mine = (line["ns_points"], line["ew_points"])
            printed = (float(row["ns_points"]), float(row["ew_points"]))
        score = row["score"] and line["ns_score"] != int(row["score"])
        if score or any(abs(a - b) > PRINTED for a, b in zip(mine, printed, strict=True)):
            wrong[key] = (mine, printed)
    return wrong


def differing_standings(event, flags) -> dict:
    """(section, pair, direction) -> (ours, published) for every pair whose total, percentage
    or place differs from the published one. A pair's total is compared net of the lines the
    preset is known not to reproduce (`event.known`): of their points, ours and published
    (each of those printed to 2 decimals too, so the tolerance grows by one rounding each)."""
    document = _exported(event.name, flags)
    rows = {
        (row["section"], row["pair"], row["direction"]): row
        for section in document["sections"]
        for row in section["pairs"]
    }
    standings = {_pair_key(row): row for row in _rows(event.name, "standings")}
    assert set(rows) == set(standings)
    shift, tolerance = dict.fromkeys(standings, 0.0), dict.fromkeys(standings, PRINTED)
    for key, (mine, printed) in differing_lines(event, flags).items():
        if key not in event.known:
            continue
        section, _, ns, ew = key
        for number, side in ((ns, 0), (ew, 1)):
            pair = next(pair for pair in standings if pair[:2] == (section, number))
            shift[pair] += mine[side] - printed[side]
            tolerance[pair] += PRINTED
    wrong = {}
    for key, published in standings.items():
        row = rows[key]
        mine = (row["total"] - shift[key], row["percentage"], row["rank"])
        total_off = published["total"] and abs(mine[0] - float(published["total"])) > tolerance[key]
        percent_off = published["percentage"] and mine[1] != float(published["percentage"])
        if total_off or percent_off or mine[2] != published["place"]:
            wrong[key] = (mine, (published["total"], published["percentage"], published["place"]))
    return wrong


@pytest.mark.parametrize("event", EVENT_PARAMS)
def test_every_traveller_line_scores_as_published(db, event):
    assert set(differing_lines(event, event.flags)) == event.known


@pytest.mark.parametrize("event", EVENT_PARAMS)
def test_every_total_percentage_and_place_as_published(db, event):
    assert differing_standings(event, event.flags) == {}


@pytest.mark.parametrize("event", EVENT_PARAMS)
def test_other_conventions_do_not_reproduce_the_event(db, event):
    lines = set(differing_lines(event, event.others)) - event.known
    assert lines or differing_standings(event, event.others)


@pytest.mark.parametrize("event", EVENT_PARAMS)
def test_the_session_is_scored_as_its_program(db, event):
    program = {"scorebridge": "ScoreBridge", "kops": "KoPS", "bbo": "Bridge Base Online"}
    preset = event.flags[event.flags.index("--scored-as") + 1]
    assert _exported(event.name, event.flags)["scored"].endswith(f"(as {program[preset]})")
