"""PDFs laid out by WeasyPrint (no browser to start): a session's from their own lean
templates (events/pdfs/documents.py), in the background worker (events/pdfs/store.py); a teams
event's from its pages' templates and print stylesheet, as they are asked for.

Nothing is fetched over the network: a page's stylesheet is read from the static files on disk
and every other URL a page names is refused.
"""

import logging
import math
import mimetypes
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from urllib.parse import unquote, urljoin, urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.template.loader import render_to_string

# WeasyPrint is imported where a PDF is made: it needs the Pango libraries, and without them
# only the PDF links should fail, not the whole site.

__all__ = [
    "MOST_BOARDS_ACROSS",
    "PAPERS",
    "Progress",
    "RecapPart",
    "StaticFilesOnly",
    "recap_in_parts",
    "render_document",
    "render_pdf",
]

# ?paper= values and their CSS page sizes: ISO for most clubs, US Letter for the ACBL's.
PAPERS = {"a4": "A4", "letter": "letter"}
# The boards across a landscape recap page at the PDF stylesheet's 7.5pt figures, with room for
# the names (A4 and US Letter alike; events/pdfs/documents.py); wider sections print in parts.
MOST_BOARDS_ACROSS = 16

# WeasyPrint warns of every screen-only rule it skips (width media queries, sticky headers) on
# every PDF; what matters (a stylesheet that failed to load) it logs as an error.
logging.getLogger("weasyprint").setLevel(logging.ERROR)
# Its progress (each page laid out) is what the "being prepared" page shows (Progress below),
# never a line in the logs.
_PROGRESS_LOG = logging.getLogger("weasyprint.progress")
_PROGRESS_LOG.setLevel(logging.INFO)
_PROGRESS_LOG.propagate = False


def render_pdf(request, template: str, context: dict, paper: str = "a4") -> bytes:
    """`template` rendered as its page would be, then printed to PDF on `paper`."""
    from weasyprint import HTML

    html = render_to_string(template, {**context, "pdf": True}, request=request)
    base_url = request.build_absolute_uri("/")  # the PDF's links lead back to the site
    fetcher = StaticFilesOnly(urljoin(base_url, settings.STATIC_URL))
    document = HTML(string=html, base_url=base_url, url_fetcher=fetcher)
    return document.write_pdf(stylesheets=[_paper_rules(PAPERS[paper])])


@dataclass(frozen=True)
class Progress:
    """How far a render has got, as the "being prepared" page says it."""

    step: str  # "Laying out page 3"
    pages: int  # laid out so far


_STEPS = {"Step 3": "Styling the pages", "Step 4": "Styling the pages",
          "Step 6": "Writing the file", "Step 7": "Writing the file"}  # fmt: skip


class _ProgressHandler(logging.Handler):
    """Hands WeasyPrint's progress lines, from the rendering thread only, to `report`."""

    def __init__(self, report: Callable[[Progress], None]):
        super().__init__(logging.INFO)
        self.report, self.thread, self.pages = report, threading.get_ident(), 0

    def emit(self, record):
        if record.thread != self.thread:
            return
        message = record.getMessage()
        if message.startswith("Step 5") and "Page" in message:
            self.pages = max(self.pages, int(message.split("Page ")[1].split()[0]))
            self.report(Progress(f"Laying out page {self.pages}", self.pages))
        elif message[:6] in _STEPS:
            self.report(Progress(_STEPS[message[:6]], self.pages))


def render_document(html: str, paper: str, report=None) -> tuple[bytes, int]:
    """A PDF document of ours (templates/events/pdf/, static/css/pdf.css) on `paper`, and its
    page count; `report(Progress)` hears how far it has got."""
    from weasyprint import HTML

    handler = _ProgressHandler(report) if report else None
    if handler:
        _PROGRESS_LOG.addHandler(handler)
    try:
        # Our documents name no URL at all: a reader's name can never make WeasyPrint fetch one.
        document = HTML(string=html, url_fetcher=_refuse).render(
            stylesheets=[_stylesheet(), _paper_rules(PAPERS[paper])]
        )
        pdf = document.write_pdf()
    finally:
        if handler:
            _PROGRESS_LOG.removeHandler(handler)
    return pdf, len(document.pages)


def _refuse(url, *args, **kwargs):
    raise ValueError(f"A session PDF loads nothing, not {url}")


@cache
def _stylesheet():
    """static/css/pdf.css, parsed once per process."""
    from weasyprint import CSS

    return CSS(filename=finders.find("css/pdf.css") or staticfiles_storage.path("css/pdf.css"))


@cache
def _paper_rules(size: str):
    from weasyprint import CSS

    # A user stylesheet, so `!important` to beat the page's own `@page recap { size: landscape }`.
    return CSS(
        string=f"""
        @page {{ size: {size} !important;
          @bottom-left {{ content: string(heading); font: 7pt sans-serif; color: #5b6478; }}
          @bottom-right {{ content: counter(page) " / " counter(pages);
                           font: 7pt sans-serif; color: #5b6478; }} }}
        @page recap {{ size: {size} landscape !important; }}
        h1 {{ string-set: heading content(); }}
        """
    )


class StaticFilesOnly:
    """A WeasyPrint URL fetcher that serves the app's static files from disk and refuses
    every other URL (a refused URL is a warning, not a failed PDF)."""

    _fail_on_errors = False  # read by WeasyPrint's fetching

    def __init__(self, static_url: str):
        self.static_url = static_url

    def __call__(self, url):
        return self.fetch(url)

    def fetch(self, url, headers=None):
        from weasyprint.urls import URLFetcherResponse

        if not url.startswith(self.static_url):
            raise ValueError(f"A PDF loads only Clubscore's static files, not {url}")
        name = unquote(urlsplit(url[len(self.static_url) :]).path)
        path = finders.find(name)
        if path is None and staticfiles_storage.exists(name):
            path = staticfiles_storage.path(name)  # collectstatic's hashed names in production
        if path is None:
            raise ValueError(f"No static file {name}")
        with open(path, "rb") as file:
            body = file.read()
        content_type = mimetypes.guess_type(name)[0] or "application/octet-stream"
        return URLFetcherResponse(url, body, {"Content-Type": content_type})


@dataclass(frozen=True)
class RecapPart:
    """Some boards of a section's recap; the recap template titles it "section {name}"."""

    name: str

    @property
    def shown_name(self) -> str:  # as a Section's: the recap titles either the same way
        return self.name


def recap_in_parts(recap: list, most: int = MOST_BOARDS_ACROSS) -> list:
    """`recaps.recap(...)` with every section wider than `most` boards cut into parts of
    nearly equal width, each a printed page, so that no board's column falls off the paper."""
    parts = []
    for section, boards, tables in recap:
        count = math.ceil(len(boards) / most)
        if count <= 1:
            parts.append((section, boards, tables))
            continue
        size = math.ceil(len(boards) / count)
        for start in range(0, len(boards), size):
            shown = boards[start : start + size]
            part = RecapPart(f"{section.shown_name}, boards {shown[0].number}–{shown[-1].number}")
            cut = [
                (title, [replace(row, cells=row.cells[start : start + size]) for row in rows])
                for title, rows in tables
            ]
            parts.append((part, shown, cut))
    return parts
