from django.urls import path

from events.swiss_pairs import phone_views, views

urlpatterns = [
    path("swiss-pairs/", views.swiss_pairs_list, name="swiss_pairs_list"),
    path("swiss-pairs/new/", views.swiss_pairs_create, name="swiss_pairs_create"),
    path("swiss-pairs/<int:pk>/", views.swiss_pairs_event, name="swiss_pairs_event"),
    path("swiss-pairs/<int:pk>/pairs/", views.swiss_pairs_pairs, name="swiss_pairs_pairs"),
    path("swiss-pairs/<int:pk>/draw/", views.swiss_pairs_draw, name="swiss_pairs_draw"),
    path("swiss-pairs/<int:pk>/undraw/", views.swiss_pairs_undraw, name="swiss_pairs_undraw"),
    path("swiss-pairs/<int:pk>/publish/", views.swiss_pairs_publish, name="swiss_pairs_publish"),
    path(
        "swiss-pairs/<int:pk>/tables/<int:table_pk>/",
        views.swiss_pairs_table,
        name="swiss_pairs_table",
    ),
    path(
        "swiss-pairs/<int:pk>/tables/<int:table_pk>/award/",
        views.swiss_pairs_award,
        name="swiss_pairs_award",
    ),
    path(
        "swiss-pairs/<int:pk>/standings.pdf",
        views.swiss_pairs_standings_pdf,
        name="swiss_pairs_standings_pdf",
    ),
    # Entry at the tables: a table's phone (its token is its credential), the director's links.
    path("s/<token:token>/", phone_views.swiss_table_phone, name="swiss_table_phone"),
    path(
        "swiss-pairs/<int:pk>/rounds/<int:number>/phones/",
        phone_views.swiss_pairs_round_phones,
        name="swiss_pairs_round_phones",
    ),
    path(
        "swiss-pairs/<int:pk>/rounds/<int:number>/phones/make/",
        phone_views.swiss_pairs_round_phones_make,
        name="swiss_pairs_round_phones_make",
    ),
    path(
        "swiss-pairs/<int:pk>/links/<int:link_pk>/reissue/",
        phone_views.swiss_pairs_link_reissue,
        name="swiss_pairs_link_reissue",
    ),
    path(
        "swiss-pairs/<int:pk>/links/<int:link_pk>/qr.svg",
        phone_views.swiss_pairs_link_qr,
        name="swiss_pairs_link_qr",
    ),
    path(
        "swiss-pairs/<int:pk>/tables/<int:table_pk>/ruling/",
        phone_views.swiss_pairs_ruling,
        name="swiss_pairs_ruling",
    ),
]
