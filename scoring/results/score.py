"""Game results and the tournament points they are worth under a policy.

A result is plain data seen from ``players[0]`` and ``players[1]`` of a game, for
example ``{"kind": "council", "mp": [20, 10]}``. ``score_result`` checks it against the
policy and returns the points of both players with the clause that awards them.
MP ratios are compared in integers, so 15-10 is exactly ratio 1.5.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from ..errors import RuleError
from ..limits import MP_LIMIT
from ..messages import Text, _
from ..policies.game_types import GAME_TYPE_WORDS
from ..policies.terms import Policy
from .words import DECK_WORDS, FORFEIT_REASON_WORDS

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
            _(
                "unexpected field %(name)s for a %(kind)s result; allowed: %(allowed)s",
                name=repr(unknown[0]),
                kind=repr(result["kind"]),
                allowed=tuple(sorted(allowed)),
            ),
            field=f"{field}.{unknown[0]}",
        )


def _player_index(result: dict, key: str, field: str, *, allow_none: bool = False) -> int | None:
    if key not in result:
        raise RuleError(_("%(key)s is required (0 or 1, the index in players)", key=repr(key)), field=f"{field}.{key}")
    value = result[key]
    if value is None and allow_none:
        return None
    if type(value) is not int or value not in (0, 1):  # not True, not 1.0
        message = (
            _("%(key)s must be 0, 1 or null, not %(value)s", key=key, value=repr(value))
            if allow_none
            else _("%(key)s must be 0 or 1, not %(value)s", key=key, value=repr(value))
        )
        raise RuleError(message, field=f"{field}.{key}")
    return value


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


def _tie(tie: int, explanation: Text, clause: str, mp: tuple[int, int] | None = None) -> ScoredResult:
    """A tied game worth ``tie`` points each; ``explanation`` already ends with them ("...: 3-3")."""
    return ScoredResult(
        points=(Fraction(tie), Fraction(tie)),
        winner=None,
        method=TIE,
        counts_as=TIE,
        explanation=explanation,
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
            raise RuleError(
                _("a dice roll settles only a tied game of an elimination stage"),
                field=f"{field}.{ROLL_WINNER}",
                rule=DICE_CLAUSE,
            )
        roll_winner = _player_index(result, ROLL_WINNER, field)
        result = {key: value for key, value in result.items() if key != ROLL_WINNER}
    scored = _score(policy, game_type, result, deck_capabilities, field)
    if not elimination:
        return scored
    if scored.winner is None and roll_winner is None:
        raise RuleError(
            _("the game ended level: an elimination game needs the winner of the dice roll"),
            field=f"{field}.{ROLL_WINNER}",
            rule=DICE_CLAUSE,
        )
    if scored.winner is not None and roll_winner is not None:
        raise RuleError(
            _("this game has its winner: only a tied game goes to the dice"),
            field=f"{field}.{ROLL_WINNER}",
            rule=DICE_CLAUSE,
        )
    if roll_winner is None:
        return scored
    # Translators: explanation is how the game was scored ("equal MP 10-10, tie: 3-3"); player is 0 or 1.
    explanation = _(
        "%(explanation)s; players[%(player)s] won the dice roll and goes on",
        explanation=scored.explanation,
        player=roll_winner,
    )
    return replace(scored, roll_winner=roll_winner, explanation=explanation)


def _score(
    policy: Policy, game_type: str, result: object, deck_capabilities: tuple[str, str], field: str
) -> ScoredResult:
    policy.check_game_type(game_type)
    if not isinstance(result, dict):
        raise RuleError(_("a result must be an object with a 'kind'"), field=field)
    kind = result.get("kind")
    if kind not in RESULT_KINDS:
        raise RuleError(
            _("unknown result kind %(kind)s; one of: %(choices)s", kind=repr(kind), choices=RESULT_KINDS),
            field=f"{field}.kind",
        )
    scenario_game = game_type == "scenario"
    if scenario_game and kind not in ("scenario", "forfeit"):
        raise RuleError(
            _("a scenario game ends by victory conditions or rank, not %(kind)s", kind=repr(kind)),
            field=f"{field}.kind",
            rule=policy.scenario_clause,
        )
    if kind == "scenario" and not scenario_game:
        raise RuleError(
            _(
                "a scenario result needs a scenario game; this event plays %(game_type)s",
                game_type=GAME_TYPE_WORDS.get(game_type, game_type),
            ),
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
            # Translators: game_type is a code such as "two-deck"; points are the winner's tournament points.
            explanation=_(
                "The One Ring in a %(game_type)s game: %(points)s-0",
                game_type=GAME_TYPE_WORDS[game_type],
                points=points,
            ),
            clause=policy.one_ring_clause,
        )
    if kind == "wizard-eliminated":
        _expect_keys(result, {"kind", "winner"}, field)
        if policy.wizard_elimination_points is None:
            raise RuleError(
                _(
                    "an eliminated Wizard does not end the game under %(policy)s; record the Free Council result "
                    "(the avatar's -5 MP where the policy gives it)",
                    policy=policy.title,
                ),
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
            explanation=_("opponent's Wizard eliminated: %(win)s-%(lose)s", win=win, lose=lose),
            clause=policy.wizard_elimination_clause,
        )
    if kind == "tie":
        _expect_keys(result, {"kind"}, field)
        if not policy.simultaneous_elimination_ties:
            raise RuleError(
                _(
                    "under %(policy)s an eliminated avatar no longer ends the game, so a game is tied only by equal "
                    "marshalling points: record the End-of-Game's MP",
                    policy=policy.title,
                ),
                field=f"{field}.kind",
                rule=policy.wizard_elimination_clause,
            )
        tie = policy.tie_points
        # Policy #1, General 6: "If each player's Wizard is eliminated by the corruption checks
        # made before the Free Council (or on the same round of The Weakest Link Method)".
        return _tie(
            tie,
            _("tie, both avatars eliminated at once (simultaneous elimination): %(tie)s-%(tie)s", tie=tie),
            policy.tie_clause,
        )
    if kind == "forfeit":
        _expect_keys(result, {"kind", "winner", "reason", "capability"}, field)
        winner = _player_index(result, "winner", field)
        reason = result.get("reason")
        if reason not in FORFEIT_REASONS:
            raise RuleError(
                _("reason must be one of %(choices)s, not %(reason)s", choices=FORFEIT_REASONS, reason=repr(reason)),
                field=f"{field}.reason",
            )
        # The winner's deck as judged when the forfeit was recorded, kept with it: a list
        # changed later does not rewrite the game (docs/rules.md, reading 77).
        if "capability" in result:
            capability, where = result["capability"], f"{field}.capability"
        else:
            capability, where = deck_capabilities[winner], f"players[{winner}].deck_capability"
        if capability not in DECK_CAPABILITIES:
            raise RuleError(_("unknown deck capability %(capability)s", capability=repr(capability)), field=where)
        points = policy.max_points(game_type, capability)
        counts_as = SCENARIO if scenario_game else ONE_RING if capability == "one-ring" else RATIO_2
        return ScoredResult(
            points=_both(winner, points, 0),
            winner=winner,
            method=FORFEIT,
            counts_as=counts_as,
            # Translators: reason says why the game was forfeited (stalling, ...); deck is what the winner's
            # deck can do (scenario, One Ring, marshalling points); points are the winner's tournament points.
            explanation=_(
                "forfeit (%(reason)s): the winner gets the maximum for a %(deck)s deck, %(points)s-0",
                reason=FORFEIT_REASON_WORDS[reason],
                deck=DECK_WORDS["scenario" if scenario_game else capability],
                points=points,
            ),
            clause=policy.forfeit_clause,
        )
    # kind == "scenario"
    _expect_keys(result, {"kind", "winner", "how"}, field)
    winner = _player_index(result, "winner", field, allow_none=True)
    how = result.get("how")
    if how not in SCENARIO_HOW:
        raise RuleError(_("how must be 'victory' or 'rank', not %(how)s", how=repr(how)), field=f"{field}.how")
    table = policy.scenario_points
    if winner is None:
        if how != "rank":
            raise RuleError(
                _("a tie is by equal rank; a victory needs a winner"), field=f"{field}.how", rule=policy.scenario_clause
            )
        tie = table["tie"]
        return _tie(tie, _("scenario, equal rank: %(tie)s-%(tie)s", tie=tie), policy.scenario_clause)
    win, lose = (
        (table["victory"], table["defeated"]) if how == "victory" else (table["higher-rank"], table["lower-rank"])
    )
    return ScoredResult(
        points=_both(winner, win, lose),
        winner=winner,
        method=SCENARIO,
        counts_as=SCENARIO,
        explanation=(
            _("scenario, victory conditions: %(win)s-%(lose)s", win=win, lose=lose)
            if how == "victory"
            else _("scenario, higher rank: %(win)s-%(lose)s", win=win, lose=lose)
        ),
        clause=policy.scenario_clause,
    )


def _score_council(policy: Policy, result: dict, field: str) -> ScoredResult:
    _expect_keys(result, {"kind", "mp", "weakest_link"}, field)
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
            return _tie(tie, explanation, policy.weakest_link_clause, counted)
        if "weakest_link" not in result:
            raise RuleError(
                _("equal MP: say who won the Weakest Link (0 or 1), or null if every character was corrupted away"),
                field=f"{field}.weakest_link",
                rule=policy.weakest_link_clause,
            )
        winner = _player_index(result, "weakest_link", field, allow_none=True)
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
            return _tie(tie, explanation, policy.weakest_link_clause, counted)
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
            points=_both(winner, win, lose),
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
        points=_both(winner, win, lose),
        winner=winner,
        method=method,
        counts_as=method,
        explanation=explanation,
        clause=policy.ratio_clause,
        mp=counted,
    )
