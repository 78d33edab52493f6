"""The choices directors pick from, shared by models, forms and templates."""

from scoring.domain import (
    AdjustedBoards,
    AdjustedRule,
    CrossImpForm,
    Direction,
    Method,
    MissingResults,
    MovementKind,
    Percentages,
    Places,
    Rounding,
    Totals,
)
from scoring.presets import PRESETS

# Derived from the enums, so a page, a form and the database's check constraints share the words.
METHOD_CHOICES = Method.choices()
MOVEMENT_CHOICES = MovementKind.choices()
DIRECTION_CHOICES = [*Direction.choices(), ("", "either way")]
PHANTOM_CHOICES = [
    ("", "no"),
    (Direction.NS.value, "an NS pair"),
    (Direction.EW.value, "an EW pair"),
    ("any", "a pair"),
]
TOTALS_CHOICES = Totals.choices()
PERCENTAGE_CHOICES = Percentages.choices()
ROUNDING_CHOICES = Rounding.choices()
ADJUSTED_BOARDS_CHOICES = AdjustedBoards.choices()
PLACES_CHOICES = Places.choices()
MISSING_CHOICES = MissingResults.choices()
ADJUSTED_RULE_CHOICES = AdjustedRule.choices()
CROSS_IMP_CHOICES = CrossImpForm.choices()
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
