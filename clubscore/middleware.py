"""A request the database could not finish (a lock or statement timeout, a dropped connection)
is answered 503 with a page that says what happened and what to do, not the bare "something
went wrong" of a bug. Row saves answer for themselves beside the row (events/views/entry.py);
this covers every other page and form."""

import logging

from django.db import InterfaceError, OperationalError, connection
from django.http import HttpResponse
from django.template.loader import render_to_string

logger = logging.getLogger("clubscore.database")


class DatabaseBusyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, (OperationalError, InterfaceError)):
            return None
        logger.warning(
            "%s %s: the database did not finish it", request.method, request.path,
            exc_info=exception,
        )  # fmt: skip
        # A connection the failure left broken is replaced on the next request, not reused.
        connection.close_if_unusable_or_obsolete()
        # Rendered without the request: its context processors would ask the same database.
        page = render_to_string("503.html", {"was_a_change": request.method == "POST"})
        return HttpResponse(page, status=503, headers={"Retry-After": "5"})
