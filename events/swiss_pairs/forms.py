"""The form setting up a Swiss pairs event."""

from django import forms

from events.core.new_event import DirectorsClubForm
from events.core.vp_scales import clean_scale_fields
from events.swiss_pairs.models import MAX_BOARDS_PER_ROUND, MAX_ROUNDS, SwissPairsEvent


class SwissPairsEventForm(DirectorsClubForm):
    rounds = forms.IntegerField(min_value=1, max_value=MAX_ROUNDS, initial=6)
    boards_per_round = forms.IntegerField(
        min_value=1,
        max_value=MAX_BOARDS_PER_ROUND,
        initial=7,
        label="Boards a round",
        help_text="Every table plays the same boards in a round, so each score meets the field.",
    )

    class Meta:
        model = SwissPairsEvent
        fields = ["club", "name", "date", "rounds", "boards_per_round", "method", "vp_scale",
                  "club_vp_table"]  # fmt: skip
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}),
            "club_vp_table": forms.Textarea(attrs={"rows": 4, "placeholder": "0-2 10-10"}),
        }
        labels = {"method": "IMPs against the field"}

    def clean(self):
        """The scale must score a match of the boards a round, as a teams event's must."""
        data = super().clean()
        clean_scale_fields(self, data, data.get("boards_per_round"))
        return data


class PairsForm(forms.Form):
    pairs = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 12, "autofocus": True}),
        help_text="One pair a line, e.g. 'Ann Smith & Bob Jones'; numbered in this order.",
    )
