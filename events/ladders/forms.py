"""A ladder made or edited by a club's director: bad numbers and dates refused in words."""

from django import forms
from django.utils import timezone

from events.club.season import season_sessions
from events.models import Ladder
from scoring.domain import LadderRule


class LadderForm(forms.ModelForm):
    class Meta:
        model = Ladder
        fields = ["name", "rule", "sessions", "handicapping", "handicap_basis", "start", "end"]
        labels = {"rule": "Ranked by", "sessions": "Sessions (N, or the minimum)",
                  "start": "From", "end": "To (inclusive)"}  # fmt: skip
        help_texts = {
            "sessions": "Best N: how many of a player's best sessions are averaged. Average and "
            "handicapped: how many sessions a player needs to be placed. Masterpoints: leave it "
            "empty.",
            "handicapping": "Handicapped ladders only: the whole of each pair's handicap or half "
            "of it, as a handicapped session's page offers.",
            "handicap_basis": "Handicapped ladders only: 50 less a player's average percentage "
            "over the year before each session, or 50 less their grade before it.",
        }
        widgets = {"start": forms.DateInput(attrs={"type": "date"}),
                   "end": forms.DateInput(attrs={"type": "date"})}  # fmt: skip

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.club = club
        self.club = club
        # Only a handicapped ladder uses them: left out, they keep the model's defaults.
        for name in ("handicapping", "handicap_basis"):
            self.fields[name].required = False

    def clean_handicapping(self):
        return (
            self.cleaned_data.get("handicapping") or Ladder._meta.get_field("handicapping").default
        )

    def clean_handicap_basis(self):
        value = self.cleaned_data.get("handicap_basis")
        return value or Ladder._meta.get_field("handicap_basis").default

    def clean(self):
        data = super().clean()
        rule, count = data.get("rule"), data.get("sessions")
        start, end = data.get("start"), data.get("end")
        if start and end and end < start:
            self.add_error(
                "end", f"The ladder ends on {end:%d %b %Y}, before it starts on {start:%d %b %Y}."
            )
        if rule == LadderRule.MASTERPOINTS:
            data["sessions"] = None
            if not self.club.masterpoints:
                self.add_error(
                    "rule",
                    "The club awards no masterpoints: set its Masterpoint awards in the club's "
                    "admin first, or rank the ladder by percentages.",
                )
        elif rule and "sessions" not in self.errors:
            self._check_count(rule, count, start, end)
        return data

    def _check_count(self, rule, count, start, end):
        what = "N" if rule == LadderRule.BEST else "The minimum"
        if count is None or count < 1:
            self.add_error("sessions", f"{what} is a number of sessions, 1 or more.")
            return
        if not (start and end) or end < start or end >= timezone.localdate():
            return  # a season still running has sessions to come
        played = len(season_sessions(self.club, director=True, start=start, end=end))
        if count > played:
            self.add_error(
                "sessions",
                f"The club played {played} pairs session{'s' if played != 1 else ''} from "
                f"{start:%d %b %Y} to {end:%d %b %Y}: no player can have played {count}.",
            )

    def save(self, commit=True):
        if self.instance.pk:
            self.instance.version += 1
        return super().save(commit)
