from django.apps import AppConfig


class IndividualsConfig(AppConfig):
    name = "events.individuals"
    label = "individuals"
    verbose_name = "Individual events"

    def ready(self):
        # `events` lists individuals through its registry and never imports this app.
        from events.core import kinds
        from events.formats import IndividualFile
        from events.individuals import importing
        from events.individuals.models import IndividualEvent

        kinds.register(
            kinds.EventKind(
                "individual",
                IndividualEvent,
                "individual",
                detail="individual_standings",
                listing="individual_events",
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
