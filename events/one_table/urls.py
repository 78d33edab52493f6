"""A one-table game's pages: every name as it was when they were `events` URLs."""

from django.urls import path

from events.one_table import views

urlpatterns = [
    path("one-table/new/", views.one_table_create, name="one_table_create"),
    path("one-table/<int:pk>/", views.one_table_tally, name="one_table_tally"),
    path("one-table/<int:pk>/hands/<int:number>/", views.one_table_hand, name="one_table_hand"),
    path("one-table/<int:pk>/publish/", views.one_table_publish, name="one_table_publish"),
    path(
        "one-table/<int:pk>/hand-records/",
        views.one_table_hand_records,
        name="one_table_hand_records",
    ),
    path(
        "one-table/<int:pk>/hand-records/retry/",
        views.one_table_analysis_retry,
        name="one_table_analysis_retry",
    ),
    path("one-table/<int:pk>/method/", views.one_table_method, name="one_table_method"),
]
