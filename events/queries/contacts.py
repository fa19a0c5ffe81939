"""How a player reaches their opponents, as their private page shows it (docs/rules.md, reading 95).

A player's contacts are seen by the coordinators on the player's page, and by the player's
opponents here, on their own private page (the deck link) only: the online client's name
always, the e-mail address only when its owner chose to share it. No public page, printout,
projector or staff page reads them.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Q

from ..models import Event, Game, Player


@dataclass(frozen=True)
class OpponentContact:
    """The opponent at one of the player's tables in a round not finished, and how to reach them."""

    round_label: str
    table: int
    opponent: str
    online_name: str
    # Empty unless the opponent chose to show it to their opponents.
    email: str


def opponent_contacts(event: Event, player: Player) -> list[OpponentContact]:
    """The player's opponent in each round with a table still waiting for its result, in round order.

    A round is finished once every table has its result; until then the player may still
    need to reach their opponent (to arrange the game, or to confirm its result). One query,
    whatever the number of rounds.
    """
    open_round = Game.objects.filter(round=OuterRef("round"), result__isnull=True)
    games = (
        Game.objects.filter(round__event=event)
        .filter(Q(player_a=player) | Q(player_b=player))
        .filter(Exists(open_round))
        .select_related("round__stage", "player_a", "player_b")
        .order_by("round__number", "table")
    )
    contacts = []
    for game in games:
        opponent = game.player_b if game.player_a_id == player.pk else game.player_a
        contacts.append(
            OpponentContact(
                round_label=game.round.label,
                table=game.table,
                opponent=opponent.name,
                online_name=opponent.online_name,
                email=opponent.email if opponent.share_email else "",
            )
        )
    return contacts
