"""The rules that keep those who play in an event from ruling on their own games (docs/rules.md, reading 78).

Every service that enters, confirms, corrects, swaps, times, deck-checks or rules on a
game, that settles a tied lead, or that undoes a pairing, takes back a stage or restores
a snapshot, asks here first; ``organisers.py`` names the arbiter
and registers those who run the event as players.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils.translation import gettext as _

import scoring

from ..models import Event, EventRole, Game, Player
from ..roles import COORDINATOR, OWNER, RANK, Actor
from .base import ServiceError


def role_of_account(event: Event, user_id: int | None) -> str | None:
    """The role an account holds in ``event`` (owner, coordinator or staff), or None."""
    if user_id is None:
        return None
    if user_id == event.owner_id:
        return OWNER
    return EventRole.objects.filter(event=event, user_id=user_id).values_list("role", flat=True).first()


def check_may_play(event: Event, policy: scoring.Policy, user_id: int, field: str, role: str | None = None) -> None:
    """Refuse an account that runs ``event`` as a player when ``policy`` keeps it out (``Policy.organisers_play``).

    ``role`` is the role the account is to hold (when it is being given one), else the one it
    holds. No released text says; a house policy may keep coordinators, or all who run the
    event, out of it (docs/rules.md, reading 93).
    """
    role = role or role_of_account(event, user_id)
    if role is None or policy.organisers_play == scoring.WITH_ARBITER:
        return
    if policy.organisers_play == scoring.ORGANISERS_NEVER:
        message = _("Under %(policy)s no one who runs the event may play in it.")
    elif RANK[role] >= RANK[COORDINATOR]:
        message = _("Under %(policy)s a coordinator may not play in the event; staff may.")
    else:
        return
    raise ServiceError(message % {"policy": policy.title}, field=field, rule=policy.organisers_clause)


def runs_the_event(event: Event, user_id: int) -> bool:
    """Whether the account ``user_id`` is the event's owner or one of its co-coordinators."""
    role = role_of_account(event, user_id)
    return role is not None and RANK[role] >= RANK[COORDINATOR]


def arbiter_name(event: Event) -> str:
    """Who rules on the games of those who run the event, as a refusal names them: the arbiter, else any
    other coordinator."""
    arbiter = get_user_model().objects.filter(pk=event.arbiter_id).first() if event.arbiter_id else None
    return arbiter.get_username() if arbiter else _("another coordinator")


def plays_at(game: Game, actor: Actor) -> bool:
    """Whether ``actor`` is an account registered as one of ``game``'s two players."""
    return game.played_by(getattr(actor.user, "pk", None))


def check_not_own_game(event: Event, game: Game, actor: Actor) -> None:
    """Refuse any ruling by ``actor`` on a game they play in: their arbiter rules on it."""
    if plays_at(game, actor):
        raise ServiceError(
            _("You play at table %(table)s: %(arbiter)s rules on it, not you.")
            % {"table": game.table, "arbiter": arbiter_name(event)},
            field="kind",
        )


def check_not_own_seat(event: Event, player: Player, actor: Actor) -> None:
    """Refuse moving ``actor``'s own seat (a swap): a coordinator who does not play makes such a change."""
    user_id = getattr(actor.user, "pk", None)
    if user_id is not None and player.account_id == user_id:
        raise ServiceError(
            _("You cannot move your own seat: a coordinator who does not play makes this change."), field="first"
        )


def check_not_own_tie(event: Event, actor: Actor, tied: list[str]) -> None:
    """Refuse ``actor`` settling a tie for the lead that they share (co-champions, a playoff's winner)."""
    user_id = getattr(actor.user, "pk", None)
    if user_id is not None and event.players.filter(account_id=user_id, archive_id__in=tied).exists():
        raise ServiceError(
            _("You share the lead: %(arbiter)s records how the tie is settled, not you.")
            % {"arbiter": arbiter_name(event)},
            field="co_champions_agreed",
        )


def rules_as_coordinator(event: Event, game: Game, actor: Actor) -> bool:
    """Whether ``actor`` has the coordinator's word on ``game``: a coordinator, or the arbiter on an
    organiser's game."""
    if actor.is_coordinator:
        return True
    user_id = getattr(actor.user, "pk", None)
    return user_id is not None and user_id == event.arbiter_id and game.has_organiser


def open_own_game(event: Event, actor: Actor) -> Game | None:
    """A game of ``actor``'s own whose result is not confirmed yet, if they play in the event."""
    user_id = getattr(actor.user, "pk", None)
    if user_id is None:
        return None
    return (
        Game.objects.filter(round__event=event)
        .exclude(state=Game.CONFIRMED)
        .filter(Q(player_a__account_id=user_id) | Q(player_b__account_id=user_id))
        .select_related("round")
        .order_by("round__number", "table")
        .first()
    )


def check_no_open_own_game(event: Event, actor: Actor) -> None:
    """Refuse undoing a pairing or restoring a snapshot while one of ``actor``'s own games is open."""
    game = open_own_game(event, actor)
    if game is not None:
        raise ServiceError(
            _(
                "Your own game (%(round)s, table %(table)s) is not over: until %(arbiter)s has "
                "confirmed its result, only a coordinator who does not play makes this change."
            )
            % {"round": game.round.label, "table": game.table, "arbiter": arbiter_name(event)}
        )


def check_may_hold_role(event: Event, user_id: int, role: str) -> None:
    """Refuse giving a registered player a role the event's policy keeps out of play (reading 93), or
    making them a co-coordinator while no one else rules on their games (reading 78)."""
    if not event.players.filter(account_id=user_id).exists():
        return
    check_may_play(event, event.rules, user_id, field="role", role=role)
    if RANK[role] < RANK[COORDINATOR]:
        return
    if event.arbiter_id is None or event.arbiter_id == user_id:
        raise ServiceError(
            _("This account plays in the event: name an arbiter who does not play before making it a co-coordinator."),
            field="role",
        )


def check_may_lose_role(event: Event, user_id: int) -> None:
    """Refuse taking the arbiter's role away while someone who runs the event plays in it."""
    if user_id == event.arbiter_id and organisers_playing(event):
        raise ServiceError(
            _(
                "This account is the arbiter of the games that the event's coordinators play: name "
                "another arbiter first."
            )
        )


def organisers_playing(event: Event) -> list[Player]:
    return [
        player
        for player in event.players.exclude(account=None)
        if player.account_id is not None and runs_the_event(event, player.account_id)
    ]
