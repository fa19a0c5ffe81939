"""A stage as its rounds leave it: a playoff seen as an event of its own, a bracket, and whether it is over.

A playoff is played "in the same manner as the tournament" (Policy #1, Tournament Point
Ties): its players and rounds form an event of their own, whose standings and Swiss
pairing decide it. A bracket is built from its seeding and the games played
(``scoring.finals.brackets``). ``scoring.finals.next_stage`` and
``scoring.finals.ranking`` both read the stages through these.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..archive.document import Archive
from ..archive.event import Player
from .brackets import Bracket
from .stages import PLAYOFF, POOLS, SWISS, Stage, stage_bracket


def playoff_archive(archive: Archive, stage: Stage) -> Archive:
    """A playoff as an event of its own: its players, its rounds numbered from 1, the event's rules.

    Its standings (``compute_standings``) decide its players' order, and its pairing is
    the policy's Swiss pairing among them (``pair_next_round``).
    """
    return stage_as_event(archive, stage, stage.players)


def stage_as_event(archive: Archive, stage: Stage, players: Sequence[str]) -> Archive:
    """``players`` of ``stage`` as an event of their own: their games of the stage's rounds, numbered from 1,
    under the event's rules (a playoff's players, or one pool's)."""
    members = set(players)
    offset = stage.first_round - 1
    entries = tuple(_from_round(archive.by_id[player], offset) for player in players)
    rounds = tuple(
        replace(
            rnd,
            number=rnd.number - offset,
            stage=0,
            games=tuple(game for game in rnd.games if set(game.players) <= members),
        )
        for rnd in stage.rounds
    )
    return Archive(
        event=replace(archive.event, structure=SWISS, top_cut=None),
        players=entries,
        rounds=rounds,
        by_id={player.id: player for player in entries},
        record=archive.record,
    )


def _from_round(player: Player, offset: int) -> Player:
    if player.dropped_after_round is None:
        return player
    return replace(player, dropped_after_round=max(0, player.dropped_after_round - offset))


def bracket_of(archive: Archive, stage: Stage) -> Bracket:
    """The bracket of an elimination stage of ``archive`` as its rounds leave it."""
    dropped = {p.id: p.dropped_after_round for p in archive.players if p.dropped_after_round is not None}
    return stage_bracket(stage, dropped)


def stage_finished(archive: Archive, stage: Stage) -> bool:
    """Whether ``stage`` is over: a playoff's rounds played (or too few of its players left), a bracket decided."""
    if stage.kind == PLAYOFF:
        return stage.playoff_over(still_in(archive, stage))
    if stage.kind == POOLS:
        return len(stage.rounds) >= (stage.rounds_planned or 0) and all(rnd.complete for rnd in stage.rounds)
    return bracket_of(archive, stage).complete


def still_in(archive: Archive, stage: Stage) -> int:
    """How many of the stage's players are still in the event (not dropped, not ejected)."""
    return sum(1 for player in stage.players if archive.by_id[player].eligible)
