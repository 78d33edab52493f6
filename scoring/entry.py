"""Reading a traveller line as a director types it or copies it from a slip or another program.

Played: "4S N =", "3NTX S -2", "4H E 11", "3 NT S =", "2 C x E -1", "4SX-2 N", "4S=N", "4SN =",
"5D E X -2" (doubled after the declarer, as some slips have it), "4♠ N =" (a suit as its
symbol, black or white, as phones type them); any case.
Passed out: "PASS", "P", "AP", "ALL PASS", "PASSED OUT", "PO", "PASS N 0", "PASS - -".
A bare NS score "-100"; adjusted "A", "A=", "A+", "A+/A-", "60/40"; "NP"; a weighted score
(Law 12C1(c)) "60% 4S N = + 40% 4S N -1".
"""

import re
from dataclasses import dataclass, field
from functools import cache
from typing import cast

from scoring.adjusted import ADJUSTED_CODES
from scoring.boards import board_vulnerability, is_vulnerable
from scoring.contracts import PASS, STRAINS, Contract, contract_score, parse_contract

__all__ = [
    "Entry",
    "NeedsConfirmation",
    "parse_entry",
    "possible_ns_scores",
    "PLAYED",
    "ADJUSTED",
    "NOT_PLAYED",
    "WEIGHTED",
]

PLAYED, ADJUSTED, NOT_PLAYED, WEIGHTED = "played", "adjusted", "not_played", "weighted"
SEATS = ("N", "E", "S", "W")

# Doubled written as a multiplication sign or a star; dashes pasted from word processors; the
# suits as their symbols, black or white (U+2660-2667), with or without the variation selector
# a phone's keyboard adds to show one as an emoji (U+FE0F) or as text (U+FE0E).
_SAME_AS = str.maketrans({
    "×": "X", "*": "X", "–": "-", "—": "-", "−": "-",
    "♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C",
    "\ufe0e": None, "\ufe0f": None,
})  # fmt: skip
_RESULT = re.compile(r"^(=|[+-]\d+|\d+)$")
_BARE_SCORE = re.compile(r"^[+-]?\d+$")
_PERCENT_PAIR = re.compile(r"^(?P<ns>\d{1,3})%?/(?P<ew>\d{1,3})%?$")
_NOT_PLAYED = {"NP", "NOTPLAYED", "NOT PLAYED", "N/P"}
# Ruter writes Average as "A=", like "A+" and "A-".
_ADJUSTED_CODES = ADJUSTED_CODES  # includes Ruter's "A="

# Longer phrases first, so "PASSED OUT" is not read as "PASSED" followed by a stray word.
_PASS_PHRASES = (
    "PASSED OUT",
    "PASSEDOUT",
    "ALL PASS",
    "ALLPASS",
    "PASSED",
    "PASS",
    "AP",
    "PO",
    "P",
)
# Slips and other programs fill the declarer and tricks boxes of a pass-out with "-" or "0".
_PASS_FILLER = re.compile(r"^(?:(?:[NESW]|-+)(?: (?:0|-+))?|0)?$")

# The strain always comes straight after the level, so "3N" is 3NT and "4SN" is 4S by North.
# The One-Table Duplicate-Style Par Scoring Tally Sheet writes doubled as "4S-X".
_CONTRACT = r"(?P<level>\d+) ?(?P<strain>NT|[CDHSN])(?: ?-?(?P<double>XX|X))?"
_SEAT = r"(?P<seat>[NESW])"
_LATE_DOUBLE = r"(?: (?P<late_double>XX|X))?"  # "5D E X -2": doubled, after the declarer
_SIGNED = r"(?P<result>=|[+-]\d+)"
_ANY_RESULT = r"(?P<result>=|[+-]\d+|\d+)"
# Contract, declarer, result; or contract and result glued, then declarer ("4SX-2 N").
# A bare trick count only after the declarer: "4S 10 N" is no notation we know.
_LINE_SHAPES = (
    re.compile(rf"^{_CONTRACT} ?{_SEAT}{_LATE_DOUBLE} ?{_ANY_RESULT}$"),
    re.compile(rf"^{_CONTRACT} ?{_SIGNED} ?{_SEAT}$"),
)
_CONTRACT_ONLY = re.compile(rf"^{_CONTRACT}$")
_NO_RESULT = re.compile(rf"^{_CONTRACT} ?{_SEAT}{_LATE_DOUBLE}$")
_NO_DECLARER = re.compile(rf"^{_CONTRACT} ?{_ANY_RESULT}$")
_CONTRACT_START = re.compile(rf"^{_CONTRACT}")

_WEIGHT = re.compile(r"(?<![\d.])(\d+) ?%")
_WEIGHTED_EXAMPLE = "60% 4S N = + 40% 4S N -1"
_KIND_WORDS = {ADJUSTED: "an adjusted score", NOT_PLAYED: "a board not played"}
# Down 4 or more from a bare trick count is more often a slip's "made 4" than a real result.
_DOUBTFUL_DOWN = 4


@dataclass(frozen=True)
class Entry:
    kind: str
    ns_score: int | None = None
    contract: Contract | None = None
    declarer: str = ""
    tricks: int | None = None
    ns_percent: int | None = None
    ew_percent: int | None = None
    components: tuple[tuple[int, "Entry"], ...] = ()  # (percent, played Entry) when weighted
    # An adjusted score's codes as the director typed them ("A+/A-"), shown back as typed.
    codes: str = field(default="", compare=False)

    @property
    def is_comparable(self) -> bool:
        """Played and passed-out results count in the comparison; adjusted ones never do."""
        return self.kind == PLAYED

    @property
    def is_weighted(self) -> bool:
        return self.kind == WEIGHTED

    def __str__(self) -> str:
        if self.kind == NOT_PLAYED:
            return "Not played"
        if self.kind == ADJUSTED:
            return self.codes or f"{self.ns_percent}/{self.ew_percent}%"
        if self.kind == WEIGHTED:
            return " + ".join(f"{weight}% {entry}" for weight, entry in self.components)
        if self.contract is None:
            return f"{self.ns_score:+d}"
        if self.contract.is_pass:
            return "PASS"
        over = cast(int, self.tricks) - self.contract.tricks_needed  # played: its tricks are set
        result = "=" if over == 0 else f"{over:+d}"
        return f"{self.contract} {self.declarer} {result}"


class NeedsConfirmation(ValueError):
    """The line reads, but probably not as meant; `entry` is what saving it anyway would store."""

    def __init__(self, message: str, entry: Entry):
        super().__init__(message)
        self.entry = entry


def parse_entry(text: str, board: int, *, confirmed: bool = False) -> Entry:
    """One traveller line for `board`; a ValueError says what is wrong in the director's words.

    NeedsConfirmation (a ValueError) asks before storing a doubtful reading; pass
    confirmed=True once the director has said yes.
    """
    line = " ".join(str(text).upper().translate(_SAME_AS).split())
    if not line:
        raise ValueError("empty: type a result such as 4S N =, PASS, -100, A or NP")
    if line in _NOT_PLAYED:
        return Entry(NOT_PLAYED)
    if "%" in line and not _PERCENT_PAIR.match(line.replace(" ", "")):
        return _weighted(line, board, confirmed)
    adjusted = _adjusted(line)
    if adjusted is not None:
        return adjusted
    passed_out = _passed_out(line)
    if passed_out is not None:
        return passed_out
    if _BARE_SCORE.match(line):
        return _bare_score(int(line), board)
    return _contract_line(line, board, confirmed)


def _adjusted(line: str) -> Entry | None:
    compact = line.replace(" ", "")
    if compact in _ADJUSTED_CODES:
        percent = _ADJUSTED_CODES[compact]
        return Entry(ADJUSTED, ns_percent=percent, ew_percent=percent, codes=compact)
    if "/" not in compact:
        return None
    match = _PERCENT_PAIR.match(compact)
    codes = ""
    if match:
        ns, ew = int(match["ns"]), int(match["ew"])
    else:
        ns_code, _, ew_code = compact.partition("/")
        if ns_code not in _ADJUSTED_CODES or ew_code not in _ADJUSTED_CODES:
            raise ValueError(f"{line}: adjusted scores are A, A+, A-, A+/A- (NS/EW) or 60/40")
        ns, ew, codes = _ADJUSTED_CODES[ns_code], _ADJUSTED_CODES[ew_code], compact
    if not (0 <= ns <= 100 and 0 <= ew <= 100):
        raise ValueError(f"{line}: adjusted percentages must be 0-100")
    return Entry(ADJUSTED, ns_percent=ns, ew_percent=ew, codes=codes)


def _passed_out(line: str) -> Entry | None:
    for phrase in _PASS_PHRASES:
        if line == phrase or line.startswith(phrase + " "):
            if not _PASS_FILLER.match(line[len(phrase) :].strip()):
                raise ValueError("a passed-out board has no declarer or result: type PASS")
            return Entry(PLAYED, ns_score=0, contract=PASS)
    return None


def _bare_score(score: int, board: int) -> Entry:
    if score not in possible_ns_scores(board_vulnerability(board)):
        raise ValueError(f"{score:+d} is not a possible NS score on board {board}")
    return Entry(PLAYED, ns_score=score)


def _contract_line(line: str, board: int, confirmed: bool) -> Entry:
    for shape in _LINE_SHAPES:
        match = shape.match(line)
        if match:
            return _played(match, board, confirmed)
    raise _missing_part(line) or _wrong_shape(line)


def _played(match: re.Match, board: int, confirmed: bool) -> Entry:
    contract, seat, result = _contract_of(match), match["seat"], match["result"]
    tricks = _tricks(contract, result)
    score = contract_score(contract, is_vulnerable(board, seat), tricks)
    entry = Entry(PLAYED, score if seat in ("N", "S") else -score, contract, seat, tricks)
    if result.isdigit() and not confirmed and contract.tricks_needed - tricks >= _DOUBTFUL_DOWN:
        raise NeedsConfirmation(_doubt(contract, seat, tricks, score), entry)
    return entry


def _doubt(contract: Contract, seat: str, tricks: int, declarer_score: int) -> str:
    down = contract.tricks_needed - tricks
    words = "trick" if tricks == 1 else "tricks"
    said = f"{contract} {seat} {tricks}: {tricks} {words} is down {down} ({declarer_score:+d})."
    # The one-table tally sheet's "Md" column writes the level made: 4S making 4 is "4".
    if contract.level <= tricks <= 7:
        over = tricks - contract.level
        meant = f"{contract} {seat} {'=' if over == 0 else f'+{over}'}"
        return f"{said} If you meant made {tricks}, type {meant}."
    # How to confirm is the caller's to say (Enter again on a traveller, a tick on an import).
    return f"{said} Check the slip."


def _contract_of(match: re.Match) -> Contract:
    late = match.groupdict().get("late_double")
    if late and match["double"]:
        raise ValueError(f"{match[0]}: doubled twice; write the X once, e.g. 5DX E -2")
    return parse_contract(f"{match['level']}{match['strain']}{match['double'] or late or ''}")


def _missing_part(line: str) -> ValueError | None:
    """The error for a contract that lacks its declarer, its result or both."""
    if match := _CONTRACT_ONLY.match(line):
        return ValueError(
            f"{line}: add the declarer and the result, e.g. {_contract_of(match)} N ="
        )
    if match := _NO_RESULT.match(line):
        _contract_of(match)
        return ValueError(f"{line}: add the result, e.g. {line} = or {line} -1")
    if match := _NO_DECLARER.match(line):
        contract = _contract_of(match)
        # No guessing: the declaring side decides both the sign and the vulnerability.
        hint = f" ({match['level']}N is {contract})" if match["strain"] == "N" else ""
        return ValueError(
            f"{line}: add the declarer (N, E, S or W), e.g. {contract} N {match['result']}; "
            f"the declarer's side decides the sign and the vulnerability{hint}"
        )
    return None


def _wrong_shape(line: str) -> ValueError:
    """The error for a line in no shape we read, naming the first part that is wrong."""
    start = _CONTRACT_START.match(line)
    if start is None:
        parse_contract(line.split(" ")[0])  # raises: not a contract, or level out of range
    else:
        contract = _contract_of(start)
        rest = line[start.end() :].split()
        if len(rest) == 2 and rest[0].isdigit() and rest[1] in SEATS:
            # A bare count before the declarer is no notation we know of; "4S -1 N" is.
            example = f"{contract} {rest[1]} {rest[0]}"
            return ValueError(f"{line}: write the declarer before the tricks, e.g. {example}")
        if len(rest) == 2 and rest[0] not in SEATS:
            return ValueError(f"declarer {rest[0]!r}: must be N, E, S or W")
        if len(rest) == 2:
            return ValueError(f"result {rest[1]!r}: use =, +1, -2 or the tricks taken (0-13)")
    return ValueError(f"{line}: write contract, declarer, result, e.g. 4S N = or 3NTX S -2")


def _tricks(contract: Contract, result: str) -> int:
    if not _RESULT.match(result):
        raise ValueError(f"result {result!r}: use =, +1, -2 or the tricks taken (0-13)")
    if result == "=":
        tricks = contract.tricks_needed
    elif result[0] in "+-":
        tricks = contract.tricks_needed + int(result)
    else:
        tricks = int(result)
        if tricks > 13:
            raise ValueError(f"{tricks} tricks: there are only 13")
        return tricks
    if tricks > 13:
        raise ValueError(f"{contract} {result}: declarer cannot take {tricks} tricks")
    if tricks < 0:
        raise ValueError(f"{contract} {result}: down {contract.tricks_needed} is the most")
    return tricks


def _weighted(line: str, board: int, confirmed: bool) -> Entry:
    """Law 12C1(c): an adjusted score weighted between results that might have happened."""
    components, doubts = [], []
    for weight, text in _weighted_parts(line):
        try:
            entry = parse_entry(text, board, confirmed=confirmed)
        except NeedsConfirmation as doubt:
            entry = doubt.entry
            doubts.append(f"{weight}% {doubt}")
        except ValueError as error:
            raise ValueError(f"{weight}% {text}: {error}") from None
        if entry.kind != PLAYED:
            raise ValueError(
                f"{weight}% {text}: only played results (a contract line or an NS score) "
                f"can be weighted; {text} is {_KIND_WORDS[entry.kind]}"
            )
        components.append((weight, entry))
    weighted = Entry(WEIGHTED, components=tuple(components))
    if doubts:
        raise NeedsConfirmation(" ".join(doubts), weighted)
    return weighted


def _weighted_parts(line: str) -> list[tuple[int, str]]:
    if re.search(r"\d[.,]\d+ ?%", line):
        raise ValueError(f"{line}: weights are whole percents, e.g. {_WEIGHTED_EXAMPLE}")
    head, *pieces = _WEIGHT.split(line)
    if head.strip(" +,;"):
        raise ValueError(f"{line}: start each part with its weight, e.g. {_WEIGHTED_EXAMPLE}")
    parts = []
    for weight, body in zip(pieces[::2], pieces[1::2], strict=True):
        # "+", "," or ";" join the parts; "60% of 4S N =" reads as spoken.
        text = re.sub(r"^ ?(OF )?| ?[+,;]? ?$", "", body)
        if not text:
            raise ValueError(f"{weight}%: of which result? e.g. {weight}% 4S N =")
        parts.append((int(weight), text))
    _check_weights(line, [weight for weight, _ in parts])
    return parts


def _check_weights(line: str, weights: list[int]) -> None:
    if len(weights) < 2:
        raise ValueError(
            f"{line}: a weighted score has two or more parts, e.g. {_WEIGHTED_EXAMPLE}"
        )
    for weight in weights:
        if not 1 <= weight <= 99:
            raise ValueError(f"{weight}%: each weight must be 1-99%")
    if sum(weights) != 100:
        raise ValueError(f"{line}: the weights add up to {sum(weights)}%, not 100%")


@cache
def possible_ns_scores(vulnerability: str) -> frozenset[int]:
    """Every NS score any contract, doubling and trick count can give at this vulnerability."""
    ns_vulnerable = vulnerability in ("NS", "Both")
    ew_vulnerable = vulnerability in ("EW", "Both")
    scores = {0}
    for level in range(1, 8):
        for strain in STRAINS:
            for doubled in range(3):
                contract = Contract(level, strain, doubled)
                for tricks in range(14):
                    scores.add(contract_score(contract, ns_vulnerable, tricks))
                    scores.add(-contract_score(contract, ew_vulnerable, tricks))
    return frozenset(scores)
