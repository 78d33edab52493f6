"""How long inputs built to hold a server worker take to read, and how much memory they take:
each case runs in a process of its own and prints its time and the process's peak memory.

    .venv/bin/python benchmarks/hostile_inputs.py [--case NAME ...] [--scale 1.0]

Cases (`--scale` multiplies their sizes, to measure code that would take hours at full size):
  fouled-mark     a traveller line "a", 8,000 spaces, "a", read for its fouled-board mark
  pbn-comments    a hand record of 200,000 unclosed `{`
  csv-cell        a travellers CSV whose contract cell is 61 kB of spaces
  csv-boards      a 217 kB travellers CSV of 9,999 boards, imported as a session
  pbn-rows        a results PBN whose ScoreTable has 800,000 rows
  usebio-lines    a 15.5 MB USEBIO file of 250,000 empty traveller lines
  teams-spaces    a teams box line of "Smith", 100,000 spaces, "Jones"
  penalty-spaces  a penalty "NS 1:1", 2,000 spaces, a reason over two lines

A case the code refuses says so, with the refusal's first words. The imports run on a
throwaway SQLite database (or DATABASE_URL's server, in a test database Django creates and
drops).
"""

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubscore.settings")

CASES = ["fouled-mark", "pbn-comments", "csv-cell", "csv-boards", "pbn-rows", "usebio-lines",
         "teams-spaces", "penalty-spaces"]  # fmt: skip
HEADER = "board,ns,ew,contract,declarer,result\n"


def sized(count: int, scale: float) -> int:
    return max(1, int(count * scale))


def run_case(name: str, scale: float) -> str:
    """The case's outcome in words; the caller times it."""
    from events.formats import ImportProblems, read_traveller_file

    try:
        if name == "fouled-mark":
            from scoring import split_foul_group

            split_foul_group("a" + " " * sized(8000, scale) + "a")
        elif name == "pbn-comments":
            from events.handrecords.pbn import PBNError, read_pbn

            try:
                read_pbn("{" * sized(200_000, scale))
            except PBNError as error:
                return f"refused: {str(error)[:70]}"
        elif name == "csv-cell":
            text = HEADER + f"1,1,1,4S{' ' * sized(61_000, scale)}x,N,=\n"
            return _import(read_traveller_file(text.encode(), "csv"))
        elif name == "csv-boards":
            lines = [f"{board},1,2,4S,N,=" for board in range(1, sized(9_999, scale) + 1)]
            return _import(read_traveller_file((HEADER + "\n".join(lines)).encode(), "csv"))
        elif name == "pbn-rows":
            rows = "\n".join(
                f"{n % 30 + 1} {n % 29 + 1} 4S N 10 420 -" for n in range(sized(800_000, scale))
            )
            text = (
                '[Event "Big"]\n[Board "1"]\n[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;'
                'Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\5R;Score_EW\\5R"]\n'
                f"{rows}\n"
            )
            return _import(read_traveller_file(text.encode(), "pbn"))
        elif name == "usebio-lines":
            line = "<TRAVELLER_LINE>           <NS_PAIR_NUMBER/></TRAVELLER_LINE>\n"  # 62 bytes
            lines = line * sized(250_000, scale)
            text = (
                '<?xml version="1.0"?>\n<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">'
                f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n{lines}</BOARD></EVENT></USEBIO>"
            )
            return _import(read_traveller_file(text.encode(), "xml"))
        elif name == "teams-spaces":
            from events.teams.setup import TeamsError, parse_teams

            try:
                parse_teams("Smith" + " " * sized(100_000, scale) + "Jones")
            except TeamsError as error:
                return f"refused: {str(error)[:70]}"
        elif name == "penalty-spaces":
            from events.standings.penalties import PenaltyError, parse_penalty

            try:
                parse_penalty("NS 1:1" + " " * sized(2_000, scale) + "slow\nplay")
            except PenaltyError as error:
                return f"refused: {str(error)[:70]}"
    except ImportProblems as problems:
        listed = problems.described()
        size = sum(len(problem) for problem in listed)
        return (
            f"refused: {len(problems.problems):,} problems, {len(listed)} listed "
            f"({size:,} characters): {listed[0][:70]}"
        )
    return "read"


def _import(parsed):
    from events.models import Club
    from events.sessions.importing import import_traveller_file

    club, _ = Club.objects.get_or_create(slug="benchmark", defaults={"name": "Benchmark club"})
    event = import_traveller_file(parsed, club=club, name="Hostile")
    boards = sum(section.boards.count() for section in event.sections.all())
    return f"imported: {boards:,} boards"


def child(name: str, scale: float) -> None:
    import django

    django.setup()
    from django.test.utils import setup_databases, teardown_databases

    databases = setup_databases(verbosity=0, interactive=False)
    try:
        start = time.perf_counter()
        outcome = run_case(name, scale)
        seconds = time.perf_counter() - start
    finally:
        teardown_databases(databases, verbosity=0)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux
    print(f"{name} (scale {scale:g}): {seconds:.2f} s, peak {peak:,.0f} MB; {outcome}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", action="append", choices=CASES)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.scale)
        return
    for name in args.case or CASES:
        subprocess.run(
            [sys.executable, __file__, "--child", name, "--scale", str(args.scale)], check=False
        )


if __name__ == "__main__":
    main()
