"""One player's results mail: the session's standings and the player's own score card in the
body (HTML, with a plain-text part), and the score card as the score cards PDF prints it.

The figures come from the same places as the results pages and PDFs (events/standings/,
events/pdfs/documents.py), so the mail says what the club's pages say. A session's standings
and each pair's PDF are made once for all the mails of one run (`Composer`).
"""

from html import unescape

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.utils.text import slugify

from events.models import Event, ResultMail
from events.pdfs import documents
from events.pdfs.render import render_document
from events.pdfs.text import text_table
from events.standings import recaps

__all__ = ["Composer", "subject"]

PAPER = "a4"


def subject(event: Event, reason: str) -> str:
    corrected = "corrected results" if reason == ResultMail.CORRECTION else "results"
    return f"{event.club.name}: {event.name}, {event.date:%-d %B %Y}: your {corrected}"


class Composer:
    """The mails of one session, sharing its standings and each pair's score card PDF."""

    def __init__(self, event: Event):
        self.event = event
        self.data = recaps.load(event)
        self.standings = documents.DOCUMENTS["standings"].context(event)
        self._pdfs: dict[int, bytes] = {}

    def message(self, mail: ResultMail) -> EmailMultiAlternatives:
        event = self.event
        pair = self.data.pairs[mail.pair_id]
        card = recaps.card(self.data, pair)
        columns, rows = documents.card_cells(event, card)
        context = {
            "event": event,
            "member": mail.member,
            "pair": pair,
            "corrected": mail.reason == ResultMail.CORRECTION,
            "summary": documents.card_summary(event, card["standing"]),
            # Each cell with its side: figures to the right, words to the left, as printed.
            "headings": [(c.heading, "left" if c.left else "right") for c in columns],
            "rows": [
                [
                    (cell, "left" if c.left else "right")
                    for cell, c in zip(row, columns, strict=True)
                ]
                for row in rows
            ],
            # text_table escapes for HTML; the plain-text part shows the letters themselves.
            "card_text": unescape("\n".join(text_table(columns, rows))) if rows else "",
            **self.standings,
        }
        message = EmailMultiAlternatives(
            subject=subject(event, mail.reason),
            body=render_to_string("events/mail/results.txt", context),
            from_email=settings.DEFAULT_FROM_EMAIL,
            to=[mail.address],
        )
        message.attach_alternative(
            render_to_string("events/mail/results.html", context), "text/html"
        )
        several = len(self.data.sections) > 1
        who = slugify(f"{pair.section.name} {pair}" if several else str(pair))
        name = f"score-card-{slugify(event.name) or 'session'}-{who}.pdf"
        message.attach(name, self._pdf(card), "application/pdf")
        return message

    def _pdf(self, card: dict) -> bytes:
        pair = card["pair"]
        if pair.pk not in self._pdfs:
            pdf, _pages = render_document(documents.score_card_html(self.event, card), PAPER)
            self._pdfs[pair.pk] = pdf
        return self._pdfs[pair.pk]
