"""A club's ladder: its players ranked over the club's pairs sessions between two dates by
one of the rules of scoring.ladders (docs/rules.md, "Ladders")."""

from django.db import models
from django.db.models import F, Q

from events.core.invisible import validate_visible
from scoring.domain import LadderRule

from .clubs import Club


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
        ]

    def __str__(self) -> str:
        return self.name
