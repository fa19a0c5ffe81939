"""Deck checks at the tables: a drawn player's deck compared with their registered list.

Policy #1, General 12: "spot checks may be used at each round to ensure decks are
legal". Who is drawn is ``Round.spot_check_tables``; whether a check may be made now,
``Round.deck_check_open``.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import MAX_REASON_LENGTH

from ..models import Player, Round, SpotCheck
from ..record_words import AuditAction
from ..roles import Actor
from .base import ServiceError, locked_event, record_change
from .decks import clean_note
from .impartial import check_not_own_game


def record_spot_check(rnd: Round, player: Player, *, actor: Actor, matches: bool, note: str) -> SpotCheck:
    """Record a deck checked at the table against its list: it matches, or what differed.

    Policy #1, General 12: "spot checks may be used at each round to ensure decks are
    legal". Staff may check the players the round drew (``Round.spot_check_tables``);
    a coordinator may check anyone. A deck that differs needs a note saying how.
    """
    note = clean_note(note)
    if not matches and not note:
        raise ServiceError(_("Say what differed from the list."), field="note")
    if len(note) > MAX_REASON_LENGTH:
        raise ServiceError(
            ngettext(
                "A note has at most %(count)s character.", "A note has at most %(count)s characters.", MAX_REASON_LENGTH
            )
            % {"count": MAX_REASON_LENGTH},
            field="note",
        )
    with transaction.atomic(durable=True):
        event = locked_event(rnd.event)
        opponent_games = rnd.games.filter(Q(player_a=player) | Q(player_b=player)).select_related(
            "player_a", "player_b"
        )
        for game in opponent_games:
            # Checking one's own opponent's deck is ruling on one's own game; one's own deck is checked by others.
            check_not_own_game(event, game, actor)
        if not rnd.deck_check_open(player.pk, by_coordinator=actor.is_coordinator):
            raise ServiceError(
                _("%(name)s is not drawn for a deck check in round %(number)s.")
                % {"name": player.name, "number": rnd.number},
                field="outcome",
            )
        if SpotCheck.objects.filter(round=rnd, player=player).exists():
            raise ServiceError(
                _("The deck of %(name)s is checked already this round.") % {"name": player.name}, field="outcome"
            )
        check = SpotCheck.objects.create(round=rnd, player=player, matches=matches, note=note, checked_by=actor.label)
        record_change(
            event,
            actor,
            AuditAction.DECK_SPOT_CHECKED,
            _("Deck check of %(name)s") % {"name": player.name},
            after={"matches": matches, "note": note},
            round_number=rnd.number,
        )
    return check
