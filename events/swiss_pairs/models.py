"""A Swiss pairs event: its pairs, each round's tables (NS pair v EW pair, or a bye) and each
table's board results."""

from django.db import models
from django.db.models import F, Q

from events.core.dates import EARLIEST_DATE, LAST_STORABLE_DATE
from events.core.invisible import validate_visible
from events.models.clubs import Club
from events.models.sessions import ClubEventFields
from scoring.swiss_pairs import SWISS_PAIRS_METHODS
from scoring.vps import VP_SCALES

METHOD_CHOICES = list(SWISS_PAIRS_METHODS.items())
# The published scales and the club's own table, as a teams event chooses them.
SCALE_CHOICES = list(VP_SCALES.items())
MAX_BOARDS_PER_ROUND = 16
MAX_ROUNDS = 15


class SwissPairsEvent(ClubEventFields):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="swiss_pairs_events")
    name = models.CharField(max_length=100, validators=[validate_visible])
    date = models.DateField()
    rounds = models.PositiveSmallIntegerField(default=6)
    boards_per_round = models.PositiveSmallIntegerField(default=7)
    method = models.CharField(max_length=10, choices=METHOD_CHOICES, default="datum")
    vp_scale = models.CharField(
        max_length=20, choices=SCALE_CHOICES, default="wbf-2013", verbose_name="VP scale"
    )
    club_vp_table = models.TextField(
        blank=True,
        verbose_name="Club VP table",
        help_text="Only for the club's own scale: one row a line, e.g. 0-2 10-10, 3-6 11-9, "
        "…, 25+ 20-0, for a match of the boards a round.",
    )

    class Meta:
        ordering = ["-date", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(date__gte=EARLIEST_DATE) & Q(date__lte=LAST_STORABLE_DATE),
                name="swiss_pairs_date_1925_to_2099",
                violation_error_message="An event's date is from 1 Jan 1925 to 31 Dec 2099.",
            ),
            models.CheckConstraint(
                condition=Q(rounds__gte=1) & Q(rounds__lte=MAX_ROUNDS),
                name="swiss_pairs_rounds_1_to_15",
            ),
            models.CheckConstraint(
                condition=Q(boards_per_round__gte=1)
                & Q(boards_per_round__lte=MAX_BOARDS_PER_ROUND),
                name="swiss_pairs_boards_1_to_16",
            ),
            models.CheckConstraint(
                condition=Q(method__in=list(SWISS_PAIRS_METHODS)), name="swiss_pairs_method_known"
            ),
            models.CheckConstraint(
                condition=Q(vp_scale__in=[key for key, _ in SCALE_CHOICES]),
                name="swiss_pairs_scale_known",
            ),
            models.CheckConstraint(
                condition=~Q(vp_scale="club") | ~Q(club_vp_table=""),
                name="swiss_pairs_club_scale_has_table",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d %b %Y})"

    def boards_of_round(self, number: int) -> range:
        """Round r plays the r-th set of boards, numbered across the event (as a teams event's
        rounds do), so each board number has one deal, dealer and vulnerability."""
        first = (number - 1) * self.boards_per_round + 1
        return range(first, first + self.boards_per_round)


class SwissPair(models.Model):
    event = models.ForeignKey(SwissPairsEvent, on_delete=models.CASCADE, related_name="pairs")
    number = models.PositiveSmallIntegerField()
    names = models.CharField(max_length=120, validators=[validate_visible])

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="swiss_pair_number_once"),
            models.CheckConstraint(condition=Q(number__gte=1), name="swiss_pair_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.number} {self.names}"


class SwissPairsTable(models.Model):
    """One round's match: the NS pair against the EW pair at a table, or a pair's bye (no
    table, no EW pair)."""

    event = models.ForeignKey(SwissPairsEvent, on_delete=models.CASCADE, related_name="tables")
    round = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField(null=True, blank=True)
    ns = models.ForeignKey(SwissPair, on_delete=models.CASCADE, related_name="+")
    ew = models.ForeignKey(SwissPair, on_delete=models.CASCADE, related_name="+", null=True)
    # A match score the director sets (a forfeit, a match not played): both pairs' VPs, which
    # stand in place of the boards' (docs/rules.md, Swiss pairs).
    ns_vps_awarded = models.DecimalField(max_digits=5, decimal_places=2, null=True, blank=True)
    ew_vps_awarded = models.DecimalField(max_digits=5, decimal_places=2, null=True, blank=True)

    class Meta:
        ordering = ["round", F("table").asc(nulls_last=True)]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "round", "table"], name="swiss_pairs_table_once_a_round"
            ),
            models.UniqueConstraint(fields=["event", "round", "ns"], name="swiss_pairs_ns_once"),
            models.UniqueConstraint(fields=["event", "round", "ew"], name="swiss_pairs_ew_once"),
            models.CheckConstraint(condition=Q(round__gte=1), name="swiss_pairs_round_positive"),
            models.CheckConstraint(
                condition=(Q(table__isnull=True) & Q(ew__isnull=True))
                | (Q(table__gte=1) & Q(ew__isnull=False) & ~Q(ew=F("ns"))),
                name="swiss_pairs_table_has_two_pairs_or_is_a_bye",
            ),
            models.CheckConstraint(
                condition=(Q(ns_vps_awarded__isnull=True) & Q(ew_vps_awarded__isnull=True))
                | (
                    # Spelled out: a CHECK passes on NULL, so "gte" alone lets half a score in.
                    Q(ns_vps_awarded__isnull=False)
                    & Q(ew_vps_awarded__isnull=False)
                    & Q(ns_vps_awarded__gte=0)
                    & Q(ew_vps_awarded__gte=0)
                    & Q(ew__isnull=False)
                ),
                name="swiss_pairs_awarded_vps_both_or_neither",
            ),
        ]

    def __str__(self) -> str:
        if self.ew_id is None:
            return f"Round {self.round}: bye"
        return f"Round {self.round}, table {self.table}"

    @property
    def is_bye(self) -> bool:
        return self.ew_id is None

    @property
    def is_awarded(self) -> bool:
        return self.ns_vps_awarded is not None


class SwissPairsResult(models.Model):
    """One board at one table: the result as typed and its NS score, or an artificial adjusted
    score's percentages (60 for Ave+, 50 for Ave, 40 for Ave-)."""

    table = models.ForeignKey(SwissPairsTable, on_delete=models.CASCADE, related_name="results")
    board = models.PositiveSmallIntegerField()
    result = models.CharField(max_length=40)
    ns_score = models.IntegerField(null=True)
    ns_percent = models.PositiveSmallIntegerField(null=True)
    ew_percent = models.PositiveSmallIntegerField(null=True)

    class Meta:
        ordering = ["board"]
        constraints = [
            models.UniqueConstraint(fields=["table", "board"], name="swiss_pairs_board_once"),
            models.CheckConstraint(condition=Q(board__gte=1), name="swiss_pairs_board_positive"),
            models.CheckConstraint(
                condition=Q(ns_score__gte=-7600) & Q(ns_score__lte=7600),
                name="swiss_pairs_score_possible",
            ),
            models.CheckConstraint(
                condition=(
                    Q(ns_score__isnull=False)
                    & Q(ns_percent__isnull=True)
                    & Q(ew_percent__isnull=True)
                )
                | (
                    Q(ns_score__isnull=True)
                    & Q(ns_percent__isnull=False)
                    & Q(ew_percent__isnull=False)
                    & Q(ns_percent__lte=100)
                    & Q(ew_percent__lte=100)
                ),
                name="swiss_pairs_played_or_adjusted",
            ),
        ]

    def __str__(self) -> str:
        return f"Board {self.board}: {self.result}"

    @property
    def is_adjusted(self) -> bool:
        return self.ns_score is None


class SwissTableLink(models.Model):
    """One table's secret link for one round (its table row is the round's): whoever holds
    the token enters that table's boards of the round, and the opponents agree to them, on a
    phone, as a pairs table's link does (events.models.TableLink). Made with the round's draw,
    gone with it when the draw is taken back; revoked when the director reissues it."""

    table = models.ForeignKey(SwissPairsTable, on_delete=models.CASCADE, related_name="links")
    token = models.CharField(max_length=32, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table", "-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(revoked_at__isnull=True),
                name="swiss_table_link_one_live",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} link"

    @property
    def source(self) -> str:
        return f"table {self.table.table}"


class SwissTableEntry(models.Model):
    """A board's result as a table's phone entered it (`result`, the text it saved) and the
    opponents' answer. Kept by board number, since the director's save of the table stores
    its results afresh; once the director changes the board (it no longer reads `result`),
    it is the director's and the phone may no longer change it."""

    table = models.ForeignKey(SwissPairsTable, on_delete=models.CASCADE, related_name="entries")
    board = models.PositiveSmallIntegerField()
    link = models.ForeignKey(SwissTableLink, on_delete=models.CASCADE, related_name="entries")
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
        verbose_name_plural = "Swiss table entries"
        constraints = [
            models.UniqueConstraint(fields=["table", "board"], name="swiss_table_entry_once"),
            models.CheckConstraint(
                condition=Q(confirmed_at__isnull=True) | Q(queried_at__isnull=True),
                name="swiss_table_entry_confirmed_or_queried",
            ),
            models.CheckConstraint(
                condition=Q(ruling="") | Q(ruling="stands", queried_at__isnull=False),
                name="swiss_table_entry_ruling_needs_a_query",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table}, board {self.board}: {self.result}"
