"""Deck rules: a registered list checked against the policy, each problem citing its clause.

``check_deck_list`` matches every written name against the card index, then applies
the deck rules of the posted policy and format, and judges the deck's capability
(Policy #1, General 18, 19 and 21), which the forfeit points depend on. The clauses and
numbers it applies, and the format questions asked before any list is checked, are in
``scoring.decks.policy``. The readings where the texts are unclear
are in docs/rules.md, "Decks".
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..errors import RuleError
from ..messages import Text, _, ngettext
from ..policies.game_types import GAME_TYPE_WORDS, GAME_TYPES
from ..policies.released import get_policy
from .capability import MARSHALLING_POINTS_DECK, ONE_RING_DECK, deck_capability
from .cards import (
    BALROG,
    CHARACTER,
    DUAL,
    FALLEN_WIZARD,
    HAZARD,
    HERO,
    MINION,
    NEUTRAL,
    RESOURCE,
    SITE,
    STAGE,
    Card,
    CardIndex,
)
from .lists import (
    AGAINST_FALLEN_WIZARD,
    AGAINST_HERO,
    AGAINST_MINION,
    MAIN,
    PLAY,
    POOL,
    PRODUCT,
    SIDEBOARD,
    SITES,
    DeckList,
    Entry,
)
from .matching import MatchedDeck, Unknown, deck_alignment, match_deck, match_entries, product_counts
from .policy import (
    DECK_MINIMUM,
    DECK_SIZE_CLAUSE,
    DRAFT_P1,
    DRAFT_P4,
    FALLEN_WIZARD_CARDS,
    GENERAL_8,
    GENERAL_9,
    GENERAL_OPPONENT_CLAUSE,
    MAX_PLAY_DECK_CHARACTERS,
    MAX_POOL_CHARACTERS,
    MIN_CREATURES,
    SEALED_CLAUSE,
    SEALED_GAME_TYPES,
    SEALED_MINIMUM,
    SIDEBOARD_P1,
    SIDEBOARD_P4,
    SINGLE_ALIGNMENT,
    SINGLE_ALIGNMENT_CLAUSE,
    creature_minimum_applies,
    sideboard_limit,
    two_decks_allowed,
)
from .words import (
    avatar_in_sideboard,
    deck_name,
    is_main,
    not_of_alignment,
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

    def as_dict(self) -> dict:
        """JSON-ready: ``{"rule", "clause", "message", "cards"}``."""
        return {"rule": self.rule, "clause": self.clause, "message": self.message, "cards": list(self.cards)}


@dataclass(frozen=True)
class DeckCheck:
    """What the rules say of a registered list."""

    problems: tuple[Problem, ...]
    unknown: tuple[Unknown, ...]
    capability: str
    capability_reason: str
    counts: dict[str, dict[str, int]] = field(default_factory=dict)
    alignment: str | None = None

    @property
    def legal(self) -> bool:
        """No rule broken and every name known."""
        return not self.problems and not self.unknown

    def as_dict(self) -> dict:
        """JSON-ready, as ``python -m scoring deck`` prints it."""
        return {
            "legal": self.legal,
            "problems": [problem.as_dict() for problem in self.problems],
            "unknown": [
                {
                    "name": item.name,
                    "deck": item.deck,
                    "section": item.section,
                    "line": item.line,
                    "suggestions": list(item.suggestions),
                }
                for item in self.unknown
            ],
            "capability": self.capability,
            "capability_reason": self.capability_reason,
            "alignment": self.alignment,
            "counts": self.counts,
        }


def _copies(deck: MatchedDeck, added: list[tuple[int, Card]]) -> list[Problem]:
    """Policy #1, General 9: one of each unique card, three of any other, two of one Wizard, none in the sideboard.

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
        elif count > 3:
            problems.append(Problem("copies", GENERAL_9, too_many_copies(deck, name, count), (name,)))
    return problems


def creature_count(deck: MatchedDeck) -> int:
    """Creatures among the play deck's hazards, creature-events counting half, rounded down (General 8)."""
    whole = sum(count for count, card in deck.matched(PLAY) if card.is_creature and not card.is_creature_event)
    halves = sum(count for count, card in deck.matched(PLAY) if card.is_creature_event)
    return whole + halves // 2


def _creatures(deck: MatchedDeck) -> list[Problem]:
    counted = creature_count(deck)
    if counted >= MIN_CREATURES:
        return []
    if is_main(deck):
        message = ngettext(
            "the play deck has %(count)s creature (creature-events count half); at least %(minimum)s",
            "the play deck has %(count)s creatures (creature-events count half); at least %(minimum)s",
            counted,
            minimum=MIN_CREATURES,
        )
    else:
        # Translators: %(deck)s says which deck, such as "against hero".
        message = ngettext(
            "the play deck (%(deck)s) has %(count)s creature (creature-events count half); at least %(minimum)s",
            "the play deck (%(deck)s) has %(count)s creatures (creature-events count half); at least %(minimum)s",
            counted,
            minimum=MIN_CREATURES,
            deck=deck_name(deck),
        )
    return [Problem("creatures", GENERAL_8, message)]


def _draft(deck: MatchedDeck, policy_key: str) -> list[Problem]:
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


def _sideboard(deck: MatchedDeck, policy_key: str, game_type: str) -> list[Problem]:
    limit = sideboard_limit(policy_key, game_type)
    size = sum(entry.count for entry, _card in deck.sections.get(SIDEBOARD, []))
    if limit is None or size <= limit:
        return []
    clause = SIDEBOARD_P4 if policy_key == "policy-4-2001" else SIDEBOARD_P1
    if limit == 0:
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


def _alignment(deck: MatchedDeck, alignment: str) -> list[Problem]:
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


def _sealed(deck: MatchedDeck, product: Counter) -> list[Problem]:
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


def _deck_size(deck: MatchedDeck) -> list[Problem]:
    """A constructed play deck holds at least as much as a sealed one must: 25 resources and 25 hazards.

    Version 3 and Policy Number 4: "sealed deck tournaments only require a 25/25 card
    minimum deck size", so no tournament deck has less (docs/rules.md, reading 70).
    """
    play = deck.matched(PLAY)
    resources = sum(count for count, card in play if card.type in (RESOURCE, CHARACTER))
    hazards = sum(count for count, card in play if card.type == HAZARD)
    problems = []
    if resources < DECK_MINIMUM:
        problems.append(
            Problem(
                "deck-minimum",
                DECK_SIZE_CLAUSE,
                ngettext(
                    "the play deck has %(count)s resource or character; at least %(minimum)s",
                    "the play deck has %(count)s resources and characters; at least %(minimum)s",
                    resources,
                    minimum=DECK_MINIMUM,
                ),
            )
        )
    if hazards < DECK_MINIMUM:
        problems.append(
            Problem(
                "deck-minimum",
                DECK_SIZE_CLAUSE,
                ngettext(
                    "the play deck has %(count)s hazard; at least %(minimum)s",
                    "the play deck has %(count)s hazards; at least %(minimum)s",
                    hazards,
                    minimum=DECK_MINIMUM,
                ),
            )
        )
    return problems


def _fallen_wizard_cards(deck_list: DeckList) -> list[Problem]:
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


def _decks_problem(given: set[str], two_allowed: bool, one_deck_clause: str) -> Problem | None:
    if len(given) == 1:
        return None
    if two_allowed and given == {AGAINST_HERO, AGAINST_MINION}:
        return None
    if two_allowed:
        return Problem(
            "decks",
            GENERAL_OPPONENT_CLAUSE,
            _("a list has one deck, or a deck against hero and a deck against minion opponents"),
        )
    return Problem("decks", one_deck_clause, _("this event wants one deck"))


def check_deck_list(
    deck_list: DeckList,
    index: CardIndex,
    *,
    policy_key: str,
    game_type: str,
    event_format: str,
    product: tuple[Entry, ...] | None = None,
) -> DeckCheck:
    """Every problem of ``deck_list`` under the policy, game type and format, its capability and its counts.

    In a sealed event ``product`` is what the coordinator handed the player; without it
    the list's own ``product`` section is read as what the player received. Capability
    is the best of the player's decks: a general-opponent player
    whose deck against hero can destroy the Ring is a One Ring deck (docs/rules.md, Decks 4).
    """
    if game_type not in GAME_TYPES:
        # Translators: %(game_type)s is the game type given, kept as written.
        raise RuleError(_("unknown game type %(game_type)s", game_type=repr(game_type)), field="game_type")
    policy = get_policy(policy_key)
    policy.check_format(event_format)  # formats belong to the policies that define them
    problems: list[Problem] = []
    given = {name: deck for name, deck in deck_list.decks.items() if not deck.is_empty()}
    if not given:
        empty = Problem("empty", GENERAL_9, _("the list holds no cards"))
        # Translators: why a deck list without cards cannot destroy The One Ring.
        return DeckCheck((empty,), (), MARSHALLING_POINTS_DECK, _("no cards"))
    wrong_decks = _decks_problem(
        set(given),
        two_decks_allowed(event_format, game_type),
        SINGLE_ALIGNMENT_CLAUSE if event_format in SINGLE_ALIGNMENT else policy.format_clause,
    )
    if wrong_decks:
        problems.append(wrong_decks)
    elif len(given) == 1:
        given = {MAIN: next(iter(given.values()))}
    unknown: list[Unknown] = []
    counts: dict[str, dict[str, int]] = {}
    capabilities = []
    alignments = {}
    added = [
        (entry.count, card)
        for entry, card in match_entries(
            deck_list.against_fallen_wizard, index, None, unknown, AGAINST_FALLEN_WIZARD, SIDEBOARD
        )
        if card is not None
    ]
    received = deck_list.product if product is None else product
    product_cards = match_entries(received, index, None, unknown, PRODUCT, PRODUCT)
    for name, deck in given.items():
        alignment = deck_alignment(deck, index, SINGLE_ALIGNMENT.get(event_format))
        alignments[name] = alignment
        matched = match_deck(name, deck, index, alignment, unknown)
        problems += _copies(matched, added)
        problems += _draft(matched, policy_key)
        problems += _sideboard(matched, policy_key, game_type)
        if creature_minimum_applies(policy_key, game_type):
            problems += _creatures(matched)
        if event_format in SINGLE_ALIGNMENT and game_type != "challenge-deck":
            problems += _alignment(matched, SINGLE_ALIGNMENT[event_format])
        if game_type in SEALED_GAME_TYPES:
            problems += _sealed(matched, product_counts(product_cards))
        elif game_type != "challenge-deck":  # a challenge deck is as it was bought
            problems += _deck_size(matched)
        capabilities.append(
            deck_capability(
                starting=matched.cards(POOL, PLAY),
                play=matched.cards(PLAY),
                available=matched.cards(PLAY, SIDEBOARD),
                policy_key=policy_key,
                sites=matched.cards(SITES),
                alignment=alignment,
            )
        )
        counts[name] = {
            section: sum(entry.count for entry in deck.section(section)) for section in (POOL, PLAY, SIDEBOARD, SITES)
        }
        counts[name]["creatures"] = creature_count(matched)
    if len({a for a in alignments.values() if a}) > 1:
        problems.append(Problem("alignment", GENERAL_OPPONENT_CLAUSE, _("the two decks must be of the same alignment")))
    problems += _fallen_wizard_cards(deck_list)
    best = next((c for c in capabilities if c.capability == ONE_RING_DECK), capabilities[0])
    alignment_of_list = next((a for a in alignments.values() if a), None)
    return DeckCheck(tuple(problems), tuple(unknown), best.capability, best.reason, counts, alignment_of_list)
