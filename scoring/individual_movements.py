"""Individual movements: where each player sits, and which boards each table plays, every round.

Players, not pairs, move: a player's partner and opponents change every round. Three published
movements are typed here (docs/rules.md, "Individual events"):

- The Rainbow (or "prime number") movement, for a prime number of tables from 5 up: North stays,
  the boards go down one table, South goes up one, East up two and West down two (Baron Barclay
  Bridge Supply, "The Rainbow Movement for Individual Duplicate Games"; John Pain, "Unusual (but
  useful) Movements for Clubs", English Bridge Union newsletter). Its moves only keep players
  from meeting a partner or a board twice when the number of tables is prime (the shifts 1, 2,
  3 and 4 must all be invertible modulo it), so other numbers are refused.
- The two-table, one-winner individual for eight players (ACBL club guide, "# Tables /
  Comments ... three formats of games can award masterpoints for four pairs", found on
  paperzz.com): seven rounds, player 8 stays at table 1 North, the others move round the cycle
  1S, 2S, 1E, 2N, 2W, 2E, 1W, 1S; both tables play the same boards each round, passing them
  across, so each board is played twice.
- Six tables, 24 players: the cyclic round robin for six bridge tables of Bill Butler ("Durango
  Bill"), "Cyclic solutions to the round-robin Bridge tournament problem"
  (durangobill.com/BridgeCyclicSolutions.html). One player stays put; the other 23 add one to
  their number (modulo 23) each round, so that over 23 rounds everyone partners everyone once
  and meets everyone twice as an opponent. The page gives players and partnerships only; which
  of a partnership sits North and which boards a table plays are Clubscore's reading (below).

Numbering: in a Rainbow the North players take the table number (1 to n), then East n+1 to 2n,
South 2n+1 to 3n, West 3n+1 to 4n, each starting at the table of their number minus the line's
first number plus one (the numbering the rec.games.bridge answer "The RAINBOW movement" gives:
North 1-7, East 8-14, South 15-21, West 22-28 at seven tables).
"""

from collections.abc import Iterator
from dataclasses import dataclass

__all__ = [
    "IndividualMovement",
    "IndividualSeating",
    "SIX_TABLE_START",
    "TWO_TABLE_CYCLE",
    "individual_movement",
    "individual_movement_choices",
    "rainbow",
    "six_table_individual",
    "two_table_individual",
]

SEATS = ("N", "S", "E", "W")


@dataclass(frozen=True)
class IndividualSeating:
    """One table in one round: its four players and the set of boards it plays (sets from 1)."""

    round: int
    table: int
    north: int
    south: int
    east: int
    west: int
    board_set: int

    @property
    def players(self) -> tuple[int, int, int, int]:
        return (self.north, self.south, self.east, self.west)

    def seat_of(self, player: int) -> str:
        """ "N", "S", "E" or "W": where `player` sits; "" if not at this table."""
        for seat, sitting in zip(SEATS, self.players, strict=True):
            if sitting == player:
                return seat
        return ""


@dataclass(frozen=True)
class IndividualMovement:
    """A whole movement: `seatings[round - 1][table - 1]`."""

    name: str  # "rainbow", "two_table": what an event stores
    title: str  # in words, for the director
    tables: int
    seatings: tuple[tuple[IndividualSeating, ...], ...]
    board_sets: int  # how many sets of boards are in play
    plays_per_board: int  # how many tables play each board

    @property
    def rounds(self) -> int:
        return len(self.seatings)

    @property
    def players(self) -> int:
        return 4 * self.tables

    def all_seatings(self) -> Iterator[IndividualSeating]:
        for round_seatings in self.seatings:
            yield from round_seatings

    def seating(self, round_number: int, table: int) -> IndividualSeating:
        return self.seatings[round_number - 1][table - 1]

    def boards(self, board_set: int, boards_per_round: int) -> range:
        first = (board_set - 1) * boards_per_round + 1
        return range(first, first + boards_per_round)

    def first_rounds(self, rounds: int) -> "IndividualMovement":
        """The movement stopped after `rounds` rounds, as a Mitchell is cut short: the board
        sets those rounds play, each now played as often as those rounds play it. A ValueError
        in words for a number of rounds it does not have, or a cut that would play some sets
        more often than others (then their tops would differ)."""
        if not 1 <= rounds <= self.rounds:
            raise ValueError(f"{self.title} has 1 to {self.rounds} rounds, not {rounds}.")
        if rounds == self.rounds:
            return self
        seatings = self.seatings[:rounds]
        played: dict[int, int] = {}
        for seating in (seating for round_seatings in seatings for seating in round_seatings):
            played[seating.board_set] = played.get(seating.board_set, 0) + 1
        if len(set(played.values())) != 1:
            raise ValueError(
                f"{self.title} cut to {rounds} rounds plays some boards more often than others."
            )
        return IndividualMovement(
            self.name, f"{self.title}, {rounds} rounds", self.tables, seatings,
            board_sets=max(played), plays_per_board=next(iter(played.values())),
        )  # fmt: skip

    def seatings_of_board(self, board: int, boards_per_round: int) -> list[IndividualSeating]:
        """The tables (and rounds) that play `board`."""
        board_set = (board - 1) // boards_per_round + 1
        return [seating for seating in self.all_seatings() if seating.board_set == board_set]


def _is_prime(number: int) -> bool:
    return number >= 2 and all(number % divisor for divisor in range(2, int(number**0.5) + 1))


def rainbow(tables: int) -> IndividualMovement:
    """The Rainbow movement for `tables` tables; a ValueError unless it is a prime from 5 up."""
    if not (tables >= 5 and _is_prime(tables)):
        raise ValueError(
            f"The Rainbow movement needs a prime number of tables from 5 up (5, 7, 11, 13, ...), "
            f"not {tables}: its moves would bring players back to a partner or a board."
        )
    east, south, west = tables, 2 * tables, 3 * tables  # each line's numbers start after these

    def at(table: int, shift: int) -> int:
        """The player number (1 to `tables`) in a line who is at `table` after moving `shift`."""
        return (table - 1 - shift) % tables + 1

    seatings = tuple(
        tuple(
            IndividualSeating(
                round=round_number,
                table=table,
                north=table,
                south=south + at(table, round_number - 1),
                east=east + at(table, 2 * (round_number - 1)),
                west=west + at(table, -2 * (round_number - 1)),
                # Boards go down one table: the set a table starts with is one round on.
                board_set=at(table, -(round_number - 1)),
            )
            for table in range(1, tables + 1)
        )
        for round_number in range(1, tables + 1)
    )
    return IndividualMovement(
        "rainbow", f"Rainbow, {tables} tables", tables, seatings, tables, plays_per_board=tables
    )


# The ACBL club guide's first seats and cycle, as printed (table then seat).
TWO_TABLE_START = {"1N": 8, "1S": 1, "1E": 6, "1W": 2, "2N": 5, "2S": 7, "2E": 3, "2W": 4}
TWO_TABLE_CYCLE = ("1S", "2S", "1E", "2N", "2W", "2E", "1W")  # then back to 1S


def two_table_individual() -> IndividualMovement:
    """Eight players at two tables, seven rounds, one winner."""
    places = dict(TWO_TABLE_START)
    rounds = []
    for round_number in range(1, 8):
        rounds.append(
            tuple(
                IndividualSeating(
                    round_number,
                    table,
                    north=places[f"{table}N"],
                    south=places[f"{table}S"],
                    east=places[f"{table}E"],
                    west=places[f"{table}W"],
                    board_set=round_number,
                )
                for table in (1, 2)
            )
        )
        following = {here: TWO_TABLE_CYCLE[(place + 1) % 7]
                     for place, here in enumerate(TWO_TABLE_CYCLE)}  # fmt: skip
        places = {following.get(seat, seat): player for seat, player in places.items()}
    return IndividualMovement(
        "two_table", "Two tables, eight players", 2, tuple(rounds), 7, plays_per_board=2
    )


# Durango Bill's six-table starting round, "a and b vs. c and d" a table, his players numbered
# 0 to 23 with 23 the one who stays put (as transcribed from his page into the JSON file
# go-parse/start-rounds.json of the public repository rossgrat/wtm). Clubscore's reading: a and
# b sit North and South, c and d East and West, and his player k is Clubscore's player k + 1.
SIX_TABLE_START = (
    ((17, 18), (3, 13)),
    ((20, 22), (6, 9)),
    ((15, 19), (8, 16)),
    ((5, 10), (2, 11)),
    ((21, 4), (23, 0)),
    ((7, 14), (1, 12)),
)
SIX_TABLE_STAYS = 23  # his "infinity" player, Clubscore's player 24: East at table 5 throughout


def six_table_individual() -> IndividualMovement:
    """24 players at six tables, 23 rounds; every table plays the same boards each round.

    The page seats players and says nothing of boards: Clubscore gives every table the round's
    set (as the two-table individual does), so each board is played six times, once at each
    table, and a player meets each set once. With fewer than six boards a round the director
    duplicates the boards (or shares them round the tables)."""

    def moved(bill: int, shift: int) -> int:
        return (bill if bill == SIX_TABLE_STAYS else (bill + shift) % SIX_TABLE_STAYS) + 1

    seatings = tuple(
        tuple(
            IndividualSeating(
                round_number,
                table,
                north=moved(north, round_number - 1),
                south=moved(south, round_number - 1),
                east=moved(east, round_number - 1),
                west=moved(west, round_number - 1),
                board_set=round_number,
            )
            for table, ((north, south), (east, west)) in enumerate(SIX_TABLE_START, start=1)
        )
        for round_number in range(1, SIX_TABLE_STAYS + 1)
    )
    return IndividualMovement(
        "six_table", "Six tables, 24 players (Durango Bill)", 6, seatings, 23, plays_per_board=6
    )


def individual_movement(name: str, tables: int) -> IndividualMovement:
    """The movement an event names; a ValueError in words when it cannot seat `tables`."""
    if name == "two_table":
        if tables != 2:
            raise ValueError(f"The two-table individual is for 2 tables, not {tables}.")
        return two_table_individual()
    if name == "six_table":
        if tables != 6:
            raise ValueError(f"The six-table individual is for 6 tables, not {tables}.")
        return six_table_individual()
    if name == "rainbow":
        return rainbow(tables)
    raise ValueError(f"No individual movement is called {name!r}.")


def individual_movement_choices() -> list[tuple[str, str]]:
    return [
        ("rainbow", "Rainbow (5, 7, 11, 13 ... tables)"),
        ("two_table", "Two tables, eight players"),
        ("six_table", "Six tables, 24 players (23 rounds)"),
    ]
