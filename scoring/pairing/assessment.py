"""The report on a pairing: how a round departs from the ideal, as counts and as sentences.

Every round the engine pairs carries it (``PairingResult.quality``, with ``proven_optimal``
added by ``scoring.pairing.next_round``); a coordinator who swaps players by hand sees it
again, so that each rematch, clash of Fallen-wizards, game between different point
totals and repeated bye is named with its players and its clause (Version 3 and Policy
Number 4, "Pairing Players" and "Awarding Byes"; Policy #1, Swiss System).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..archive.document import Archive
from ..messages import _
from ..policies.terms import points_json
from .history import PairingHistory, pairing_history


def assess_pairing(
    archive: Archive,
    bye: str | None,
    games: tuple[tuple[int, str, str], ...] | list[tuple[int, str, str]],
    *,
    history: PairingHistory | None = None,
) -> tuple[dict[str, Any], list[str]]:
    """How a proposed next round departs from the ideal, as counts and as sentences.

    ``archive`` holds the rounds before the proposed one. Counts: rematches, avatar
    clashes (Fallen-wizard-only events), games between different point totals, the
    largest gap, and a repeated bye. Each sentence names the players and the clause,
    so a coordinator who swaps players by hand sees what the swap costs.
    """
    policy = archive.policy
    history = history if history is not None else pairing_history(archive)
    fallen_wizards_only = archive.event.format == "fallen-wizard-only"
    name = {p.id: p.name for p in archive.players}
    warnings: list[str] = []
    rematches = clashes = floats = 0
    largest_gap = 0
    for table, a, b in games:
        met = history.met[a].get(b)
        if met is not None:
            rematches += 1
            warnings.append(
                _(
                    "Table %(table)s: %(first)s and %(second)s already played in round %(round)s (a "
                    "rematch; %(clause)s)",
                    table=table,
                    first=name[a],
                    second=name[b],
                    round=met,
                    clause=policy.rematch_clause,
                )
            )
        avatar_a, avatar_b = archive.by_id[a].avatar, archive.by_id[b].avatar
        if fallen_wizards_only and avatar_a is not None and avatar_a == avatar_b:
            clashes += 1
            # Translators: avatar is the name of a Fallen-wizard card both players play.
            warnings.append(
                _(
                    "Table %(table)s: %(first)s and %(second)s both play %(avatar)s (Fallen-wizard-only events pair "
                    "different Fallen-wizards)",
                    table=table,
                    first=name[a],
                    second=name[b],
                    avatar=avatar_a,
                )
            )
        gap = abs(history.units[a] - history.units[b])
        if gap:
            floats += 1
            largest_gap = max(largest_gap, gap)
            warnings.append(
                _(
                    "Table %(table)s: %(first)s (%(first_points)s points) and %(second)s "
                    "(%(second_points)s points) are "
                    "%(gap)s points apart (%(clause)s)",
                    table=table,
                    first=name[a],
                    first_points=history.points(a),
                    second=name[b],
                    second_points=history.points(b),
                    gap=Fraction(gap, history.unit),
                    clause=policy.pairing_clause,
                )
            )
    repeat_bye = bye is not None and history.byes[bye] > 0
    if repeat_bye:
        said = {"player": name[bye], "round": history.first_bye[bye], "clause": policy.bye_clause}  # type: ignore[index]
        warnings.append(
            _("%(player)s already had a bye in round %(round)s (no player should receive two byes; %(clause)s)", **said)
            if policy.no_second_bye
            else _("%(player)s already had a bye in round %(round)s (byes should go round; %(clause)s)", **said)
        )
    quality = {
        "rematches": rematches,
        "avatar_clashes": clashes,
        "floats": floats,
        "max_point_gap": points_json(Fraction(largest_gap, history.unit)),
        "repeat_bye": repeat_bye,
    }
    return quality, warnings
