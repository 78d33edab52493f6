"""An individual event: numbered players, and the plays its movement gives them.

Each play is one table's turn at one board with its four players, made from the movement when
the event is set up; its result is written on it. So a result can only ever be entered on a
board the movement gives those players, and the constraints refuse a player twice at a table
or at a board.
"""

from django.db import models
from django.db.models import F, Q

from events.core.dates import EARLIEST_DATE, LAST_STORABLE_DATE
from events.core.invisible import validate_visible
from events.models.analysis import AnalysisFields, DealAnalysisFields
from events.models.clubs import Club
from events.models.sessions import ClubEventFields, SoftDeleted
from scoring import individual_movement, individual_movement_choices
from scoring.entry import ADJUSTED, NOT_PLAYED, PLAYED
from scoring.individual_movements import IndividualMovement

MOVEMENT_CHOICES = individual_movement_choices()
RESULT_KINDS = [("", "not yet in"), (PLAYED, "played"), (ADJUSTED, "adjusted"),
                (NOT_PLAYED, "not played")]  # fmt: skip
# The Rainbow seats a prime number of tables from 5 (scoring.individual_movements).
RAINBOW_TABLES = [5, 7, 11, 13, 17, 19, 23, 29, 31]
SEATS = ("north", "south", "east", "west")


class IndividualEvent(ClubEventFields, SoftDeleted, AnalysisFields):
    """A club's individual: a Christmas party, a one-winner game for eight. Deleted, it is
    hidden and kept a while to restore, as a pairs session is (events.sessions.lifecycle)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="individual_events")
    name = models.CharField(max_length=100, default="Individual", validators=[validate_visible])
    date = models.DateField()
    tables = models.PositiveSmallIntegerField()
    boards_per_round = models.PositiveSmallIntegerField(default=2)
    movement = models.CharField(max_length=12, choices=MOVEMENT_CHOICES, default="rainbow")
    rounds = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The rounds played, when fewer than the movement's."
    )

    class Meta:
        ordering = ["-date", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(date__gte=EARLIEST_DATE) & Q(date__lte=LAST_STORABLE_DATE),
                name="individual_date_1925_to_2099",
                violation_error_message="An individual's date is from 1 Jan 1925 to 31 Dec 2099.",
            ),
            models.CheckConstraint(
                condition=Q(boards_per_round__gte=1) & Q(boards_per_round__lte=8),
                name="individual_boards_per_round_1_to_8",
            ),
            models.CheckConstraint(
                condition=(Q(movement="two_table") & Q(tables=2))
                | (Q(movement="six_table") & Q(tables=6))
                | (Q(movement="rainbow") & Q(tables__in=RAINBOW_TABLES)),
                name="individual_movement_fits_tables",
            ),
            models.CheckConstraint(
                condition=Q(rounds__isnull=True) | Q(rounds__gte=1), name="individual_rounds_1_up"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d %b %Y})"

    @property
    def layout(self) -> IndividualMovement:
        movement = individual_movement(self.movement, self.tables)
        return movement.first_rounds(self.rounds) if self.rounds else movement

    @property
    def boards(self) -> int:
        return self.layout.board_sets * self.boards_per_round


class IndividualDeal(DealAnalysisFields):
    """A board of an individual as its hand record dealt it, and its double-dummy analysis
    (events.handrecords.jobs): every table that plays the board plays this deal."""

    event = models.ForeignKey(IndividualEvent, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveSmallIntegerField()
    deal = models.CharField(max_length=80, help_text="PBN deal, e.g. N:AKQ.…")

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="individual_deal_once"),
            models.CheckConstraint(condition=Q(number__gte=1), name="individual_deal_positive"),
            models.CheckConstraint(condition=~Q(deal=""), name="individual_deal_dealt"),
        ]

    def __str__(self) -> str:
        return f"Board {self.number}"


class IndividualPlayer(models.Model):
    event = models.ForeignKey(IndividualEvent, on_delete=models.CASCADE, related_name="players")
    number = models.PositiveSmallIntegerField()
    # A roster member's name is offered as the director types (as a pair's players' are).
    name = models.CharField(max_length=60, blank=True, validators=[validate_visible])

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="individual_player_once"),
            models.CheckConstraint(condition=Q(number__gte=1), name="individual_player_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.number} {self.name}".strip()


class IndividualPlay(models.Model):
    """One table's play of one board in one round, and its result once entered."""

    event = models.ForeignKey(IndividualEvent, on_delete=models.CASCADE, related_name="plays")
    board = models.PositiveSmallIntegerField()
    round = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    north = models.ForeignKey(IndividualPlayer, on_delete=models.CASCADE, related_name="+")
    south = models.ForeignKey(IndividualPlayer, on_delete=models.CASCADE, related_name="+")
    east = models.ForeignKey(IndividualPlayer, on_delete=models.CASCADE, related_name="+")
    west = models.ForeignKey(IndividualPlayer, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=10, choices=RESULT_KINDS, blank=True)
    text = models.CharField(max_length=30, blank=True, help_text="The result as typed.")
    ns_score = models.IntegerField(null=True, blank=True)
    ns_percent = models.PositiveSmallIntegerField(null=True, blank=True)
    ew_percent = models.PositiveSmallIntegerField(null=True, blank=True)
    lead = models.CharField(max_length=3, blank=True, help_text="The opening lead, e.g. SK, H7.")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["board", "table"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "board", "table"], name="individual_board_once_a_table"
            ),  # fmt: skip
            *(
                models.UniqueConstraint(
                    fields=["event", "board", seat], name=f"individual_{seat}_plays_board_once"
                )
                for seat in SEATS
            ),
            models.CheckConstraint(
                condition=~Q(north=F("south"))
                & ~Q(north=F("east"))
                & ~Q(north=F("west"))
                & ~Q(south=F("east"))
                & ~Q(south=F("west"))
                & ~Q(east=F("west")),
                name="individual_player_once_at_a_table",
                violation_error_message="A player sits only once at a table.",
            ),
            models.CheckConstraint(
                condition=Q(board__gte=1) & Q(round__gte=1) & Q(table__gte=1),
                name="individual_play_numbers_positive",
            ),
            models.CheckConstraint(
                condition=~Q(kind=PLAYED) | Q(ns_score__isnull=False),
                name="individual_played_has_score",
            ),
            models.CheckConstraint(
                condition=~Q(kind=ADJUSTED)
                | (Q(ns_percent__isnull=False) & Q(ew_percent__isnull=False)),
                name="individual_adjusted_has_percents",
            ),
            models.CheckConstraint(
                condition=Q(kind="") | ~Q(text=""), name="individual_result_has_text"
            ),
        ]

    def __str__(self) -> str:
        return f"Board {self.board}, table {self.table}"


class IndividualTableLink(models.Model):
    """A table's phone link: its token is the only credential (as a pairs table's is)."""

    event = models.ForeignKey(IndividualEvent, on_delete=models.CASCADE, related_name="links")
    table = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=32, unique=True)

    class Meta:
        ordering = ["table"]
        constraints = [
            models.UniqueConstraint(fields=["event", "table"], name="individual_link_once"),
            models.CheckConstraint(condition=Q(table__gte=1), name="individual_link_table"),
        ]

    def __str__(self) -> str:
        return f"{self.event}, table {self.table}"


class IndividualEntry(models.Model):
    """A play's result as a table's phone entered it (`result`, the text it saved), and the
    opponents' answer (as a pairs table's TableEntry). Once the director changes the play's
    result (it no longer reads `result`), it is the director's: the phone may not change it."""

    STANDS = "stands"

    play = models.OneToOneField(IndividualPlay, on_delete=models.CASCADE, related_name="entry")
    link = models.ForeignKey(IndividualTableLink, on_delete=models.CASCADE, related_name="+")
    result = models.CharField(max_length=30)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    queried_at = models.DateTimeField(
        null=True, blank=True, help_text="The opponents disagreed and called the director."
    )
    ruling = models.CharField(
        max_length=8,
        blank=True,
        choices=[(STANDS, "the result stands")],
        help_text="The director's decision on the query (a changed result is the director's).",
    )

    class Meta:
        verbose_name_plural = "individual entries"
        constraints = [
            models.CheckConstraint(
                condition=Q(confirmed_at__isnull=True) | Q(queried_at__isnull=True),
                name="individual_entry_confirmed_or_queried",
            ),
            models.CheckConstraint(
                condition=Q(ruling="") | Q(ruling="stands", queried_at__isnull=False),
                name="individual_entry_ruling_needs_a_query",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.play}: {self.result}"

    @property
    def lead(self) -> str:
        """The lead the phone tapped, kept on the play."""
        return self.play.lead
