"""The rounds of an event and their games, as the archive holds them.

A Round belongs to the Swiss rounds or to a stage (``scoring.finals.stages``); its games carry
their scored results (``scoring.results.score``). ``scoring.archive.document_rounds`` reads them from an
archive (docs/archive-format.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..results.scored import ScoredResult


@dataclass(frozen=True)
class Game:
    """One game of a round; ``scored`` is None until its result is in."""

    table: int
    players: tuple[str, str]
    result: dict[str, Any] | None
    scored: ScoredResult | None


@dataclass(frozen=True)
class Round:
    """One round: its games and the player with the bye, if any; ``stage`` 0 is a Swiss round."""

    number: int
    bye: str | None
    games: tuple[Game, ...]
    seed: int | None = None
    stage: int = 0  # 1 for the archive's first stage, and so on

    @property
    def complete(self) -> bool:
        """Whether every game of the round has a result."""
        return all(game.scored is not None for game in self.games)
