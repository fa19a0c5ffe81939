"""What happens when time is called, in the project's words (docs/rules.md, readings 2 and 92).

The released texts play on until both players have had as many turns (Policy #1's Free
Council, the later texts' End-of-Game); a scenario game has its own procedure. A house
policy may choose another procedure by key (``scoring/policies/house.py``, "end_of_time"),
said in its base text's name for the final count.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ..messages import _

# The end-of-time procedure in the project's words (docs/rules.md), one sentence per name
# the policies give the final count: Policy #1's "Free Council", the later "End-of-Game".
END_OF_TIME_FREE_COUNCIL = _(
    "Time. Play on until the player who went second finishes a turn (both players have "
    "played the same number of turns), or until the Free Council is called normally. Then "
    "the Free Council begins automatically, whatever the marshalling point totals."
)
END_OF_TIME_END_OF_GAME = _(
    "Time. Play on until the player who went second finishes a turn (both players have "
    "played the same number of turns), or until the End-of-Game is called normally. Then "
    "the End-of-Game begins automatically, whatever the marshalling point totals."
)
END_OF_TIME_SCENARIO = _(
    "Time. If no player has achieved the victory conditions, the player taking a turn "
    "finishes it; if the opponent did not have the first turn, the opponent takes one "
    "final turn. Then the player with the higher scenario rank wins; equal ranks tie."
)
# What a house policy may choose instead (scoring/policies/house.py, "end_of_time"), each in
# the base text's words for the final count: the released texts' equal turns, the current
# turn only, or at once (a round of days on the online client, whose deadline is the end).
EQUAL_TURNS, CURRENT_TURN, AT_ONCE = "equal-turns", "current-turn", "at-once"
END_OF_TIME_PROCEDURES: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        EQUAL_TURNS: (END_OF_TIME_FREE_COUNCIL, END_OF_TIME_END_OF_GAME),
        CURRENT_TURN: (
            _(
                "Time. The player taking a turn finishes it. Then the Free Council begins automatically, "
                "whatever the marshalling point totals."
            ),
            _(
                "Time. The player taking a turn finishes it. Then the End-of-Game begins automatically, "
                "whatever the marshalling point totals."
            ),
        ),
        AT_ONCE: (
            _("Time. Play stops at once, and the Free Council is held on the position as it stands."),
            _("Time. Play stops at once, and the End-of-Game is held on the position as it stands."),
        ),
    }
)
