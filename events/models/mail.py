"""Results sent to players by e-mail: one row per member, reason and session version.

The unique constraint is what keeps a mail from going twice: a mail is queued by inserting its
row, which a second finalise or a repeated task cannot insert again, and it is sent only by
moving its row from pending to sending in one UPDATE (events/mail/sending.py).
"""

from django.db import models
from django.db.models import Q

from .clubs import Member
from .sessions import Event, Pair

__all__ = ["ResultMail"]


class ResultMail(models.Model):
    FINALISED, CORRECTION = "finalised", "correction"
    REASONS = [(FINALISED, "results final"), (CORRECTION, "results corrected")]
    PENDING, SENDING, SENT, FAILED = "pending", "sending", "sent", "failed"
    STATUSES = [(PENDING, "waiting"), (SENDING, "sending"), (SENT, "sent"), (FAILED, "failed")]

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="result_mails")
    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="result_mails")
    # The member's pair in the session (matched by name when the mail was queued).
    pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="result_mails")
    reason = models.CharField(max_length=12, choices=REASONS)
    version = models.PositiveIntegerField(help_text="The session's version the mail reports.")
    address = models.EmailField(help_text="Where it went (the member's address then).")
    status = models.CharField(max_length=10, choices=STATUSES, default=PENDING)
    error = models.TextField(blank=True)
    queued_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "pair", "member__name"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "member", "reason", "version"], name="result_mail_once"
            ),
            models.CheckConstraint(
                condition=Q(reason__in=["finalised", "correction"]),
                name="result_mail_reason_known",
            ),
            models.CheckConstraint(
                condition=Q(status="sent", sent_at__isnull=False)
                | (Q(sent_at__isnull=True) & Q(status__in=["pending", "sending", "failed"])),
                name="result_mail_sent_when_sent",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.member} · {self.get_reason_display()} · {self.get_status_display()}"
