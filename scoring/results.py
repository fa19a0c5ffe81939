"""Game results and the tournament points they are worth under a policy.

A result is plain data seen from ``players[0]`` and ``players[1]`` of a game, for
example ``{"kind": "council", "mp": [20, 10]}``. ``score_result`` checks it against the
policy and returns the points of both players with the clause that awards them.
MP ratios are compared in integers, so 15-10 is exactly ratio 1.5.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from .errors import RuleError
from .limits import MP_LIMIT
from .policies import Policy

RESULT_KINDS = ("council", "one-ring", "wizard-eliminated", "tie", "forfeit", "scenario")
FORFEIT_REASONS = ("stall", "drop", "cheat", "no-show")
DECK_CAPABILITIES = ("one-ring", "marshalling-points")
SCENARIO_HOW = ("victory", "rank")


# How a won game counts in Policy #1's tie-break criteria II-VI.
ONE_RING = "one-ring"
RATIO_2 = "ratio-2"
RATIO_15 = "ratio-1.5"
RATIO_1 = "ratio-1"
WIZARD_ELIMINATED = "wizard-eliminated"
WEAKEST_LINK = "weakest-link"
TIE = "tie"
FORFEIT = "forfeit"
SCENARIO = "scenario"

# The key an elimination game's result carries when the game ends level: the player
# (0 or 1) who won the dice roll and goes on.
ROLL_WINNER = "roll_winner"
DICE_CLAUSE = "Policy #1, General 5 and 6: in elimination, tied players roll dice, the highest roller wins"


@dataclass(frozen=True)
class ScoredResult:
    """A checked result: points for both players and why.

    ``winner`` is 0 or 1, or None for a tie. ``method`` is how the game was decided;
    ``counts_as`` is the method it counts as in Policy #1's tie-break tallies (a
    forfeit counts as the win whose points it awarded, see docs/rules.md).
    """

    points: tuple[Fraction, Fraction]
    winner: int | None
    method: str
    counts_as: str
    explanation: str
    clause: str
    mp: tuple[int, int] | None = None
    # In an elimination game that ended level: the player who won the dice roll.
    roll_winner: int | None = None

    @property
    def goes_on(self) -> int | None:
        """The player (0 or 1) who wins the game for a bracket: the winner, else the dice roll's."""
        return self.winner if self.winner is not None else self.roll_winner


def _expect_keys(result: dict, allowed: set[str], field: str) -> None:
    unknown = sorted(set(result) - allowed)
    if unknown:
        raise RuleError(
            f"unexpected field {unknown[0]!r} for a {result['kind']!r} result; "
            f"allowed: {', '.join(sorted(allowed))}",
            field=f"{field}.{unknown[0]}",
        )


def _player_index(result: dict, key: str, field: str, *, allow_none: bool = False) -> int | None:
    if key not in result:
        raise RuleError(f"{key!r} is required (0 or 1, the index in players)", field=f"{field}.{key}")
    value = result[key]
    if value is None and allow_none:
        return None
    if type(value) is not int or value not in (0, 1):  # not True, not 1.0
        choices = "0, 1 or null" if allow_none else "0 or 1"
        raise RuleError(f"{key} must be {choices}, not {value!r}", field=f"{field}.{key}")
    return value


def _whole_mp(value: object, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"marshalling points must be whole numbers, not {value!r}", field=field)
    if abs(value) > MP_LIMIT:
        raise RuleError(f"{value} marshalling points is out of range (at most {MP_LIMIT} either way)", field=field)
    return value


def _tie(
    policy: Policy, explanation: str, clause: str, mp: tuple[int, int] | None = None, points: int | None = None
) -> ScoredResult:
    tie = policy.tie_points if points is None else points
    return ScoredResult(
        points=(Fraction(tie), Fraction(tie)),
        winner=None,
        method=TIE,
        counts_as=TIE,
        explanation=f"{explanation}: {tie}-{tie}",
        clause=clause,
        mp=mp,
    )


def _both(winner: int, win: Fraction | int, lose: Fraction | int) -> tuple[Fraction, Fraction]:
    pair = [Fraction(lose), Fraction(lose)]
    pair[winner] = Fraction(win)
    return pair[0], pair[1]


def score_result(
    policy: Policy,
    game_type: str,
    result: object,
    deck_capabilities: tuple[str, str] = ("marshalling-points", "marshalling-points"),
    field: str = "result",
    *,
    elimination: bool = False,
) -> ScoredResult:
    """Check a game result against ``policy`` and return the points of both players.

    Rejects, with the field and the rule, any kind the policy or the game type does not
    allow (a Wizard elimination where it no longer ends the game, a Weakest Link under
    Policy Number 4, a One Ring win in a scenario game) and any malformed value.

    In an ``elimination`` game a result that ends level must name the winner of the dice
    roll (``roll_winner``, General 5 and 6), and only such a result may; the points stay
    those the policy gives, as no standings count them (docs/rules.md, reading 56).
    """
    roll_winner = None
    if isinstance(result, dict) and ROLL_WINNER in result:
        if not elimination:
            raise RuleError("a dice roll settles only a tied game of an elimination stage",
                            field=f"{field}.{ROLL_WINNER}", rule=DICE_CLAUSE)
        roll_winner = _player_index(result, ROLL_WINNER, field)
        result = {key: value for key, value in result.items() if key != ROLL_WINNER}
    scored = _score(policy, game_type, result, deck_capabilities, field)
    if not elimination:
        return scored
    if scored.winner is None and roll_winner is None:
        raise RuleError("the game ended level: an elimination game needs the winner of the dice roll",
                        field=f"{field}.{ROLL_WINNER}", rule=DICE_CLAUSE)
    if scored.winner is not None and roll_winner is not None:
        raise RuleError("this game has its winner: only a tied game goes to the dice",
                        field=f"{field}.{ROLL_WINNER}", rule=DICE_CLAUSE)
    if roll_winner is None:
        return scored
    return replace(scored, roll_winner=roll_winner,
                   explanation=f"{scored.explanation}; players[{roll_winner}] won the dice roll and goes on")


def _score(policy: Policy, game_type: str, result: object, deck_capabilities: tuple[str, str],
           field: str) -> ScoredResult:
    policy.check_game_type(game_type)
    if not isinstance(result, dict):
        raise RuleError("a result must be an object with a 'kind'", field=field)
    kind = result.get("kind")
    if kind not in RESULT_KINDS:
        raise RuleError(f"unknown result kind {kind!r}; one of: {', '.join(RESULT_KINDS)}", field=f"{field}.kind")
    scenario_game = game_type == "scenario"
    if scenario_game and kind not in ("scenario", "forfeit"):
        raise RuleError(
            f"a scenario game ends by victory conditions or rank, not {kind!r}",
            field=f"{field}.kind",
            rule=policy.scenario_clause,
        )
    if kind == "scenario" and not scenario_game:
        raise RuleError(
            f"a scenario result needs a scenario game; this event plays {game_type}",
            field=f"{field}.kind",
            rule=policy.scenario_clause,
        )
    if kind == "council":
        return _score_council(policy, result, field)
    if kind == "one-ring":
        _expect_keys(result, {"kind", "winner"}, field)
        winner = _player_index(result, "winner", field)
        points = policy.one_ring_points[game_type]
        return ScoredResult(
            points=_both(winner, points, 0),
            winner=winner,
            method=ONE_RING,
            counts_as=ONE_RING,
            explanation=f"The One Ring in a {game_type} game: {points}-0",
            clause=policy.one_ring_clause,
        )
    if kind == "wizard-eliminated":
        _expect_keys(result, {"kind", "winner"}, field)
        if policy.wizard_elimination_points is None:
            raise RuleError(
                f"an eliminated Wizard does not end the game under {policy.title}; "
                "record the Free Council result (the avatar's -5 MP where the policy gives it)",
                field=f"{field}.kind",
                rule=policy.wizard_elimination_clause,
            )
        winner = _player_index(result, "winner", field)
        win, lose = policy.wizard_elimination_points
        return ScoredResult(
            points=_both(winner, win, lose),
            winner=winner,
            method=WIZARD_ELIMINATED,
            counts_as=WIZARD_ELIMINATED,
            explanation=f"opponent's Wizard eliminated: {win}-{lose}",
            clause=policy.wizard_elimination_clause,
        )
    if kind == "tie":
        _expect_keys(result, {"kind"}, field)
        return _tie(policy, "tie (both Wizards fail, or simultaneous elimination)", policy.tie_clause)
    if kind == "forfeit":
        _expect_keys(result, {"kind", "winner", "reason"}, field)
        winner = _player_index(result, "winner", field)
        reason = result.get("reason")
        if reason not in FORFEIT_REASONS:
            raise RuleError(
                f"reason must be one of {', '.join(FORFEIT_REASONS)}, not {reason!r}", field=f"{field}.reason"
            )
        capability = deck_capabilities[winner]
        if capability not in DECK_CAPABILITIES:
            raise RuleError(f"unknown deck capability {capability!r}", field=f"players[{winner}].deck_capability")
        points = policy.max_points(game_type, capability)
        if scenario_game:
            counts_as = SCENARIO
        else:
            counts_as = ONE_RING if capability == "one-ring" else RATIO_2
        return ScoredResult(
            points=_both(winner, points, 0),
            winner=winner,
            method=FORFEIT,
            counts_as=counts_as,
            explanation=(
                f"forfeit ({reason}): the winner gets the maximum for a "
                f"{'scenario' if scenario_game else capability} deck, {points}-0"
            ),
            clause=policy.forfeit_clause,
        )
    # kind == "scenario"
    _expect_keys(result, {"kind", "winner", "how"}, field)
    winner = _player_index(result, "winner", field, allow_none=True)
    how = result.get("how")
    if how not in SCENARIO_HOW:
        raise RuleError(f"how must be 'victory' or 'rank', not {how!r}", field=f"{field}.how")
    table = policy.scenario_points
    if winner is None:
        if how != "rank":
            raise RuleError(
                "a tie is by equal rank; a victory needs a winner", field=f"{field}.how", rule=policy.scenario_clause
            )
        return _tie(policy, "scenario, equal rank", policy.scenario_clause, points=table["tie"])
    win, lose = (table["victory"], table["defeated"]) if how == "victory" else (table["higher-rank"], table["lower-rank"])
    return ScoredResult(
        points=_both(winner, win, lose),
        winner=winner,
        method=SCENARIO,
        counts_as=SCENARIO,
        explanation=f"scenario, {'victory conditions' if how == 'victory' else 'higher rank'}: {win}-{lose}",
        clause=policy.scenario_clause,
    )


def _score_council(policy: Policy, result: dict, field: str) -> ScoredResult:
    _expect_keys(result, {"kind", "mp", "weakest_link"}, field)
    mp = result.get("mp")
    if not isinstance(mp, (list, tuple)) or len(mp) != 2:
        raise RuleError("mp must be a list of two numbers, [players[0], players[1]]", field=f"{field}.mp")
    raw = (_whole_mp(mp[0], f"{field}.mp[0]"), _whole_mp(mp[1], f"{field}.mp[1]"))
    counted = raw
    note = ""
    if policy.negative_mp_count_as_zero and min(raw) < 0:
        counted = (max(raw[0], 0), max(raw[1], 0))
        note = f" (negative MP count as 0: {raw[0]}-{raw[1]} becomes {counted[0]}-{counted[1]}, {policy.negative_mp_clause})"
    weakest_link = result.get("weakest_link", None)
    a, b = counted
    if a == b:
        if policy.weakest_link_points is None:
            if weakest_link is not None:
                raise RuleError(
                    f"{policy.title} has no Weakest Link: equal MP is a tie",
                    field=f"{field}.weakest_link",
                    rule=policy.weakest_link_clause,
                )
            return _tie(policy, f"equal MP {a}-{b}{note}, tie", policy.weakest_link_clause, counted)
        if "weakest_link" not in result:
            raise RuleError(
                "equal MP: say who won the Weakest Link (0 or 1), or null if every character was corrupted away",
                field=f"{field}.weakest_link",
                rule=policy.weakest_link_clause,
            )
        winner = _player_index(result, "weakest_link", field, allow_none=True)
        if winner is None:
            return _tie(
                policy,
                f"equal MP {a}-{b}{note}, every character corrupted away in the Weakest Link, tie",
                policy.weakest_link_clause,
                counted,
            )
        win, lose = policy.weakest_link_points
        return ScoredResult(
            points=_both(winner, win, lose),
            winner=winner,
            method=WEAKEST_LINK,
            counts_as=WEAKEST_LINK,
            explanation=f"equal MP {a}-{b}, Weakest Link won by players[{winner}]: {win}-{lose}{note}",
            clause=policy.weakest_link_clause,
            mp=counted,
        )
    if weakest_link is not None:
        raise RuleError(
            "the Weakest Link only breaks equal MP; leave it empty when one player has more",
            field=f"{field}.weakest_link",
            rule=policy.weakest_link_clause,
        )
    winner = 0 if a > b else 1
    high, low = max(a, b), min(a, b)
    # Integer comparisons: high/low >= 2 is high >= 2*low; >= 1.5 is 2*high >= 3*low.
    if low <= 0:
        tier, why = 0, f"the loser has {low} MP, worth the winner 6"
    elif high >= 2 * low:
        tier, why = 0, f"ratio {high}/{low} is 2 or more"
    elif 2 * high >= 3 * low:
        tier, why = 1, f"ratio {high}/{low} is at least 1.5 and under 2"
    else:
        tier, why = 2, f"ratio {high}/{low} is over 1 and under 1.5"
    win, lose = policy.ratio_points[tier]
    method = (RATIO_2, RATIO_15, RATIO_1)[tier]
    return ScoredResult(
        points=_both(winner, win, lose),
        winner=winner,
        method=method,
        counts_as=method,
        explanation=f"MP {a}-{b}: {why}, {win}-{lose}{note}",
        clause=policy.ratio_clause,
        mp=counted,
    )
