"""A game neither player played: a double loss (scoring/results/score.py; docs/rules.md, reading 94; issue 31)."""

from __future__ import annotations

import pytest

from scoring import (
    POLICIES,
    RuleError,
    archive_format,
    compute_standings,
    get_policy,
    pair_next_round,
    parse_archive,
    score_result,
)

from .builders import WIN, archive

DOUBLE_LOSS = {"kind": "double-loss"}


@pytest.mark.parametrize("key", sorted(POLICIES))
@pytest.mark.parametrize("game_type", ["two-deck", "scenario"])
def test_a_double_loss_gives_neither_player_a_point_under_every_policy(key, game_type):
    policy = get_policy(key)
    scored = score_result(policy, game_type, DOUBLE_LOSS)
    assert (scored.points, scored.winner, scored.lost_by_both) == ((0, 0), None, True)
    assert "double loss" in scored.explanation and "reading 94" in scored.clause


def test_a_double_loss_takes_nothing_else_and_has_no_place_in_elimination():
    policy = get_policy("policy-4-2001")
    with pytest.raises(RuleError) as extra:
        score_result(policy, "two-deck", {"kind": "double-loss", "winner": 0})
    assert extra.value.field == "result.winner"
    with pytest.raises(RuleError, match="needs a winner") as refused:
        score_result(policy, "two-deck", DOUBLE_LOSS, elimination=True)
    assert refused.value.field == "result.kind"


def test_both_players_lose_in_the_standings_and_still_have_met():
    doc = archive(
        ["ann", "bob", "cat", "dan"],
        [([("ann", "bob", DOUBLE_LOSS), ("cat", "dan", WIN)], None)],
        policy="policy-4-2001",
    )
    doc["format"] = "council-archive/3"
    event = parse_archive(doc)
    rows = {row.player: row for row in compute_standings(event).rows}
    assert [(rows[p].tp, rows[p].wins, rows[p].losses, rows[p].ties) for p in ("ann", "bob", "cat")] == [
        (0, 0, 1, 0),
        (0, 0, 1, 0),
        (6, 1, 0, 0),
    ]
    # They played their game in the pairing's eyes: round 2 does not pair them again.
    for seed in range(5):
        pairing = pair_next_round(event, seed=seed)
        assert all({a, b} != {"ann", "bob"} for _table, a, b in pairing.games)


def test_only_the_newest_archive_format_holds_a_double_loss():
    doc = archive(["ann", "bob"], [([("ann", "bob", DOUBLE_LOSS)], None)], policy="policy-4-2001")
    for older in ("council-archive/1", "council-archive/2"):
        doc["format"] = older
        with pytest.raises(RuleError, match="held by the 'council-archive/3' format") as refused:
            parse_archive(doc)
        assert refused.value.field == "rounds[0].games[0].result.kind"
    doc["format"] = "council-archive/3"
    assert parse_archive(doc).rounds[0].games[0].scored.lost_by_both
    released = get_policy("policy-4-2001")
    assert archive_format(released) == archive_format(released, ["council", "forfeit"]) == "council-archive/2"
    assert archive_format(released, ["council", "double-loss"]) == "council-archive/3"
