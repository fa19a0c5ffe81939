"""The printed sheets: pairings by table and by name, result slips, tournament cards, standings."""

from __future__ import annotations

from dataclasses import dataclass

import scoring

from ..models import Event, Game, Player, Round
from .cards import Card, tournament_cards
from .public import Seat, alphabetical_seats, round_games
from .search import fold
from .standings import event_standings


def printed_round(event: Event, number: int | None) -> Round | None:
    """The round asked for by number, or the latest one; None when there is none such."""
    rounds = event.rounds.select_related("bye", "stage")
    return rounds.filter(number=number).first() if number is not None else rounds.order_by("-number").first()


@dataclass(frozen=True)
class PairingsSheet:
    """The printed pairings of a round: by table, by name, and the public page's address for its QR code."""

    event: Event
    round: Round
    games: list[Game]
    public_url: str
    seated: list[tuple[Player, Seat]]  # every player in name order, with their seat
    limit: int  # the time limit of a game, in minutes
    policy: scoring.Policy


def pairings_sheet(event: Event, rnd: Round, public_url: str) -> PairingsSheet:
    """The round's pairings by table and by name, with the QR code of the public page."""
    games = round_games(rnd)
    return PairingsSheet(
        event=event,
        round=rnd,
        games=games,
        public_url=public_url,
        seated=alphabetical_seats(list(event.players.all()), rnd, games),
        limit=event.rules.time_limit(event.game_type),
        policy=event.rules,
    )


@dataclass(frozen=True)
class SlipsSheet:
    """The printed result slips of a round, one a table, asking for what the policy and the game type need."""

    event: Event
    round: Round
    games: list[Game]
    policy: scoring.Policy
    limit: int
    scenario: bool
    weakest_link: bool
    one_ring: bool
    report_url: str


def slips_sheet(event: Event, rnd: Round, public_url: str) -> SlipsSheet:
    """A result slip for each table, asking for what the policy and the game type need."""
    policy = event.rules
    scenario = event.game_type == "scenario"
    return SlipsSheet(
        event=event,
        round=rnd,
        games=round_games(rnd),
        policy=policy,
        limit=policy.time_limit(event.game_type),
        scenario=scenario,
        weakest_link=policy.weakest_link_points is not None and not scenario,
        one_ring=not scenario,
        report_url=public_url + "report/",
    )


@dataclass(frozen=True)
class CardSheet:
    """One printed tournament card: the rounds played, and an empty line for each round still to play."""

    card: Card
    blank_rounds: range


@dataclass(frozen=True)
class CardsSheet:
    """Every player's printed tournament card, in name order."""

    event: Event
    sheets: list[CardSheet]
    policy: scoring.Policy


def cards_sheet(event: Event) -> CardsSheet:
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
        CardSheet(card=card, blank_rounds=range((card.rows[-1].round if card.rows else played) + 1, planned + 1))
        for card in cards
    ]
    return CardsSheet(event=event, sheets=sheets, policy=event.rules)


@dataclass(frozen=True)
class StandingsSheet:
    """The printed standings with every tie-break note, and the playoff's winner once recorded."""

    event: Event
    standings: scoring.Standings | None
    winner: object
    policy: scoring.Policy
    public_url: str


def standings_sheet(event: Event, public_url: str) -> StandingsSheet:
    """The standings with every tie-break note, and the playoff's winner once recorded."""
    return StandingsSheet(
        event=event,
        standings=event_standings(event, before_play=True),
        winner=event.playoff_winner,
        policy=event.rules,
        public_url=public_url,
    )
