from django.urls import path

from events.individuals import deal_views, phone, views

urlpatterns = [
    path("individuals/new/", views.individual_create, name="individual_create"),
    path("individuals/<int:pk>/", views.individual_standings, name="individual_standings"),
    path("individuals/<int:pk>/players/", views.individual_players, name="individual_players"),
    path("individuals/<int:pk>/boards/<int:number>/", views.individual_board,
         name="individual_board"),
    path("individuals/<int:pk>/boards/<int:number>/stands/", views.individual_result_stands,
         name="individual_result_stands"),
    path("individuals/<int:pk>/players/<int:number>/", views.individual_card,
         name="individual_card"),
    path("individuals/table/<str:token>/", phone.individual_table_phone,
         name="individual_table_phone"),
    path("individuals/<int:pk>/standings.pdf", views.individual_standings_pdf,
         name="individual_standings_pdf"),
    path("individuals/<int:pk>/results.json", views.individual_results_json,
         name="individual_results_json"),
    path("individuals/<int:pk>/results.pbn", views.individual_results_pbn,
         name="individual_results_pbn"),
    path("individuals/<int:pk>/delete/", views.individual_delete, name="individual_delete"),
    path("individuals/<int:pk>/restore/", views.individual_restore, name="individual_restore"),
    path("individuals/<int:pk>/hand-records/", deal_views.individual_hand_records,
         name="individual_hand_records"),
    path("individuals/<int:pk>/hand-records/retry/", deal_views.individual_analysis_retry,
         name="individual_analysis_retry"),
    path("individuals/<int:pk>/publish/", views.individual_publish, name="individual_publish"),
]  # fmt: skip
