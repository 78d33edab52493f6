"""How fast a results file imports: a 40-table, 50-board night (2,000 traveller lines) read,
checked, stored in bulk and scored once, through the same path as `import_travellers`.

    .venv/bin/python benchmarks/import_speed.py [--tables 40] [--boards 50] [--repeat 3]

Prints rows per second for the CSV and for the same session as PBN. Runs on a throwaway
SQLite database (or DATABASE_URL's server, in a test database Django creates and drops).
"""

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubscore.settings")

import django  # noqa: E402

django.setup()

from django.test.utils import setup_databases, teardown_databases  # noqa: E402

RESULTS = (("4S", "N", "="), ("4S", "N", "+1"), ("4S", "N", "-1"), ("3NT", "S", "="),
           ("PASS", "", ""), ("3NTX", "S", "-2"), ("2H", "E", "="), ("5DX", "W", "-3"))  # fmt: skip


def travellers_csv(tables: int, boards: int) -> str:
    """Every NS pair plays every board; on board b NS n meets EW (n + b) mod tables + 1, so
    each EW pair plays each board once."""
    lines = ["board,ns,ew,contract,declarer,result"]
    for board in range(1, boards + 1):
        for ns in range(1, tables + 1):
            result = ",".join(RESULTS[(board * 7 + ns * 3) % len(RESULTS)])
            lines.append(f"{board},{ns},{(ns + board) % tables + 1},{result}")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--boards", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    databases = setup_databases(verbosity=0, interactive=False)
    try:
        run(args)
    finally:
        teardown_databases(databases, verbosity=0)


def run(args):
    from events.formats import read_traveller_file, write_results
    from events.models import Club
    from events.sessions.importing import import_traveller_file

    club = Club.objects.create(name="Benchmark club", slug="benchmark")
    text = travellers_csv(args.tables, args.boards).encode()
    rows = text.count(b"\n") - 1
    pbn = None
    for label in ("CSV", "PBN"):
        times = []
        for attempt in range(args.repeat):
            data, extension = (text, "csv") if label == "CSV" else (pbn, "pbn")
            start = time.perf_counter()
            event = import_traveller_file(
                read_traveller_file(data, extension), club=club, name=f"{label} {attempt}"
            )
            times.append(time.perf_counter() - start)
            if pbn is None:
                pbn = write_results(event, "pbn").encode()
        best = min(times)
        print(
            f"{label}: {rows:,} rows in {best:.2f} s (best of {args.repeat}): "
            f"{rows / best:,.0f} rows/s"
        )


if __name__ == "__main__":
    main()
