"""Cliff Hancock's HCP-par points for one table, from the declaring side's view: his article
*How to score duplicate style in a one table situation*.

Each contract type has a range of high-card points for which it should be made:

    part score 21-23, game 25-28, small slam 31-33 (minors) / 32-34 (majors) / 33-35 (NT),
    grand slam 36-40; overtricks count +1 each up to 1, 2, 1 and 0 respectively.

A game contract is one worth a game bonus in duplicate (3NT, 4H/4S, 5C/5D and any higher
non-slam contract); a part score is anything below. Points for the declaring side:

- made with fewer HCP than the range: + (lower bound - HCP); every undertrick: -1;
- more HCP than the range: - (HCP - upper bound), made or not (Hancock: "2 diamonds made 6
  tricks with 24 HCP scores -1 (24 HCP) - 2 = -3");
- a failing contract with fewer than 20 HCP (a sacrifice): +1 per HCP under 20, at most the
  contract's level;
- in a trump contract only: -1 when one hand holds 7+ trumps, -1 per side-suit void.

Where the article is silent or leaves the choice open, Clubscore decides:

- The fewer-points bonus is for made contracts only. The article's sacrifice examples say so:
  "3 spades made 7 tricks with 16 HCP scores -2 (undertricks) +3 (16 HCP) = +1" adds no bonus
  for being 5 under the part-score range, nor do its 5H and 6H examples.
- The trump adjustments apply whether the contract makes or not ("any declaring side which has
  one hand with 7 or more cards in the trump suit scores -1"); in no trumps they are ignored,
  so callers may pass the hands' shape without looking at the strain.
- `side_voids` counts the voids of both hands in the non-trump suits (0-6).
- The article says doubling, redoubling and vulnerability "can all be catered for" without saying
  how, so each is a club option (`doubled_rule`, `vulnerable_rule`), off by default:
  - doubled_rule "ignore": X and XX change nothing (every example of the article is undoubled);
    "into-game": a doubled or redoubled part score whose doubled trick value reaches 100 is a
    game contract (range 25-28, two overtricks), as it earns a game bonus in duplicate - the
    article's "doubling into game"; "multiply": as "into-game", and each counted overtrick and
    each undertrick weighs 2 doubled and 4 redoubled, Law 77's multipliers of trick values.
  - vulnerable_rule "ignore": vulnerability changes nothing; "double-undertricks": a vulnerable
    declaring side's undertricks weigh twice as much, as undoubled undertricks cost 100 instead
    of 50 in duplicate (Law 77).
- A passed-out board scores 0.
"""

from scoring.contracts import Contract, parse_contract

__all__ = [
    "DOUBLED_RULES",
    "GAME",
    "GRAND_SLAM",
    "PART_SCORE",
    "SMALL_SLAM",
    "VULNERABLE_RULES",
    "contract_type",
    "hancock_points",
    "par_interval",
]

PART_SCORE, GAME, SMALL_SLAM, GRAND_SLAM = "part score", "game", "small slam", "grand slam"
DOUBLED_RULES = ("ignore", "into-game", "multiply")
VULNERABLE_RULES = ("ignore", "double-undertricks")

# Hancock's table: the HCP par interval of each contract type and its overtrick limit.
_INTERVALS = {PART_SCORE: (21, 23), GAME: (25, 28), GRAND_SLAM: (36, 40)}
_SMALL_SLAM_INTERVALS = {"C": (31, 33), "D": (31, 33), "H": (32, 34), "S": (32, 34), "NT": (33, 35)}
_OVERTRICK_LIMIT = {PART_SCORE: 1, GAME: 2, SMALL_SLAM: 1, GRAND_SLAM: 0}
_TRICK_VALUE = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}
_SACRIFICE_BELOW = 20  # "+1 point for every HCP less than 20"


def _contract(contract: "str | Contract") -> Contract:
    return parse_contract(contract) if isinstance(contract, str) else contract


def _known(rule: str, rules: tuple[str, ...], name: str) -> str:
    if rule not in rules:
        raise ValueError(f"unknown {name} {rule!r}: use one of {', '.join(rules)}")
    return rule


def contract_type(contract: "str | Contract", doubled_rule: str = "ignore") -> str:
    """PART_SCORE, GAME, SMALL_SLAM or GRAND_SLAM; a game is a contract worth a game bonus."""
    contract = _contract(contract)
    _known(doubled_rule, DOUBLED_RULES, "doubled rule")
    if contract.is_pass:
        raise ValueError("a passed-out board has no contract type")
    if contract.level >= 6:
        return SMALL_SLAM if contract.level == 6 else GRAND_SLAM
    trick_points = _TRICK_VALUE[contract.strain] * contract.level
    trick_points += 10 if contract.strain == "NT" else 0  # the first notrump trick is 40
    if doubled_rule != "ignore":
        trick_points *= (1, 2, 4)[contract.doubled]  # "doubling into game"
    return GAME if trick_points >= 100 else PART_SCORE


def par_interval(contract: "str | Contract", doubled_rule: str = "ignore") -> tuple[int, int]:
    """The HCP range (inclusive) for which Hancock expects the contract to be made."""
    contract = _contract(contract)
    kind = contract_type(contract, doubled_rule)
    if kind == SMALL_SLAM:
        return _SMALL_SLAM_INTERVALS[contract.strain]
    return _INTERVALS[kind]


def _check_whole(value: int, low: int, high: int, name: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} must be a whole number {low}-{high}, got {value!r}")


def _trick_weights(contract: Contract, vulnerable: bool, doubled_rule: str, vulnerable_rule: str):
    """What one counted overtrick and one undertrick are worth under the club's options."""
    doubling = (1, 2, 4)[contract.doubled] if doubled_rule == "multiply" else 1
    vulnerability = 2 if vulnerable and vulnerable_rule == "double-undertricks" else 1
    return doubling, doubling * vulnerability


def _shape_adjustment(contract: Contract, trump_length_7: bool, side_voids: int) -> int:
    # Hancock: long trumps and side voids make contracts easier, but not in no trumps (the
    # gambling 3NT on a long solid minor is not penalised).
    if contract.strain == "NT":
        return 0
    return (1 if trump_length_7 else 0) + side_voids


def hancock_points(
    contract: "str | Contract",
    tricks: int,
    hcp: int,
    trump_length_7: bool = False,
    side_voids: int = 0,
    *,
    vulnerable: bool = False,
    doubled_rule: str = "ignore",
    vulnerable_rule: str = "ignore",
) -> int:
    """Hancock's points for the declaring side, which held `hcp` and took `tricks` (0-13)."""
    contract = _contract(contract)
    _check_whole(tricks, 0, 13, "tricks")
    _check_whole(hcp, 0, 40, "HCP")
    _check_whole(side_voids, 0, 6, "side-suit voids")
    _known(doubled_rule, DOUBLED_RULES, "doubled rule")
    _known(vulnerable_rule, VULNERABLE_RULES, "vulnerable rule")
    if contract.is_pass:
        return 0
    kind = contract_type(contract, doubled_rule)
    low, high = par_interval(contract, doubled_rule)
    over, under = _trick_weights(contract, vulnerable, doubled_rule, vulnerable_rule)
    points = -max(hcp - high, 0)  # too many HCP costs, made or not
    if tricks >= contract.tricks_needed:
        overtricks = min(tricks - contract.tricks_needed, _OVERTRICK_LIMIT[kind])
        points += max(low - hcp, 0) + over * overtricks
    else:
        sacrifice = min(max(_SACRIFICE_BELOW - hcp, 0), contract.level)
        points += sacrifice - under * (contract.tricks_needed - tricks)
    return points - _shape_adjustment(contract, trump_length_7, side_voids)
