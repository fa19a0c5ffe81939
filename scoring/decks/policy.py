"""What the policies ask of decks, by policy, event format and game type.

The clauses the deck rules cite, their numbers (sideboard maxima, deck minimums, the
Fallen-wizards and official scenarios), and the questions the app asks before any list is
checked: may a player bring two decks, what do they choose besides their cards, do they
declare a Fallen-wizard. ``scoring.decks.check`` checks a registered list against them; the
readings where the texts are unclear are in docs/rules.md, "Decks".
"""

from __future__ import annotations

from ..policies.terms import FALLEN_WIZARD_ONLY, GENERAL_OPPONENT, HERO_ONLY, MINION_ONLY
from .cards import FALLEN_WIZARD, HERO, MINION

# The event formats (scoring/policies/terms.py EVENT_FORMATS) and the alignment each requires.
SINGLE_ALIGNMENT = {HERO_ONLY: HERO, MINION_ONLY: MINION, FALLEN_WIZARD_ONLY: FALLEN_WIZARD}

GENERAL_8 = "Policy #1, General 8"
GENERAL_9 = "Policy #1, General 9"
DRAFT_P1 = "Policy #1, General 4: Character Draft"
DRAFT_P4 = "Policy Number 4, Character Draft"
SIDEBOARD_P1 = "Policy #1, General 30: Larger Sideboard"
SIDEBOARD_P4 = "Policy Number 4, Larger Sideboard"
SINGLE_ALIGNMENT_CLAUSE = "Version 3 and Policy Number 4, Single Alignment"
GENERAL_OPPONENT_CLAUSE = "Version 3 and Policy Number 4, General Opponent"
SEALED_CLAUSE = "Policy Number 4, The Sealed Deck Game (Policy #1: The Sealed Deck Game)"
DECK_SIZE_CLAUSE = (
    'Version 3 and Policy Number 4, The Sealed Deck Game: "sealed deck tournaments only require a '
    '25/25 card minimum deck size (as printed in the rulesbook)"'
)
FALLEN_WIZARD_DECLARATION = "Policy Number 4, Single Alignment and General Opponent"
CHALLENGE_DECK_CLAUSE = "Policy Number 4, The Challenge Deck Game"
SCENARIO_CLAUSE = "Policy #1 and Policy Number 4, The Resource/Character Scenario Game"
# "The cards used in deck building may be from any edition or expansion of the Middle-earth®
# collectible card game (including foreign translations and official promotional cards)":
# no fan set is one (docs/rules.md, "Fan sets and banned cards").
DECK_CONSTRUCTION_CLAUSE = "Policy #1, General 11: Deck Construction"

# A Fallen-wizard is one of the five Wizards turned (The White Hand); a player
# declares which one, and two players of the same one are kept apart in a
# Fallen-wizard-only event (FALLEN_WIZARD_DECLARATION).
FALLEN_WIZARDS = ("Alatar", "Gandalf", "Pallando", "Radagast", "Saruman")
# "Presently, the three scenarios for official Council event tournaments are" (SCENARIO_CLAUSE).
OFFICIAL_SCENARIOS = ("A Hobbit's Quest", "Barrels out of Bond", "The King beneath the Mountains")

# Sideboard maxima by game type: Policy Number 4 (30 / 35 / 40). Policy #1 adds 5 "for all
# standard rules game formats" to the rulesbook's 15, 20 (three-deck game) and 25
# (four-deck game), which Version 3 keeps (docs/rules.md, reading 40). Starter rules have
# no sideboard; where a text gives no number, nothing is checked.
_SIDEBOARD_P4 = {
    "one-deck-standard": 30,
    "two-deck": 30,
    "three-deck": 35,
    "campaign": 40,
    "sealed-standard": 30,
    "challenge-deck": 30,
}
_SIDEBOARD_P1 = {
    "one-deck-standard": 20,
    "two-deck": 20,
    "three-deck": 25,
    "campaign": 30,
    "sealed-standard": 20,
    "challenge-deck": 20,
}
_STARTER = ("one-deck-starter", "sealed-starter")
SEALED_GAME_TYPES = ("sealed-starter", "sealed-standard")
MAX_POOL_CHARACTERS = 10
MAX_PLAY_DECK_CHARACTERS = 10
MIN_CREATURES = 10
SEALED_MINIMUM = 25
# The play deck's least resources (characters counted among them) and hazards; the
# texts give no larger number for a constructed deck (docs/rules.md, reading 70).
DECK_MINIMUM = 25
FALLEN_WIZARD_CARDS = 10


def sideboard_limit(policy_key: str, game_type: str) -> int | None:
    """The most cards a sideboard may hold for this policy and game type; 0 under starter rules; None if
    no text says."""
    if game_type in _STARTER:
        return 0
    table = _SIDEBOARD_P4 if policy_key == "policy-4-2001" else _SIDEBOARD_P1
    return table.get(game_type)


def two_decks_allowed(event_format: str, game_type: str) -> bool:
    """Whether a player may bring a deck against hero and one against minion opponents (General Opponent).

    "You may bring two decks of the same alignment" (Version 3, Policy Number 4): one
    deck is as good. Sealed, challenge-deck and scenario games have one deck each.
    """
    return event_format == GENERAL_OPPONENT and game_type not in (*SEALED_GAME_TYPES, "challenge-deck", "scenario")


def deck_choice_kind(game_type: str) -> str | None:
    """What a player of ``game_type`` chooses besides their cards: "challenge-deck", "scenario" or None.

    Policy Number 4: "Each player brings a Challenge Deck"; Policy #1 and Policy Number
    4: "Each player comes to the tournament with a deck constructed for his or her
    chosen scenario", from those the coordinator posted.
    """
    return game_type if game_type in ("challenge-deck", "scenario") else None


def declares_fallen_wizard(event_format: str) -> bool:
    """Whether every player declares their Fallen-wizard: "In a Fallen-wizard only tournament, each player
    should declare which Fallen-wizard he or she is playing" (FALLEN_WIZARD_DECLARATION)."""
    return event_format == "fallen-wizard-only"


def creature_minimum_applies(policy_key: str, game_type: str) -> bool:
    """General 8's ten creatures: Policy #1 only, and not for decks the product or scenario makes (readings 37)."""
    return policy_key == "policy-1-1996" and game_type not in (*SEALED_GAME_TYPES, "challenge-deck", "scenario")
