"""What a policy implies for an event of so many players: rounds, official status, time limits."""

from __future__ import annotations

import scoring

from ..i18n import say
from ..models import FORMAT_CHOICES, TIE_CHOICES


def policy_implications(policy_key: object, expected_players: int, game_type: object) -> dict | None:
    """The engine's summary of the policy for ``expected_players`` (at least 2), or None if the choice is incomplete.

    Its end-of-time procedure is in the reader's language; the policy's title stays as the document has it.
    """
    try:
        policy = scoring.get_policy(policy_key)
        info = scoring.policy_info(policy, max(expected_players, 2), game_type or "two-deck")
    except scoring.RuleError:
        return None
    formats, options = dict(FORMAT_CHOICES), dict(TIE_CHOICES)
    return info | {
        "title": policy.title,
        "end_of_time": say(info["end_of_time"]),
        "formats": [formats[key] for key in policy.formats],
        "tie_options": [options[key] for key in policy.tie_resolutions],
        "co_champions_by_agreement": policy.co_champions_by_agreement,
        "format_clause": policy.format_clause,
    }
