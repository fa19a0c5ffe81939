"""An event's deck settings: whether players register lists, the public sign-up's window and cap, the
lists' deadline, the deck checks a round, and the challenge decks or scenarios posted.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import MAX_DECK_CHOICES, MAX_NAME_LENGTH, MAX_PLAYERS, MAX_SPOT_CHECKS, name_problem

from ..i18n import say
from ..models import Event
from ..record_words import AuditAction
from ..roles import Actor
from .base import ServiceError, locked_event, record_change


def update_deck_settings(
    event: Event,
    *,
    actor: Actor,
    deck_lists_wanted: bool,
    sign_up_opens_at: datetime.datetime | None,
    sign_up_closes_at: datetime.datetime | None,
    sign_up_cap: int | None,
    deck_deadline: datetime.datetime | None,
    spot_checks_per_round: int | None = 2,
    deck_choices: list[str] | None = None,
) -> Event:
    """Post whether players register deck lists, the public sign-up's window and cap, and the lists' deadline.

    Policy #1, General 12: a request for written lists "must be posted at least 24 hours
    prior to the tournament start"; Council shows the deadline on the sign-up page and
    the player's link, and leaves the posting to the coordinator. ``deck_choices`` are
    the challenge decks or scenarios players choose from ("It is suggested that the
    coordinator post (in advance) three resource/character scenarios"); None keeps those posted.
    """
    deck_choices = _clean_choices(deck_choices) if deck_choices is not None else None
    if sign_up_opens_at and sign_up_closes_at and sign_up_closes_at <= sign_up_opens_at:
        raise ServiceError(_("The sign-up must close after it opens."), field="sign_up_closes_at")
    spot_checks_per_round = spot_checks_per_round or 0
    if not 0 <= spot_checks_per_round <= MAX_SPOT_CHECKS:
        raise ServiceError(
            ngettext("At most %(count)s deck check a round.", "At most %(count)s deck checks a round.", MAX_SPOT_CHECKS)
            % {"count": MAX_SPOT_CHECKS},
            field="spot_checks_per_round",
        )
    if sign_up_cap is not None and not 1 <= sign_up_cap <= MAX_PLAYERS:
        raise ServiceError(_("A cap is from 1 to %(max)s players.") % {"max": MAX_PLAYERS}, field="sign_up_cap")
    with transaction.atomic(durable=True):
        event = locked_event(event)
        before = _deck_settings(event)
        event.deck_lists_wanted = deck_lists_wanted
        event.sign_up_opens_at, event.sign_up_closes_at = sign_up_opens_at, sign_up_closes_at
        event.sign_up_cap, event.deck_deadline = sign_up_cap, deck_deadline
        event.spot_checks_per_round = spot_checks_per_round
        if deck_choices is not None:
            event.deck_choices = deck_choices
        event.save()
        record_change(
            event,
            actor,
            AuditAction.EVENT_DECK_SETTINGS_CHANGED,
            _("Deck lists and sign-up"),
            before=before,
            after=_deck_settings(event),
        )
    return event


def _deck_settings(event: Event) -> dict[str, Any]:
    def when(moment: datetime.datetime | None) -> str | None:
        return moment.isoformat() if moment else None

    return {
        "deck_lists_wanted": event.deck_lists_wanted,
        "sign_up_opens_at": when(event.sign_up_opens_at),
        "sign_up_closes_at": when(event.sign_up_closes_at),
        "sign_up_cap": event.sign_up_cap,
        "deck_deadline": when(event.deck_deadline),
        "spot_checks_per_round": event.spot_checks_per_round,
        "deck_choices": list(event.deck_choices),
    }


def _clean_choices(choices: list[str]) -> list[str]:
    """The posted choices with single spaces and no repeats, or a refusal naming the one that cannot be."""
    cleaned: list[str] = []
    for choice in (" ".join(choice.split()) for choice in choices):
        if not choice:
            continue
        problem = name_problem(choice)
        if problem:
            # Translators: %(problem)s completes the sentence, such as "holds a control character (U+0009)".
            raise ServiceError(
                _("“%(choice)s” %(problem)s.") % {"choice": choice[:40], "problem": say(problem)}, field="deck_choices"
            )
        if len(choice) > MAX_NAME_LENGTH:
            raise ServiceError(
                ngettext(
                    "“%(choice)s” is longer than %(count)s character.",
                    "“%(choice)s” is longer than %(count)s characters.",
                    MAX_NAME_LENGTH,
                )
                % {"choice": choice[:40], "count": MAX_NAME_LENGTH},
                field="deck_choices",
            )
        if choice.casefold() not in {c.casefold() for c in cleaned}:
            cleaned.append(choice)
    if len(cleaned) > MAX_DECK_CHOICES:
        raise ServiceError(
            ngettext("Post at most %(count)s choice.", "Post at most %(count)s choices.", MAX_DECK_CHOICES)
            % {"count": MAX_DECK_CHOICES},
            field="deck_choices",
        )
    return cleaned
