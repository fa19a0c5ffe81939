"""The exact pairing search for rounds that cannot avoid every rematch or clash.

Rare, and only in small or lopsided fields: late rounds of a few players who have all
met, or a Fallen-wizard-only event where one Fallen-wizard is played by more than half
the field. Here a game may be a rematch or a clash, at its cost in the order of the
texts: rematches first, then clashes (``scoring.pairing.next_round``), then the score groups.

The search pairs the first unpaired player (top group first, the seed's order inside)
with each possible opponent, cheapest first, and remembers the best cost of pairing
every set of unpaired players it meets, exactly or as a lower bound when a better
pairing elsewhere cut it short. The bound: the fewest rematches and clashes any pairing
of the set must have (two largest matchings, ``scoring.pairing.matching``), plus one game down
across every cut with an odd number of players above it. It ends proven, unless it
reaches the safety net of ``scoring.pairing.pools``.
"""

from __future__ import annotations

from . import pools
from .matching import matching_size
from .pools import PastTheNet, nearest_first_pairs


def solve_with_defects(
    order: list[int],
    scores: list[int],
    opponents: list[set[int]],
    avatars: list[str | None],
) -> tuple[list[tuple[int, int]], bool]:
    """The best pairing of the players of ``order`` when some rematch or clash is forced.

    ``order`` lists the players from the highest score group down, the seed's random
    order inside each group; the result pairs every one of them (an even number), and
    says whether it is proven the best (always, but for the safety net of
    ``scoring.pairing.pools``).
    """
    search = _DefectSearch(order, scores, opponents, avatars)
    try:
        return search.solve(), True
    except PastTheNet:
        return search.nearest_pairing(), False


class _DefectSearch:
    def __init__(
        self, order: list[int], scores: list[int], opponents: list[set[int]], avatars: list[str | None]
    ) -> None:
        self.players = order
        m = self.m = len(order)
        local = {p: i for i, p in enumerate(order)}
        group_scores = sorted({scores[p] for p in order}, reverse=True)
        group_index = {s: g for g, s in enumerate(group_scores)}
        self.group = [group_index[scores[p]] for p in order]
        k = self.k = len(group_scores)
        self.rematch = [{local[o] for o in opponents[p] if o in local} for p in order]
        self.clash = [
            {j for j, q in enumerate(order) if j != i and avatars[p] is not None and avatars[q] == avatars[p]}
            for i, p in enumerate(order)
        ]
        self.forbidden = [self.rematch[i] | self.clash[i] for i in range(m)]
        base = m * max(k, 1) + 2
        terms = 2 + 2 * k
        weight: list[int] = [base ** (terms - 1 - t) for t in range(terms)]
        self.w_rematch, self.w_clash = weight[0], weight[1]
        self.w_down = [weight[2 + 2 * g] for g in range(k)]
        self.w_skip = [weight[3 + 2 * g] for g in range(k)]
        self.unreachable: int = base**terms  # above every cost, and an int so sums stay exact
        self.cost = [[self._edge_cost(i, j) for j in range(m)] for i in range(m)]
        self.memo: dict[int, tuple[float, bool]] = {}
        self.choice: dict[int, int] = {}
        self._defect_floor: dict[int, int] = {}
        self.states = 0

    def _edge_cost(self, i: int, j: int) -> int:
        high, low = sorted((self.group[i], self.group[j]))
        cost = 0 if high == low else self.w_down[high] + (low - high - 1) * self.w_skip[high]
        if j in self.rematch[i]:
            cost += self.w_rematch
        if j in self.clash[i]:
            cost += self.w_clash
        return cost

    def solve(self) -> list[tuple[int, int]]:
        everyone = (1 << self.m) - 1
        self._rest(everyone, self.unreachable)
        pairs = []
        mask = everyone
        while mask:
            first = (mask & -mask).bit_length() - 1
            partner = self.choice[mask]
            pairs.append((self.players[first], self.players[partner]))
            mask &= ~((1 << first) | (1 << partner))
        return pairs

    def nearest_pairing(self) -> list[tuple[int, int]]:
        """The safety net's pairing: as many allowed games as possible, nearest groups first,
        the players left over paired in order (their rematches or clashes are forced)."""
        local, alone = nearest_first_pairs(list(range(self.m)), self.group, self.forbidden)
        local.extend(zip(alone[::2], alone[1::2], strict=False))
        return [(self.players[a], self.players[b]) for a, b in local]

    def _floor(self, mask: int) -> int:
        """Least cost of pairing the players in ``mask``: forced defects and cut parities."""
        known = self._defect_floor.get(mask)
        if known is not None:
            return known
        members = [i for i in range(self.m) if mask >> i & 1]
        half = len(members) // 2
        rematches = half - matching_size(self._graph(members, self.rematch))
        defects = half - matching_size(self._graph(members, self.forbidden))
        floor = self.w_rematch * rematches + self.w_clash * max(0, defects - rematches)
        count = [0] * self.k
        for i in members:
            count[self.group[i]] += 1
        above = 0
        for g in range(self.k - 1):
            above += count[g]
            if above & 1:
                floor += self.w_down[g]
        self._defect_floor[mask] = floor
        return floor

    def _graph(self, members: list[int], banned: list[set[int]]) -> list[list[int]]:
        position = {p: n for n, p in enumerate(members)}
        return [[position[q] for q in members if q != p and q not in banned[p]] for p in members]

    def _rest(self, mask: int, limit: float) -> float:
        if mask == 0:
            return 0
        known = self.memo.get(mask)
        if known is not None and (known[1] or known[0] >= limit):
            return known[0]
        floor = self._floor(mask)
        if floor >= limit:
            return floor
        first = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << first)
        row = self.cost[first]
        options = sorted((row[j], j) for j in range(self.m) if rest >> j & 1)
        best, chosen = limit, None
        self.states += 1
        if self.states > pools.SAFETY_NET_STATES:
            raise PastTheNet
        for cost, partner in options:
            if cost >= best:
                break
            total = cost + self._rest(rest & ~(1 << partner), best - cost)
            if total < best:
                best, chosen = total, partner
                if best <= floor:
                    break
        if chosen is not None:
            self.memo[mask] = (best, True)
            self.choice[mask] = chosen
            return best
        self.memo[mask] = (max(limit, known[0] if known else 0), False)
        return limit
