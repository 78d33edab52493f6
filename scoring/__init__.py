"""Clubscore's scoring engine: pure Python, no Django. Every published number comes from here."""

from scoring.adjusted import adjusted_imps, adjusted_matchpoints
from scoring.board_scoring import (
    IMP_METHODS,
    MATCHPOINT_METHODS,
    METHODS,
    BoardPoints,
    on_own_top,
    score_board,
)
from scoring.boards import board_dealer, board_vulnerability, is_vulnerable
from scoring.contracts import Contract, contract_score, parse_contract
from scoring.domain import (
    AdjustedBoards,
    AdjustedRule,
    Choice,
    CrossImpForm,
    Direction,
    Method,
    MissingResults,
    MovementKind,
    OneTableMethod,
    Percentages,
    Places,
    Rounding,
    TeamsKind,
    Totals,
)
from scoring.entry import Entry, NeedsConfirmation, parse_entry, possible_ns_scores
from scoring.field_imps import butler, cross_imp_totals, cross_imps
from scoring.fouled import split_foul_group
from scoring.hancock import hancock_points
from scoring.hdb import hdb_imps, hdb_set_vps
from scoring.imps import imps
from scoring.matchpoints import matchpoints, neuberg
from scoring.movement_checks import check_movement
from scoring.movement_guides import (
    PairStop,
    TableGuide,
    board_copies,
    bye_stand,
    pair_guide,
    table_guides,
)
from scoring.movements import (
    Movement,
    Pair,
    Seating,
    howell,
    howell_lengths,
    mitchell,
    mitchell_rounds,
)
from scoring.one_table import (
    DDParResult,
    OneTableResult,
    dd_par_board,
    one_table_board,
    one_table_par,
    tally,
)
from scoring.options import ScoringOptions, parse_butler_drop
from scoring.par import Par, par
from scoring.presets import PRESETS, Preset, matching_preset, preset_of
from scoring.ranking import rank
from scoring.rounding import printed, round_half_away, rounded
from scoring.session import (
    COUNTED_KINDS,
    ResultLine,
    ScoredResult,
    boards_apart,
    common_due,
    common_top,
    due_of,
    score_section,
)
from scoring.standing_moves import Move, Placing, standing_moves
from scoring.standings import Penalty, Standing, standings
from scoring.team_movements import SwissEntry, berger_rounds, ko_totals, swiss_round
from scoring.teams import AVERAGE_PLUS_IMPS, board_imps, match_imps
from scoring.vps import (
    VP_SCALES,
    ClubVPTable,
    match_vps,
    parse_club_vp_table,
    vp_harris,
    vp_wbf,
)

__all__ = [
    "printed",
    "round_half_away",
    "rounded",
    "IMP_METHODS",
    "MATCHPOINT_METHODS",
    "METHODS",
    "Penalty",
    "ResultLine",
    "ScoringOptions",
    "COUNTED_KINDS",
    "boards_apart",
    "common_due",
    "common_top",
    "due_of",
    "cross_imp_totals",
    "parse_butler_drop",
    "score_section",
    "on_own_top",
    "PRESETS",
    "Preset",
    "matching_preset",
    "preset_of",
    "split_foul_group",
    "BoardPoints",
    "Contract",
    "Entry",
    "Movement",
    "NeedsConfirmation",
    "OneTableResult",
    "DDParResult",
    "Par",
    "hancock_points",
    "one_table_board",
    "dd_par_board",
    "one_table_par",
    "par",
    "tally",
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
    "howell_lengths",
    "check_movement",
    "table_guides",
    "pair_guide",
    "board_copies",
    "bye_stand",
    "PairStop",
    "TableGuide",
    "imps",
    "is_vulnerable",
    "matchpoints",
    "mitchell",
    "mitchell_rounds",
    "neuberg",
    "parse_contract",
    "parse_entry",
    "possible_ns_scores",
    "rank",
    "score_board",
    "standings",
    "vp_harris",
    "vp_wbf",
    "VP_SCALES",
    "ClubVPTable",
    "match_vps",
    "parse_club_vp_table",
    "AVERAGE_PLUS_IMPS",
    "board_imps",
    "match_imps",
    "SwissEntry",
    "berger_rounds",
    "ko_totals",
    "swiss_round",
    "Choice",
    "Direction",
    "MovementKind",
    "Method",
    "OneTableMethod",
    "TeamsKind",
    "Totals",
    "MissingResults",
    "AdjustedRule",
    "CrossImpForm",
    "Rounding",
    "AdjustedBoards",
    "Percentages",
    "Places",
    "Move",
    "Placing",
    "standing_moves",
]
