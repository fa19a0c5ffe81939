"""The events app's records, one module per family: the event and its rounds (``event``), decks (``decks``)."""

from .decks import BreakClock, DeckList, SealedProduct, SpotCheck
from .event import (
    DECK_CAPABILITY_CHOICES,
    FIRST_ROUND_CHOICES,
    FORMAT_CHOICES,
    GAME_TYPE_CHOICES,
    POLICY_CHOICES,
    TIE_CHOICES,
    AuditEntry,
    Event,
    EventRole,
    Game,
    Player,
    Round,
    Snapshot,
    Throttle,
)

__all__ = [
    "DECK_CAPABILITY_CHOICES", "FIRST_ROUND_CHOICES", "FORMAT_CHOICES", "GAME_TYPE_CHOICES", "POLICY_CHOICES",
    "TIE_CHOICES", "AuditEntry", "BreakClock", "DeckList", "Event", "EventRole", "Game", "Player", "Round",
    "SealedProduct", "Snapshot", "SpotCheck", "Throttle",
]
