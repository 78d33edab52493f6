"""What every owner of hand records shares: the state of its background double-dummy analysis."""

from django.db import models

__all__ = ["AnalysisFields"]


class AnalysisFields(models.Model):
    """Double-dummy analysis of the hand records runs in the background (events.handrecords.jobs);
    these say when it was asked for and why the last attempt failed, so no failure is silent."""

    analysis_queued_at = models.DateTimeField(null=True, blank=True)
    analysis_attempts = models.PositiveSmallIntegerField(default=0)
    analysis_error = models.TextField(blank=True)

    class Meta:
        abstract = True
