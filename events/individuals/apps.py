from django.apps import AppConfig


class IndividualsConfig(AppConfig):
    name = "events.individuals"
    label = "individuals"
    verbose_name = "Individual events"

    def ready(self):
        # `events` lists individuals through its registry and never imports this app.
        from events.core import kinds
        from events.individuals.models import IndividualEvent

        kinds.register(
            kinds.EventKind(
                "individual",
                IndividualEvent,
                "individual",
                detail="individual_standings",
                listing="individual_events",
                restore="individual_restore",
                deleted_param="deleted_individual",
                on_home=20,
            )
        )
