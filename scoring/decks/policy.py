"""What the policies ask of decks, by policy, event format and game type.

The clauses and numbers no policy changes (the character draft, single alignment, sealed
decks, the Fallen-wizards and official scenarios; what a policy may change is its
``deck_rules``, ``scoring/policies/deck_terms.py``), and the questions the app asks before any list is
checked: may a player bring two decks, what do they choose besides their cards, do they
declare a Fallen-wizard. ``scoring.decks.check`` checks a registered list against them; the
readings where the texts are unclear are in docs/rules.md, "Decks".
"""

from __future__ import annotations

from ..policies.terms import FALLEN_WIZARD_ONLY, GENERAL_OPPONENT, HERO_ONLY, MINION_ONLY, Policy
from .cards import FALLEN_WIZARD, HERO, MINION

# The event formats (scoring/policies/terms.py EVENT_FORMATS) and the alignment each requires.
SINGLE_ALIGNMENT = {HERO_ONLY: HERO, MINION_ONLY: MINION, FALLEN_WIZARD_ONLY: FALLEN_WIZARD}

DRAFT_P1 = "Policy #1, General 4: Character Draft"
DRAFT_P4 = "Policy Number 4, Character Draft"
SINGLE_ALIGNMENT_CLAUSE = "Version 3 and Policy Number 4, Single Alignment"
GENERAL_OPPONENT_CLAUSE = "Version 3 and Policy Number 4, General Opponent"
SEALED_CLAUSE = "Policy Number 4, The Sealed Deck Game (Policy #1: The Sealed Deck Game)"
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

SEALED_GAME_TYPES = ("sealed-starter", "sealed-standard")
MAX_POOL_CHARACTERS = 10
MAX_PLAY_DECK_CHARACTERS = 10
SEALED_MINIMUM = 25
FALLEN_WIZARD_CARDS = 10


def sideboard_limit(policy: Policy, game_type: str) -> int | None:
    """The most cards a sideboard may hold for this policy and game type; 0 under starter rules; None if
    no rule says."""
    return policy.deck_rules.sideboard_limit(game_type)


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


def creature_minimum(policy: Policy, game_type: str) -> int | None:
    """The creatures a play deck needs: General 8's ten under Policy #1 (or a house policy's number), and
    none for decks the product or scenario makes (docs/rules.md, reading 37); None for no minimum."""
    if game_type in (*SEALED_GAME_TYPES, "challenge-deck", "scenario"):
        return None
    return policy.deck_rules.creatures or None
