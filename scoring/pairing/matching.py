"""Maximum cardinality matching in a general graph (Edmonds' blossom algorithm).

The pairing engine asks one question of it: can these players all be paired using only
allowed games (no rematch, no clash of Fallen-wizards)? Graphs here are small (the
tail of a pairing, or a small event), so the simple O(V^3) form is enough. Large pools,
where every player may meet most of the others, are paired in near-linear time by
``greedy_then_mended``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence


def maximum_matching(adjacency: Sequence[Sequence[int]]) -> list[int]:
    """Mates of a maximum matching: ``mate[v]`` is v's partner, or -1 if unmatched.

    ``adjacency[v]`` lists the neighbours of vertex v (0..n-1); the graph is undirected.
    """
    n = len(adjacency)
    mate = [-1] * n
    # A greedy start leaves few vertices for the augmenting searches.
    for v in range(n):
        if mate[v] == -1:
            for u in adjacency[v]:
                if mate[u] == -1 and u != v:
                    mate[v], mate[u] = u, v
                    break
    for root in range(n):
        if mate[root] == -1:
            end, parent = _augmenting_path(adjacency, mate, root)
            while end != -1:
                previous = parent[end]
                next_end = mate[previous]
                mate[end], mate[previous] = previous, end
                end = next_end
    return mate


def matching_size(adjacency: Sequence[Sequence[int]]) -> int:
    """Number of edges in a maximum matching."""
    return sum(1 for v, m in enumerate(maximum_matching(adjacency)) if m > v)


def _augmenting_path(adjacency: Sequence[Sequence[int]], mate: list[int], root: int) -> tuple[int, list[int]]:
    """BFS over alternating paths from a free root, contracting odd cycles (blossoms)."""
    n = len(adjacency)
    parent = [-1] * n
    base = list(range(n))
    in_tree = [False] * n  # "even" vertices: reached by an even-length alternating path
    in_tree[root] = True
    queue = deque([root])

    def lowest_common_base(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark_blossom(v: int, blossom_base: int, child: int, in_blossom: list[bool]) -> None:
        while base[v] != blossom_base:
            in_blossom[base[v]] = in_blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    while queue:
        v = queue.popleft()
        for to in adjacency[v]:
            if base[v] == base[to] or mate[v] == to:
                continue
            if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                blossom_base = lowest_common_base(v, to)
                in_blossom = [False] * n
                mark_blossom(v, blossom_base, to, in_blossom)
                mark_blossom(to, blossom_base, v, in_blossom)
                for i in range(n):
                    if in_blossom[base[i]]:
                        base[i] = blossom_base
                        if not in_tree[i]:
                            in_tree[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if mate[to] == -1:
                    return to, parent
                in_tree[mate[to]] = True
                queue.append(mate[to])
    return -1, parent


def greedy_then_mended(ordered: list[int], forbidden: list[set[int]]) -> list[tuple[int, int]] | None:
    """Pair each player with the first free one they may meet; mend what is left.

    The players left unpaired have all met each other (each was free when the earlier
    one looked). When every player may meet at least half of the others, two of them
    u and v always find a game (x, y) with u allowed against x and v against y to take
    apart (the counting argument of Dirac's theorem), so the mending never fails there.
    """
    mate: dict[int, int] = {}
    size = len(ordered)
    for i, p in enumerate(ordered):
        if p in mate:
            continue
        barred = forbidden[p]
        j = i + 1
        while j < size:
            q = ordered[j]
            if q not in mate and q not in barred:
                mate[p], mate[q] = q, p
                break
            j += 1
    alone = [p for p in ordered if p not in mate]
    while alone:
        u, v = alone.pop(), alone.pop()
        for x in ordered:
            y = mate.get(x)
            if y is None or x in (u, v):
                continue
            if x not in forbidden[u] and y not in forbidden[v]:
                mate[u], mate[x], mate[v], mate[y] = x, u, y, v
                break
        else:
            return None
    position = {p: n for n, p in enumerate(ordered)}
    return [(p, mate[p]) for p in ordered if position[p] < position[mate[p]]]
