"""A record of each merge of two roster entries into one (events/club/merging.py): the member
left the roster, so the record keeps who they were, who they became, who merged them and
how many of the club's rows now name the kept member."""

from django.conf import settings
from django.db import models
from django.utils import timezone

from .clubs import Club


class MemberMerge(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="member_merges")
    merged_at = models.DateTimeField(default=timezone.now)
    # Kept when the account goes: the record still says a merge was made.
    merged_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    # Names and numbers as they were at the merge: the duplicate is gone, the kept member may
    # be renamed later.
    kept_name = models.CharField(max_length=60)
    kept_number = models.CharField(max_length=20, blank=True)
    duplicate_name = models.CharField(max_length=60)
    duplicate_number = models.CharField(max_length=20, blank=True)
    # The rows that named the duplicate and name the kept member now: pairs, championship
    # entrants, other kinds' records (one-table games, teams), result mails.
    rows_moved = models.PositiveIntegerField(default=0)
    # What the merge changed, one line each, as the confirmation page said it.
    changes = models.TextField(blank=True)

    class Meta:
        ordering = ["-merged_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(kept_name="") & ~models.Q(duplicate_name=""),
                name="member_merge_names_given",
            )
        ]

    def __str__(self) -> str:
        return f"{self.duplicate_name} merged into {self.kept_name}"
