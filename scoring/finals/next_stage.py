"""How an event goes on after its Swiss rounds: the stage due, and the next round to pair.

After the Swiss rounds, three things may follow (scoring/finals/stages.py): playoff rounds among
players tied after the whole menu (for the lead when "playoff" was posted; for a lower
tier when the coordinator chooses, Policy #1: "the previously mentioned guidelines also
apply"), or the posted top cut. An elimination event is its bracket. ``next_stage``
plans the stage the rules call for, with its players in order (a top cut's and an
elimination event's seeds, drawn where dice would settle it); ``pair_next`` pairs the
next round of whatever is under way (docs/rules.md, readings 54-62). The event's final
ranking is ``scoring.finals.ranking``'s.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, cast

from ..archive.document import Archive
from ..archive.document_rounds import still_playing
from ..errors import RuleError
from ..messages import _
from ..pairing.next_round import PairingResult, pair_next_round
from ..policies.terms import PLAYOFF_RESOLUTIONS
from ..standings import StandingRow, Standings, compute_standings
from .pools import KNOCKOUT_CLAUSE, POOLS_CLAUSE, pool_orders
from .pools_schedule import draw_pools, knockout_seeds, pool_round_games, pool_rounds, pool_sizes_problem
from .progress import bracket_of, playoff_archive, stage_finished
from .ranking import FinalRanking, final_ranking
from .stages import ELIMINATION, PLAYOFF, POOLS

PLAYOFF_CLAUSE = '{tiebreaks}: playoff rounds "formatted in the same manner as the tournament"'
LOWER_TIER_CLAUSE = 'Policy #1, Tournament Point Ties: "the previously mentioned guidelines also apply"'
TOP_CUT_CLAUSE = 'Policy #1, Elimination: "Normal single-, and double-elimination are acceptable"'


@dataclass(frozen=True)
class StagePlan:
    """A stage ready to start: its kind, players in order, rounds, and why, with the clause.

    ``drawn`` lists the players whose order among equals came from the seed's draw (a
    tie at a top cut, an unranked player in a ranked seeding): dice, as General 5 and 6.
    """

    kind: str
    players: tuple[str, ...]
    for_place: int
    clause: str
    rounds: int | None = None
    bracket: str | None = None
    seeded_by: str = "tie"
    seed: int | None = None
    drawn: tuple[str, ...] = ()
    # A pool stage: its pools and how many of each go on to the knockout.
    pools: tuple[tuple[str, ...], ...] = ()
    advance: int | None = None

    def as_dict(self) -> dict[str, Any]:
        """The plan as JSON data (``python -m scoring standings``)."""
        return {
            **({"pools": [list(pool) for pool in self.pools], "advance": self.advance} if self.pools else {}),
            "kind": self.kind,
            "players": list(self.players),
            "for_place": self.for_place,
            "rounds": self.rounds,
            "bracket": self.bracket,
            "seeded_by": self.seeded_by,
            "seed": self.seed,
            "drawn": list(self.drawn),
            "clause": self.clause,
        }


def playoff_for(archive: Archive, ranking: FinalRanking, place: int) -> StagePlan:
    """The playoff among the players sharing ``place`` in ``ranking``: the policy's rounds for that many.

    Policy #1 (Tournament Point Ties), Version 3 and Policy Number 4 (after criterion
    III): "playoff rounds are held ... formatted in the same manner as the tournament";
    for a place below the lead, Policy #1's "the previously mentioned guidelines also
    apply" (docs/rules.md, readings 54 and 60).
    """
    players = dict(ranking.tied_places()).get(place)
    if players is None:
        raise ValueError(f"no players share place {place}")
    policy = archive.policy
    clause = PLAYOFF_CLAUSE.format(tiebreaks=policy.tiebreak_clause)
    if place > 1:
        clause = f"{LOWER_TIER_CLAUSE}; {clause}"
    return StagePlan(
        kind=PLAYOFF,
        players=players,
        for_place=place,
        rounds=policy.rounds_for(len(players)),
        clause=f"{clause}; rounds: {policy.rounds_clause}",
    )


def top_cut_seeds(standings: Standings, size: int, seed: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The best ``size`` ranked players in standings order, and those whose order the seed's draw gave.

    Players still tied after every criterion share a rank; their order, which decides
    both the cut line and the seeding 1 v N, is drawn from ``seed``, as dice settle any
    tie in elimination (General 5 and 6; docs/rules.md, reading 61).
    """
    draw = random.Random(seed)
    ranked: dict[int, list[StandingRow]] = {}
    for row in standings.rows:
        if row.rank is not None:
            ranked.setdefault(row.rank, []).append(row)
    order: list[str] = []
    drawn: list[str] = []
    for rank in sorted(ranked):
        block = [row.player for row in ranked[rank]]
        if len(block) > 1 and len(order) < size:
            draw.shuffle(block)
            drawn.extend(block)
        order.extend(block)
    return tuple(order[:size]), tuple(player for player in drawn if player in order[:size])


def elimination_seeds(archive: Archive, seed: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """An elimination event's seeds: by published ranking, or drawn from ``seed``; and who was drawn.

    By ranking, the best ranking first; players without a ranking come after, in an
    order drawn from the seed (docs/rules.md, reading 61). Only active players are seeded.
    """
    draw = random.Random(seed)
    active = [player for player in archive.players if player.eligible]
    if archive.event.seeding == "random":
        ids = [player.id for player in active]
        draw.shuffle(ids)
        return tuple(ids), tuple(ids)
    ranked = sorted((p for p in active if p.ranking is not None), key=lambda p: (p.ranking, p.name.casefold(), p.id))
    unranked = [p.id for p in active if p.ranking is None]
    draw.shuffle(unranked)
    return tuple(p.id for p in ranked) + tuple(unranked), tuple(unranked) if len(unranked) > 1 else ()


def next_stage(archive: Archive, seed: int, standings: Standings | None = None) -> StagePlan | None:
    """The stage the rules call for now that the last stage (the Swiss rounds, or a playoff) is over.

    An elimination event's bracket; the posted top cut; a playoff for a lead still tied
    after the whole menu (or after the last playoff) when a playoff was posted (with
    Policy #1's menu or without it: then among all tied on points). None when
    nothing is due. Whether the Swiss rounds are over is the caller's to know.
    ``standings``, when given, are the archive's Swiss standings already computed (at
    20,000 players, a second saved).
    """
    event = archive.event
    if event.structure == POOLS:
        return _pools_or_knockout(archive, seed)
    if event.structure == ELIMINATION:
        if archive.stages:
            return None
        seeds, drawn = elimination_seeds(archive, seed)
        return StagePlan(
            kind=ELIMINATION,
            players=seeds,
            for_place=1,
            bracket=event.elimination,
            seeded_by=event.seeding,
            seed=seed,
            drawn=drawn,
            clause=TOP_CUT_CLAUSE,
        )
    if archive.stages and not stage_finished(archive, archive.stages[-1]):
        return None
    if event.top_cut is not None:
        if any(stage.kind == ELIMINATION for stage in archive.stages):
            return None
        standings = standings or compute_standings(archive)
        size = min(event.top_cut, sum(1 for row in standings.rows if row.rank is not None))
        if size < 2:
            return None
        seeds, drawn = top_cut_seeds(standings, size, seed)
        return StagePlan(
            kind=ELIMINATION,
            players=seeds,
            for_place=1,
            bracket=event.elimination,
            seeded_by="standings",
            seed=seed,
            drawn=drawn,
            clause=TOP_CUT_CLAUSE,
        )
    if event.tie_resolution not in PLAYOFF_RESOLUTIONS:
        return None
    ranking = final_ranking(archive, standings)
    if len(ranking.champions) < 2:
        return None
    return playoff_for(archive, ranking, 1)


def _pools_or_knockout(archive: Archive, seed: int) -> StagePlan | None:
    """An event of pools: its pools first (dealt from the seeding), then, once they are played, the knockout."""
    event = archive.event
    count, advance = cast(int, event.pools), cast(int, event.advance)  # an event of pools has both
    if not archive.stages:
        seeds, drawn = elimination_seeds(archive, seed)
        sizes = pool_sizes_problem(len(seeds), count)
        if sizes is not None:
            raise RuleError(
                _(
                    "%(players)s players make %(pools)s pools of %(least)s to %(most)s; a pool holds 3 to 8",
                    players=len(seeds),
                    pools=count,
                    least=sizes[0],
                    most=sizes[1],
                ),
                field="pools",
            )
        pools = draw_pools(seeds, count)
        if advance > min(len(pool) for pool in pools):
            raise RuleError(
                _(
                    "%(advance)s of each pool cannot go on from a pool of %(size)s",
                    advance=advance,
                    size=min(map(len, pools)),
                ),
                field="advance",
            )
        return StagePlan(
            kind=POOLS,
            players=seeds,
            for_place=1,
            rounds=pool_rounds(pools),
            seeded_by=event.seeding,
            seed=seed,
            drawn=drawn,
            clause=POOLS_CLAUSE,
            pools=pools,
            advance=advance,
        )
    stage = archive.stages[-1]
    if stage.kind != POOLS or not stage_finished(archive, stage):
        return None
    seeds = knockout_seeds(pool_orders(archive, stage), cast(int, stage.advance))
    if len(seeds) < 2:
        return None
    return StagePlan(
        kind=ELIMINATION,
        players=seeds,
        for_place=1,
        bracket=event.elimination,
        seeded_by="pools",
        seed=seed,
        clause=KNOCKOUT_CLAUSE,
    )


def pair_next(archive: Archive, seed: int) -> PairingResult:
    """The event's next round: a Swiss round, the playoff's (Swiss among its players), or the bracket's ready matches.

    Round numbers run on through the stages. RuleError when the stage under way has
    nothing left to pair.
    """
    if not archive.stages:
        if archive.event.structure == ELIMINATION:
            raise RuleError(_("an elimination event's bracket is seeded before its first round"), field="stages")
        if archive.event.structure == POOLS:
            raise RuleError(_("an event of pools deals its pools before its first round"), field="stages")
        return pair_next_round(archive, seed)
    stage = archive.stages[-1]
    paired = len(archive.all_rounds)
    if stage.kind == POOLS:
        if stage_finished(archive, stage):
            raise RuleError(_("the pools are played: the knockout is next"), field="stages")
        number = paired + 1
        playing = {player.id for player in archive.players if still_playing(player, number)}
        games = pool_round_games(stage.pools, len(stage.rounds))
        # A game with a player who has left is not played: the opponent sits out (docs/rules.md, "Pools").
        kept = [(first, second) for _table, first, second in games if first in playing and second in playing]
        return PairingResult(
            round=number,
            seed=seed,
            bye=None,
            games=tuple((table, first, second) for table, (first, second) in enumerate(kept, start=1)),
            quality={"pools": len(stage.pools)},
        )
    if stage.kind == PLAYOFF:
        if stage_finished(archive, stage):
            over = (
                _("the playoff is over: its standings decide")
                if stage.for_place == 1
                else _("the playoff for place %(place)s is over: its standings decide", place=stage.for_place)
            )
            raise RuleError(over, field="stages")
        own = pair_next_round(playoff_archive(archive, stage), seed)
        return replace(own, round=paired + 1)
    bracket = bracket_of(archive, stage)
    if bracket.complete:
        # Translators: stage is a stage's title, "Top 8" or "Elimination".
        raise RuleError(_("the %(stage)s bracket is decided", stage=stage.title), field="stages")
    matches = bracket.next_matches
    return PairingResult(
        round=paired + 1,
        seed=seed,
        bye=None,
        # A ready match has both its players.
        games=cast(
            tuple[tuple[int, str, str], ...],
            tuple((table, *match.players) for table, match in enumerate(matches, start=1)),
        ),
        quality={"bracket": [match.id for match in matches]},
    )
