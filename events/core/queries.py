"""Queries of the hot paths (a save, a refresh) that several modules run, prepared once
(events.core.prepared); those of one module live beside their use."""

from events.core.prepared import prepared
from events.models import Pair


@prepared
def section_pairs(section):
    """A section's pairs, in the model's order (direction, number)."""
    return Pair.objects.filter(section=section)
