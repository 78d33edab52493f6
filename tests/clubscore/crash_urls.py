"""The site's URLs plus two views that fail, to see what a server error and a database that
did not answer show and log."""

from django.db import OperationalError
from django.urls import path

from clubscore.urls import urlpatterns as site_urlpatterns


def crash(request):
    raise ZeroDivisionError("a bug in a view")


def busy(request):
    raise OperationalError("canceling statement due to lock timeout")


urlpatterns = [path("crash/", crash), path("busy/", busy), *site_urlpatterns]
