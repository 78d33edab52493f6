"""Live pages: an open page asks every second whether its session changed (every 30 s once
the session is final: FINAL_POLL). Their templates write the polling region with `{% live %}`
(events/templatetags/live.py).

Every change to a session (a result, a name, an option, publishing, finalising) moves the
session's version on. A poll carrying the version the page shows gets 204 for one query;
otherwise the page's live part, rendered once per version and kind of reader (the club's
directors, everyone else) and shared by every open copy of the page, so a room full of phones
costs one render, not one each.

A reader without a session cookie is anonymous for certain: their requests are answered without
loading a session or issuing a CSRF token, so the polls set no cookie, do not vary by cookie,
and say `public, max-age=1` with an ETag: a shared cache in front may answer the room (nginx
until the end of the second the answer was made in: X-Accel-Expires).
"""

import functools
import hashlib
import time

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.http import HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import parse_etags

from events.core.access import is_director

LIVE_SECONDS = 600  # an entry outlives its version only until the next change anyway

POLL = "every 1s"
# A final session changes only by a correction (events/sessions/finalising.py): rare, but a page
# left open must not go on showing, as if it were the result, what a correction replaced. So its
# open pages ask every 30 s rather than never: a correction reaches them within half a minute,
# for a thirtieth of the requests. The answer that brings the finalising carries this
# trigger, so an open page slows down by itself.
FINAL_POLL = "every 30s"


def poll_trigger(subject) -> str:
    """How often an open page of `subject` asks (its hx-trigger). Teams events and one-table
    games have no final state: they ask every second as long as they are open."""
    return FINAL_POLL if getattr(subject, "finalised", False) else POLL


def unchanged(request, event) -> bool:
    """A live page's poll for a session still at the version the page shows."""
    return bool(request.htmx) and request.GET.get("since") == str(event.version)


def live_view(view):
    """For a public live page's view: a reader without a session cookie is answered as an
    anonymous one without touching the session, and its polls may be cached by anyone for a
    second; everyone else's stay private (an unpublished session is for its directors)."""

    @functools.wraps(view)
    def wrapped(request, *args, **kwargs):
        spectator = settings.SESSION_COOKIE_NAME not in request.COOKIES
        if spectator:
            request.user = AnonymousUser()
        response = view(request, *args, **kwargs)
        if not request.htmx:
            patch_vary_headers(response, ["Cookie"])  # the page's menus depend on the login
        elif spectator and response.status_code in (200, 204, 304):
            patch_cache_control(response, public=True, max_age=1)
            # nginx counts whole seconds: kept for "max-age=1", an answer lasts until the end
            # of the next second, up to 2 s, and a save waited that long in its cache before
            # the next poll could see it. Kept until the end of this second, never over 1 s.
            response["X-Accel-Expires"] = f"@{int(time.time())}"
        else:
            patch_cache_control(response, private=True, no_cache=True)
        return response

    return wrapped


def live_page(request, event, template: str, build_context, *key) -> HttpResponse:
    """The whole page, or for an HTMX poll its `live` part (or `template` itself when it is a
    fragment), with `build_context()` called only when nothing cached fits."""
    if unchanged(request, event):
        return HttpResponse(status=204)
    director = is_director(request, event)
    if not request.htmx:
        return render(request, template, {"event": event, "director": director,
                                          **build_context()})  # fmt: skip
    fragment = (
        template
        if "#" in template or template.split("/")[-1].startswith("_")
        else f"{template}#live"
    )
    parts = (
        fragment,
        event.pk,
        event.created_at.timestamp(),
        event.version,
        director,
        request.path,
        *key,
    )
    digest = hashlib.sha1(repr(parts).encode()).hexdigest()
    etag = f'"{digest}"'
    if etag in parse_etags(request.headers.get("If-None-Match", "")):
        response = HttpResponse(status=304)
    else:
        response = HttpResponse(
            _fragment(request, f"live:{digest}", fragment, event, director, build_context)
        )
    response["ETag"] = etag
    return response


def _fragment(request, cache_key, fragment, event, director, build_context) -> str:
    """The live part as this kind of reader sees it (a director's has the director's links)."""
    html = cache.get(cache_key)
    if html is None:
        context = {"event": event, "director": director, **build_context()}
        html = render_to_string(fragment, context, request=request)
        cache.set(cache_key, html, LIVE_SECONDS)
    return html
