"""Answers in words where Django's own would be bare or a crash.

A request the database could not finish (a lock or statement timeout, a dropped connection)
is answered 503 with a page that says what happened and what to do, not the bare "something
went wrong" of a bug. Row saves answer for themselves beside the row (events/entry/views.py);
this covers every other page and form.

A form Django cannot read (sent in another charset than UTF-8, cut short, with more fields
than any page has, or larger than DATA_UPLOAD_MAX_MEMORY_SIZE) is answered 400 or 413 with
a page that says so, and one log line.
"""

import logging

from django.conf import settings
from django.core.exceptions import (
    BadRequest,
    RequestDataTooBig,
    TooManyFieldsSent,
    TooManyFilesSent,
)
from django.db import InterfaceError, OperationalError, connection
from django.http import HttpResponse, UnreadablePostError
from django.http.multipartparser import MultiPartParserError
from django.template.loader import render_to_string
from django.utils.log import log_response

logger = logging.getLogger("clubscore.database")
form_logger = logging.getLogger("clubscore.forms")

# Read and thrown away so the client reads the answer: a server that closes a connection
# with part of the request unread resets it, and the answer can be lost with it (nginx then
# shows "not answering", 502). Beyond this much, the client is not a browser sending a form.
DRAIN_AT_MOST = 64 * 1024 * 1024


class DatabaseBusyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, (OperationalError, InterfaceError)):
            return None
        logger.warning(
            "%s %s: the database did not finish it",
            request.method,
            request.path,
            exc_info=exception,
        )
        # A connection the failure left broken is replaced on the next request, not reused.
        connection.close_if_unusable_or_obsolete()
        # Rendered without the request: its context processors would ask the same database.
        page = render_to_string("503.html", {"was_a_change": request.method == "POST"})
        return HttpResponse(page, status=503, headers={"Retry-After": "5"})


class FormBodyMiddleware:
    """Reads a POST's form before anything else does (the CSRF check is the first to read it),
    and answers itself when Django cannot read it.

    Left to Django, a form declared in another charset than UTF-8 raised BadRequest in the
    CSRF check, and again in each error handler (they check the token too): a bare 500 and
    some 800 lines of tracebacks. A form over DATA_UPLOAD_MAX_MEMORY_SIZE stopped the CSRF
    check half way through the body: a bare 400, a traceback mailed to the admins, and behind
    nginx often its "not answering" page, since the unread rest reset the connection.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method == "POST":
            try:
                request.POST  # noqa: B018 -- read now, so nothing later meets the error
            except RequestDataTooBig:
                return _refusal(request, 413, "too-big", "over DATA_UPLOAD_MAX_MEMORY_SIZE")
            except (TooManyFieldsSent, TooManyFilesSent):
                return _refusal(request, 400, "too-many", "more fields than any page has")
            except BadRequest as error:  # a charset other than UTF-8
                return _refusal(request, 400, "charset", str(error))
            except (MultiPartParserError, UnreadablePostError) as error:
                return _refusal(request, 400, "unreadable", str(error) or type(error).__name__)
        return self.get_response(request)


def _drain(request) -> None:
    left = min(int(request.META.get("CONTENT_LENGTH") or 0), DRAIN_AT_MOST)
    try:
        while left > 0 and (chunk := request.read(min(left, 1024 * 1024))):
            left -= len(chunk)
    except OSError:  # the client went away: nobody is left to answer
        pass


def _refusal(request, status: int, reason: str, detail: str) -> HttpResponse:
    _drain(request)
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE // (1024 * 1024)
    page = render_to_string("400.html", {"reason": reason, "limit_mb": limit})
    response = HttpResponse(page, status=status)
    # One line, instead of Django's bare "Bad Request: /path" for it.
    log_response(
        "%s %s: form not read (%s, %s bytes): %s",
        request.method,
        request.path,
        reason,
        request.META.get("CONTENT_LENGTH") or "?",
        detail,
        response=response,
        request=request,
        logger=form_logger,
    )
    return response
