"""The Free Council calculator: CRF 10's four steps, then the policy's floor."""

import pytest

from scoring import CouncilSheet, RuleError, free_council, get_policy, parse_sheet


def council(key, a, b):
    return free_council(get_policy(key), (parse_sheet(a, "players[0]"), parse_sheet(b, "players[1]")))


def test_doubling_where_the_opponent_has_no_points_but_not_kill_or_misc():
    out = council("version-3-1998", {"character": 5, "item": 3, "kill": 2, "misc": 1}, {"character": 4, "faction": 3})
    step2 = out["steps"][1]["players"]
    assert (step2[0]["item"], step2[0]["kill"], step2[0]["misc"], step2[1]["faction"]) == (6, 2, 1, 6)


def test_doubling_when_the_opponent_is_negative_in_that_category():
    out = council("version-3-1998", {"character": 4, "ally": 2}, {"character": -3, "ally": 2})
    assert out["steps"][1]["players"][0]["character"] == 8


def test_negative_points_are_not_doubled():
    out = council("version-3-1998", {"character": -3, "item": 4}, {"item": 5})
    assert out["steps"][1]["players"][0]["character"] == -3


def test_half_cap_reduces_a_category_to_the_other_positive_categories():
    # character 12 of a positive total 12+3+2 = 17 is over half: reduced to 5.
    out = council(
        "version-3-1998", {"character": 12, "item": 3, "ally": 2, "misc": -2}, {"character": 6, "item": 6, "ally": 6}
    )
    assert (out["steps"][2]["players"][0]["character"], out["mp"][0]) == (5, 8)


def test_half_cap_applies_after_doubling():
    # item 4 doubles to 8 (opponent has none); 8 of 8+5 = 13 is over half: reduced to 5.
    out = council("version-3-1998", {"character": 5, "item": 4}, {"character": 9})
    assert (out["steps"][1]["players"][0]["item"], out["steps"][2]["players"][0]["item"]) == (8, 5)


def test_exactly_half_is_not_capped():
    out = council("version-3-1998", {"character": 5, "item": 5}, {"character": 1, "item": 1})
    assert out["steps"][2]["players"][0] == out["steps"][1]["players"][0]


def test_subtractions_come_last():
    out = council(
        "version-3-1998", {"character": 4, "item": 4, "ally": 2, "minus": 2}, {"character": 4, "item": 4, "ally": 2}
    )
    assert (out["steps"][3]["totals_before"][0], out["mp"]) == (10, [8, 10])


def test_a_single_category_is_capped_to_nothing():
    # CRF 10 step 3 read literally: 6 character points of a positive total of 6 is more
    # than half, so they are reduced to the sum of the other positive categories, 0.
    out = council("version-3-1998", {"character": 6}, {"character": 2, "item": 2})
    assert out["mp"] == [0, 4]


def test_policy_4_subtracts_5_for_an_eliminated_avatar_and_floors_at_zero():
    out = council("policy-4-2001", {"character": 1, "item": 1, "avatar_eliminated": True}, {"character": 2, "item": 2})
    assert (out["steps"][3]["totals"], out["mp"]) == ([-3, 4], [0, 4])


def test_policy_1_keeps_a_negative_total():
    out = council("policy-1-1996", {"character": -4}, {"character": 3, "item": 3})
    assert out["mp"] == [-4, 12]  # the opponent has none: both categories doubled
    assert [s["step"] for s in out["steps"]] == [1, 2, 3, 4]


def test_an_eliminated_avatar_is_rejected_where_the_policy_has_no_penalty():
    with pytest.raises(RuleError) as error:
        council("version-3-1998", {"avatar_eliminated": True}, {})
    assert error.value.field == "players[0].avatar_eliminated"


@pytest.mark.parametrize(
    ("sheet", "field"),
    [
        ({"character": 1.5}, "players[0].character"),
        ({"charcter": 1}, "players[0].charcter"),
        ({"minus": -1}, "players[0].minus"),
        ({"kill": "3"}, "players[0].kill"),
        ([], "players[0]"),
        ({"ally": 5000}, "players[0].ally"),
        ({"avatar_eliminated": "yes"}, "players[0].avatar_eliminated"),
    ],
)
def test_bad_sheets_are_rejected_with_their_field(sheet, field):
    with pytest.raises(RuleError) as error:
        parse_sheet(sheet, "players[0]")
    assert error.value.field == field


def test_every_step_is_named_with_its_clause():
    out = free_council(get_policy("version-3-1998"), (CouncilSheet(character=3), CouncilSheet(item=2)))
    assert [s["clause"].split(",")[0] for s in out["steps"]] == ["CRF 10", "CRF 10", "CRF 10", "CRF 10", "Version 3"]


def test_policy_1_applies_the_unlimited_rulesbook_modifications_in_the_order_printed():
    # Policy #1, General 10: no type over half (round up), then doubling. Character 6 of
    # 6 + 2 may be at most 3 (3 of 5, rounded up), then item 2 doubles to 4: 7. The
    # other side's character 6 of 6 + 3 may be 4, then faction 3 doubles to 6: 10.
    a, b = {"character": 6, "item": 2}, {"character": 6, "faction": 3}
    out = council("policy-1-1996", a, b)
    assert out["mp"] == [7, 10]
    assert [step["players"][0]["character"] for step in out["steps"][:3]] == [6, 3, 3]
    assert [step["players"][1]["faction"] for step in out["steps"][:3]] == [3, 3, 6]
    assert "Policy #1, General 10" in out["steps"][1]["clause"]


@pytest.mark.parametrize("key", ["version-3-1998", "policy-4-2001"])
def test_version_3_and_policy_4_keep_crf_10s_order(key):
    out = council(key, {"character": 6, "item": 2}, {"character": 6, "faction": 3})
    assert out["mp"] == [8, 12]


def test_half_rounded_up_leaves_a_single_category_one_point():
    # 1 of a total of 1 is no more than half of it, rounded up; the other side's item 2
    # doubles to 4 (the opponent has none): 2 + 4.
    out = council("policy-1-1996", {"character": 6}, {"character": 2, "item": 2})
    assert out["mp"] == [1, 6]
