from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from events.views import lifecycle, staff

handler404 = lifecycle.not_found

urlpatterns = [
    path("admin/login/", staff.admin_login),  # before the admin's own: directors go to the app
    path("admin/", admin.site.urls),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("", include("events.urls")),
]
