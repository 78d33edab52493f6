"""A procedural penalty as `import_travellers --penalty` reads it (events.standings.penalties)."""

from decimal import Decimal

import pytest

from events.models import Penalty
from events.standings.penalties import PenaltyError, PenaltySpec, parse_penalty
from tests.hang_guard import finishes_within


def test_it_reads_the_pair_the_amount_and_the_reason():
    assert parse_penalty("B EW 2:25% slow play") == PenaltySpec(
        "B", "EW", 2, Decimal("25"), Penalty.PERCENT, "slow play"
    )
    assert parse_penalty("NS 3:1.5") == PenaltySpec("A", "NS", 3, Decimal("1.5"), Penalty.POINTS)


def test_spaces_before_a_reason_of_two_lines_are_read_in_linear_time():
    # The spaces around the optional % were tried in every split: 2,000 of them took 75 s.
    with finishes_within(), pytest.raises(PenaltyError) as refused:
        parse_penalty("NS 1:1" + " " * 200_000 + "slow\nplay")
    assert "the reason has an invisible character (a line break) after “slow”" in str(refused.value)


def test_a_reason_with_a_direction_override_is_refused():
    with pytest.raises(PenaltyError, match=r"U\+202E RIGHT-TO-LEFT OVERRIDE"):
        parse_penalty("NS 1:1 \u202eyalp wols")
