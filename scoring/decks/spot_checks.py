"""Deck spot checks: which players' decks are checked against their lists in a round.

Policy #1, General 12: "spot checks may be used at each round to ensure decks are
legal". The players are drawn from the round's own seed and number and the players'
archive ids only: the same players on every screen and after an undone and repaired
round, and nobody can steer the draw without changing the seed, which the record keeps.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

SPOT_CHECK_CLAUSE = "Policy #1, General 12: Deck Integrity"


def spot_check_choice(player_ids: Sequence[str], *, seed: int, round_number: int, count: int) -> list[str]:
    """``count`` of ``player_ids`` (all of them when fewer) drawn from the round's seed, sorted.

    The draw depends on the seed, the round and the set of ids only, never on their order.
    """
    if count < 0:
        raise ValueError("count must not be negative")
    # A text seed is hashed (SHA-512) by random.Random: the same draw on every machine.
    draw = random.Random(f"deck spot check:{seed}:{round_number}")
    return sorted(draw.sample(sorted(set(player_ids)), min(count, len(set(player_ids)))))
