"""The form that uploads a results file to import as a new session."""

from django import forms

from events.core.invisible import validate_visible
from events.models import METHOD_CHOICES, MOVEMENT_CHOICES, Club
from events.sessions.forms import (
    add_option_fields,
    checked_butler_drop,
    club_defaults,
    director_clubs,
)


def kilobytes(size: int) -> str:
    """A file's size in kB rounded up, so a file just over a limit never reads as within it."""
    return f"{-(-size // 1000):,} kB"


def _count_lines(upload) -> int:
    lines = sum(1 for _ in upload.open())
    upload.seek(0)
    return lines


class ImportForm(forms.Form):
    # A 40-table night is 1,440 lines, about 40 kB: a bigger file, or one of short lines
    # packed by the tens of thousands, is a wrong file and would hold a server worker.
    MAX_BYTES = 2_000_000
    MAX_LINES = 10_000

    club = forms.ModelChoiceField(queryset=Club.objects.none())
    name = forms.CharField(max_length=100, validators=[validate_visible])
    file = forms.FileField(label="Travellers CSV")
    movement = forms.ChoiceField(choices=MOVEMENT_CHOICES)
    scoring = forms.ChoiceField(choices=METHOD_CHOICES)

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        add_option_fields(self)
        director_clubs(self, user)

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > self.MAX_BYTES:
            raise forms.ValidationError(
                f"The file is {kilobytes(upload.size)}; a travellers CSV is at most "
                f"{kilobytes(self.MAX_BYTES)} (a 40-table session is about 40 kB)."
            )
        lines = _count_lines(upload)
        if lines > self.MAX_LINES:
            raise forms.ValidationError(
                f"The file has {lines:,} lines; a travellers CSV has at most "
                f"{self.MAX_LINES:,} (a 40-table session has 1,441)."
            )
        return upload

    def clean_butler_drop(self):
        return checked_butler_drop(self)

    def clean(self):
        data = super().clean()
        club_defaults(self, data)
        return data
