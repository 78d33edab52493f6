"""Each program's conventions as one choice: "Scored as ACBLscore" sets every option at once.

A club moving to Clubscore compares our results with what its old program printed; each
preset is the set of options that reproduces that program's published totals, percentages
and places (tests/events/real_events and docs/rules.md say which events showed which).
An option a preset leaves out keeps its default (ACBL practice). `matchpoints` is the
program's matchpoint scale, used when the session is scored at matchpoints.
"""

from dataclasses import dataclass, field

from scoring.options import ScoringOptions

__all__ = ["Preset", "PRESETS", "preset_of", "matching_preset"]


@dataclass(frozen=True)
class Preset:
    key: str
    program: str
    options: dict = field(default_factory=dict)  # ScoringOptions fields that differ
    matchpoints: str | None = None  # "matchpoints" (1/½) or "ebu-matchpoints" (2/1)
    why: str = ""

    @property
    def scoring_options(self) -> ScoringOptions:
        return ScoringOptions(**self.options)

    def method_for(self, method: str) -> str:
        """The session's method under this preset: its matchpoint scale at matchpoints."""
        if self.matchpoints and method in ("matchpoints", "ebu-matchpoints"):
            return self.matchpoints
        return method


PRESETS = {
    preset.key: preset
    for preset in (
        Preset("acblscore", "ACBLscore",
               {"totals": "factored", "percentages": "from-total"}, "matchpoints",
               "a short pair's total factored up; the percentage of that total to 2 decimals"),
        Preset("compscore3", "Compscore3",
               {"totals": "factored", "percentages": "from-total"}, "ebu-matchpoints",
               "2/1 matchpoints; totals factored, percentages of the total to 2 decimals"),
        Preset("ruter", "Ruter",
               {"totals": "factored", "cross_imps": "total", "ave_plus_imps": 1},
               "ebu-matchpoints",
               "totals factored but percentages exact; cross-IMPs summed, Ave+ 1 IMP each"),
        Preset("scorebridge", "ScoreBridge", {"missing_results": "average"}, "ebu-matchpoints",
               "each missing result an average comparison, nothing factored"),
        Preset("ebuscore", "EBUScore", {"rounding": "board", "adjusted_rule": "session"},
               "ebu-matchpoints",
               "each board's points to 2 decimals before totals; Ave+ 60% or the session's"),
        Preset("pairsscorer", "PairsScorer", {"rounding": "board"}, "ebu-matchpoints",
               "each board's points to 2 decimals before totals"),
        Preset("teamsscorer", "TeamsScorer", {"rounding": "board"}, None,
               "each board's IMPs to 2 decimals before totals"),
        Preset("ebuscoreteams", "EBUScoreTeams", {"rounding": "board"}, None,
               "each board's IMPs to 2 decimals before totals"),
        Preset("pianola", "Pianola", {"rounding": "board"}, "ebu-matchpoints",
               "each board's points to 2 decimals before totals"),
        Preset("kops", "KoPS", {"rounding": "board-mp"}, "ebu-matchpoints",
               "2/1 matchpoints, factored ones to 2 decimals, cross-IMPs exact; a pair with "
               "no board unranked"),
        Preset("brian", "BriAn", {"adjusted_boards": "unfactored"}, None,
               "a board with an artificial score matchpointed on its played results"),
        Preset("bbo", "Bridge Base Online",
               {"adjusted_boards": "unfactored", "places": "section", "percentages": "mean"},
               None,
               "a board with an artificial score on its played results, every board's "
               "percentage weighing the same; places per section"),
    )
}  # fmt: skip


def preset_of(key: str) -> Preset:
    try:
        return PRESETS[key]
    except KeyError:
        raise ValueError(f"no preset {key!r}: choose {', '.join(PRESETS)}") from None


def matching_preset(key: str, options: ScoringOptions) -> Preset | None:
    """The preset `key` names, if the options are still its own (a director may have
    changed one since): a results page names a program only while it is reproduced."""
    preset = PRESETS.get(key or "")
    return preset if preset and preset.scoring_options == options else None
