"""The choices directors pick from, shared by models, forms and templates."""

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
    ("factored", "Factored totals (ACBLscore: up to the boards most pairs played)"),
]
MISSING_CHOICES = [
    ("neuberg", "Neuberg factoring (ACBL, EBU)"),
    ("average", "Each missing result an average comparison (ScoreBridge)"),
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
# Seed 001 (Hancock points) leaves doubles and vulnerability open: the club's or game's rule.
HANCOCK_DOUBLED_CHOICES = [
    ("ignore", "Ignored: X and XX change nothing"),
    ("into-game", "Doubling into game: a doubled part score worth 100 trick points is a game"),
    ("multiply", "Into game, and each overtrick and undertrick counts ×2 doubled, ×4 redoubled"),
]
HANCOCK_VULNERABLE_CHOICES = [
    ("ignore", "Ignored: vulnerability changes nothing"),
    ("double-undertricks", "A vulnerable declarer’s undertricks count double"),
]
