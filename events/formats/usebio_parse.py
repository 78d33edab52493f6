"""A USEBIO file's bytes as an XML tree, read safely: an uploaded file is untrusted, so no DTD,
entities or network, and reading stops at the first element past what a session can hold
(_MOST) before the rest of the file is read. A file that is not XML, or stops part-way through,
is refused in words. events.formats.usebio_read reads a pairs session from the tree.
"""

import io
from collections import Counter

from lxml import etree

from events.core.limits import MAX_BOARDS, MAX_PAIRS, MAX_RESULTS, MAX_SECTIONS, too_many_results
from events.formats import ImportProblems


def usebio_root(data: bytes):
    """The file's USEBIO root element and its EVENT; ImportProblems if it has none."""
    root = _parse(data)
    event = root.find("EVENT")
    if root.tag != "USEBIO" or event is None:
        raise ImportProblems([(1, "not a USEBIO file: it needs a USEBIO element with an EVENT")])
    return root, event


# The most of each element a session's file can hold (events.core.limits): a BOARD for each board
# of each section, and again in the hand set; a teams event's MATCHes (30 rounds of 40 teams,
# events.teams.setup, with a bye).
_MOST = {"TRAVELLER_LINE": MAX_RESULTS, "PAIR": MAX_PAIRS, "BOARD": 2 * MAX_SECTIONS * MAX_BOARDS,
         "MATCH": 30 * 21}  # fmt: skip


def _parse(data: bytes):
    """The document's root; parsing stops at the first element past _MOST, before the rest of
    the file is read (a 16 MB file of empty traveller lines would otherwise be read whole and
    every line reported)."""
    # No DTD, entities or network: an uploaded file is untrusted.
    elements = etree.iterparse(
        io.BytesIO(data),
        events=("end",),
        tag=tuple(_MOST),
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        huge_tree=False,
        remove_comments=True,
    )
    counts: Counter[str] = Counter()
    try:
        for _event, element in elements:
            # lxml names a parsed element by a str (iterparse's tag= keeps _MOST's); the stubs
            # type `tag` as whatever its setter takes (bytes, QName).
            tag: str = element.tag  # type: ignore[assignment]
            counts[tag] += 1
            if counts[tag] > _MOST[tag]:
                raise ImportProblems([(element.sourceline or 1, _too_many(tag))])
    except etree.XMLSyntaxError as error:
        line = error.lineno or 1
        if _cut_short(data, error):  # the usual cause: a copy or an upload that stopped
            said = (
                "the file stops part-way through: it may be incomplete; export it again "
                f"from your program (the XML reader: {error.msg})"
            )
        else:
            said = f"this is not well-formed XML ({error.msg})"
        raise ImportProblems([(line, said)]) from None
    return elements.root


def _cut_short(data: bytes, error: etree.XMLSyntaxError) -> bool:
    """Whether the XML error is the file ending before its elements do: the reader ran out of
    data inside an element, or stopped at the very end of a document it had begun (in a tag
    cut off half-way). A wrong end tag or content after the document is another error."""
    if error.code == etree.ErrorTypes.ERR_TAG_NOT_FINISHED:  # "Premature end of data"
        return True
    if error.code in (etree.ErrorTypes.ERR_TAG_NAME_MISMATCH, etree.ErrorTypes.ERR_DOCUMENT_END):
        return False
    begun = data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<")
    lines = data.rstrip().split(b"\n")
    line, column = error.position
    return begun and line >= len(lines) and column > len(lines[-1])


def _too_many(tag: str) -> str:
    if tag == "TRAVELLER_LINE":
        said = too_many_results()
    elif tag == "PAIR":
        said = f"more than {MAX_PAIRS} pairs; a session has at most {MAX_PAIRS}"
    elif tag == "MATCH":
        said = f"more than {_MOST[tag]} MATCHes; a teams event has 30 rounds of 40 teams at most"
    else:
        said = (
            f"more than {_MOST[tag]:,} BOARD elements; a session has at most "
            f"{MAX_SECTIONS} sections of {MAX_BOARDS} boards"
        )
    return f"the file is too big for a session: {said}"
