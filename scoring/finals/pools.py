"""Round-robin pools before a knockout: the draw, the schedule, each pool's order and the knockout's seeds.

No Council of Lórien text describes pools; Policy #1 leaves the format to the coordinator
("there is no one official tournament format") and scores each game by the policy's
tournament points. Council's readings (docs/rules.md, "Pools"): the players are
dealt into pools like cards, best first, so that the best are in different pools
(seeded by ranking, or in a drawn order); in each pool every player meets every other
once, and one of an odd pool sits out each round without points; a pool is ranked by the
policy's points and tie-break menu over its own games, players still tied keeping their
seed order; the best ``advance`` of each pool go on to a knockout bracket seeded across
pools, pool winners first, so that no first-round match pairs two players of one pool
where the seeding can avoid it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..archive.document import Archive
from ..standings import Standings, compute_standings
from .progress import stage_as_event
from .stages import Stage

POOLS_CLAUSE = (
    'Policy #1, The Tournament Format: "there is no one official tournament format" '
    '(round-robin pools as docs/rules.md, "Pools", reads them)'
)
KNOCKOUT_CLAUSE = 'Policy #1, Elimination: "Normal single-, and double-elimination are acceptable"'


def pool_archive(archive: Archive, stage: Stage, pool: Sequence[str]) -> Archive:
    """One pool as an event of its own: its players, its games in the stage's rounds numbered from 1.

    Its standings (``compute_standings``) rank the pool by the policy's points and menu.
    """
    return stage_as_event(archive, stage, pool)


def pool_standings(archive: Archive, stage: Stage) -> tuple[Standings, ...]:
    """The standings of each pool of ``stage``, in pool order."""
    return tuple(compute_standings(pool_archive(archive, stage, pool)) for pool in stage.pools)


def pool_orders(
    archive: Archive, stage: Stage, standings: Sequence[Standings] | None = None
) -> tuple[tuple[str, ...], ...]:
    """Each pool's players best first: by the pool's standings (``standings``, when already computed),
    players still tied after the whole menu in their seed order; players who left the event are not in it."""
    seed_order = {player: index for index, player in enumerate(stage.players)}
    orders = []
    for pool in standings if standings is not None else pool_standings(archive, stage):
        ranked = [row for row in pool.rows if row.rank is not None]
        ranked.sort(key=lambda row: (row.rank, seed_order[row.player]))
        orders.append(tuple(row.player for row in ranked))
    return tuple(orders)
