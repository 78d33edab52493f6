"""What a member's page shows: their sessions in a period, their personal bests and
partnerships, and the boards where they gained or lost most.

The sessions come from the stored standings (events/club/season.py, two queries); the boards
from one query over every result the player's pairs had in those sessions, however many. A
board's percentage is the player's side's matchpoints over the board's top, as the score card
prints it (events/standings/recaps.py `score_card`).
"""

from collections import defaultdict
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from django.db.models import Q
from django.urls import reverse

from events.club.ratings import PlayerRating, player_rating
from events.club.season import PlayerResult, player_key, results_of_player, season_sessions
from events.club.trend_chart import Box, percentage_range, plot, y_of
from events.models import Club, Event, Member, Result
from events.standings.recaps import Line
from scoring.rounding import printed

__all__ = ["BOARDS_SHOWN", "PlayerPage", "player_page", "visible_member_urls"]

BOARDS_SHOWN = 5  # boards listed as gained most, and as lost most


@dataclass(frozen=True)
class SessionRow:
    """One session of the player's, as its row in the table."""

    result: PlayerResult
    card_url: str
    partner_url: str  # "" when the partner is no member whose page the reader may open

    @property
    def event(self) -> Event:
        return self.result.event

    @property
    def day(self) -> str:
        """The session's date as the table prints it: "6 Oct 2026"."""
        return f"{self.result.event.date:%-d %b %Y}"

    @property
    def place(self) -> str:
        """ "2= of 13": the pair's place among the pairs ranked with it."""
        standing = self.result.standing
        return f"{standing.rank} of {standing.group_size}" if standing.rank else "—"

    @property
    def percentage(self) -> Fraction | None:
        return self.result.standing.percentage


@dataclass(frozen=True)
class Partnership:
    partner: str
    url: str
    sessions: int
    # The mean of the pair's session percentages (sessions scored at IMPs are left out).
    average: Fraction | None
    best: Fraction | None  # the pair's best session percentage
    last_played: date


@dataclass(frozen=True)
class BoardRow:
    """One board the player played, with their side's share of the board's matchpoints."""

    event: Event
    line: Line
    seat: str  # "NS" or "EW"
    percent: float
    card_url: str

    @property
    def day(self) -> str:
        return f"{self.event.date:%-d %b %Y}"

    @property
    def traveller_url(self) -> str:
        """The board's traveller, the player's pair picked out on it."""
        pair = self.line.ns if self.seat == "NS" else self.line.ew
        return f"{reverse('board_traveller', args=[self.line.board.pk])}?pair={pair.pk}"

    @property
    def opponents(self) -> str:
        pair = self.line.ew if self.seat == "NS" else self.line.ns
        return pair.names or str(pair)


@dataclass(frozen=True)
class Chart:
    """The trend chart as the template draws it, its coordinates written out (to a tenth of
    a unit) here rather than by template filters: the plotting box's edges, the 50% line,
    the percentage marks down the side and each session's point with what it says."""

    width: int
    height: int
    left: int
    right: int
    half: str  # the y of 50%
    marks: list[tuple[int, str]]  # (percentage, its y)
    points: list[tuple[str, str, str]]  # (x, y, "12 Oct 2026, Tuesday pairs: 55.21%")
    first: str  # the first session's date, under the left edge
    last: str

    @property
    def line(self) -> str:
        return " ".join(f"{x},{y}" for x, y, _ in self.points)


@dataclass(frozen=True)
class PlayerPage:
    member: Member
    rows: list[SessionRow]
    best: SessionRow | None
    partnerships: list[Partnership]
    most_played: Partnership | None
    gained: list[BoardRow]
    lost: list[BoardRow]
    chart: Chart | None
    masterpoints: Fraction | None  # the period's total, when the club awards them
    rating: PlayerRating | None  # the player's grade now (events/club/ratings.py)


def player_page(member: Member, *, director: bool, start: date, end: date) -> PlayerPage:
    """The member's page over the club's sessions dated `start` to `end` that the reader may
    see (published ones, unless they direct the club)."""
    club = member.club
    events = season_sessions(club, director=director, start=start, end=end)
    results = results_of_player(events, member.name)
    partner_urls = visible_member_urls(
        club, {result.partner for result in results if result.partner}, director=director
    )
    rows = [
        SessionRow(result, _card_url(result), partner_urls.get(player_key(result.partner), ""))
        for result in results
    ]
    rows.reverse()  # the latest first
    scored = [row for row in rows if row.percentage is not None]
    best = max(scored, key=lambda row: row.percentage or 0, default=None)
    partnerships = _partnerships(rows)
    gained, lost = _boards(rows)
    awards = [row.result.standing.masterpoints or 0 for row in rows]
    return PlayerPage(
        member,
        rows,
        best,
        partnerships,
        next((p for p in partnerships if p.partner), None),
        gained,
        lost,
        _chart(scored),
        sum(awards, Fraction(0)) if club.masterpoints else None,
        player_rating(club, member.name),
    )


def visible_member_urls(club: Club, names, *, director: bool) -> dict[str, str]:
    """The page of each of `names` that is a member's, by player_key, in one query; a hidden
    member's only for the club's directors."""
    keys = {player_key(name) for name in names}
    if not keys:
        return {}
    members = Member.objects.filter(club=club, key__in=keys)
    if not director:
        members = members.filter(hidden=False)
    return {
        player_key(name): reverse("player_page", args=[club.slug, pk])
        for pk, name in members.values_list("pk", "name")
    }


def _card_url(result: PlayerResult) -> str:
    return reverse("score_card", args=[result.event.pk, result.standing.pair_id])


def _partnerships(rows: list[SessionRow]) -> list[Partnership]:
    """Each partner with the sessions played together, the most played first (then the most
    recent)."""
    by_partner: dict[str, list[SessionRow]] = defaultdict(list)
    for row in rows:
        by_partner[player_key(row.result.partner)].append(row)
    found = []
    for together in by_partner.values():
        percentages = [row.percentage for row in together if row.percentage is not None]
        found.append(
            Partnership(
                together[0].result.partner,
                together[0].partner_url,
                len(together),
                sum(percentages, Fraction(0)) / len(percentages) if percentages else None,
                max(percentages, default=None),
                max(row.event.date for row in together),
            )
        )
    found.sort(key=lambda p: (-p.sessions, -p.last_played.toordinal(), p.partner.lower()))
    return found


def _boards(rows: list[SessionRow]) -> tuple[list[BoardRow], list[BoardRow]]:
    """The boards the player gained most and lost most on, among those their pairs played at
    matchpoints in these sessions (adjusted and unplayed boards are not the player's play, and
    IMP boards have no top). Two queries: every such board's figures, then the shown ones'
    results whole."""
    by_pair = {row.result.standing.pair_id: row for row in rows}
    if not by_pair:
        return [], []
    played = Result.objects.filter(Q(ns_pair_id__in=by_pair) | Q(ew_pair_id__in=by_pair))
    played = played.filter(kind=Result.PLAYED, top__gt=0)
    figures = []
    for pk, number, ns, ew, ns_points, ew_points, top in played.values_list(
        "pk", "board__number", "ns_pair_id", "ew_pair_id", "ns_points", "ew_points", "top"
    ):
        seat = "NS" if ns in by_pair else "EW"
        points = ns_points if seat == "NS" else ew_points
        if points is not None:
            event = by_pair[ns if seat == "NS" else ew].event
            # Ties: the later session first, then the lower board number.
            order = (-event.date.toordinal(), event.pk, number)
            figures.append((100 * points / top, *order, pk, seat))
    # Each list takes at most half the boards: a board is not both a gain and a loss, and a
    # short season's middling boards are neither.
    shown = min(BOARDS_SHOWN, len(figures) // 2)
    gained = sorted(figures, key=lambda f: (-f[0], *f[1:]))[:shown]
    chosen = {figure[4] for figure in gained}
    lost = [figure for figure in sorted(figures) if figure[4] not in chosen][:shown]
    shown = Result.objects.filter(pk__in=[figure[4] for figure in gained + lost])
    results = {r.pk: r for r in shown.select_related("board", "ns_pair", "ew_pair")}

    def board_row(figure) -> BoardRow:
        percent, _, _, _, pk, seat = figure
        result = results[pk]
        row = by_pair[result.ns_pair_id if seat == "NS" else result.ew_pair_id]
        line = Line(result, result.board, result.ns_pair, result.ew_pair)
        return BoardRow(row.event, line, seat, percent, row.card_url)

    return [board_row(figure) for figure in gained], [board_row(figure) for figure in lost]


CHART_WIDTH, CHART_HEIGHT = 640, 240
CHART_BOX = Box(left=60, top=14, width=564, height=190)


def _chart(scored: list[SessionRow]) -> Chart | None:
    """The trend of the sessions scored as percentages, oldest on the left; none for fewer
    than two, where there is no trend to draw."""
    if len(scored) < 2:
        return None
    ordered = scored[::-1]
    sessions = [(row.event.date, float(row.percentage or 0)) for row in ordered]
    low, high = percentage_range([percentage for _, percentage in sessions])
    points = plot(sessions, CHART_BOX, low, high)
    said = [
        f"{row.event.date:%-d %b %Y}, {row.event.name}: {printed(row.percentage or 0)}%"
        for row in ordered
    ]
    marks = [(mark, _unit(y_of(mark, CHART_BOX, low, high))) for mark in range(low, high + 1, 10)]
    return Chart(
        CHART_WIDTH,
        CHART_HEIGHT,
        int(CHART_BOX.left),
        int(CHART_BOX.left + CHART_BOX.width),
        _unit(y_of(50, CHART_BOX, low, high)),
        marks,
        [(_unit(p.x), _unit(p.y), text) for p, text in zip(points, said, strict=True)],
        f"{sessions[0][0]:%-d %b %Y}",
        f"{sessions[-1][0]:%-d %b %Y}",
    )


def _unit(value: float) -> str:
    return f"{value:.1f}"
