"""What each change the record keeps is called: its code, and its words in the reader's language.

The audit log keeps a change's action as a code (``result.recorded``): data, the same in
every language. Every page says it in words; the code stays beside them for whoever
searches the log. A leaf: it imports nothing of the app.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy, pgettext_lazy


class AuditAction(models.TextChoices):
    """Every action the audit log records: its code, and its label, the words a page says.

    One spelling for every code: ``family.what_happened``. Lowercase ASCII and one dot.
    Before the dot, the family: a singular noun for what changed (break, clock, deck,
    event, player, publishing, result, round, snapshot, staff, stage); the audit page offers each
    family as a whole ("result." is every result). After the dot, snake_case words that
    end with the past participle of what happened (a phrasal verb keeps its particle:
    ``player.signed_up``), led by what it happened to when the family alone does not say
    it (``deck.saved``, ``clock.table_adjusted``, ``player.organiser_registered``). Never
    a hyphen, never a plural family. The member's name is its code in capitals, the dot
    an underscore (``CLOCK_TABLE_ADJUSTED``).

    A code is data kept in every event's log: renaming one needs a migration of the
    stored entries (migrations/0019_audit_action_spelling.py) and a line in RENAMED.
    ``services.base.record_change`` takes only a member.
    """

    BREAK_ADJUSTED = "break.adjusted", gettext_lazy("Time between rounds changed")
    BREAK_PAUSED = "break.paused", gettext_lazy("Clock between rounds paused")
    BREAK_STARTED = "break.started", gettext_lazy("Clock between rounds started")
    CLOCK_ADJUSTED = "clock.adjusted", gettext_lazy("Round clock changed")
    CLOCK_PAUSED = "clock.paused", gettext_lazy("Round clock paused")
    CLOCK_STARTED = "clock.started", gettext_lazy("Round clock started")
    CLOCK_TABLE_ADJUSTED = "clock.table_adjusted", gettext_lazy("Time given to one table")
    CLOCK_TIME_CALLED = "clock.time_called", gettext_lazy("Time called")
    DECK_CAPABILITY_SET = "deck.capability_set", gettext_lazy("Deck capability set")
    DECK_LINK_CREATED = "deck.link_created", gettext_lazy("Private deck link made")
    DECK_LINK_REVOKED = "deck.link_revoked", gettext_lazy("Private deck link revoked")
    DECK_LINKS_CREATED = "deck.links_created", gettext_lazy("Private deck links made")
    DECK_PRODUCT_ENTERED = "deck.product_entered", gettext_lazy("Sealed product entered")
    DECK_PUBLISHED = "deck.published", gettext_lazy("Deck lists published")
    DECK_SAVED = "deck.saved", gettext_lazy("Deck list saved")
    DECK_SPOT_CHECKED = "deck.spot_checked", gettext_lazy("Deck checked at the table")
    EVENT_ARBITER_NAMED = "event.arbiter_named", gettext_lazy("Arbiter named")
    EVENT_CLOSED = "event.closed", gettext_lazy("Event closed")
    EVENT_CO_CHAMPIONS_AGREED = "event.co_champions_agreed", gettext_lazy("Co-champions agreed")
    EVENT_CREATED = "event.created", gettext_lazy("Event created")
    EVENT_DECK_SETTINGS_CHANGED = "event.deck_settings_changed", gettext_lazy("Deck list settings changed")
    EVENT_GATHERING_CHANGED = "event.gathering_changed", gettext_lazy("Gathering changed")
    EVENT_IMPORTED = "event.imported", gettext_lazy("Event imported")
    EVENT_ROUNDS_CHANGED = "event.rounds_changed", gettext_lazy("Number of rounds changed")
    EVENT_STARTED = "event.started", gettext_lazy("Event started")
    EVENT_UPDATED = "event.updated", gettext_lazy("Settings changed")
    PLAYER_DROPPED = "player.dropped", pgettext_lazy("the record: a player left the event", "Player dropped")
    PLAYER_EJECTED = "player.ejected", gettext_lazy("Player ejected")
    PLAYER_GATHERING_LINK_CREATED = "player.gathering_link_created", gettext_lazy("Private link to the gathering made")
    PLAYER_MEMBER_LINKED = "player.member_linked", gettext_lazy("Player number linked")
    PLAYER_MEMBER_UNLINKED = "player.member_unlinked", gettext_lazy("Player number unlinked")
    PLAYER_ORGANISER_REGISTERED = "player.organiser_registered", gettext_lazy("Organiser registered as a player")
    PLAYER_REGISTERED = "player.registered", gettext_lazy("Players registered")
    PLAYER_REINSTATED = "player.reinstated", gettext_lazy("Player back in the event")
    PLAYER_REMOVED = "player.removed", gettext_lazy("Registration removed")
    PLAYER_SIGNED_UP = "player.signed_up", gettext_lazy("Player signed up")
    PLAYER_UPDATED = "player.updated", gettext_lazy("Player changed")
    PUBLISHING_KEY_ISSUED = "publishing.key_issued", gettext_lazy("Publishing key issued")
    PUBLISHING_KEY_REVOKED = "publishing.key_revoked", gettext_lazy("Publishing key revoked")
    PUBLISHING_RECEIVED = "publishing.received", gettext_lazy("Published from the venue")
    PUBLISHING_STARTED = "publishing.started", gettext_lazy("Publishing to a hosted site set")
    PUBLISHING_STOPPED = "publishing.stopped", gettext_lazy("Publishing stopped")
    RESULT_AGREED = "result.agreed", gettext_lazy("Result agreed by both players")
    RESULT_CONFIRMED = "result.confirmed", gettext_lazy("Result confirmed")
    RESULT_CORRECTED = "result.corrected", gettext_lazy("Result corrected")
    RESULT_DISPUTED = "result.disputed", gettext_lazy("Reports differ")
    RESULT_ONE_DEVICE_REPORTED = "result.one_device_reported", gettext_lazy("Both reports from one device")
    RESULT_RECORDED = "result.recorded", gettext_lazy("Result entered")
    RESULT_REPORTED = "result.reported", gettext_lazy("Result reported by a player")
    ROUND_PAIRED = "round.paired", gettext_lazy("Round paired")
    ROUND_SWAPPED = "round.swapped", gettext_lazy("Players swapped")
    ROUND_UNDONE = "round.undone", gettext_lazy("Pairing undone")
    SNAPSHOT_RESTORED = "snapshot.restored", gettext_lazy("Snapshot restored")
    SNAPSHOT_TAKEN = "snapshot.taken", gettext_lazy("Snapshot taken")
    STAFF_ADDED = "staff.added", gettext_lazy("Staff added")
    STAFF_LINK_CREATED = "staff.link_created", gettext_lazy("Staff link made")
    STAFF_LINK_REVOKED = "staff.link_revoked", gettext_lazy("Staff link revoked")
    STAFF_REMOVED = "staff.removed", gettext_lazy("Staff removed")
    STAGE_CANCELLED = "stage.cancelled", gettext_lazy("Stage taken back")
    STAGE_STARTED = "stage.started", gettext_lazy("Stage started")


# Codes as an earlier version spelled them, and their spelling now (the stored log was migrated
# by migrations/0019_audit_action_spelling.py): an audit filter bookmarked with an old code still
# finds its entries, and an old code is still said in words.
RENAMED = {
    "clock.table-adjusted": AuditAction.CLOCK_TABLE_ADJUSTED,
    "clock.time-called": AuditAction.CLOCK_TIME_CALLED,
    "deck.capability": AuditAction.DECK_CAPABILITY_SET,
    "deck.link": AuditAction.DECK_LINK_CREATED,
    "deck.links": AuditAction.DECK_LINKS_CREATED,
    "deck.product": AuditAction.DECK_PRODUCT_ENTERED,
    "deck.spot_check": AuditAction.DECK_SPOT_CHECKED,
    "event.decks": AuditAction.EVENT_DECK_SETTINGS_CHANGED,
    "players.registered": AuditAction.PLAYER_REGISTERED,
    "players.signed_up": AuditAction.PLAYER_SIGNED_UP,
    "result.one_device": AuditAction.RESULT_ONE_DEVICE_REPORTED,
}


def action_of(code: str) -> AuditAction | None:
    """The action a code names, in this spelling or an earlier one (RENAMED); None for a code unknown here."""
    if code in RENAMED:
        return RENAMED[code]
    try:
        return AuditAction(code)
    except ValueError:
        return None


def action_said(code: str) -> str:
    """A recorded change's action in the reader's language; a code this version does not know, as recorded."""
    action = action_of(code)
    return str(action.label) if action is not None else code
