"""Reading a traveller line as a director types it: "4S N =", "3NTX S -2", "4H E 11", "PASS",
a bare NS score such as "-100", an adjusted score ("A", "A+", "A+/A-", "60/40") or "NP".
"""

import re
from dataclasses import dataclass
from functools import cache

from scoring.adjusted import ADJUSTED_CODES
from scoring.boards import board_vulnerability, is_vulnerable
from scoring.contracts import DOUBLINGS, STRAINS, Contract, contract_score, parse_contract

__all__ = ["Entry", "parse_entry", "possible_ns_scores", "PLAYED", "ADJUSTED", "NOT_PLAYED"]

PLAYED, ADJUSTED, NOT_PLAYED = "played", "adjusted", "not_played"
SEATS = ("N", "E", "S", "W")

_RESULT = re.compile(r"^(=|[+-]\d+|\d+)$")
_SEAT_AND_RESULT = re.compile(r"^(?P<seat>[NESW])(?P<result>=|[+-]\d+|\d+)$")
_BARE_SCORE = re.compile(r"^[+-]?\d+$")
_PERCENT_PAIR = re.compile(r"^(?P<ns>\d{1,3})%?/(?P<ew>\d{1,3})%?$")
_NOT_PLAYED = {"NP", "NOTPLAYED", "NOT PLAYED", "N/P"}


@dataclass(frozen=True)
class Entry:
    kind: str
    ns_score: int | None = None
    contract: Contract | None = None
    declarer: str = ""
    tricks: int | None = None
    ns_percent: int | None = None
    ew_percent: int | None = None

    @property
    def is_comparable(self) -> bool:
        """Played and passed-out results count in the comparison; adjusted ones never do."""
        return self.kind == PLAYED

    def __str__(self) -> str:
        if self.kind == NOT_PLAYED:
            return "Not played"
        if self.kind == ADJUSTED:
            return f"{self.ns_percent}/{self.ew_percent}%"
        if self.contract is None:
            return f"{self.ns_score:+d}"
        if self.contract.is_pass:
            return "PASS"
        over = self.tricks - self.contract.tricks_needed
        result = "=" if over == 0 else f"{over:+d}"
        return f"{self.contract} {self.declarer} {result}"


def parse_entry(text: str, board: int) -> Entry:
    """One traveller line for `board`; a ValueError says what is wrong in the director's words."""
    line = " ".join(str(text).upper().split())
    if not line:
        raise ValueError("empty: type a result such as 4S N =, PASS, -100, A or NP")
    if line in _NOT_PLAYED:
        return Entry(NOT_PLAYED)
    adjusted = _adjusted(line)
    if adjusted is not None:
        return adjusted
    if _BARE_SCORE.match(line):
        return _bare_score(int(line), board)
    return _contract_line(line, board)


def _adjusted(line: str) -> Entry | None:
    compact = line.replace(" ", "")
    if compact in ADJUSTED_CODES:
        percent = ADJUSTED_CODES[compact]
        return Entry(ADJUSTED, ns_percent=percent, ew_percent=percent)
    if "/" not in compact:
        return None
    match = _PERCENT_PAIR.match(compact)
    if match:
        ns, ew = int(match["ns"]), int(match["ew"])
    else:
        ns_code, _, ew_code = compact.partition("/")
        if ns_code not in ADJUSTED_CODES or ew_code not in ADJUSTED_CODES:
            raise ValueError(f"{line}: adjusted scores are A, A+, A-, A+/A- (NS/EW) or 60/40")
        ns, ew = ADJUSTED_CODES[ns_code], ADJUSTED_CODES[ew_code]
    if not (0 <= ns <= 100 and 0 <= ew <= 100):
        raise ValueError(f"{line}: adjusted percentages must be 0-100")
    return Entry(ADJUSTED, ns_percent=ns, ew_percent=ew)


def _bare_score(score: int, board: int) -> Entry:
    if score not in possible_ns_scores(board_vulnerability(board)):
        raise ValueError(f"{score:+d} is not a possible NS score on board {board}")
    return Entry(PLAYED, ns_score=score)


def _contract_line(line: str, board: int) -> Entry:
    words = line.split(" ")
    if len(words) == 2:
        attached = _SEAT_AND_RESULT.match(words[1])
        if attached:
            words = [words[0], attached["seat"], attached["result"]]
    if len(words) == 1:
        contract = parse_contract(words[0])  # raises for anything that is not a contract
        if contract.is_pass:
            return Entry(PLAYED, ns_score=0, contract=contract)
        raise ValueError(f"{line}: add the declarer and the result, e.g. {contract} N =")
    if len(words) == 2 and words[1] in SEATS:
        raise ValueError(f"{line}: add the result, e.g. {line} = or {line} -1")
    if len(words) == 2:
        parse_contract(" ".join(words))  # 3NT X, 4S XX
        raise ValueError(f"{line}: add the declarer and the result, e.g. {words[0]} N =")
    if len(words) == 4 and words[1] in DOUBLINGS:
        words = [words[0] + words[1], words[2], words[3]]
    if len(words) != 3:
        raise ValueError(f"{line}: write contract, declarer, result, e.g. 4S N = or 3NTX S -2")
    contract_text, seat, result = words
    contract = parse_contract(contract_text)
    if contract.is_pass:
        raise ValueError("a passed-out board has no declarer or result: type PASS")
    if seat not in SEATS:
        raise ValueError(f"declarer {seat!r}: must be N, E, S or W")
    tricks = _tricks(contract, result)
    score = contract_score(contract, is_vulnerable(board, seat), tricks)
    ns_score = score if seat in ("N", "S") else -score
    return Entry(PLAYED, ns_score, contract, seat, tricks)


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
