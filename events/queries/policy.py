"""What a policy implies for an event of so many players: rounds, official status, time limits."""

from __future__ import annotations

import scoring


def policy_implications(policy_key: object, expected_players: int, game_type: object) -> dict | None:
    """The engine's summary of the policy for ``expected_players`` (at least 2), or None if the choice is incomplete."""
    try:
        policy = scoring.get_policy(policy_key)
        return scoring.policy_info(policy, max(expected_players, 2), game_type or "two-deck") | {"title": policy.title}
    except scoring.RuleError:
        return None
