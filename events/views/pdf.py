"""The results pages as PDF downloads, for whoever may read the session: A4 by default,
`?paper=letter` for US Letter. Each is its page's template with the page's own data."""

from django.core.exceptions import BadRequest
from django.http import HttpResponse
from django.views.decorators.http import require_GET

from events import recaps
from events.access import event_for_reader, is_director
from events.finalising import corrections
from events.pdf import PAPERS, recap_in_parts, render_pdf
from events.standings import event_standings


@require_GET
def standings(request, pk):
    paper, event = paper_size(request), event_for_reader(request, pk)
    context = {"standings": event_standings(event), "corrections": corrections(event)}
    return pdf_download(request, event, "standings", "events/session_detail.html", context, paper)


@require_GET
def recap(request, pk):
    paper, event = paper_size(request), event_for_reader(request, pk)
    data = recaps.load(event)
    context = {"data": data, "recap": recap_in_parts(recaps.recap(data))}
    return pdf_download(request, event, "recap", "events/recap.html", context, paper)


@require_GET
def travellers(request, pk):
    paper, event = paper_size(request), event_for_reader(request, pk)
    data = recaps.load(event)
    boards = [(board, data.lines_by_board.get(board.pk, [])) for board in data.boards]
    context = {"data": data, "boards": boards}
    return pdf_download(request, event, "travellers", "events/travellers.html", context, paper)


@require_GET
def score_cards(request, pk):
    """Every pair's score card, one pair a page, in the order of the standings."""
    paper, event = paper_size(request), event_for_reader(request, pk)
    data = recaps.load(event)
    context = {"data": data, "cards": recaps.all_cards(data), "everyone": True}
    return pdf_download(request, event, "score-cards", "events/score_card.html", context, paper)


def paper_size(request) -> str:
    paper = request.GET.get("paper", "a4").lower()
    if paper not in PAPERS:
        raise BadRequest(f"paper is one of {', '.join(PAPERS)}")
    return paper


def pdf_download(request, event, page: str, template: str, context: dict, paper: str):
    context = {"event": event, "director": is_director(request, event), **context}
    try:
        pdf = render_pdf(request, template, context, paper)
    except OSError as error:  # WeasyPrint without the Pango libraries it loads at import
        return HttpResponse(
            "PDFs need the Pango libraries on the server (Debian: apt-get install "
            f"libpango-1.0-0 libpangoft2-1.0-0). The page itself prints fine. ({error})",
            content_type="text/plain; charset=utf-8", status=503,
        )  # fmt: skip
    response = HttpResponse(pdf, "application/pdf")
    response["Content-Disposition"] = f'attachment; filename="clubscore-{event.pk}-{page}.pdf"'
    return response
