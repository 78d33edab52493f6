"""The form setting an individual up."""

from django import forms

from events.core.invisible import validate_visible
from events.individuals.models import IndividualEvent
from events.models import Club
from events.sessions.forms import check_session_date


class IndividualEventForm(forms.ModelForm):
    tables = forms.IntegerField(
        min_value=2, max_value=31, initial=5,
        help_text="Rainbow: a prime number of tables from 5 (5, 7, 11, 13). Two tables: 8 players. "
        "Six tables: 24 players.",
    )  # fmt: skip
    boards_per_round = forms.IntegerField(min_value=1, max_value=8, initial=2)
    rounds = forms.IntegerField(
        min_value=1, max_value=99, required=False, label="Rounds to play",
        help_text="Blank: the whole movement (a Rainbow plays as many rounds as tables, the "
        "six-table movement 23). Fewer stops it early, as a Mitchell is cut short: e.g. 8 "
        "rounds of 3 boards at six tables.",
    )  # fmt: skip

    class Meta:
        model = IndividualEvent
        fields = ["club", "name", "date", "movement", "tables", "boards_per_round", "rounds"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        clubs = Club.objects.filter(directors=user)
        self.fields["club"].queryset = clubs
        if len(clubs) == 1:
            self.fields["club"].initial = clubs[0]

    def clean_date(self):
        check_session_date(self.cleaned_data["date"])
        return self.cleaned_data["date"]

    def clean(self):
        cleaned = super().clean()
        movement, tables = cleaned.get("movement"), cleaned.get("tables")
        if movement and tables:
            self.instance.movement, self.instance.tables = movement, tables
            self.instance.rounds = None
            try:
                whole = self.instance.layout  # refuses a movement that cannot seat them
            except ValueError as problem:
                raise forms.ValidationError({"tables": str(problem)}) from None
            rounds = cleaned.get("rounds")
            if rounds is not None:
                try:
                    whole.first_rounds(rounds)
                except ValueError as problem:
                    raise forms.ValidationError({"rounds": str(problem)}) from None
                cleaned["rounds"] = None if rounds == whole.rounds else rounds
        return cleaned


class PlayerNamesForm(forms.Form):
    """Every player's name, one field a player (`name_<number>`)."""

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        for player in players:
            self.fields[f"name_{player.number}"] = forms.CharField(
                max_length=60, required=False, initial=player.name,
                label=f"Player {player.number}", validators=[validate_visible],
            )  # fmt: skip
