"""Which players of a round can all be paired with allowed games: the questions the group search asks.

The exact search of ``scoring.pairing.groups`` asks at every step whether a pool of
players can all be paired with allowed games (no rematch, no clash of Fallen-wizards).
``Pools`` holds the round's score groups and who may not meet whom, and answers: at once
when Dirac's bound proves it (a pool large enough for the few each player may not meet),
never when one Fallen-wizard class outnumbers the rest, quickly when a greedy pairing
succeeds, else by a blossom matching (``scoring.pairing.matching``); each answer is
remembered per pool. It also pairs a pool once the search has chosen it, and counts the
search's work against the safety net (``SAFETY_NET_STATES``), whose own pairing,
nearest score groups first, is ``nearest_first_pairs``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from .matching import greedy_then_mended, maximum_matching

# A safety net, not a budget: no round of the benchmarks' general-opponent events comes
# near it (they search at most a few hundred states). Lopsided Fallen-wizard-only fields
# (one Fallen-wizard near half the field and most of the lower groups) can make the
# search grow without end. Past this much work (states, pairability checks, largest
# matchings and ways of leaving floaters over) the search stops, so that a coordinator
# never waits, and a blossom matching that offers each player the nearest score groups
# first pairs the round, said to be unproven (``nearest_first_pairs``, docs/performance.md).
SAFETY_NET_STATES = 20_000


class PastTheNet(Exception):
    """The search reached ``SAFETY_NET_STATES``."""


class Pools:
    """A round's score groups and who may not meet whom: which pools of them pair, and how.

    ``groups[g]`` lists group g's players (indices into ``forbidden``) in the seed's
    random order; ``forbidden[p]`` holds the players p may not meet; ``avatar_class[p]``
    is p's Fallen-wizard class (an int) or None, used only to prove pools pairable
    quickly.
    """

    def __init__(self, groups: list[list[int]], forbidden: list[set[int]], avatar_class: list[int | None]) -> None:
        self.groups = groups
        self.forbidden = forbidden
        self.avatar_class = avatar_class
        self.any_class = any(c is not None for c in avatar_class)
        k = self.k = len(groups)
        self.group_of: dict[int, int] = {p: g for g, members in enumerate(groups) for p in members}
        self.rank: dict[int, int] = {p: n for members in groups for n, p in enumerate(members)}
        # Dirac's bound needs how many players one player may not meet, apart from the
        # players of their own avatar class (counted per pool).
        if self.any_class:
            self.most_rematches = max(
                (
                    sum(1 for q in forbidden[p] if avatar_class[q] is None or avatar_class[q] != avatar_class[p])
                    for p in self.group_of
                ),
                default=0,
            )
        else:
            self.most_rematches = max((len(forbidden[p]) for p in self.group_of), default=0)
        self.below: list[int] = [0] * (k + 1)  # players in groups g and lower
        for g in range(k - 1, -1, -1):
            self.below[g] = self.below[g + 1] + len(groups[g])
        # classes_below[g]: how many players of each avatar class groups g and lower hold.
        self.classes_below: list[dict[int | None, int]] = [{} for _ in range(k + 1)]
        if self.any_class:
            counts: dict[int | None, int] = {}
            for g in range(k - 1, -1, -1):
                for p in groups[g]:
                    if avatar_class[p] is not None:
                        counts[avatar_class[p]] = counts.get(avatar_class[p], 0) + 1
                self.classes_below[g] = dict(counts)
        self._pairable_cache: dict[frozenset[int], bool] = {}
        self._deficiency_cache: dict[frozenset[int], int] = {}
        self.states = 0  # states searched, against SAFETY_NET_STATES
        self.searching = False  # the net holds the search only, not the question whether a pairing exists

    def pairable_at_all(self) -> bool:
        """Whether every player can be paired with allowed games."""
        return self._completable(0, frozenset())

    def _count_work(self, steps: int = 1) -> None:
        self.states += steps
        if self.searching and self.states > SAFETY_NET_STATES:
            raise PastTheNet

    def _pool(self, g: int, floaters: frozenset[int]) -> frozenset[int]:
        return floaters.union(self.groups[g])

    def _surely_pairable(self, players: Collection[int]) -> bool:
        """Dirac: r players, each barred from at most d of the others, pair if r >= 2d + 2."""
        size = len(players)
        limit = self.most_rematches
        if size < 2 * limit + 2:
            return False
        if self.any_class:
            classes: dict[int, int] = {}
            for p in players:
                c = self.avatar_class[p]
                if c is not None:
                    classes[c] = classes.get(c, 0) + 1
            if classes:
                limit += max(classes.values()) - 1
        return size >= 2 * limit + 2

    def _pairable(self, players: frozenset[int]) -> bool:
        """Whether these players can all be paired with allowed games."""
        if len(players) & 1:
            return False
        if not players or self._surely_pairable(players):
            return True
        known = self._pairable_cache.get(players)
        if known is None:
            self._count_work()
            known = self._pairable_cache[players] = not self._outnumbered(players) and (
                self._paired_greedily(players) or self._deficiency(players) == 0
            )
        return known

    def _outnumbered(self, players: frozenset[int]) -> bool:
        """Whether one avatar class is more than half of these players (then they cannot all pair)."""
        if not self.any_class:
            return False
        counts: dict[int, int] = {}
        for p in players:
            c = self.avatar_class[p]
            if c is not None:
                counts[c] = counts.get(c, 0) + 1
        return 2 * max(counts.values(), default=0) > len(players)

    def _paired_greedily(self, players: frozenset[int]) -> bool:
        """Whether a quick pairing of these players, largest avatar class first, pairs them all.

        A proof when it succeeds (the pairing exists); when it does not, the blossom
        matching decides. Lopsided Fallen-wizard fields, where Dirac's bound does not hold,
        are nearly always paired this way at once.
        """
        if not self.any_class or len(players) < 16:
            return False
        size_of: dict[int | None, int] = {}
        for p in players:
            size_of[self.avatar_class[p]] = size_of.get(self.avatar_class[p], 0) + 1
        ordered = sorted(players, key=lambda p: (-size_of[self.avatar_class[p]], self.group_of[p], self.rank[p]))
        return greedy_then_mended(ordered, self.forbidden) is not None

    def _deficiency(self, players: frozenset[int]) -> int:
        """Players left unpaired by a largest set of allowed games among ``players``."""
        known = self._deficiency_cache.get(players)
        if known is None:
            if self._surely_pairable(players) or (len(players) > 1 and self._surely_pairable(list(players)[1:])):
                known = len(players) & 1
            else:
                mate = maximum_matching(self._adjacency(sorted(players)))
                known = sum(1 for m in mate if m == -1)
            self._deficiency_cache[players] = known
        return known

    def _completable(self, g: int, floaters: frozenset[int]) -> bool:
        """Whether the floaters and every player from group g down can all be paired."""
        if not self.any_class and len(floaters) + self.below[g] >= 2 * self.most_rematches + 2:
            return True
        if self.any_class:
            counts = dict(self.classes_below[g])
            for f in floaters:
                c = self.avatar_class[f]
                if c is not None:
                    counts[c] = counts.get(c, 0) + 1
            if 2 * max(counts.values(), default=0) > len(floaters) + self.below[g]:
                return False  # a class outnumbers everyone else: its players only meet the others
        everyone = floaters.union(*self.groups[g:])
        return self._pairable(everyone)

    def _adjacency(self, ordered: list[int]) -> list[list[int]]:
        position = {p: n for n, p in enumerate(ordered)}
        return [[position[q] for q in ordered if q != p and q not in self.forbidden[p]] for p in ordered]

    def _nearest_pairing(self) -> list[tuple[int, int]]:
        """What the safety net falls back on: a complete allowed pairing, nearest groups first."""
        everyone = [p for members in self.groups for p in members]
        pairs, alone = nearest_first_pairs(everyone, self.group_of, self.forbidden)
        assert not alone, "the caller checked that an allowed pairing exists"
        return pairs

    def _pair(self, pool: frozenset[int], leftover: frozenset[int]) -> list[tuple[int, int]]:
        """A perfect allowed matching of the pool less the leftover, in the seed's order.

        Floaters come first, so each meets the first player of the group's random order
        they may meet, as the texts' procedure would pair them.
        """
        ordered = sorted(pool - leftover, key=lambda p: (self.group_of[p], self.rank[p]))
        # The seed's order first; a blossom matching only if that leaves someone out.
        pairs = greedy_then_mended(ordered, self.forbidden)
        if pairs is not None:
            return pairs
        mate = maximum_matching(self._adjacency(ordered))
        pairs = [(ordered[a], ordered[b]) for a, b in enumerate(mate) if a < b]
        assert 2 * len(pairs) == len(ordered), "the search only leaves pools that pair"
        return pairs


def nearest_first_pairs(
    ordered: list[int], group_of: Mapping[int, int] | Sequence[int], forbidden: Sequence[set[int]]
) -> tuple[list[tuple[int, int]], list[int]]:
    """As many allowed games as possible among ``ordered`` (top group first), and who is left.

    A blossom matching started greedily from the top, each player offered their nearest
    score groups first: the safety net's pairing (``SAFETY_NET_STATES``).
    """
    position = {p: n for n, p in enumerate(ordered)}
    adjacency = []
    for p in ordered:
        allowed = [q for q in ordered if q != p and q not in forbidden[p]]
        allowed.sort(key=lambda q: (abs(group_of[q] - group_of[p]), position[q]))
        adjacency.append([position[q] for q in allowed])
    mate = maximum_matching(adjacency)
    pairs = [(ordered[a], ordered[b]) for a, b in enumerate(mate) if a < b]
    return pairs, [p for n, p in enumerate(ordered) if mate[n] == -1]
