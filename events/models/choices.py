"""The choices directors pick from, shared by models, forms and templates."""

from scoring.presets import PRESETS

METHOD_CHOICES = [
    ("matchpoints", "Matchpoints (ACBL 1/½)"),
    ("ebu-matchpoints", "Matchpoints (EBU 2/1)"),
    ("cross-imps", "IMPs across the field"),
    ("butler", "Butler IMPs"),
    ("hdb", "Home Duplicate Bridge (IMPs to VPs)"),
]
MOVEMENT_CHOICES = [("mitchell", "Mitchell"), ("howell", "Howell")]
DIRECTION_CHOICES = [("NS", "NS"), ("EW", "EW"), ("", "either way")]
PHANTOM_CHOICES = [("", "no"), ("NS", "an NS pair"), ("EW", "an EW pair"), ("any", "a pair")]
TOTALS_CHOICES = [
    ("raw", "Raw totals"),
    ("factored", "Factored totals (ACBLscore, Ruter: up to the boards most pairs played)"),
]
PERCENTAGE_CHOICES = [
    ("exact", "Exact, of the points earned (Ruter, EBUScore)"),
    ("from-total", "Of the total as printed, to 2 decimals (ACBLscore)"),
    ("mean", "The mean of the pair's board percentages (Bridge Base Online)"),
]
ROUNDING_CHOICES = [
    ("exact", "Exact points added up"),
    ("board", "Each board's points to 2 decimals first (EBUScore, PairsScorer, Pianola)"),
    ("board-mp", "Each board's matchpoints to 2 decimals first, IMPs exact (KoPS)"),
]
ADJUSTED_BOARDS_CHOICES = [
    ("factored", "Factored to the section's top like any board (ACBLscore, EBUScore)"),
    ("unfactored", "Played results among themselves, no factoring (BriAn, Bridge Base Online)"),
]
PLACES_CHOICES = [
    ("field", "Over the whole field"),
    ("section", "Within each section (Bridge Base Online)"),
]
MISSING_CHOICES = [
    ("neuberg", "Neuberg factoring (ACBL, EBU)"),
    ("average", "Each missing result an average comparison, up to the top (ScoreBridge)"),
]
ADJUSTED_RULE_CHOICES = [
    ("fixed", "Fixed: Ave+ 60%, Ave- 40% (ACBL)"),
    ("session", "Session score if better/worse (Law 12C2, EBU/WBF)"),
]
CROSS_IMP_CHOICES = [
    ("average", "Average over comparisons (EBU, ACBLscore average IMPs)"),
    ("total", "Sum over comparisons (ACBLscore total IMPs, Ruter)"),
]
DATUM_ROUNDING_CHOICES = [(10, "Nearest 10 points"), (1, "Nearest point")]
# "Scored as": every option of one program at once (scoring.PRESETS).
SCORED_AS_CHOICES = [("", "My own choices below")] + [
    (key, f"As {preset.program}") for key, preset in PRESETS.items()
]
# Hancock's article leaves doubles and vulnerability open: the club's or game's rule.
HANCOCK_DOUBLED_CHOICES = [
    ("ignore", "Ignored: X and XX change nothing"),
    ("into-game", "Doubling into game: a doubled part score worth 100 trick points is a game"),
    ("multiply", "Into game, and each overtrick and undertrick counts ×2 doubled, ×4 redoubled"),
]
HANCOCK_VULNERABLE_CHOICES = [
    ("ignore", "Ignored: vulnerability changes nothing"),
    ("double-undertricks", "A vulnerable declarer’s undertricks count double"),
]
