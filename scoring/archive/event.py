"""An event's settings that the rules depend on, and its registered players.

``scoring.archive.document`` reads both from an archive's ``event`` and ``players``
(docs/archive-format.md); the rounds and stages are checked against them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..finals.stages import SWISS
from ..policies.terms import Policy


@dataclass(frozen=True)
class EventSettings:
    """The event's settings that the rules depend on."""

    name: str
    policy: Policy
    game_type: str
    tie_resolution: str = "playoff"
    format: str = "general-opponent"
    first_round_pairing: str = "random"
    structure: str = SWISS
    # The bracket of an elimination event or of the top cut: single or double.
    elimination: str = "single"
    # How an elimination event seeds its bracket (a top cut seeds by the standings).
    seeding: str = "ranking"
    top_cut: int | None = None
    # An event of pools: how many pools, and how many of each go on to the knockout.
    pools: int | None = None
    advance: int | None = None


@dataclass(frozen=True)
class Player:
    """A registered player. ``status`` is active, dropped or ejected."""

    id: str
    name: str
    status: str = "active"
    deck_capability: str = "marshalling-points"
    dropped_after_round: int | None = None
    avatar: str | None = None
    ranking: int | None = None

    @property
    def eligible(self) -> bool:
        """Dropped and ejected players get no ranking (Policy #1, General 19 and 21)."""
        return self.status == "active"
