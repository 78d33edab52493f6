"""Phone entry at the table: one secret link per table, and what the table did with it.

A link is bound to one table of one section; its token is the only credential, so it is long
and random (`secrets`), never derived from the table number. Revoking a link keeps the row
(the history can say which link entered what) and a new one takes its place; the database
refuses two live links for one table.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q

from .results import Result
from .sessions import Event, Section


class TableLink(models.Model):
    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="table_links")
    table = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=32, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["section", "table", "-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "table"],
                condition=Q(revoked_at__isnull=True),
                name="table_link_one_live_per_table",
            ),
            models.CheckConstraint(condition=Q(table__gte=1), name="table_link_table_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.section}, table {self.table}"

    @property
    def source(self) -> str:
        """How the board history names the link: "table 3", or "table 3, section B"."""
        several = self.section.event.sections.count() > 1
        return f"table {self.table}" + (f", section {self.section.name}" if several else "")


class TableEntry(models.Model):
    """A result entered through a table's link, and the opponents' answer to it.

    `entered_version` is the result's version when the table saved it: once the director
    changes the result (its version moves on), the table may no longer change it. A queried
    result is the director's: `ruling` says what the director decided (the result stands, or
    was changed), and the board's history says who and when too.
    """

    STANDS, CHANGED = "stands", "changed"
    RULING_CHOICES = [(STANDS, "the result stands"), (CHANGED, "the result was changed")]

    result = models.OneToOneField(Result, on_delete=models.CASCADE, related_name="table_entry")
    link = models.ForeignKey(TableLink, on_delete=models.CASCADE, related_name="entries")
    entered_version = models.PositiveIntegerField()
    lead = models.CharField(max_length=3, blank=True, help_text="The opening lead, e.g. SK, H7.")
    confirmed_at = models.DateTimeField(null=True, blank=True)
    queried_at = models.DateTimeField(
        null=True, blank=True, help_text="The opponents disagreed and called the director."
    )
    ruling = models.CharField(
        max_length=8,
        blank=True,
        choices=RULING_CHOICES,
        help_text="The director's decision on the query.",
    )
    ruled_at = models.DateTimeField(null=True, blank=True)
    ruled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        verbose_name_plural = "table entries"
        constraints = [
            models.CheckConstraint(
                condition=Q(confirmed_at__isnull=True) | Q(queried_at__isnull=True),
                name="table_entry_confirmed_or_queried",
            ),
            models.CheckConstraint(
                condition=Q(ruling="") | Q(queried_at__isnull=False),
                name="table_entry_ruling_needs_a_query",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.link}: {self.result_id}"

    @property
    def awaiting_ruling(self) -> bool:
        """Queried by the opponents, and the director has neither ruled nor changed it."""
        return (
            self.queried_at is not None
            and not self.ruling
            and self.entered_version == self.result.version
        )


class TablePhoneOptions(models.Model):
    """What a session's table links may show besides the table's own boards."""

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, primary_key=True, related_name="phone_options"
    )
    show_travellers = models.BooleanField(
        default=False,
        help_text="After confirming a board, the table sees its traveller (results so far).",
    )

    def __str__(self) -> str:
        return f"Phone options of {self.event}"
