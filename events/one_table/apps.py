from django.apps import AppConfig


class OneTableConfig(AppConfig):
    name = "events.one_table"
    label = "one_table"
    verbose_name = "One-table games"

    def ready(self):
        # `events` lists one-table games and analyses their deals through its registries: it
        # never imports this app, which imports it.
        from events.club import merging
        from events.core import kinds
        from events.handrecords import jobs, owners
        from events.one_table.merging import SEATED
        from events.one_table.models import OneTableDeal, OneTableSession

        merging.register(SEATED)  # a merge of two members renames the games' seats

        kinds.register(
            kinds.EventKind(
                "one_table",
                OneTableSession,
                "one-table game",
                detail="one_table_tally",
                listing="one_table_games",
                on_home=20,
            )
        )
        owners.register(
            owners.DealOwner(
                jobs.GAME, OneTableSession, OneTableDeal, "game_id", group="analysis-one-table-{}"
            )
        )
