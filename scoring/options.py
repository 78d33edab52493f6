"""The conventions a director chooses for a session, and their one-line description.

Every choice here exists because real programs differ (ACBLscore, EBUScore, ScoreBridge,
Ruter, Bridge Base Online, KoPS, ...; scoring/presets.py names each program's); the defaults
are ACBL practice. Names match the flags of `import_travellers`.
"""

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from numbers import Rational

from scoring.domain import (
    AdjustedBoards,
    AdjustedRule,
    CrossImpForm,
    MissingResults,
    Percentages,
    Places,
    Rounding,
    Totals,
)

__all__ = [
    "ScoringOptions",
    "TOTALS",
    "MISSING_RESULTS",
    "ADJUSTED_RULES",
    "CROSS_IMP_FORMS",
    "DATUM_ROUNDINGS",
    "ROUNDINGS",
    "ADJUSTED_BOARDS",
    "PERCENTAGES",
    "PLACES",
    "parse_butler_drop",
    "decimal_text",
]

TOTALS = tuple(Totals)
MISSING_RESULTS = tuple(MissingResults)
ADJUSTED_RULES = tuple(AdjustedRule)
CROSS_IMP_FORMS = tuple(CrossImpForm)
DATUM_ROUNDINGS = (10, 1)  # nearest 10 points (ACBLscore, EBUScore) or nearest point
# Each board's points kept exact, or rounded to 2 decimals before they are added up
# (EBUScore, PairsScorer and Pianola print and add the rounded points), or only its
# matchpoints so rounded (KoPS: factored matchpoints to 2 decimals, cross-IMPs added exact).
ROUNDINGS = tuple(Rounding)
# A board with an artificial score factored to the common top like any other, or its played
# results matchpointed among themselves (BriAn, Bridge Base Online).
ADJUSTED_BOARDS = tuple(AdjustedBoards)
# Percentages exactly of the points, of the total as printed to 2 decimals (ACBLscore), or
# the mean of the pair's percentages board by board (Bridge Base Online: a board scored on a
# smaller top weighs as much as any other).
PERCENTAGES = tuple(Percentages)
# Across the field: places over the whole field, or within each section (Bridge Base Online).
PLACES = tuple(Places)
AVE_PLUS_IMPS_MOST = 24  # a board's IMPs never exceed 24


def parse_butler_drop(text: str) -> int | Fraction | None:
    """ "" is the default trim, "2" two results at each end, "5%" five percent at each end."""
    text = (text or "").strip()
    if not text:
        return None
    try:
        if text.endswith("%"):
            share = Fraction(text[:-1].strip()) / 100
            if not 0 <= share < Fraction(1, 2):
                raise ValueError
            return share
        count = int(text)
        if count < 0:
            raise ValueError
        return count
    except ValueError:
        raise ValueError(
            f"Butler drop {text!r}: give a number of results at each end (e.g. 1) "
            "or a percentage under 50 (e.g. 5%)"
        ) from None


@dataclass(frozen=True)
class ScoringOptions:
    """A session's scoring conventions; docs/rules.md gives each one's source."""

    totals: str = "raw"
    missing_results: str = "neuberg"
    adjusted_rule: str = "fixed"
    cross_imps: str = "average"
    ave_plus_imps: int | Fraction = 3  # a Decimal or "1.2" is taken exactly, to 2 decimals
    butler_drop: str = ""
    datum_rounding: int = 10
    rounding: str = "exact"
    adjusted_boards: str = "factored"
    percentages: str = "exact"
    places: str = "field"

    def __post_init__(self):
        for name, allowed in (
            ("totals", TOTALS),
            ("missing_results", MISSING_RESULTS),
            ("adjusted_rule", ADJUSTED_RULES),
            ("cross_imps", CROSS_IMP_FORMS),
            ("datum_rounding", DATUM_ROUNDINGS),
            ("rounding", ROUNDINGS),
            ("adjusted_boards", ADJUSTED_BOARDS),
            ("percentages", PERCENTAGES),
            ("places", PLACES),
        ):
            if getattr(self, name) not in allowed:
                choices = ", ".join(map(str, allowed))
                raise ValueError(f"{name} {getattr(self, name)!r}: choose {choices}")
        # Frozen: the one normalisation goes through object.__setattr__.
        object.__setattr__(self, "ave_plus_imps", _ave_plus_imps(self.ave_plus_imps))
        parse_butler_drop(self.butler_drop)

    def rounds_boards(self, method: str) -> bool:
        """Whether each board's points are rounded to 2 decimals before they are added up."""
        if self.rounding == "board-mp":
            return method in ("matchpoints", "ebu-matchpoints")
        return self.rounding == "board" and method != "hdb"

    @property
    def drop(self) -> int | Fraction | None:
        return parse_butler_drop(self.butler_drop)

    def describe(self, method: str) -> str:
        """What the results page prints under the standings, e.g.
        "matchpoints, ACBL 1/½, Neuberg, common top, factored totals"."""
        parts = [_METHOD_WORDS[method]]
        if method in ("matchpoints", "ebu-matchpoints"):
            parts.append(
                "Neuberg for missing results"
                if self.missing_results == "neuberg"
                else "missing results as average comparisons"
            )
            parts.append("every board factored to the section's top")
            if self.adjusted_boards == "unfactored":
                parts.append("a board with an artificial score on its played results' own top")
        if method == "cross-imps":
            parts.append(
                "IMPs summed over comparisons"
                if self.cross_imps == "total"
                else "IMPs averaged over comparisons"
            )
        if method == "butler":
            drop = self.butler_drop or "the default trim"
            parts.append(f"datum drops {drop} at each end, rounded to {self.datum_rounding}")
        if method in ("cross-imps", "butler"):
            unit = (
                "per comparison"
                if method == "cross-imps" and self.cross_imps == "total"
                else "per board"
            )
            plural = "" if self.ave_plus_imps == 1 else "s"
            parts.append(f"Ave+ {decimal_text(self.ave_plus_imps)} IMP{plural} {unit}")
        if self.adjusted_rule == "session" and method != "hdb":
            parts.append("Ave+/Ave− at least/at most the session score (Law 12C2)")
        if self.rounds_boards(method):
            parts.append("each board's points rounded to 2 decimals")
        if method != "hdb":  # VPs per set are never factored
            parts.append("factored totals" if self.totals == "factored" else "raw totals")
        if self.percentages == "from-total" and method in ("matchpoints", "ebu-matchpoints"):
            parts.append("percentages of the total as printed (2 decimals)")
        if self.percentages == "mean" and method in ("matchpoints", "ebu-matchpoints"):
            parts.append("percentages the mean of each board's")
        return ", ".join(parts)


def _ave_plus_imps(value) -> int | Fraction:
    """Ave+ at IMPs, exactly: a whole number stays an int, 1.2 (JFR Pary) is 6/5."""
    if isinstance(value, bool) or not isinstance(value, (Rational, Decimal, str)):
        raise ValueError(f"ave_plus_imps must be a number, got {value!r}")
    try:
        exact = Fraction(value.strip() if isinstance(value, str) else value)
    except (ValueError, ArithmeticError):
        raise ValueError(f"ave_plus_imps must be a number, got {value!r}") from None
    if (exact * 100).denominator != 1:
        raise ValueError(f"ave_plus_imps has at most 2 decimals, got {decimal_text(exact)}")
    if not 0 <= exact <= AVE_PLUS_IMPS_MOST:
        raise ValueError(f"ave_plus_imps must be 0-{AVE_PLUS_IMPS_MOST}, got {value}")
    return int(exact) if exact.denominator == 1 else exact


def decimal_text(value) -> str:
    """A whole or 2-decimal number as a director writes it: 3, 1.2, 0.25."""
    exact = Fraction(value)
    if exact.denominator == 1:
        return str(exact.numerator)
    return format(Decimal(exact.numerator) / Decimal(exact.denominator), "f").rstrip("0")


_METHOD_WORDS = {
    "matchpoints": "matchpoints, ACBL 1/½",
    "ebu-matchpoints": "matchpoints, EBU 2/1",
    "cross-imps": "cross-IMPs",
    "butler": "Butler IMPs",
    "hdb": "Home Duplicate Bridge: IMPs above the lowest, VPs per set",
}
