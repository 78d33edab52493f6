from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.middleware.csrf import REASON_NO_CSRF_COOKIE
from django.shortcuts import render
from django.urls import include, path

from events.club import staff
from events.sessions import lifecycle_views as lifecycle

# Errors: templates/404.html (through lifecycle.not_found), 403.html, 500.html, and below the
# CSRF failure (settings.CSRF_FAILURE_VIEW), each in players' words, never a debug page.
handler404 = lifecycle.not_found


def csrf_failure(request, reason=""):
    """An expired session or blocked cookies, explained; no_cookie adds a hint for the server."""
    context = {"no_cookie": reason == REASON_NO_CSRF_COOKIE}
    return render(request, "403_csrf.html", context, status=403)


urlpatterns = [
    path("admin/login/", staff.admin_login),  # before the admin's own: directors go to the app
    path("admin/", admin.site.urls),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("", include("events.urls")),
    path("", include("events.teams.urls")),
    path("", include("events.one_table.urls")),
    path("", include("events.individuals.urls")),
    path("", include("events.swiss_pairs.urls")),
]
