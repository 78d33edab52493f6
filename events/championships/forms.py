"""The championship's forms: a new one from the club's sessions, and the entrant matching."""

from django import forms

from events.core.invisible import validate_visible
from events.models import MAX_SESSIONS, Event
from scoring.domain import Combination, MissedSession, QualifyBy

# The largest id a database integer column holds: a bigger number typed into the form is no
# session, and SQLite would overflow looking it up.
LARGEST_ID = 2**63 - 1


def storable_id(text: str) -> bool:
    """Whether `text` is a number a database id column can hold."""
    # Length first: Python refuses to convert a string of thousands of digits.
    too_long = len(text) > len(str(LARGEST_ID))
    return text.isascii() and text.isdigit() and not too_long and int(text) <= LARGEST_ID


class SessionChoices(forms.ModelMultipleChoiceField):
    def _check_values(self, value):
        for pk in value:
            if not storable_id(str(pk)):
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
        help_text=f"Two to {MAX_SESSIONS} of the club's pairs sessions, all scored with "
        "percentages (matchpoints or Home Duplicate Bridge) or all in IMPs (Butler or "
        "cross-IMPs, their IMPs added up); they are taken in date order.",
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
        in_imps = [event for event in events if not event.uses_percentages]
        if in_imps and len(in_imps) < len(events):
            raise forms.ValidationError(
                f"{in_imps[0]} is scored in IMPs and "
                f"{next(e for e in events if e.uses_percentages)} with percentages: a "
                "championship's sessions are all scored in IMPs or all with percentages."
            )
        for event in events:
            if hasattr(event, "championship_final"):
                raise forms.ValidationError(
                    f"{event} is the final of “{event.championship_final}”: a final is played "
                    "after its championship's sessions, not as one of them."
                )
            if hasattr(event, "stage"):
                raise forms.ValidationError(
                    f"{event} is already a session of “{event.stage.championship}”: a session "
                    "counts in one championship."
                )
        return events

    def clean(self):
        cleaned = super().clean()
        events, combination = cleaned.get("sessions"), cleaned.get("combination")
        if not events or not combination:
            return cleaned
        in_imps = not events[0].uses_percentages
        if in_imps and combination != Combination.IMPS:
            self.add_error(
                "combination",
                "These sessions are scored in IMPs: choose “"
                f"{Combination.IMPS.label}”; there is no top to factor or percentage to average.",
            )
        elif not in_imps and combination == Combination.IMPS:
            self.add_error(
                "combination",
                "These sessions are scored with matchpoints: IMPs are added up only for "
                "sessions scored in IMPs.",
            )
        return cleaned


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


class SessionChoice(forms.ModelChoiceField):
    """One of the club's sessions, refused in words otherwise."""

    default_error_messages = {
        "invalid_choice": "That session cannot be the final: a final is one of the club's "
        "sessions, and not a session of a championship."
    }

    def to_python(self, value):
        if value not in self.empty_values and not storable_id(str(value)):
            raise forms.ValidationError(self.error_messages["invalid_choice"], "invalid_choice")
        return super().to_python(value)


class FinalForm(forms.Form):
    """The championship's final: which session, who goes through, what they carry."""

    final = SessionChoice(
        queryset=Event.objects.none(),
        required=False,
        empty_label="— no final —",
        label="Final session",
        help_text="A pairs session of the club, scored with percentages, that is not one of "
        "the championship's qualifying sessions.",
    )
    finalists = forms.IntegerField(
        required=False,
        min_value=1,
        label="Pairs that go through",
        error_messages={"min_value": "At least one pair goes through to the final."},
    )
    qualify_by = forms.ChoiceField(
        choices=QualifyBy.choices(), initial=QualifyBy.OVERALL, label="Going through"
    )
    carry_percent = forms.IntegerField(
        min_value=0,
        max_value=100,
        initial=50,
        label="Share of the qualifying score carried forward (%)",
        help_text="Of the qualifying percentage. The EBU White Book carries half when the final "
        "is as long as the qualifying stage (so 100% when the qualifying stage is twice as long); "
        "0 starts the final afresh.",
        error_messages={
            "min_value": "The share carried forward is 0%% to 100%%: it cannot be below 0%%.",
            "max_value": "The share carried forward is 0%% to 100%%: it cannot be above 100%%.",
            "invalid": "The share carried forward is a whole number of percent, 0 to 100.",
        },
    )

    def __init__(self, championship, field_sizes: tuple[int, int], *args, **kwargs):
        """`field_sizes`: the qualifying field's size overall and that of its largest section
        field."""
        super().__init__(*args, **kwargs)
        self.championship = championship
        self.field_sizes = field_sizes
        field = self.fields["final"]
        field.queryset = (
            Event.objects.not_deleted()
            .filter(club=championship.club, stage__isnull=True)
            .order_by("date", "pk")
        )
        field.label_from_instance = lambda event: f"{event.name}, {event.date:%a %d %b %Y}"

    def clean_final(self):
        final = self.cleaned_data["final"]
        if final is None:
            return None
        if self.championship.combination == Combination.IMPS:
            raise forms.ValidationError(
                "This championship adds up IMPs, which have no top: a final carries a share "
                "of a percentage, so only a championship scored with percentages has one."
            )
        if not final.uses_percentages:
            raise forms.ValidationError(
                f"{final} is scored in IMPs: a final adds a percentage to the carry-forward, "
                "so it is scored with matchpoints or percentages."
            )
        other = getattr(final, "championship_final", None)
        if other is not None and other.pk != self.championship.pk:
            raise forms.ValidationError(f"{final} is already the final of “{other}”.")
        return final

    def clean(self):
        cleaned = super().clean()
        finalists = cleaned.get("finalists")
        if cleaned.get("final") is None:
            return cleaned
        if finalists is None:
            if "finalists" not in self.errors:
                self.add_error("finalists", "Say how many pairs go through to the final.")
            return cleaned
        overall, largest = self.field_sizes
        by_section = cleaned.get("qualify_by") == QualifyBy.SECTION
        size = largest if by_section else overall
        if finalists > size:
            where = "its largest section field has" if by_section else "it has"
            self.add_error(
                "finalists",
                f"{finalists} cannot go through: the qualifying field is smaller ({where} "
                f"{size} pair{'s' if size != 1 else ''}).",
            )
        return cleaned
