"""What a session shows beside its scratch standings, chosen by its director: masterpoint
strata (scoring/strata.py) and handicaps (scoring/handicaps.py)."""

from django.db import models
from django.db.models import F, Q

from scoring.domain import HandicapBasis, Handicapping, StratifyBy
from scoring.strata import Strata


def handicap_basis_field() -> models.CharField:
    """What a player's handicap is worked from: a session's, or a handicapped ladder's."""
    return models.CharField(
        max_length=10,
        choices=HandicapBasis.choices(),
        default=HandicapBasis.AVERAGE,
        verbose_name="a player's handicap from",
    )


class StandingOptionFields(models.Model):
    """A session's strata and handicaps: none while B's limit and the handicaps are blank."""

    # Stratified places beside the field's (scoring/strata.py): none while B's limit is blank.
    stratum_b_below = models.PositiveIntegerField(
        null=True,
        blank=True,
        verbose_name="stratum B: fewer than",
        help_text="Masterpoints; blank: the session is not stratified.",
    )
    stratum_c_below = models.PositiveIntegerField(
        null=True,
        blank=True,
        verbose_name="stratum C: fewer than",
        help_text="Masterpoints, below B's limit; blank: no stratum C.",
    )
    strata_by = models.CharField(
        max_length=10,
        choices=StratifyBy.choices(),
        default=StratifyBy.HIGHER,
        verbose_name="a pair's holding",
    )

    # Handicapped results beside the scratch ones (scoring/handicaps.py), from the players'
    # averages over the club's published sessions of the year before.
    handicapping = models.CharField(
        max_length=10,
        choices=Handicapping.choices(),
        default=Handicapping.NONE,
        blank=True,
        verbose_name="handicaps",
    )
    handicap_basis = handicap_basis_field()

    class Meta:
        abstract = True

    @property
    def strata(self) -> Strata | None:
        """The session's strata, None when it is not stratified."""
        if self.stratum_b_below is None:
            return None
        limits = (self.stratum_b_below, self.stratum_c_below)
        return Strata(tuple(limit for limit in limits if limit is not None), self.strata_by)

    def describe_strata(self) -> str:
        """The strata in words, e.g. "A open, B under 500, C under 200 (the higher holding)"."""
        strata = self.strata
        if strata is None:
            return "not stratified"
        bands = [f"{name} under {limit:,}" for name, limit in zip("BC", strata.limits)]
        holding = "the higher" if strata.by == StratifyBy.HIGHER else "the average"
        return f"A open, {', '.join(bands)} ({holding} of the two players' masterpoints)"

    def describe_handicaps(self) -> str:
        if not self.handicapping:
            return "No handicaps"
        share = "the whole" if self.handicapping == Handicapping.FULL else "half the"
        if self.handicap_basis == HandicapBasis.GRADE:
            basis = "grade in the club's ratings from its published sessions before"
        else:
            basis = "average percentage in the club's published sessions of the year before"
        return (
            f"Handicapped: {share} pair's handicap added, each player's handicap 50 less their "
            f"{basis}"
        )


# Event's own (an abstract model's constraints would be replaced by Event's Meta).
STANDING_OPTION_CONSTRAINTS = [
    models.CheckConstraint(
        condition=(Q(stratum_b_below__isnull=True) | Q(stratum_b_below__gte=1))
        & (
            Q(stratum_c_below__isnull=True)
            | Q(stratum_c_below__gte=1, stratum_c_below__lt=F("stratum_b_below"))
        )
        & Q(strata_by__in=[choice.value for choice in StratifyBy]),
        name="event_strata_nest",
        violation_error_message="Stratum C's limit is below stratum B's.",
    ),
    models.CheckConstraint(
        condition=Q(handicapping__in=[choice.value for choice in Handicapping]),
        name="event_handicapping_known",
    ),
    models.CheckConstraint(
        condition=Q(handicap_basis__in=[choice.value for choice in HandicapBasis]),
        name="event_handicap_basis_known",
    ),
]
