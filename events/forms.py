from django import forms

import scoring
from events.models import (
    METHOD_CHOICES,
    MOVEMENT_CHOICES,
    PHANTOM_CHOICES,
    Club,
    Event,
    OneTableSession,
    Pair,
    Penalty,
    ScoringOptionFields,
)
from events.setup import arrow_switch_rounds, movement_error

OPTION_FIELDS = list(ScoringOptionFields.OPTION_NAMES)


def _add_option_fields(form) -> None:
    """The scoring conventions as optional fields: left out, they are the club's defaults."""
    options = forms.fields_for_model(Event, fields=OPTION_FIELDS)
    for field in options.values():
        field.required = False
    form.fields.update(options)


def _club_defaults(form, data) -> None:
    club = data.get("club")
    for name in OPTION_FIELDS:
        if club is not None and data.get(name) in (None, "") and name not in form.data:
            data[name] = getattr(club, name)


class ScoringOptionsForm(forms.ModelForm):
    """A session's scoring method and conventions; saving them rescores the session."""

    class Meta:
        model = Event
        fields = ["scoring", *OPTION_FIELDS, "one_winner", "across_field"]

    def clean_butler_drop(self):
        value = self.cleaned_data["butler_drop"].strip()
        try:
            scoring.parse_butler_drop(value)
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None
        return value

    def clean_ave_plus_imps(self):
        value = self.cleaned_data["ave_plus_imps"]
        if value > 24:
            raise forms.ValidationError("At most 24 IMPs.")
        return value

    def clean(self):
        data = super().clean()
        if data.get("scoring") == "hdb" and not 3 <= self.instance.boards_per_round <= 8:
            raise forms.ValidationError(
                "Home Duplicate Bridge scores sets of 3-8 boards; this session plays "
                f"{self.instance.boards_per_round} a round."
            )
        return data


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
    arrow_switch = forms.CharField(
        required=False, max_length=40, label="Arrow-switch rounds (Mitchell)",
        help_text="e.g. last, or 6,7: the pairs swap seats and all pairs rank together.",
    )  # fmt: skip
    scoring = forms.ChoiceField(choices=METHOD_CHOICES)

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        clubs = Club.objects.filter(directors=user)
        self.fields["club"].queryset = clubs
        _add_option_fields(self)
        if clubs.count() == 1:
            club = clubs.first()
            self.fields["club"].initial = club
            self.fields["scoring"].initial = club.default_scoring
            for name in OPTION_FIELDS:  # the club's defaults
                self.fields[name].initial = getattr(club, name)

    def clean_butler_drop(self):
        return ScoringOptionsForm.clean_butler_drop(self)

    def setup_fields(self):
        return [field for field in self if field.name not in OPTION_FIELDS]

    def convention_fields(self):
        return [field for field in self if field.name in OPTION_FIELDS]

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        try:
            data["arrow_switch"] = arrow_switch_rounds(
                data.get("arrow_switch", ""), data["movement"], data["tables"]
            )
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None
        problem = movement_error(
            data["movement"], data["tables"], data.get("phantom", ""),
            data["boards_per_round"], data["scoring"], arrow_switch=data["arrow_switch"],
        )  # fmt: skip
        if problem:
            raise forms.ValidationError(problem)
        _club_defaults(self, data)
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
        _add_option_fields(self)

    def clean_butler_drop(self):
        return ScoringOptionsForm.clean_butler_drop(self)

    def clean(self):
        data = super().clean()
        _club_defaults(self, data)
        return data


PlayerNamesFormSet = forms.modelformset_factory(
    Pair, fields=("player1", "player2"), extra=0, edit_only=True
)


class PenaltyForm(forms.ModelForm):
    """A procedural penalty off one pair of the session."""

    class Meta:
        model = Penalty
        fields = ["pair", "amount", "unit", "reason"]

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event
        self.fields["pair"].queryset = Pair.objects.filter(section__event=event).select_related(
            "section"
        )
        self.fields["amount"].min_value = 0.01
        if event.uses_imps:
            self.fields["unit"].choices = [(Penalty.POINTS, "IMPs")]

    def clean_amount(self):
        amount = self.cleaned_data["amount"]
        if amount <= 0:
            raise forms.ValidationError("A penalty is a positive amount taken off.")
        return amount


class OneTableSessionForm(forms.ModelForm):
    """A one-table game: the four players, how many hands, and how each is scored."""

    boards = forms.IntegerField(
        min_value=1, max_value=32, initial=16, label="Hands",
        help_text="16 plays every dealer and vulnerability once (seed 002).",
    )  # fmt: skip

    class Meta:
        model = OneTableSession
        fields = ["club", "name", "date", "north", "east", "south", "west", "boards", "method",
                  "doubled_rule", "vulnerable_rule"]  # fmt: skip
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}
        labels = {"method": "Scoring"}
        help_texts = {
            "doubled_rule": "Hancock scoring only: seed 001 leaves doubles open.",
            "vulnerable_rule": "Hancock scoring only: seed 001 leaves vulnerability open.",
        }

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        clubs = Club.objects.filter(directors=user)
        self.fields["club"].queryset = clubs
        if len(clubs) == 1:
            self.fields["club"].initial = clubs[0]


class HandRecordForm(forms.Form):
    """A PBN hand record for a session's boards, as dealing programs write it."""

    MAX_BYTES = 1_000_000  # a 36-board hand record is about 20 kB, even with analyses in it

    file = forms.FileField(label="Hand record (PBN)")

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > self.MAX_BYTES:
            raise forms.ValidationError(
                f"The file is {upload.size // 1000:,} kB; a hand record is at most "
                f"{self.MAX_BYTES // 1000:,} kB."
            )
        raw = upload.read()
        # PBN files are Latin-1 (PBN 2.1 section 3.1) unless they start with a UTF-8 BOM.
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            return raw.decode("latin-1")
