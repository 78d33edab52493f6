"""The teams box (events.teams.setup.parse_teams): lines built to be slow, too many teams,
and names with invisible characters."""

import unicodedata

import pytest

from events.teams.setup import MOST_TEAMS, TeamLine, TeamsError, parse_teams
from tests.hang_guard import finishes_within


def test_a_name_and_its_players_split_at_a_colon_or_a_spaced_dash():
    assert parse_teams("Ace : Ann, Abe, Amy, Art\nBell - Bo, Bea, Bev, Bud\nCole") == [
        TeamLine("Ace", "Ann, Abe, Amy, Art"), TeamLine("Bell", "Bo, Bea, Bev, Bud"),
        TeamLine("Cole", ""),
    ]  # fmt: skip


def test_a_line_of_spaces_without_a_separator_is_read_in_linear_time():
    # The separator was searched for from every space of the run: 100,000 spaces (a request
    # the server accepts) took hours.
    with finishes_within(), pytest.raises(TeamsError, match="at most 60 characters"):
        parse_teams("Smith" + " " * 1_000_000 + "Jones")


def test_more_teams_than_an_event_runs_are_refused_before_the_lines_are_read():
    text = "\n".join(f"Team {n}: Ann, Abe, Amy, Art" for n in range(MOST_TEAMS + 1))
    with pytest.raises(TeamsError, match=f"^41 teams: Clubscore runs at most {MOST_TEAMS} in"):
        parse_teams(text)


@pytest.mark.parametrize(
    "line,said",
    [
        ("Ace\u202e: Ann, Abe, Amy, Art", "(U+202E RIGHT-TO-LEFT OVERRIDE) after “Ace”"),
        ("Ace: Ann, Ab\u200be, Amy, Art", "(U+200B ZERO WIDTH SPACE) after “Ace: Ann, Ab”"),
        ("\x07Ace", "(U+0007, a control character) at the start"),
    ],
)
def test_a_typed_team_with_an_invisible_character_is_refused_in_words(line, said):
    with pytest.raises(TeamsError) as refused:
        parse_teams(f"{line}\nBell")
    (problem,) = refused.value.problems
    assert problem.startswith("Line 1 (Ace")
    assert f"it has an invisible character {said}: type it again without it" in problem
    # The message itself shows none of them.
    assert not any(unicodedata.category(character) in ("Cc", "Cf") for character in problem)


def test_accents_and_suit_symbols_are_letters_and_kept():
    assert parse_teams("Château ♠♥: Zoë, Åsa, Ñico, Øyvind\nBell") == [
        TeamLine("Château ♠♥", "Zoë, Åsa, Ñico, Øyvind"),
        TeamLine("Bell", ""),
    ]
