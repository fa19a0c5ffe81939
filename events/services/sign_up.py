"""The public sign-up and the players' private deck links.

A player who signs up gets a private link (no account) to their deck list; the
coordinator makes, replaces and revokes links (docs/security.md, "Deck lists").
"""

from __future__ import annotations

import datetime
import secrets

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..models import Event, Player
from ..record_words import AuditAction
from ..roles import Actor
from .base import ServiceError, locked_event, record_change
from .contacts import clean_contacts, contacts_record
from .players import add_players, clean_name


def sign_up(
    event: Event,
    name: str,
    *,
    online_name: str = "",
    email: str = "",
    share_email: bool = False,
    language: str = "",
    now: datetime.datetime | None = None,
) -> Player:
    """A player registers themselves on the public sign-up page and gets their private deck link.

    They may give their name on the online client and an e-mail address, and say whether
    their opponents may see the address (``contacts.clean_contacts``; docs/rules.md, reading
    95). ``language`` is the page's, kept for what is sent to them later when it is one of
    ``settings.LANGUAGES``. The audit entry names the player and records whether an
    address was given, never the address.
    """
    name = clean_name(name)
    if not name:
        raise ServiceError(_("Type your name."), field="name")
    online_name, email, share_email = clean_contacts(online_name, email, share_email)
    language = language if language in dict(settings.LANGUAGES) else ""
    now = now or timezone.now()
    with transaction.atomic(durable=True):
        event = locked_event(event)
        closed = event.sign_up_closed(now, event.players.count())
        if closed:
            raise ServiceError(closed, field="name")
        [player] = add_players(event, [name], field="name")
        player.deck_token = secrets.token_urlsafe(24)
        player.online_name, player.email, player.share_email = online_name, email, share_email
        player.language = language
        player.save(update_fields=["deck_token", "online_name", "email", "share_email", "language"])
        record_change(
            event,
            Actor.signing_up(name),
            AuditAction.PLAYER_SIGNED_UP,
            name,
            after=contacts_record(online_name, email, share_email),
        )
    return player


def make_deck_link(player: Player, *, actor: Actor) -> Player:
    """Give ``player`` a new private link to their deck list; any earlier link stops working."""
    with transaction.atomic(durable=True):
        event = locked_event(player.event)
        player = Player.objects.select_for_update().get(pk=player.pk)
        player.deck_token = secrets.token_urlsafe(24)
        player.save(update_fields=["deck_token"])
        record_change(
            event, actor, AuditAction.DECK_LINK_CREATED, _("New deck link for %(name)s") % {"name": player.name}
        )
    return player


def make_deck_links(event: Event, *, actor: Actor) -> int:
    """Give every player of ``event`` without a private deck link one; those who have one keep it.

    Returns how many links were made. For a coordinator who registered the players at
    the desk and hands out the links on their slips.
    """
    with transaction.atomic(durable=True):
        event = locked_event(event)
        without = list(event.players.filter(deck_token="").order_by("pk"))
        for player in without:
            player.deck_token = secrets.token_urlsafe(24)
        Player.objects.bulk_update(without, ["deck_token"])
        record_change(
            event,
            actor,
            AuditAction.DECK_LINKS_CREATED,
            ngettext("Deck links for %(count)s player", "Deck links for %(count)s players", len(without))
            % {"count": len(without)},
            after={"made": len(without)},
        )
    return len(without)


def revoke_deck_link(player: Player, *, actor: Actor) -> Player:
    """Stop ``player``'s private link from opening their list."""
    with transaction.atomic(durable=True):
        event = locked_event(player.event)
        player = Player.objects.select_for_update().get(pk=player.pk)
        player.deck_token = ""
        player.save(update_fields=["deck_token"])
        record_change(
            event, actor, AuditAction.DECK_LINK_REVOKED, _("Deck link of %(name)s revoked") % {"name": player.name}
        )
    return player
