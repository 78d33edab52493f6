"""A championship: two to four pairs sessions of a club played as one event, its entrants
(the pairs that play it, whatever their numbers in each session) and their combined standings
(scoring.championship_standings, through events/standings/championship.py)."""

from django.db import models
from django.db.models import Q

from events.core.invisible import validate_visible
from scoring.domain import Combination, MissedSession, QualifyBy

from .clubs import Club
from .sessions import Event

MAX_SESSIONS = 4  # the most a championship holds: an afternoon and evening over two days


class Championship(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="championships")
    name = models.CharField(max_length=100, validators=[validate_visible])
    combination = models.CharField(
        max_length=10, choices=Combination.choices(), default=Combination.FACTORED
    )
    missed = models.CharField(
        max_length=10,
        choices=MissedSession.choices(),
        default=MissedSession.ZERO,
        help_text="What a session an entrant did not play counts.",
    )
    version = models.PositiveIntegerField(
        default=0, help_text="Goes up when its entrants or options change."
    )
    # The final (scoring/carry_forward.py): a session of the club the best of the qualifying
    # stage (the championship's sessions) go through to, carrying a share of their score.
    final = models.OneToOneField(
        Event,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="championship_final",
    )
    finalists = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="How many go through (overall or of each section)."
    )
    qualify_by = models.CharField(
        max_length=10, choices=QualifyBy.choices(), default=QualifyBy.OVERALL
    )
    carry_percent = models.PositiveSmallIntegerField(
        default=50, help_text="The share of the qualifying score carried into the final, in %."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(combination__in=[c.value for c in Combination])
                & Q(missed__in=[m.value for m in MissedSession]),
                name="championship_options_known",
            ),
            models.CheckConstraint(
                condition=Q(qualify_by__in=[q.value for q in QualifyBy])
                & Q(carry_percent__lte=100)
                & (Q(final__isnull=True) | Q(finalists__gte=1)),
                name="championship_final_options",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class ChampionshipSession(models.Model):
    """One session of a championship, in its place (1 to MAX_SESSIONS). A session counts in
    one championship at most."""

    championship = models.ForeignKey(Championship, on_delete=models.CASCADE, related_name="stages")
    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="stage")
    order = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["order"]
        constraints = [
            models.UniqueConstraint(
                fields=["championship", "order"], name="championship_session_order_unique"
            ),
            models.CheckConstraint(
                condition=Q(order__gte=1) & Q(order__lte=MAX_SESSIONS),
                name="championship_session_order_1_to_4",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.championship}: session {self.order}"


class Entrant(models.Model):
    """A pair of a championship: each session's pair that is this entrant points here
    (Pair.entrant)."""

    championship = models.ForeignKey(
        Championship, on_delete=models.CASCADE, related_name="entrants"
    )
    number = models.PositiveSmallIntegerField()
    player1 = models.CharField(max_length=60, blank=True, validators=[validate_visible])
    player2 = models.CharField(max_length=60, blank=True, validators=[validate_visible])

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(
                fields=["championship", "number"], name="entrant_number_unique"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="entrant_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.number} {self.names}".strip()

    @property
    def names(self) -> str:
        return " & ".join(name for name in (self.player1, self.player2) if name)
