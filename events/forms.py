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
    ns = forms.ModelChoiceField(queryset=Pair.objects.none())
    ew = forms.ModelChoiceField(queryset=Pair.objects.none())
    text = forms.CharField(max_length=30, required=True, strip=True)
    override = forms.BooleanField(required=False)

    def __init__(self, *args, section, **kwargs):
        super().__init__(*args, **kwargs)
        pairs = Pair.objects.filter(section=section)
        self.fields["ns"].queryset = pairs
        self.fields["ew"].queryset = pairs


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
