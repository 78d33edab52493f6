"""The task path PDF renders were queued under before the PDFs moved to events/pdfs/.

django-q stores a queued task as the dotted path of its function. A render queued by the
previous release names `events.pdf_store.render`; without this module the worker could not
import it after an upgrade, and that PDF's row would wait in the queue for good. New renders
are queued under `events.pdfs.store.render` (its TASK). Keep this module for as long as a
release before the move may be upgraded from.
"""

from events.pdfs.store import render

__all__ = ["render"]
