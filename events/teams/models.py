"""Teams events: teams of four or more play matches of two rooms on the same
boards; each match's IMPs turn into Victory Points on the event's scale (a KO match keeps
IMPs), or the event scores board-a-match or Patton. The numbers themselves come from `scoring`
(teams.py, vps.py, board_a_match.py, team_movements.py)."""

from django.conf import settings
from django.db import models
from django.db.models import Q

import scoring
from events.core.dates import EARLIEST_DATE, LAST_STORABLE_DATE
from events.core.invisible import validate_visible
from events.models.analysis import AnalysisFields, DealAnalysisFields
from events.models.clubs import Club
from events.models.sessions import EventQuerySet, SoftDeleted

# Imported here, where Django looks for the app's models: the rooms' links and entries.
from events.teams.room_models import MatchRoomLink, RoomEntry, RoomResults  # noqa: F401
from events.teams.sessions import SessionsField
from scoring.domain import TeamsKind, TeamsScoring

TEAMS_KIND_CHOICES = TeamsKind.choices()
TEAMS_KINDS = [kind.value for kind in TeamsKind]
TEAMS_SCORINGS = [method.value for method in TeamsScoring]
_KIND_WORDS = {TeamsKind.SWISS: "a Swiss teams event",
               TeamsKind.ROUND_ROBIN: "a round-robin teams event",
               TeamsKind.KO: "a knockout match"}  # fmt: skip
# The scales scoring.match_vps knows, with the labels the pages show (the results page names
# the scale used).
VP_SCALE_CHOICES = list(scoring.VP_SCALES.items())
VP_SCALES = [code for code, _ in VP_SCALE_CHOICES]
BYE_VPS_CHOICES = [
    ("12", "12 VPs"),
    ("average", "The team's average VPs in its other matches"),
]
FORFEIT_CHOICES = [
    ("", "No"),
    ("home", "The home team forfeits"),
    ("away", "The away team forfeits"),
]
# An artificial score for a board not played (or not playable) in one or both rooms: Law 86A's
# Ave+ = +3 IMPs and Ave- = -3 IMPs, Average 0.
BOARD_ADJUSTED_CHOICES = [
    ("", "Played in both rooms"),
    ("ave", "Average to both teams (0 IMPs)"),
    ("home-plus", "Ave+ home, Ave− away (+3 IMPs home)"),
    ("away-plus", "Ave− home, Ave+ away (+3 IMPs away)"),
    ("both-plus", "Ave+ to both teams (+3 IMPs each)"),
]
BOARD_ADJUSTED = [code for code, _ in BOARD_ADJUSTED_CHOICES]
# What a withdrawn team's matches after its last round become (docs/rules.md, "A team that
# withdraws"): the director chooses.
WITHDRAWAL_CHOICES = [
    ("bye", "Byes for its opponents"),
    ("forfeit", "Forfeits: the withdrawn team scores 0, its opponents as for a bye"),
]
WITHDRAWAL_RULES = [code for code, _ in WITHDRAWAL_CHOICES]


class TeamsEvent(SessionsField, AnalysisFields, SoftDeleted):
    """A teams night or league: Swiss, round robin or a knockout match."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="teams_events")
    name = models.CharField(max_length=100, validators=[validate_visible])
    date = models.DateField()
    kind = models.CharField(max_length=12, choices=TEAMS_KIND_CHOICES, default=TeamsKind.SWISS)
    boards_per_match = models.PositiveSmallIntegerField(
        default=7, help_text="Boards each match plays (a KO segment's boards)."
    )
    rounds = models.PositiveSmallIntegerField(
        default=4, help_text="Swiss: rounds to play. KO: segments. A round robin plays them all."
    )
    scoring = models.CharField(
        max_length=10,
        choices=TeamsScoring.choices(),
        default=TeamsScoring.IMPS_VPS,
        verbose_name="Scoring",
        help_text="How a match scores: its IMPs on a VP scale, board-a-match or Patton.",
    )
    vp_scale = models.CharField(
        max_length=20, choices=VP_SCALE_CHOICES, default="wbf-2013", verbose_name="VP scale"
    )
    club_vp_table = models.TextField(
        blank=True,
        verbose_name="Club VP table",
        help_text="Only for the club's own scale: one row a line, e.g. 0-2 10-10, 3-6 11-9, "
        "…, 25+ 20-0.",
    )
    bye_vps = models.CharField(
        max_length=10, choices=BYE_VPS_CHOICES, default="12", verbose_name="A bye scores"
    )
    carry_over_home = models.DecimalField(
        max_digits=6, decimal_places=1, default=0, verbose_name="KO carry-over, team 1"
    )
    carry_over_away = models.DecimalField(
        max_digits=6, decimal_places=1, default=0, verbose_name="KO carry-over, team 2"
    )
    published = models.BooleanField(
        default=False, help_text="Published results are open to everyone; others to directors."
    )
    version = models.PositiveIntegerField(
        default=0, help_text="Goes up with every change, so open pages know when to refresh."
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = EventQuerySet.as_manager()

    class Meta:
        # The tables keep the names they had when teams events were models of `events`.
        db_table = "events_teamsevent"
        verbose_name = "teams event"
        ordering = ["-date", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(date__gte=EARLIEST_DATE) & Q(date__lte=LAST_STORABLE_DATE),
                name="teams_date_1925_to_2099",
                violation_error_message="An event's date is from 1 Jan 1925 to 31 Dec 2099.",
            ),
            models.CheckConstraint(condition=Q(kind__in=TEAMS_KINDS), name="teams_kind_known"),
            models.CheckConstraint(
                condition=Q(vp_scale__in=VP_SCALES), name="teams_vp_scale_known"
            ),
            models.CheckConstraint(
                condition=Q(scoring__in=TEAMS_SCORINGS), name="teams_scoring_known"
            ),
            # A knockout match carries IMPs from segment to segment.
            models.CheckConstraint(
                condition=~Q(kind=TeamsKind.KO) | Q(scoring=TeamsScoring.IMPS_VPS),
                name="teams_ko_scores_imps",
            ),
            models.CheckConstraint(
                condition=~Q(vp_scale="club") | ~Q(club_vp_table=""),
                name="teams_club_scale_has_table",
            ),
            models.CheckConstraint(
                condition=Q(bye_vps__in=["12", "average"]), name="teams_bye_vps_known"
            ),
            models.CheckConstraint(
                condition=Q(boards_per_match__gte=1) & Q(boards_per_match__lte=64),
                name="teams_boards_per_match_1_to_64",
            ),
            models.CheckConstraint(
                condition=Q(rounds__gte=1) & Q(rounds__lte=30), name="teams_rounds_1_to_30"
            ),
            models.CheckConstraint(
                condition=Q(carry_over_home__gte=0) & Q(carry_over_away__gte=0),
                name="teams_carry_over_not_negative",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d %b %Y})"

    @property
    def is_ko(self) -> bool:
        return self.kind == TeamsKind.KO

    @property
    def is_swiss(self) -> bool:
        return self.kind == TeamsKind.SWISS

    @property
    def is_round_robin(self) -> bool:
        return self.kind == TeamsKind.ROUND_ROBIN

    @property
    def byes_score_average(self) -> bool:
        """A bye scores the team's average VPs over its other matches, not 12."""
        return self.bye_vps == "average"

    @property
    def by_boards(self) -> bool:
        """Scored board by board (board-a-match or Patton), not by IMPs turned into VPs."""
        return self.scoring != TeamsScoring.IMPS_VPS

    @property
    def is_patton(self) -> bool:
        return self.scoring == TeamsScoring.PATTON

    @property
    def points_word(self) -> str:
        """What a match's total is called: "VPs", "board points", "Patton points"."""
        return {TeamsScoring.IMPS_VPS: "VPs", TeamsScoring.BOARD_A_MATCH: "board points",
                TeamsScoring.PATTON: "Patton points"}[self.scoring]  # fmt: skip

    @property
    def kind_in_words(self) -> str:
        """ "a Swiss teams event", "a round-robin teams event", "a knockout match"."""
        return _KIND_WORDS[self.kind]


class Team(models.Model):
    """A team of four or more players under a name; `number` is its place in the draw."""

    event = models.ForeignKey(TeamsEvent, on_delete=models.CASCADE, related_name="teams")
    number = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=60, validators=[validate_visible])
    members = models.CharField(
        max_length=300,
        blank=True,
        help_text="Players, comma-separated.",
        validators=[validate_visible],
    )
    # A team withdrawn after round k (0: before round 1) plays no later round; `withdrawal`
    # says what its later matches became (events.teams.withdrawal).
    withdrawn_after = models.PositiveSmallIntegerField(null=True, blank=True)
    withdrawal = models.CharField(max_length=8, choices=WITHDRAWAL_CHOICES, blank=True, default="")

    class Meta:
        db_table = "events_team"
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="team_number_once"),
            models.UniqueConstraint(fields=["event", "name"], name="team_name_once"),
            models.CheckConstraint(condition=Q(number__gte=1), name="team_number_positive"),
            models.CheckConstraint(condition=~Q(name=""), name="team_has_name"),
            # Withdrawn after a round with a rule for its later matches, or neither (a NULL
            # round would leave the second test unknown, which a CHECK lets through).
            models.CheckConstraint(
                condition=Q(withdrawn_after__isnull=True, withdrawal="")
                | (
                    Q(withdrawn_after__isnull=False, withdrawn_after__lte=30)
                    & Q(withdrawal__in=WITHDRAWAL_RULES)
                ),
                name="team_withdrawal_whole",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def withdrawn(self) -> bool:
        return self.withdrawn_after is not None


class TeamMatch(models.Model):
    """One match of a round (or a KO segment): the home team sits NS in the open room and EW
    in the closed room. No away team is a bye. Scored totals are stored when boards are saved
    (VPs once every board has a result), so the standings read them without rescoring."""

    event = models.ForeignKey(TeamsEvent, on_delete=models.CASCADE, related_name="matches")
    round = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField(null=True, blank=True)  # none for a bye
    home = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="home_matches")
    away = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.CASCADE, related_name="away_matches"
    )
    # None: the round's set of boards (events.teams.entry.board_numbers). An imported file's
    # match may play other boards: a KO segment or a relay round numbered from 1 again.
    first_board = models.PositiveSmallIntegerField(null=True, blank=True)
    forfeit = models.CharField(max_length=4, choices=FORFEIT_CHOICES, blank=True, default="")
    home_imp_penalty = models.DecimalField(max_digits=5, decimal_places=1, default=0)
    away_imp_penalty = models.DecimalField(max_digits=5, decimal_places=1, default=0)
    home_vp_penalty = models.DecimalField(max_digits=5, decimal_places=2, default=0)
    away_vp_penalty = models.DecimalField(max_digits=5, decimal_places=2, default=0)
    boards_entered = models.PositiveSmallIntegerField(default=0)
    home_imps = models.DecimalField(max_digits=6, decimal_places=1, default=0)
    away_imps = models.DecimalField(max_digits=6, decimal_places=1, default=0)
    home_vps = models.DecimalField(max_digits=6, decimal_places=2, null=True, blank=True)
    away_vps = models.DecimalField(max_digits=6, decimal_places=2, null=True, blank=True)
    # Board-a-match: the boards' points (1, ½, 0 each); Patton: those doubled plus the
    # aggregate's. Stored, like VPs, once every board has a result (before penalties).
    home_points = models.DecimalField(max_digits=6, decimal_places=2, null=True, blank=True)
    away_points = models.DecimalField(max_digits=6, decimal_places=2, null=True, blank=True)

    class Meta:
        db_table = "events_teammatch"
        # The bye (no table) last in its round, on SQLite as on PostgreSQL.
        ordering = ["round", models.F("table").asc(nulls_last=True)]
        verbose_name_plural = "team matches"
        constraints = [
            models.UniqueConstraint(fields=["event", "round", "table"], name="match_table_once"),
            models.UniqueConstraint(fields=["event", "round", "home"], name="match_home_once"),
            models.UniqueConstraint(fields=["event", "round", "away"], name="match_away_once"),
            models.CheckConstraint(condition=Q(round__gte=1), name="match_round_positive"),
            models.CheckConstraint(condition=~Q(home=models.F("away")), name="match_two_teams"),
            models.CheckConstraint(
                condition=Q(away__isnull=True, table__isnull=True)
                | Q(away__isnull=False, table__gte=1),
                name="match_bye_has_no_table",
            ),
            models.CheckConstraint(
                condition=Q(first_board__isnull=True) | Q(first_board__gte=1),
                name="match_first_board_positive",
            ),
            models.CheckConstraint(
                condition=Q(forfeit="") | (Q(forfeit__in=["home", "away"]) & Q(away__isnull=False)),
                name="match_forfeit_known",
            ),
            models.CheckConstraint(
                condition=Q(home_imp_penalty__gte=0)
                & Q(away_imp_penalty__gte=0)
                & Q(home_vp_penalty__gte=0)
                & Q(away_vp_penalty__gte=0),
                name="match_penalties_not_negative",
            ),
            models.CheckConstraint(
                condition=Q(home_points__isnull=True, away_points__isnull=True)
                | Q(home_points__gte=0, away_points__gte=0),
                name="match_points_both_or_neither",
            ),
        ]

    def __str__(self) -> str:
        away = self.away.name if self.away_id else "bye"
        return f"Round {self.round}: {self.home.name} v {away}"

    @property
    def is_bye(self) -> bool:
        return self.away_id is None

    @property
    def forfeit_given(self) -> bool:
        """A forfeit the director gave: not one that follows from a team's withdrawal before
        this round (events.teams.withdrawal), which drawing the round again gives again."""
        if not self.forfeit:
            return False
        offender = self.home if self.forfeit == "home" else self.away
        return not (offender.withdrawn and offender.withdrawn_after < self.round)


class MatchBoard(RoomResults, models.Model):
    """One board of a match: both rooms' results as typed and their NS scores, or an
    artificial score; `home_imps`/`away_imps` are what the board gave each team (nothing while
    one room's phone alone has entered it: `complete`)."""

    match = models.ForeignKey(TeamMatch, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField()
    open_result = models.CharField(max_length=40, blank=True)
    open_ns_score = models.IntegerField(null=True, blank=True)
    closed_result = models.CharField(max_length=40, blank=True)
    closed_ns_score = models.IntegerField(null=True, blank=True)
    adjusted = models.CharField(
        max_length=10, choices=BOARD_ADJUSTED_CHOICES, blank=True, default=""
    )
    home_imps = models.PositiveSmallIntegerField(default=0)
    away_imps = models.PositiveSmallIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "events_matchboard"
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="match_board_once"),
            models.CheckConstraint(condition=Q(number__gte=1), name="match_board_positive"),
            models.CheckConstraint(
                condition=Q(adjusted__in=BOARD_ADJUSTED), name="match_board_adjusted_known"
            ),
            # A result from at least one room, or an artificial score; half a board (one
            # room's result, the other room still playing) gives no IMPs yet.
            models.CheckConstraint(
                condition=(
                    Q(adjusted="")
                    & (Q(open_ns_score__isnull=False) | Q(closed_ns_score__isnull=False))
                )
                | ~Q(adjusted=""),
                name="match_board_a_room_or_adjusted",
            ),
            models.CheckConstraint(
                condition=~Q(adjusted="")
                | Q(open_ns_score__isnull=False, closed_ns_score__isnull=False)
                | Q(home_imps=0, away_imps=0),
                name="match_board_half_has_no_imps",
            ),
            models.CheckConstraint(
                condition=Q(home_imps__lte=24) & Q(away_imps__lte=24),
                name="match_board_imps_0_24",
            ),
        ]

    def __str__(self) -> str:
        return f"Board {self.number}"


class TeamsDeal(DealAnalysisFields):
    """A board of a teams event as its hand record dealt it, and its double-dummy analysis:
    every match of the round that plays the board plays this deal, in both rooms."""

    event = models.ForeignKey(TeamsEvent, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveSmallIntegerField()
    deal = models.CharField(max_length=80, help_text="PBN deal, e.g. N:AKQ.…")

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="teams_deal_once"),
            models.CheckConstraint(condition=Q(number__gte=1), name="teams_deal_positive"),
            models.CheckConstraint(condition=~Q(deal=""), name="teams_deal_dealt"),
        ]

    def __str__(self) -> str:
        return f"Board {self.number}"
