"""Contracts and their duplicate scores (Law 77)."""

import re
from dataclasses import dataclass

__all__ = ["Contract", "parse_contract", "contract_score", "STRAINS"]

STRAINS = ("C", "D", "H", "S", "NT")
DOUBLINGS = ("", "X", "XX")

_CONTRACT = re.compile(r"^(?P<level>\d+)(?P<strain>NT|N|S|H|D|C)(?P<double>XX|X)?$")
_PASS_WORDS = {"PASS", "PASSED", "P"}

# Law 77: trick values per odd trick bid and made.
_TRICK_VALUE = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}


@dataclass(frozen=True)
class Contract:
    level: int  # 0 only for a passed-out board
    strain: str = ""
    doubled: int = 0  # 0 undoubled, 1 doubled, 2 redoubled

    @property
    def is_pass(self) -> bool:
        return self.level == 0

    @property
    def tricks_needed(self) -> int:
        return 6 + self.level

    def __str__(self) -> str:
        if self.is_pass:
            return "PASS"
        return f"{self.level}{self.strain}{DOUBLINGS[self.doubled]}"


PASS = Contract(level=0)


def parse_contract(text: str) -> Contract:
    """Read "4S", "3NT", "3n", "4SX", "7NT XX" or "PASS" into a Contract."""
    if not isinstance(text, str):
        raise ValueError(f"contract {text!r} is not text")
    compact = re.sub(r"\s+", "", text).upper()
    if compact in _PASS_WORDS:
        return PASS
    if not compact:
        raise ValueError("contract is empty: give e.g. 4S, 3NTX or PASS")
    match = _CONTRACT.match(compact)
    if match is None:
        raise ValueError(
            f"{text.strip()}: not a contract (level 1-7, then C, D, H, S or NT, then X or XX)"
        )
    level = int(match["level"])
    if not 1 <= level <= 7:
        raise ValueError(f"{compact}: level must be 1-7")
    strain = "NT" if match["strain"] in ("N", "NT") else match["strain"]
    doubled = DOUBLINGS.index(match["double"] or "")
    return Contract(level=level, strain=strain, doubled=doubled)


def contract_score(contract: "str | Contract", vulnerable: bool, tricks: int) -> int:
    """The declaring side's duplicate score when declarer took `tricks` tricks (0-13)."""
    if isinstance(contract, str):
        contract = parse_contract(contract)
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise ValueError(f"tricks must be a whole number 0-13, got {tricks!r}")
    if contract.is_pass:
        return 0
    if tricks >= contract.tricks_needed:
        return _made(contract, vulnerable, tricks - contract.tricks_needed)
    return -_undertrick_penalty(contract, vulnerable, contract.tricks_needed - tricks)


def _made(contract: Contract, vulnerable: bool, overtricks: int) -> int:
    multiplier = (1, 2, 4)[contract.doubled]
    trick_points = _TRICK_VALUE[contract.strain] * contract.level
    if contract.strain == "NT":
        trick_points += 10  # the first notrump trick is worth 40
    trick_points *= multiplier

    score = trick_points
    if trick_points >= 100:
        score += 500 if vulnerable else 300
    else:
        score += 50
    if contract.level == 6:
        score += 750 if vulnerable else 500
    elif contract.level == 7:
        score += 1500 if vulnerable else 1000
    score += (0, 50, 100)[contract.doubled]  # the "insult"

    if contract.doubled:
        per_overtrick = (200 if vulnerable else 100) * contract.doubled
    else:
        per_overtrick = _TRICK_VALUE[contract.strain]
    return score + overtricks * per_overtrick


def _undertrick_penalty(contract: Contract, vulnerable: bool, down: int) -> int:
    if not contract.doubled:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        doubled = 200 + 300 * (down - 1)
    else:
        # Not vulnerable doubled: 100 for the first, 200 for the 2nd and 3rd, 300 after.
        doubled = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return doubled * contract.doubled
