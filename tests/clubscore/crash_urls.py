"""The site's URLs plus one view that fails, to see what a server error shows and logs."""

from django.urls import path

from clubscore.urls import urlpatterns as site_urlpatterns


def crash(request):
    raise ZeroDivisionError("a bug in a view")


urlpatterns = [path("crash/", crash), *site_urlpatterns]
