"""Par score of a deal from its double-dummy table, after Richard Pavlicek's study *Par Score
Calculation* (rpbridge.net, with its *Par Zero Deals*).

The study's steps (the highest make by rank decides the board winner; the losers' cheapest
profitable sacrifice; the winners' higher-scoring lower contracts, re-checked for sacrifices;
the winners taking the higher-ranking contract's score instead) are the first moves of an
auction, so this module plays that auction out in full as a game: the board winners bid any
contract, then the sides take turns either to pass, ending the auction, or to bid a
higher-ranking contract. A contract that goes down is doubled and one that makes is not (so
a doubled make is never par); each side maximises its own score. This reproduces the study's
seven deals and its variant of deal 3, and it needs no special case for what the study's
shortcuts leave out, such as the winners bidding on over a sacrifice.

The winners bid first because, in Pavlicek's words, their "plus score can be assured by
bidding and making that contract or by defeating the opponents if they bid any further": a
sacrifice outranks the contract it saves against. Were the losers allowed to bid the
winners' own contract before them, par would depend on the dealer; the study's never does,
and where both sides' highest make is the same contract, so that bidding it first wins, the
study calls par zero.

Ties are broken so that `Par.contracts` names one contract, as the study's "Par:" lines do:
a side passes unless bidding on is strictly better (the study's sacrifices must be
"profitable"), and among equally good bids it takes the highest-ranking, which leaves the
opponents the least room (its deal 2 names 5 hearts, though clubs "would be the same").
"""

from collections.abc import Mapping
from dataclasses import dataclass
from numbers import Integral
from typing import cast

from scoring.contracts import STRAINS, Contract, contract_score

__all__ = ["Par", "par", "SEATS", "VULNERABILITIES"]

SEATS = ("N", "E", "S", "W")
VULNERABILITIES = ("None", "NS", "EW", "Both")

_SIDE_SEATS = {"NS": ("N", "S"), "EW": ("E", "W")}
_OTHER_SIDE = {"NS": "EW", "EW": "NS"}
_SIGN = {"NS": 1, "EW": -1}
# Bids by rank: 1C, 1D, 1H, 1S, 1NT, 2C, ... 7NT.
_BIDS = tuple((level, strain) for level in range(1, 8) for strain in STRAINS)

_Table = dict[str, dict[str, int]]
_Outcome = tuple[int, int, str]  # NS score, final contract's rank, its declaring side


@dataclass(frozen=True)
class Par:
    """`score` is from North-South's side (+ when NS are plus). `contracts` are the par
    contracts, "4S N" or "5HX S" (doubled when it goes down), one per declarer that scores
    par, in seat order N, E, S, W; empty when par is zero, which Pavlicek calls a passout.
    """

    score: int
    contracts: tuple[str, ...] = ()

    @property
    def is_passout(self) -> bool:
        return not self.contracts

    def __str__(self) -> str:
        if self.is_passout:
            return "Zero, Passout"
        side = "NS" if self.score > 0 else "EW"
        return f"{side} +{abs(self.score)}: {', '.join(self.contracts)}"


def par(dd: Mapping[str, Mapping[str, int]], vulnerability: str) -> Par:
    """Par of a deal. `dd[declarer][strain]` is the tricks that declarer ("N", "E", "S", "W")
    takes double-dummy in strain "C", "D", "H", "S" or "NT"; `vulnerability` is "None",
    "NS", "EW" or "Both".
    """
    tricks = _checked_table(dd)
    if vulnerability not in VULNERABILITIES:
        raise ValueError(f"vulnerability must be None, NS, EW or Both, got {vulnerability!r}")
    ns_top, ew_top = _highest_make(tricks, "NS"), _highest_make(tricks, "EW")
    # Pavlicek: nobody making seven tricks is a passout (deal 4), and the same highest make
    # for both sides is par zero whatever the vulnerability (deals 5-7), because whoever
    # bids it first wins.
    if ns_top == ew_top:
        return Par(0)
    # Pavlicek: the side with the higher-ranking make is the board winner.
    winner = "NS" if ns_top > ew_top else "EW"
    score, rank, side = _Auction(tricks, vulnerability).play(winner)
    return Par(score, _contract_names(tricks, rank, side))


def _checked_table(dd: Mapping[str, Mapping[str, int]]) -> _Table:
    if not isinstance(dd, Mapping):
        raise ValueError("the double-dummy table must map each seat N, E, S, W to its tricks")
    _check_keys(dd, SEATS, "the double-dummy table", "seat")
    return {seat: _checked_row(seat, dd[seat]) for seat in SEATS}


def _checked_row(seat: str, row: Mapping[str, int]) -> dict[str, int]:
    if not isinstance(row, Mapping):
        raise ValueError(f"seat {seat} must map each strain C, D, H, S, NT to its tricks")
    _check_keys(row, STRAINS, f"seat {seat}", "strain")
    for strain in STRAINS:
        tricks = row[strain]
        if isinstance(tricks, bool) or not isinstance(tricks, Integral) or not 0 <= tricks <= 13:
            raise ValueError(f"{seat} in {strain}: tricks must be a whole number 0-13")
    return {strain: int(row[strain]) for strain in STRAINS}


def _check_keys(given: Mapping, expected: tuple[str, ...], where: str, what: str) -> None:
    missing = [key for key in expected if key not in given]
    if missing:
        raise ValueError(f"{where} has no {what} {', '.join(missing)}")
    unknown = [repr(key) for key in given if key not in expected]
    if unknown:
        raise ValueError(f"{where} has unknown {what} {', '.join(unknown)}")


def _side_tricks(tricks: _Table, side: str, strain: str) -> int:
    # A side declares from whichever hand takes more tricks.
    return max(tricks[seat][strain] for seat in _SIDE_SEATS[side])


def _highest_make(tricks: _Table, side: str) -> int:
    """Rank of the side's highest-ranking makeable contract, -1 when it makes nothing."""
    makes = [
        rank
        for rank, (level, strain) in enumerate(_BIDS)
        if _side_tricks(tricks, side, strain) >= 6 + level
    ]
    return max(makes, default=-1)


class _Auction:
    """The auction game over contracts by rank; scores are from North-South's side."""

    def __init__(self, tricks: _Table, vulnerability: str) -> None:
        self._ends: dict[tuple[int, str], _Outcome] = {}
        self._result = {
            side: [self._declarer_score(tricks, side, bid, vulnerability) for bid in _BIDS]
            for side in _SIDE_SEATS
        }

    @staticmethod
    def _declarer_score(tricks: _Table, side: str, bid: tuple[int, str], vulnerability: str) -> int:
        level, strain = bid
        taken = _side_tricks(tricks, side, strain)
        doubled = 1 if taken < 6 + level else 0  # the defenders double only what goes down
        vulnerable = vulnerability in (side, "Both")
        return _SIGN[side] * contract_score(Contract(level, strain, doubled), vulnerable, taken)

    def play(self, winner: str) -> _Outcome:
        """(NS score, final contract's rank, its declaring side) when `winner` bids first.

        Passing is never the winners' best start: their highest make assures a plus score.
        """
        return self._best_bid(winner, after=-1, passing=None)

    def _after_bid(self, rank: int, bidder: str) -> _Outcome:
        """How the auction ends once `bidder` has bid `rank` and the opponents are to call."""
        key = (rank, bidder)
        if key not in self._ends:
            passing = (self._result[bidder][rank], rank, bidder)
            self._ends[key] = self._best_bid(_OTHER_SIDE[bidder], after=rank, passing=passing)
        return self._ends[key]

    def _best_bid(self, side: str, after: int, passing: _Outcome | None) -> _Outcome:
        # Passing wins ties (a sacrifice must be profitable); scanning from 7NT down keeps
        # the highest-ranking of equally good bids (Pavlicek's deal 2: 5 hearts, not 5 clubs).
        best = passing
        for rank in range(len(_BIDS) - 1, after, -1):
            outcome = self._after_bid(rank, side)
            if best is None or _SIGN[side] * outcome[0] > _SIGN[side] * best[0]:
                best = outcome
        # `passing` is None only for the opening, where every bid is tried: best is never None.
        return cast(_Outcome, best)


def _contract_names(tricks: _Table, rank: int, side: str) -> tuple[str, ...]:
    level, strain = _BIDS[rank]
    taken = _side_tricks(tricks, side, strain)
    doubled = "X" if taken < 6 + level else ""
    return tuple(
        f"{level}{strain}{doubled} {seat}"
        for seat in SEATS
        if seat in _SIDE_SEATS[side] and tricks[seat][strain] == taken
    )
