"""The teams pages' forms: setting up an event, its teams, and a match's forfeit and penalties."""

from django import forms

from events.core.new_event import DirectorsClubForm
from events.handrecords.forms import HandRecordForm
from events.teams.models import WITHDRAWAL_CHOICES, Team, TeamMatch, TeamsEvent
from events.teams.sessions import parse_session_rounds
from events.teams.setup import TeamsError, check_scale, parse_teams, teams_text
from scoring.domain import TeamsKind, TeamsScoring


class TeamsEventForm(DirectorsClubForm):
    """A teams event: how it is played and how matches score (IMPs to VPs, board-a-match or
    Patton)."""

    class Meta:
        model = TeamsEvent
        fields = ["club", "name", "date", "kind", "boards_per_match", "rounds", "scoring",
                  "vp_scale", "club_vp_table", "bye_vps", "carry_over_home",
                  "carry_over_away", "session_rounds"]  # fmt: skip
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}),
            "club_vp_table": forms.Textarea(attrs={"rows": 4, "placeholder": "0-2 10-10"}),
        }
        labels = {"kind": "Movement", "rounds": "Rounds (Swiss) or segments (KO)"}
        help_texts = {
            "scoring": "IMPs to VPs: each match's IMPs on the VP scale below. Board-a-match: "
            "each board 1 to the team with the better net score, ½ each on equal scores. "
            "Patton: each board 2, 1 or 0, and as many points again to the better aggregate.",
            "bye_vps": "With an odd number of teams one team a round has a bye (12 VPs is the "
            "usual bye on a 20-point scale); an opponent's forfeit scores the same.",
            "carry_over_home": "Knockout only: IMPs team 1 starts with.",
            "carry_over_away": "Knockout only: IMPs team 2 starts with.",
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["boards_per_match"].widget.attrs.update(min=1, max=64)
        self.fields["rounds"].widget.attrs.update(min=1, max=30)
        # A form posted without it (a page drawn before the choice existed) keeps IMPs to VPs.
        self.fields["scoring"].required = False

    def clean_scoring(self):
        return self.cleaned_data.get("scoring") or TeamsScoring.IMPS_VPS

    def clean_boards_per_match(self):
        boards = self.cleaned_data["boards_per_match"]
        if not 1 <= boards <= 64:
            raise forms.ValidationError("A match has 1 to 64 boards.")
        return boards

    def clean_rounds(self):
        rounds = self.cleaned_data["rounds"]
        if not 1 <= rounds <= 30:
            raise forms.ValidationError("1 to 30 rounds (a round robin works out its own).")
        return rounds

    def clean(self):
        data = super().clean()
        scale, boards = data.get("vp_scale"), data.get("boards_per_match")
        table = data.get("club_vp_table", "")
        by_boards = data.get("scoring", TeamsScoring.IMPS_VPS) != TeamsScoring.IMPS_VPS
        if by_boards:
            self._check_by_boards(data)
        elif scale == "club" and not table.strip():
            self.add_error("club_vp_table", "Type the club's VP table, one row a line.")
        elif scale and boards and data.get("kind") != TeamsKind.KO:
            try:
                check_scale(scale, boards, table if scale == "club" else "")
            except TeamsError as error:
                self.add_error("club_vp_table" if scale == "club" else "vp_scale", str(error))
        if scale == "acbl-30" and data.get("bye_vps") == "12" and not by_boards:
            self.add_error(
                "bye_vps",
                "12 VPs is a bye on a 20-point scale: on the 30-point "
                "scale choose the team's average.",
            )
        if scale != "club":
            data["club_vp_table"] = ""
        self._check_sessions(data)
        return data

    def _check_sessions(self, data) -> None:
        """The rounds of each session add up to the event's; a round robin's are known only
        once its teams are in, so its last session takes the rest."""
        text, kind = data.get("session_rounds", ""), data.get("kind")
        if "rounds" not in data and kind != TeamsKind.ROUND_ROBIN:
            return
        rounds = None if kind == TeamsKind.ROUND_ROBIN else data["rounds"]
        try:
            counts = parse_session_rounds(text, rounds)
        except forms.ValidationError as error:
            self.add_error("session_rounds", error)
            return
        data["session_rounds"] = ", ".join(map(str, counts))

    def _check_by_boards(self, data) -> None:
        """A board-a-match or Patton event: no knockout, and a bye scores the team's average."""
        name = TeamsScoring(data["scoring"]).label.split(":")[0]
        if data.get("kind") == TeamsKind.KO:
            self.add_error(
                "scoring",
                "A knockout match carries IMPs from segment to segment: score it by IMPs, "
                f"not {name}.",
            )
        if data.get("bye_vps") == "12":
            self.add_error(
                "bye_vps",
                f"12 VPs is a bye on a VP scale; at {name} a bye scores the team's average "
                "points over its other matches: choose that.",
            )


class TeamsForm(forms.Form):
    """The event's teams, one a line: `Name: player, player, player, player`."""

    teams = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 10, "placeholder": "Smith: Ann, Bob, Cat, Dan"}),
        help_text="One team a line: its name, a colon, then its players separated by commas "
        "(or just the name).",
    )

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event
        self.fields["teams"].initial = teams_text(event)

    def clean_teams(self):
        text = self.cleaned_data["teams"]
        try:
            parse_teams(text)
        except TeamsError as error:
            raise forms.ValidationError(getattr(error, "problems", None) or str(error)) from None
        return text


class MatchAdjustmentForm(forms.ModelForm):
    """A forfeit, and the IMP and VP penalties the director gave either team."""

    class Meta:
        model = TeamMatch
        fields = ["forfeit", "home_imp_penalty", "away_imp_penalty", "home_vp_penalty",
                  "away_vp_penalty"]  # fmt: skip

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        match = self.instance
        names = {"home": match.home.name, "away": match.away.name if match.away_id else ""}
        self.fields["forfeit"].choices = [
            ("", "No forfeit"),
            ("home", f"{names['home']} forfeits"),
            ("away", f"{names['away']} forfeits"),
        ]
        points = match.event.points_word
        points = points[:1].upper() + points[1:]  # "VPs", "Board points"
        for side in ("home", "away"):
            self.fields[f"{side}_imp_penalty"].label = f"IMP penalty, {names[side]}"
            self.fields[f"{side}_vp_penalty"].label = f"{points} penalty, {names[side]}"
            for kind in ("imp", "vp"):
                self.fields[f"{side}_{kind}_penalty"].widget.attrs["min"] = 0

    def clean(self):
        data = super().clean()
        for name in ("home_imp_penalty", "away_imp_penalty", "home_vp_penalty", "away_vp_penalty"):
            value = data.get(name)
            if value is not None and value < 0:
                self.add_error(name, "A penalty is taken off, so type it without a minus sign.")
        event = self.instance.event
        for name in ("home_imp_penalty", "away_imp_penalty"):
            if event.by_boards and data.get(name):
                self.add_error(
                    name,
                    f"This event scores {event.points_word}, not IMPs: give the penalty in "
                    f"{event.points_word}, in the box below.",
                )
        return data


class WithdrawalForm(forms.Form):
    """A team that withdraws: after which round, and what its later matches become."""

    team = forms.ModelChoiceField(queryset=Team.objects.none(), empty_label=None)
    after = forms.IntegerField(
        min_value=0,
        max_value=30,
        label="After round",
        help_text="Its matches up to this round stand; 0 withdraws it before round 1.",
    )
    withdrawal = forms.ChoiceField(
        choices=WITHDRAWAL_CHOICES,
        widget=forms.RadioSelect,
        label="Its matches in later rounds become",
        help_text="Byes: each opponent scores as for a bye. Forfeits: the withdrawn team scores "
        "0 and each opponent as for a bye. No federation rule we found settles this for a club "
        "event, so you choose.",
    )

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = event.teams.filter(withdrawn_after__isnull=True)


class TeamsHandRecordForm(HandRecordForm):
    """A PBN hand record for the whole event, or for one round's boards."""

    round = forms.TypedChoiceField(
        label="The file is for", coerce=int, empty_value=None, required=False
    )

    def __init__(self, rounds: dict[int, list[int]], *args, round_word="Round", **kwargs):
        """`rounds`: each round's board numbers (events.teams.hand_records); a KO's rounds are
        its segments (`round_word`)."""
        super().__init__(*args, **kwargs)
        every = sorted({number for numbers in rounds.values() for number in numbers})
        whole = f"The whole event (boards {_span(every)})" if every else "The whole event"
        self.fields["round"].choices = [("", whole)] + [
            (number, f"{round_word} {number} (boards {_span(boards)})")
            for number, boards in rounds.items()
        ]


def _span(numbers: list[int]) -> str:
    return f"{numbers[0]}–{numbers[-1]}" if len(numbers) > 1 else str(numbers[0])
