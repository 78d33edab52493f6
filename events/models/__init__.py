"""Clubs own sessions; a session has sections of pairs and boards; boards collect results.

The database refuses impossible data itself: unique seats on a board, no pair against itself,
levels 0-7 and tricks 0-13, adjusted percentages 0-100, and a score wherever one is needed.
"""

from .analysis import AnalysisFields
from .championships import MAX_SESSIONS, Championship, ChampionshipSession, Entrant
from .choices import *  # noqa: F403
from .choices import HANCOCK_DOUBLED_CHOICES, HANCOCK_VULNERABLE_CHOICES
from .clubs import Club, Member, ScoringOptionFields
from .ladders import Ladder
from .mail import ResultMail
from .merges import MemberMerge
from .pdfs import PDF_KINDS, PDF_PAPERS, SessionPdf
from .results import Penalty, Result, ResultChange, ResultQuerySet, SessionChange
from .sessions import Board, Event, EventQuerySet, Pair, Section
from .standings import StoredStanding
from .table_links import TableEntry, TableLink, TablePhoneOptions

__all__ = [
    "AnalysisFields", "Board", "Club", "Event", "EventQuerySet", "Member", "Pair", "Penalty",
    "Result", "ResultChange", "ResultMail", "ResultQuerySet", "ScoringOptionFields", "Section",
    "SessionChange",
    "SessionPdf",
    "PDF_KINDS", "PDF_PAPERS", "HANCOCK_DOUBLED_CHOICES", "HANCOCK_VULNERABLE_CHOICES",
    "TableEntry", "TableLink", "TablePhoneOptions", "Championship", "ChampionshipSession",
    "Entrant", "MAX_SESSIONS", "StoredStanding", "Ladder", "MemberMerge",
]  # fmt: skip
