"""The forms of a club's roster: a member by hand, a pasted or uploaded list, and the
choice to add a session's new names."""

from django import forms

from events.club.roster import number_problem
from events.core.names import player_key
from events.formats.forms import kilobytes
from events.models import Member
from events.models.clubs import FEDERATION_CHOICES
from scoring.player_numbers import number_problem as federation_number_problem


class AddToRosterForm(forms.Form):
    add_to_roster = forms.BooleanField(
        required=False, initial=True, label="Add new names to the club roster"
    )
    as_visitors = forms.BooleanField(
        required=False,
        initial=False,
        label="as visitors (known by name, not suggested among the members)",
    )


class MemberForm(forms.ModelForm):
    """A member added or edited by hand; the messages say what the database would refuse."""

    class Meta:
        model = Member
        fields = [
            "name", "federation", "number", "masterpoints_held", "email", "email_consent",
            "active", "visitor", "hidden",
        ]  # fmt: skip
        error_messages = {
            "email": {"invalid": "That is not an e-mail address: it looks like ann@example.org."}
        }

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.club = club
        self.others = club.members.exclude(pk=self.instance.pk)
        if self.instance._state.adding:
            del self.fields["active"]  # a new member plays

    def clean_name(self):
        name = " ".join(self.cleaned_data["name"].split())
        if self.others.filter(key=player_key(name)).exists():
            raise forms.ValidationError(f"{name} is on the roster already.")
        return name

    def clean_number(self):
        number = self.cleaned_data["number"]
        if number and (problem := number_problem(number)):
            raise forms.ValidationError(problem[0].upper() + problem[1:])
        holder = self.others.filter(number__iexact=number).first() if number else None
        if holder:
            raise forms.ValidationError(f"{holder.name} has the number {number}.")
        return number

    def clean(self):
        data = super().clean()
        federation, number = data.get("federation"), data.get("number")
        if not number and "number" not in self.errors:
            data["federation"] = ""  # no number, so no federation gave one
        elif federation is not None and "number" not in self.errors:
            if problem := federation_number_problem(federation, number):
                self.add_error("number", problem)
        if data.get("email_consent") and not data.get("email") and "email" not in self.errors:
            self.add_error(
                "email_consent", "Results by e-mail need the member's e-mail address above."
            )
        return data


class MergeForm(forms.Form):
    """The member a duplicate is merged into (the page is the duplicate's)."""

    into = forms.ModelChoiceField(
        queryset=Member.objects.none(),
        label="Merge into",
        empty_label="Choose the member to keep",
        error_messages={
            "invalid_choice": "That member is not on this club's roster.",
            "required": "Choose the member to keep.",
        },
    )

    def __init__(self, *args, club, duplicate, **kwargs):
        super().__init__(*args, **kwargs)
        into = self.fields["into"]
        # Any member of the club is taken, so merging one with themselves is refused in words
        # (events.club.merging); the list offers the others.
        into.queryset = club.members.all()
        into.widget.choices = [
            ("", into.empty_label),
            *((m.pk, str(m)) for m in club.members.exclude(pk=duplicate.pk)),
        ]


class RosterImportForm(forms.Form):
    lines = forms.CharField(
        required=False,
        widget=forms.Textarea(
            attrs={"rows": 12, "cols": 28, "placeholder": "Ann Smith,12345\nBob Jones"}
        ),
        label="Paste the list",
        help_text="One member a line: name,number (the number may be left out).",
    )
    file = forms.FileField(required=False, label="or choose a CSV file")
    federation = forms.ChoiceField(
        choices=FEDERATION_CHOICES,
        required=False,
        label="Numbers given by",
        help_text="Each number is checked against this federation's format.",
    )

    # A roster of 2,000 members is about 50 kB.
    MAX_BYTES = 1_000_000
    MAX_MEMBERS = 10_000

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload:
            self._check_size("The file", upload.size)
            raw = upload.read()
            try:
                data["text"] = raw.decode("utf-8-sig")
            except UnicodeDecodeError:
                # Excel on Windows saves "CSV" in Windows-1252, not UTF-8.
                try:
                    data["text"] = raw.decode("cp1252")
                except UnicodeDecodeError:
                    raise forms.ValidationError("The file is not a text (CSV) file.") from None
        else:
            data["text"] = data.get("lines", "")
            self._check_size("The list", len(data["text"].encode()))
        if not data["text"].strip():
            raise forms.ValidationError("Paste the list, or choose a CSV file.")
        lines = len(data["text"].splitlines())
        if lines > self.MAX_MEMBERS:
            raise forms.ValidationError(
                f"The list has {lines:,} lines; a roster takes at most {self.MAX_MEMBERS:,} "
                "lines (members) at a time."
            )
        return data

    def _check_size(self, what: str, size: int) -> None:
        if size > self.MAX_BYTES:
            raise forms.ValidationError(
                f"{what} is {kilobytes(size)}; a roster is at most "
                f"{kilobytes(self.MAX_BYTES)} (2,000 members are about 50 kB)."
            )
