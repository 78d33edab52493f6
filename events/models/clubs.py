"""Clubs and the scoring conventions a club sets as defaults for its sessions."""

from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q

import scoring
from events.core.invisible import validate_visible
from events.core.names import player_key
from scoring.domain import (
    AdjustedBoards,
    AdjustedRule,
    CrossImpForm,
    Method,
    MissingResults,
    Percentages,
    Places,
    Rounding,
    Totals,
)
from scoring.player_numbers import CLUB, FEDERATIONS

from .choices import (
    ADJUSTED_BOARDS_CHOICES,
    ADJUSTED_RULE_CHOICES,
    CROSS_IMP_CHOICES,
    DATUM_ROUNDING_CHOICES,
    HANCOCK_DOUBLED_CHOICES,
    HANCOCK_VULNERABLE_CHOICES,
    METHOD_CHOICES,
    MISSING_CHOICES,
    PERCENTAGE_CHOICES,
    PLACES_CHOICES,
    ROUNDING_CHOICES,
    SCORED_AS_CHOICES,
    TOTALS_CHOICES,
)


class ScoringOptionFields(models.Model):
    """The director's scoring conventions: a club's defaults, and each session's own."""

    scored_as = models.CharField(
        max_length=20,
        choices=SCORED_AS_CHOICES,
        blank=True,
        default="",
        verbose_name="Scored as",
        help_text="Sets every option below as that program does, to compare results line by "
        "line with what it printed (saved over what is chosen below; choose “My own choices” "
        "to set them one by one).",
    )
    totals = models.CharField(max_length=10, choices=TOTALS_CHOICES, default=Totals.RAW)
    percentages = models.CharField(
        max_length=10, choices=PERCENTAGE_CHOICES, default=Percentages.EXACT
    )
    rounding = models.CharField(
        max_length=10,
        choices=ROUNDING_CHOICES,
        default=Rounding.EXACT,
        verbose_name="Board points",
    )
    missing_results = models.CharField(
        max_length=10, choices=MISSING_CHOICES, default=MissingResults.NEUBERG
    )
    adjusted_rule = models.CharField(
        max_length=10,
        choices=ADJUSTED_RULE_CHOICES,
        default=AdjustedRule.FIXED,
        verbose_name="Ave+ and Ave-",
    )
    cross_imps = models.CharField(
        max_length=10,
        choices=CROSS_IMP_CHOICES,
        default=CrossImpForm.AVERAGE,
        verbose_name="Cross-IMPs",
    )
    adjusted_boards = models.CharField(
        max_length=10,
        choices=ADJUSTED_BOARDS_CHOICES,
        default=AdjustedBoards.FACTORED,
        verbose_name="A board with an artificial score",
    )
    ave_plus_imps = models.DecimalField(
        max_digits=4,
        decimal_places=2,
        default=Decimal(3),
        verbose_name="Ave+ IMPs",
        validators=[MinValueValidator(0), MaxValueValidator(24)],
        help_text="IMPs for Ave+ at IMP scoring (e.g. 3 or 1.2): per board, or per "
        "comparison when summed.",
    )
    butler_drop = models.CharField(
        max_length=6,
        blank=True,
        default="",
        help_text="Butler: results dropped at each end, e.g. 1 or 5% (blank: the usual trim).",
    )
    datum_rounding = models.PositiveSmallIntegerField(
        choices=DATUM_ROUNDING_CHOICES, default=10, verbose_name="Butler datum rounding"
    )
    places = models.CharField(
        max_length=10,
        choices=PLACES_CHOICES,
        default=Places.FIELD,
        verbose_name="Places across the field",
    )

    # The fields of scoring.ScoringOptions; CONVENTION_NAMES adds the preset that set them.
    OPTION_NAMES = (
        "totals", "missing_results", "adjusted_rule", "cross_imps", "ave_plus_imps",
        "butler_drop", "datum_rounding", "rounding", "adjusted_boards", "percentages",
        "places",
    )  # fmt: skip
    CONVENTION_NAMES = ("scored_as", *OPTION_NAMES)

    class Meta:
        abstract = True

    @property
    def scoring_options(self) -> scoring.ScoringOptions:
        return scoring.ScoringOptions(**{name: getattr(self, name) for name in self.OPTION_NAMES})

    def option_values(self) -> dict:
        """The conventions as stored (a new session takes its club's, or a file's)."""
        return {name: getattr(self, name) for name in self.CONVENTION_NAMES}

    @property
    def scored_as_preset(self) -> scoring.Preset | None:
        """The program whose options these still are, if a preset set them."""
        return scoring.matching_preset(self.scored_as, self.scoring_options)


FEDERATION_CHOICES = [(fed.key, fed.name) for fed in FEDERATIONS.values()]

MASTERPOINT_CHOICES = [("", "None")] + [
    (rule.key, f"{rule.name} ({rule.source})") for rule in scoring.MASTERPOINT_RULES.values()
]


class Club(ScoringOptionFields):
    name = models.CharField(max_length=100, validators=[validate_visible])
    slug = models.SlugField(unique=True)
    directors = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="clubs", blank=True)
    default_scoring = models.CharField(
        max_length=20,
        choices=METHOD_CHOICES,
        default=Method.MATCHPOINTS,
        help_text="Matchpoints on the ACBL scale unless the club scores EBU-style 2/1.",
    )
    # A new one-table game starts with the club's Hancock rules (the game may change them).
    hancock_doubled_rule = models.CharField(
        max_length=10,
        choices=HANCOCK_DOUBLED_CHOICES,
        default="ignore",
        verbose_name="Hancock points: doubled and redoubled",
    )
    hancock_vulnerable_rule = models.CharField(
        max_length=20,
        choices=HANCOCK_VULNERABLE_CHOICES,
        default="ignore",
        verbose_name="Hancock points: vulnerability",
    )
    # The federation's rule its standings award masterpoints by (scoring/masterpoints.py).
    masterpoints = models.CharField(
        max_length=20,
        choices=MASTERPOINT_CHOICES,
        default="",
        blank=True,
        verbose_name="Masterpoint awards",
        help_text="The federation rule the standings show each pair's award by, with its working.",
    )

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(masterpoints__in=["", *scoring.MASTERPOINT_RULES]),
                name="club_masterpoints_known",
            ),
            models.CheckConstraint(
                condition=Q(hancock_doubled_rule__in=scoring.hancock.DOUBLED_RULES)
                & Q(hancock_vulnerable_rule__in=scoring.hancock.VULNERABLE_RULES),
                name="club_hancock_rules_known",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def is_director(self, user) -> bool:
        return user.is_authenticated and self.directors.filter(pk=user.pk).exists()


class Member(models.Model):
    """A player on a club's roster, offered when the director types the pairs' names."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="members")
    # As long as a pair's player name.
    name = models.CharField(max_length=60, validators=[validate_visible])
    # The name's key (events.core.names.player_key), kept by save(): queries compare it, never
    # the database's LOWER, which folds ASCII letters only on SQLite.
    # The name as names compare (events.core.names.player_key); case-folding may lengthen it
    # ("ß" folds to "ss"), hence more room than the name's.
    key = models.CharField(max_length=200, editable=False, default="")
    federation = models.CharField(
        max_length=8,
        choices=FEDERATION_CHOICES,
        blank=True,
        default=CLUB,
        verbose_name="number given by",
        help_text="The number is checked against the federation's format.",
    )
    number = models.CharField(
        max_length=20,
        blank=True,
        verbose_name="club or federation number",
        help_text="e.g. an EBU or ACBL number; typing it on the pairs page fills the name.",
    )
    active = models.BooleanField(
        default=True, help_text="Only active members are suggested on the pairs page."
    )
    # A visitor is on the roster so their name and number are known, but is not suggested
    # among the club's members on the pairs page.
    visitor = models.BooleanField(
        default=False, help_text="A visitor is known by name and number but not suggested."
    )
    email = models.EmailField(blank=True, verbose_name="e-mail address")
    email_consent = models.BooleanField(
        default=False,
        verbose_name="results by e-mail",
        help_text="The member agreed to be sent their results and score card by e-mail.",
    )
    # What places the member's pairs in a stratified session's strata (scoring/strata.py).
    masterpoints_held = models.DecimalField(
        max_digits=9,
        decimal_places=2,
        null=True,
        blank=True,
        verbose_name="masterpoints held",
        help_text="For stratified sessions; blank keeps the member's pairs in stratum A.",
    )
    # The player's page and the links to it from public standings are for the club's
    # directors only: a member may not want their record searchable by name.
    hidden = models.BooleanField(
        default=False,
        verbose_name="hide from public pages",
        help_text="The member's results page is shown to the club's directors only, and their "
        "name is not linked from the standings.",
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            # Case-blind: "ann smith" typed on the pairs page is Ann Smith, not a new member.
            models.UniqueConstraint(
                fields=["club", "key"],
                name="member_key_unique_per_club",
                violation_error_message="The club has a member of that name already.",
            ),
            models.UniqueConstraint(
                fields=["club", "number"],
                condition=~Q(number=""),
                name="member_number_unique_per_club",
                violation_error_message="Another member of the club has that number.",
            ),
            models.CheckConstraint(condition=~Q(name=""), name="member_name_not_blank"),
            models.CheckConstraint(
                condition=Q(federation__in=list(FEDERATIONS)), name="member_federation_known"
            ),
            models.CheckConstraint(
                condition=Q(masterpoints_held__isnull=True) | Q(masterpoints_held__gte=0),
                name="member_masterpoints_held_not_negative",
                violation_error_message="Masterpoints held are 0 or more.",
            ),
            models.CheckConstraint(
                condition=Q(email_consent=False) | ~Q(email=""),
                name="member_consent_has_email",
                violation_error_message="Results by e-mail need the member's e-mail address.",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.number})" if self.number else self.name

    def save(self, *args, **kwargs):
        self.key = player_key(self.name)
        if kwargs.get("update_fields") is not None and "name" in kwargs["update_fields"]:
            kwargs["update_fields"] = {*kwargs["update_fields"], "key"}
        super().save(*args, **kwargs)

    @property
    def suggested(self) -> bool:
        """Offered on the pairs page as the director types: an active member, not a visitor."""
        return self.active and not self.visitor

    @property
    def mailable(self) -> bool:
        """Whether results may be e-mailed to the member: an address, and their consent."""
        return bool(self.email and self.email_consent)
