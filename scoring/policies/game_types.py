"""The kinds of game the policies describe, and how a sentence names each one.

Policy #1, Version 3 and Policy Number 4 each list their games (one-deck, two-deck,
three-deck, campaign, sealed, challenge deck, scenario); scoring/policies/released.py says which
policy has which, and with what time limit and points.
"""

from __future__ import annotations

from ..messages import _

GAME_TYPES = (
    "one-deck-starter",
    "one-deck-standard",
    "two-deck",
    "three-deck",
    "campaign",
    "sealed-starter",
    "sealed-standard",
    "challenge-deck",
    "scenario",
)

# How a sentence names a game type ("The One Ring in a two-deck game"); the English words are the codes.
GAME_TYPE_WORDS = {
    # Translators: a game type inside a sentence, as in "at most 5 in a one-deck-starter game".
    "one-deck-starter": _("one-deck-starter"),
    # Translators: a game type inside a sentence: the one-deck game with standard decks.
    "one-deck-standard": _("one-deck-standard"),
    # Translators: a game type inside a sentence, as in "The One Ring in a two-deck game".
    "two-deck": _("two-deck"),
    # Translators: a game type inside a sentence: the three-deck game.
    "three-deck": _("three-deck"),
    # Translators: a game type inside a sentence: the campaign (four-deck) game.
    "campaign": _("campaign"),
    # Translators: a game type inside a sentence: sealed deck with starter product.
    "sealed-starter": _("sealed-starter"),
    # Translators: a game type inside a sentence: sealed deck with standard product.
    "sealed-standard": _("sealed-standard"),
    # Translators: a game type inside a sentence: the challenge deck game.
    "challenge-deck": _("challenge-deck"),
    # Translators: a game type inside a sentence: the resource/character scenario game.
    "scenario": _("scenario"),
}
