"""One-table games (Hancock's points, or the One-Table Duplicate-Style Par Scoring Tally
Sheet's par IMPs): four players, no field, every hand scored
against a par."""

from django.db import models
from django.db.models import Q

import scoring
from events.core.dates import EARLIEST_DATE, LAST_STORABLE_DATE
from events.core.invisible import validate_visible
from events.models.analysis import AnalysisFields, DealAnalysisFields
from events.models.choices import HANCOCK_DOUBLED_CHOICES, HANCOCK_VULNERABLE_CHOICES
from events.models.clubs import Club
from events.models.sessions import ClubEventFields
from scoring.domain import Direction, OneTableMethod

ONE_TABLE_METHOD_CHOICES = OneTableMethod.choices()
ONE_TABLE_METHODS = [method.value for method in OneTableMethod]
SEAT_CHOICES = [("N", "N"), ("E", "E"), ("S", "S"), ("W", "W")]
SCORING_LINE_CHOICES = [("", "the dealer's side"), *Direction.choices()]


class OneTableSession(AnalysisFields, ClubEventFields):
    """Four friends at one table: each hand is scored against a par, not against a field."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="one_table_sessions")
    name = models.CharField(max_length=100, default="One-table game", validators=[validate_visible])
    date = models.DateField()
    north = models.CharField(max_length=60, blank=True, validators=[validate_visible])
    east = models.CharField(max_length=60, blank=True, validators=[validate_visible])
    south = models.CharField(max_length=60, blank=True, validators=[validate_visible])
    west = models.CharField(max_length=60, blank=True, validators=[validate_visible])
    boards = models.PositiveSmallIntegerField(
        default=16, help_text="16 plays every dealer and vulnerability once."
    )
    method = models.CharField(
        max_length=10, choices=ONE_TABLE_METHOD_CHOICES, default=OneTableMethod.PAR_IMPS
    )
    doubled_rule = models.CharField(
        max_length=10,
        choices=HANCOCK_DOUBLED_CHOICES,
        default="ignore",
        verbose_name="Doubled and redoubled (Hancock)",
    )
    vulnerable_rule = models.CharField(
        max_length=20,
        choices=HANCOCK_VULNERABLE_CHOICES,
        default="ignore",
        verbose_name="Vulnerability (Hancock)",
    )

    class Meta:
        # The tables keep the names they had when one-table games were models of `events`.
        db_table = "events_onetablesession"
        ordering = ["-date", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(date__gte=EARLIEST_DATE) & Q(date__lte=LAST_STORABLE_DATE),
                name="one_table_date_1925_to_2099",
                violation_error_message="A game's date is from 1 Jan 1925 to 31 Dec 2099.",
            ),
            models.CheckConstraint(
                condition=Q(boards__gte=1) & Q(boards__lte=32), name="one_table_boards_1_to_32"
            ),
            models.CheckConstraint(
                condition=Q(method__in=ONE_TABLE_METHODS), name="one_table_method_known"
            ),
            models.CheckConstraint(
                condition=Q(doubled_rule__in=scoring.hancock.DOUBLED_RULES)
                & Q(vulnerable_rule__in=scoring.hancock.VULNERABLE_RULES),
                name="one_table_hancock_rules_known",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d %b %Y})"

    @property
    def is_par_imps(self) -> bool:
        return self.method == OneTableMethod.PAR_IMPS

    @property
    def is_hancock(self) -> bool:
        return self.method == OneTableMethod.HANCOCK

    @property
    def is_dd_par(self) -> bool:
        return self.method == OneTableMethod.DD_PAR

    @property
    def ns_names(self) -> str:
        return " & ".join(name for name in (self.north, self.south) if name)

    @property
    def ew_names(self) -> str:
        return " & ".join(name for name in (self.east, self.west) if name)


class OneTableHand(models.Model):
    """One hand as the table wrote it down: what was bid, made and held."""

    session = models.ForeignKey(OneTableSession, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField()
    contract = models.CharField(max_length=6, help_text="4S, 3NTX, 7NTXX or PASS.")
    declarer = models.CharField(max_length=1, blank=True)  # blank when passed out
    tricks = models.PositiveSmallIntegerField(default=0)
    hcp_ns = models.PositiveSmallIntegerField()
    fit = models.CharField(max_length=3, blank=True, help_text="9H; blank for no 8-card fit.")
    scoring_line = models.CharField(
        max_length=2, blank=True, help_text="On a 20-20 hand: NS or EW instead of the dealer's."
    )
    trump_length_7 = models.BooleanField(
        default=False, help_text="Hancock: a declaring hand holds 7 or more trumps."
    )
    side_voids = models.PositiveSmallIntegerField(
        default=0, help_text="Hancock: the declaring side's voids in the other suits."
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "events_onetablehand"
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="one_table_hand_once"),
            models.CheckConstraint(condition=Q(number__gte=1), name="one_table_hand_positive"),
            models.CheckConstraint(condition=Q(tricks__lte=13), name="one_table_tricks_0_13"),
            models.CheckConstraint(condition=Q(hcp_ns__lte=40), name="one_table_hcp_0_40"),
            models.CheckConstraint(
                condition=Q(declarer__in=["", "N", "E", "S", "W"]), name="one_table_declarer_seat"
            ),
            models.CheckConstraint(
                condition=Q(scoring_line__in=["", *Direction]), name="one_table_scoring_line"
            ),
            models.CheckConstraint(condition=Q(side_voids__lte=6), name="one_table_side_voids"),
        ]

    def __str__(self) -> str:
        return f"Hand {self.number}: {self.contract} {self.declarer}".strip()

    @property
    def declared_by_ns(self) -> bool:
        return self.declarer in ("N", "S")

    @property
    def declared_by_ew(self) -> bool:
        return self.declarer in ("E", "W")


class OneTableDeal(DealAnalysisFields):
    """A hand of a one-table game as the hand record dealt it, and its double-dummy analysis."""

    game = models.ForeignKey(OneTableSession, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveSmallIntegerField()
    deal = models.CharField(max_length=80, help_text="PBN deal, e.g. N:AKQ.…")

    class Meta:
        db_table = "events_onetabledeal"
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="one_table_deal_once"),
            models.CheckConstraint(condition=Q(number__gte=1), name="one_table_deal_positive"),
            models.CheckConstraint(condition=~Q(deal=""), name="one_table_deal_dealt"),
        ]

    def __str__(self) -> str:
        return f"Hand {self.number}"
