"""The forms of a session's standings: a procedural penalty, and the masterpoint strata."""

from django import forms

from events.models import Event, Pair, Penalty
from scoring.domain import HandicapBasis


class PenaltyForm(forms.ModelForm):
    """A procedural penalty off one pair of the session."""

    class Meta:
        model = Penalty
        fields = ["pair", "amount", "unit", "reason"]

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event
        pairs = Pair.objects.filter(section__event=event).select_related("section")
        self.fields["pair"].queryset = pairs.order_by("section__name", "-direction", "number")
        several = event.sections.count() > 1
        # With several sections "EW 1" is ambiguous: name the section, and the players.
        self.fields["pair"].label_from_instance = lambda pair: (
            f"{pair.section.name + ' ' if several else ''}{pair}"
            f"{f' ({pair.names})' if pair.names else ''}"
        )
        self.fields["amount"].min_value = 0.01
        if event.uses_imps:
            self.fields["unit"].choices = [(Penalty.POINTS, "IMPs")]

    def clean_amount(self):
        amount = self.cleaned_data["amount"]
        if amount <= 0:
            raise forms.ValidationError("A penalty is a positive amount taken off.")
        return amount


class StrataForm(forms.ModelForm):
    """A session's masterpoint strata (B's limit, C's below it, and which holding counts) and
    its handicaps."""

    MOST = 1_000_000  # more masterpoints than anyone holds: a typing slip

    class Meta:
        model = Event
        fields = [
            "stratum_b_below",
            "stratum_c_below",
            "strata_by",
            "handicapping",
            "handicap_basis",
        ]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Forms that predate the choice leave it out: handicaps then stay on averages.
        self.fields["handicap_basis"].required = False

    def clean_handicap_basis(self):
        return self.cleaned_data.get("handicap_basis") or HandicapBasis.AVERAGE

    def clean(self):
        data = super().clean()
        upper, lower = data.get("stratum_b_below"), data.get("stratum_c_below")
        for name, limit in (("stratum_b_below", upper), ("stratum_c_below", lower)):
            if limit is not None and not 1 <= limit <= self.MOST:
                self.add_error(name, f"A limit is 1 to {self.MOST:,} masterpoints.")
        if lower is not None and upper is None:
            self.add_error("stratum_c_below", "Stratum C needs stratum B's limit above it.")
        elif lower is not None and upper is not None and lower >= upper:
            self.add_error(
                "stratum_c_below",
                f"Stratum C's limit ({lower:,}) must be below stratum B's ({upper:,}).",
            )
        if data.get("handicapping") and not self.instance.uses_percentages:
            self.add_error(
                "handicapping",
                "Handicaps are added to percentages: this session is scored at IMPs.",
            )
        return data
