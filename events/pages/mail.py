"""A queued message's words, in its player's language, as the server's job sends it.

The outbox (``events/models/outbox.py``) holds which message goes to whom about which game;
here it becomes a subject and a plain-text body, in the language the player signed up in
(else the event's), with the deadline in the event's time zone, named. An opponent's
address is in it only when the opponent chose to share it (docs/rules.md, reading 95).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.conf import settings
from django.urls import reverse
from django.utils import translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from ..i18n import say
from ..models import Event, Game, OutboxMessage, Player
from ..models.outbox import CONFIRM, PAIRING


@dataclass(frozen=True)
class Mail:
    """One message as it is sent: to one address, with its subject and body."""

    to: str
    subject: str
    body: str


def _deadline(event: Event, game: Game) -> datetime.datetime | None:
    rnd = game.round
    if rnd.clock_state != "running" or rnd.clock_ends_at is None:
        return None
    return rnd.clock_ends_at + datetime.timedelta(seconds=game.extra_seconds)


def _when(event: Event, moment: datetime.datetime) -> str:
    local = moment.astimezone(event.zone)
    return f"{date_format(local, 'DATETIME_FORMAT')} ({event.time_zone})"


def _private_link(event: Event, player: Player) -> str:
    """The player's private page, when the server knows its own address (COUNCIL_PUBLIC_URL)."""
    if not player.deck_token or not settings.COUNCIL_PUBLIC_URL:
        return ""
    return settings.COUNCIL_PUBLIC_URL + reverse("events:deck_link", args=[event.slug, player.deck_token])


def _opponent_lines(opponent: Player) -> list[str]:
    lines = [_("Your opponent: %(name)s") % {"name": opponent.name}]
    if opponent.online_name:
        lines.append(_("Their name on the online client: %(name)s") % {"name": opponent.online_name})
    if opponent.email and opponent.share_email:
        lines.append(_("Their e-mail address: %(address)s") % {"address": opponent.email})
    return lines


def render_mail(message: OutboxMessage) -> Mail:
    """``message`` in its player's language: its address, subject and body."""
    player, event, game = message.player, message.event, message.game
    assert game is not None  # every kind of message is about one game
    language = player.language or event.language or settings.LANGUAGE_CODE
    with translation.override(language):
        opponent = game.player_b if game.player_a_id == player.pk else game.player_a
        label = say(game.round.label)
        deadline = _deadline(event, game)
        link = _private_link(event, player)
        if message.kind == PAIRING:
            # Translators: the subject of the e-mail telling a player whom they play.
            subject = _("%(event)s, %(round)s: you play %(opponent)s") % {
                "event": event.name,
                "round": label,
                "opponent": opponent.name,
            }
            lines = [
                _("%(round)s of %(event)s is paired.") % {"round": label, "event": event.name},
                *_opponent_lines(opponent),
                _("Table %(table)s.") % {"table": game.table},
            ]
        elif message.kind == CONFIRM:
            # Translators: the subject of the e-mail asking a player to confirm a result their opponent reported.
            subject = _("%(event)s: %(opponent)s reported your game") % {
                "event": event.name,
                "opponent": opponent.name,
            }
            lines = [
                _(
                    "%(opponent)s reported the result of your game of %(round)s. Confirm it, or report what "
                    "happened, on your private page."
                )
                % {"opponent": opponent.name, "round": label},
            ]
        else:
            # Translators: the subject of the e-mail reminding a player that their game has no result yet.
            subject = _("%(event)s: your game of %(round)s has no result yet") % {"event": event.name, "round": label}
            lines = [
                _("Your game of %(round)s against %(opponent)s has no result yet.")
                % {"round": label, "opponent": opponent.name},
                *_opponent_lines(opponent)[1:],
            ]
        if deadline is not None:
            lines.append(_("Time is called at %(time)s.") % {"time": _when(event, deadline)})
        if link:
            lines.append(_("Your private page: %(link)s") % {"link": link})
        return Mail(to=player.email, subject=subject, body="\n".join(lines) + "\n")
