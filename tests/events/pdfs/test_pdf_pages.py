import io

import pytest
from django.core.exceptions import SuspiciousFileOperation
from django.urls import reverse
from pypdf import PdfReader

from events.entry.changes import rescore_event
from events.entry.saving import save_result
from events.models import Board, Event, Pair
from events.pdfs.render import RecapPart, StaticFilesOnly, recap_in_parts
from events.standings import recaps
from tests.factories import make_club, make_session

PAGES = ["session_standings_pdf", "session_recap_pdf", "session_travellers_pdf", "score_cards_pdf"]
LINES = ["4S N =", "4S N +1", "3NT S -1"]
A4, LETTER = (595, 842), (612, 792)  # points, portrait


@pytest.fixture
def scored(club, director):
    return scored_session(club, director)


def scored_session(club, director, name="Thursday duplicate"):
    """A 3-table Mitchell of 6 boards, every result in, every player named."""
    event = make_session(club, name=name)
    section = event.sections.get()
    pairs = {pair.key: pair for pair in section.pairs.all()}
    for index, pair in enumerate(pairs.values()):
        pair.player1, pair.player2 = f"Ann{index} Able", f"Bob{index} Baker"
    Pair.objects.bulk_update(pairs.values(), ["player1", "player2"])
    movement = section.movement()
    for board in section.boards.all():
        for seating, line in zip(movement.plays_of_board(board.number), LINES, strict=True):
            save_result(board, pairs[seating.ns], pairs[seating.ew], line, director, rescore=False)
    rescore_event(event)
    return event


def pdf_of(response) -> PdfReader:
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    return PdfReader(io.BytesIO(response.content))


def text_of(reader: PdfReader) -> str:
    return "\n".join(page.extract_text() for page in reader.pages)


def size_of(page) -> tuple[int, int]:
    return round(float(page.mediabox.width)), round(float(page.mediabox.height))


NAMES = "Ann0 Able & Bob0 Baker"
SCORED = "Scored: matchpoints, ACBL 1/½"


@pytest.mark.parametrize(
    "name, filename, words",
    [
        ("session_standings_pdf", "standings", ["NS pairs", "EW 3", NAMES, SCORED]),
        ("session_recap_pdf", "recap", ["Recap · Thursday duplicate", "NS 1", NAMES, SCORED]),
        ("session_travellers_pdf", "travellers", ["Travellers", "Board 6", "4♠ N +1", SCORED]),
        ("score_cards_pdf", "score-cards", ["Score cards · Thursday duplicate", "EW 2", NAMES]),
    ],
)
def test_it_downloads_each_page_as_a_pdf(director_client, scored, name, filename, words):
    response = director_client.get(reverse(name, args=[scored.pk]))
    reader = pdf_of(response)
    text = text_of(reader)
    a4 = A4[::-1] if name == "session_recap_pdf" else A4  # the recap is landscape
    assert {size_of(page) for page in reader.pages} == {a4}
    assert response["Content-Disposition"] == (
        f'attachment; filename="clubscore-{scored.pk}-{filename}.pdf"'
    )
    for word in ["Thursday duplicate", *words]:
        assert word in text
    assert "PDF (A4)" not in text and "Log out" not in text  # no navigation printed


@pytest.mark.parametrize("paper, size", [("", A4), ("?paper=a4", A4), ("?paper=letter", LETTER)])
def test_it_prints_the_recap_landscape_on_either_paper(director_client, scored, paper, size):
    url = reverse("session_recap_pdf", args=[scored.pk]) + paper
    reader = pdf_of(director_client.get(url))
    width, height = size_of(reader.pages[0])
    assert width > height and (height, width) == size


@pytest.mark.parametrize("paper, size", [("a4", A4), ("letter", LETTER)])
def test_it_prints_several_travellers_a_page_and_every_board(director_client, scored, paper, size):
    url = reverse("session_travellers_pdf", args=[scored.pk]) + f"?paper={paper}"
    reader = pdf_of(director_client.get(url))
    assert len(reader.pages) < 6
    assert {size_of(page) for page in reader.pages} == {size}
    text = text_of(reader)
    assert all(f"Board {number}" in text for number in range(1, 7))


@pytest.mark.parametrize("paper, size", [("a4", A4), ("letter", LETTER)])
def test_it_prints_one_score_card_a_page(director_client, scored, paper, size):
    url = reverse("score_cards_pdf", args=[scored.pk]) + f"?paper={paper}"
    reader = pdf_of(director_client.get(url))
    pairs = Pair.objects.filter(section__event=scored)
    assert len(reader.pages) == pairs.count() == 6
    assert {size_of(page) for page in reader.pages} == {size}
    headings = [f"{pair} · {pair.names}" for pair in pairs]
    for page in reader.pages:
        assert sum(heading in page.extract_text() for heading in headings) == 1


def test_it_refuses_a_paper_it_does_not_know(director_client, scored):
    url = reverse("session_recap_pdf", args=[scored.pk]) + "?paper=a3"
    assert director_client.get(url).status_code == 400


@pytest.mark.parametrize("name", PAGES)
def test_it_hides_an_unpublished_session_from_a_stranger(client, stranger, scored, name):
    client.force_login(stranger)
    assert client.get(reverse(name, args=[scored.pk])).status_code == 404


@pytest.mark.parametrize("name", PAGES)
def test_it_hides_an_unpublished_session_from_another_clubs_director(
    client, colleague, scored, name
):
    client.force_login(colleague)
    assert client.get(reverse(name, args=[scored.pk])).status_code == 404


def test_it_lets_anyone_download_a_published_session(client, scored):
    scored.published = True
    scored.save(update_fields=["published"])
    assert "Thursday duplicate" in text_of(
        pdf_of(client.get(reverse("session_recap_pdf", args=[scored.pk])))
    )


@pytest.mark.parametrize(
    "page, pdf_name",
    [
        ("session_detail", "session_standings_pdf"),
        ("session_recap", "session_recap_pdf"),
        ("session_travellers", "session_travellers_pdf"),
        ("score_cards", "score_cards_pdf"),
    ],
)
def test_it_links_each_page_to_its_pdf(director_client, scored, page, pdf_name):
    body = director_client.get(reverse(page, args=[scored.pk])).content.decode()
    url = reverse(pdf_name, args=[scored.pk])
    assert f'href="{url}"' in body and f'href="{url}?paper=letter"' in body


def test_it_cuts_a_wide_recap_into_parts_of_nearly_equal_width(scored):
    whole = recaps.recap(recaps.load(scored))
    parts = recap_in_parts(whole, most=4)
    assert [part.name for part, _, _ in parts] == ["A, boards 1–3", "A, boards 4–6"]
    assert all(isinstance(part, RecapPart) for part, _, _ in parts)
    (_, _, tables) = whole[0]
    for index, (_, boards, part_tables) in enumerate(parts):
        assert [board.number for board in boards] == [index * 3 + n for n in (1, 2, 3)]
        for (_, rows), (_, part_rows) in zip(tables, part_tables, strict=True):
            assert [row.cells[index * 3 : index * 3 + 3] for row in rows] == [
                row.cells for row in part_rows
            ]
            assert [row.total for row in rows] == [row.total for row in part_rows]


def test_it_leaves_a_recap_that_fits_whole(scored):
    whole = recaps.recap(recaps.load(scored))
    assert recap_in_parts(whole) == whole


@pytest.mark.parametrize(
    "url",
    [
        "http://elsewhere.example/static/css/clubscore.css",
        "https://fonts.example/font.woff2",
        "file:///etc/passwd",
        "http://testserver/static/../clubscore/settings.py",
        "http://testserver/static/css/missing.css",
        "http://testserver/sessions/1/",
    ],
)
def test_the_fetcher_refuses_anything_but_our_static_files(url):
    with pytest.raises((ValueError, SuspiciousFileOperation)):
        StaticFilesOnly("http://testserver/static/").fetch(url)


def test_the_fetcher_reads_our_stylesheet_from_disk():
    response = StaticFilesOnly("http://testserver/static/").fetch(
        "http://testserver/static/css/clubscore.css"
    )
    assert response.content_type == "text/css"
    assert b"@page recap" in response.read()


def test_the_fetcher_reads_collectstatics_hashed_names(settings, tmp_path):
    settings.STATIC_ROOT = tmp_path
    (tmp_path / "css").mkdir()
    (tmp_path / "css" / "clubscore.0123abcd.css").write_text("@page { margin: 1cm }")
    response = StaticFilesOnly("https://club.example/static/").fetch(
        "https://club.example/static/css/clubscore.0123abcd.css"
    )
    assert response.read() == b"@page { margin: 1cm }"


def test_a_server_without_pango_says_so_instead_of_failing(db, client, monkeypatch):
    from events.pdfs import store as pdf_store

    event = make_session(make_club(), tables=3, boards_per_round=1)
    Event.objects.filter(pk=event.pk).update(published=True)

    def no_pango(*args, **kwargs):
        raise OSError("cannot load library 'libpango-1.0-0'")

    monkeypatch.setattr(pdf_store, "render_document", no_pango)
    response = client.get(reverse("session_recap_pdf", args=[event.pk]))
    assert response.status_code == 503
    assert "apt-get install libpango-1.0-0" in response.content.decode()


# Every hand has a six-card suit with the ten in it, the widest a suit line usually gets.
SIX_CARD_SUITS = "N:AKQJT9.2.32.5432 8.AKQJT9.54.9876 7.87.AKQJT9.KQJT 65432.6543.876.A"


@pytest.mark.parametrize("paper, size", [("a4", A4), ("letter", LETTER)])
def test_the_hand_record_sheet_prints_six_boards_a_page_one_line_a_suit(
    director_client, club, paper, size
):
    from events.handrecords.stats import random_deals

    event = make_session(club, tables=6, boards_per_round=2)  # 12 boards
    boards = list(Board.objects.filter(section__event=event).order_by("number"))
    for board, deal in zip(boards, [SIX_CARD_SUITS, *random_deals(11, 5)], strict=True):
        board.deal = deal
    Board.objects.bulk_update(boards, ["deal"])
    url = reverse("hand_record_sheet_pdf", args=[event.pk]) + f"?paper={paper}"
    reader = pdf_of(director_client.get(url))
    assert [size_of(page) for page in reader.pages] == [size, size]
    first, second = (page.extract_text() for page in reader.pages)
    assert all(f"Board {n} " in first for n in range(1, 7))
    assert all(f"Board {n} " in second for n in range(7, 13))
    lines = first.splitlines()
    for suit in ("♠ A K Q J 10 9", "♥ A K Q J 10 9", "♦ A K Q J 10 9"):
        assert suit in lines  # the whole suit, alone on its line


def test_the_standings_share_a_page_when_they_fit(director_client, scored):
    reader = pdf_of(director_client.get(reverse("session_standings_pdf", args=[scored.pk])))
    assert len(reader.pages) == 1
    assert "NS pairs" in text_of(reader) and "EW pairs" in text_of(reader)


def test_the_travellers_print_each_deal_with_its_makeable_contracts_and_par(
    director_client, scored
):
    # Board 1's deal above, its double-dummy tricks as set here (not solved): the grid prints
    # each declarer's level, tricks less six (the Laws of Duplicate Bridge, Definitions: "odd
    # trick"), and "–" where fewer than seven tricks are made.
    tricks = {"NT": 9, "S": 12, "H": 6, "D": 7, "C": 3}
    dd = {seat: tricks for seat in "NSEW"}
    Board.objects.filter(section__event=scored, number=1).update(
        deal=SIX_CARD_SUITS, dd=dd, par_score=980, par_contracts="6S N"
    )
    text = text_of(pdf_of(director_client.get(reverse("session_travellers_pdf", args=[scored.pk]))))
    assert "♠ A K Q J 10 9" in text.splitlines()
    assert "N   3  6  –  1  –" in text
    assert "Par NS +980: 6S N" in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_widest_recap_part_stays_inside_the_landscape_page(director_client, director, paper):
    """16 boards, the most a part holds, with every pair named: no figure runs off the paper."""
    club = make_club(directors=[director], name="Wide club")
    event = make_session(club, tables=8, boards_per_round=2)  # 16 boards, one part
    pairs = {pair.key: pair for pair in Pair.objects.filter(section__event=event)}
    for pair in pairs.values():
        pair.player1, pair.player2 = "Margaretha Vandenberghe", "Christopher Montgomery"
    Pair.objects.bulk_update(pairs.values(), ["player1", "player2"])
    section = event.sections.get()
    for board in section.boards.all():
        for seating in section.movement().plays_of_board(board.number):
            save_result(
                board, pairs[seating.ns], pairs[seating.ew], "4S N =", director, rescore=False
            )
    rescore_event(event)
    url = reverse("session_recap_pdf", args=[event.pk]) + f"?paper={paper}"
    reader = pdf_of(director_client.get(url))
    ends = [end for page in reader.pages for end in figure_ends(page)]
    width = float(reader.pages[0].mediabox.width)
    assert "16" in text_of(reader) and "Total" in text_of(reader)
    assert len(ends) > 16 and max(ends) <= width - 10 / 25.4 * 72 + 1, (max(ends), width)


def figure_ends(page) -> list[float]:
    """Where each run of the monospaced figures ends on `page`, in points from its left edge:
    its glyphs (two bytes each) at DejaVu Sans Mono's advance, 0.602 em, less any kerning."""
    fonts, font, size, ends = page["/Resources"]["/Font"], "", 0.0, []

    def before(operator, args, cm, tm):
        nonlocal font, size
        if operator == b"Tf":
            font, size = str(fonts[args[0]]["/BaseFont"]), float(args[1])
        elif operator in (b"TJ", b"Tj") and "Mono" in font:
            parts = args[0] if operator == b"TJ" else [args[0]]
            shifts = [part for part in parts if isinstance(part, float | int)]
            glyphs = sum(len(bytes(part)) // 2 for part in parts if part not in shifts)
            width = (glyphs * 602 - sum(shifts)) / 1000 * size
            ends.append(cm[4] + cm[0] * (tm[4] + width * tm[0]))

    page.extract_text(visitor_operand_before=before)
    return ends
