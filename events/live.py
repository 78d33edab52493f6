"""Live pages: an open page asks every second whether its session changed.

Every change to a session (a result, a name, an option, publishing, finalising) moves the
session's version on. A poll carrying the version the page shows gets 204 for one query;
otherwise the page's live part, rendered once per version and kind of reader and shared by
every open copy of the page, so a room full of phones costs one render, not one each.
"""

import hashlib

from django.core.cache import cache
from django.db.models import F
from django.http import HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string

from events.access import is_director
from events.models import Event

LIVE_SECONDS = 600  # an entry outlives its version only until the next change anyway


def unchanged(request, event) -> bool:
    """A live page's poll for a session still at the version the page shows."""
    return bool(request.htmx) and request.GET.get("since") == str(event.version)


def touch(event) -> None:
    """Move the session's version on, so open pages fetch what changed."""
    Event.objects.filter(pk=event.pk).update(version=F("version") + 1)


def live_page(request, event, template: str, build_context, *key) -> HttpResponse:
    """The whole page, or for an HTMX poll its `live` part (or `template` itself when it is a
    fragment), with `build_context()` called only when nothing cached fits."""
    if unchanged(request, event):
        return HttpResponse(status=204)
    director = is_director(request, event)

    def context():
        return {"event": event, "director": director, **build_context()}

    if not request.htmx:
        return render(request, template, context())
    fragment = template if "#" in template or template.split("/")[-1].startswith("_") \
        else f"{template}#live"  # fmt: skip
    parts = (fragment, event.pk, event.created_at.timestamp(), event.version, director,
             request.path, *key)  # fmt: skip
    cache_key = "live:" + hashlib.sha1(repr(parts).encode()).hexdigest()
    html = cache.get(cache_key)
    if html is None:
        html = render_to_string(fragment, context(), request=request)
        cache.set(cache_key, html, LIVE_SECONDS)
    return HttpResponse(html)
