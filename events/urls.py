from django.urls import path, register_converter
from django.urls.converters import StringConverter

from events.championships import views as championships
from events.club import home, player_views, rating_views
from events.club import views as roster
from events.entry import views as entry
from events.formats import views as transfer
from events.handrecords import views as hand_records
from events.ladders import views as ladders
from events.mail import views as mail
from events.pdfs import views as pdf
from events.phone import views as table_phone
from events.sessions import late_views
from events.sessions import lifecycle_views as lifecycle
from events.sessions import views as sessions
from events.standings import views as results


class TableTokenConverter(StringConverter):
    """A table link's token, as secrets.token_urlsafe writes it. Any other character (a NUL,
    which PostgreSQL refuses in a query) is no table's link: a 404 without a query."""

    regex = "[A-Za-z0-9_-]+"


register_converter(TableTokenConverter, "token")

urlpatterns = [
    path("", home.home, name="home"),
    path("sessions/new/", sessions.session_create, name="session_create"),
    path("sessions/import/", transfer.session_import, name="session_import"),
    path("sessions/<int:pk>/", sessions.session_detail, name="session_detail"),
    path("sessions/<int:pk>/publish/", sessions.session_publish, name="session_publish"),
    path("sessions/<int:pk>/finalise/", results.session_finalise, name="session_finalise"),
    path("sessions/<int:pk>/strata/", results.session_strata, name="session_strata"),
    path("sessions/<int:pk>/mails/retry/", mail.retry_mails, name="session_mails_retry"),
    path("sessions/<int:pk>/corrections/", results.session_corrections, name="session_corrections"),
    path("sessions/<int:pk>/recap/", results.recap, name="session_recap"),
    path("sessions/<int:pk>/standings/", results.standings_fragment, name="session_standings"),
    path("sessions/<int:pk>/travellers/", results.travellers, name="session_travellers"),
    path("sessions/<int:pk>/rounds/", results.barometer_rounds, name="session_rounds"),
    path("sessions/<int:pk>/pairs/<int:pair_pk>/", results.score_card, name="score_card"),
    path("sessions/<int:pk>/score-cards/", results.score_cards, name="score_cards"),
    path(
        "sessions/<int:pk>/standings.pdf",
        pdf.session_pdf,
        {"kind": "standings"},
        name="session_standings_pdf",
    ),
    path(
        "sessions/<int:pk>/recap.pdf",
        pdf.session_pdf,
        {"kind": "recap"},
        name="session_recap_pdf",
    ),
    path(
        "sessions/<int:pk>/travellers.pdf",
        pdf.session_pdf,
        {"kind": "travellers"},
        name="session_travellers_pdf",
    ),
    path(
        "sessions/<int:pk>/score-cards.pdf",
        pdf.session_pdf,
        {"kind": "score-cards"},
        name="score_cards_pdf",
    ),
    path("clubs/<slug:slug>/", results.club_sessions, name="club_sessions"),
    path(
        "clubs/<slug:slug>/championships/new/",
        championships.championship_create,
        name="championship_create",
    ),
    path("championships/<int:pk>/", championships.championship_detail, name="championship_detail"),
    path(
        "championships/<int:pk>/after/<int:order>/",
        championships.championship_after,
        name="championship_after",
    ),
    path(
        "championships/<int:pk>/entrants/",
        championships.championship_entrants,
        name="championship_entrants",
    ),
    path(
        "championships/<int:pk>/final/",
        championships.championship_final,
        name="championship_final",
    ),
    path(
        "championships/<int:pk>/standings.pdf",
        championships.championship_pdf,
        name="championship_pdf",
    ),
    path("clubs/<slug:slug>/ladders/new/", ladders.ladder_create, name="ladder_create"),
    path("ladders/<int:pk>/", ladders.ladder_detail, name="ladder_detail"),
    path("ladders/<int:pk>/edit/", ladders.ladder_edit, name="ladder_edit"),
    path("ladders/<int:pk>/ladder.pdf", ladders.ladder_pdf, name="ladder_pdf"),
    path("clubs/<slug:slug>/players/<int:member_pk>/", player_views.player, name="player_page"),
    path(
        "championships/<int:pk>/results.json",
        championships.championship_results_file,
        {"format_name": "json"},
        name="championship_json",
    ),
    path(
        "championships/<int:pk>/results.xml",
        championships.championship_results_file,
        {"format_name": "usebio"},
        name="championship_usebio",
    ),
    path("clubs/<slug:slug>/ratings/", rating_views.club_ratings_page, name="club_ratings"),
    path("clubs/<slug:slug>/members/", roster.roster, name="roster"),
    path("clubs/<slug:slug>/members/import/", roster.roster_import, name="roster_import"),
    path("clubs/<slug:slug>/members/<int:member_pk>/", roster.member_edit, name="member_edit"),
    path(
        "clubs/<slug:slug>/members/<int:member_pk>/merge/",
        roster.member_merge,
        name="member_merge",
    ),
    path(
        "clubs/<slug:slug>/members/<int:member_pk>/active/",
        roster.member_active,
        name="member_active",
    ),
    path("sessions/<int:pk>/cards/", sessions.table_cards, name="table_cards"),
    path("sessions/<int:pk>/pairs/", sessions.session_pairs, name="session_pairs"),
    path("sessions/<int:pk>/options/", sessions.session_options, name="session_options"),
    path("sessions/<int:pk>/edit/", lifecycle.session_edit, name="session_edit"),
    path("sessions/<int:pk>/movement/", late_views.session_movement, name="session_movement"),
    path(
        "sessions/<int:pk>/movement/<str:section>/",
        late_views.section_movement,
        name="section_movement",
    ),
    path("sessions/<int:pk>/delete/", lifecycle.session_delete, name="session_delete"),
    path("sessions/<int:pk>/restore/", lifecycle.session_restore, name="session_restore"),
    path("sessions/<int:pk>/penalties/", sessions.session_penalties, name="session_penalties"),
    path(
        "sessions/<int:pk>/penalties/<int:penalty_pk>/delete/",
        sessions.penalty_delete,
        name="penalty_delete",
    ),
    path("sessions/<int:pk>/results.json", transfer.session_export, name="session_export"),
    path("sessions/<int:pk>/results.csv", transfer.session_results_csv, name="session_results_csv"),
    path(
        "sessions/<int:pk>/masterpoints.csv",
        transfer.session_masterpoints_csv,
        name="session_masterpoints_csv",
    ),
    path(
        "sessions/<int:pk>/travellers.csv",
        transfer.session_travellers_csv,
        name="session_travellers_csv",
    ),
    # Every other format of events.formats.WRITERS (pbn, ...); json and csv are above.
    path(
        "sessions/<int:pk>/results.<slug:format_name>",
        transfer.session_results_file,
        name="session_results_file",
    ),
    path("sessions/<int:pk>/hand-records/", hand_records.hand_records, name="hand_records"),
    path(
        "sessions/<int:pk>/hand-records/retry/",
        hand_records.analysis_retry,
        name="analysis_retry",
    ),
    path(
        "sessions/<int:pk>/hand-records/sheet/",
        hand_records.hand_record_sheet,
        name="hand_record_sheet",
    ),
    path(
        "sessions/<int:pk>/hand-records.pdf",
        pdf.session_pdf,
        {"kind": "hand-records"},
        name="hand_record_sheet_pdf",
    ),
    path("boards/<int:pk>/", entry.board_traveller, name="board_traveller"),
    path("boards/<int:pk>/history/", entry.board_history, name="board_history"),
    path(
        "sections/<int:pk>/tables/<int:table>/rounds/<int:round_number>/",
        entry.table_round,
        name="table_round",
    ),
    path(
        "sections/<int:pk>/tables/<int:table>/rounds/<int:round_number>/grid/",
        entry.table_round_grid,
        name="table_round_grid",
    ),
    path("results/<int:pk>/delete/", entry.result_delete, name="result_delete"),
    path("t/<token:token>/", table_phone.table_phone, name="table_phone"),
    path("sessions/<int:pk>/table-links/", table_phone.table_links, name="table_links"),
    path(
        "sessions/<int:pk>/table-links/make/",
        table_phone.table_links_make,
        name="table_links_make",
    ),
    path(
        "sessions/<int:pk>/table-links/options/",
        table_phone.table_links_options,
        name="table_links_options",
    ),
    path(
        "sessions/<int:pk>/table-links/<int:link_pk>/reissue/",
        table_phone.table_link_reissue,
        name="table_link_reissue",
    ),
    path(
        "sessions/<int:pk>/table-links/<int:link_pk>/qr.svg",
        table_phone.table_link_qr,
        name="table_link_qr",
    ),
]
