"""The exact pairing search, score group by score group.

Used when the round can be paired with no rematch and no clash of Fallen-wizards (the
usual case); ``scoring.pairing.defects`` takes the rounds where it cannot. Games are the
"allowed" ones: between players who have not met and, in a Fallen-wizard-only event,
who play different Fallen-wizards.

The search walks the score groups from the top, as the texts pair (Version 3 and Policy
Number 4, "Pairing Players"). On reaching group g, what is left of the round depends
only on g and on the players of higher groups still unpaired, the *floaters*: a state
(g, floaters). In group g the floaters and the group's own players form a pool; a
choice is which of them are *left over* to float further down. The rest of the pool is
then paired with one matching (any perfect matching of them will do: every one is
charged the same; a game between two floaters of different higher groups is charged
more than it costs, but is never the only way to the optimum). The cost of a choice
is charged as the texts rank it: a player of group g left over is one more game from
g down (D_g); a floater left over skips one more group
(X of the floater's own group). Summing these over the groups gives exactly the vector
(D0, X0, D1, X1, ...) of ``scoring.pairing.best``, encoded as one integer whose terms
outweigh all later terms together.

The best rest from each state is found by depth-first branch and bound over the choices
in order of cost, remembered per state (exactly, or as a lower bound when the search
was cut off by a better pairing found elsewhere). A lower bound prunes most choices:
every cut between groups with an odd number of players above it is crossed by one
player, and a floater who has met every player of the next groups must skip them. The
search ends with the best pairing, proven; only a safety net (``SAFETY_NET_STATES``)
stops a search that would not end, in lopsided Fallen-wizard-only fields. Whether a pool
of players can all be paired, and how, is asked of ``scoring.pairing.pools``.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from .choices import balanced_choices, class_excess, floaters_out
from .pools import PastTheNet, Pools

# A state of the search: a group and its floaters, or, where the pool absorbs any floaters
# (``GroupSearch._absorbs``), a group and only whether an odd number of them comes in.
StateKey = tuple[int, frozenset[int]] | tuple[int, None, int]


class GroupSearch(Pools):
    """Best allowed pairing of the players of ``groups`` (score groups from the top).

    ``groups``, ``forbidden`` and ``avatar_class`` are as ``Pools`` takes them. The caller
    has checked that an allowed pairing of everyone exists.
    """

    def __init__(self, groups: list[list[int]], forbidden: list[set[int]], avatar_class: list[int | None]) -> None:
        super().__init__(groups, forbidden, avatar_class)
        k = self.k
        players = len(self.group_of)
        base = players * max(k, 1) + 2
        # X_g counts group skips (at most players * groups), D_g games down: both < base.
        self.w_skip: list[int] = [base ** (2 * (k - 1 - g)) for g in range(k)]
        self.w_down = [base * w for w in self.w_skip]
        # "No pairing": above every cost (all terms at most base - 1), still an int, so
        # that a limit less a cost stays exact however wide the event.
        self.unreachable: int = base ** (2 * k + 1)
        # parity_floor[g][odd]: every cut from group g down that an odd number of players
        # above it must cross costs at least one game down, when ``odd`` floaters come in.
        self.parity_floor: list[tuple[int, int]] = [(0, 0)] * (k + 1)
        for g in range(k - 1, -1, -1):
            if g == k - 1:
                self.parity_floor[g] = (0, 0)
                continue
            floor = []
            for odd in (0, 1):
                out = (odd + len(groups[g])) & 1
                floor.append(out * self.w_down[g] + self.parity_floor[g + 1][out])
            self.parity_floor[g] = (floor[0], floor[1])
        # excess[g]: players who must come down to group g from above, because one avatar
        # class of groups g and lower outnumbers all the others there (its players may
        # only meet players of other classes): twice the class, less everyone there.
        self.excess = [0] * (k + 1)
        if self.any_class:
            for g in range(k - 1, -1, -1):
                largest = max(self.classes_below[g].values(), default=0)
                self.excess[g] = max(0, 2 * largest - self.below[g])
        self._blocked: dict[int, frozenset[int]] = {}
        self.memo: dict[StateKey, tuple[float, bool]] = {}
        self.choice: dict[StateKey, frozenset[int]] = {}
        self.past_the_net = False

    @property
    def proven(self) -> bool:
        """Whether the search ran to its end (always, but for the safety net)."""
        return not self.past_the_net

    def solve(self) -> tuple[list[tuple[int, int]], int]:
        """The best pairing, as pairs in the order of the groups, and its cost (see ``proven``)."""
        self.searching = True
        try:
            cost = self._rest(0, frozenset(), self.unreachable)
        except PastTheNet:
            self.past_the_net = True
            return self._nearest_pairing(), 0
        assert cost < self.unreachable, "the caller checked that an allowed pairing exists"
        pairs: list[tuple[int, int]] = []
        floaters: frozenset[int] = frozenset()
        for g in range(self.k):
            leftover = self.choice[self._key(g, floaters)]
            pool = self._pool(g, floaters)
            pairs.extend(self._pair(pool, leftover))
            floaters = leftover
        return pairs, int(cost)

    def bound(self, g: int, floaters: frozenset[int]) -> float:
        """A lower bound on the cost of pairing groups g and below with these floaters.

        Cut by cut, disjoint charges: a floater who has met everyone of group g is left
        over there (one more skip), and a cut with an odd number of players above it is
        crossed by at least one more player, who costs at least one game down.
        """
        if g >= self.k:
            return 0 if not floaters else self.unreachable
        floor = self.parity_floor[g][len(floaters) & 1]
        if not floaters and not self.any_class:
            return floor
        # The first group at which each floater can meet someone; another floater will do.
        reach: list[tuple[int, int]] = []
        for f in floaters:
            h = g
            if not any(o not in self.forbidden[f] for o in floaters if o != f):
                blocked = self._blocked_groups(f)
                while h in blocked:
                    h += 1
                if h >= self.k:
                    return self.unreachable
            if h > g:
                reach.append((h, self.w_skip[self.group_of[f]]))
        if not reach and not self.any_class:
            return floor
        odd = len(floaters) & 1
        last_cut = self.k - 1 if self.any_class else max(h for h, _w in reach)
        for c in range(g, last_cut):
            odd ^= len(self.groups[c]) & 1  # players above the cut below group c
            staying = [w for h, w in reach if h > c]
            # Players crossing the cut: the floaters who must, the excess of an avatar class
            # below it, and always as many as the parity of the players above it.
            crossing = max(len(staying), self.excess[c + 1])
            crossing += (crossing + odd) & 1
            charge = sum(staying) + (crossing - len(staying)) * self.w_down[c]
            floor += charge - odd * self.w_down[c]  # this cut's parity charge, replaced
        return floor

    def _blocked_groups(self, p: int) -> frozenset[int]:
        """The groups below p's own in which p has met (or clashes with) everyone."""
        known = self._blocked.get(p)
        if known is None:
            own = self.group_of[p]
            met_in: dict[int, int] = {}
            for q in self.forbidden[p]:
                g = self.group_of.get(q)
                if g is not None and g > own:
                    met_in[g] = met_in.get(g, 0) + 1
            known = self._blocked[p] = frozenset(g for g, n in met_in.items() if n == len(self.groups[g]))
        return known

    def _absorbs(self, g: int, floaters: frozenset[int]) -> bool:
        """Whether group g's pool pairs whoever of it is left over, one player at most ...

        Then the best choice leaves no floater (a floater's skip outweighs everything from
        group g down) and as few of group g as the pool's parity demands, so the rest does
        not depend on who the floaters are: every such state shares one memory.
        """
        pool = len(floaters) + len(self.groups[g])
        if self.any_class or pool - (pool & 1) < 2 * self.most_rematches + 2:
            return False
        # ... and the players below pair with whoever is left over: else a larger leftover
        # may be the only way on, and who the floaters are would matter again.
        return g + 1 == self.k or self.below[g + 1] + (pool & 1) >= 2 * self.most_rematches + 2

    def _key(self, g: int, floaters: frozenset[int]) -> StateKey:
        if self._absorbs(g, floaters):
            return (g, None, len(floaters) & 1)
        return (g, floaters)

    def _rest(self, g: int, floaters: frozenset[int], limit: float) -> float:
        """Least cost from group g down, or a value of at least ``limit`` if none is below it."""
        key = self._key(g, floaters)
        known = self.memo.get(key)
        if known is not None and (known[1] or known[0] >= limit):
            return known[0]
        self._count_work()
        floor = self.bound(g, floaters)
        if floor >= limit:
            return floor
        best = limit
        chosen = None
        residents = self.groups[g]
        odd_out = (len(floaters) + len(residents)) & 1
        least_below = self.parity_floor[g + 1][odd_out] if g + 1 < self.k else 0
        # The cost here above which no leftover can do better than the best so far:
        # the leftovers come cheapest first, so they stop there.
        ceiling = [best - least_below]
        total: float
        for leftover, cost in self._leftovers(g, floaters, ceiling, absorbed=len(key) == 3):
            if cost >= ceiling[0]:
                break
            if g + 1 == self.k:
                total = cost
            else:
                if cost + self.bound(g + 1, leftover) >= best or not self._completable(g + 1, leftover):
                    continue
                total = cost + self._rest(g + 1, leftover, best - cost)
            if total < best:
                best, chosen = total, leftover
                ceiling[0] = best - least_below
                if best <= floor:
                    break
        if chosen is not None:
            self.memo[key] = (best, True)
            self.choice[key] = chosen
            return best
        self.memo[key] = (max(limit, known[0] if known else 0), False)
        return limit

    def _leftovers(
        self, g: int, floaters: frozenset[int], ceiling: list[float], *, absorbed: bool = False
    ) -> Iterator[tuple[frozenset[int], int]]:
        """Who of the pool may be left over, cheapest first: (leftover, its cost here),
        while that cost is below ``ceiling[0]`` (which the caller lowers as it goes).

        Leaving a floater costs a skip of its own, higher, group and so outweighs leaving
        any number of group g's players; among equal costs the seed's order decides, the
        last players of the group's random order being the first left over. When the
        pool absorbs its floaters (``_absorbs``), only group g's players are left over,
        as few as the parity demands.
        """
        residents = self.groups[g]
        pool = self._pool(g, floaters)
        last = g + 1 == self.k
        if absorbed:
            out = len(pool) & 1
            for residents_out in combinations(residents[::-1], out):
                yield frozenset(residents_out), out * self.w_down[g]
            return
        parity = len(pool) & 1
        last_first = residents[::-1]
        for floater_cost, runs in floaters_out(floaters, self.group_of, self.w_skip, last):
            if floater_cost >= ceiling[0]:
                return
            self._count_work(len(runs))
            # The fewest residents to leave over with each choice of floaters, as far as
            # known: an outnumbering avatar class first (cheap), a largest matching once
            # that is passed (each is a blossom matching, so only when asked).
            shortest = {
                kept_out: (class_excess(pool.difference(kept_out), self.avatar_class), False) for kept_out in runs
            }
            for t in range((len(residents) if not last else 0) + 1):
                cost = floater_cost + t * self.w_down[g]
                if cost >= ceiling[0]:
                    return
                for kept_out in runs:
                    if (len(kept_out) + t) & 1 != parity:
                        continue
                    if not last and len(kept_out) + t < self.excess[g + 1]:
                        continue  # too few to pair the class that outnumbers the rest below
                    fewest, exact = shortest[kept_out]
                    if t < fewest:
                        continue
                    if not exact:
                        rest = pool.difference(kept_out)
                        if rest not in self._deficiency_cache:
                            self._count_work()  # a blossom matching, as a pairability check
                        fewest = self._deficiency(rest)
                        shortest[kept_out] = (fewest, True)
                        if t < fewest:
                            continue
                    choices = (
                        balanced_choices(last_first, t, pool.difference(kept_out), self.avatar_class)
                        if self.any_class
                        else combinations(last_first, t)
                    )
                    for residents_out in choices:
                        leftover = frozenset(kept_out).union(residents_out)
                        if self._pairable(pool - leftover):
                            yield leftover, cost
