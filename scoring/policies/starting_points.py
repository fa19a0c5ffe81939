"""House policies to start from, as events post them today; each value names its source.

Built from Policy Number 4, whose tournament points (6-0, 5-1, 4-2, 3-3) today's Council
of Elrond events still use (``shared/rules/README.md``). They change only what a public
source states; everything else is Policy Number 4's, clause and all (docs/rules.md,
"House policies: the starting points").
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

STARTING_POINTS: Mapping[str, Mapping[str, Any]] = MappingProxyType(
    {
        # A Swiss day of general-opponent games, as coordinators post it today: Policy
        # Number 4 with the general-opponent format only.
        "general-opponent-swiss": {
            "format": "council-house-policy/1",
            "key": "general-opponent-swiss",
            "title": "General-opponent Swiss",
            "base": "policy-4-2001",
            "source": "Policy Number 4 (2001), its tournament points as today's Council of Elrond events use them",
            "changes": {"formats": ["general-opponent"]},
        },
        # The Council of Elrond's Online Worlds: two-hour rounds by default, played on the
        # online client.
        "online-two-hour-rounds": {
            "format": "council-house-policy/1",
            "key": "online-two-hour-rounds",
            "title": "Online, two-hour rounds",
            "base": "policy-4-2001",
            "source": "Council of Elrond Online Worlds: two-hour rounds by default",
            "changes": {"time_limits": {"two-deck": 120}, "formats": ["general-opponent"]},
        },
    }
)
