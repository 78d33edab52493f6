"""The form of a late change: the movement a section should play now that results are in."""

from django import forms

from events.sessions.late_changes import Wanted
from scoring.domain import MovementKind

MITCHELL_PHANTOMS = [("", "no (every table full)"), ("EW", "yes, EW pair missing"),
                     ("NS", "yes, NS pair missing")]  # fmt: skip
HOWELL_PHANTOMS = [("", "no (every table full)"), ("any", "yes, one pair sits out each round")]


class LateChangeForm(forms.Form):
    """Tables, the half table and the rounds of the movement the section switches to."""

    tables = forms.IntegerField(
        min_value=2, max_value=30, help_text="Tables in the new movement, a half table counted."
    )
    phantom = forms.ChoiceField(label="Half table", required=False)
    rounds = forms.IntegerField(
        min_value=1, max_value=30, required=False,
        help_text="Blank: all the rounds of the new movement.",
    )  # fmt: skip

    def __init__(self, *args, section, **kwargs):
        self.section = section
        howell = section.event.movement == MovementKind.HOWELL
        initial = {"tables": section.tables, "phantom": section.phantom, "rounds": section.rounds}
        super().__init__(*args, initial=initial, **kwargs)
        self.fields["phantom"].choices = HOWELL_PHANTOMS if howell else MITCHELL_PHANTOMS

    def wanted(self) -> Wanted:
        data = self.cleaned_data
        return Wanted(data["tables"], data["phantom"] or "", data.get("rounds"))

    @staticmethod
    def confirmed(data) -> frozenset[int] | None:
        """The results the director saw listed for removal (None: no preview was confirmed)."""
        if "removed" not in data:
            return None
        try:
            return frozenset(int(pk) for pk in data["removed"].split(",") if pk)
        except ValueError:
            return None
