"""Maximum cardinality matching in a general graph (Edmonds' blossom algorithm).

The pairing engine asks one question of it: can these players all be paired using only
allowed games (no rematch, no clash of Fallen-wizards)? Graphs here are small (the
tail of a pairing, or a small event), so the simple O(V^3) form is enough.
"""

from __future__ import annotations

from collections import deque
from typing import Sequence


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
