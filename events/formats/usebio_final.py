"""A championship's final as its USEBIO file holds it (events.formats.championship_usebio
writes it): the SESSION with STAGE="FINAL", read as any session of the file is
(events.formats.usebio_read), and its CARRY_FORWARD: the share of the qualifying percentage
carried forward, how many go through and whether overall or by section field, and the final's
standings as the file writes them (docs/rules.md, "Qualifying stage and final"). Every problem
is named with its line and element, and nothing is stored.
"""

from dataclasses import dataclass

from events.core.limits import quoted
from events.formats import ImportProblems, Place, TravellerFile
from events.formats.usebio_common import _Problems, _text, is_final
from events.formats.usebio_parse import usebio_root
from events.formats.usebio_read import _method, _read_session
from scoring.domain import QualifyBy

__all__ = ["FileFinal", "read_usebio_final"]

# A final's finalists: the model's PositiveSmallIntegerField holds at most this.
MOST_FINALISTS = 32767


@dataclass
class FileFinal:
    session: TravellerFile
    carry_percent: int
    finalists: int
    qualify_by: str
    # Each finalist as written: (line, its players' names, TOTAL_SCORE, PLACE).
    standings: list[tuple[Place, list[str], str, str]]


def read_usebio_final(data: bytes) -> FileFinal | None:
    """The final of a championship's file (None: the file has none); ImportProblems names
    each bad element."""
    root, event = usebio_root(data)
    finals = [session for session in event.findall("SESSION") if is_final(session)]
    if not finals:
        return None
    problems = _Problems()
    if len(finals) > 1:
        problems.add(finals[1], f"a championship has one final; the file has {len(finals)}")
    session = finals[0]
    carry = session.find("CARRY_FORWARD")
    percent = finalists = 0
    qualify_by = ""
    if carry is None:
        problems.add(
            session,
            "a final has its CARRY_FORWARD (the share carried forward and who goes through)",
        )
    else:
        share = "the share carried forward is a whole number of percent, 0 to 100"
        percent = _whole(carry, "CARRY_PERCENT", 0, 100, problems, share)
        through = f"the pairs that go through are a whole number, 1 to {MOST_FINALISTS}"
        finalists = _whole(carry, "FINALISTS", 1, MOST_FINALISTS, problems, through)
        qualify_by = _text(carry, "QUALIFY_BY").lower()
        if qualify_by not in {choice.value for choice in QualifyBy}:
            element = carry.find("QUALIFY_BY")
            problems.add(
                carry if element is None else element,
                f"pairs go through “overall” or by “section”, not {quoted(qualify_by)}",
            )
    method = _method(event, problems)
    found = _read_session(root, event, session, session.findall("SECTION"), method, problems)
    if problems or found is None or carry is None:
        raise ImportProblems(problems)
    standings = [
        (
            pair.sourceline or 1,
            [_text(player, "PLAYER_NAME") for player in pair.iterfind("PLAYER")],
            _text(pair, "TOTAL_SCORE"),
            _text(pair, "PLACE"),
        )
        for pair in carry.iterfind("PARTICIPANTS/PAIR")
    ]
    return FileFinal(found, percent, finalists, qualify_by, standings)


def _whole(parent, tag: str, least: int, most: int, problems: _Problems, words: str) -> int:
    element = parent.find(tag)
    text = _text(parent, tag)
    if element is None or not (text.isascii() and text.isdigit() and len(text) <= 6):
        problems.add(parent if element is None else element, f"{words}, not {quoted(text)}")
        return least
    if not least <= int(text) <= most:
        problems.add(element, f"{words}, not {text}")
        return least
    return int(text)
