"""A written deck list matched to the card index: each entry with its card, and the names no card has.

``scoring/decks/check.py`` checks the rules on what this module matches; nothing here knows a rule.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .cards import BALROG, FALLEN_WIZARD, HAZARD, HERO, MINION, Card, CardIndex
from .lists import PLAY, POOL, SIDEBOARD, SITES, Deck, Entry

# Suggestions cost a fuzzy search each: a list of nonsense gets them for its first names only.
MAX_SUGGESTED = 50


@dataclass(frozen=True)
class Unknown:
    """A written name no card has, with where it was written and the nearest names."""

    name: str
    deck: str
    section: str
    line: int
    suggestions: tuple[str, ...]


@dataclass(frozen=True)
class MatchedDeck:
    """A deck with each written entry matched to its card (None when no card has the name)."""

    name: str
    sections: dict[str, list[tuple[Entry, Card | None]]]

    def cards(self, *sections: str) -> Counter[str]:
        """How many copies of each card name the given sections hold together."""
        counted: Counter[str] = Counter()
        for section in sections:
            for entry, card in self.sections.get(section, []):
                if card is not None:
                    counted[card.name] += entry.count
        return counted

    def matched(self, *sections: str) -> list[tuple[int, Card]]:
        """Each known card of the given sections with its count."""
        return [
            (entry.count, card)
            for section in sections
            for entry, card in self.sections.get(section, [])
            if card is not None
        ]


def avatar_alignment(deck: Deck, index: CardIndex, hint: str | None) -> str | None:
    """The alignment of the deck's avatar, the surest sign of what it plays."""
    for entry in (*deck.pool, *deck.play):
        for card in index.find(entry.name, hint):
            if card.avatar:
                return BALROG if card.race == "Balrog" else card.alignment
    return None


def deck_alignment(deck: Deck, index: CardIndex, hint: str | None) -> str | None:
    """The deck's alignment: its avatar's, else ``hint`` (the event's), else what most of its resources
    and sites are."""
    found = avatar_alignment(deck, index, hint) or hint
    if found:
        return found
    votes: Counter[str] = Counter()
    for entry in (*deck.pool, *deck.play, *deck.sites):
        printings = index.find(entry.name)
        plain = len({card.alignment for card in printings}) == 1
        if plain and printings[0].type != HAZARD and printings[0].alignment in (HERO, MINION, FALLEN_WIZARD):
            votes[printings[0].alignment] += entry.count
    return votes.most_common(1)[0][0] if votes else None


def match_entries(
    entries: tuple[Entry, ...],
    index: CardIndex,
    alignment: str | None,
    unknown: list[Unknown],
    deck_name: str,
    section: str,
    *,
    fan_sets: tuple[str, ...] = (),
) -> list[tuple[Entry, Card | None]]:
    """Each entry with the card it names (None, and listed in ``unknown``, when no card has the name).

    ``alignment`` chooses between the hero and the minion printing of one name; the
    names suggested for an unknown one are official cards' and those of ``fan_sets``.
    """
    matched = []
    for entry in entries:
        printings = index.find(entry.name, alignment)
        if not printings:
            nearest = tuple(index.closest(entry.name, fan_sets=fan_sets)) if len(unknown) < MAX_SUGGESTED else ()
            unknown.append(Unknown(entry.name, deck_name, section, entry.line, nearest))
        matched.append((entry, printings[0] if printings else None))
    return matched


def match_deck(
    name: str,
    deck: Deck,
    index: CardIndex,
    alignment: str | None,
    unknown: list[Unknown],
    *,
    fan_sets: tuple[str, ...] = (),
) -> MatchedDeck:
    """Every section of ``deck`` matched (see ``match_entries``); ``name`` is the deck's (main, against-hero, ...)."""
    return MatchedDeck(
        name,
        {
            section: match_entries(deck.section(section), index, alignment, unknown, name, section, fan_sets=fan_sets)
            for section in (POOL, PLAY, SIDEBOARD, SITES)
        },
    )


def product_counts(product: list[tuple[Entry, Card | None]]) -> Counter[str]:
    """How many copies of each known card a sealed player's product holds."""
    counted: Counter[str] = Counter()
    for entry, card in product:
        if card is not None:
            counted[card.name] += entry.count
    return counted
