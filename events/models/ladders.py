"""A club's ladder: its players ranked over the club's pairs sessions between two dates by
one of the rules of scoring.ladders (docs/rules.md, "Ladders")."""

from django.db import models
from django.db.models import F, Q

from events.core.invisible import validate_visible
from scoring.domain import HandicapBasis, Handicapping, LadderRule

from .clubs import Club
from .standing_options import handicap_basis_field


class Ladder(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="ladders")
    name = models.CharField(max_length=100, validators=[validate_visible])
    rule = models.CharField(max_length=12, choices=LadderRule.choices(), default=LadderRule.BEST)
    sessions = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="N of a best-N ladder, the minimum of an average or handicapped one; none for "
        "masterpoints.",
    )
    # A handicapped ladder's share of each pair's handicap and what a player's is worked from,
    # as a handicapped session's own page chooses them (scoring/handicaps.py).
    handicapping = models.CharField(
        max_length=10,
        choices=[c for c in Handicapping.choices() if c[0] != Handicapping.NONE],
        default=Handicapping.FULL,
        verbose_name="handicap added",
    )
    handicap_basis = handicap_basis_field()
    start = models.DateField()
    end = models.DateField()
    version = models.PositiveIntegerField(default=0, help_text="Goes up when it is edited.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start", "name", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(rule__in=[r.value for r in LadderRule]), name="ladder_rule_known"
            ),
            models.CheckConstraint(
                condition=Q(rule=LadderRule.MASTERPOINTS, sessions__isnull=True)
                | (~Q(rule=LadderRule.MASTERPOINTS) & Q(sessions__gte=1)),
                name="ladder_sessions_fit_rule",
            ),
            models.CheckConstraint(condition=Q(end__gte=F("start")), name="ladder_end_after_start"),
            models.CheckConstraint(
                condition=Q(handicapping__in=[Handicapping.FULL.value, Handicapping.HALF.value])
                & Q(handicap_basis__in=[basis.value for basis in HandicapBasis]),
                name="ladder_handicap_known",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def describe_handicap(self) -> str:
        """How a handicapped ladder's session counts, in words, as the ladder page says it."""
        share = "the whole" if self.handicapping == Handicapping.FULL else "half the"
        if self.handicap_basis == HandicapBasis.GRADE:
            basis = "grade from the club's published sessions before it"
        else:
            basis = "average percentage in the club's published sessions of the year before it"
        return (
            f"Each session counts its percentage with {share} pair's handicap added: 50 less "
            f"each player's {basis}, the partners' handicaps averaged."
        )
