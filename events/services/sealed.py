"""Sealed events: the product each player received, and the clock for building and exchanging between rounds.

Policy #1 and Policy Number 4, The Sealed Deck Game: each player receives a starter and
three boosters from the coordinator, has 45 minutes to construct a deck, and may
exchange cards between the deck and the rest of the product between rounds, "in the
time allotted". The clock arithmetic is ``scoring.clock``'s; when a player may change
their deck is ``Event.sealed_deck_closed``.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import scoring
from scoring import (
    CONSTRUCTION_MINUTES,
    EXCHANGE_MINUTES,
    PRODUCT,
    SEALED_GAME_TYPES,
    Unknown,
    break_clock,
    card_index,
    every_entry,
    match_entries,
)

from ..models import BreakClock, Event, Player, SealedProduct
from ..record_words import AuditAction
from ..roles import Actor
from .base import ServiceError, locked_event, record_change
from .clock import Step, adjustment, change_clock
from .decks import PRODUCT_TEXT, read_written_cards, recheck_player


def enter_sealed_product(player: Player, text: str, *, actor: Actor) -> SealedProduct:
    """Keep the cards the coordinator handed ``player``, and check their list against them again.

    "No other cards are allowed in the play area besides the cards received from the
    Tournament Coordinator" (Policy Number 4, The Sealed Deck Game). Written one
    "count name" a line, with or without headings; every line is a card received.
    """
    text = text.strip()
    entries = every_entry(
        read_written_cards(
            text, field="product", what=PRODUCT_TEXT, missing=_("Type the cards of the starter and the boosters.")
        )
    )
    unknown: list[Unknown] = []
    match_entries(entries, card_index(), None, unknown, PRODUCT, PRODUCT)
    if unknown:
        # A misspelt card would drop out of the product and flag the player's deck instead.
        named = "; ".join(_unknown_card(u) for u in unknown[:5])
        if len(unknown) > 5:
            # Translators: %(cards)s lists unknown cards: line 2: “Orc-patorl” (did you mean Orc-patrol?); ...
            refusal = ngettext(
                "No card has these names: %(cards)s and %(count)s more.",
                "No card has these names: %(cards)s and %(count)s more.",
                len(unknown) - 5,
            ) % {"cards": named, "count": len(unknown) - 5}
        else:
            # Translators: %(cards)s lists unknown cards: line 2: “Orc-patorl” (did you mean Orc-patrol?); ...
            refusal = _("No card has these names: %(cards)s.") % {"cards": named}
        raise ServiceError(refusal, field="product")
    with transaction.atomic(durable=True):
        event = locked_event(player.event)
        if event.game_type not in SEALED_GAME_TYPES:
            raise ServiceError(_("Only a sealed event has products."), field="product")
        player = Player.objects.select_for_update().get(pk=player.pk)
        product, _created = SealedProduct.objects.update_or_create(
            player=player,
            defaults={
                "text": text,
                "data": [{"count": entry.count, "name": entry.name} for entry in entries],
                "entered_at": timezone.now(),
                "entered_by": actor.label,
            },
        )
        recheck_player(player, event)
        record_change(
            event,
            actor,
            AuditAction.DECK_PRODUCT_ENTERED,
            _("Sealed product of %(name)s") % {"name": player.name},
            after={"cards": sum(entry.count for entry in entries)},
        )
    return product


def _unknown_card(unknown: Unknown) -> str:
    """One card of a product that no card is named as: its line, the name as typed, the names it may mean."""
    values = {"line": unknown.line, "name": unknown.name, "suggestions": ", ".join(unknown.suggestions)}
    if unknown.suggestions:
        # Translators: %(name)s is a card's name as typed; %(suggestions)s lists card names.
        return _("line %(line)s: “%(name)s” (did you mean %(suggestions)s?)") % values
    # Translators: %(name)s is a card's name as typed.
    return _("line %(line)s: “%(name)s”") % values


def _current_break(event: Event) -> int:
    """The round the present break follows (0 before round 1), or a refusal when no break is on."""
    if event.game_type not in SEALED_GAME_TYPES:
        raise ServiceError(_("Only a sealed event has a clock between rounds."), field="action")
    if event.status == Event.CLOSED:
        raise ServiceError(_("The event is closed."), field="action")
    latest = event.latest_round()
    if latest is not None and latest.games.filter(result__isnull=True).exists():
        raise ServiceError(
            _("%(round)s is being played; the break comes when its results are in.") % {"round": latest.label},
            field="action",
        )
    if latest is not None and not event.rules.sealed_exchanges:
        raise ServiceError(
            _("This policy has no card exchanges between rounds: each deck stays as it was built."),
            field="action",
            rule=event.rules.sealed_exchanges_clause,
        )
    return latest.number if latest else 0


def _change_break_clock(
    event: Event, actor: Actor, action: AuditAction, step: Step, subject: Callable[[str], str]
) -> BreakClock:
    """Change the present break's clock by ``step``; ``subject(purpose)`` is the audit log's line.

    The break's clock changes as a round's does (``clock.change_clock``); a break that has
    no clock yet gets a ready one holding its minutes.
    """
    with transaction.atomic(durable=True):
        event = locked_event(event)
        after_round = _current_break(event)
        clock = BreakClock.objects.filter(event=event).first()
        if clock is None or clock.after_round != after_round:
            minutes = CONSTRUCTION_MINUTES if after_round == 0 else EXCHANGE_MINUTES
            clock, _created = BreakClock.objects.update_or_create(
                event=event,
                defaults={
                    "after_round": after_round,
                    "minutes": minutes,
                    **BreakClock.clock_values(break_clock(minutes)),
                },
            )
        before, after = change_clock(clock, step)
        record_change(event, actor, action, subject(clock.purpose), before=before, after=after)
    return clock


def start_break_clock(event: Event, *, actor: Actor) -> BreakClock:
    """Start (or run again) the clock of the present break: 45 minutes to build before round 1, then exchanges.

    Policy #1 and Policy Number 4, The Sealed Deck Game: "Each player is allowed 45
    minutes to construct a deck". The exchanges between rounds get
    ``scoring.clock.EXCHANGE_MINUTES`` unless the coordinator adds or takes minutes.
    """
    return _change_break_clock(
        event,
        actor,
        AuditAction.BREAK_STARTED,
        scoring.start_clock,
        # Translators: %(purpose)s is the break's, such as "Deck construction".
        lambda purpose: _("%(purpose)s: clock started") % {"purpose": purpose},
    )


def pause_break_clock(event: Event, *, actor: Actor) -> BreakClock:
    """Pause the present break's clock, keeping the time left."""
    return _change_break_clock(
        event,
        actor,
        AuditAction.BREAK_PAUSED,
        scoring.pause_clock,
        # Translators: %(purpose)s is the break's, such as "Deck construction".
        lambda purpose: _("%(purpose)s: clock paused") % {"purpose": purpose},
    )


def adjust_break_clock(event: Event, *, actor: Actor, minutes: int) -> BreakClock:
    """Give the present break more minutes, or take some back with a minus sign (never below zero)."""
    step = adjustment(minutes)
    return _change_break_clock(
        event,
        actor,
        AuditAction.BREAK_ADJUSTED,
        step,
        # Translators: %(purpose)s is the break's, such as "Deck construction"; %(minutes)s is signed (+5, -2).
        lambda purpose: _("%(purpose)s: %(minutes)s min") % {"purpose": purpose, "minutes": f"{minutes:+d}"},
    )
