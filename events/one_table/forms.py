"""The form of a one-table game: its players, hands and scoring."""

from django import forms

from events.models import Club
from events.one_table.models import OneTableSession
from events.sessions.forms import check_session_date
from scoring.domain import OneTableMethod


class OneTableSessionForm(forms.ModelForm):
    """A one-table game: the four players, how many hands, and how each is scored."""

    boards = forms.IntegerField(
        min_value=1,
        max_value=32,
        initial=16,
        label="Hands",
        help_text="16 plays every dealer and vulnerability once.",
    )

    class Meta:
        model = OneTableSession
        fields = ["club", "name", "date", "north", "east", "south", "west", "boards", "method",
                  "doubled_rule", "vulnerable_rule"]  # fmt: skip
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}
        labels = {"method": "Scoring"}
        help_texts = {
            "doubled_rule": "Hancock scoring only: the method leaves doubles open.",
            "vulnerable_rule": "Hancock scoring only: the method leaves vulnerability open.",
        }

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        clubs = Club.objects.filter(directors=user)
        self.fields["club"].queryset = clubs
        if len(clubs) == 1:
            club = clubs[0]
            self.fields["club"].initial = club
            self.fields["doubled_rule"].initial = club.hancock_doubled_rule
            self.fields["vulnerable_rule"].initial = club.hancock_vulnerable_rule

    def clean_date(self):
        check_session_date(self.cleaned_data["date"])
        return self.cleaned_data["date"]

    def clean_method(self):
        method = self.cleaned_data["method"]
        if method == OneTableMethod.DD_PAR:
            # Par comes from the hand records, which a game only has once it exists.
            raise forms.ValidationError(
                "IMPs against the double-dummy par need the game's hand records: create the "
                "game with par-table IMPs, upload its PBN file on the Hand records page, then "
                "choose this method there."
            )
        return method
