"""Council's rules engine: the Council of Lórien policies as pure functions.

Standard library only and no Django: the web app and the command line
(``python -m scoring``) both call it with plain data and a random seed.
"""

from .archive import ARCHIVE_FORMAT, Archive, parse_archive
from .council import CouncilSheet, free_council, parse_sheet
from .errors import RuleError
from .pairing import PairingResult, assess_pairing, check_ready_to_pair, pair_next_round
from .policies import GAME_TYPES, POLICIES, Policy, get_policy, policy_info
from .results import ScoredResult, score_result
from .standings import Standings, compute_standings

__all__ = [
    "ARCHIVE_FORMAT",
    "GAME_TYPES",
    "POLICIES",
    "Archive",
    "CouncilSheet",
    "PairingResult",
    "Policy",
    "RuleError",
    "ScoredResult",
    "Standings",
    "assess_pairing",
    "check_ready_to_pair",
    "compute_standings",
    "free_council",
    "get_policy",
    "pair_next_round",
    "parse_archive",
    "parse_sheet",
    "policy_info",
    "score_result",
]
