"""What owns deals the background analysis fills in: a pairs session (its sections' boards),
and each owner another app registers in its AppConfig.ready() (a one-table game's deals, a
teams event's), so that hand records import nothing of those apps.

An owner's rows carry `number`, `deal`, `dd`, `par_score` and `par_contracts`; the owner has
events.models.AnalysisFields.
"""

from dataclasses import dataclass

from django.db import models


@dataclass(frozen=True)
class DealOwner:
    kind: str  # the analysis task's argument: queued tasks keep it, so it never changes
    owner_model: type[models.Model]
    deal_model: type[models.Model]
    owner_lookup: str  # from a deal row to its owner's id
    group: str  # the task group's name, with {} for the owner's id

    def dealt(self, owner_id: int):
        return self.deal_model.objects.filter(**{self.owner_lookup: owner_id}).exclude(deal="")


_OWNERS: dict[str, DealOwner] = {}


def register(owner: DealOwner) -> None:
    _OWNERS[owner.kind] = owner


def get(kind: str) -> DealOwner:
    return _OWNERS[kind]


def of(owner: models.Model) -> DealOwner:
    """The DealOwner of a session, a one-table game, ..."""
    return next(known for known in _OWNERS.values() if isinstance(owner, known.owner_model))
