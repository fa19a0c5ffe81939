"""Every change to an event: one function per change, one durable transaction each.

Each family of changes has its module (event, start, players, rounds, clock, results,
player_reports, staff, imports, snapshots, decks, deck_settings, spot_checks, sign_up, sealed,
stages, organisers, gatherings, members, publishing (a venue's side of publishing),
hosted_copies (a hosted site's side); impartial holds the checks that keep those who play
from ruling on their own games); ``base`` holds what they share. A service locks the event,
checks the rule, changes the rows and records the change (audit entry and new version) in the
same transaction. ``policies`` keeps house policies, which belong to no event (its
docstring says why they have no audit entry). Views and commands call them through this package.
"""

from .base import Conflict, NeedsConfirmation, ServiceError, rule_error_line
from .clock import adjust_time, call_time, pause_clock, start_clock
from .deck_settings import update_deck_settings
from .decks import publish_deck_lists, set_capability, submit_deck_list
from .event import EVENT_RULE_FIELDS, create_event, update_event
from .gatherings import (
    change_gathering,
    create_gathering,
    enter_event,
    enter_gathering,
    make_entrant_link,
    set_event_gathering,
)
from .hosted_copies import PushRefused, issue_publishing_key, receive_publication, revoke_publishing_key, run_copy_here
from .imports import import_event
from .mail import claim_message, mark_failed, mark_sent, queue_reminders, still_true
from .members import (
    change_member,
    claim_registration,
    enrol_member,
    forget_member,
    link_registration,
    make_member_link,
    merge_members,
    undo_merge,
    unlink_registration,
)
from .organisers import name_arbiter, register_organiser
from .player_reports import report_result
from .players import drop_player, register_players, remove_player, update_player
from .policies import save_house_policy
from .publishing import (
    claim_publication,
    mark_publish_failed,
    mark_published,
    start_publishing,
    stop_publishing,
)
from .results import ResultConflict, confirm_result, preview_result, record_result
from .rounds import pair_round, swap_players, undo_round
from .sealed import adjust_break_clock, enter_sealed_product, pause_break_clock, start_break_clock
from .sign_up import make_deck_link, make_deck_links, revoke_deck_link, sign_up
from .snapshots import restore_snapshot, take_snapshot
from .spot_checks import record_spot_check
from .staff import add_staff, create_staff_link, remove_staff, revoke_staff_link
from .stages import cancel_stage, close_event, start_stage
from .start import change_rounds, start_event

__all__ = [
    "EVENT_RULE_FIELDS",
    "Conflict",
    "NeedsConfirmation",
    "PushRefused",
    "ResultConflict",
    "ServiceError",
    "add_staff",
    "adjust_break_clock",
    "adjust_time",
    "call_time",
    "cancel_stage",
    "change_gathering",
    "change_member",
    "change_rounds",
    "claim_message",
    "claim_publication",
    "claim_registration",
    "close_event",
    "confirm_result",
    "create_event",
    "create_gathering",
    "create_staff_link",
    "drop_player",
    "enrol_member",
    "enter_event",
    "enter_gathering",
    "enter_sealed_product",
    "forget_member",
    "import_event",
    "issue_publishing_key",
    "link_registration",
    "make_deck_link",
    "make_deck_links",
    "make_entrant_link",
    "make_member_link",
    "mark_failed",
    "mark_publish_failed",
    "mark_published",
    "mark_sent",
    "merge_members",
    "name_arbiter",
    "pair_round",
    "pause_break_clock",
    "pause_clock",
    "preview_result",
    "publish_deck_lists",
    "queue_reminders",
    "receive_publication",
    "record_result",
    "record_spot_check",
    "register_organiser",
    "register_players",
    "remove_player",
    "remove_staff",
    "report_result",
    "restore_snapshot",
    "revoke_deck_link",
    "revoke_publishing_key",
    "revoke_staff_link",
    "rule_error_line",
    "run_copy_here",
    "save_house_policy",
    "set_capability",
    "set_event_gathering",
    "sign_up",
    "start_break_clock",
    "start_clock",
    "start_event",
    "start_publishing",
    "start_stage",
    "still_true",
    "stop_publishing",
    "submit_deck_list",
    "swap_players",
    "take_snapshot",
    "undo_merge",
    "undo_round",
    "unlink_registration",
    "update_deck_settings",
    "update_event",
    "update_player",
]
