"""Each ranked pair's masterpoint award, by the rule its club chose (scoring/masterpoints.py).

Awards go to the groups the standings rank, each a comparison group of the rule: a Mitchell
direction counts its section's tables with a half table as a full one (the ACBL Handbook's
"7 1/2 tables would be 8 pairs in each group"), a one-winner field counts its pairs (the
ABF's rule then seats them two a table, a half table as whole).
"""

from collections.abc import Hashable
from fractions import Fraction

import scoring


def rule_of(event) -> scoring.MasterpointRule | None:
    return scoring.MASTERPOINT_RULES.get(event.club.masterpoints)


def group_awards(rule, groups: dict) -> dict[Hashable, scoring.Award]:
    """pair pk -> award, for `groups` keyed as events.standings.ranking ranks them: a direction
    or None, or a (section, direction) pair, each with its scoring.Standing list."""
    pairs_of_section: dict = {}
    for key, members in groups.items():
        section = key[0] if isinstance(key, tuple) else None
        pairs_of_section[section] = pairs_of_section.get(section, 0) + len(members)
    awards = {}
    for key, members in groups.items():
        section, direction = key if isinstance(key, tuple) else (None, key)
        if direction is None:
            size = len(members)
        else:
            tables = Fraction(pairs_of_section[section], 2)
            size = max(scoring.comparison_groups(tables, howell=False)[0], len(members))
        placed = [standing for standing in members if standing.rank]
        places = [standing.rank for standing in placed]
        # The session's length for the ABF's and the EBU's rules: the most boards a pair played.
        boards = max((standing.boards for standing in members), default=0)
        for standing, award in zip(
            placed,
            scoring.masterpoint_awards(rule, size, places, direction is None, boards),
            strict=True,
        ):
            awards[standing.pair] = award
    return awards
