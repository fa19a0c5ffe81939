"""Playoffs and brackets as people read them: the coordinator's finals, the phones, the projector, the printout.

One kept part per version of the event (events/caching/parts.py) holds the final ranking,
what is due, and each bracket laid out by round; every page reads it, and
events/pages/finals.py renders it. Parts are kept per
language: the headings and statuses are in the language they were built in, while the
engine's own words (titles, what is pending) stay its Texts, said by the templates.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

import scoring
from scoring import BYE, DOUBLE, FINAL, FINAL_AGAIN, LOSERS, bracket_of, final_ranking, next_stage, stage_title

from ..archive import read_archive
from ..caching.parts import kept_part
from ..models import Event, Stage
from .standings import swiss_standings


def _round_names(kind: str, side: str, number: int, last: int) -> str:
    if side == FINAL:
        return _("Grand final")
    if side == FINAL_AGAIN:
        return _("Second final, if needed")
    if side == LOSERS:
        # Translators: a round of a double-elimination bracket's losers' side.
        return _("Losers' round %(number)s") % {"number": number}
    if kind == DOUBLE:
        # Translators: a round of a double-elimination bracket's winners' side.
        return _("Winners' round %(number)s") % {"number": number}
    from_end = last - number
    if from_end == 0:
        return pgettext("a bracket's last round", "Final")
    if from_end == 1:
        return _("Semifinals")
    if from_end == 2:
        return _("Quarterfinals")
    return _("Round %(number)s") % {"number": number}


def _bracket_layout(archive: scoring.Archive, stage: Any, pk_of: dict[str, int]) -> dict[str, Any]:
    """One bracket by round: each match's players, winner, table and state, and each player's status.

    ``stage`` is one of ``archive.stages`` (a type ``scoring`` does not export by name).
    """
    bracket = bracket_of(archive, stage)
    name_of = {p.id: p.name for p in archive.players}
    tables: dict[tuple[int | None, frozenset[str | None]], tuple[int, int]] = {}
    for index, rnd in enumerate(stage.rounds, start=1):
        for game in rnd.games:
            # By the stage's round too: two players may meet twice in double elimination.
            tables[(index, frozenset(game.players))] = (rnd.number, game.table)
    last_winners_round = max(m.round for m in bracket.matches if m.side == "winners")
    sections: dict[tuple[str, int], dict[str, Any]] = {}
    status: dict[int, str] = {}
    for match in bracket.matches:
        if match.side == FINAL_AGAIN and match.winner == BYE and match.played_in is None:
            continue  # the winners' champion won the grand final: no second game
        players: list[dict[str, Any] | None] = []
        for player in match.players:
            if player is None:
                players.append(None)
            elif player == BYE:
                players.append({"bye": True})
            else:
                players.append({"pk": pk_of[player], "name": name_of[player], "won": match.winner == player})
        where = tables.get((match.played_in, frozenset(match.players)))
        state = (
            "bye"
            if match.is_bye
            else "done"
            if match.winner
            else "playing"
            if match.in_play
            else "ready"
            if match.ready
            else "waiting"
        )
        entry = {
            "id": match.id,
            "players": players,
            "state": state,
            "table": where[1] if where else None,
            "round": where[0] if where else None,
            "pks": " ".join(str(p["pk"]) for p in players if p and "pk" in p),
        }
        heading = _round_names(bracket.kind, match.side, match.round, last_winners_round)
        sections.setdefault((match.side, match.round), {"heading": heading, "matches": []})["matches"].append(entry)
        for player in match.players:
            if player not in (None, BYE) and state in ("playing", "ready"):
                opponent = next(name_of[p] for p in match.players if p is not None and p != player)
                if state == "playing":
                    text = _("Table %(table)s against %(opponent)s") % {"table": entry["table"], "opponent": opponent}
                else:
                    # Translators: %(round)s is a bracket's round, such as "Semifinals" or "Winners' round 2".
                    text = _("%(round)s: next against %(opponent)s") % {"round": heading, "opponent": opponent}
                status[pk_of[player]] = text
    for place, player in bracket.ranking():
        status[pk_of[player]] = (
            _("Champion") if place == 1 else _("Out of the bracket: place %(place)s") % {"place": place}
        )
    for player in bracket.withdrawn:
        status[pk_of[player]] = _("Left the bracket")
    for player in stage.players:
        status.setdefault(pk_of[player], _("Waiting for the next match"))
    return {
        "title": stage.title,
        "kind": bracket.kind,
        "complete": bracket.complete,
        "champion": name_of.get(bracket.champion or "", ""),
        "sections": list(sections.values()),
        "status": status,
    }


def _pool_tables(archive: scoring.Archive, stage: Any) -> list[dict[str, Any]]:
    """Each pool of a pool stage as a table: its players in order, with their points and record.

    ``stage`` is one of ``archive.stages`` (a type ``scoring`` does not export by name); players
    still tied after the whole menu stand in their seed order (scoring/finals/pools.py).
    """
    tables = []
    every_standings = scoring.pool_standings(archive, stage)
    orders = scoring.pool_orders(archive, stage, every_standings)
    # Who goes on is known once every pool round is played.
    decided = len(stage.rounds) >= (stage.rounds_planned or 0) and all(rnd.complete for rnd in stage.rounds)
    for index, (pool, standings) in enumerate(zip(stage.pools, every_standings, strict=True)):
        rows = {row.player: row for row in standings.rows}
        order = orders[index]
        listed = [*order, *(player for player in pool if player not in order)]
        tables.append(
            {
                "name": scoring.pool_name(index),
                "advance": stage.advance,
                "rows": [
                    {
                        "place": place if player in order else None,
                        "name": rows[player].name,
                        "tp": rows[player].tp,
                        "wins": rows[player].wins,
                        "losses": rows[player].losses,
                        "ties": rows[player].ties,
                        "goes_on": decided and player in order[: stage.advance],
                    }
                    for place, player in enumerate(listed, start=1)
                ],
            }
        )
    return tables


@dataclass(frozen=True)
class DueStage:
    """The stage the policy or the event's settings call for next, as the coordinator is offered it."""

    kind: str
    players: list[str]
    rounds: int | None  # a playoff's; None for a bracket
    seeded_by: str
    title: object


@dataclass(frozen=True)
class FinalsBoard:
    """The final ranking and the stages after the Swiss rounds, as every page reads them.

    ``placings`` (each with its player's pk), ``brackets`` (laid out by round) and ``swiss``
    are what the final ranking and the brackets are rendered from (events/pages/finals.py).
    """

    pending: object
    champions: list[str]
    champion_ids: list[str]
    tied_places: list[tuple[int, list[str]]]
    due: DueStage | None
    status: dict[int, str]
    has_stages: bool
    bracket_open: bool
    playoffs: list[dict[str, Any]]
    placings: list[tuple[scoring.Placing, int]]
    brackets: list[dict[str, Any]]
    swiss: bool
    pools: list[dict[str, Any]]  # each pool of an event of pools, as a table


def _build(event: Event) -> FinalsBoard:
    archive = read_archive(event)
    swiss = swiss_standings(event)
    ranking = final_ranking(archive, swiss)
    pk_of = dict(event.players.values_list("archive_id", "pk"))
    brackets = [_bracket_layout(archive, stage, pk_of) for stage in archive.stages if stage.kind == "elimination"]
    playoffs = []
    for stage in archive.stages:
        if stage.kind == "playoff":
            names = [archive.by_id[p].name for p in stage.players]
            playoffs.append(
                {"title": stage.title, "players": names, "played": len(stage.rounds), "planned": stage.rounds_planned}
            )
    pools = [table for stage in archive.stages if stage.kind == "pools" for table in _pool_tables(archive, stage)]
    due = next_stage(archive, 0, swiss) if archive.stages or archive.rounds or event.structure != "swiss" else None
    name_of = {p.id: p.name for p in archive.players}
    tied = [(place, [name_of[p] for p in players]) for place, players in ranking.tied_places()]
    return FinalsBoard(
        pending=ranking.pending,
        champions=[name_of[p] for p in ranking.champions],
        champion_ids=list(ranking.champions),
        tied_places=tied,
        due=DueStage(
            kind=due.kind,
            players=[name_of[p] for p in due.players],
            rounds=due.rounds,
            seeded_by=due.seeded_by,
            title=stage_title(due.kind, len(due.players), due.for_place, due.seeded_by),
        )
        if due
        else None,
        status={pk: text for bracket in brackets for pk, text in bracket["status"].items()},
        has_stages=bool(archive.stages),
        bracket_open=any(not bracket["complete"] for bracket in brackets),
        playoffs=playoffs,
        placings=[(placing, pk_of[placing.player]) for placing in ranking.placings],
        brackets=brackets,
        swiss=event.structure == "swiss",
        pools=pools,
    )


def finals_board(event: Event) -> FinalsBoard:
    """The final ranking, what is due, the tied places, each bracket laid out and each player's bracket status.

    Kept per version of the event: every phone of a bracket's players asks for it.
    """
    return kept_part(event, "finals", lambda: _build(event)).value


@dataclass(frozen=True)
class FinalsPanel:
    """What the coordinator's finals panel says besides the board: whether a stage may start now, the
    latest stage, and the players still sharing first place (who may have won a playoff played on paper)."""

    tied_players: list[tuple[int, str]]  # (pk, name) in name order
    stage_blocked: object
    latest_stage: Stage | None
    latest_stage_unplayed: bool


def finals_panel(event: Event, board: FinalsBoard) -> FinalsPanel:
    """The coordinator's finals panel around ``board`` (the event's ``finals_board``)."""
    latest = event.stages.order_by("-number").first()
    # Players sharing first place once nothing is left to play (not pool winners sharing a place so far).
    champions = set(board.champion_ids) if len(board.champion_ids) > 1 and board.pending is None else set()
    # Named from the board, not read again: before a round is played all 20,000 players may share first place.
    tied = sorted(
        ((pk, placing.name) for placing, pk in board.placings if placing.player in champions),
        key=lambda choice: (choice[1], choice[0]),
    )
    return FinalsPanel(
        tied_players=tied,
        stage_blocked=event.stage_cannot_start(),
        latest_stage=latest,
        latest_stage_unplayed=latest is not None and not latest.rounds.exists(),
    )
