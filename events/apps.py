from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "events"
    verbose_name = "Clubs and sessions"

    def ready(self):
        from django.core import checks

        from events.core import kinds
        from events.core.checks import sqlite_is_new_enough
        from events.handrecords import jobs, owners
        from events.models import Board, Event
        from events.standings import ranking  # noqa: F401  (it gives stored standings their rule)

        checks.register(sqlite_is_new_enough)
        kinds.register(
            kinds.EventKind(
                "session",
                Event,
                "session",
                detail="session_detail",
                listing="events",
                on_home=50,
                restore="session_restore",
                deleted_param="deleted",
            )
        )
        owners.register(
            owners.DealOwner(jobs.SESSION, Event, Board, "section__event_id", group="analysis-{}")
        )
