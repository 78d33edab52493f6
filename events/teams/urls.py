"""A teams event's pages: every name as it was when they were `events` URLs."""

from django.urls import path

from events.teams import deal_views, match_views, phone_views, session_views, views

urlpatterns = [
    path("teams/", views.teams_list, name="teams_list"),
    path("teams/new/", views.teams_create, name="teams_create"),
    path("teams/<int:pk>/", views.teams_event, name="teams_event"),
    path("teams/<int:pk>/teams/", views.teams_teams, name="teams_teams"),
    path("teams/<int:pk>/draw/", views.teams_draw, name="teams_draw"),
    path("teams/<int:pk>/undraw/", views.teams_undraw, name="teams_undraw"),
    path("teams/<int:pk>/publish/", views.teams_publish, name="teams_publish"),
    path("teams/<int:pk>/delete/", views.teams_delete, name="teams_delete"),
    path("teams/<int:pk>/restore/", views.teams_restore, name="teams_restore"),
    path("teams/<int:pk>/standings.pdf", views.teams_standings_pdf, name="teams_standings_pdf"),
    path("teams/<int:pk>/results.xml", views.teams_usebio, name="teams_usebio"),
    path("teams/<int:pk>/results.pbn", deal_views.teams_pbn, name="teams_pbn"),
    path("teams/<int:pk>/hand-records/", deal_views.teams_hand_records, name="teams_hand_records"),
    path(
        "teams/<int:pk>/hand-records/retry/",
        deal_views.teams_analysis_retry,
        name="teams_analysis_retry",
    ),
    path(
        "teams/<int:pk>/rounds/<int:number>/hand-records.pdf",
        deal_views.teams_round_hand_records_pdf,
        name="teams_round_hand_records_pdf",
    ),
    path("teams/<int:pk>/rounds/<int:number>/", views.teams_round, name="teams_round"),
    path(
        "teams/<int:pk>/sessions/<int:number>/",
        session_views.teams_session,
        name="teams_session",
    ),
    path("teams/<int:pk>/rounds/<int:number>.pdf", views.teams_round_pdf, name="teams_round_pdf"),
    path("teams/<int:pk>/matches/<int:match_pk>/", views.teams_match, name="teams_match"),
    path(
        "teams/<int:pk>/matches/<int:match_pk>/enter/",
        match_views.teams_match_enter,
        name="teams_match_enter",
    ),
    path(
        "teams/<int:pk>/matches/<int:match_pk>/adjust/",
        match_views.teams_match_adjust,
        name="teams_match_adjust",
    ),
    path(
        "teams/<int:pk>/matches/<int:match_pk>/watch/",
        match_views.teams_match_watch,
        name="teams_match_watch",
    ),
    path("teams/<int:pk>/withdraw/", views.teams_withdraw, name="teams_withdraw"),
    # Entry in the rooms: a room's phone (its token is its credential), the director's links.
    path("r/<token:token>/", phone_views.room_phone, name="teams_room_phone"),
    path(
        "teams/<int:pk>/rounds/<int:number>/rooms/",
        phone_views.teams_round_rooms,
        name="teams_round_rooms",
    ),
    path(
        "teams/<int:pk>/rounds/<int:number>/rooms/make/",
        phone_views.teams_round_rooms_make,
        name="teams_round_rooms_make",
    ),
    path(
        "teams/<int:pk>/matches/<int:match_pk>/ruling/",
        phone_views.teams_room_ruling,
        name="teams_room_ruling",
    ),
    path(
        "teams/<int:pk>/room-links/<int:link_pk>/reissue/",
        phone_views.teams_room_link_reissue,
        name="teams_room_link_reissue",
    ),
    path(
        "teams/<int:pk>/room-links/<int:link_pk>/qr.svg",
        phone_views.teams_room_link_qr,
        name="teams_room_link_qr",
    ),
]
