from django.apps import AppConfig


class TeamsConfig(AppConfig):
    name = "events.teams"
    label = "teams"
    verbose_name = "Teams events"

    def ready(self):
        # `events` lists, deletes, imports and exports teams events through its registry of
        # kinds: it never imports this app, which imports it.
        from events.club import merging
        from events.core import kinds
        from events.formats import TeamsFile
        from events.handrecords import owners
        from events.teams import importer, models, usebio_writer
        from events.teams.merging import LISTED

        merging.register(LISTED)  # a merge of two members renames the teams' players

        kinds.register(
            kinds.EventKind(
                "teams",
                models.TeamsEvent,
                "teams event",
                detail="teams_event",
                listing="teams_events",
                restore="teams_restore",
                deleted_param="deleted_teams",
                file_import=kinds.FileImport(
                    TeamsFile,
                    importer.import_teams_file,
                    importer.imported_in_words,
                    importer.imported_summary,
                    file_words="a teams file",
                    penalties_words="a teams event's go on its matches' pages",
                ),
                results_file=usebio_writer.write_usebio_teams,
            )
        )
        # The background analysis fills in a teams event's deals as a session's boards.
        owners.register(
            owners.DealOwner(
                "teams", models.TeamsEvent, models.TeamsDeal, "event_id", group="analysis-teams-{}"
            )
        )
