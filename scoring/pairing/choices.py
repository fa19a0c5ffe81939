"""The ways the group search may leave players of a pool over, in the order it tries them.

``scoring.pairing.groups`` pairs a round score group by score group; at each group it
chooses who of the pool floats further down. These are the choices it walks through:
the floaters left over, cheapest first, and the group's own players, less the choices
that would leave one Fallen-wizard outnumbering the rest of the pool (such players can
never all be paired, Version 3 and Policy Number 4, Single Alignment).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import chain, combinations, product
from typing import cast


def floaters_out(
    floaters: frozenset[int], group_of: Mapping[int, int], w_skip: list[int], last: bool
) -> Iterator[tuple[int, list[tuple[int, ...]]]]:
    """The ways to leave floaters over, cheapest first: (their cost, the ways at that cost).

    A floater left over costs a skip of its own group, and a higher group's skip
    outweighs any number of lower ones': so the costs run in the order of how many
    are left over of the highest group, then of the next, and so on. Generated as
    asked, since the search seldom goes past the first few costs (there are
    2 ** floaters ways in all). Ways of one cost come in the order of their players
    (group, then index).
    """
    by_group: dict[int, list[int]] = {}
    for f in sorted(floaters, key=lambda f: (group_of[f], f)):
        by_group.setdefault(group_of[f], []).append(f)
    if last or not by_group:
        yield 0, [()]
        return
    higher = sorted(by_group)
    members = [by_group[h] for h in higher]
    for counts in product(*(range(len(m) + 1) for m in members)):
        cost = sum(n * w_skip[h] for n, h in zip(counts, higher, strict=False))
        runs = [
            tuple(chain.from_iterable(parts))
            for parts in product(*(combinations(m, n) for m, n in zip(members, counts, strict=False)))
        ]
        yield cost, runs


def balanced_choices(
    candidates: list[int], t: int, rest: frozenset[int], avatar_class: list[int | None]
) -> Iterator[tuple[int, ...]]:
    """``combinations(candidates, t)``, in its order, less the choices that leave an
    avatar class outnumbering the others in ``rest`` (those players never pair).

    In a Fallen-wizard-only field most ways of leaving players over from a pool of
    one Fallen-wizard leave it outnumbered; they are skipped here, a whole branch at
    a time, instead of one pairability check each (each a step towards the safety
    net). A choice must take at least ``need[c]`` players of each class c that has
    more than half of what stays; whether a branch can still do so is exact, so
    every branch followed yields.
    """
    half = (len(rest) - t) // 2
    counts: dict[int, int] = {}
    for p in rest:
        c = avatar_class[p]
        if c is not None:
            counts[c] = counts.get(c, 0) + 1
    need = {c: n - half for c, n in counts.items() if n > half}
    if not need:
        yield from combinations(candidates, t)
        return
    n = len(candidates)
    cls = [avatar_class[p] if avatar_class[p] in need else None for p in candidates]
    left = {c: [0] * (n + 1) for c in need}  # left[c][i]: class c players at positions i and after
    for i in range(n - 1, -1, -1):
        for c, counted in left.items():
            counted[i] = counted[i + 1] + (cls[i] == c)

    def feasible(i: int, slots: int) -> bool:
        if n - i < slots:
            return False
        owed = 0
        for c, k in need.items():
            if k > 0:
                if left[c][i] < k:
                    return False
                owed += k
        return owed <= slots

    if not feasible(0, t):
        return
    chosen: list[int] = []
    i = 0
    while True:
        # The first choice from position i on: take each player whose taking still
        # leaves a way through, else pass them (then passing does).
        while len(chosen) < t:
            c = cls[i]
            if c is not None:
                need[c] -= 1
            if feasible(i + 1, t - len(chosen) - 1):
                chosen.append(i)
            elif c is not None:
                need[c] += 1
            i += 1
        yield tuple(candidates[j] for j in chosen)
        # The next choice: pass the last taken player that can be passed.
        while chosen:
            j = chosen.pop()
            if cls[j] is not None:
                need[cast(int, cls[j])] += 1
            if feasible(j + 1, t - len(chosen)):
                i = j + 1
                break
        else:
            return


def class_excess(players: frozenset[int], avatar_class: list[int | None]) -> int:
    """Players an avatar class has beyond all the others among ``players``: at least
    that many of them are left unpaired by any set of allowed games."""
    counts: dict[int, int] = {}
    for p in players:
        c = avatar_class[p]
        if c is not None:
            counts[c] = counts.get(c, 0) + 1
    return max(0, 2 * max(counts.values(), default=0) - len(players))
