"""Game results and the tournament points they are worth under a policy.

A result is plain data seen from ``players[0]`` and ``players[1]`` of a game, for
example ``{"kind": "council", "mp": [20, 10]}``. ``score_result`` checks it against the
policy and returns the points of both players with the clause that awards them, kind
by kind: a One Ring win, an eliminated Wizard, a tie, a forfeit, a scenario, and in an
elimination game the dice. A game decided at the Free Council (its MP, their ratio, the
Weakest Link) is scored by ``scoring.results.ratios``; what a scored result is, and the
checks every kind shares, are ``scoring.results.scored``'s.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ..errors import RuleError
from ..messages import _
from ..policies.game_types import GAME_TYPE_WORDS
from ..policies.terms import Policy
from .ratios import score_council
from .scored import (
    DOUBLE_LOSS,
    FORFEIT,
    ONE_RING,
    RATIO_2,
    SCENARIO,
    WIZARD_ELIMINATED,
    ScoredResult,
    both_points,
    expect_keys,
    player_index,
    tied_game,
)
from .words import DECK_WORDS, FORFEIT_REASON_WORDS

RESULT_KINDS = ("council", "one-ring", "wizard-eliminated", "tie", "forfeit", "scenario", "double-loss")
# No text scores a game neither player played; General 19 gives a game a player leaves to the
# opponent, so a game both left is lost by both, for no points (docs/rules.md, reading 94).
DOUBLE_LOSS_CLAUSE = "Policy #1, General 19, for a game neither player played (docs/rules.md, reading 94)"
FORFEIT_REASONS = ("stall", "drop", "cheat", "no-show")
DECK_CAPABILITIES = ("one-ring", "marshalling-points")
SCENARIO_HOW = ("victory", "rank")


# The key an elimination game's result carries when the game ends level: the player
# (0 or 1) who won the dice roll and goes on.
ROLL_WINNER = "roll_winner"
DICE_CLAUSE = "Policy #1, General 5 and 6: in elimination, tied players roll dice, the highest roller wins"


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
        roll_winner = player_index(result, ROLL_WINNER, field)
        result = {key: value for key, value in result.items() if key != ROLL_WINNER}
    scored = _score(policy, game_type, result, deck_capabilities, field)
    if not elimination:
        return scored
    if scored.lost_by_both:
        raise RuleError(
            _("an elimination game needs a winner: record a forfeit for the player who did not play"),
            field=f"{field}.kind",
            rule=DOUBLE_LOSS_CLAUSE,
        )
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
    winner: int | None  # a scenario's tie has none
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
    if scenario_game and kind not in ("scenario", "forfeit", "double-loss"):
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
        return score_council(policy, result, field)
    if kind == "double-loss":
        expect_keys(result, {"kind"}, field)
        return ScoredResult(
            points=(Fraction(0), Fraction(0)),
            winner=None,
            method=DOUBLE_LOSS,
            counts_as=DOUBLE_LOSS,
            # Translators: a game neither player played (neither showed up, or a round's deadline passed).
            explanation=_("double loss: the game was not played, and neither player wins: 0-0"),
            clause=DOUBLE_LOSS_CLAUSE,
        )
    if kind == "one-ring":
        expect_keys(result, {"kind", "winner"}, field)
        winner = player_index(result, "winner", field)
        points = policy.one_ring_points[game_type]
        return ScoredResult(
            points=both_points(winner, points, 0),
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
        expect_keys(result, {"kind", "winner"}, field)
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
        winner = player_index(result, "winner", field)
        win, lose = policy.wizard_elimination_points
        return ScoredResult(
            points=both_points(winner, win, lose),
            winner=winner,
            method=WIZARD_ELIMINATED,
            counts_as=WIZARD_ELIMINATED,
            explanation=_("opponent's Wizard eliminated: %(win)s-%(lose)s", win=win, lose=lose),
            clause=policy.wizard_elimination_clause,
        )
    if kind == "tie":
        expect_keys(result, {"kind"}, field)
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
        return tied_game(
            tie,
            _("tie, both avatars eliminated at once (simultaneous elimination): %(tie)s-%(tie)s", tie=tie),
            policy.tie_clause,
        )
    if kind == "forfeit":
        expect_keys(result, {"kind", "winner", "reason", "capability"}, field)
        winner = player_index(result, "winner", field)
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
            points=both_points(winner, points, 0),
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
    expect_keys(result, {"kind", "winner", "how"}, field)
    winner = player_index(result, "winner", field, allow_none=True)
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
        return tied_game(tie, _("scenario, equal rank: %(tie)s-%(tie)s", tie=tie), policy.scenario_clause)
    win, lose = (
        (table["victory"], table["defeated"]) if how == "victory" else (table["higher-rank"], table["lower-rank"])
    )
    return ScoredResult(
        points=both_points(winner, win, lose),
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
