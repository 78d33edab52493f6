"""A teams event as PBN with each room's result, laid out as *Portable Bridge Notation*
version 2.1 (Tis Veugen, coordinator, and Kaj G. Backas, co-editor): a game per room, the
identification section's tags ([Event], [Site], [Date], [Board], [West], [North], [East],
[South], [Dealer], [Vulnerable], [Deal], [Scoring], [Declarer], [Contract], [Result]) and the
supplemental [Room] ("Open" or "Closed"), [HomeTeam], [VisitTeam], [Round], [Table], [Score]
and [ScoreIMP]. Read back by endplay's PBN parser and by Clubscore's own tag reader."""

import io

import pytest
from django.urls import reverse
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Deal

from events.handrecords.pbn import read_games
from events.teams import draw, entry
from events.teams.entry import BoardRow
from events.teams.hand_records import import_teams_hand_records
from events.teams.pbn_writer import write_teams_pbn
from tests.events.handrecords.test_hand_records import THREE_BOARDS
from tests.events.teams.factories import make_teams_event
from tests.events.test_par_commands import ONE_SUIT_EACH, SYMMETRIC

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(club):
    """Round 1, table 1 of a Swiss (two boards a match) with both boards played in both rooms,
    and the event's hand records in."""
    event = make_teams_event(club, name='The "Tuesday" Swiss')
    draw.draw_next_round(event)
    match = event.matches.get(round=1, table=1)
    entry.save_boards(match, [BoardRow(1, "4S N =", "4S S -1"), BoardRow(2, "3NT E -2", "PASS")])
    import_teams_hand_records(event, THREE_BOARDS)
    match.refresh_from_db()
    return event, match


def games(text: str) -> list[dict[str, str]]:
    return [{tag.name: tag.value for tag in game} for game in read_games(text)]


def test_each_room_of_each_board_is_a_game_with_its_result(played):
    event, match = played
    home, away = match.home.name, match.away.name
    text = write_teams_pbn(event)
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n")
    found = games(text)
    # Only the match with results has games: its two boards, each in two rooms.
    assert [(game["Board"], game["Room"]) for game in found] == [
        ("1", "Open"), ("1", "Closed"), ("2", "Open"), ("2", "Closed")]  # fmt: skip
    open_one, closed_one, open_two, closed_two = found
    assert {
        key: open_one[key] for key in ("Event", "Site", "Date", "Round", "Table", "Scoring")
    } == {"Event": "The 'Tuesday' Swiss", "Site": "Riverside BC", "Date": "2026.11.24",
          "Round": "1", "Table": "1", "Scoring": "IMP"}  # fmt: skip
    # The home team sits North-South in the open room and East-West in the closed room.
    seats = ("HomeTeam", "VisitTeam", "North", "South", "East", "West")
    assert [open_one[seat] for seat in seats] == [home, away, home, home, away, away]
    assert [closed_one[seat] for seat in seats] == [home, away, away, away, home, home]
    assert (open_one["Dealer"], open_one["Vulnerable"], open_one["Deal"]) == (
        "N", "None", ONE_SUIT_EACH)  # fmt: skip
    assert (open_two["Dealer"], open_two["Vulnerable"], open_two["Deal"]) == ("E", "NS", SYMMETRIC)
    # PBN 2.1: Result is the tricks declarer took. The Laws' scoring table (Law 77): 4S made
    # not vulnerable is 120 + 300 = 420; one down not vulnerable, 50; 3NT two down by EW, not
    # vulnerable on board 2, 100 to NS; a passed-out board scores nothing.
    assert [(g["Contract"], g["Declarer"], g["Result"], g["Score"]) for g in found] == [
        ("4S", "N", "10", "NS 420"), ("4S", "S", "9", "NS -50"),
        ("3NT", "E", "7", "NS 100"), ("Pass", "", "", "NS 0")]  # fmt: skip
    # The IMPs the board gave the room's North-South, on the WBF IMP scale: the home team's
    # 420 and 50 make 470, 10 IMPs (430-490); 100 and 0 make 100, 3 IMPs (90-120).
    assert [g["ScoreIMP"] for g in found] == ["NS 10", "NS -10", "NS 3", "NS -3"]


def test_endplay_reads_it_back(played):
    event, _ = played
    boards = endplay_pbn.load(io.StringIO(write_teams_pbn(event)))
    assert [board.board_num for board in boards] == [1, 1, 2, 2]
    assert [board.info["Room"] for board in boards] == ["Open", "Closed", "Open", "Closed"]
    assert boards[0].deal.to_pbn() == Deal(ONE_SUIT_EACH).to_pbn()
    contracts = [board.contract for board in boards]
    assert [(c.level, c.denom.name, c.declarer.name, c.result) for c in contracts[:3]] == [
        (4, "spades", "north", 0), (4, "spades", "south", -1), (3, "nt", "east", -2)]  # fmt: skip
    assert contracts[3].is_passout()


def test_its_deals_are_a_hand_record_for_another_event(played, club):
    """Clubscore's own reader takes the file back: each board's two rooms deal the same cards,
    read once."""
    event, _ = played
    again = make_teams_event(club, name="The same boards")
    imported = import_teams_hand_records(again, write_teams_pbn(event))
    assert (imported.boards, imported.without_deal) == (2, [3, 4, 5, 6, 7, 8])
    assert dict(again.deals.values_list("number", "deal")) == {1: ONE_SUIT_EACH, 2: SYMMETRIC}


def test_a_board_given_an_artificial_score_has_a_game_for_each_room_that_played(played):
    event, match = played
    entry.save_boards(match, [BoardRow(2, "3NT E -2", "", "home-plus")])
    found = games(write_teams_pbn(event))
    assert [(game["Board"], game["Room"]) for game in found] == [
        ("1", "Open"), ("1", "Closed"), ("2", "Open")]  # fmt: skip
    assert "ScoreIMP" not in found[2], "an artificial score is the board's, not the room's"


def test_half_a_board_has_its_rooms_score_and_no_imps_yet(played):
    # PBN 2.1's [ScoreIMP] is what the board gave the room's North-South: a board whose closed
    # room is still playing gave nothing yet (the open room's 4S made is 420 by Law 77).
    event, _ = played
    entry.save_room(event.matches.get(round=1, table=2), "open", {1: "4S N ="})
    half = [game for game in games(write_teams_pbn(event)) if game["Table"] == "2"]
    assert [(game["Room"], game["Score"]) for game in half] == [("Open", "NS 420")]
    assert "ScoreIMP" not in half[0]


def test_a_board_a_match_event_says_so_and_gives_no_imps(club):
    event = make_teams_event(club, scoring="bam")
    draw.draw_next_round(event)
    entry.save_boards(event.matches.get(round=1, table=1), [BoardRow(1, "4S N =", "4S S -1")])
    found = games(write_teams_pbn(event))
    assert [game["Scoring"] for game in found] == ["BAM", "BAM"]
    assert not any("ScoreIMP" in game for game in found), "a board is won or lost, not IMPs"


def test_boards_without_a_hand_record_have_no_deal(club):
    event = make_teams_event(club)
    draw.draw_next_round(event)
    match = event.matches.get(round=1, table=2)
    entry.save_boards(match, [BoardRow(1, "+420", "3NT S =")])
    found = games(write_teams_pbn(event))
    assert "Deal" not in found[0] and found[0]["Table"] == "2"
    # A result typed as a bare score: its contract is unknown ("?"), its score known.
    assert (found[0]["Contract"], found[0]["Declarer"], found[0]["Score"]) == ("?", "?", "NS 420")
    assert (found[1]["Contract"], found[1]["Result"], found[1]["Score"]) == ("3NT", "9", "NS 400")


def test_the_download_is_the_file(client, played):
    event, _ = played
    url = reverse("teams_pbn", args=[event.pk])
    assert client.get(url).status_code == 404, "unpublished: its directors only"
    event.published = True
    event.save()
    response = client.get(url)
    assert response["Content-Type"] == "application/x-pbn; charset=utf-8"
    assert response["Content-Disposition"].endswith('.pbn"')
    assert response.content.decode() == write_teams_pbn(event)
