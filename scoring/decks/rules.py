"""The deck rules, one function each: what a list breaks, as Problems citing their clauses.

Each takes one deck as matched to the card index (``scoring.decks.matching``) and gives
the problems it finds: copies and Wizards (Policy #1, General 9), creatures (General 8),
the character draft's pool, the sideboard's size, the alignment of a single-alignment
event, a sealed deck's product and minimum, the deck's size, and the cards added against
a Fallen-wizard. ``scoring.decks.check`` applies the ones the policy, format and game
type call for; the sentences are ``scoring.decks.words``'s, the clauses and numbers
``scoring.decks.policy``'s.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..messages import Text, _, ngettext
from ..policies.deck_terms import GENERAL_9, STARTER_GAME_TYPES, DeckRules
from ..policies.game_types import GAME_TYPE_WORDS
from .cards import (
    BALROG,
    CHARACTER,
    DUAL,
    FALLEN_WIZARD,
    HAZARD,
    HERO,
    MINION,
    NEUTRAL,
    ONE_RING,
    RESOURCE,
    SITE,
    STAGE,
    Card,
)
from .lists import (
    PLAY,
    POOL,
    SIDEBOARD,
    SITES,
    DeckList,
)
from .matching import MatchedDeck
from .policy import (
    DRAFT_P1,
    DRAFT_P4,
    FALLEN_WIZARD_CARDS,
    GENERAL_OPPONENT_CLAUSE,
    MAX_PLAY_DECK_CHARACTERS,
    MAX_POOL_CHARACTERS,
    SEALED_CLAUSE,
    SEALED_MINIMUM,
    SINGLE_ALIGNMENT_CLAUSE,
)
from .words import (
    avatar_in_sideboard,
    deck_name,
    is_main,
    not_of_alignment,
    one_ring_not_allowed,
    play_deck_characters,
    pool_too_large,
    too_many_copies,
    too_many_unique,
    too_many_wizards,
)


@dataclass(frozen=True)
class Problem:
    """One rule the list breaks: a short code, the clause, a sentence, and the cards it is about."""

    rule: str
    clause: str
    message: Text
    cards: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"rule", "clause", "message", "cards"}``."""
        return {"rule": self.rule, "clause": self.clause, "message": self.message, "cards": list(self.cards)}


def copy_problems(deck: MatchedDeck, added: list[tuple[int, Card]], rules: DeckRules) -> list[Problem]:
    """Policy #1, General 9: one of each unique card, three of any other (or the policy's number), two of one
    Wizard, none in the sideboard.

    ``added`` are the cards a general-opponent player adds to the sideboard against a
    Fallen-wizard: they join the sideboard, so they count with it.
    """
    problems = []
    together = deck.cards(POOL, PLAY, SIDEBOARD)
    in_sideboard = deck.cards(SIDEBOARD)
    for count, card in added:
        together[card.name] += count
        in_sideboard[card.name] += count
    cards = {card.name: card for _count, card in [*deck.matched(POOL, PLAY, SIDEBOARD), *added]}
    for name, count in sorted(together.items()):
        card = cards[name]
        if card.avatar:
            # Every avatar is read as the clause's Wizard (docs/rules.md, Decks 1).
            if in_sideboard[name]:
                problems.append(Problem("avatar-in-sideboard", GENERAL_9, avatar_in_sideboard(deck, name), (name,)))
            if count > 2:
                problems.append(Problem("copies", GENERAL_9, too_many_wizards(deck, name, count), (name,)))
        elif card.unique and count > 1:
            problems.append(Problem("copies", GENERAL_9, too_many_unique(deck, name, count), (name,)))
        elif count > rules.copies:
            problems.append(
                Problem("copies", rules.copies_clause, too_many_copies(deck, name, count, rules.copies), (name,))
            )
    return problems


def creature_count(deck: MatchedDeck) -> int:
    """Creatures among the play deck's hazards, creature-events counting half, rounded down (General 8)."""
    whole = sum(count for count, card in deck.matched(PLAY) if card.is_creature and not card.is_creature_event)
    halves = sum(count for count, card in deck.matched(PLAY) if card.is_creature_event)
    return whole + halves // 2


def creature_problems(deck: MatchedDeck, minimum: int, clause: str) -> list[Problem]:
    """General 8's creatures (or a house policy's number), creature-events counting half."""
    counted = creature_count(deck)
    if counted >= minimum:
        return []
    if is_main(deck):
        message = ngettext(
            "the play deck has %(count)s creature (creature-events count half); at least %(minimum)s",
            "the play deck has %(count)s creatures (creature-events count half); at least %(minimum)s",
            counted,
            minimum=minimum,
        )
    else:
        # Translators: %(deck)s says which deck, such as "against hero".
        message = ngettext(
            "the play deck (%(deck)s) has %(count)s creature (creature-events count half); at least %(minimum)s",
            "the play deck (%(deck)s) has %(count)s creatures (creature-events count half); at least %(minimum)s",
            counted,
            minimum=minimum,
            deck=deck_name(deck),
        )
    return [Problem("creatures", clause, message)]


def draft_problems(deck: MatchedDeck, policy_key: str) -> list[Problem]:
    """The pool of up to ten starting characters and the play deck's ten characters (Character Draft)."""
    clause = DRAFT_P4 if policy_key == "policy-4-2001" else DRAFT_P1
    problems = []
    pool = deck.matched(POOL)
    characters = sum(count for count, card in pool if card.type == CHARACTER)
    if characters > MAX_POOL_CHARACTERS:
        problems.append(Problem("pool", clause, pool_too_large(deck, characters, MAX_POOL_CHARACTERS)))
    others = sorted({card.name for _count, card in pool if card.type != CHARACTER})
    # Policy Number 4 lets "certain cards" be revealed as starting characters; earlier texts do not.
    if others and policy_key != "policy-4-2001":
        if is_main(deck):
            # Translators: the cards are listed with this problem.
            message = _("the pool holds cards that are not characters")
        else:
            # Translators: %(deck)s says which deck, such as "against hero".
            message = _("the pool (%(deck)s) holds cards that are not characters", deck=deck_name(deck))
        problems.append(Problem("pool", clause, message, tuple(others)))
    in_play = sum(count for count, card in deck.matched(PLAY) if card.type == CHARACTER)
    if in_play > MAX_PLAY_DECK_CHARACTERS:
        problems.append(
            Problem("play-deck-characters", clause, play_deck_characters(deck, in_play, MAX_PLAY_DECK_CHARACTERS))
        )
    return problems


def sideboard_problems(deck: MatchedDeck, rules: DeckRules, game_type: str) -> list[Problem]:
    limit = rules.sideboard_limit(game_type)
    size = sum(entry.count for entry, _card in deck.sections.get(SIDEBOARD, []))
    if limit is None or size <= limit:
        return []
    clause = rules.sideboard_clause
    if limit == 0 and game_type in STARTER_GAME_TYPES:
        if is_main(deck):
            # Translators: %(size)s is how many cards the list's sideboard holds.
            message = _("starter rules have no sideboard; this list has %(size)s", size=size)
        else:
            # Translators: %(size)s is how many cards the list's sideboard holds; %(deck)s says which deck, such as
            # "against hero".
            message = _(
                "starter rules have no sideboard; this list (%(deck)s) has %(size)s", size=size, deck=deck_name(deck)
            )
        return [Problem("sideboard", clause, message)]
    if is_main(deck):
        # Translators: %(game_type)s is the game type's key, such as two-deck, kept as written.
        message = ngettext(
            "the sideboard has %(count)s card; at most %(limit)s in a %(game_type)s game",
            "the sideboard has %(count)s cards; at most %(limit)s in a %(game_type)s game",
            size,
            limit=limit,
            game_type=GAME_TYPE_WORDS[game_type],
        )
    else:
        # Translators: %(game_type)s is the game type's key, such as two-deck, kept as written; %(deck)s says which
        # deck, such as "against hero".
        message = ngettext(
            "the sideboard (%(deck)s) has %(count)s card; at most %(limit)s in a %(game_type)s game",
            "the sideboard (%(deck)s) has %(count)s cards; at most %(limit)s in a %(game_type)s game",
            size,
            limit=limit,
            game_type=GAME_TYPE_WORDS[game_type],
            deck=deck_name(deck),
        )
    return [Problem("sideboard", clause, message)]


def _allowed(card: Card, alignment: str) -> bool:
    """Single Alignment: hazards of any alignment; resources, characters and sites of the player's own."""
    if card.type == HAZARD or card.alignment in (NEUTRAL, DUAL):
        return True
    minion_side = (MINION, BALROG)
    if alignment in minion_side and card.alignment in minion_side:
        return True  # "Minion alignment includes Ringwraith, Sauron, and Balrog players"
    if alignment == FALLEN_WIZARD:
        # The White Hand's rules say which hero and minion cards a Fallen-wizard may use;
        # this check keeps to alignments (docs/rules.md, Decks 6).
        return card.alignment in (FALLEN_WIZARD, STAGE, HERO, MINION)
    if "Item" in card.subtype and {alignment, card.alignment} <= {HERO, *minion_side}:
        return True  # "hero items may be used in a minion tournament, and vice versa"
    return card.alignment == alignment


def alignment_problems(deck: MatchedDeck, alignment: str) -> list[Problem]:
    wrong = sorted(
        {
            card.name
            for _count, card in deck.matched(POOL, PLAY, SIDEBOARD, SITES)
            if card.type in (CHARACTER, RESOURCE, SITE) and not _allowed(card, alignment)
        }
    )
    if not wrong:
        return []
    return [Problem("alignment", SINGLE_ALIGNMENT_CLAUSE, not_of_alignment(deck, alignment), tuple(wrong))]


def sealed_problems(deck: MatchedDeck, product: Counter[str]) -> list[Problem]:
    """25 resources and 25 hazards, unless the product had fewer; every card from the player's own product."""
    problems = []
    play = deck.matched(PLAY)
    resources = sum(count for count, card in play if card.type in (RESOURCE, CHARACTER))
    hazards = sum(count for count, card in play if card.type == HAZARD)
    if resources < SEALED_MINIMUM:
        problems.append(
            Problem(
                "sealed-minimum",
                SEALED_CLAUSE,
                ngettext(
                    "the deck has %(count)s resource or character; at least %(minimum)s, or every "
                    "playable one the player "
                    "received (the coordinator judges)",
                    "the deck has %(count)s resources and characters; at least %(minimum)s, or every "
                    "playable one the player "
                    "received (the coordinator judges)",
                    resources,
                    minimum=SEALED_MINIMUM,
                ),
            )
        )
    if hazards < SEALED_MINIMUM:
        problems.append(
            Problem(
                "sealed-minimum",
                SEALED_CLAUSE,
                ngettext(
                    "the deck has %(count)s hazard; at least %(minimum)s, or every playable one the player received "
                    "(the coordinator judges)",
                    "the deck has %(count)s hazards; at least %(minimum)s, or every playable one the player received "
                    "(the coordinator judges)",
                    hazards,
                    minimum=SEALED_MINIMUM,
                ),
            )
        )
    used = deck.cards(POOL, PLAY, SIDEBOARD, SITES)
    beyond = sorted(name for name, count in used.items() if count > product.get(name, 0))
    if product and beyond:
        problems.append(
            Problem(
                "sealed-product",
                SEALED_CLAUSE,
                # Translators: says what the cards listed with this problem are.
                _("cards the player did not receive in their starter and boosters"),
                tuple(beyond),
            )
        )
    return problems


def deck_size_problems(deck: MatchedDeck, rules: DeckRules) -> list[Problem]:
    """A constructed play deck holds at least as much as a sealed one must: 25 resources and 25 hazards,
    or the policy's number of each; and no more cards than a policy's most, where one says.

    Version 3 and Policy Number 4: "sealed deck tournaments only require a 25/25 card
    minimum deck size", so no tournament deck has less (docs/rules.md, reading 70).
    """
    play = deck.matched(PLAY)
    resources = sum(count for count, card in play if card.type in (RESOURCE, CHARACTER))
    hazards = sum(count for count, card in play if card.type == HAZARD)
    problems = []
    if resources < rules.minimum:
        problems.append(
            Problem(
                "deck-minimum",
                rules.minimum_clause,
                ngettext(
                    "the play deck has %(count)s resource or character; at least %(minimum)s",
                    "the play deck has %(count)s resources and characters; at least %(minimum)s",
                    resources,
                    minimum=rules.minimum,
                ),
            )
        )
    if hazards < rules.minimum:
        problems.append(
            Problem(
                "deck-minimum",
                rules.minimum_clause,
                ngettext(
                    "the play deck has %(count)s hazard; at least %(minimum)s",
                    "the play deck has %(count)s hazards; at least %(minimum)s",
                    hazards,
                    minimum=rules.minimum,
                ),
            )
        )
    size = sum(count for count, _card in play)
    if rules.maximum is not None and size > rules.maximum:
        problems.append(
            Problem(
                "deck-maximum",
                rules.maximum_clause,
                ngettext(
                    "the play deck has %(count)s card; at most %(maximum)s",
                    "the play deck has %(count)s cards; at most %(maximum)s",
                    size,
                    maximum=rules.maximum,
                ),
            )
        )
    return problems


def one_ring_problems(deck: MatchedDeck, rules: DeckRules, alignment: str | None) -> list[Problem]:
    """The One Ring in a deck whose alignment the policy does not let bring it (no released text limits it)."""
    allowed = rules.one_ring_alignments
    # A deck whose alignment could not be told (no avatar, no alignment's cards) is not refused on it.
    if allowed is None or alignment is None or alignment in allowed:
        return []
    if not any(card.name == ONE_RING for _count, card in deck.matched(POOL, PLAY, SIDEBOARD)):
        return []
    return [Problem("one-ring", rules.one_ring_clause, one_ring_not_allowed(deck), (ONE_RING,))]


def fallen_wizard_card_problems(deck_list: DeckList) -> list[Problem]:
    extra = sum(entry.count for entry in deck_list.against_fallen_wizard)
    if extra <= FALLEN_WIZARD_CARDS:
        return []
    return [
        Problem(
            "against-fallen-wizard",
            GENERAL_OPPONENT_CLAUSE,
            ngettext(
                "%(count)s card added against a Fallen-wizard; at most %(limit)s",
                "%(count)s cards added against a Fallen-wizard; at most %(limit)s",
                extra,
                limit=FALLEN_WIZARD_CARDS,
            ),
        )
    ]
