"""Setting an individual up: its numbered players and every play its movement gives them."""

from django.db import transaction

from events.individuals.models import (
    IndividualEvent,
    IndividualPlay,
    IndividualPlayer,
    IndividualTableLink,
)
from events.phone.links import new_token


@transaction.atomic
def create_individual(event: IndividualEvent) -> IndividualEvent:
    """Save `event` with 4 players a table, unnamed, a play for each board at each table, and
    each table's phone link."""
    event.save()
    layout = event.layout
    players = IndividualPlayer.objects.bulk_create(
        IndividualPlayer(event=event, number=number) for number in range(1, layout.players + 1)
    )
    by_number = {player.number: player for player in players}
    IndividualPlay.objects.bulk_create(
        IndividualPlay(
            event=event,
            board=board,
            round=seating.round,
            table=seating.table,
            north=by_number[seating.north],
            south=by_number[seating.south],
            east=by_number[seating.east],
            west=by_number[seating.west],
        )
        for seating in layout.all_seatings()
        for board in layout.boards(seating.board_set, event.boards_per_round)
    )
    IndividualTableLink.objects.bulk_create(
        IndividualTableLink(event=event, table=table, token=new_token())
        for table in range(1, layout.tables + 1)
    )
    return event
