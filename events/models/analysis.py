"""What every owner of hand records shares: the state of its background double-dummy analysis."""

from django.db import models

import scoring

__all__ = ["AnalysisFields", "DealAnalysisFields"]


class AnalysisFields(models.Model):
    """Double-dummy analysis of the hand records runs in the background (events.handrecords.jobs);
    these say when it was asked for and why the last attempt failed, so no failure is silent."""

    analysis_queued_at = models.DateTimeField(null=True, blank=True)
    analysis_attempts = models.PositiveSmallIntegerField(default=0)
    analysis_error = models.TextField(blank=True)

    class Meta:
        abstract = True


class DealAnalysisFields(models.Model):
    """A dealt board's double-dummy table and par, filled by the background analysis
    (events.handrecords.jobs); null until the deal has been analysed. The row's `number` gives
    its dealer and vulnerability (Law 2), as par is worked out for them."""

    dd = models.JSONField(
        null=True, blank=True, help_text='Double-dummy tricks: {"N": {"C": 9, ...}, ...}.'
    )
    par_score = models.IntegerField(
        null=True, blank=True, help_text="From NS's side (Pavlicek's par)."
    )
    par_contracts = models.CharField(max_length=100, blank=True)

    class Meta:
        abstract = True

    @property
    def dealer(self) -> str:
        return scoring.board_dealer(self.number)

    @property
    def vulnerability(self) -> str:
        return scoring.board_vulnerability(self.number)
