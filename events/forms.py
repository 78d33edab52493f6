from django import forms

from events.models import METHOD_CHOICES, MOVEMENT_CHOICES, PHANTOM_CHOICES, Club, Pair
from events.setup import movement_error


class SessionForm(forms.Form):
    club = forms.ModelChoiceField(queryset=Club.objects.none())
    name = forms.CharField(max_length=100, initial="Club pairs")
    date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    movement = forms.ChoiceField(choices=MOVEMENT_CHOICES)
    tables = forms.IntegerField(min_value=2, max_value=30, initial=7)
    phantom = forms.ChoiceField(
        choices=PHANTOM_CHOICES, required=False, label="Half table (a pair missing)"
    )
    boards_per_round = forms.IntegerField(min_value=1, max_value=8, initial=3)
    scoring = forms.ChoiceField(choices=METHOD_CHOICES)

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        clubs = Club.objects.filter(directors=user)
        self.fields["club"].queryset = clubs
        if clubs.count() == 1:
            club = clubs.first()
            self.fields["club"].initial = club
            self.fields["scoring"].initial = club.default_scoring

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        problem = movement_error(
            data["movement"], data["tables"], data.get("phantom", ""),
            data["boards_per_round"], data["scoring"],
        )  # fmt: skip
        if problem:
            raise forms.ValidationError(problem)
        return data


class ResultForm(forms.Form):
    """One traveller line; `pairs` are the section's pairs, already loaded by the view."""

    ns = forms.IntegerField()
    ew = forms.IntegerField()
    text = forms.CharField(max_length=30, required=True, strip=True)
    override = forms.BooleanField(required=False)

    def __init__(self, *args, pairs, **kwargs):
        super().__init__(*args, **kwargs)
        self.pairs = {pair.pk: pair for pair in pairs}

    def _pair(self, name):
        pair = self.pairs.get(self.cleaned_data[name])
        if pair is None:
            raise forms.ValidationError("That pair is not in this section.")
        return pair

    def clean_ns(self):
        return self._pair("ns")

    def clean_ew(self):
        return self._pair("ew")


class ImportForm(forms.Form):
    club = forms.ModelChoiceField(queryset=Club.objects.none())
    name = forms.CharField(max_length=100)
    file = forms.FileField(label="Travellers CSV")
    movement = forms.ChoiceField(choices=MOVEMENT_CHOICES)
    scoring = forms.ChoiceField(choices=METHOD_CHOICES)

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = Club.objects.filter(directors=user)


PlayerNamesFormSet = forms.modelformset_factory(
    Pair, fields=("player1", "player2"), extra=0, edit_only=True
)
