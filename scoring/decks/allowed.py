"""The cards an event allows: those of the fan sets its policy names, none of the printed sets it leaves
out, and no banned card.

The released texts know no fan sets: "The cards used in deck building may be from any
edition or expansion of the Middle-earth® collectible card game (including foreign
translations and official promotional cards)" (Policy #1, General 11), which Council
applies under all three texts, as it does General 9. A house policy may allow fan (Dream
Card) sets by code and ban cards by name, citing its own clause (``Policy.deck_clause``).
Each problem names one card, wherever in the list it is (docs/rules.md, "Fan sets and
banned cards").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..messages import _
from ..policies.terms import Policy
from .cards import Card, card_key, read_written
from .policy import DECK_CONSTRUCTION_CLAUSE
from .rules import Problem


def _each_once(cards: Iterable[Card]) -> list[Card]:
    """Each printing once, in the order of their names."""
    return sorted({card.id: card for card in cards}.values(), key=lambda card: (card_key(card.name), card.id))


def fan_card_problems(cards: Iterable[Card], policy: Policy, sets: Mapping[str, str]) -> list[Problem]:
    """A fan card whose set the policy does not allow (every fan card under a released text).

    ``cards`` are every card of the list, its decks and the cards added against a
    Fallen-wizard; ``sets`` names each set by its code.
    """
    clause = policy.deck_clause or DECK_CONSTRUCTION_CLAUSE
    return [
        Problem(
            "fan-card",
            clause,
            # Translators: %(card)s is a card's name; %(set)s is the name of a fan-made (Dream Card) set, such as
            # Firstborn, and %(code)s its code, such as FB. Names are kept as written.
            _(
                "%(card)s is from the fan set %(set)s (%(code)s), which this event does not allow",
                card=card.name,
                set=sets.get(card.set, card.set),
                code=card.set,
            ),
            (card.name,),
        )
        for card in _each_once(cards)
        if card.fan and card.set not in policy.fan_sets
    ]


def excluded_set_problems(cards: Iterable[Card], policy: Policy, sets: Mapping[str, str]) -> list[Problem]:
    """A printed card whose set the policy leaves out (an event of the first sets only, say)."""
    if not policy.excluded_sets:
        return []
    clause = policy.deck_clause or policy.title
    return [
        Problem(
            "excluded-set",
            clause,
            # Translators: %(card)s is a card's name; %(set)s the name of a set of cards, such as The Dragons, and
            # %(code)s its code, such as TD. Names are kept as written.
            _(
                "%(card)s is from %(set)s (%(code)s), which this event leaves out",
                card=card.name,
                set=sets.get(card.set, card.set),
                code=card.set,
            ),
            (card.name,),
        )
        for card in _each_once(cards)
        if not card.fan and card.set in policy.excluded_sets
    ]


def banned_card_problems(cards: Iterable[Card], policy: Policy) -> list[Problem]:
    """A card the policy bans by name (in any of its languages, without accents, case or punctuation)."""
    banned = {card_key(read_written(name).name) for name in policy.banned_cards}
    if not banned:
        return []
    clause = policy.deck_clause or policy.title
    named = {
        card.name: card
        for card in _each_once(cards)
        if any(card_key(name) in banned for name in (card.name, *card.other_names))
    }
    # Translators: %(card)s is a card's name, kept as written.
    return [Problem("banned-card", clause, _("%(card)s is banned at this event", card=name), (name,)) for name in named]
