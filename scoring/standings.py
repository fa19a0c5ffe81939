"""Tournament point totals, tie-breaks and final standings.

The winner is the player with the most tournament points; players tied on points are
separated by the policy's menu of criteria, tier by tier (Policy #1 and Version 3 /
Policy Number 4, "Tournament Point Ties"; ``scoring.tiebreaks``), or, where Policy #1's
posted option says so, share their place without it. Each separation is explained.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from .archive.document import Archive
from .archive.rounds import Game
from .collector import collection_paused
from .messages import Text, _
from .policies import terms as P
from .policies.terms import points_json, points_of_units
from .tiebreaks import TIE_OPTIONS_CLAUSE, break_tier, names, tied_without_menu
from .tournament_cards import PlayerRecord, build_records, points_unit

# Why a player who left the event has no rank (a citation: it stays English).
_INELIGIBLE_CLAUSE = "Policy #1, General 19 and 21; the Swiss System's dropping rule"


@dataclass(frozen=True)
class StandingRow:
    """One player's line of the standings; ``rank`` is None for a player who left."""

    rank: int | None
    player: str
    name: str
    tp: int | float
    eligible: bool
    status: str
    games_played: int
    wins: int
    losses: int
    ties: int
    byes: int
    opponents_tp: int | float
    notes: tuple[str, ...]


@dataclass(frozen=True)
class LeadTie:
    """Players tied for the lead after every criterion, and the option posted for it."""

    players: tuple[str, ...]
    resolution: str
    text: str
    clause: str


class GameLine(NamedTuple):
    """A game of the event with its tournament points; ``tp`` is None until its result is in.

    A named tuple, made three times faster than a frozen dataclass: an event of 1,000 players has 3,000 games.
    """

    round: int
    table: int
    players: tuple[str, str]
    tp: tuple[int | float, int | float] | None
    result: dict[str, Any] | None
    method: str | None = None
    explanation: str | None = None
    clause: str | None = None
    stage: Text | None = None  # the playoff or bracket a game of a stage belongs to


@dataclass(frozen=True)
class ByeLine:
    """A bye and the points it gave."""

    round: int
    player: str
    tp: int | float


@dataclass(frozen=True)
class Standings:
    """The standings of an event: ``rows`` in order, and every game and bye behind them."""

    event: str
    policy: str
    rounds_played: int
    complete: bool
    rows: tuple[StandingRow, ...]
    lead_tie: LeadTie | None
    games: tuple[GameLine, ...]
    byes: tuple[ByeLine, ...]
    # The games of playoffs and brackets, which no Swiss total counts (``as_dict`` leaves them to the stages').
    stage_games: tuple[GameLine, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        """The standings as JSON data (``python -m scoring standings``)."""
        games = []
        for game in self.games:
            entry = {
                "round": game.round,
                "table": game.table,
                "players": list(game.players),
                "tp": list(game.tp) if game.tp is not None else None,
                "result": game.result,
            }
            if game.tp is not None:
                entry |= {"method": game.method, "explanation": game.explanation, "clause": game.clause}
            games.append(entry)
        lead_tie = None
        if self.lead_tie is not None:
            lead_tie = {
                "players": list(self.lead_tie.players),
                "resolution": self.lead_tie.resolution,
                "text": self.lead_tie.text,
                "clause": self.lead_tie.clause,
            }
        return {
            "event": self.event,
            "policy": self.policy,
            "rounds_played": self.rounds_played,
            "complete": self.complete,
            "standings": [{**row.__dict__, "notes": list(row.notes)} for row in self.rows],
            "lead_tie": lead_tie,
            "games": games,
            "byes": [bye.__dict__ for bye in self.byes],
        }


def compute_standings(archive: Archive) -> Standings:
    """Standings of an event: ranks, points, tie-break explanations, games and byes.

    Eligible players are ranked by tournament points, ties broken by the policy's menu;
    players tied after the whole menu share a rank. Dropped and ejected players have
    rank None and are listed after the ranked ones (Policy #1, General 19 and 21).
    """
    # Some 25,000 small objects kept and no cycle: the collector's passes over a worker's heap would cost more.
    with collection_paused():
        return _standings(archive)


def _standings(archive: Archive) -> Standings:
    policy = archive.policy
    unit = points_unit(archive)
    records = build_records(archive, unit)
    order = {p.id: index for index, p in enumerate(archive.players)}
    notes: dict[str, list[str]] = {pid: [] for pid in records}
    eligible = [r for r in records.values() if r.eligible]
    by_points: dict[int, list[str]] = {}
    for record in sorted(eligible, key=lambda r: (-r.units, order[r.id])):
        by_points.setdefault(record.units, []).append(record.id)

    placed: list[tuple[PlayerRecord, int | None]] = []
    lead_tie = None
    position = 1
    resolution = archive.event.tie_resolution
    for units in sorted(by_points, reverse=True):
        tier = by_points[units]
        if resolution in P.WITHOUT_MENU:
            # Policy #1, Tournament Point Ties: options (ii) and (iii) posted alone take no tie breaker action.
            blocks = [tier]
            if len(tier) > 1:
                tied_without_menu(tier, records, records[tier[0]].tp, notes, TIE_OPTIONS_CLAUSE)
        else:
            blocks = break_tier(tier, records, policy, notes, first_place=position)
        for block in blocks:
            block.sort(key=lambda pid: (records[pid].name.casefold(), order[pid]))
            if position == 1 and len(block) > 1:
                clause = TIE_OPTIONS_CLAUSE if resolution in P.WITHOUT_MENU else policy.tiebreak_clause
                lead_tie = LeadTie(
                    players=tuple(block),
                    resolution=resolution,
                    text=_lead_tie_text(names(block, records, limit=10), resolution, policy),
                    clause=clause,
                )
            placed.extend((records[pid], position) for pid in block)
            position += len(block)
    ineligible = sorted(
        (r for r in records.values() if not r.eligible), key=lambda r: (-r.units, r.name.casefold(), order[r.id])
    )
    for record in ineligible:
        notes[record.id].append(
            _("ejected: no ranking (%(clause)s)", clause=_INELIGIBLE_CLAUSE)
            if record.status == "ejected"
            else _("dropped: no ranking (%(clause)s)", clause=_INELIGIBLE_CLAUSE)
        )
        placed.append((record, None))

    games: list[GameLine] = []
    byes = []
    for rnd in archive.rounds:
        if rnd.bye is not None:
            byes.append(ByeLine(rnd.number, rnd.bye, points_json(archive.bye_points(rnd.number))))
        games.extend(_game_line(rnd.number, game) for game in rnd.games)
    # The games of the playoffs and brackets: on each player's card, outside the Swiss totals.
    stage_games = tuple(
        _game_line(rnd.number, game, stage.title)
        for stage in archive.stages
        for rnd in stage.rounds
        for game in rnd.games
    )
    return Standings(
        event=archive.event.name,
        policy=policy.key,
        rounds_played=len(archive.rounds),
        complete=all(r.complete for r in archive.rounds),
        rows=tuple(_row(record, rank, records, notes) for record, rank in placed),
        lead_tie=lead_tie,
        games=tuple(games),
        byes=tuple(byes),
        stage_games=stage_games,
    )


def _game_line(number: int, game: Game, stage: Text | None = None) -> GameLine:
    if game.scored is None:
        return GameLine(number, game.table, game.players, None, None, stage=stage)
    return GameLine(
        number,
        game.table,
        game.players,
        (points_json(game.scored.points[0]), points_json(game.scored.points[1])),
        game.result,
        game.scored.method,
        game.scored.explanation,
        game.scored.clause,
        stage,
    )


def _lead_tie_text(players: Text | str, resolution: str, policy: P.Policy) -> Text:
    """What happens to players who share the lead, as the posted option (or the policy) says."""
    if resolution == P.PLAYOFF and policy.co_champions_by_agreement:
        return _(
            "%(players)s are tied for the lead after every criterion: playoff rounds are held among them, "
            "unless they and the coordinator agree that they are co-champions",
            players=players,
        )
    if resolution == P.PLAYOFF:
        return _(
            "%(players)s are tied for the lead after every criterion: playoff rounds are held among them",
            players=players,
        )
    if resolution == P.PLAYOFF_WITHOUT_MENU:
        return _(
            "%(players)s are tied for the lead on points: playoff rounds are held among them, without the "
            "menu of tie-breakers, as posted",
            players=players,
        )
    if resolution == P.CO_CHAMPIONS_WITHOUT_MENU:
        return _(
            "%(players)s are tied for the lead on points: with no tie-breaker, as posted, they are "
            "co-champions and share the prizes for their places evenly",
            players=players,
        )
    return _(
        "%(players)s are tied for the lead after every criterion: they are co-champions and share the prizes "
        "for their places evenly",
        players=players,
    )


def _row(
    record: PlayerRecord, rank: int | None, records: dict[str, PlayerRecord], notes: dict[str, list[str]]
) -> StandingRow:
    return StandingRow(
        rank=rank,
        player=record.id,
        name=record.name,
        tp=points_of_units(record.units, record.unit),
        eligible=record.eligible,
        status=record.status,
        games_played=len(record.games),
        wins=record.wins,
        losses=record.losses,
        ties=len(record.games) - record.wins - record.losses,
        byes=record.byes,
        opponents_tp=points_of_units(record.opponents_units, record.unit),
        notes=tuple(notes[record.id]),
    )
