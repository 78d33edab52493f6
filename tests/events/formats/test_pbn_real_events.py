"""A real event in PBN, written by another program, imported through the CLI and checked
against what was published.

real_events/pbn/warsaw_wob_barometer_2013-08-01.pbn: a 26-pair barometer (every table plays
the same board at once, so a Howell: pairs sit NS or EW by their numbers), 27 boards, 351
results, one PBN game per table's result, as PbnTools wrote it from the JFR Pary pages of
Warszawski Ośrodek Brydżowy. Each board's JFR page published every result's score and its
percentage for NS and EW: real_events/pbn/NAME.published.csv (sources and licence in
real_events/README.md).
"""

import csv
import json
from functools import cache
from io import StringIO
from pathlib import Path

from django.core.management import call_command

PBN_DIR = Path(__file__).parent.parent / "real_events" / "pbn"
WARSAW = "warsaw_wob_barometer_2013-08-01"


@cache
def _exported(name: str) -> dict:
    out = StringIO()
    call_command(
        "import_travellers",
        str(PBN_DIR / f"{name}.pbn"),
        "--scoring",
        "matchpoints",
        stdout=out,
        stderr=StringIO(),
    )
    session_id = out.getvalue().strip().splitlines()[-1]
    out = StringIO()
    call_command("export_results", session_id, "--format", "json", stdout=out)
    return json.loads(out.getvalue())


def published(name: str) -> dict:
    with open(PBN_DIR / f"{name}.published.csv", newline="") as file:
        return {
            (int(row["board"]), int(row["ns"]), int(row["ew"])): row for row in csv.DictReader(file)
        }


def test_the_session_takes_the_files_event_name_and_every_result(db):
    document = _exported(WARSAW)
    assert document["session"]["name"] == "Barometr w WOB - 1 sierpnia 2013"
    assert document["session"]["movement"] == "howell"
    (section,) = document["sections"]
    lines = [line for board in section["boards"] for line in board["results"]]
    assert len(section["boards"]) == 27
    assert len(lines) == len(published(WARSAW)) == 351


def test_every_result_scores_as_published(db):
    (section,) = _exported(WARSAW)["sections"]
    expected = published(WARSAW)
    wrong = []
    for board in section["boards"]:
        for line in board["results"]:
            row = expected[(board["board"], line["ns"], line["ew"])]
            top = line["ns_points"] + line["ew_points"]
            # JFR prints each result's percentage of the top to 2 decimals.
            percentages = (line["ns_points"] / top * 100, line["ew_points"] / top * 100)
            printed = (float(row["ns_percent"]), float(row["ew_percent"]))
            if line["ns_score"] != int(row["score"]) or any(
                abs(ours - theirs) > 0.005 for ours, theirs in zip(percentages, printed)
            ):
                wrong.append((board["board"], line["ns"], line["ew"]))
    assert wrong == []


def test_each_pairs_percentage_is_the_mean_of_its_published_percentages(db):
    # Every board was played 13 times (one top), so a pair's session percentage is the mean
    # of the 27 percentages JFR published for it (each to 2 decimals: within 0.01).
    expected: dict[int, list[float]] = {}
    for (_board, ns, ew), row in published(WARSAW).items():
        expected.setdefault(ns, []).append(float(row["ns_percent"]))
        expected.setdefault(ew, []).append(float(row["ew_percent"]))
    (section,) = _exported(WARSAW)["sections"]
    shown = {row["pair"]: row["percentage"] for row in section["pairs"]}
    assert set(shown) == set(expected) == set(range(1, 27))
    means = {pair: sum(values) / len(values) for pair, values in expected.items()}
    assert {pair for pair in means if abs(shown[pair] - means[pair]) > 0.01} == set()
    podium = sorted(means, key=means.get, reverse=True)[:3]
    assert [row["pair"] for row in section["pairs"][:3]] == podium
