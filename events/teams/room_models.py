"""Entry in the rooms of a teams match: each room's phone link, and the results its phone
entered with the opponents' answer (events/teams/phone.py). Named in events/teams/models.py,
where Django finds the app's models."""

from django.db import models
from django.db.models import Q

OPEN, CLOSED = "open", "closed"
ROOM_CHOICES = [(OPEN, "Open room"), (CLOSED, "Closed room")]


class RoomResults:
    """A match's board (events.teams.models.MatchBoard) as its two rooms fill it."""

    adjusted: str
    open_result: str
    closed_result: str
    open_ns_score: int | None
    closed_ns_score: int | None

    @property
    def complete(self) -> bool:
        """Scored: played in both rooms, or given an artificial score."""
        return bool(self.adjusted) or (
            self.open_ns_score is not None and self.closed_ns_score is not None
        )

    def room_result(self, room: str) -> str:
        return self.open_result if room == OPEN else self.closed_result


class MatchRoomLink(models.Model):
    """One room of a match's secret link: whoever holds the token enters that room's results
    of the match's boards, and the opponents agree to them, on a phone. The home team sits NS
    in the open room and EW in the closed room. Revoked when the director reissues it."""

    match = models.ForeignKey(
        "teams.TeamMatch", on_delete=models.CASCADE, related_name="room_links"
    )
    room = models.CharField(max_length=6, choices=ROOM_CHOICES)
    token = models.CharField(max_length=32, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "events_matchroomlink"
        ordering = ["match", "-room", "-created_at"]  # the open room first
        constraints = [
            models.UniqueConstraint(
                fields=["match", "room"],
                condition=Q(revoked_at__isnull=True),
                name="match_room_link_one_live",
            ),
            models.CheckConstraint(
                condition=Q(room__in=[OPEN, CLOSED]), name="match_room_link_room_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match}, {self.get_room_display().lower()}"

    @property
    def source(self) -> str:
        return f"table {self.match.table}, {self.get_room_display().lower()}"


class RoomEntry(models.Model):
    """One room's result of a board as a phone entered it (`result`, the text it saved), and
    the opponents' answer. Once the director changes that room's result (the board no longer
    reads `result`), it is the director's: the phone may no longer change it."""

    board = models.ForeignKey(
        "teams.MatchBoard", on_delete=models.CASCADE, related_name="room_entries"
    )
    room = models.CharField(max_length=6, choices=ROOM_CHOICES)
    link = models.ForeignKey(MatchRoomLink, on_delete=models.CASCADE, related_name="entries")
    result = models.CharField(max_length=40)
    lead = models.CharField(max_length=3, blank=True, help_text="The opening lead, e.g. SK, H7.")
    confirmed_at = models.DateTimeField(null=True, blank=True)
    queried_at = models.DateTimeField(
        null=True, blank=True, help_text="The opponents disagreed and called the director."
    )
    STANDS = "stands"
    ruling = models.CharField(
        max_length=8,
        blank=True,
        choices=[(STANDS, "the result stands")],
        help_text="The director's decision on the query (a changed result is the director's).",
    )

    class Meta:
        db_table = "events_roomentry"
        verbose_name_plural = "room entries"
        constraints = [
            models.UniqueConstraint(fields=["board", "room"], name="room_entry_once"),
            models.CheckConstraint(
                condition=Q(room__in=[OPEN, CLOSED]), name="room_entry_room_known"
            ),
            models.CheckConstraint(
                condition=Q(confirmed_at__isnull=True) | Q(queried_at__isnull=True),
                name="room_entry_confirmed_or_queried",
            ),
            models.CheckConstraint(
                condition=Q(ruling="") | Q(ruling="stands", queried_at__isnull=False),
                name="room_entry_ruling_needs_a_query",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.board} ({self.room} room): {self.result}"
