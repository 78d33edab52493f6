"""The form that uploads a session's hand records."""

from django import forms

from events.formats.forms import kilobytes


class HandRecordForm(forms.Form):
    """A PBN hand record for a session's boards, as dealing programs write it."""

    MAX_BYTES = 1_000_000  # a 36-board hand record is about 20 kB, even with analyses in it

    file = forms.FileField(label="Hand record (PBN)")

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > self.MAX_BYTES:
            raise forms.ValidationError(
                f"The file is {kilobytes(upload.size)}; a hand record is at most "
                f"{kilobytes(self.MAX_BYTES)}."
            )
        raw = upload.read()
        # PBN files are Latin-1 (PBN 2.1 section 3.1) unless they start with a UTF-8 BOM.
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            return raw.decode("latin-1")
