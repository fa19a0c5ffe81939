"""Round-robin pools as pure arithmetic: dealing players into pools, each pool's rounds, and the knockout's seeds.

``scoring.finals.pools`` reads a pool stage of an archive through these; the readings are in
docs/rules.md, "Pools".
"""

from __future__ import annotations

from collections.abc import Sequence

from ..limits import MAX_POOL_SIZE, MIN_POOL_SIZE
from .brackets import seed_positions

Schedule = tuple[tuple[tuple[str, str], ...], ...]


def draw_pools(order: Sequence[str], count: int) -> tuple[tuple[str, ...], ...]:
    """Deal ``order`` (best first) into ``count`` pools like cards, back and forth, so the best are apart.

    With 16 players in 4 pools, pool 1 holds seeds 1, 8, 9 and 16; pool 4 seeds 4, 5, 12 and 13.
    Pool sizes differ by at most one.
    """
    pools: list[list[str]] = [[] for _ in range(count)]
    for index, player in enumerate(order):
        lap, place = divmod(index, count)
        pools[place if lap % 2 == 0 else count - 1 - place].append(player)
    return tuple(tuple(pool) for pool in pools)


def pool_sizes_problem(players: int, count: int) -> tuple[int, int] | None:
    """None when ``players`` make ``count`` pools of 3 to 8; else the smallest and largest pool they would make."""
    smallest, largest = players // count if count else 0, -(-players // count) if count else 0
    if count >= 1 and smallest >= MIN_POOL_SIZE and largest <= MAX_POOL_SIZE:
        return None
    return smallest, largest


def round_robin(pool: Sequence[str]) -> Schedule:
    """Every round of a round robin among ``pool``: each player meets every other once (the circle method).

    An even pool plays one round fewer than its size; in an odd pool each player sits out
    one round. The first player stays put while the others turn around it.
    """
    seats: list[str | None] = list(pool)
    if len(seats) % 2:
        seats.append(None)  # who sits opposite the empty seat sits out
    rounds = []
    for _round in range(len(seats) - 1):
        half = len(seats) // 2
        pairs = tuple(
            (first, second)
            for first, second in zip(seats[:half], reversed(seats[half:]), strict=True)
            if first is not None and second is not None
        )
        rounds.append(pairs)
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return tuple(rounds)


def pool_rounds(pools: Sequence[Sequence[str]]) -> int:
    """The rounds a pool stage plays: as many as its largest pool needs."""
    return max(len(round_robin(pool)) for pool in pools)


def pool_round_games(pools: Sequence[Sequence[str]], index: int) -> tuple[tuple[int, str, str], ...]:
    """The games of the stage's round ``index`` (0 for its first) in every pool, tables numbered pool after pool."""
    games = [pair for pool in pools for pair in _round_of(round_robin(pool), index)]
    return tuple((table, first, second) for table, (first, second) in enumerate(games, start=1))


def _round_of(schedule: Schedule, index: int) -> tuple[tuple[str, str], ...]:
    return schedule[index] if index < len(schedule) else ()


def knockout_seeds(orders: Sequence[Sequence[str]], advance: int) -> tuple[str, ...]:
    """The knockout's seeds: the pool winners in pool order, then the runners-up, and so on for ``advance`` places.

    Two players of one pool should meet as late as the bracket allows: never in the first
    round where that can be avoided, and in opposite halves (so only in the final) where
    it can. So players of one place are swapped among themselves, the lowest seeds first,
    while a swap makes such meetings later (with four pools, A1 meets C2 and the runners-up
    of A and B play in the other half from their winners); a meeting no swap puts off stays.
    """
    pool_of = {player: number for number, order in enumerate(orders) for player in order}
    seeds = [order[place] for place in range(advance) for order in orders if place < len(order)]
    if len(seeds) < 2:
        return tuple(seeds)
    size = 1
    while size < len(seeds):
        size *= 2
    slot = {seed: index for index, seed in enumerate(seed_positions(size))}  # a seed's place in the bracket
    rounds = size.bit_length() - 1
    place_of = {order[place]: place for order in orders for place in range(min(advance, len(order)))}
    mates: dict[int, list[str]] = {}
    for player in seeds:
        mates.setdefault(pool_of[player], []).append(player)

    def meeting_round(first: int, second: int) -> int:
        """The round in which seeds ``first`` and ``second`` would meet if both win until then."""
        a, b, meeting = slot[first], slot[second], 1
        while a >> meeting != b >> meeting:
            meeting += 1
        return meeting

    def weight(player: str, seed_of: dict[str, int]) -> int:
        """How early ``player`` would meet a player of their own pool: a first-round meeting weighs most."""
        return sum(
            4 ** (rounds - meeting_round(seed_of[player], seed_of[mate]))
            for mate in mates[pool_of[player]]
            if mate != player
        )

    seed_of = {player: seed for seed, player in enumerate(seeds, start=1)}
    improved = True
    while improved:
        improved = False
        for low in reversed(range(len(seeds))):
            for high in reversed(range(low)):
                first, second = seeds[low], seeds[high]
                if place_of[first] != place_of[second] or pool_of[first] == pool_of[second]:
                    continue
                before = weight(first, seed_of) + weight(second, seed_of)
                seed_of[first], seed_of[second] = high + 1, low + 1
                if weight(first, seed_of) + weight(second, seed_of) < before:
                    seeds[low], seeds[high] = second, first
                    improved = True
                else:
                    seed_of[first], seed_of[second] = low + 1, high + 1
    return tuple(seeds)
