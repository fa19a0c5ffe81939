"""The printed sheets: pairings by table and by name, result slips, tournament cards, standings."""

from __future__ import annotations

import scoring

from ..models import Event, Round
from .cards import Card, tournament_cards
from .public import alphabetical_seats, round_games
from .search import fold
from .standings import event_standings


def printed_round(event: Event, number: int | None) -> Round | None:
    """The round asked for by number, or the latest one; None when there is none such."""
    rounds = event.rounds.select_related("bye", "stage")
    return rounds.filter(number=number).first() if number is not None else rounds.order_by("-number").first()


def pairings_sheet(event: Event, rnd: Round, public_url: str) -> dict:
    """The round's pairings by table and by name, with the QR code of the public page."""
    games = round_games(rnd)
    return {
        "event": event,
        "round": rnd,
        "games": games,
        "public_url": public_url,
        "seated": alphabetical_seats(list(event.players.all()), rnd, games),
        "limit": scoring.get_policy(event.policy).time_limit(event.game_type),
    }


def slips_sheet(event: Event, rnd: Round, public_url: str) -> dict:
    """A result slip for each table, asking for what the policy and the game type need."""
    policy = scoring.get_policy(event.policy)
    scenario = event.game_type == "scenario"
    return {
        "event": event,
        "round": rnd,
        "games": round_games(rnd),
        "policy": policy,
        "limit": policy.time_limit(event.game_type),
        "scenario": scenario,
        "weakest_link": policy.weakest_link_points is not None and not scenario,
        "one_ring": not scenario,
        "report_url": public_url + "report/",
    }


def cards_sheet(event: Event) -> dict:
    """Every player's tournament card in name order, with an empty line for each round still to play."""
    players = list(event.players.all())
    standings = event_standings(event)
    if standings is None:
        cards = [Card(p, None, 0) for p in sorted(players, key=lambda p: fold(p.name))]
    else:
        cards = sorted(
            tournament_cards(standings, {p.archive_id: p for p in players}), key=lambda card: fold(card.player.name)
        )
    played = standings.rounds_played if standings else 0
    planned = max(event.rounds_planned or 0, played)
    sheets = [
        {"card": card, "blank_rounds": range((card.rows[-1].round if card.rows else played) + 1, planned + 1)}
        for card in cards
    ]
    return {"event": event, "sheets": sheets, "policy": scoring.get_policy(event.policy)}


def standings_sheet(event: Event, public_url: str) -> dict:
    """The standings with every tie-break note, and the playoff's winner once recorded."""
    return {
        "event": event,
        "standings": event_standings(event, before_play=True),
        "winner": event.playoff_winner,
        "policy": scoring.get_policy(event.policy),
        "public_url": public_url,
    }
