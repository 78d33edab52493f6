from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "events"
    verbose_name = "Clubs and sessions"

    def ready(self):
        from django.core import checks

        from events.checks import sqlite_is_new_enough

        checks.register(sqlite_is_new_enough)
