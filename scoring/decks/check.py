"""Deck rules: a registered list checked against the policy, each problem citing its clause.

``check_deck_list`` matches every written name against the card index, then applies
the deck rules of the posted policy and format (one function each, in
``scoring.decks.rules``; the fan sets and banned cards in ``scoring.decks.allowed``), and
judges the deck's capability (Policy #1, General 18, 19 and 21), which the forfeit points
depend on. The clauses and numbers it applies, and the format questions asked before any
list is checked, are in ``scoring.decks.policy``. The readings where the texts are unclear
are in docs/rules.md, "Decks" and "Fan sets and banned cards".
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..errors import RuleError
from ..messages import _
from ..policies.deck_terms import GENERAL_9
from ..policies.game_types import GAME_TYPES
from ..policies.released import get_policy
from ..policies.terms import Policy
from .allowed import banned_card_problems, excluded_set_problems, fan_card_problems
from .capability import MARSHALLING_POINTS_DECK, ONE_RING_DECK, deck_capability
from .cards import ONE_RING, CardIndex
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
    GENERAL_OPPONENT_CLAUSE,
    SEALED_GAME_TYPES,
    SINGLE_ALIGNMENT,
    SINGLE_ALIGNMENT_CLAUSE,
    creature_minimum,
    two_decks_allowed,
)
from .rules import (
    Problem,
    alignment_problems,
    copy_problems,
    creature_count,
    creature_problems,
    deck_size_problems,
    draft_problems,
    fallen_wizard_card_problems,
    one_ring_problems,
    sealed_problems,
    sideboard_problems,
)


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

    def as_dict(self) -> dict[str, Any]:
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


def _with_ring(counted: Counter[str], ring: bool) -> Counter[str]:
    """The copies counted, without The One Ring when the deck may not play it."""
    if not ring:
        counted.pop(ONE_RING, None)
    return counted


def check_deck_list(
    deck_list: DeckList,
    index: CardIndex,
    *,
    policy_key: Policy | str,
    game_type: str,
    event_format: str,
    product: tuple[Entry, ...] | None = None,
) -> DeckCheck:
    """Every problem of ``deck_list`` under the policy, game type and format, its capability and its counts.

    ``policy_key`` is a released policy's key or a ``Policy`` (a house policy: its deck
    numbers, ``Policy.deck_rules``, are its base text's unless it changes them, and it says
    which fan sets it allows, which printed sets it leaves out and which cards it bans). In a
    sealed event ``product`` is what the coordinator handed the player; without it the
    list's own ``product`` section is read as what the player received. Capability
    is the best of the player's decks: a general-opponent player
    whose deck against hero can destroy the Ring is a One Ring deck (docs/rules.md, Decks 4).
    """
    if game_type not in GAME_TYPES:
        # Translators: %(game_type)s is the game type given, kept as written.
        raise RuleError(_("unknown game type %(game_type)s", game_type=repr(game_type)), field="game_type")
    policy = policy_key if isinstance(policy_key, Policy) else get_policy(policy_key)
    policy.check_format(event_format)  # formats belong to the policies that define them
    text = policy.base or policy.key  # the released text whose deck rules apply
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
            deck_list.against_fallen_wizard,
            index,
            None,
            unknown,
            AGAINST_FALLEN_WIZARD,
            SIDEBOARD,
            fan_sets=policy.fan_sets,
        )
        if card is not None
    ]
    received = deck_list.product if product is None else product
    product_cards = match_entries(received, index, None, unknown, PRODUCT, PRODUCT, fan_sets=policy.fan_sets)
    decks: list[MatchedDeck] = []
    for name, deck in given.items():
        alignment = deck_alignment(deck, index, SINGLE_ALIGNMENT.get(event_format))
        alignments[name] = alignment
        matched = match_deck(name, deck, index, alignment, unknown, fan_sets=policy.fan_sets)
        decks.append(matched)
        problems += copy_problems(matched, added, policy.deck_rules)
        problems += draft_problems(matched, text)
        problems += sideboard_problems(matched, policy.deck_rules, game_type)
        creatures = creature_minimum(policy, game_type)
        if creatures is not None:
            problems += creature_problems(matched, creatures, policy.deck_rules.creatures_clause)
        if event_format in SINGLE_ALIGNMENT and game_type != "challenge-deck":
            problems += alignment_problems(matched, SINGLE_ALIGNMENT[event_format])
        if game_type in SEALED_GAME_TYPES:
            problems += sealed_problems(matched, product_counts(product_cards))
        elif game_type != "challenge-deck":  # a challenge deck is as it was bought
            problems += deck_size_problems(matched, policy.deck_rules)
        ring_refused = one_ring_problems(matched, policy.deck_rules, alignment)
        problems += ring_refused
        # A deck the policy does not let play The One Ring cannot destroy it: judged without it.
        ring = not ring_refused
        capabilities.append(
            deck_capability(
                starting=_with_ring(matched.cards(POOL, PLAY), ring),
                play=_with_ring(matched.cards(PLAY), ring),
                available=_with_ring(matched.cards(PLAY, SIDEBOARD), ring),
                policy_key=text,
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
    problems += fallen_wizard_card_problems(deck_list)
    listed = [card for deck in decks for _count, card in deck.matched(POOL, PLAY, SIDEBOARD, SITES)]
    listed += [card for _count, card in added]
    problems += fan_card_problems(listed, policy, index.sets)
    problems += excluded_set_problems(listed, policy, index.sets)
    problems += banned_card_problems(listed, policy)
    best = next((c for c in capabilities if c.capability == ONE_RING_DECK), capabilities[0])
    alignment_of_list = next((a for a in alignments.values() if a), None)
    return DeckCheck(tuple(problems), tuple(unknown), best.capability, best.reason, counts, alignment_of_list)
