from django.apps import AppConfig


class TeamsConfig(AppConfig):
    name = "events.teams"
    label = "teams"
    verbose_name = "Teams events"
