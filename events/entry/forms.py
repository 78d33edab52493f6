"""The form of one traveller line, as the director's entry page posts it."""

from django import forms

from events.entry.rows import find_pair
from events.models.results import REASON_LENGTH
from scoring.domain import Direction


class ResultForm(forms.Form):
    """One traveller line; `pairs` are the section's pairs, already loaded by the view.

    `ns` and `ew` are the pairs the row showed (empty on the row for a pairing of the
    director's own), `ns_number` and `ew_number` the pair numbers typed over them, `version`
    the version of the row's result the line was typed against (0: the row was empty). An
    empty line asks to clear the row.
    """

    ns = forms.IntegerField(required=False)
    ew = forms.IntegerField(required=False)
    ns_number = forms.CharField(max_length=8, required=False)
    ew_number = forms.CharField(max_length=8, required=False)
    text = forms.CharField(
        max_length=30,
        required=False,
        strip=True,
        error_messages={
            "max_length": "A result is at most %(limit_value)d characters (this "
            "has %(show_value)d): check the line."
        },
    )
    override = forms.BooleanField(required=False)
    version = forms.IntegerField(required=False, min_value=0)
    replace = forms.BooleanField(required=False)
    # Why a result of a finalised session is changed (a correction players see), and whether
    # they see the reason too.
    reason = forms.CharField(
        max_length=REASON_LENGTH,
        required=False,
        strip=True,
        error_messages={
            "max_length": "Say why in at most %(limit_value)d characters (this has %(show_value)d)."
        },
    )
    publish_reason = forms.BooleanField(required=False)

    def __init__(self, *args, pairs, **kwargs):
        super().__init__(*args, **kwargs)
        self.pairs = {pair.pk: pair for pair in pairs}

    def _row_pair(self, pk):
        if pk is None:
            return None
        pair = self.pairs.get(pk)
        if pair is None:
            raise forms.ValidationError("That pair is not in this section.")
        return pair

    def clean(self):
        super().clean()
        # Form.clean returns cleaned_data itself; django-stubs types that return Optional (an
        # override may return None), so the attribute is read instead.
        data = self.cleaned_data
        if self.errors:
            return data
        row_ns, row_ew = self._row_pair(data.get("ns")), self._row_pair(data.get("ew"))
        data["row_ns"], data["new_row"] = row_ns, row_ns is None
        try:
            data["ns"] = find_pair(self.pairs.values(), data["ns_number"], row_ns, Direction.NS)
            data["ew"] = find_pair(self.pairs.values(), data["ew_number"], row_ew, Direction.EW)
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None
        return data
