"""Clubs own sessions; a session has sections of pairs and boards; boards collect results.

The database refuses impossible data itself: unique seats on a board, no pair against itself,
levels 0-7 and tricks 0-13, adjusted percentages 0-100, and a score wherever one is needed.
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q

import scoring

METHOD_CHOICES = [
    ("matchpoints", "Matchpoints (ACBL 1/½)"),
    ("ebu-matchpoints", "Matchpoints (EBU 2/1)"),
    ("cross-imps", "IMPs across the field"),
    ("butler", "Butler IMPs"),
    ("hdb", "Home Duplicate Bridge (IMPs to VPs)"),
]
MOVEMENT_CHOICES = [("mitchell", "Mitchell"), ("howell", "Howell")]
DIRECTION_CHOICES = [("NS", "NS"), ("EW", "EW"), ("", "either way")]
PHANTOM_CHOICES = [("", "no"), ("NS", "an NS pair"), ("EW", "an EW pair"), ("any", "a pair")]
TOTALS_CHOICES = [
    ("raw", "Raw totals"),
    ("factored", "Factored totals (ACBLscore: up to the boards most pairs played)"),
]
MISSING_CHOICES = [
    ("neuberg", "Neuberg factoring (ACBL, EBU)"),
    ("average", "Each missing result an average comparison (ScoreBridge)"),
]
ADJUSTED_RULE_CHOICES = [
    ("fixed", "Fixed: Ave+ 60%, Ave- 40% (ACBL)"),
    ("session", "Session score if better/worse (Law 12C2, EBU/WBF)"),
]
CROSS_IMP_CHOICES = [
    ("average", "Average over comparisons (EBU, ACBLscore average IMPs)"),
    ("total", "Sum over comparisons (ACBLscore total IMPs, Ruter)"),
]
DATUM_ROUNDING_CHOICES = [(10, "Nearest 10 points"), (1, "Nearest point")]


class ScoringOptionFields(models.Model):
    """The director's scoring conventions: a club's defaults, and each session's own."""

    totals = models.CharField(max_length=10, choices=TOTALS_CHOICES, default="raw")
    missing_results = models.CharField(max_length=10, choices=MISSING_CHOICES, default="neuberg")
    adjusted_rule = models.CharField(
        max_length=10, choices=ADJUSTED_RULE_CHOICES, default="fixed",
        verbose_name="Ave+ and Ave-",
    )  # fmt: skip
    cross_imps = models.CharField(
        max_length=10, choices=CROSS_IMP_CHOICES, default="average", verbose_name="Cross-IMPs"
    )
    ave_plus_imps = models.PositiveSmallIntegerField(
        default=3, verbose_name="Ave+ IMPs",
        help_text="IMPs for Ave+ at IMP scoring: per board, or per comparison when summed.",
    )  # fmt: skip
    butler_drop = models.CharField(
        max_length=6, blank=True, default="",
        help_text="Butler: results dropped at each end, e.g. 1 or 5% (blank: the usual trim).",
    )  # fmt: skip
    datum_rounding = models.PositiveSmallIntegerField(
        choices=DATUM_ROUNDING_CHOICES, default=10, verbose_name="Butler datum rounding"
    )

    OPTION_NAMES = (
        "totals", "missing_results", "adjusted_rule", "cross_imps", "ave_plus_imps",
        "butler_drop", "datum_rounding",
    )  # fmt: skip

    class Meta:
        abstract = True

    @property
    def scoring_options(self) -> scoring.ScoringOptions:
        return scoring.ScoringOptions(**{name: getattr(self, name) for name in self.OPTION_NAMES})

    def option_values(self) -> dict:
        return {name: getattr(self, name) for name in self.OPTION_NAMES}


class Club(ScoringOptionFields):
    name = models.CharField(max_length=100)
    slug = models.SlugField(unique=True)
    directors = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="clubs", blank=True)
    default_scoring = models.CharField(
        max_length=20, choices=METHOD_CHOICES, default="matchpoints",
        help_text="Matchpoints on the ACBL scale unless the club scores EBU-style 2/1.",
    )  # fmt: skip

    def __str__(self) -> str:
        return self.name

    def is_director(self, user) -> bool:
        return user.is_authenticated and self.directors.filter(pk=user.pk).exists()


class EventQuerySet(models.QuerySet):
    def readable_by(self, user):
        if not user.is_authenticated:
            return self.filter(published=True)
        return self.filter(Q(published=True) | Q(club__directors=user)).distinct()

    def directed_by(self, user):
        if not user.is_authenticated:
            return self.none()
        return self.filter(club__directors=user)


class Event(ScoringOptionFields):
    """One session of duplicate: tonight's pairs game."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="events")
    name = models.CharField(max_length=100)
    date = models.DateField()
    scoring = models.CharField(max_length=20, choices=METHOD_CHOICES, default="matchpoints")
    movement = models.CharField(max_length=10, choices=MOVEMENT_CHOICES, default="mitchell")
    boards_per_round = models.PositiveSmallIntegerField(default=3)
    published = models.BooleanField(
        default=False, help_text="Published results are open to everyone; others to directors."
    )
    finalised = models.BooleanField(
        default=False, help_text="Results are provisional until the director finalises them."
    )
    one_winner = models.BooleanField(
        default=False,
        help_text="Rank every pair together (an arrow-switched Mitchell, or a Howell).",
    )
    across_field = models.BooleanField(
        default=False,
        help_text="Sections play the same boards and are matchpointed together.",
    )
    version = models.PositiveIntegerField(
        default=0, help_text="Goes up with every change, so open pages know when to refresh."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = EventQuerySet.as_manager()

    class Meta:
        verbose_name = "session"
        ordering = ["-date", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(boards_per_round__gte=1) & Q(boards_per_round__lte=8),
                name="event_boards_per_round_1_to_8",
            ),
            models.CheckConstraint(
                condition=Q(scoring__in=scoring.METHODS), name="event_scoring_known"
            ),
            models.CheckConstraint(
                condition=Q(totals__in=["raw", "factored"])
                & Q(missing_results__in=["neuberg", "average"])
                & Q(adjusted_rule__in=["fixed", "session"])
                & Q(cross_imps__in=["average", "total"])
                & Q(ave_plus_imps__lte=24)
                & Q(datum_rounding__in=[1, 10]),
                name="event_options_known",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d %b %Y})"

    @property
    def is_howell(self) -> bool:
        return self.movement == "howell"

    @property
    def uses_percentages(self) -> bool:
        return self.scoring in ("matchpoints", "ebu-matchpoints", "hdb")

    @property
    def uses_imps(self) -> bool:
        return self.scoring in scoring.IMP_METHODS

    @property
    def points_name(self) -> str:
        """What a board earns under this method, for column headings."""
        return {"hdb": "IMPs", "cross-imps": "IMPs", "butler": "IMPs"}.get(self.scoring, "MPs")

    def describe_scoring(self) -> str:
        described = self.scoring_options.describe(self.scoring)
        if self.across_field:
            described += ", sections scored across the field"
        if self.one_winner and not self.is_howell:
            described += ", one winner (all pairs ranked together)"
        return described


class Section(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="sections")
    name = models.CharField(max_length=3, default="A")
    tables = models.PositiveSmallIntegerField()
    phantom = models.CharField(max_length=3, choices=PHANTOM_CHOICES, default="", blank=True)
    rounds = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Fewer rounds than the full movement, if wanted."
    )
    has_movement = models.BooleanField(
        default=True, help_text="Imported sessions keep their pairings but no generated movement."
    )
    arrow_switch = models.CharField(
        max_length=40, blank=True, default="",
        help_text="Mitchell rounds in which the pairs swap seats, e.g. 7 or 6,7.",
    )  # fmt: skip

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "name"], name="section_name_unique"),
            models.CheckConstraint(condition=Q(tables__gte=1), name="section_has_tables"),
        ]

    def __str__(self) -> str:
        return f"Section {self.name}"

    def movement(self) -> scoring.Movement | None:
        if not self.has_movement:
            return None
        event = self.event
        if event.is_howell:
            pairs = 2 * self.tables - (1 if self.phantom else 0)
            return scoring.howell(pairs, event.boards_per_round)
        phantom = self.phantom if self.phantom in ("NS", "EW") else None
        return scoring.mitchell(
            self.tables, event.boards_per_round, phantom, self.rounds, self.arrow_switch_rounds
        )

    @property
    def arrow_switch_rounds(self) -> tuple[int, ...]:
        return tuple(int(r) for r in self.arrow_switch.replace(" ", "").split(",") if r)


class Pair(models.Model):
    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="pairs")
    number = models.PositiveSmallIntegerField()
    direction = models.CharField(max_length=2, choices=DIRECTION_CHOICES, blank=True)
    player1 = models.CharField(max_length=60, blank=True)
    player2 = models.CharField(max_length=60, blank=True)

    class Meta:
        ordering = ["direction", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "number", "direction"], name="pair_number_unique"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="pair_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.direction} {self.number}".strip()

    @property
    def key(self) -> scoring.Pair:
        return scoring.Pair(self.number, self.direction or None)

    @property
    def names(self) -> str:
        return " & ".join(name for name in (self.player1, self.player2) if name)


class Board(models.Model):
    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField()
    board_set = models.PositiveSmallIntegerField(
        help_text="Boards of one set are played together in a round (HDB scores per set)."
    )
    expected_results = models.PositiveSmallIntegerField(
        help_text="How many tables the movement sends this board to (the Neuberg target)."
    )
    deal = models.CharField(max_length=80, blank=True, help_text="PBN deal, e.g. N:AKQ.…")

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["section", "number"], name="board_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="board_number_positive"),
        ]

    def __str__(self) -> str:
        return f"Board {self.number}"

    @property
    def dealer(self) -> str:
        return scoring.board_dealer(self.number)

    @property
    def vulnerability(self) -> str:
        return scoring.board_vulnerability(self.number)


class ResultQuerySet(models.QuerySet):
    def for_board(self, board):
        return self.filter(board=board).select_related("ns_pair", "ew_pair")

    def for_section(self, section):
        return self.filter(board__section=section).select_related("board", "ns_pair", "ew_pair")


class Result(models.Model):
    PLAYED, ADJUSTED, NOT_PLAYED, WEIGHTED = "played", "adjusted", "not_played", "weighted"
    KIND_CHOICES = [
        (PLAYED, "played"), (ADJUSTED, "adjusted"), (NOT_PLAYED, "not played"),
        (WEIGHTED, "weighted adjusted"),
    ]  # fmt: skip

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="results")
    ns_pair = models.ForeignKey(Pair, on_delete=models.PROTECT, related_name="ns_results")
    ew_pair = models.ForeignKey(Pair, on_delete=models.PROTECT, related_name="ew_results")
    round = models.PositiveSmallIntegerField(null=True, blank=True)
    kind = models.CharField(max_length=10, choices=KIND_CHOICES)
    text = models.CharField(max_length=30, help_text="The result as the traveller shows it.")
    contract_level = models.PositiveSmallIntegerField(null=True, blank=True)  # 0: passed out
    contract_strain = models.CharField(max_length=2, blank=True)
    doubled = models.PositiveSmallIntegerField(default=0)
    declarer = models.CharField(max_length=1, blank=True)
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    ns_score = models.IntegerField(null=True, blank=True)
    ns_percent = models.PositiveSmallIntegerField(null=True, blank=True)
    ew_percent = models.PositiveSmallIntegerField(null=True, blank=True)
    foul_group = models.PositiveSmallIntegerField(
        default=0, help_text="Law 87: results of a fouled board in each form are scored apart."
    )
    ns_points = models.FloatField(null=True, blank=True)
    ew_points = models.FloatField(null=True, blank=True)
    top = models.FloatField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )

    objects = ResultQuerySet.as_manager()

    class Meta:
        # No default ordering: it would join boards and pairs into every lookup on the save path.
        constraints = [
            models.UniqueConstraint(fields=["board", "ns_pair"], name="result_ns_once_a_board"),
            models.UniqueConstraint(fields=["board", "ew_pair"], name="result_ew_once_a_board"),
            models.CheckConstraint(
                condition=~Q(ns_pair=F("ew_pair")), name="result_pair_never_plays_itself"
            ),
            models.CheckConstraint(
                condition=Q(tricks__isnull=True) | Q(tricks__lte=13), name="result_tricks_0_13"
            ),
            models.CheckConstraint(
                condition=Q(contract_level__isnull=True) | Q(contract_level__lte=7),
                name="result_level_0_7",
            ),
            models.CheckConstraint(condition=Q(doubled__lte=2), name="result_doubled_0_2"),
            models.CheckConstraint(
                condition=Q(declarer__in=["", "N", "E", "S", "W"]), name="result_declarer_seat"
            ),
            models.CheckConstraint(
                condition=~Q(kind="played") | Q(ns_score__isnull=False),
                name="result_played_has_score",
            ),
            models.CheckConstraint(
                condition=~Q(kind="adjusted") | (Q(ns_percent__lte=100) & Q(ew_percent__lte=100)),
                name="result_adjusted_has_percentages",
            ),
            models.CheckConstraint(
                condition=Q(kind__in=["played", "adjusted", "not_played", "weighted"]),
                name="result_kind",
            ),
            models.CheckConstraint(condition=Q(foul_group__lte=9), name="result_foul_group_0_9"),
        ]

    def __str__(self) -> str:
        return f"Board {self.board.number}: {self.ns_pair} v {self.ew_pair}: {self.text}"


class ResultChange(models.Model):
    """Every create, correction and deletion of a result: who, when, before and after."""

    CREATED, CORRECTED, DELETED = "created", "corrected", "deleted"
    ACTION_CHOICES = [(CREATED, "entered"), (CORRECTED, "corrected"), (DELETED, "deleted")]

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="changes")
    ns_pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+")
    ew_pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+")
    action = models.CharField(max_length=10, choices=ACTION_CHOICES)
    old_text = models.CharField(max_length=30, blank=True)
    new_text = models.CharField(max_length=30, blank=True)
    old_ns_score = models.IntegerField(null=True, blank=True)
    new_ns_score = models.IntegerField(null=True, blank=True)
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    changed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-changed_at", "-pk"]

    def __str__(self) -> str:
        shown = self.new_text or self.old_text
        return f"Board {self.board_id}: {self.get_action_display()} {shown}"


class Penalty(models.Model):
    """A procedural penalty off a pair's score, shown beside it on the results."""

    POINTS, PERCENT = "points", "percent"
    UNIT_CHOICES = [(POINTS, "matchpoints or IMPs"), (PERCENT, "% of a top (matchpoints)")]

    pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="penalties")
    amount = models.DecimalField(max_digits=6, decimal_places=2)
    unit = models.CharField(max_length=8, choices=UNIT_CHOICES, default=POINTS)
    reason = models.CharField(max_length=100, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="penalty_amount_positive"),
            models.CheckConstraint(
                condition=Q(unit__in=["points", "percent"]), name="penalty_unit"
            ),
        ]

    def __str__(self) -> str:
        unit = "%" if self.unit == self.PERCENT else " points"
        return f"{self.pair}: -{self.amount}{unit} {self.reason}".strip()


# One-table games (seeds 001 and 002): four players, no field, every hand scored against a par.

ONE_TABLE_METHOD_CHOICES = [
    ("par-imps", "Par-table IMPs (seed 002’s tally sheet)"),
    ("hancock", "Hancock points (HCP par, seed 001)"),
]
HANCOCK_DOUBLED_CHOICES = [
    ("ignore", "Ignored: X and XX change nothing"),
    ("into-game", "Doubling into game: a doubled part score worth 100 trick points is a game"),
    ("multiply", "Into game, and each overtrick and undertrick counts ×2 doubled, ×4 redoubled"),
]
HANCOCK_VULNERABLE_CHOICES = [
    ("ignore", "Ignored: vulnerability changes nothing"),
    ("double-undertricks", "A vulnerable declarer’s undertricks count double"),
]
SEAT_CHOICES = [("N", "N"), ("E", "E"), ("S", "S"), ("W", "W")]
SCORING_LINE_CHOICES = [("", "the dealer's side"), ("NS", "NS"), ("EW", "EW")]


class OneTableSession(models.Model):
    """Four friends at one table: each hand is scored against a par, not against a field."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="one_table_sessions")
    name = models.CharField(max_length=100, default="One-table game")
    date = models.DateField()
    north = models.CharField(max_length=60, blank=True)
    east = models.CharField(max_length=60, blank=True)
    south = models.CharField(max_length=60, blank=True)
    west = models.CharField(max_length=60, blank=True)
    boards = models.PositiveSmallIntegerField(
        default=16, help_text="16 plays every dealer and vulnerability once (seed 002)."
    )
    method = models.CharField(max_length=10, choices=ONE_TABLE_METHOD_CHOICES, default="par-imps")
    doubled_rule = models.CharField(
        max_length=10, choices=HANCOCK_DOUBLED_CHOICES, default="ignore",
        verbose_name="Doubled and redoubled (Hancock)",
    )  # fmt: skip
    vulnerable_rule = models.CharField(
        max_length=20, choices=HANCOCK_VULNERABLE_CHOICES, default="ignore",
        verbose_name="Vulnerability (Hancock)",
    )  # fmt: skip
    published = models.BooleanField(default=False)
    version = models.PositiveIntegerField(
        default=0, help_text="Goes up with every change, so open pages know when to refresh."
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = EventQuerySet.as_manager()

    class Meta:
        ordering = ["-date", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(boards__gte=1) & Q(boards__lte=32), name="one_table_boards_1_to_32"
            ),
            models.CheckConstraint(
                condition=Q(method__in=["par-imps", "hancock"]), name="one_table_method_known"
            ),
            models.CheckConstraint(
                condition=Q(doubled_rule__in=scoring.hancock.DOUBLED_RULES)
                & Q(vulnerable_rule__in=scoring.hancock.VULNERABLE_RULES),
                name="one_table_hancock_rules_known",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d %b %Y})"

    @property
    def ns_names(self) -> str:
        return " & ".join(name for name in (self.north, self.south) if name)

    @property
    def ew_names(self) -> str:
        return " & ".join(name for name in (self.east, self.west) if name)


class OneTableHand(models.Model):
    """One hand as the table wrote it down: what was bid, made and held."""

    session = models.ForeignKey(OneTableSession, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField()
    contract = models.CharField(max_length=6, help_text="4S, 3NTX, 7NTXX or PASS.")
    declarer = models.CharField(max_length=1, blank=True)  # blank when passed out
    tricks = models.PositiveSmallIntegerField(default=0)
    hcp_ns = models.PositiveSmallIntegerField()
    fit = models.CharField(max_length=3, blank=True, help_text="9H; blank for no 8-card fit.")
    scoring_line = models.CharField(
        max_length=2, blank=True, help_text="On a 20-20 hand: NS or EW instead of the dealer's."
    )
    trump_length_7 = models.BooleanField(
        default=False, help_text="Hancock: a declaring hand holds 7 or more trumps."
    )
    side_voids = models.PositiveSmallIntegerField(
        default=0, help_text="Hancock: the declaring side's voids in the other suits."
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="one_table_hand_once"),
            models.CheckConstraint(condition=Q(number__gte=1), name="one_table_hand_positive"),
            models.CheckConstraint(condition=Q(tricks__lte=13), name="one_table_tricks_0_13"),
            models.CheckConstraint(condition=Q(hcp_ns__lte=40), name="one_table_hcp_0_40"),
            models.CheckConstraint(
                condition=Q(declarer__in=["", "N", "E", "S", "W"]), name="one_table_declarer_seat"
            ),
            models.CheckConstraint(
                condition=Q(scoring_line__in=["", "NS", "EW"]), name="one_table_scoring_line"
            ),
            models.CheckConstraint(condition=Q(side_voids__lte=6), name="one_table_side_voids"),
        ]

    def __str__(self) -> str:
        return f"Hand {self.number}: {self.contract} {self.declarer}".strip()
