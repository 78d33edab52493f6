"""The forms of a session's set-up and edits: the new-session form, its name and date, its
scoring method and conventions, and its players' names."""

import datetime
from decimal import Decimal

from django import forms
from django.core.validators import MaxValueValidator

import scoring
from events.championships.kinds import method_refused
from events.core.dates import date_problem
from events.core.invisible import validate_visible
from events.models import (
    METHOD_CHOICES,
    PHANTOM_CHOICES,
    Club,
    Event,
    Pair,
    ScoringOptionFields,
)
from events.sessions.setup import parse_sections, plan_sections, sections_error
from scoring.domain import Method, MovementKind
from scoring.movement_library import library_choices, variant_choices
from scoring.options import decimal_text

OPTION_FIELDS = list(ScoringOptionFields.CONVENTION_NAMES)


def check_session_date(value: datetime.date) -> None:
    """A slip while tabbing through a date field gives year 0006 or 2206: refuse it."""
    problem = date_problem(value, typed=True)
    if problem:
        raise forms.ValidationError(problem, code="date_out_of_range")


def add_option_fields(form) -> None:
    """The scoring conventions as optional fields: left out, they are the club's defaults."""
    options = forms.fields_for_model(Event, fields=OPTION_FIELDS)
    for field in options.values():
        field.required = False
    # The database allows 0-24 (a board's IMPs never exceed 24): say so before it refuses.
    options["ave_plus_imps"].validators.append(
        MaxValueValidator(24, "At most 24 IMPs, the most a board can score.")
    )
    options["ave_plus_imps"].widget.attrs["max"] = 24
    form.fields.update(options)


def director_clubs(form, user) -> Club | None:
    """The clubs `user` directs to choose from; with one, it is chosen already and the option
    fields start at its conventions (returned, else None)."""
    clubs = Club.objects.filter(directors=user)
    form.fields["club"].queryset = clubs
    first_two = list(clubs[:2])
    if len(first_two) != 1:
        return None
    club = first_two[0]
    form.fields["club"].initial = club
    for name in OPTION_FIELDS:  # the club's defaults
        form.fields[name].initial = getattr(club, name)
    return club


def checked_butler_drop(form: forms.BaseForm) -> str:
    """The Butler drop as typed, refused beside its box when scoring cannot read it: each form
    with the option cleans it so."""
    value = form.cleaned_data["butler_drop"].strip()
    try:
        scoring.parse_butler_drop(value)
    except ValueError as error:
        raise forms.ValidationError(str(error)) from None
    return value


def club_defaults(form, data) -> None:
    club = data.get("club")
    for name in OPTION_FIELDS:
        if club is not None and data.get(name) in (None, "") and name not in form.data:
            data[name] = getattr(club, name)
    apply_preset(data)


def apply_preset(data) -> None:
    """A "Scored as" choice sets every option, and at matchpoints the program's scale."""
    key = data.get("scored_as")
    if not key:
        return
    preset = scoring.preset_of(key)
    chosen = preset.scoring_options
    for name in ScoringOptionFields.OPTION_NAMES:
        data[name] = getattr(chosen, name)
    data["ave_plus_imps"] = Decimal(decimal_text(chosen.ave_plus_imps))
    if data.get("scoring"):
        data["scoring"] = preset.method_for(data["scoring"])


class ScoringOptionsForm(forms.ModelForm):
    """A session's scoring method and conventions; saving them rescores the session."""

    class Meta:
        model = Event
        fields = ["scoring", *OPTION_FIELDS, "one_winner", "across_field"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # An option the post leaves out keeps the session's value (ModelForm's
        # construct_instance skips it), as it did before the option existed.
        for name in OPTION_FIELDS:
            self.fields[name].required = False
        # Ave+ IMPs as a director writes it: 3, 1.2 (not 3.00).
        self.initial["ave_plus_imps"] = decimal_text(self.instance.ave_plus_imps)

    def clean_butler_drop(self):
        return checked_butler_drop(self)

    def clean_ave_plus_imps(self):
        value = self.cleaned_data["ave_plus_imps"]
        if value is not None and value > 24:
            raise forms.ValidationError("At most 24 IMPs.")
        return value

    def clean(self):
        data = super().clean()
        for name in OPTION_FIELDS:
            if name != "scored_as" and data.get(name) in ("", None):
                # Posted empty (a hand-made post; the page always sends one): as left out,
                # the session keeps its value, never a convention it cannot score by.
                data[name] = getattr(self.instance, name)
        apply_preset(data)
        if refused := method_refused(self.instance, data.get("scoring")):
            raise forms.ValidationError(refused)
        if data.get("scoring") == Method.HDB and not 3 <= self.instance.boards_per_round <= 8:
            raise forms.ValidationError(
                "Home Duplicate Bridge scores sets of 3-8 boards; this session plays "
                f"{self.instance.boards_per_round} a round."
            )
        return data


TYPED = "typed"  # the club's own movement, typed into `typed_table`
LIBRARY_PREFIX = "library:"  # a published movement's choice: "library:mckinnon-4-ab"
BAROMETER_HOWELL, BAROMETER_MITCHELL = "barometer-howell", "barometer-mitchell"


def _published(tables: int | None = None) -> list[tuple[str, str]]:
    """The library's Howells and Mitchell variants for `tables` tables (all if None)."""
    return library_choices(tables) + variant_choices(tables)


SETUP_MOVEMENT_CHOICES = [
    (MovementKind.MITCHELL, "Mitchell (an even section: EW skip a table halfway)"),
    ("relay", "Mitchell (an even section: share and relay, a bye stand)"),
    (MovementKind.HOWELL, MovementKind.HOWELL.label),
    # Every table on the same set each round, standings after each round (docs/rules.md).
    (BAROMETER_HOWELL, "Barometer Howell (all tables play the same boards each round)"),
    (BAROMETER_MITCHELL, "Barometer Mitchell (all tables play the same boards each round)"),
    (TYPED, "Our own movement, typed below as a table"),
    # The published movements, grouped by the tables they are for (docs/rules.md).
    *(
        (
            f"Published, {tables} tables (cards as printed)",
            [(f"{LIBRARY_PREFIX}{key}", label) for key, label in _published(tables)],
        )
        for tables in sorted({scoring.library_movement(key, 1).tables for key, _ in _published()})
    ),
]


class SessionForm(forms.Form):
    club = forms.ModelChoiceField(queryset=Club.objects.none())
    name = forms.CharField(max_length=100, initial="Club pairs", validators=[validate_visible])
    date = forms.DateField(
        widget=forms.DateInput(attrs={"type": "date"}), validators=[check_session_date]
    )
    movement = forms.ChoiceField(choices=SETUP_MOVEMENT_CHOICES)
    tables = forms.CharField(
        max_length=80,
        initial="7",
        label="Tables",
        help_text="7, or 14,13,13 for sections A, B and C; 12½ (or 12.5) for a half table.",
    )
    phantom = forms.ChoiceField(
        choices=PHANTOM_CHOICES, required=False, label="Half table (a pair missing)"
    )
    boards_per_round = forms.IntegerField(min_value=1, max_value=8, initial=3)
    rounds = forms.IntegerField(
        min_value=1,
        max_value=30,
        required=False,
        help_text="Leave empty for the full movement; fewer, e.g. 6 for a 7-table Mitchell.",
    )
    across_field = forms.BooleanField(
        required=False,
        label="Score the sections together (across the field)",
        help_text="Several sections on the same boards, matchpointed as one field.",
    )
    arrow_switch = forms.CharField(
        required=False,
        max_length=40,
        label="Arrow-switch rounds (Mitchell)",
        help_text="e.g. last, or 6,7: the pairs swap seats and all pairs rank together.",
    )
    typed_table = forms.CharField(
        required=False,
        max_length=20_000,
        label="Our own movement (if chosen above)",
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text="A line a table a round: round, table, NS pair, EW pair, board set, e.g. "
        "1 1 8 1 1. A - for a missing pair. It is checked like every movement.",
    )
    scoring = forms.ChoiceField(choices=METHOD_CHOICES)

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        add_option_fields(self)
        club = director_clubs(self, user)
        if club is not None:
            self.fields["scoring"].initial = club.default_scoring
            self.fields["ave_plus_imps"].initial = decimal_text(club.ave_plus_imps)

    def clean_butler_drop(self):
        return checked_butler_drop(self)

    def clean_tables(self):
        """The sections' tables, refused beside the box when written wrongly ("14,,13")."""
        try:
            parse_sections(self.cleaned_data["tables"])
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None
        return self.cleaned_data["tables"]

    def setup_fields(self):
        return [field for field in self if field.name not in OPTION_FIELDS]

    def convention_fields(self):
        return [field for field in self if field.name in OPTION_FIELDS]

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        chosen = data["movement"]
        library = chosen.removeprefix(LIBRARY_PREFIX) if chosen.startswith(LIBRARY_PREFIX) else ""
        typed = data.get("typed_table", "") if chosen == TYPED else ""
        if chosen == TYPED and not typed.strip():
            self.add_error("typed_table", "Type the movement: a line a table a round.")
            return data
        # A published Mitchell variant with two fields (bump, web) sets up as a Mitchell.
        howell = chosen in (MovementKind.HOWELL, TYPED, BAROMETER_HOWELL) or (
            bool(library) and scoring.library_movement(library, 1).kind == MovementKind.HOWELL
        )
        data["movement"] = MovementKind.HOWELL if howell else MovementKind.MITCHELL
        try:
            data["sections"] = plan_sections(
                data["movement"],
                data["tables"],
                data.get("phantom", ""),
                data.get("rounds"),
                data.get("arrow_switch", ""),
                relay=chosen == "relay",
                library=library,
                typed=typed,
                barometer=chosen in (BAROMETER_HOWELL, BAROMETER_MITCHELL),
            )
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None
        problem = sections_error(
            data["movement"], data["sections"], data["boards_per_round"], data["scoring"]
        )
        if problem:
            raise forms.ValidationError(problem)
        club_defaults(self, data)
        return data


class SessionEditForm(forms.Form):
    """A session's name and date after it is set up, and how many rounds its movement plays.

    The scoring method and conventions have their own form (ScoringOptionsForm): saving them
    rescores the session.
    """

    name = forms.CharField(max_length=100, validators=[validate_visible])
    date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    rounds = forms.IntegerField(
        min_value=1,
        max_value=30,
        required=False,
        help_text="Fewer rounds than the full movement, if the evening runs short.",
    )

    def __init__(self, *args, event, section=None, **kwargs):
        """`section`: the session's one section with a movement, whose rounds may change."""
        self.event, self.section = event, section
        initial = {"name": event.name, "date": event.date}
        if section is not None:
            initial["rounds"] = section.movement().rounds
        super().__init__(*args, initial=initial, **kwargs)
        if section is None:
            del self.fields["rounds"]

    def clean_date(self):
        date = self.cleaned_data["date"]
        if date != self.event.date:  # an old session keeps its date through a rename
            check_session_date(date)
        return date


class PlayerNamesForm(forms.ModelForm):
    """One pair's two names; the club's roster suggests them and turns numbers into names."""

    class Meta:
        model = Pair
        fields = ("player1", "player2")

    def __init__(self, *args, roster, sections=1, **kwargs):
        super().__init__(*args, **kwargs)
        self.roster = roster
        self.label = str(self.instance)
        if sections > 1:  # "B NS 1": pairs of each section are numbered from 1
            self.label = f"{self.instance.section.name} {self.label}"
        for name, field in self.fields.items():
            field.widget.attrs.update(
                list="members", autocomplete="off", autocapitalize="words", size=18
            )
            role = "player" if name == "player1" else "partner"
            field.widget.attrs["aria-label"] = f"{self.label}, {role}"

    def _resolve(self, name):
        try:
            return self.roster.resolve(self.cleaned_data[name])
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None

    def clean_player1(self):
        return self._resolve("player1")

    def clean_player2(self):
        return self._resolve("player2")


class BasePlayerNamesFormSet(forms.BaseModelFormSet):
    """The cursor starts in the first name box, or in the first one with a mistake.

    The page posts one form a pair of the session, and says how many: any other count is
    refused, and no more forms than pairs are ever built (a forged count of 99,999,999,999
    built Django's most, 2,000, and checked each)."""

    def total_form_count(self):
        if self.is_bound:
            return min(super().total_form_count(), len(self.get_queryset()))
        return super().total_form_count()

    def _construct_form(self, i, **kwargs):
        form = super()._construct_form(i, **kwargs)
        if i == 0:
            form.fields["player1"].widget.attrs["autofocus"] = True
        return form

    def full_clean(self):
        super().full_clean()
        if self.is_bound and self.management_form.is_valid():
            posted = self.management_form.cleaned_data[forms.formsets.TOTAL_FORM_COUNT]
            initial = self.management_form.cleaned_data[forms.formsets.INITIAL_FORM_COUNT]
            pairs = len(self.get_queryset())
            if (posted, initial) != (pairs, pairs):
                self._non_form_errors = self.error_class(
                    [
                        f"Nothing saved: the page sent names for {posted:,} pairs, and the session "
                        f"has {pairs}. Its pairs may have changed meanwhile: reload the page and "
                        "type the names again."
                    ],
                    error_class="nonform",
                    renderer=self.renderer,
                )
        wrong = [(form, name) for form in self.forms for name in form.errors if name in form.fields]
        if wrong and self.forms:
            self.forms[0].fields["player1"].widget.attrs.pop("autofocus", None)
            form, name = wrong[0]
            form.fields[name].widget.attrs["autofocus"] = True

    def player_names(self) -> list[str]:
        fields = PlayerNamesForm.Meta.fields
        return [form.cleaned_data.get(name, "") for form in self.forms for name in fields]


PlayerNamesFormSet = forms.modelformset_factory(
    Pair, form=PlayerNamesForm, formset=BasePlayerNamesFormSet, extra=0, edit_only=True
)
