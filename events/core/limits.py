"""How big a session may be, and how many problems a refusal lists.

Every way a session comes in checks these before it builds anything: the session form, the
results-file readers (the web import page and `import_travellers`), and hand records. They
sit well above the biggest real sessions, a congress session of 60-odd tables in several
sections playing 36-40 boards, so only a wrong file, or one made to hold a server worker,
meets them. A reader stops as soon as a file passes one, before reading the rest of it.
"""

from dataclasses import dataclass

__all__ = [
    "MAX_BOARDS", "MAX_PAIRS", "MAX_PROBLEMS", "MAX_RESULTS", "MAX_RESULT_LENGTH",
    "MAX_SECTIONS", "SectionSize", "quoted", "shown_problems", "size_problems",
    "too_many_results",
]  # fmt: skip

MAX_SECTIONS = 26  # a letter each, A-Z
# Boards one section plays: the longest real sessions play 36-40; a session's recap, its
# travellers and their PDFs grow with it.
MAX_BOARDS = 100
# Pairs in a session: 200 tables, three times a 60-table congress session.
MAX_PAIRS = 400
# Results (traveller lines) in a session: 60 tables playing 36 boards make 2,160; a
# travellers CSV of this many lines is the upload page's limit too.
MAX_RESULTS = 10_000
# Characters of one result in a file: the longest a director writes, a weighted score of
# three parts ("50% 4S N = + 30% 4S N -1 + 20% 4H E ="), is under 40.
MAX_RESULT_LENGTH = 60
MAX_PROBLEMS = 100  # problems a refusal lists; the rest are counted
QUOTED_LENGTH = 30  # characters of a file's value a problem quotes


@dataclass(frozen=True)
class SectionSize:
    name: str  # "A"
    pairs: int
    boards: int  # different boards it plays
    results: int  # traveller lines: each table's result on each board


def size_problems(sections: list[SectionSize]) -> list[str]:
    """Why a session of these sections is too big, in a director's words (none when it is
    not)."""
    problems = []
    if len(sections) > MAX_SECTIONS:
        problems.append(f"{len(sections)} sections; a session has at most {MAX_SECTIONS} (A-Z)")
    for section in sections:
        if section.boards > MAX_BOARDS:
            where = f"section {section.name} plays" if len(sections) > 1 else "it plays"
            problems.append(
                f"{where} {section.boards:,} boards; a session plays at most {MAX_BOARDS} "
                "(the longest real sessions play 36-40)"
            )
    pairs = sum(section.pairs for section in sections)
    if pairs > MAX_PAIRS:
        problems.append(
            f"{pairs:,} pairs; a session has at most {MAX_PAIRS} (200 tables; the biggest "
            "congress sessions have 60-odd)"
        )
    results = sum(section.results for section in sections)
    if results > MAX_RESULTS:
        problems.append(too_many_results(results))
    return problems


def too_many_results(count: int | None = None) -> str:
    """`count` None: a reader stopped counting at the limit."""
    said = f"{count:,} results" if count is not None else f"more than {MAX_RESULTS:,} results"
    return f"{said}; a session has at most {MAX_RESULTS:,} (60 tables playing 36 boards make 2,160)"


def shown_problems(problems: list[str]) -> list[str]:
    """The first MAX_PROBLEMS problems, and how many more there are."""
    if len(problems) <= MAX_PROBLEMS:
        return list(problems)
    more = len(problems) - MAX_PROBLEMS
    return [
        *problems[:MAX_PROBLEMS],
        f"… and {more:,} more problem{'s' if more != 1 else ''}, not listed: fix these first",
    ]


def quoted(value) -> str:
    """A value from a file, quoted in a problem: cut short, so that a 60 kB cell makes a line
    of the message, not a page."""
    if not isinstance(value, str):
        return repr(value)
    text = value
    if len(text) <= QUOTED_LENGTH:
        return repr(text)
    return f"{text[:QUOTED_LENGTH]!r}… ({len(text):,} characters)"
