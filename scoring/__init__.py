"""Council's rules engine: the Council of Lórien policies as pure functions.

Standard library only and no Django: the web app and the command line
(``python -m scoring``) both call it with plain data and a random seed.

Its parts, one subpackage each: ``policies`` (what a policy is, the three released
ones, the game types), ``results`` (a game's result and the points it is worth, the
Free Council's count), ``archive`` (an event as data: its settings, players, rounds and
games, read from a ``council-archive`` document), ``pairing`` (the next Swiss round,
and why a round was paired as it was), ``finals`` (the stages after or instead of the
Swiss rounds: playoffs, brackets, the final ranking) and ``decks`` (deck lists, the
card index and the deck rules). Beside them: ``standings`` and ``tiebreaks``, the round
``clock``, and what every part uses: ``errors``, ``limits``, ``messages``, ``text``,
``json_text``.

This module is the engine's one public face: the app (``events/``), the project
(``council/``) and the benchmarks import every name they use from ``scoring`` itself,
never from a module inside it (``tests/scoring/test_structure.py``). The modules of the
engine import one another directly, never from here.
"""

from .archive.document import (
    ARCHIVE_FORMAT,
    FIRST_ROUND_PAIRINGS,
    Archive,
    archive_format,
    parse_archive,
    parse_event,
)
from .archive.event import Player
from .archive.record import GatheringRecord
from .clock import (
    CLOCK_STATES,
    CONSTRUCTION_CLAUSE,
    CONSTRUCTION_MINUTES,
    EXCHANGE_MINUTES,
    READY,
    RUNNING,
    Clock,
    ClockReading,
    adjust_clock,
    break_clock,
    call_time,
    end_of_time_text,
    new_clock,
    pause_clock,
    read_clock,
    start_clock,
)
from .collector import collection_paused
from .decks.cards import INDEX_PATH, build_index, card_index, read_index, write_index
from .decks.check import check_deck_list
from .decks.lists import PRODUCT, DeckList, every_entry, read_deck_json, read_deck_text
from .decks.matching import Unknown, match_entries
from .decks.policy import (
    FALLEN_WIZARDS,
    OFFICIAL_SCENARIOS,
    SEALED_GAME_TYPES,
    SINGLE_ALIGNMENT,
    creature_minimum,
    deck_choice_kind,
    declares_fallen_wizard,
    sideboard_limit,
    two_decks_allowed,
)
from .decks.spot_checks import spot_check_choice
from .errors import RuleError
from .finals.brackets import BYE, DOUBLE, FINAL, FINAL_AGAIN, LOSERS
from .finals.brackets import KINDS as BRACKET_KINDS
from .finals.next_stage import next_stage, pair_next, playoff_for
from .finals.pools import pool_orders, pool_standings
from .finals.pools_schedule import pool_sizes_problem
from .finals.progress import bracket_of, playoff_archive
from .finals.ranking import Placing, final_ranking, pool_name, standings_in_final_order
from .finals.stages import SEEDED_BY, SEEDINGS, STAGE_KINDS, STRUCTURES, TOP_CUTS, stage_title
from .json_text import read_json
from .limits import (
    MAX_ADJUSTMENT_MINUTES,
    MAX_ARCHIVE_BYTES,
    MAX_BANNED_CARDS,
    MAX_COPIES,
    MAX_DECK_CARDS,
    MAX_DECK_CHOICES,
    MAX_DECK_LIST_CHARACTERS,
    MAX_EMAIL_LENGTH,
    MAX_FAN_SETS,
    MAX_GAME_POINTS,
    MAX_HOUSE_KEY_LENGTH,
    MAX_ID_LENGTH,
    MAX_JSON_DEPTH,
    MAX_NAME_LENGTH,
    MAX_NAMES_PER_PASTE,
    MAX_NOTE_LENGTH,
    MAX_NUMBER_DIGITS,
    MAX_PLAYERS,
    MAX_POOL_SIZE,
    MAX_POOLS,
    MAX_RANKING,
    MAX_REASON_LENGTH,
    MAX_ROUNDS,
    MAX_SEED,
    MAX_SOURCE_LENGTH,
    MAX_SPOT_CHECKS,
    MAX_TABLE,
    MAX_TIME_LIMIT_MINUTES,
    MAX_USERNAME_LENGTH,
    MAX_VERSION,
    MIN_POOL_SIZE,
    MP_LIMIT,
    PLAUSIBLE_MP,
)
from .messages import Text, _, listing, ngettext, text_data, text_from_data
from .pairing.assessment import assess_pairing
from .pairing.explained import PairingExplained, explain_pairing
from .pairing.history import pairing_history
from .pairing.next_round import PairingResult, check_ready_to_pair, pair_next_round
from .policies.deck_terms import DECK_ALIGNMENTS, STARTER_GAME_TYPES, DeckRules
from .policies.end_of_time import END_OF_TIME_PROCEDURES
from .policies.game_types import GAME_TYPES
from .policies.house import HOUSE_POLICY_FORMAT, build_house_policy, house_policy_problems, policy_of
from .policies.released import POLICIES, get_policy, policy_info
from .policies.starting_points import STARTING_POINTS
from .policies.terms import (
    EVENT_FORMATS,
    GENERAL_OPPONENT,
    ORGANISERS_NEVER,
    ORGANISERS_PLAY,
    PLAYOFF_RESOLUTIONS,
    STAFF_WITH_ARBITER,
    TIE_RESOLUTIONS,
    TIEBREAK_CRITERIA,
    WITH_ARBITER,
    Policy,
    points_json,
)
from .rankings.glicko2 import RatedGame, Rating, RatingRules, rate_event, rate_period
from .rankings.ladder import Counted, Finish, LadderLine, LadderRules, finish_points, ladder, read_finishes
from .rankings.rated import rated_games
from .results.free_council import CouncilSheet, free_council, parse_sheet
from .results.score import DECK_CAPABILITIES, FORFEIT_REASONS, RESULT_KINDS, score_result
from .results.scored import ScoredResult
from .standings import Standings, compute_standings
from .text import is_ignorable, name_problem, text_problem

__all__ = [
    "ARCHIVE_FORMAT",
    "BRACKET_KINDS",
    "BYE",
    "CLOCK_STATES",
    "CONSTRUCTION_CLAUSE",
    "CONSTRUCTION_MINUTES",
    "DECK_ALIGNMENTS",
    "DECK_CAPABILITIES",
    "DOUBLE",
    "END_OF_TIME_PROCEDURES",
    "EVENT_FORMATS",
    "EXCHANGE_MINUTES",
    "FALLEN_WIZARDS",
    "FINAL",
    "FINAL_AGAIN",
    "FIRST_ROUND_PAIRINGS",
    "FORFEIT_REASONS",
    "GAME_TYPES",
    "GENERAL_OPPONENT",
    "HOUSE_POLICY_FORMAT",
    "INDEX_PATH",
    "LOSERS",
    "MAX_ADJUSTMENT_MINUTES",
    "MAX_ARCHIVE_BYTES",
    "MAX_BANNED_CARDS",
    "MAX_COPIES",
    "MAX_DECK_CARDS",
    "MAX_DECK_CHOICES",
    "MAX_DECK_LIST_CHARACTERS",
    "MAX_EMAIL_LENGTH",
    "MAX_FAN_SETS",
    "MAX_GAME_POINTS",
    "MAX_HOUSE_KEY_LENGTH",
    "MAX_ID_LENGTH",
    "MAX_JSON_DEPTH",
    "MAX_NAMES_PER_PASTE",
    "MAX_NAME_LENGTH",
    "MAX_NOTE_LENGTH",
    "MAX_NUMBER_DIGITS",
    "MAX_PLAYERS",
    "MAX_POOLS",
    "MAX_POOL_SIZE",
    "MAX_RANKING",
    "MAX_REASON_LENGTH",
    "MAX_ROUNDS",
    "MAX_SEED",
    "MAX_SOURCE_LENGTH",
    "MAX_SPOT_CHECKS",
    "MAX_TABLE",
    "MAX_TIME_LIMIT_MINUTES",
    "MAX_USERNAME_LENGTH",
    "MAX_VERSION",
    "MIN_POOL_SIZE",
    "MP_LIMIT",
    "OFFICIAL_SCENARIOS",
    "ORGANISERS_NEVER",
    "ORGANISERS_PLAY",
    "PLAUSIBLE_MP",
    "PLAYOFF_RESOLUTIONS",
    "POLICIES",
    "PRODUCT",
    "READY",
    "RESULT_KINDS",
    "RUNNING",
    "SEALED_GAME_TYPES",
    "SEEDED_BY",
    "SEEDINGS",
    "SINGLE_ALIGNMENT",
    "STAFF_WITH_ARBITER",
    "STAGE_KINDS",
    "STARTER_GAME_TYPES",
    "STARTING_POINTS",
    "STRUCTURES",
    "TIEBREAK_CRITERIA",
    "TIE_RESOLUTIONS",
    "TOP_CUTS",
    "WITH_ARBITER",
    "Archive",
    "Clock",
    "ClockReading",
    "CouncilSheet",
    "Counted",
    "DeckList",
    "DeckRules",
    "Finish",
    "GatheringRecord",
    "LadderLine",
    "LadderRules",
    "PairingExplained",
    "PairingResult",
    "Placing",
    "Player",
    "Policy",
    "RatedGame",
    "Rating",
    "RatingRules",
    "RuleError",
    "ScoredResult",
    "Standings",
    "Text",
    "Unknown",
    "_",
    "adjust_clock",
    "archive_format",
    "assess_pairing",
    "bracket_of",
    "break_clock",
    "build_house_policy",
    "build_index",
    "call_time",
    "card_index",
    "check_deck_list",
    "check_ready_to_pair",
    "collection_paused",
    "compute_standings",
    "creature_minimum",
    "deck_choice_kind",
    "declares_fallen_wizard",
    "end_of_time_text",
    "every_entry",
    "explain_pairing",
    "final_ranking",
    "finish_points",
    "free_council",
    "get_policy",
    "house_policy_problems",
    "is_ignorable",
    "ladder",
    "listing",
    "match_entries",
    "name_problem",
    "new_clock",
    "next_stage",
    "ngettext",
    "pair_next",
    "pair_next_round",
    "pairing_history",
    "parse_archive",
    "parse_event",
    "parse_sheet",
    "pause_clock",
    "playoff_archive",
    "playoff_for",
    "points_json",
    "policy_info",
    "policy_of",
    "pool_name",
    "pool_orders",
    "pool_sizes_problem",
    "pool_standings",
    "rate_event",
    "rate_period",
    "rated_games",
    "read_clock",
    "read_deck_json",
    "read_deck_text",
    "read_finishes",
    "read_index",
    "read_json",
    "score_result",
    "sideboard_limit",
    "spot_check_choice",
    "stage_title",
    "standings_in_final_order",
    "start_clock",
    "text_data",
    "text_from_data",
    "text_problem",
    "two_decks_allowed",
    "write_index",
]
