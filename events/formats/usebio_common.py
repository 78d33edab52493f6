"""What the USEBIO readers share (events.formats.usebio_read for a pairs session,
events.formats.usebio_teams for a teams event): the problem list, an element's text, a
traveller line's result and the EVENT's heading; and a HAND's suit elements, which the pairs
writer writes too. Its own module, so that the pairs reader can hand a teams file to the teams
reader while both read with the same helpers.
"""

import datetime
import re

import scoring
from events.core.limits import quoted
from events.formats import Place

_SCORE = re.compile(r"^-?\d{1,5}$")  # an NS score
_ARTIFICIAL = re.compile(r"^A(\d{2,3})(\d{2})$")  # "A6040": NS 60%, EW 40% (Compscore3)
_SUITS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")  # PBN's order within a hand


class _Problems(list[tuple[Place, str]]):
    def add(self, element, message: str) -> None:
        self.append((element.sourceline or 1, f"{element.tag}: {message}"))


def is_final(session) -> bool:
    """Whether a SESSION is a championship's final (events.formats.championship_usebio)."""
    return (session.get("STAGE") or "").strip().upper() == "FINAL"


def _text(element, tag: str) -> str:
    return (element.findtext(tag) or "").strip()


def _result_text(line, board: int, problems, warnings=None) -> str | None:
    """The line's result as a director types it; SCORE checked against the contract. A
    contract that is no contract ("42") with a SCORE is read by its score, with a warning."""
    contract = _text(line, "CONTRACT").upper().replace(" ", "")
    score = _text(line, "SCORE").upper().replace(" ", "")
    artificial = _ARTIFICIAL.match(score)
    if artificial:
        return f"{int(artificial[1])}/{int(artificial[2])}"
    if score in ("NP", "NOTPLAYED") and not contract:
        return "NP"
    if contract in ("PASS", "P", "AP", "PASSED", "ALLPASS"):
        return "PASS"
    if "%" in score and not contract:
        return _text(line, "SCORE")  # Clubscore's own weighted score, as it writes it
    if not contract:
        if _SCORE.match(score):
            return score
        problems.add(line, f"no CONTRACT, and SCORE {quoted(score or 'missing')} is not a score")
        return None
    tricks = _text(line, "TRICKS")
    if not tricks and _SCORE.match(score):
        return score  # a writer that leaves out the tricks: the NS score scores the line
    text = f"{contract} {_text(line, 'PLAYED_BY').upper()[:1]} {tricks}"
    try:
        entry = scoring.parse_entry(text, board, confirmed=True)
    except ValueError as error:
        if _SCORE.match(score) and not _is_contract(contract) and warnings is not None:
            warnings.append(
                (
                    line.sourceline or 1,
                    f"{line.tag}: CONTRACT {quoted(contract)} is "
                    f"not a contract; the line is scored by its SCORE {score} on "
                    f"board {board}",
                )
            )
            return score
        problems.add(line, f"{quoted(text)}: {error}")
        return None
    if _SCORE.match(score) and int(score) != entry.ns_score:
        problems.add(
            line,
            f"SCORE {score} does not match {text} on board {board} "
            f"(which scores {entry.ns_score} to NS)",
        )
        return None
    return text


def _is_contract(contract: str) -> bool:
    try:
        scoring.parse_contract(contract)
    except ValueError:
        return False
    return True


def _event_name(event) -> str:
    return (_text(event, "EVENT_DESCRIPTION") or _text(event, "TITLE"))[:100]


def _date(event, problems) -> datetime.date | None:
    raw = _text(event, "DATE")
    for layout in ("%d/%m/%Y", "%Y-%m-%d", "%Y%m%d"):
        try:
            return datetime.datetime.strptime(raw, layout).date()
        except ValueError:
            continue
    if raw:
        problems.add(event.find("DATE"), f"{quoted(raw)} is not a date (dd/mm/yyyy)")
    return None


def _source(root, event) -> str:
    program = " ".join(
        filter(None, (_text(event, "PROGRAM_NAME"), _text(event, "PROGRAM_VERSION")))
    )
    version = root.get("Version", "")
    return f"USEBIO {version}".strip() + (f" ({program})" if program else "")
