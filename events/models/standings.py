"""Each pair's place and score in a session, as its standings last computed them: what pages
spanning many sessions (a player's season, a ladder) read in one query instead of scoring
every session again (events/standings/stored.py keeps them).

They are a copy, never the truth: the traveller lines are. A row whose `basis` is not its
session's current one is out of date and is replaced before it is read.
"""

from django.db import models
from django.db.models import Q

from .sessions import Event, Pair


class StoredStanding(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="stored_standings")
    pair = models.OneToOneField(Pair, on_delete=models.CASCADE, related_name="stored_standing")
    # The session's version and the club's masterpoint rule the row was computed under.
    basis = models.CharField(max_length=40)
    group = models.CharField(max_length=60, help_text="The pairs ranked together, e.g. NS pairs.")
    group_size = models.PositiveSmallIntegerField()
    rank = models.CharField(max_length=8, blank=True, help_text="Blank: no board played yet.")
    boards = models.PositiveSmallIntegerField()
    # Exact fractions as text ("427/2"): no float ever rounds a half matchpoint away. Text of
    # any length: a factored or Neuberg-adjusted figure's denominator can be long.
    points = models.TextField()
    possible = models.TextField(blank=True)
    percentage = models.TextField(blank=True, help_text="Blank: IMPs.")
    average = models.TextField(blank=True, help_text="IMPs per board played.")
    masterpoints = models.TextField(blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=~Q(basis="") & ~Q(points=""), name="stored_standing_has_basis"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.pair}: {self.rank or '-'} in {self.group}"
