import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.contracts import STRAINS, Contract, contract_score, parse_contract
from scoring.entry import possible_ns_scores
from scoring.par import SEATS, VULNERABILITIES, Par, par

PAVLICEK_STRAINS = ("NT", "S", "H", "D", "C")  # Pavlicek's row order
PAVLICEK_SEATS = ("N", "S", "W", "E")  # Pavlicek's column order
SIDES = {"NS": ("N", "S"), "EW": ("E", "W")}
SIGN = {"NS": 1, "EW": -1}
BIDS = [(level, strain) for level in range(1, 8) for strain in STRAINS]  # by rank


def pavlicek_table(makes: str) -> dict[str, dict[str, int]]:
    """A table as Pavlicek's *Par Score Calculation* prints it after "Makes North South West
    East Deal": rows NT, spades, hearts, diamonds, clubs split by "|"; in each, tricks for N,
    S, W, E ("=" repeats the seat before) and then the row's sum, which is checked.
    """
    table = {seat: {} for seat in SEATS}
    for strain, row in zip(PAVLICEK_STRAINS, makes.split("|"), strict=True):
        numbers: list[int] = []
        for word in row.split():
            numbers.append(numbers[-1] if word == "=" else int(word))
        *tricks, total = numbers
        assert sum(tricks) == total, f"row {row!r} does not add up"
        for seat, taken in zip(PAVLICEK_SEATS, tricks, strict=True):
            table[seat][strain] = taken
    return table


PAVLICEK_DEALS = [
    # Pavlicek's deal 1, "Par: NS +920, 6 [clubs] N or S".
    ("None", "10 = 3 = 26 | 9 = 4 = 26 | 8 = 5 = 26 | 9 = 3 = 24 | 12 = 1 = 26",
     920, ("6C N", "6C S")),
    # Deal 2, "Par: EW +500, 5 [hearts] X S or N": "N-S can win nine tricks in hearts".
    ("Both", "3 = 7 = 20 | 2 = 10 = 24 | 9 = 4 = 26 | 2 = 10 = 24 | 9 = 4 = 26",
     -500, ("5HX N", "5HX S")),
    # Deal 3, "Par: NS +200, 4 [clubs] X W or E": clubs is EW's only nine-trick strain.
    ("EW", "9 = 4 = 26 | 9 = 4 = 26 | 5 = 6 = 22 | 10 = 2 = 24 | 4 = 9 = 26",
     200, ("4CX E", "4CX W")),
    # Deal 3's prose: "If E-W were nonvulnerable ... N-S do better to ignore it and take
    # their 4 [diamonds]; then par would be 130."
    ("None", "9 = 4 = 26 | 9 = 4 = 26 | 5 = 6 = 22 | 10 = 2 = 24 | 4 = 9 = 26",
     130, ("4D N", "4D S")),
    # Deals 4-7, "Par: Zero, Passout": nobody makes seven tricks (4), or both sides'
    # highest make is the same contract: 1NT (5), 3S (6), 7NT (7).
    ("None", "5 = 3 = 16 | 5 = 5 = 20 | 4 = 6 = 20 | 6 = 3 = 18 | 6 = 3 = 18", 0, ()),
    ("None", "7 = 7 = 28 | 6 = 6 = 24 | 6 = 6 = 24 | 6 = 6 = 24 | 6 = 6 = 24", 0, ()),
    ("None", "5 = 8 = 26 | 4 9 4 9 26 | 5 = 8 = 26 | 4 5 8 9 26 | 5 = 8 = 26", 0, ()),
    ("None", "0 13 13 0 26 | 12 13 1 0 26 | 1 2 12 11 26 | 1 2 12 11 26 | 0 = 13 = 26", 0, ()),
]  # fmt: skip


def test_it_reads_the_pavlicek_tables_as_printed():
    table = pavlicek_table("10 = 3 = 26 | 9 = 4 = 26 | 8 = 5 = 26 | 9 = 3 = 24 | 12 = 1 = 26")
    assert table["N"] == {"NT": 10, "S": 9, "H": 8, "D": 9, "C": 12}
    assert table["S"] == table["N"]
    assert table["W"] == {"NT": 3, "S": 4, "H": 5, "D": 3, "C": 1}
    assert table["E"] == table["W"]


@pytest.mark.parametrize(
    "vulnerability,makes,score,contracts",
    PAVLICEK_DEALS,
    ids=["deal1", "deal2", "deal3", "deal3-ew-not-vul", "deal4", "deal5", "deal6", "deal7"],
)
def test_it_finds_the_par_of_pavlicek_deals(vulnerability, makes, score, contracts):
    assert par(pavlicek_table(makes), vulnerability) == Par(score, contracts)


def test_it_names_the_highest_ranking_of_equally_cheap_sacrifices():
    # Pavlicek's deal 2: "N-S could also sacrifice in clubs, but the score would be the same".
    table = pavlicek_table(PAVLICEK_DEALS[1][1])
    assert contract_score("5CX", True, table["N"]["C"]) == -500
    assert par(table, "Both").contracts == ("5HX N", "5HX S")


def test_passout_says_so():
    passout = par(pavlicek_table(PAVLICEK_DEALS[4][1]), "Both")
    assert passout.is_passout
    assert str(passout) == "Zero, Passout"
    assert not par(pavlicek_table(PAVLICEK_DEALS[0][1]), "None").is_passout


def test_it_prints_the_plus_side_and_contracts():
    assert str(par(pavlicek_table(PAVLICEK_DEALS[1][1]), "Both")) == "EW +500: 5HX N, 5HX S"


def table_of(**strains: tuple[int, int, int, int]) -> dict[str, dict[str, int]]:
    """Tricks for N, E, S, W by strain; strains not given take 6 tricks everywhere."""
    return {
        seat: {strain: strains.get(strain, (6, 6, 6, 6))[i] for strain in STRAINS}
        for i, seat in enumerate(SEATS)
    }


@pytest.mark.parametrize(
    "tricks,vulnerability,expected",
    [
        # Pavlicek's "Highest make 5 clubs or diamonds: check for 4NT, 4 hearts or 4 spades".
        (table_of(C=(11, 2, 11, 2), S=(10, 3, 10, 3)), "None", Par(420, ("4S N", "4S S"))),
        # "Highest make 4 clubs or diamonds: check for 3NT, 3 hearts or 3 spades".
        (table_of(D=(10, 2, 10, 2), H=(9, 3, 9, 3)), "None", Par(140, ("3H N", "3H S"))),
        # "Highest make 3 clubs or diamonds: check for 2NT".
        (table_of(D=(3, 9, 3, 9), NT=(4, 8, 4, 8)), "None", Par(-120, ("2NT E", "2NT W"))),
        # A 5 clubs that scores no more than 3NT stays par: Pavlicek checks for higher scores.
        (table_of(C=(11, 2, 11, 2), NT=(9, 4, 9, 4)), "NS", Par(600, ("5C N", "5C S"))),
    ],
    ids=["5m-to-4M", "4m-to-3M", "3m-to-2NT", "5m-equal-to-3NT"],
)
def test_it_takes_a_lower_contract_that_scores_more(tricks, vulnerability, expected):
    assert par(tricks, vulnerability) == expected


def test_it_declares_from_the_hand_that_takes_more_tricks():
    # North takes twelve tricks in clubs and South eleven: 6C is par from North alone.
    assert par(table_of(C=(12, 1, 11, 1)), "None") == Par(920, ("6C N",))


def test_it_sacrifices_only_from_the_cheaper_hand():
    # EW make 4S (620 vulnerable); 5H doubled is down one from North, down two from South.
    tricks = table_of(S=(3, 10, 3, 10), H=(10, 3, 9, 3))
    assert par(tricks, "Both") == Par(-200, ("5HX N",))


@pytest.mark.parametrize(
    "change,message",
    [
        (lambda dd: dd.pop("W"), "no seat W"),
        (lambda dd: dd["E"].pop("NT"), "seat E has no strain NT"),
        (lambda dd: dd.update(X={}), "unknown seat 'X'"),
        (lambda dd: dd["N"].update(N=7), "seat N has unknown strain 'N'"),
        (lambda dd: dd["S"].update(H=14), "S in H: tricks must be a whole number 0-13"),
        (lambda dd: dd["S"].update(H=-1), "S in H: tricks"),
        (lambda dd: dd["S"].update(C="7"), "S in C: tricks"),
        (lambda dd: dd["S"].update(C=True), "S in C: tricks"),
        (lambda dd: dd.update(N=[7, 7, 7, 7, 7]), "seat N must map each strain"),
    ],
)
def test_it_refuses_a_broken_table(change, message):
    dd = table_of()
    change(dd)
    with pytest.raises(ValueError, match=message):
        par(dd, "None")


def test_it_refuses_a_table_that_is_not_a_mapping():
    with pytest.raises(ValueError, match="must map each seat"):
        par([[7] * 5] * 4, "None")


@pytest.mark.parametrize("vulnerability", ["All", "ns", "", None])
def test_it_refuses_an_unknown_vulnerability(vulnerability):
    with pytest.raises(ValueError, match="vulnerability must be None, NS, EW or Both"):
        par(table_of(), vulnerability)


# Random tables. Half are free (any 0-13 per seat); half are plausible: in each strain South
# is near North, East near 13 minus North (the defenders' tricks), West near East.
def _near(draw, tricks: int) -> int:
    return min(13, max(0, tricks + draw(st.integers(-2, 2))))


@st.composite
def dd_tables(draw) -> dict[str, dict[str, int]]:
    table = {seat: {} for seat in SEATS}
    free = draw(st.booleans())
    for strain in STRAINS:
        if free:
            taken = {seat: draw(st.integers(0, 13)) for seat in SEATS}
        else:
            north = draw(st.integers(0, 13))
            east = _near(draw, 13 - north)
            taken = {"N": north, "S": _near(draw, north), "E": east, "W": _near(draw, east)}
        for seat in SEATS:
            table[seat][strain] = taken[seat]
    return table


vulnerabilities = st.sampled_from(VULNERABILITIES)


def side_tricks(dd, side: str, strain: str) -> int:
    return max(dd[seat][strain] for seat in SIDES[side])


def made_scores(dd, side: str, vulnerability: str) -> list[tuple[int, int]]:
    """(rank, the side's undoubled score) of every contract the side makes."""
    vulnerable = vulnerability in (side, "Both")
    result = []
    for rank, (level, strain) in enumerate(BIDS):
        taken = side_tricks(dd, side, strain)
        if taken >= 6 + level:
            result.append((rank, contract_score(Contract(level, strain), vulnerable, taken)))
    return result


def winner_of(dd) -> str | None:
    """The side with the higher-ranking highest make (Pavlicek), None when they are equal."""
    tops = {}
    for side in SIDES:
        tops[side] = max((rank for rank, _ in made_scores(dd, side, "None")), default=-1)
    if tops["NS"] == tops["EW"]:
        return None
    return "NS" if tops["NS"] > tops["EW"] else "EW"


def played(contract_text: str, dd, vulnerability: str) -> tuple[int, int, str]:
    """(rank, NS score, side) of a par contract such as "5HX S" played double-dummy."""
    name, seat = contract_text.split()
    contract = parse_contract(name)
    side = "NS" if seat in SIDES["NS"] else "EW"
    score = contract_score(contract, vulnerability in (side, "Both"), dd[seat][contract.strain])
    return BIDS.index((contract.level, contract.strain)), SIGN[side] * score, side


@settings(max_examples=150)
@given(dd_tables(), vulnerabilities)
def test_the_winners_never_score_more_than_their_best_make(dd, vulnerability):
    # Property (a): the opponents can always pass, so par is at most the winners' best
    # undoubled make; and Pavlicek's board winner is always plus.
    result = par(dd, vulnerability)
    winner = winner_of(dd)
    if winner is None:
        assert result == Par(0)
        return
    best = max(score for _, score in made_scores(dd, winner, vulnerability))
    assert 0 < SIGN[winner] * result.score <= best


@settings(max_examples=150)
@given(dd_tables(), vulnerabilities)
def test_a_sacrifice_is_par_only_when_cheaper_than_the_contract_it_saves_against(dd, vulnerability):
    # Property (b): when par is the losers' doubled contract, the winners make a
    # lower-ranking contract that would score more than the sacrifice costs.
    result = par(dd, vulnerability)
    for text in result.contracts:
        rank, ns_score, side = played(text, dd, vulnerability)
        if side == winner_of(dd):
            continue
        assert "X" in text.split()[0]
        cost = SIGN[side] * -ns_score
        winner = "EW" if side == "NS" else "NS"
        assert any(
            lower < rank and cost < score for lower, score in made_scores(dd, winner, vulnerability)
        )


ROTATE = {"N": "E", "E": "S", "S": "W", "W": "N"}
SWAP_VULNERABILITY = {"None": "None", "NS": "EW", "EW": "NS", "Both": "Both"}


@settings(max_examples=150)
@given(dd_tables(), vulnerabilities)
def test_turning_the_table_a_quarter_turn_negates_par(dd, vulnerability):
    # Property (c): North's cards given to East and so on, with the vulnerability swapped.
    turned = {ROTATE[seat]: row for seat, row in dd.items()}
    result = par(dd, vulnerability)
    turned_result = par(turned, SWAP_VULNERABILITY[vulnerability])
    assert turned_result.score == -result.score
    expected = {f"{text.split()[0]} {ROTATE[text.split()[1]]}" for text in result.contracts}
    assert set(turned_result.contracts) == expected


@settings(max_examples=150)
@given(dd_tables(), vulnerabilities)
def test_par_is_a_duplicate_score_that_each_par_contract_scores(dd, vulnerability):
    # Property (d); and the contracts name every declarer of the par contract who scores par
    # playing it double-dummy, and no other.
    result = par(dd, vulnerability)
    assert result.score in possible_ns_scores(vulnerability)
    for text in result.contracts:
        assert played(text, dd, vulnerability)[1] == result.score
    if result.contracts:
        name, seat = result.contracts[0].split()
        partner = ROTATE[ROTATE[seat]]
        partner_scores_par = played(f"{name} {partner}", dd, vulnerability)[1] == result.score
        assert (f"{name} {partner}" in result.contracts) == partner_scores_par


def loss(dd, side: str, level: int, strain: str, vulnerability: str) -> int:
    """What bidding this contract costs the side, from its best hand: doubled when it goes
    down, negative (a gain) when it makes."""
    taken = side_tricks(dd, side, strain)
    contract = Contract(level, strain, doubled=int(taken < 6 + level))
    return -contract_score(contract, vulnerability in (side, "Both"), taken)


def pavlicek_steps(dd, vulnerability: str) -> int:
    """Pavlicek's calculation written directly: each contract the winners make is worth its
    score or the losers' cheapest save over it, whichever is less; the winners take the best.
    """
    winner = winner_of(dd)
    if winner is None:
        return 0
    loser = "EW" if winner == "NS" else "NS"
    losses = [loss(dd, loser, level, strain, vulnerability) for level, strain in BIDS]
    worth = [
        min([score, *losses[rank + 1 :]]) for rank, score in made_scores(dd, winner, vulnerability)
    ]
    return SIGN[winner] * max(worth)


@settings(max_examples=150)
@given(dd_tables(), vulnerabilities)
def test_the_auction_agrees_with_pavlicek_steps(dd, vulnerability):
    assert par(dd, vulnerability).score == pavlicek_steps(dd, vulnerability)
