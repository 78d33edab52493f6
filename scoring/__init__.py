"""Clubscore's scoring engine: pure Python, no Django. Every published number comes from here."""

from scoring.adjusted import adjusted_imps, adjusted_matchpoints
from scoring.board_scoring import METHODS, BoardPoints, score_board
from scoring.boards import board_dealer, board_vulnerability, is_vulnerable
from scoring.contracts import Contract, contract_score, parse_contract
from scoring.entry import Entry, parse_entry, possible_ns_scores
from scoring.field_imps import butler, cross_imps
from scoring.hdb import hdb_imps, hdb_set_vps
from scoring.imps import imps
from scoring.matchpoints import matchpoints, neuberg
from scoring.movements import Movement, Pair, Seating, howell, mitchell
from scoring.ranking import rank
from scoring.standings import ScoredResult, Standing, standings
from scoring.vps import vp_harris, vp_wbf

__all__ = [
    "METHODS",
    "BoardPoints",
    "Contract",
    "Entry",
    "Movement",
    "Pair",
    "ScoredResult",
    "Seating",
    "Standing",
    "adjusted_imps",
    "adjusted_matchpoints",
    "board_dealer",
    "board_vulnerability",
    "butler",
    "contract_score",
    "cross_imps",
    "hdb_imps",
    "hdb_set_vps",
    "howell",
    "imps",
    "is_vulnerable",
    "matchpoints",
    "mitchell",
    "neuberg",
    "parse_contract",
    "parse_entry",
    "possible_ns_scores",
    "rank",
    "score_board",
    "standings",
    "vp_harris",
    "vp_wbf",
]
