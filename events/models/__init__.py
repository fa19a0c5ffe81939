"""The events app's records, one module per family: the event and its rounds (``event``), decks (``decks``),
playoffs and brackets (``stages``)."""

from .decks import BreakClock, DeckList, SealedProduct, SpotCheck
from .event import (
    DECK_CAPABILITY_CHOICES,
    ELIMINATION_CHOICES,
    FIRST_ROUND_CHOICES,
    FORMAT_CHOICES,
    GAME_TYPE_CHOICES,
    POLICY_CHOICES,
    SEEDING_CHOICES,
    STRUCTURE_CHOICES,
    TIE_CHOICES,
    TOP_CUT_CHOICES,
    AuditEntry,
    Event,
    EventRole,
    Game,
    Player,
    Round,
    Snapshot,
    Throttle,
)
from .stages import Stage

__all__ = [
    "DECK_CAPABILITY_CHOICES", "ELIMINATION_CHOICES", "FIRST_ROUND_CHOICES", "FORMAT_CHOICES", "GAME_TYPE_CHOICES", "POLICY_CHOICES",
    "SEEDING_CHOICES", "STRUCTURE_CHOICES", "TIE_CHOICES", "TOP_CUT_CHOICES", "AuditEntry", "BreakClock", "DeckList", "Event", "EventRole", "Game", "Player", "Round",
    "SealedProduct", "Snapshot", "SpotCheck", "Stage", "Throttle",
]
