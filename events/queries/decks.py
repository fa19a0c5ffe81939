"""Deck lists as the coordinator, a player with their own link, and the sign-up page see them.

Never for the public pages: a list is read here only for a coordinator's page or for
the one player whose link it is (Version 3: players must not scout their opponents' decks).
"""

from __future__ import annotations

import datetime

from ..models import DeckList, Event, Player


def _status(findings: dict | None) -> str:
    if findings is None:
        return "missing"
    if findings["unknown"]:
        return "unknown-cards"
    return "legal" if findings["legal"] else "problems"


STATUS_LABELS = {"missing": "No list", "unknown-cards": "Unknown cards", "problems": "Breaks a rule",
                 "legal": "Legal"}


def deck_overview(event: Event) -> dict:
    """Every player with the state of their list, the capability and whether it was set by hand; and totals."""
    findings_of = dict(DeckList.objects.filter(player__event=event).values_list("player_id", "findings"))
    rows = []
    for player in event.players.only("pk", "event", "name", "status", "deck_capability", "capability_note",
                                     "deck_token"):
        findings = findings_of.get(player.pk)
        status = _status(findings)
        rows.append({"player": player, "status": status, "status_label": STATUS_LABELS[status],
                     "problems": len(findings["problems"]) + len(findings["unknown"]) if findings else 0,
                     "by_hand": bool(player.capability_note), "has_link": bool(player.deck_token)})
    totals = [(label, sum(1 for row in rows if row["status"] == status)) for status, label in STATUS_LABELS.items()]
    return {"event": event, "rows": rows, "totals": totals}


def player_deck(player: Player) -> dict:
    """One player's list as written, what the rules said of it, and their capability."""
    deck_list = DeckList.objects.filter(player=player).first()
    findings = deck_list.findings if deck_list else None
    return {"player": player, "deck_list": deck_list, "findings": findings,
            "status": _status(findings), "status_label": STATUS_LABELS[_status(findings)]}


def player_by_deck_token(event: Event, token: str) -> Player | None:
    """The player whose private link ``token`` is, or None (a revoked or mistyped link)."""
    if not token:
        return None
    return event.players.filter(deck_token=token).first()


def sign_up_page(event: Event, now: datetime.datetime) -> dict:
    """What the public sign-up page shows: whether it is open, the cap, places left, the lists' deadline."""
    registered = event.players.count()
    closed = event.sign_up_closed(now, registered)
    places_left = max(event.sign_up_cap - registered, 0) if event.sign_up_cap else None
    return {"event": event, "closed": closed, "places_left": places_left, "registered": registered,
            "deadline": event.deck_deadline, "now": now}
