"""The blank deck registration sheet a player fills in by hand: the decks, sections and declarations this
event's format asks for, and the policy's deck numbers with the clause that states each."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

import scoring
from scoring import (
    FALLEN_WIZARDS,
    GENERAL_OPPONENT,
    SEALED_GAME_TYPES,
    SINGLE_ALIGNMENT,
    creature_minimum,
    deck_choice_kind,
    declares_fallen_wizard,
    sideboard_limit,
    two_decks_allowed,
)

from ..models import DECK_ALIGNMENT_CHOICES, Event

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class DeckSheet:
    """The blank registration sheet: the decks, sections and declarations this event's format asks for."""

    event: Event
    policy: scoring.Policy
    decks: list[str]  # the heading of each deck a player may bring
    alignment: str | None
    against_fallen_wizard: bool
    deck_rules: scoring.DeckRules  # the policy's numbers and the clause that states each
    one_ring_alignments: list[StrOrPromise] | None  # who may bring The One Ring, in words; None: anyone
    starter: bool
    sideboard_limit: int | None
    sealed: bool
    creature_minimum: int | None
    sections: list[str]
    lines: range
    fallen_wizard_lines: range
    fallen_wizard: str | None  # "required", "optional", or None when the format asks for none
    fallen_wizards: tuple[str, ...]
    choice_kind: str | None
    choices: list[str]


def deck_sheet(event: Event) -> DeckSheet:
    """The blank registration sheet a player fills in by hand: the sections this event's format asks for."""
    two_decks = two_decks_allowed(event.format, event.game_type)
    policy = event.rules
    # Translators: headings of the deck registration sheet, printed for a player to fill in by hand.
    decks = (
        [_("Deck against hero opponents (or your only deck)"), _("Deck against minion opponents (if you bring two)")]
        if two_decks
        # Translators: the heading of the one deck on the deck registration sheet.
        else [pgettext("a player's play deck", "Deck")]
    )
    return DeckSheet(
        event=event,
        policy=policy,
        decks=decks,
        alignment=SINGLE_ALIGNMENT.get(event.format),
        against_fallen_wizard=two_decks,
        deck_rules=policy.deck_rules,
        one_ring_alignments=(
            None
            if policy.deck_rules.one_ring_alignments is None
            else [dict(DECK_ALIGNMENT_CHOICES)[a] for a in policy.deck_rules.one_ring_alignments]
        ),
        starter=event.game_type in scoring.STARTER_GAME_TYPES,
        sideboard_limit=sideboard_limit(policy, event.game_type),
        sealed=event.game_type in SEALED_GAME_TYPES,
        creature_minimum=creature_minimum(policy, event.game_type),
        # Translators: the sections of a deck on the registration sheet, named as the card game names them.
        sections=[
            _("Pool of starting characters"),
            _("Characters"),
            _("Resources"),
            _("Hazards"),
            _("Sideboard"),
            _("Sites"),
        ],
        lines=range(12),
        fallen_wizard_lines=range(10),
        fallen_wizard="required"
        if declares_fallen_wizard(event.format)
        else "optional"
        if event.format == GENERAL_OPPONENT
        else None,
        fallen_wizards=FALLEN_WIZARDS,
        choice_kind=deck_choice_kind(event.game_type),
        choices=event.deck_choices_offered(),
    )
