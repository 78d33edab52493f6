"""A session (event) has sections of pairs and boards."""

import datetime

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

import scoring
from events.core.dates import EARLIEST_DATE, LAST_STORABLE_DATE
from events.core.invisible import validate_visible
from scoring.domain import Direction, Method, MovementKind, Totals

from .analysis import AnalysisFields, DealAnalysisFields
from .choices import DIRECTION_CHOICES, METHOD_CHOICES, MOVEMENT_CHOICES, PHANTOM_CHOICES
from .clubs import Club, ScoringOptionFields
from .standing_options import STANDING_OPTION_CONSTRAINTS, StandingOptionFields

RESTORE_DAYS = 30  # how long a deleted session can be restored before it may be purged


class EventQuerySet(models.QuerySet):
    def not_deleted(self):
        # One-table games share these queries but cannot be deleted (yet): all of them count.
        if not hasattr(self.model, "deleted_at"):
            return self
        return self.filter(deleted_at__isnull=True)

    def deleted(self):
        return self.filter(deleted_at__isnull=False)

    def readable_by(self, user):
        if not user.is_authenticated:
            return self.not_deleted().filter(published=True)
        return self.not_deleted().filter(Q(published=True) | Q(club__directors=user)).distinct()

    def directed_by(self, user):
        """The sessions `user` may change; a deleted one only through `restorable_by`."""
        if not user.is_authenticated:
            return self.none()
        return self.not_deleted().filter(club__directors=user)

    def restorable_by(self, user):
        """Deleted sessions of `user`'s clubs still kept (RESTORE_DAYS), the latest first."""
        if not user.is_authenticated:
            return self.none()
        kept_since = timezone.now() - datetime.timedelta(days=RESTORE_DAYS)
        kept = self.deleted().filter(club__directors=user, deleted_at__gte=kept_since)
        return kept.select_related("deleted_by").order_by("-deleted_at")


class SoftDeleted(models.Model):
    """A deleted session or teams event is hidden everywhere but kept RESTORE_DAYS for its
    directors to restore (events.sessions.lifecycle); `manage.py purge_deleted_sessions` removes it
    for good after that."""

    deleted_at = models.DateTimeField(null=True, blank=True, db_index=True)
    deleted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        abstract = True

    @property
    def restorable_until(self) -> datetime.datetime | None:
        """A deleted event may be restored until then, and purged after."""
        return self.deleted_at and self.deleted_at + datetime.timedelta(days=RESTORE_DAYS)


class ClubEventFields(models.Model):
    """What the kinds of event built on `events` (one-table games, individuals, Swiss pairs)
    share: published or not, a version open pages follow, who made it and when."""

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
        abstract = True


class Event(ScoringOptionFields, StandingOptionFields, AnalysisFields, SoftDeleted):
    """One session of duplicate: tonight's pairs game."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="events")
    name = models.CharField(max_length=100, validators=[validate_visible])
    date = models.DateField()
    scoring = models.CharField(max_length=20, choices=METHOD_CHOICES, default=Method.MATCHPOINTS)
    movement = models.CharField(
        max_length=10, choices=MOVEMENT_CHOICES, default=MovementKind.MITCHELL
    )
    boards_per_round = models.PositiveSmallIntegerField(default=3)
    published = models.BooleanField(
        default=False, help_text="Published results are open to everyone; others to directors."
    )
    finalised = models.BooleanField(
        default=False, help_text="Results are provisional until the director finalises them."
    )
    # Final results change only by a correction with its reason (events.entry), which
    # players see: a session corrected since it was finalised says so, and lists them.
    corrected_at = models.DateTimeField(
        null=True, blank=True, help_text="The latest correction of a result after finalising."
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
                condition=Q(date__gte=EARLIEST_DATE) & Q(date__lte=LAST_STORABLE_DATE),
                name="event_date_1925_to_2099",
                violation_error_message="A session's date is from 1 Jan 1925 to 31 Dec 2099.",
            ),
            models.CheckConstraint(
                condition=Q(boards_per_round__gte=1) & Q(boards_per_round__lte=8),
                name="event_boards_per_round_1_to_8",
            ),
            models.CheckConstraint(
                condition=Q(scoring__in=scoring.METHODS), name="event_scoring_known"
            ),
            models.CheckConstraint(
                condition=Q(totals__in=list(scoring.options.TOTALS))
                & Q(missing_results__in=list(scoring.options.MISSING_RESULTS))
                & Q(adjusted_rule__in=list(scoring.options.ADJUSTED_RULES))
                & Q(cross_imps__in=list(scoring.options.CROSS_IMP_FORMS))
                & Q(ave_plus_imps__gte=0)
                & Q(ave_plus_imps__lte=24)
                & Q(datum_rounding__in=[1, 10])
                & Q(rounding__in=scoring.options.ROUNDINGS)
                & Q(adjusted_boards__in=scoring.options.ADJUSTED_BOARDS)
                & Q(percentages__in=scoring.options.PERCENTAGES)
                & Q(places__in=scoring.options.PLACES),
                name="event_options_known",
            ),
            models.CheckConstraint(
                condition=Q(corrected_at__isnull=True) | Q(finalised=True),
                name="event_corrected_only_when_final",
            ),
            *STANDING_OPTION_CONSTRAINTS,
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d %b %Y})"

    @property
    def is_howell(self) -> bool:
        return self.movement == MovementKind.HOWELL

    @property
    def is_hdb(self) -> bool:
        """Home Duplicate Bridge: totals are VPs per set, not matchpoints or IMPs."""
        return self.scoring == Method.HDB

    @property
    def totals_factored(self) -> bool:
        return self.totals == Totals.FACTORED

    @property
    def uses_percentages(self) -> bool:
        return self.scoring in (Method.MATCHPOINTS, Method.EBU_MATCHPOINTS, Method.HDB)

    @property
    def uses_imps(self) -> bool:
        return self.scoring in scoring.IMP_METHODS

    @property
    def points_name(self) -> str:
        """What a board earns under this method, for column headings."""
        return "IMPs" if self.scoring in scoring.IMP_METHODS else "MPs"

    @property
    def state(self) -> str:
        """What players are told of the results: provisional, final, or corrected (final, with
        changes made since, each with its reason)."""
        if not self.finalised:
            return "provisional"
        return "corrected" if self.corrected_at else "final"

    def describe_scoring(self) -> str:
        described = self.scoring_options.describe(self.scoring)
        if self.across_field:
            described += ", sections scored across the field"
            if self.places == "section":
                described += ", places within each section"
        if self.one_winner and not self.is_howell:
            described += ", one winner (all pairs ranked together)"
        preset = self.scored_as_preset
        return f"{described} (as {preset.program})" if preset else described


class Section(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="sections")
    name = models.CharField(max_length=3, default="A")
    label = models.CharField(
        max_length=40,
        blank=True,
        default="",
        help_text="The section's name in the file it was imported from, if not its letter "
        "(e.g. Sect1).",
    )
    tables = models.PositiveSmallIntegerField()
    phantom = models.CharField(max_length=3, choices=PHANTOM_CHOICES, default="", blank=True)
    rounds = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Fewer rounds than the full movement, if wanted."
    )
    has_movement = models.BooleanField(
        default=True, help_text="Imported sessions keep their pairings but no generated movement."
    )
    arrow_switch = models.CharField(
        max_length=40,
        blank=True,
        default="",
        help_text="Mitchell rounds in which the pairs swap seats, e.g. 7 or 6,7.",
    )
    relay = models.BooleanField(
        default=False,
        help_text="Even-table Mitchell: tables 1 and N share boards and a bye stand holds a "
        "set, instead of the EW pairs skipping a table halfway.",
    )
    library = models.CharField(
        max_length=40,
        blank=True,
        default="",
        help_text="A published movement played instead of Clubscore's own Howell "
        "(scoring.movement_library), e.g. mckinnon-4-ab.",
    )
    barometer = models.BooleanField(
        default=False,
        help_text="Every table plays the same board set each round (a barometer Howell or "
        "Mitchell), so standings are published after each round.",
    )
    typed = models.TextField(
        blank=True,
        default="",
        help_text="The club's own movement as its director typed it: a line a table a round "
        "(round, table, NS pair, EW pair, board set).",
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "name"], name="section_name_unique"),
            models.CheckConstraint(condition=Q(tables__gte=1), name="section_has_tables"),
            models.CheckConstraint(
                condition=Q(library="") | Q(typed=""), name="section_one_named_movement"
            ),
        ]

    def __str__(self) -> str:
        return f"Section {self.shown_name}"

    @property
    def shown_name(self) -> str:
        """The letter, and the imported file's own name beside it: "A (Sect1)"."""
        return f"{self.name} ({self.label})" if self.label else self.name

    def movement(self) -> scoring.Movement | None:
        if not self.has_movement:
            return None
        event = self.event
        if self.typed:
            return scoring.typed_movement(self.typed, event.boards_per_round)
        if self.library:
            return scoring.library_movement(
                self.library, event.boards_per_round, missing_highest=bool(self.phantom)
            )
        if event.is_howell:
            pairs = 2 * self.tables - (1 if self.phantom else 0)
            if self.barometer:
                return scoring.barometer_howell(pairs, event.boards_per_round, self.rounds)
            return scoring.howell(pairs, event.boards_per_round, self.rounds)
        phantom = self.phantom if self.phantom in (Direction.NS, Direction.EW) else None
        if self.barometer:
            return scoring.barometer_mitchell(
                self.tables, event.boards_per_round, phantom, self.rounds, self.arrow_switch_rounds
            )
        return scoring.mitchell(
            self.tables,
            event.boards_per_round,
            phantom,
            self.rounds,
            self.arrow_switch_rounds,
            relay=self.relay,
        )

    @property
    def arrow_switch_rounds(self) -> tuple[int, ...]:
        return tuple(int(r) for r in self.arrow_switch.replace(" ", "").split(",") if r)


class Pair(models.Model):
    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="pairs")
    number = models.PositiveSmallIntegerField()
    direction = models.CharField(max_length=2, choices=DIRECTION_CHOICES, blank=True)
    player1 = models.CharField(max_length=60, blank=True, validators=[validate_visible])
    player2 = models.CharField(max_length=60, blank=True, validators=[validate_visible])
    # A stratified or handicapped session's, kept when its results are made final
    # (events/standings/frozen.py): later changes to the roster or to earlier sessions leave
    # the places players were given as they were. Blank before then.
    stratum = models.CharField(max_length=3, blank=True, help_text='"A", "AB" or "ABC".')
    handicap = models.TextField(blank=True, help_text="An exact fraction.")
    # The championship entrant this pair is, when its session is part of one.
    entrant = models.ForeignKey(
        "events.Entrant", null=True, blank=True, on_delete=models.SET_NULL, related_name="pairs"
    )

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


class Board(DealAnalysisFields):
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
