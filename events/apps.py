from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "events"
    verbose_name = "Clubs and sessions"

    def ready(self):
        from django.core import checks

        from events.checks import sqlite_is_new_enough
        from events.core import kinds
        from events.models import Event, OneTableSession

        checks.register(sqlite_is_new_enough)
        kinds.register(kinds.EventKind(
            "session", Event, "session", detail="session_detail", listing="events",
            on_home=50, restore="session_restore", deleted_param="deleted",
        ))  # fmt: skip
        kinds.register(kinds.EventKind(
            "one_table", OneTableSession, "one-table game", detail="one_table_tally",
            listing="one_table_games", on_home=20,
        ))  # fmt: skip
