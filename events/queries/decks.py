"""Deck lists as the coordinator, a player with their own link, and the sign-up page see them.

Never for the public pages: a list is read here only for a coordinator's page or for
the one player whose link it is (Version 3: players must not scout their opponents' decks).
"""

from __future__ import annotations

import datetime

import scoring
from scoring.decks import SINGLE_ALIGNMENT, creature_minimum_applies, sideboard_limit, two_decks_allowed

from ..models import DeckList, Event, Player, Round, SpotCheck


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
    for player in event.players.only("pk", "event", "name", "status", "deck_capability", "capability_note"):
        findings = findings_of.get(player.pk)
        status = _status(findings)
        rows.append({"player": player, "status": status, "status_label": STATUS_LABELS[status],
                     "problems": len(findings["problems"]) + len(findings["unknown"]) if findings else 0,
                     "by_hand": bool(player.capability_note)})
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
    return {"event": event, "closed": closed, "places_left": places_left, "deadline": event.deck_deadline}


def round_spot_checks(rnd: Round | None) -> list[dict]:
    """The decks drawn for a check this round, by table, each with its check once recorded."""
    if rnd is None:
        return []
    drawn = rnd.spot_check_tables()
    if not drawn:
        return []
    names = dict(Player.objects.filter(pk__in=drawn).values_list("pk", "name"))
    done = {check.player_id: check for check in SpotCheck.objects.filter(round=rnd, player_id__in=drawn)}
    return sorted(({"player_id": pk, "name": names[pk], "table": table, "check": done.get(pk)}
                   for pk, table in drawn.items()), key=lambda row: row["table"])


def spot_check_page(rnd: Round, player: Player) -> dict:
    """What staff see at the table: the player's registered list as written and what the rules said of it."""
    return {**player_deck(player), "round": rnd, "table": rnd.spot_check_tables().get(player.pk),
            "check": SpotCheck.objects.filter(round=rnd, player=player).first()}


def deck_sheet(event: Event) -> dict:
    """The blank registration sheet a player fills in by hand: the sections this event's format asks for."""
    two_decks = two_decks_allowed(event.format, event.game_type)
    decks = (["Deck against hero opponents (or your only deck)", "Deck against minion opponents (if you bring two)"]
             if two_decks else ["Deck"])
    return {"event": event, "policy": scoring.get_policy(event.policy), "decks": decks,
            "alignment": SINGLE_ALIGNMENT.get(event.format), "against_fallen_wizard": two_decks,
            "sideboard_limit": sideboard_limit(event.policy, event.game_type), "sealed": "sealed" in event.game_type,
            "creature_minimum": creature_minimum_applies(event.policy, event.game_type),
            "sections": ["Pool of starting characters", "Characters", "Resources", "Hazards", "Sideboard", "Sites"],
            "lines": range(12), "fallen_wizard_lines": range(10)}


def deck_lists_sheet(event: Event) -> dict:
    """Every registered list, a page each, in name order: the coordinator's binder."""
    lists = DeckList.objects.filter(player__event=event).select_related("player").order_by("player__name", "pk")
    missing = event.players.filter(deck_list__isnull=True).values_list("name", flat=True)
    return {"event": event, "lists": [player_deck_row(deck_list) for deck_list in lists],
            "missing": list(missing)}


def player_deck_row(deck_list: DeckList) -> dict:
    """One list as the binder prints it."""
    findings = deck_list.findings
    return {"player": deck_list.player, "deck_list": deck_list, "findings": findings,
            "status_label": STATUS_LABELS[_status(findings)]}


def deck_link_slips(event: Event) -> dict:
    """A slip for each player who has a private deck link, to hand out at the desk."""
    players = event.players.exclude(deck_token="").only("pk", "event", "name", "deck_token")
    return {"event": event, "players": list(players)}
