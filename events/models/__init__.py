"""The events app's records, one module per family: the event (``event``), its players and roles
(``players``), the house policies kept on the server (``policies``), its audit log and snapshots
(``record``), rounds and games (``rounds``), playoffs, brackets and pools (``stages``), decks
(``decks``), the official clock's fields that a round and the break between sealed rounds share
(``clock``), the mail waiting to be sent (``outbox``), the labels of the engine's choices
(``choices``), the gatherings of several events sharing one registration
(``gathering``), the players known across events (``members``), publishing from a venue to a
hosted server (``publishing``), and the counts of failed attempts (``throttle``)."""

from .choices import DECK_ALIGNMENT_CHOICES, END_OF_TIME_CHOICES, ORGANISERS_PLAY_CHOICES
from .clock import ClockFields
from .decks import BreakClock, DeckList, SealedProduct, SpotCheck
from .event import (
    DECK_CAPABILITY_CHOICES,
    ELIMINATION_CHOICES,
    FIRST_ROUND_CHOICES,
    FORMAT_CHOICES,
    GAME_TYPE_CHOICES,
    LANGUAGE_CHOICES,
    POLICY_CHOICES,
    SEEDING_CHOICES,
    STRUCTURE_CHOICES,
    TIE_CHOICES,
    TIEBREAK_CHOICES,
    TIME_ZONES,
    TOP_CUT_CHOICES,
    Event,
    EventStatus,
    rules_of,
)
from .gathering import Entrant, Gathering
from .members import FIRST_PLAYER_NUMBER, Member, MemberLogEntry
from .outbox import OutboxMessage
from .players import EventRole, Player, PlayerStatus
from .policies import HousePolicy, HousePolicyVersion, could_be_house_key, policy_document_named, usable_by
from .publishing import PublishingKey, PublishingTarget
from .record import AuditEntry, Snapshot
from .rounds import Game, GameState, Round
from .stages import Stage
from .throttle import Throttle

__all__ = [
    "DECK_ALIGNMENT_CHOICES",
    "DECK_CAPABILITY_CHOICES",
    "ELIMINATION_CHOICES",
    "END_OF_TIME_CHOICES",
    "FIRST_PLAYER_NUMBER",
    "FIRST_ROUND_CHOICES",
    "FORMAT_CHOICES",
    "GAME_TYPE_CHOICES",
    "LANGUAGE_CHOICES",
    "ORGANISERS_PLAY_CHOICES",
    "POLICY_CHOICES",
    "SEEDING_CHOICES",
    "STRUCTURE_CHOICES",
    "TIEBREAK_CHOICES",
    "TIE_CHOICES",
    "TIME_ZONES",
    "TOP_CUT_CHOICES",
    "AuditEntry",
    "BreakClock",
    "ClockFields",
    "DeckList",
    "Entrant",
    "Event",
    "EventRole",
    "EventStatus",
    "Game",
    "GameState",
    "Gathering",
    "HousePolicy",
    "HousePolicyVersion",
    "Member",
    "MemberLogEntry",
    "OutboxMessage",
    "Player",
    "PlayerStatus",
    "PublishingKey",
    "PublishingTarget",
    "Round",
    "SealedProduct",
    "Snapshot",
    "SpotCheck",
    "Stage",
    "Throttle",
    "could_be_house_key",
    "policy_document_named",
    "rules_of",
    "usable_by",
]
