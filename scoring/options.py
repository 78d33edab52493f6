"""The conventions a director chooses for a session, and their one-line description.

Every choice here exists because real programs differ (ACBLscore, EBUScore, ScoreBridge,
Ruter); the defaults are ACBL practice. Names match the flags of `import_travellers`.
"""

from dataclasses import dataclass
from fractions import Fraction

__all__ = [
    "ScoringOptions",
    "TOTALS",
    "MISSING_RESULTS",
    "ADJUSTED_RULES",
    "CROSS_IMP_FORMS",
    "DATUM_ROUNDINGS",
    "parse_butler_drop",
]

TOTALS = ("raw", "factored")
MISSING_RESULTS = ("neuberg", "average")
ADJUSTED_RULES = ("fixed", "session")
CROSS_IMP_FORMS = ("average", "total")
DATUM_ROUNDINGS = (10, 1)  # nearest 10 points (ACBLscore, EBUScore) or nearest point


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
    """A session's scoring conventions; see the README's table for each one's source."""

    totals: str = "raw"
    missing_results: str = "neuberg"
    adjusted_rule: str = "fixed"
    cross_imps: str = "average"
    ave_plus_imps: int = 3
    butler_drop: str = ""
    datum_rounding: int = 10

    def __post_init__(self):
        for name, allowed in (
            ("totals", TOTALS),
            ("missing_results", MISSING_RESULTS),
            ("adjusted_rule", ADJUSTED_RULES),
            ("cross_imps", CROSS_IMP_FORMS),
            ("datum_rounding", DATUM_ROUNDINGS),
        ):
            if getattr(self, name) not in allowed:
                choices = ", ".join(map(str, allowed))
                raise ValueError(f"{name} {getattr(self, name)!r}: choose {choices}")
        if isinstance(self.ave_plus_imps, bool) or not isinstance(self.ave_plus_imps, int):
            raise ValueError(f"ave_plus_imps must be a whole number, got {self.ave_plus_imps!r}")
        if not 0 <= self.ave_plus_imps <= 24:
            raise ValueError(f"ave_plus_imps must be 0-24, got {self.ave_plus_imps}")
        parse_butler_drop(self.butler_drop)

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
        if method == "cross-imps":
            parts.append("IMPs summed over comparisons" if self.cross_imps == "total"
                         else "IMPs averaged over comparisons")  # fmt: skip
        if method == "butler":
            drop = self.butler_drop or "the default trim"
            parts.append(f"datum drops {drop} at each end, rounded to {self.datum_rounding}")
        if method in ("cross-imps", "butler"):
            unit = "per comparison" if method == "cross-imps" and self.cross_imps == "total" \
                else "per board"  # fmt: skip
            plural = "" if self.ave_plus_imps == 1 else "s"
            parts.append(f"Ave+ {self.ave_plus_imps} IMP{plural} {unit}")
        if self.adjusted_rule == "session" and method != "hdb":
            parts.append("Ave+/Ave− at least/at most the session score (Law 12C2)")
        if method != "hdb":  # VPs per set are never factored
            parts.append("factored totals" if self.totals == "factored" else "raw totals")
        return ", ".join(parts)


_METHOD_WORDS = {
    "matchpoints": "matchpoints, ACBL 1/½",
    "ebu-matchpoints": "matchpoints, EBU 2/1",
    "cross-imps": "cross-IMPs",
    "butler": "Butler IMPs",
    "hdb": "Home Duplicate Bridge: IMPs above the lowest, VPs per set",
}
