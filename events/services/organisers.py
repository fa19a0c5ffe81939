"""Those who run an event and play in it, and the second person who rules on their games.

The Council of Elrond's policies keep a coordinator out of their own event "unless
specific arrangements are made to obtain additional support for impartial ruling
decisions"; Policy #1 (General 17) gives the coordinator the final word on results. So
a coordinator or staff member may play only under these rules (docs/rules.md, reading 78):

- their registration names their account (``Player.account``);
- they never enter, confirm, correct, swap or rule on a game in which they play, and
  never undo a pairing or restore a snapshot while one of their games is open;
- the event names an arbiter (``Event.arbiter``: a co-coordinator or staff account of the
  event who does not play) who rules on the games that those who run the event play,
  with a coordinator's power over those games. Without an arbiter a coordinator cannot
  register themself.

A staff link carries no account, so it cannot be told apart from any volunteer's: a
result it enters stays "reported" until someone who may rule confirms it.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from ..models import Event, Player
from ..record_words import AuditAction
from ..roles import COORDINATOR, RANK, Actor
from .base import ServiceError, locked_event, record_change
from .impartial import check_may_play, organisers_playing, role_of_account
from .players import add_players, clean_name


def name_arbiter(event: Event, *, actor: Actor, user_id: int | None) -> None:
    """Name the second person who rules on the games that those who run the event play, or none.

    The arbiter holds a role in the event (co-coordinator or staff) and does not play in
    it. No one may take the arbiter away while a coordinator plays; and once the event
    runs, someone who plays cannot choose who rules on their own games.
    """
    with transaction.atomic(durable=True):
        event = locked_event(event)
        if user_id is not None:
            if role_of_account(event, user_id) is None:
                raise ServiceError(_("Choose an account with a role in this event."), field="arbiter")
            if event.players.filter(account_id=user_id).exists():
                raise ServiceError(
                    _("The arbiter rules on others' games and cannot play in the event."), field="arbiter"
                )
        elif organisers_playing(event):
            raise ServiceError(
                _("A coordinator plays in this event: someone must rule on their games."), field="arbiter"
            )
        acting_id = getattr(actor.user, "pk", None)
        if (
            event.status != Event.REGISTRATION
            and acting_id is not None
            and event.players.filter(account_id=acting_id).exists()
        ):
            raise ServiceError(
                _("You play in this event: once it runs, you cannot choose who rules on your games."), field="arbiter"
            )
        if user_id == event.arbiter_id:
            return
        user_model = get_user_model()
        before = user_model.objects.filter(pk=event.arbiter_id).first() if event.arbiter_id else None
        after = user_model.objects.filter(pk=user_id).first() if user_id is not None else None
        event.arbiter_id = user_id
        event.save(update_fields=["arbiter"])
        record_change(
            event,
            actor,
            AuditAction.EVENT_ARBITER_NAMED,
            after.get_username() if after else _("no arbiter"),
            before={"arbiter": before.get_username() if before else None},
            after={"arbiter": after.get_username() if after else None},
        )


def register_organiser(event: Event, *, actor: Actor, user_id: int, name: str) -> Player:
    """Register an account that holds a role in the event (its owner, a co-coordinator, staff) as a player.

    A coordinator may register only when an arbiter who does not play is named; staff
    who play have the coordinator to rule on their games. The arbiter cannot play; and a
    house policy may keep coordinators, or all who run the event, out of it.
    """
    name = clean_name(name)
    with transaction.atomic(durable=True):
        event = locked_event(event)
        role = role_of_account(event, user_id)
        if role is None:
            raise ServiceError(_("Choose an account with a role in this event."), field="account")
        if event.players.filter(account_id=user_id).exists():
            raise ServiceError(_("This account is registered already."), field="account")
        if user_id == event.arbiter_id:
            raise ServiceError(_("The arbiter rules on others' games and cannot play in the event."), field="account")
        check_may_play(event, event.rules, user_id, field="account")
        if RANK[role] >= RANK[COORDINATOR] and event.arbiter_id is None:
            raise ServiceError(
                _(
                    "Name an arbiter first: someone who does not play must rule on the games of a "
                    "coordinator who plays."
                ),
                field="account",
            )
        if not name:
            raise ServiceError(_("A player needs a name."), field="name")
        (player,) = add_players(event, [name], field="name")
        Player.objects.filter(event=event, archive_id=player.archive_id).update(account_id=user_id)
        player.account_id = user_id
        record_change(
            event,
            actor,
            AuditAction.PLAYER_ORGANISER_REGISTERED,
            player.name,
            after={"name": player.name, "role": role},
        )
    return player
