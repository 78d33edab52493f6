from django.urls import path

from events.views import entry, home, results, sessions, transfer

urlpatterns = [
    path("", home.home, name="home"),
    path("sessions/new/", sessions.session_create, name="session_create"),
    path("sessions/import/", transfer.session_import, name="session_import"),
    path("sessions/<int:pk>/", sessions.session_detail, name="session_detail"),
    path("sessions/<int:pk>/publish/", sessions.session_publish, name="session_publish"),
    path("sessions/<int:pk>/finalise/", results.session_finalise, name="session_finalise"),
    path("sessions/<int:pk>/recap/", results.recap, name="session_recap"),
    path("sessions/<int:pk>/standings/", results.standings_fragment, name="session_standings"),
    path("sessions/<int:pk>/travellers/", results.travellers, name="session_travellers"),
    path("sessions/<int:pk>/pairs/<int:pair_pk>/", results.score_card, name="score_card"),
    path("sessions/<int:pk>/score-cards/", results.score_cards, name="score_cards"),
    path("clubs/<slug:slug>/", results.club_sessions, name="club_sessions"),
    path("sessions/<int:pk>/cards/", sessions.table_cards, name="table_cards"),
    path("sessions/<int:pk>/pairs/", sessions.session_pairs, name="session_pairs"),
    path("sessions/<int:pk>/options/", sessions.session_options, name="session_options"),
    path("sessions/<int:pk>/penalties/", sessions.session_penalties, name="session_penalties"),
    path(
        "sessions/<int:pk>/penalties/<int:penalty_pk>/delete/",
        sessions.penalty_delete,
        name="penalty_delete",
    ),
    path("sessions/<int:pk>/results.json", transfer.session_export, name="session_export"),
    path("sessions/<int:pk>/results.csv", transfer.session_results_csv, name="session_results_csv"),
    path(
        "sessions/<int:pk>/travellers.csv",
        transfer.session_travellers_csv,
        name="session_travellers_csv",
    ),
    path("boards/<int:pk>/", entry.board_traveller, name="board_traveller"),
    path("boards/<int:pk>/history/", entry.board_history, name="board_history"),
    path(
        "sections/<int:pk>/tables/<int:table>/rounds/<int:round_number>/",
        entry.table_round,
        name="table_round",
    ),
    path("results/<int:pk>/delete/", entry.result_delete, name="result_delete"),
]
