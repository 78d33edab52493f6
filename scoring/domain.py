"""The domain's small vocabularies as enums: directions, movements, scoring methods and the
conventions a director picks.

Each member *is* its stored text (a `StrEnum`), so the database columns, the JSON export and
the command-line flags keep their words, and a member compares equal to the string it replaces.
Each also carries the label a page shows, and `parse` turns typed or imported text into a
member with a message that lists the choices. endplay's `Vul` and `Denom` are the model: a
value with its name, its words and its parser in one place.
"""

from enum import StrEnum
from typing import Self

__all__ = [
    "Choice",
    "Direction",
    "MovementKind",
    "Method",
    "OneTableMethod",
    "TeamsKind",
    "TeamsScoring",
    "Totals",
    "MissingResults",
    "AdjustedRule",
    "CrossImpForm",
    "Rounding",
    "AdjustedBoards",
    "Percentages",
    "Places",
    "Combination",
    "MissedSession",
    "LadderRule",
    "StratifyBy",
    "HandicapBasis",
    "Handicapping",
]


class Choice(StrEnum):
    """A value stored as text, with the words a page shows for it."""

    label: str

    def __new__(cls, value: str, label: str = "") -> Self:
        member = str.__new__(cls, value)
        member._value_ = value
        member.label = label or value
        return member

    @classmethod
    def parse(cls, text: str) -> Self:
        """The member whose stored text is `text` (case and surrounding spaces ignored)."""
        wanted = (text or "").strip().lower()
        for member in cls:
            if member.value.lower() == wanted:
                return member
        known = ", ".join(member.value for member in cls)
        raise ValueError(f"{text!r} is not a known {cls.__name__}: one of {known}")

    @classmethod
    def choices(cls) -> list[tuple[str, str]]:
        """(stored text, label) pairs, as a form or a model field's `choices` wants them."""
        return [(member.value, member.label) for member in cls]


class Direction(Choice):
    NS = "NS", "NS"
    EW = "EW", "EW"

    @property
    def other(self) -> "Direction":
        return Direction.EW if self is Direction.NS else Direction.NS


class MovementKind(Choice):
    MITCHELL = "mitchell", "Mitchell"
    HOWELL = "howell", "Howell"


class Method(Choice):
    """How a pairs session is scored."""

    MATCHPOINTS = "matchpoints", "Matchpoints (ACBL 1/½)"
    EBU_MATCHPOINTS = "ebu-matchpoints", "Matchpoints (EBU 2/1)"
    CROSS_IMPS = "cross-imps", "IMPs across the field"
    BUTLER = "butler", "Butler IMPs"
    HDB = "hdb", "Home Duplicate Bridge (IMPs to VPs)"


class OneTableMethod(Choice):
    """How a one-table game is scored (Hancock's and the par-table tally sheet's methods)."""

    PAR_IMPS = "par-imps", "Par-table IMPs (one-table tally sheet)"
    HANCOCK = "hancock", "Hancock points (HCP par, Cliff Hancock)"
    DD_PAR = "dd-par", "IMPs against the double-dummy par"


class TeamsKind(Choice):
    SWISS = "swiss", "Swiss teams"
    ROUND_ROBIN = "round-robin", "Round robin (every team meets every other)"
    KO = "ko", "Knockout match (IMPs over segments)"


class TeamsScoring(Choice):
    """How a teams event scores its matches (scoring/teams.py, scoring/board_a_match.py)."""

    IMPS_VPS = "imps-vps", "IMPs turned into Victory Points"
    BOARD_A_MATCH = "bam", "Board-a-match: 1, ½ or 0 a board (ACBL)"
    PATTON = "patton", "Patton: 2, 1 or 0 a board, as many again for the aggregate (EBU)"


class Totals(Choice):
    RAW = "raw", "Raw totals"
    FACTORED = "factored", "Factored totals (ACBLscore, Ruter: up to the boards most pairs played)"


class MissingResults(Choice):
    NEUBERG = "neuberg", "Neuberg factoring (ACBL, EBU)"
    AVERAGE = "average", "Each missing result an average comparison, up to the top (ScoreBridge)"


class AdjustedRule(Choice):
    FIXED = "fixed", "Fixed: Ave+ 60%, Ave- 40% (ACBL)"
    SESSION = "session", "Session score if better/worse (Law 12C2, EBU/WBF)"


class CrossImpForm(Choice):
    AVERAGE = "average", "Average over comparisons (EBU, ACBLscore average IMPs)"
    TOTAL = "total", "Sum over comparisons (ACBLscore total IMPs, Ruter)"


class Rounding(Choice):
    EXACT = "exact", "Exact points added up"
    BOARD = "board", "Each board's points to 2 decimals first (EBUScore, PairsScorer, Pianola)"
    BOARD_MP = "board-mp", "Each board's matchpoints to 2 decimals first, IMPs exact (KoPS)"


class AdjustedBoards(Choice):
    FACTORED = "factored", "Factored to the section's top like any board (ACBLscore, EBUScore)"
    UNFACTORED = (
        "unfactored",
        "Played results among themselves, no factoring (BriAn, Bridge Base Online)",
    )


class Percentages(Choice):
    EXACT = "exact", "Exact, of the points earned (Ruter, EBUScore)"
    FROM_TOTAL = "from-total", "Of the total as printed, to 2 decimals (ACBLscore)"
    MEAN = "mean", "The mean of the pair's board percentages (Bridge Base Online)"


class Places(Choice):
    FIELD = "field", "Over the whole field"
    SECTION = "section", "Within each section (Bridge Base Online)"


class Combination(Choice):
    """How a championship adds up its sessions (scoring/championship.py)."""

    FACTORED = "factored", "Matchpoints factored to a common top, added up"
    TOTAL = "total", "Matchpoints added up as scored (no factoring)"
    AVERAGE = "average", "Average percentage of the sessions"
    IMPS = "imps", "IMPs added up (sessions scored in IMPs)"


class QualifyBy(Choice):
    """Whose best entrants go through to a championship's final (scoring/carry_forward.py)."""

    OVERALL = "overall", "The best pairs overall"
    SECTION = "section", "The best pairs of each section's field"


class MissedSession(Choice):
    """What a session an entrant did not play counts in a championship: no written rule was
    found, so the director chooses (docs/rules.md)."""

    ZERO = "zero", "Scores nothing (0 matchpoints, 0%)"
    LEFT_OUT = "left-out", "Left out: judged on the sessions played"


class LadderRule(Choice):
    """How a club's ladder ranks its players over a season's sessions (scoring/ladders.py)."""

    BEST = "best", "Best N sessions, their percentages averaged"
    AVERAGE = "average", "Average percentage, with a minimum number of sessions"
    MASTERPOINTS = "masterpoints", "Masterpoints won"
    HANDICAPPED = (
        "handicapped",
        "Average handicapped percentage, with a minimum number of sessions",
    )


class StratifyBy(Choice):
    """Which holding places a pair in a stratum: clubs use both (docs/rules.md,
    scoring/strata.py)."""

    HIGHER = "higher", "The higher of the two players' masterpoints"
    AVERAGE = "average", "The average of the two players' masterpoints"


class HandicapBasis(Choice):
    """What a player's handicap is worked from (scoring/handicaps.py)."""

    AVERAGE = "average", "Their average percentage over the year before"
    GRADE = "grade", "Their grade (the club's ratings)"


class Handicapping(Choice):
    """Whether a pairs session also ranks pairs by handicapped percentage, and how much of each
    pair's handicap it adds (scoring/handicaps.py)."""

    NONE = "", "No handicaps"
    FULL = "full", "Handicapped: the whole handicap added"
    HALF = "half", "Handicapped: half the handicap added"
