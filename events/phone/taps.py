"""A result as a phone taps it, and as a phone shows it: the buttons and the form that reads
them, the traveller line the save path reads from the taps, the taps a stored result starts a
"Change" from, and the words a board shows. Pairs tables (events/phone/table_round.py) and
teams rooms (events/teams/phone.py) tap and show results the same way.
"""

from django import forms

__all__ = [
    "CHOICES", "PASSED_OUT", "SUIT_SYMBOLS", "PhoneResultForm", "contract_shown", "entry_text",
    "lead_text", "score_shown", "taps_of", "typed_taps",
]  # fmt: skip

SUIT_SYMBOLS = [("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠"), ("NT", "NT")]
PASSED_OUT = "PASS"

# Each button: (value posted, text on the button, its name for a screen reader where the text
# is a symbol or a letter).
LEVELS = [("P", "Pass", "passed out")] + [(str(n), str(n), "") for n in range(1, 8)]
STRAINS = [
    (value, symbol, spoken)
    for (value, symbol), spoken in zip(
        SUIT_SYMBOLS, ["clubs", "diamonds", "hearts", "spades", "no trumps"], strict=True
    )
]
DOUBLES = [("", "–", "not doubled"), ("X", "X", "doubled"), ("XX", "XX", "redoubled")]
SEATS = [("N", "N", "North"), ("E", "E", "East"), ("S", "S", "South"), ("W", "W", "West")]
MADE = (
    [(f"-{n}", f"−{n}", f"down {n}") for n in range(13, 0, -1)]
    + [("=", "=", "made exactly")]
    + [(f"+{n}", f"+{n}", f"{n} overtrick{'s' if n > 1 else ''}") for n in range(1, 7)]
)

CHOICES = {"levels": LEVELS, "strains": STRAINS, "doubles": DOUBLES, "seats": SEATS, "made": MADE}


def entry_text(level: str, strain: str, doubled: str, declarer: str, made: str) -> str:
    """The traveller line the save path reads, from the phone's taps: `4SX N -2`, `PASS`."""
    if level == "P":
        return PASSED_OUT
    return f"{level}{strain}{doubled} {declarer} {made}"


def lead_text(typed: str) -> str:
    """An opening lead as `SK`, `H7`, `DT`; "" when none was given. Raises ValueError."""
    typed = typed.strip().upper().replace("10", "T")
    if not typed:
        return ""
    typed = typed.translate(str.maketrans("♠♥♦♣", "SHDC"))
    if len(typed) == 2 and typed[0] in "SHDC" and typed[1] in "AKQJT98765432":
        return typed
    raise ValueError(f"Opening lead: type a suit and a card, such as ♠K or H7, not “{typed}”.")


def taps_of(level, strain: str, doubled: int, declarer: str, tricks, lead: str = "") -> dict:
    """A stored played result as the phone's buttons: what a "Change" form starts from
    (level 0 is a pass; {} when there is no contract to show, an adjusted score)."""
    if level is None:
        return {}
    if level == 0:
        return {"level": "P"}
    made = tricks - level - 6
    return {
        "level": str(level),
        "strain": strain,
        "doubled": "X" * doubled,
        "declarer": declarer,
        "made": "=" if made == 0 else f"{made:+d}",
        "lead": lead,
    }


def contract_shown(taps: dict) -> str:
    """`4♠X by N +1` or `Passed out`, from a result's taps."""
    if taps["level"] == "P":
        return "Passed out"
    strain = dict(SUIT_SYMBOLS).get(taps["strain"], taps["strain"])
    made = taps["made"].replace("-", "−")
    return f"{taps['level']}{strain}{taps['doubled']} by {taps['declarer']} {made}"


def score_shown(score: int | None) -> str:
    """The score to the side that earned it, as players say it: `NS +450`, `EW +100`."""
    if score is None:
        return ""
    return f"NS +{score}" if score > 0 else f"EW +{-score}" if score < 0 else "0"


def _values(buttons):
    return [(value, text) for value, text, _ in buttons]


class PhoneResultForm(forms.Form):
    """One board's result from a table's taps: contract, declarer, tricks against it."""

    board = forms.IntegerField()
    version = forms.IntegerField(min_value=0, required=False)
    level = forms.ChoiceField(
        choices=_values(LEVELS), error_messages={"required": "Tap the level."}
    )
    strain = forms.ChoiceField(choices=_values(STRAINS), required=False)
    doubled = forms.ChoiceField(choices=_values(DOUBLES), required=False)
    declarer = forms.ChoiceField(choices=_values(SEATS), required=False)
    made = forms.ChoiceField(choices=_values(MADE), required=False)
    lead = forms.CharField(max_length=4, required=False)

    TAPS = ("level", "strain", "doubled", "declarer", "made", "lead")

    def clean_lead(self):
        try:
            return lead_text(self.cleaned_data["lead"])
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None

    def clean(self):
        super().clean()
        # Form.clean returns cleaned_data itself; django-stubs types that return Optional (an
        # override may return None), so the attribute is read instead.
        data = self.cleaned_data
        if self.errors or data["level"] == "P":
            return data
        missing = [name for name in ("strain", "declarer", "made") if not data.get(name)]
        if missing:
            words = {"strain": "the suit", "declarer": "the declarer", "made": "the tricks"}
            raise forms.ValidationError("Tap " + " and ".join(words[m] for m in missing) + ".")
        return data

    @property
    def errors_in_words(self) -> str:
        return "; ".join(str(e) for errs in self.errors.values() for e in errs)

    @property
    def text(self) -> str:
        d = self.cleaned_data
        return entry_text(d["level"], d["strain"], d["doubled"], d["declarer"], d["made"])


def typed_taps(posted) -> dict:
    """What a refused save had tapped, to show again on its board's form."""
    return {name: posted.get(name, "") for name in PhoneResultForm.TAPS}
