"""Results on boards, their history, and penalties off a pair's score."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from events.core.invisible import validate_visible

from .sessions import Board, Pair

REASON_LENGTH = 200  # a correction's reason: a sentence, not a report


class ResultQuerySet(models.QuerySet):
    def for_board(self, board):
        return self.filter(board=board).select_related("ns_pair", "ew_pair")

    def for_section(self, section):
        return self.filter(board__section=section).select_related("board", "ns_pair", "ew_pair")


class Result(models.Model):
    PLAYED, ADJUSTED, NOT_PLAYED, WEIGHTED = "played", "adjusted", "not_played", "weighted"
    KIND_CHOICES = [
        (PLAYED, "played"), (ADJUSTED, "adjusted"), (NOT_PLAYED, "not played"),
        (WEIGHTED, "weighted adjusted"),
    ]  # fmt: skip

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="results")
    ns_pair = models.ForeignKey(Pair, on_delete=models.PROTECT, related_name="ns_results")
    ew_pair = models.ForeignKey(Pair, on_delete=models.PROTECT, related_name="ew_results")
    round = models.PositiveSmallIntegerField(null=True, blank=True)
    kind = models.CharField(max_length=10, choices=KIND_CHOICES)
    text = models.CharField(max_length=30, help_text="The result as the traveller shows it.")
    contract_level = models.PositiveSmallIntegerField(null=True, blank=True)  # 0: passed out
    contract_strain = models.CharField(max_length=2, blank=True)
    doubled = models.PositiveSmallIntegerField(default=0)
    declarer = models.CharField(max_length=1, blank=True)
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    ns_score = models.IntegerField(null=True, blank=True)
    ns_percent = models.PositiveSmallIntegerField(null=True, blank=True)
    ew_percent = models.PositiveSmallIntegerField(null=True, blank=True)
    foul_group = models.PositiveSmallIntegerField(
        default=0, help_text="Law 87: results of a fouled board in each form are scored apart."
    )
    ns_points = models.FloatField(null=True, blank=True)
    ew_points = models.FloatField(null=True, blank=True)
    top = models.FloatField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    # The session's version when this result was last written. A save carries the version of
    # the row it was typed against, so a second typist never silently replaces the first; as
    # session versions only go up, a result deleted and entered again never looks unchanged.
    version = models.PositiveIntegerField(default=1)

    objects = ResultQuerySet.as_manager()

    class Meta:
        # No default ordering: it would join boards and pairs into every lookup on the save path.
        constraints = [
            models.UniqueConstraint(fields=["board", "ns_pair"], name="result_ns_once_a_board"),
            models.UniqueConstraint(fields=["board", "ew_pair"], name="result_ew_once_a_board"),
            models.CheckConstraint(
                condition=~Q(ns_pair=F("ew_pair")), name="result_pair_never_plays_itself"
            ),
            models.CheckConstraint(
                condition=Q(tricks__isnull=True) | Q(tricks__lte=13), name="result_tricks_0_13"
            ),
            models.CheckConstraint(
                condition=Q(contract_level__isnull=True) | Q(contract_level__lte=7),
                name="result_level_0_7",
            ),
            models.CheckConstraint(condition=Q(doubled__lte=2), name="result_doubled_0_2"),
            models.CheckConstraint(
                condition=Q(declarer__in=["", "N", "E", "S", "W"]), name="result_declarer_seat"
            ),
            models.CheckConstraint(
                condition=~Q(kind="played") | Q(ns_score__isnull=False),
                name="result_played_has_score",
            ),
            models.CheckConstraint(
                condition=~Q(kind="adjusted") | (Q(ns_percent__lte=100) & Q(ew_percent__lte=100)),
                name="result_adjusted_has_percentages",
            ),
            models.CheckConstraint(
                condition=Q(kind__in=["played", "adjusted", "not_played", "weighted"]),
                name="result_kind",
            ),
            models.CheckConstraint(condition=Q(foul_group__lte=9), name="result_foul_group_0_9"),
        ]

    def __str__(self) -> str:
        return f"Board {self.board.number}: {self.ns_pair} v {self.ew_pair}: {self.text}"


class ResultChange(models.Model):
    """Every create, correction and deletion of a result: who, when, before and after."""

    CREATED, CORRECTED, DELETED = "created", "corrected", "deleted"
    REPLACED = "replaced"  # typed over a result someone else saved meanwhile, after seeing it
    # The director's ruling on a result the opponents queried at the table (`source` says
    # which table): the same line saved again, or another one.
    UPHELD, RULED = "upheld", "ruled"
    ACTION_CHOICES = [
        (CREATED, "entered"), (CORRECTED, "corrected"), (DELETED, "deleted"),
        (REPLACED, "replaced a result saved meanwhile"),
        (UPHELD, "ruled that the result stands after a query"),
        (RULED, "ruled a new result after a query"),
    ]  # fmt: skip

    # A board the movement stops playing (a Howell cut short) is removed, its history not:
    # the line keeps the board's number and goes with its pairs, when the session goes.
    board = models.ForeignKey(
        Board, null=True, blank=True, on_delete=models.SET_NULL, related_name="changes"
    )
    former_board_number = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The board's number once the board was removed."
    )
    ns_pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+")
    ew_pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+")
    action = models.CharField(max_length=10, choices=ACTION_CHOICES)
    old_text = models.CharField(max_length=30, blank=True)
    new_text = models.CharField(max_length=30, blank=True)
    old_ns_score = models.IntegerField(null=True, blank=True)
    new_ns_score = models.IntegerField(null=True, blank=True)
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    changed_at = models.DateTimeField(auto_now_add=True)
    source = models.CharField(
        max_length=40, blank=True, help_text="Where it was entered, e.g. “table 3” (phone entry)."
    )
    # A change after the session was finalised is a correction: it needs its reason, and
    # players see it (the reason too, when the director publishes it).
    reason = models.CharField(
        max_length=REASON_LENGTH,
        blank=True,
        help_text="Why a finalised result was corrected; blank before finalising.",
    )
    reason_public = models.BooleanField(
        default=False, help_text="Players see the reason with the correction."
    )

    class Meta:
        ordering = ["-changed_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(reason_public=False) | ~Q(reason=""),
                name="result_change_public_reason_given",
            ),
        ]

    def __str__(self) -> str:
        shown = self.new_text or self.old_text
        board = self.board.number if self.board else f"{self.former_board_number} (removed)"
        return f"Board {board}: {self.get_action_display()} {shown}"

    @property
    def is_correction(self) -> bool:
        """Made after the session was finalised (then always with its reason)."""
        return bool(self.reason)


class Penalty(models.Model):
    """A procedural penalty off a pair's score, shown beside it on the results."""

    POINTS, PERCENT = "points", "percent"
    UNIT_CHOICES = [(POINTS, "matchpoints or IMPs"), (PERCENT, "% of a top (matchpoints)")]

    pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="penalties")
    amount = models.DecimalField(max_digits=6, decimal_places=2)
    unit = models.CharField(max_length=8, choices=UNIT_CHOICES, default=POINTS)
    reason = models.CharField(max_length=100, blank=True, validators=[validate_visible])
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="penalty_amount_positive"),
            models.CheckConstraint(
                condition=Q(unit__in=["points", "percent"]), name="penalty_unit"
            ),
        ]

    def __str__(self) -> str:
        unit = "%" if self.unit == self.PERCENT else " points"
        return f"{self.pair}: -{self.amount}{unit} {self.reason}".strip()


class SessionChange(models.Model):
    """A section's movement changed after results were in (a late table, a bigger movement,
    rounds cut): when, by whom, from what to what, and the results it removed, word for word.
    The removed results' lines are also in their boards' history (ResultChange, "deleted")."""

    event = models.ForeignKey(
        "events.Event", on_delete=models.CASCADE, related_name="session_changes"
    )
    section_name = models.CharField(max_length=3)
    changed_at = models.DateTimeField(auto_now_add=True)
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    before = models.CharField(
        max_length=120, help_text="The movement before, e.g. 7-table Mitchell."
    )
    after = models.CharField(max_length=120, help_text="The movement after the change.")
    kept = models.PositiveIntegerField(help_text="Results the new movement still seats.")
    removed = models.TextField(
        blank=True, help_text="The results removed, one a line (board, pairs, result)."
    )

    class Meta:
        ordering = ["-changed_at", "-pk"]
        constraints = [
            models.CheckConstraint(condition=~Q(before=F("after")), name="session_change_changes"),
        ]

    def __str__(self) -> str:
        return f"{self.before} → {self.after}"

    @property
    def removed_lines(self) -> list[str]:
        return [line for line in self.removed.splitlines() if line]
