from django.apps import AppConfig


class IndividualsConfig(AppConfig):
    name = "events.individuals"
    label = "individuals"
    verbose_name = "Individual events"

    def ready(self):
        # `events` lists individuals through its registry and never imports this app.
        from events.core import kinds
        from events.formats import IndividualFile
        from events.handrecords import owners
        from events.individuals import importing
        from events.individuals.models import IndividualDeal, IndividualEvent

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
                file_import=kinds.FileImport(
                    IndividualFile,
                    importing.import_individual_file,
                    importing.imported_in_words,
                    importing.imported_summary,
                    file_words="an individual's file",
                    penalties_words="an individual has no penalties",
                ),
            )
        )
        # The background analysis fills in an individual's deals as a session's boards.
        owners.register(
            owners.DealOwner(
                "individual", IndividualEvent, IndividualDeal, "event_id",
                group="analysis-individual-{}",
            )
        )  # fmt: skip
