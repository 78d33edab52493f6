from django.apps import AppConfig


class SwissPairsConfig(AppConfig):
    name = "events.swiss_pairs"
    label = "swiss_pairs"
    verbose_name = "Swiss pairs"

    def ready(self):
        # `events` lists Swiss pairs events through its registry; it never imports this app.
        from events.core import kinds
        from events.swiss_pairs.models import SwissPairsEvent

        kinds.register(
            kinds.EventKind(
                "swiss_pairs",
                SwissPairsEvent,
                "Swiss pairs event",
                detail="swiss_pairs_event",
                listing="swiss_pairs_events",
            )
        )
