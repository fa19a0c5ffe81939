"""A game decided at the Free Council: its marshalling points, their ratio, and the tournament points.

The winner is the player with more marshalling points; the ratio of the higher total to
the lower sets the tournament points (Policy #1, Tournament Points; Version 3 and Policy
Number 4, Marshalling Point Ratios), compared in integers, so 15-10 is exactly ratio
1.5. Equal totals are a tie, or, where the policy has it, decided by the Weakest Link
Method. Negative totals count as 0 where the policy says so, and the explanation shows
both the points as played and as counted.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..errors import RuleError
from ..limits import MP_LIMIT
from ..messages import _
from ..policies.terms import Policy
from .scored import (
    RATIO_1,
    RATIO_2,
    RATIO_15,
    WEAKEST_LINK,
    ScoredResult,
    both_points,
    expect_keys,
    player_index,
    tied_game,
)


def _whole_mp(value: object, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(_("marshalling points must be whole numbers, not %(value)s", value=repr(value)), field=field)
    if abs(value) > MP_LIMIT:
        raise RuleError(
            _(
                "%(value)s marshalling points is out of range (at most %(limit)s either way)",
                value=value,
                limit=MP_LIMIT,
            ),
            field=field,
        )
    return value


def score_council(policy: Policy, result: dict[str, Any], field: str) -> ScoredResult:
    """A ``council`` result (``{"kind": "council", "mp": [20, 10]}``, with ``weakest_link`` on equal MP) scored."""
    expect_keys(result, {"kind", "mp", "weakest_link"}, field)
    win: Fraction | int  # a Weakest Link's points are fractions under Version 3, a ratio's whole
    lose: Fraction | int
    mp = result.get("mp")
    if not isinstance(mp, (list, tuple)) or len(mp) != 2:
        raise RuleError(_("mp must be a list of two numbers, [players[0], players[1]]"), field=f"{field}.mp")
    raw = (_whole_mp(mp[0], f"{field}.mp[0]"), _whole_mp(mp[1], f"{field}.mp[1]"))
    counted = raw
    negative = policy.negative_mp_count_as_zero and min(raw) < 0
    if negative:
        counted = (max(raw[0], 0), max(raw[1], 0))
    weakest_link = result.get("weakest_link")
    a, b = counted
    # Every explanation below has a second form for negative MP counted as 0: it shows the MP
    # as played (raw_a-raw_b) and as counted (mp_a-mp_b), with the policy's clause.
    said = {"mp_a": a, "mp_b": b, "raw_a": raw[0], "raw_b": raw[1], "clause": policy.negative_mp_clause}
    if a == b:
        if policy.weakest_link_points is None:
            if weakest_link is not None:
                raise RuleError(
                    _("%(policy)s has no Weakest Link: equal MP is a tie", policy=policy.title),
                    field=f"{field}.weakest_link",
                    rule=policy.weakest_link_clause,
                )
            tie = policy.tie_points
            explanation = (
                _(
                    "equal MP %(mp_a)s-%(mp_b)s (negative MP count as 0: %(raw_a)s-%(raw_b)s becomes "
                    "%(mp_a)s-%(mp_b)s, %(clause)s), tie: %(tie)s-%(tie)s",
                    tie=tie,
                    **said,
                )
                if negative
                else _("equal MP %(mp_a)s-%(mp_b)s, tie: %(tie)s-%(tie)s", tie=tie, mp_a=a, mp_b=b)
            )
            return tied_game(tie, explanation, policy.weakest_link_clause, counted)
        if "weakest_link" not in result:
            raise RuleError(
                _("equal MP: say who won the Weakest Link (0 or 1), or null if every character was corrupted away"),
                field=f"{field}.weakest_link",
                rule=policy.weakest_link_clause,
            )
        winner = player_index(result, "weakest_link", field, allow_none=True)
        if winner is None:
            tie = policy.tie_points
            explanation = (
                _(
                    "equal MP %(mp_a)s-%(mp_b)s (negative MP count as 0: %(raw_a)s-%(raw_b)s becomes "
                    "%(mp_a)s-%(mp_b)s, %(clause)s), every character corrupted away in the Weakest Link, tie: "
                    "%(tie)s-%(tie)s",
                    tie=tie,
                    **said,
                )
                if negative
                else _(
                    "equal MP %(mp_a)s-%(mp_b)s, every character corrupted away in the Weakest Link, tie: "
                    "%(tie)s-%(tie)s",
                    tie=tie,
                    mp_a=a,
                    mp_b=b,
                )
            )
            return tied_game(tie, explanation, policy.weakest_link_clause, counted)
        win, lose = policy.weakest_link_points
        explanation = (
            # Translators: player is 0 or 1, the player's index in the game ("players[0]").
            _(
                "equal MP %(mp_a)s-%(mp_b)s, Weakest Link won by players[%(player)s]: %(win)s-%(lose)s (negative MP "
                "count as 0: %(raw_a)s-%(raw_b)s becomes %(mp_a)s-%(mp_b)s, %(clause)s)",
                player=winner,
                win=win,
                lose=lose,
                **said,
            )
            if negative
            # Translators: player is 0 or 1, the player's index in the game ("players[0]").
            else _(
                "equal MP %(mp_a)s-%(mp_b)s, Weakest Link won by players[%(player)s]: %(win)s-%(lose)s",
                player=winner,
                win=win,
                lose=lose,
                mp_a=a,
                mp_b=b,
            )
        )
        return ScoredResult(
            points=both_points(winner, win, lose),
            winner=winner,
            method=WEAKEST_LINK,
            counts_as=WEAKEST_LINK,
            explanation=explanation,
            clause=policy.weakest_link_clause,
            mp=counted,
        )
    if weakest_link is not None:
        raise RuleError(
            _("the Weakest Link only breaks equal MP; leave it empty when one player has more"),
            field=f"{field}.weakest_link",
            rule=policy.weakest_link_clause,
        )
    winner = 0 if a > b else 1
    high, low = max(a, b), min(a, b)
    # Integer comparisons: high/low >= 2 is high >= 2*low; >= 1.5 is 2*high >= 3*low.
    if low <= 0:
        tier, why = 0, _("the loser has %(mp)s MP, worth the winner 6", mp=low)
    elif high >= 2 * low:
        tier, why = 0, _("ratio %(high)s/%(low)s is 2 or more", high=high, low=low)
    elif 2 * high >= 3 * low:
        tier, why = 1, _("ratio %(high)s/%(low)s is at least 1.5 and under 2", high=high, low=low)
    else:
        tier, why = 2, _("ratio %(high)s/%(low)s is over 1 and under 1.5", high=high, low=low)
    win, lose = policy.ratio_points[tier]
    method = (RATIO_2, RATIO_15, RATIO_1)[tier]
    explanation = (
        # Translators: why is the ratio's reading ("ratio 20/10 is 2 or more"); win-lose are tournament points.
        _(
            "MP %(mp_a)s-%(mp_b)s: %(why)s, %(win)s-%(lose)s (negative MP count as 0: %(raw_a)s-%(raw_b)s becomes "
            "%(mp_a)s-%(mp_b)s, %(clause)s)",
            why=why,
            win=win,
            lose=lose,
            **said,
        )
        if negative
        else _("MP %(mp_a)s-%(mp_b)s: %(why)s, %(win)s-%(lose)s", why=why, win=win, lose=lose, mp_a=a, mp_b=b)
    )
    return ScoredResult(
        points=both_points(winner, win, lose),
        winner=winner,
        method=method,
        counts_as=method,
        explanation=explanation,
        clause=policy.ratio_clause,
        mp=counted,
    )
