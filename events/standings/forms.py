"""The form of a procedural penalty off a pair's score."""

from django import forms

from events.models import Pair, Penalty


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
