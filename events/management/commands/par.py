import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from events.handrecords.analysis import analyse
from events.handrecords.pbn import PBNError, read_pbn
from scoring import Par

_STRAINS = ("C", "D", "H", "S", "NT")


class Command(BaseCommand):
    help = (
        "Analyse every deal of a PBN hand record double dummy and print each board's trick "
        "table and par (Pavlicek's Par Score Calculation); --json prints a list of "
        '{"board", "dd", "par_score", "par_contracts"}.'
    )

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path, help="a PBN file with [Board] and [Deal] tags")
        parser.add_argument("--json", action="store_true", help="print JSON instead of text")

    def handle(self, *args, **options):
        path = options["file"]
        try:
            records = read_pbn(path.read_text(encoding="utf-8-sig"))
        except OSError as error:
            raise CommandError(f"cannot read {path}: {error.strerror}") from None
        except UnicodeDecodeError:
            raise CommandError(f"{path} is not UTF-8 text") from None
        except PBNError as error:
            raise CommandError(f"{path}: {error}") from None
        # Every board is solved before anything is printed: no half a report.
        boards = analyse(records)
        if options["json"]:
            keys = ("board", "dd", "par_score", "par_contracts")
            document = [{key: board[key] for key in keys} for board in boards]
            self.stdout.write(json.dumps(document, indent=2))
            return
        self.stdout.write("\n\n".join(_board_text(board) for board in boards))


def _board_text(board: dict) -> str:
    lines = [
        f"Board {board['board']}  Vul {board['vulnerability']}",
        "     " + "".join(f"{strain:>3}" for strain in _STRAINS),
    ]
    for seat, tricks in board["dd"].items():
        lines.append(f"  {seat}  " + "".join(f"{tricks[strain]:>3}" for strain in _STRAINS))
    par = Par(board["par_score"], tuple(board["par_contracts"]))
    lines.append(f"Par: {par}")
    return "\n".join(lines)
