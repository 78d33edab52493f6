"""PBN 2.1 results files: read another program's event (events.formats.pbn_write writes a
session for others to read).

A results PBN has one game per board: its [Board], [Dealer], [Vulnerable] and [Deal] tags,
and either a [ScoreTable "..."] of every table's result or, in one-result files, a game per
table with [Contract], [Declarer] and [Result] (tricks) and the players in [North], [South],
[East] and [West]. [TotalScoreTable "..."] lists the pairs (PairId, Direction, Names) and
their totals. A table's header names its columns, each `Name\\widthAlign` (PBN 2.1 section
5.4); its rows follow, values separated by spaces, strings in quotes, "-" for none.
[OptimumScore] and double-dummy tables are ignored: Clubscore works par out itself.

Tags are read by events.handrecords.pbn (the hand-record reader), which keeps line numbers,
so every problem names its line.
"""

import datetime
import re
from collections.abc import Iterator

from events.core.limits import MAX_RESULTS, quoted, too_many_results
from events.formats import ImportProblems, Place, TravellerFile, TravellerLine, board_number
from events.handrecords.pbn import PBNError, Tag, read_games
from scoring import board_dealer, board_vulnerability
from scoring.adjusted import ADJUSTED_CODES
from scoring.domain import Direction, Method, MovementKind

__all__ = ["read_pbn_results"]

# PBN 2.1 section 3.4.13: the Scoring tag; "IMP" in a pairs event is IMPs across the field.
_SCORING = {"mp": Method.MATCHPOINTS, "matchpoints": Method.MATCHPOINTS, "imp": Method.CROSS_IMPS,
            "cross-imps": Method.CROSS_IMPS, "butler": Method.BUTLER}  # fmt: skip
_VULNERABILITY = {"none": "None", "love": "None", "-": "None", "ns": "NS", "ew": "EW",
                  "all": "Both", "both": "Both"}  # fmt: skip
_VALUE = re.compile(r'"([^"]*)"|(\S+)')
_PAIR_ID = re.compile(r"^(?P<before>NS|EW)?(?P<number>\d{1,5})(?P<after>NS|EW)?$")
_PASS = {"PASS", "P", "AP", "ALLPASS"}
_NUMBERED_PAIR = re.compile(r"^\D*?(\d{1,5})$")
_NONE = {"", "-", "?"}

# A one-result game's side as the file names it: (section, player, player).
_Side = tuple[str, str, str]
# A partnership whichever seat each player took: (section, {player, player}).
_Partnership = tuple[str, frozenset[str]]


def read_pbn_results(data: bytes) -> TravellerFile:
    """The event a results PBN describes; ImportProblems names the line of each problem."""
    reader = _Reader()
    previous: dict[str, Tag] = {}
    try:
        for game in read_games(_decode(data)):
            tags = {}
            for tag in game:
                name = tag.name.lower()
                # PBN 2.1 section 3.4: a tag value "#" repeats the previous game's value.
                tags[name] = previous.get(name, tag) if tag.value == "#" else tag
            previous = tags
            reader.read_game(tags)
            if len(reader.file.lines) > MAX_RESULTS:  # stop reading: no session has this many
                place = game[0].line
                raise ImportProblems(
                    [(place, f"the file is too big for a session: {too_many_results()}")]
                )
    except PBNError as error:
        problems: list[tuple[Place, str]] = []
        for problem in error.problems:
            line = re.match(r"line (\d+): (.*)", problem, re.DOTALL)
            problems.append((int(line[1]), line[2]) if line else (1, problem))
        raise ImportProblems(problems) from None
    return reader.finished()


def _whole(text: str) -> bool:
    """Digits int() reads: isdigit() alone admits "²"."""
    return text.isascii() and text.isdigit()


def _decode(data: bytes) -> str:
    """PBN 2.1 section 2 says ISO 8859-1, but Windows programs write Windows-1252, whose
    quotes and dashes ISO 8859-1 would read as invisible control characters ("O’Brien")."""
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


class _Reader:
    def __init__(self):
        self.file = TravellerFile(lines=[], source="PBN")
        self.directions: set[str] = set()
        # index in file.lines -> [NS side, EW side], numbered when the file is read
        self.one_result_pairs: dict[int, list[_Side]] = {}
        self.totals_seen = False

    def read_game(self, tags: dict[str, Tag]) -> None:
        for name in ("event", "date", "scoring"):
            if name in tags:
                self._event_tag(name, tags[name])
        section = _value(tags, "section").upper() or "A"
        if "totalscoretable" in tags:
            self._totals(tags["totalscoretable"], section)
        if "board" not in tags:
            return
        board = self._board(tags)
        if board is None:
            return
        if "scoretable" in tags:
            self._score_table(tags["scoretable"], board, section)
        elif _value(tags, "contract") not in _NONE or _value(tags, "result") not in _NONE:
            self._one_result(tags, board, section)

    def _problem(self, place: Place, message: str) -> None:
        self.file.problems.append((place, message))

    def _event_tag(self, name: str, tag: Tag) -> None:
        value = tag.value.strip()
        if name == "event" and value and not self.file.event_name:
            self.file.event_name = value
        elif name == "date" and value and self.file.date is None:
            try:  # PBN 2.1 section 3.3: "2013.08.01"; "??" for what is not known
                self.file.date = datetime.datetime.strptime(value, "%Y.%m.%d").date()
                self.file.date_place = tag.line
            except ValueError:
                pass
        elif name == "scoring" and value and self.file.scoring is None:
            self.file.scoring = _SCORING.get(value.split(";")[0].strip().lower())

    def _board(self, tags: dict[str, Tag]) -> int | None:
        tag = tags["board"]
        board = board_number(tag.value)
        if board is None:
            self._problem(
                tag.line, f"the Board tag must be a board number, got {quoted(tag.value)}"
            )
            return None
        vulnerable = _value(tags, "vulnerable")
        if vulnerable and _VULNERABILITY.get(vulnerable.lower()) != board_vulnerability(board):
            self._problem(
                tags["vulnerable"].line,
                f"board {board} is vulnerable "
                f"{board_vulnerability(board)} by its number, not {vulnerable}: "
                "Clubscore scores a board by its number",
            )
        dealer = _value(tags, "dealer").upper()
        if dealer and dealer != board_dealer(board):
            self._problem(
                tags["dealer"].line,
                f"board {board} is dealt by {board_dealer(board)} by its number, not {dealer}",
            )
        deal = _value(tags, "deal")
        if deal:
            known = self.file.deals.setdefault(board, deal)
            self.file.deal_places.setdefault(board, tags["deal"].line)
            if known != deal:
                self._problem(
                    tags["deal"].line,
                    f"board {board} is dealt differently on line {self.file.deal_places[board]}",
                )
        return board

    def _score_table(self, tag: Tag, board: int, section: str) -> None:
        for line, row in _rows(tag, self):
            if _sit_out(row):
                continue  # Ruter's row for the phantom's table: a pair sat out, nothing played
            ns, ew = _pair_id(row.get("pairid_ns")), _pair_id(row.get("pairid_ew"))
            if ns is None or ew is None:
                got = f"{quoted(row.get('pairid_ns'))} and {quoted(row.get('pairid_ew'))}"
                self._problem(line, f"a ScoreTable row needs PairId_NS and PairId_EW, got {got}")
                continue
            text = _result_text(row)
            where = (row.get("section") or section).upper()
            self.file.lines.append(TravellerLine(line, where, board, ns, ew, text))
            for seat, pair in (("ns", ns), ("ew", ew)):
                # BridgeComposer names the pairs on each row: "Alfa-Bravo".
                names = row.get(f"names_{seat}", "")
                if names not in _NONE:
                    key = (where, pair[0], pair[1] or seat.upper())
                    self.file.names.setdefault(key, _split_names(names))

    def _one_result(self, tags: dict[str, Tag], board: int, section: str) -> None:
        line = tags.get("contract", tags["board"]).line
        text = _result_text(
            {name: _value(tags, name) for name in ("contract", "declarer", "result")}
        )
        seats = {seat: _value(tags, seat) for seat in ("north", "south", "east", "west")}
        if not all(seats.values()):
            self._problem(
                line, "a game with a result needs the players' names in North, South, East and West"
            )
            return
        self.file.lines.append(TravellerLine(line, section, board, (0, ""), (0, ""), text))
        ns = (section, seats["north"], seats["south"])
        ew = (section, seats["east"], seats["west"])
        self.one_result_pairs[len(self.file.lines) - 1] = [ns, ew]

    def _totals(self, tag: Tag, section: str) -> None:
        self.totals_seen = True
        for line, row in _rows(tag, self):
            pair = _pair_id(row.get("pairid"))
            if pair is None:
                self._problem(
                    line, f"a TotalScoreTable row needs a PairId, got {row.get('pairid')!r}"
                )
                continue
            direction = (row.get("direction") or "").upper().replace("-", "")
            direction = direction if direction in (Direction.NS, Direction.EW) else pair[1]
            self.directions.add(direction)
            where = (row.get("section") or section).upper()
            self.file.names[(where, pair[0], direction)] = _split_names(row.get("names", ""))

    def finished(self) -> TravellerFile:
        if self.one_result_pairs:
            self._number_one_result_pairs()
        if self.totals_seen and not self.file.movement:
            # Directions in the totals: two fields (a Mitchell); none: one field (a Howell).
            two_fields = self.directions & {Direction.NS, Direction.EW}
            self.file.movement = MovementKind.MITCHELL if two_fields else MovementKind.HOWELL
        if not self.file.lines and not self.file.problems:
            self._problem(
                1,
                "the file has no results: a results PBN has a ScoreTable, or "
                "Contract, Declarer and Result, for each board",
            )
        return self.file

    def _number_one_result_pairs(self) -> None:
        """One-result files name players, not pairs: each partnership is a pair, numbered in
        the file's order; when no partnership sits both ways, NS and EW are numbered apart.
        A side whose two "players" are one name ending in a number ("Para-12", as PbnTools
        writes JFR's pairs) is that numbered pair."""
        sides: dict[str, dict[_Partnership, _Side]] = {Direction.NS: {}, Direction.EW: {}}
        for ns, ew in self.one_result_pairs.values():
            sides[Direction.NS].setdefault(_partnership(ns), ns)
            sides[Direction.EW].setdefault(_partnership(ew), ew)
        howell = bool(sides[Direction.NS].keys() & sides[Direction.EW].keys())
        every_side = [names for found in sides.values() for names in found.values()]
        numbered = all(
            _NUMBERED_PAIR.match(names[1]) and names[1] == names[2] for names in every_side
        )
        numbers: dict[_Partnership, tuple[int, str]] = {}
        counts = {Direction.NS: 0, Direction.EW: 0, "": 0}
        for direction, found in sides.items():
            direction = "" if howell else direction
            for key, names in found.items():
                if key in numbers:
                    continue
                counts[direction] += 1
                # every name matches when `numbered`
                number = _NUMBERED_PAIR.match(names[1]) if numbered else None
                if number:
                    numbers[key] = (int(number[1]), direction)
                else:
                    numbers[key] = (counts[direction], direction)
                    self.file.names[(names[0], *numbers[key])] = (names[1], names[2])
        self.file.movement = MovementKind.HOWELL if howell else MovementKind.MITCHELL
        for index, (ns, ew) in self.one_result_pairs.items():
            line = self.file.lines[index]
            line.ns, line.ew = numbers[_partnership(ns)], numbers[_partnership(ew)]


def _partnership(side: _Side) -> _Partnership:
    return (side[0], frozenset(side[1:]))


def _value(tags: dict[str, Tag], name: str) -> str:
    return tags[name].value.strip() if name in tags else ""


def _columns(header: str) -> list[str]:
    """Column names of a table tag, lowercased: "MP_NS\\4R" is MP_NS (PBN 2.1 section 5.4)."""
    return [part.split("\\")[0].strip().lstrip("+-").lower() for part in header.split(";")]


def _rows(tag: Tag, reader: _Reader) -> Iterator[tuple[int, dict[str, str]]]:
    """(line, {column: value}) for each row of a table; a row that does not fit its header
    is a problem on its line."""
    columns = _columns(tag.value)
    for line, text in tag.rows:
        values = [value[1] if value[1] is not None else value[2] for value in _VALUE.finditer(text)]
        if len(values) > len(columns) and columns[-1] == "names":
            # unquoted names with spaces, in the last column
            values[len(columns) - 1 :] = [" ".join(values[len(columns) - 1 :])]
        if len(values) != len(columns):
            reader._problem(
                line,
                f"the {tag.name} header has {len(columns)} columns "
                f"({tag.value}); this row has {len(values)}",
            )
            continue
        yield line, dict(zip(columns, values, strict=True))


def _pair_id(value: str | None) -> tuple[int, str] | None:
    match = _PAIR_ID.match((value or "").strip().upper())
    if match is None or int(match["number"]) == 0 or (match["before"] and match["after"]):
        return None
    return int(match["number"]), match["before"] or match["after"] or ""


def _sit_out(row: dict) -> bool:
    """A ScoreTable row of a table where a pair sat out: Ruter writes the phantom's pair as
    "-" and the score as "Bye" ("3 3 - 2 - - - - "Bye" "Bye" - 1.9 - 47")."""
    pairs = (row.get("pairid_ns") or "").strip(), (row.get("pairid_ew") or "").strip()
    scores = {(row.get(name) or "").strip().upper() for name in ("score_ns", "score_ew")}
    return any(pair in _NONE for pair in pairs) and (scores <= _NONE | _BYE)


_BYE = {"BYE", "SITOUT", "SIT-OUT"}
# An artificial score for one side, as Ruter writes it in Score_NS / Score_EW: "A+", "A-",
# "A=" (average), or the percentage itself, "A60".
_SIDE_PERCENT = re.compile(r"^A(\d{1,3})$")


def _adjusted_text(row: dict) -> str | None:
    """An artificial score given side by side, as "NS/EW" percentages, or None.

    Ruter writes each side's award in its own column (Score_NS "A=", Score_EW "A+": NS 50%,
    EW 60%); where one column alone names an award, the row's Percentage_NS and
    Percentage_EW say what each side got. Reading only Score_NS gave both sides its award."""
    sides = []
    for name in ("score_ns", "score_ew"):
        value = (row.get(name) or "").strip().upper().replace(" ", "")
        match = _SIDE_PERCENT.match(value)
        sides.append(int(match[1]) if match else ADJUSTED_CODES.get(value))
    if sides[0] is None and sides[1] is None:
        return None
    if None in sides:
        shown = [_percentage(row.get(name)) for name in ("percentage_ns", "percentage_ew")]
        if None not in shown:
            return f"{shown[0]}/{shown[1]}"
        (known,) = [side for side in sides if side is not None]
        sides = [known, known]  # one code for both, as a director types "A+"
    return f"{sides[0]}/{sides[1]}"


def _percentage(value) -> int | None:
    text = (value or "").strip()
    return int(text) if text.isdigit() and 0 <= int(text) <= 100 else None


def _result_text(row: dict) -> str:
    """The traveller line as scoring.parse_entry reads it, from a table row or tags."""
    contract = (row.get("contract") or "").strip()
    if contract.upper().replace(" ", "") in _PASS:
        return "PASS"
    adjusted = _adjusted_text(row)
    if adjusted and contract.upper() in _NONE | set(ADJUSTED_CODES):
        return adjusted
    declarer, tricks = (row.get("declarer") or "").strip(), (row.get("result") or "").strip()
    if contract not in _NONE:
        played = [part for part in (contract, declarer, tricks) if part not in _NONE]
        return " ".join(played)  # an adjusted score, NP or a weighted score stands alone
    ns, ew = (row.get("score_ns") or "").strip(), (row.get("score_ew") or "").strip()
    if ns not in _NONE:
        return ns
    if ew not in _NONE and _whole(ew.lstrip("-")):
        return str(-int(ew))
    return contract or "-"  # parse_entry explains what is missing


def _split_names(names: str) -> tuple[str, str]:
    for separator in (" - ", " & ", " and ", "-", "&"):
        if separator in names:
            first, second = names.split(separator, 1)
            return first.strip(), second.strip()
    return names.strip(), ""
