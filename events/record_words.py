"""What each change the record keeps is called, in the reader's language.

The audit log keeps a change's action as a code (``result.recorded``): data, the same in
every language and in archives. Every page says it in words; the code stays beside
them for whoever searches the log. A leaf: it imports nothing of the app.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy, pgettext_lazy

ACTION_WORDS = {
    "break.adjusted": gettext_lazy("Time between rounds changed"),
    "break.paused": gettext_lazy("Clock between rounds paused"),
    "break.started": gettext_lazy("Clock between rounds started"),
    "clock.adjusted": gettext_lazy("Round clock changed"),
    "clock.paused": gettext_lazy("Round clock paused"),
    "clock.started": gettext_lazy("Round clock started"),
    "clock.table-adjusted": gettext_lazy("Time given to one table"),
    "clock.time-called": gettext_lazy("Time called"),
    "deck.capability": gettext_lazy("Deck capability set"),
    "deck.link": gettext_lazy("Private deck link made"),
    "deck.link_revoked": gettext_lazy("Private deck link revoked"),
    "deck.links": gettext_lazy("Private deck links made"),
    "deck.product": gettext_lazy("Sealed product entered"),
    "deck.published": gettext_lazy("Deck lists published"),
    "deck.saved": gettext_lazy("Deck list saved"),
    "deck.spot_check": gettext_lazy("Deck checked at the table"),
    "event.closed": gettext_lazy("Event closed"),
    "event.arbiter_named": gettext_lazy("Arbiter named"),
    "event.co_champions_agreed": gettext_lazy("Co-champions agreed"),
    "event.created": gettext_lazy("Event created"),
    "event.decks": gettext_lazy("Deck list settings changed"),
    "event.imported": gettext_lazy("Event imported"),
    "event.rounds_changed": gettext_lazy("Number of rounds changed"),
    "event.started": gettext_lazy("Event started"),
    "event.updated": gettext_lazy("Settings changed"),
    "player.dropped": pgettext_lazy("the record: a player left the event", "Player dropped"),
    "player.ejected": gettext_lazy("Player ejected"),
    "player.organiser_registered": gettext_lazy("Organiser registered as a player"),
    "player.reinstated": gettext_lazy("Player back in the event"),
    "player.removed": gettext_lazy("Registration removed"),
    "player.updated": gettext_lazy("Player changed"),
    "players.registered": gettext_lazy("Players registered"),
    "players.signed_up": gettext_lazy("Player signed up"),
    "result.agreed": gettext_lazy("Result agreed by both players"),
    "result.confirmed": gettext_lazy("Result confirmed"),
    "result.corrected": gettext_lazy("Result corrected"),
    "result.disputed": gettext_lazy("Reports differ"),
    "result.one_device": gettext_lazy("Both reports from one device"),
    "result.recorded": gettext_lazy("Result entered"),
    "result.reported": gettext_lazy("Result reported by a player"),
    "round.paired": gettext_lazy("Round paired"),
    "round.swapped": gettext_lazy("Players swapped"),
    "round.undone": gettext_lazy("Pairing undone"),
    "snapshot.restored": gettext_lazy("Snapshot restored"),
    "snapshot.taken": gettext_lazy("Snapshot taken"),
    "staff.added": gettext_lazy("Staff added"),
    "staff.link_created": gettext_lazy("Staff link made"),
    "staff.link_revoked": gettext_lazy("Staff link revoked"),
    "staff.removed": gettext_lazy("Staff removed"),
    "stage.cancelled": gettext_lazy("Stage taken back"),
    "stage.started": gettext_lazy("Stage started"),
}


def action_said(code: str) -> str:
    """A recorded change's action in the reader's language; a code this version does not know, as recorded."""
    words = ACTION_WORDS.get(code)
    return str(words) if words is not None else code
