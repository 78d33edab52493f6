"""The championship's forms: a new one from the club's sessions, and the entrant matching."""

from django import forms

from events.core.invisible import validate_visible
from events.models import MAX_SESSIONS, Event
from scoring.domain import Combination, MissedSession

# The largest id a database integer column holds: a bigger number typed into the form is no
# session, and SQLite would overflow looking it up.
LARGEST_ID = 2**63 - 1


class SessionChoices(forms.ModelMultipleChoiceField):
    def _check_values(self, value):
        for pk in value:
            text = str(pk)
            # Length first: Python refuses to convert a string of thousands of digits.
            too_long = len(text) > len(str(LARGEST_ID))
            if not (text.isascii() and text.isdigit()) or too_long or int(text) > LARGEST_ID:
                raise forms.ValidationError(
                    self.error_messages["invalid_pk_value"],
                    code="invalid_pk_value",
                    params={"pk": pk},
                )
        return super()._check_values(value)


class ChampionshipForm(forms.Form):
    name = forms.CharField(max_length=100, validators=[validate_visible])
    sessions = SessionChoices(
        queryset=Event.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        help_text=f"Two to {MAX_SESSIONS} of the club's pairs sessions, scored with percentages "
        "(matchpoints or Home Duplicate Bridge); they are taken in date order.",
    )
    combination = forms.ChoiceField(
        choices=Combination.choices(), initial=Combination.FACTORED, label="Combined by"
    )
    missed = forms.ChoiceField(
        choices=MissedSession.choices(),
        initial=MissedSession.ZERO,
        label="A session a pair did not play",
    )

    def __init__(self, club, *args, **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["sessions"]
        field.queryset = Event.objects.not_deleted().filter(club=club).order_by("date", "pk")
        field.label_from_instance = lambda event: f"{event.name}, {event.date:%a %d %b %Y}"

    def clean_sessions(self):
        events = list(self.cleaned_data["sessions"])
        if not 2 <= len(events) <= MAX_SESSIONS:
            raise forms.ValidationError(
                f"A championship has 2 to {MAX_SESSIONS} sessions; you ticked {len(events)}."
            )
        for event in events:
            if not event.uses_percentages:
                raise forms.ValidationError(
                    f"{event} is scored in IMPs: a championship adds up matchpoints or "
                    "percentages, so its sessions are scored with them."
                )
            if hasattr(event, "stage"):
                raise forms.ValidationError(
                    f"{event} is already a session of “{event.stage.championship}”: a session "
                    "counts in one championship."
                )
        return events


class EntrantsForm(forms.Form):
    """One choice a pair: the entrant it is in the championship (or none)."""

    def __init__(self, pairs, entrants, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.pairs = pairs
        self.entrants = {str(entrant.pk): entrant for entrant in entrants}
        choices = [("", "— none —")] + [(pk, str(e)) for pk, e in self.entrants.items()]
        for pair in pairs:
            self.fields[f"pair_{pair.pk}"] = forms.ChoiceField(
                choices=choices,
                required=False,
                initial=str(pair.entrant_id or ""),
                label=f"{pair.section.shown_name} {pair} {pair.names}".strip(),
            )

    def field_of(self, pair):
        return self[f"pair_{pair.pk}"]

    def clean(self):
        cleaned = super().clean()
        seen: dict[tuple[int, str], object] = {}
        for pair in self.pairs:
            chosen = cleaned.get(f"pair_{pair.pk}")
            if not chosen:
                continue
            session = pair.section.event.stage.order
            other = seen.setdefault((session, chosen), pair)
            if other is not pair:
                raise forms.ValidationError(
                    f"Entrant {self.entrants[chosen]} is given to two pairs of session "
                    f"{session}: {other.section.shown_name} {other} and "
                    f"{pair.section.shown_name} {pair}. A pair plays a session once."
                )
        return cleaned

    def choices(self) -> dict:
        """Each pair and its entrant (None: no entrant)."""
        return {
            pair: self.entrants.get(self.cleaned_data.get(f"pair_{pair.pk}") or "")
            for pair in self.pairs
        }
