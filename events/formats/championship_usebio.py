"""A championship as one USEBIO 1.2 file: an EVENT with a SESSION for each session
(events.formats.usebio_read.read_usebio_sessions reads it back, session by session).

The layout follows the public USEBIO readers: an EVENT's SESSION_COUNT, and a SESSION element
for each session with its SESSION_ID, holding what a one-session EVENT holds (Marc Shearer's
*ImportUsebio*, `Usebio Parser.swift`, reads a SESSION's children as an EVENT's and picks one
session of a file by its SESSION_ID). Each SESSION holds its SECTIONs (PARTICIPANTS and BOARDs
with their lines, as the session's own file has them) and, Clubscore's choice where the files
we found say nothing, the session's own EVENT_DESCRIPTION and DATE; the sessions play different
deals under the same board numbers, so each BOARD carries its HANDs instead of one HANDSET.
The EVENT's own PARTICIPANTS, before the SESSIONs, are the outright standings: each entrant
as a PAIR numbered as the championship numbers it, with its combined total (a percentage
where the sessions' percentages are averaged) and place; the ASE Scorer's help, *Running a
multi-session event*, calls these the event's outright pair numbers and results.

A championship's final (docs/rules.md, "Qualifying stage and final"), once its reader may see
results in it, is one more SESSION after the qualifying ones, SESSION_ID "F" and STAGE="FINAL"
(Clubscore's own words: USEBIO has none for a final): its description, date and SECTIONs as
any session's, and before them a CARRY_FORWARD with the share of the qualifying percentage
carried (CARRY_PERCENT, the EBU White Book's *Carry-forward Score Formula* carries half), the
pairs that go through (FINALISTS, QUALIFY_BY "overall" or "section" as ACBLscore's manual
offers both) and the final's standings: each finalist a PAIR numbered as the outright numbers
it, with its CARRIED_SCORE, its final percentage, TOTAL_SCORE and PLACE. The outright stays
the qualifying stage's, as it was before finals were written.
"""

from lxml import etree

import scoring
from events.championships.final import FinalStandings, final_standings
from events.championships.standings import combined_standings
from events.formats.csv_export import federation_numbers
from events.formats.usebio_write import (
    PROGRAM_NAME,
    _add,
    event_type,
    usebio_root,
    usebio_text,
    write_players,
    write_sections,
)

__all__ = ["write_championship_usebio"]


def write_championship_usebio(championship, director: bool = True) -> str:
    """The championship's sessions (those `director` sees) and outright standings; ValueError
    when USEBIO cannot say them (no session to show yet, or Home Duplicate Bridge, which it
    has no event type for). A championship's other sessions are all matchpoints: one
    EVENT_TYPE, MP_PAIRS, whatever each session's scale."""
    standings = combined_standings(championship, director)
    # A session nobody has a score in is no session yet (scoring/championship.py): it has no
    # traveller lines to write, and the outright is that of the sessions so far.
    columns = [
        column
        for at, column in enumerate(standings.columns)
        if column.shown and any(row.cells[at] is not None for row in standings.rows)
    ]
    if not columns:
        raise ValueError("none of its sessions has results its reader may see yet")
    kinds = {event_type(column.event) for column in columns}  # HDB: a ValueError
    if len(kinds) > 1:  # USEBIO's EVENT has one type: Butler and cross-IMPs differ
        raise ValueError("its sessions are scored in different ways (one USEBIO event has one)")
    final = final_standings(championship, director)
    if final is not None and not (final.shown and any(r.final is not None for r in final.rows)):
        final = None  # no result in the final its reader may see: no final SESSION yet
    if final is not None:
        kinds.add(event_type(final.event))
    if len(kinds) > 1:
        raise ValueError("its final is scored otherwise than its qualifying sessions")
    (kind,) = kinds
    root, heading = usebio_root(championship.club.name, kind)
    sections = {column.order: list(column.event.sections.all()) for column in columns}
    final_sections = list(final.event.sections.all()) if final is not None else []
    for tag, value in (
        ("EVENT_IDENTIFIER", championship.pk),
        ("EVENT_DESCRIPTION", championship.name),
        ("PROGRAM_NAME", PROGRAM_NAME),
        ("PROGRAM_VERSION", "1"),
        ("WINNER_TYPE", 1),  # the entrants rank all together
        ("DATE", f"{columns[0].event.date:%d/%m/%Y}"),
        ("SESSION_COUNT", len(columns) + (final is not None)),
        ("SECTION_COUNT", sum(len(found) for found in sections.values()) + len(final_sections)),
    ):
        _add(heading, tag, value)
    numbers = federation_numbers(championship.club)
    _write_outright(heading, kind, standings, numbers)
    for column in columns:
        session = etree.SubElement(heading, "SESSION", SESSION_ID=str(column.order))
        _add(session, "EVENT_DESCRIPTION", column.event.name)
        _add(session, "DATE", f"{column.event.date:%d/%m/%Y}")
        write_sections(session, column.event, kind, sections[column.order], True, deals=True)
    if final is not None:
        _write_final(heading, kind, championship, final, final_sections, numbers)
    return usebio_text(root)


def _write_final(heading, kind, championship, final: FinalStandings, sections, numbers) -> None:
    session = etree.SubElement(heading, "SESSION", SESSION_ID="F", STAGE="FINAL")
    _add(session, "EVENT_DESCRIPTION", final.event.name)
    _add(session, "DATE", f"{final.event.date:%d/%m/%Y}")
    carry = etree.SubElement(session, "CARRY_FORWARD")
    _add(carry, "CARRY_PERCENT", final.share)
    _add(carry, "FINALISTS", championship.finalists)
    _add(carry, "QUALIFY_BY", championship.qualify_by)
    participants = etree.SubElement(carry, "PARTICIPANTS", EVENT_TYPE=kind)
    for row in final.rows:
        pair = etree.SubElement(participants, "PAIR")
        _add(pair, "PAIR_NUMBER", row.entrant.number)
        _add(pair, "CARRIED_SCORE", scoring.printed(row.carried))
        _add(pair, "TOTAL_SCORE", scoring.printed(row.total))
        if row.final is not None:
            _add(pair, "PERCENTAGE", scoring.printed(row.final))
        _add(pair, "PLACE", row.rank.rstrip("="))
        write_players(pair, (row.entrant.player1, row.entrant.player2), numbers)
    write_sections(session, final.event, kind, sections, True, deals=True)


def _write_outright(heading, kind, standings, numbers) -> None:
    participants = etree.SubElement(heading, "PARTICIPANTS", EVENT_TYPE=kind)
    for row in standings.rows:
        if not row.played:
            continue
        pair = etree.SubElement(participants, "PAIR")
        _add(pair, "PAIR_NUMBER", row.entrant.number)
        _add(pair, "TOTAL_SCORE", scoring.printed(row.total, trim=True))
        if standings.percentages:
            _add(pair, "PERCENTAGE", scoring.printed(row.total))
        _add(pair, "PLACE", row.rank.rstrip("="))
        write_players(pair, (row.entrant.player1, row.entrant.player2), numbers)
