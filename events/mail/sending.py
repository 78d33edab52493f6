"""Results mails queued when a session is finalised or corrected, sent by the background
worker through Django's e-mail (the SMTP server of EMAIL_HOST and EMAIL_PORT; `make run`
writes them to its console instead), and what became of each, for the director.

A mail is queued by inserting its ResultMail row, unique per session, member, reason and
session version: a second finalise, a task run twice or a retry cannot queue it again. It is
sent only after its row moves from pending to sending in one UPDATE, which one worker alone
can do. An unreachable server or a refused address leaves the row failed with the server's
words; the director's retry makes the failed rows pending again and sends those alone. The
roster is read again when a mail goes: to the member's address then, and not at all to a
member who no longer agrees.
"""

import logging
import smtplib
from collections import Counter
from dataclasses import dataclass

from django.conf import settings
from django.core.mail import get_connection
from django.db import transaction
from django.utils import timezone
from django_q.tasks import async_task

from events.club.players import session_members
from events.mail.message import Composer
from events.models import Event, ResultMail

__all__ = [
    "TASK", "MailStatus", "queue_after_commit", "queue_results", "retry_failed", "send_pending",
    "status_of",
]  # fmt: skip

TASK = "events.mail.sending.send_pending"
logger = logging.getLogger(__name__)


def queue_results(event: Event, reason: str) -> int:
    """Queue the results mail of each member who played, has an address and agreed; how many
    were new. The session's version (taken after the change that calls this committed) tells
    a correction's mail from the next one's."""
    version = Event.objects.filter(pk=event.pk).values_list("version", flat=True).get()
    mails = [
        ResultMail(
            event=event,
            member=member,
            pair=pair,
            reason=reason,
            version=version,
            address=member.email,
        )  # fmt: skip
        for pair, member in session_members(event)
        if member.mailable
    ]
    if not mails:
        return 0
    before = ResultMail.objects.filter(event=event, reason=reason, version=version).count()
    ResultMail.objects.bulk_create(mails, ignore_conflicts=True)
    new = ResultMail.objects.filter(event=event, reason=reason, version=version).count() - before
    if new:
        _start(event.pk)
    return new


def queue_after_commit(event: Event, reason: str) -> None:
    """Queue the mails once the finalising or the correction is committed (and not if it is
    rolled back): the mails then report what the pages show."""
    transaction.on_commit(lambda: queue_results(event, reason))


def retry_failed(event: Event) -> int:
    """The failed mails pending again, and sent; how many."""
    again = ResultMail.objects.filter(event=event, status=ResultMail.FAILED).update(
        status=ResultMail.PENDING
    )
    if again:
        _start(event.pk)
    return again


def _start(event_id: int) -> None:
    transaction.on_commit(lambda: async_task(TASK, event_id, group=f"mail-{event_id}"))


def send_pending(event_id: int) -> int:
    """The background worker's task: send the session's pending mails; how many went."""
    pending = list(
        ResultMail.objects.filter(event_id=event_id, status=ResultMail.PENDING)
        .select_related("member")
        .order_by("pk")
    )
    event = Event.objects.filter(pk=event_id).select_related("club").first()
    if not pending or event is None:
        return 0
    composer = Composer(event)
    connection = get_connection(fail_silently=False)
    sent = 0
    try:
        for mail in pending:
            claimed = ResultMail.objects.filter(pk=mail.pk, status=ResultMail.PENDING)
            if claimed.update(status=ResultMail.SENDING):
                sent += _send(composer, connection, mail)
    finally:
        connection.close()
    return sent


def _send(composer: Composer, connection, mail: ResultMail) -> int:
    rows = ResultMail.objects.filter(pk=mail.pk)
    member = mail.member
    if not member.mailable:  # the roster changed since the mail was queued
        rows.update(
            status=ResultMail.FAILED,
            error=f"Not sent: {member.name} no longer has results by e-mail on the roster.",
        )
        return 0
    mail.address = member.email  # the address the roster has now
    rows.update(address=mail.address)
    try:
        message = composer.message(mail)
        message.connection = connection
        message.send()
    except (OSError, smtplib.SMTPException) as error:
        rows.update(status=ResultMail.FAILED, error=describe(error, mail.address))
        return 0
    except Exception as error:  # a mail that could not be written: said, and the rest go on
        logger.exception("The results mail %s could not be written", mail.pk)
        rows.update(status=ResultMail.FAILED, error=f"The mail could not be written: {error}")
        return 0
    rows.update(status=ResultMail.SENT, sent_at=timezone.now(), error="")
    return 1


def describe(error: Exception, address: str) -> str:
    """The failure in the director's words, with the server's own."""
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        code, said = next(iter(error.recipients.values()), (None, b""))
        return f"The mail server refused {address}: {code} {_text(said)}".strip()
    if isinstance(error, smtplib.SMTPResponseException):
        return f"The mail server answered {error.smtp_code} {_text(error.smtp_error)}".strip()
    if isinstance(error, (ConnectionError, TimeoutError, smtplib.SMTPServerDisconnected)):
        server = f"{settings.EMAIL_HOST}:{settings.EMAIL_PORT}"
        return f"The mail server {server} could not be reached ({error}). Try again later."
    return f"The mail could not be sent: {error}"


def _text(said) -> str:
    return said.decode(errors="replace") if isinstance(said, bytes) else str(said)


@dataclass
class MailStatus:
    """A session's results mails as the director's session page shows them."""

    mails: list[ResultMail]

    def __bool__(self) -> bool:
        return bool(self.mails)

    @property
    def counts(self) -> list[tuple[int, str]]:
        """How many mails are in each status, in the page's words ("3 sent")."""
        found = Counter(mail.status for mail in self.mails)
        return [(found[status], label) for status, label in ResultMail.STATUSES if found[status]]

    @property
    def failed(self) -> int:
        return sum(mail.status == ResultMail.FAILED for mail in self.mails)


def status_of(event: Event) -> MailStatus:
    """The session's results mails, the latest version first, for the director's page."""
    return MailStatus(
        list(
            ResultMail.objects.filter(event=event)
            .select_related("member", "pair__section")
            .order_by("-version", "pair__section__name", "pair__number", "member__name")
        )
    )
