"""A team that withdraws after round k: its matches of later rounds already drawn become byes
for their opponents or forfeits, by the rule the director chooses (docs/rules.md, "A team that
withdraws"), and no round drawn later draws it (events.teams.draw asks `draw_pairs`).

Its matches up to round k stand. A later match against a team that withdrew before that
match's round is no match at all: neither team scores it (the first withdrawal's bye or forfeit
goes with it), as a round drawn later leaves it out. A match after round k with boards entered
is refused: the director clears them first, or withdraws the team after that round instead.
"""

from django.db import transaction
from django.db.models import Q

from events.core import versions
from events.teams.models import WITHDRAWAL_RULES, Team, TeamMatch, TeamsEvent
from events.teams.room_links import revoke
from events.teams.setup import TeamsError

__all__ = ["withdraw", "withdrawn_pairs"]


def withdraw(event: TeamsEvent, team_pk: int, after: int, rule: str) -> list[TeamMatch]:
    """Withdraw the team after round `after`; returns its later matches as they now stand."""
    if rule not in WITHDRAWAL_RULES:
        raise TeamsError("Choose what the team's later matches become: byes or forfeits.")
    if event.is_ko:
        raise TeamsError(
            "A knockout match has two teams: a team that withdraws concedes it. Enter a "
            "forfeit on its next segment instead."
        )
    with transaction.atomic():
        versions.bump(event)  # the event's lock first, then its teams and matches
        team = Team.objects.select_for_update().filter(event=event, pk=team_pk).first()
        if team is None:
            raise TeamsError("Choose one of this event's teams.")
        if team.withdrawn:
            raise TeamsError(f"{team.name} withdrew after round {team.withdrawn_after} already.")
        drawn = max(event.matches.values_list("round", flat=True), default=0)
        if not 0 <= after <= drawn:
            raise TeamsError(
                f"Round {after} is not drawn yet: a team withdraws after a round drawn "
                f"(0 to {drawn}; 0 is before round 1)."
            )
        later = list(
            event.matches.filter(Q(home=team) | Q(away=team), round__gt=after)
            .select_related("home", "away")
            .order_by("round")
        )
        if played := [m for m in later if m.boards_entered or m.boards.exists()]:
            rounds = ", ".join(str(m.round) for m in played)
            raise TeamsError(
                f"{team.name} has boards entered in round {rounds}: clear them first, or "
                f"withdraw the team after round {played[-1].round}."
            )
        for match in later:
            _give_up(match, team, rule)
        team.withdrawn_after, team.withdrawal = after, rule
        team.save(update_fields=["withdrawn_after", "withdrawal"])
        return [m for m in later if m.pk is not None]


def _give_up(match: TeamMatch, team: Team, rule: str) -> None:
    """A later match of the withdrawn `team`, as the rule makes it."""
    if match.is_bye:
        match.delete()  # its own bye: nobody to score it for
        return
    opponent = match.away if match.home_id == team.pk else match.home
    if opponent.withdrawn and opponent.withdrawn_after < match.round:
        match.delete()  # both teams withdrew before it: no match, as `withdrawn_pairs` says
        return
    match.home_imp_penalty = match.away_imp_penalty = 0
    match.home_vp_penalty = match.away_vp_penalty = 0
    if rule == "forfeit":
        match.forfeit = "home" if match.home_id == team.pk else "away"
    else:
        match.home, match.away, match.table, match.forfeit = opponent, None, None, ""
    match.home_imps = match.away_imps = 0
    match.home_vps = match.away_vps = match.home_points = match.away_points = None
    match.save()
    revoke(match)  # no room enters anything on it now


def withdrawn_pairs(
    teams: list[Team], pairs: list[tuple[int, int | None]], number: int
) -> list[tuple[int, int | None, str]]:
    """A drawn round's (home, away) team numbers with each match's forfeit ("", "home",
    "away") once the teams withdrawn before round `number` are out: a match against one
    becomes its opponent's bye or a forfeit, by the team's rule; its own bye is dropped."""
    out = {t.number: t for t in teams if t.withdrawn and t.withdrawn_after < number}
    drawn = []
    for home, away in pairs:
        gone = [n for n in (home, away) if n in out]
        if not gone:
            drawn.append((home, away, ""))
        elif away is None or len(gone) == 2:
            continue  # a withdrawn team's bye, or two withdrawn teams: no match
        elif out[gone[0]].withdrawal == "forfeit":
            drawn.append((home, away, "home" if gone[0] == home else "away"))
        else:
            drawn.append((away if gone[0] == home else home, None, ""))
    return drawn
