"""A house policy's rules in words (events/queries/house_rules.py)."""

from __future__ import annotations

import pytest

import scoring
from events.queries.house_rules import CHANGES, chosen_policy, house_rules, kept_policy
from scoring.policies.house import CHANGES as ENGINE_CHANGES

BASE = scoring.get_policy("version-3-1998")


def house(**changes):
    return scoring.build_house_policy(
        {"key": "club", "title": "Club Rules", "base": "version-3-1998", "changes": changes}
    )


def test_every_change_the_engine_knows_has_its_words_and_the_clause_it_replaces():
    assert set(CHANGES) == set(ENGINE_CHANGES)
    assert {name: clause for name, (_subject, clause) in CHANGES.items()} == {
        name: clause for name, (_read, clause, _words) in ENGINE_CHANGES.items()
    }


def test_a_released_text_has_no_house_rules():
    assert house_rules(BASE) == ()


def test_each_change_is_listed_in_the_engines_order_with_its_value_the_base_texts_and_the_citations():
    # The engine's order of changes, whatever the document's (a database may reorder its keys).
    policy = house(tiebreaks=["number-of-wins", "head-to-head"], time_limits={"two-deck": 120})
    rules = house_rules(policy)
    assert [rule.change for rule in rules] == ["time_limits", "tiebreaks"]
    assert house_rules(house(time_limits={"two-deck": 120}, tiebreaks=["number-of-wins", "head-to-head"])) == rules
    time, tiebreaks = rules
    assert (str(tiebreaks.subject), tiebreaks.value, tiebreaks.was) == (
        "Tie-breakers",
        "Number of Wins · Head-to-Head",
        "Head-to-Head · Number of Wins · Sum of Opponents' Scores",
    )
    assert (tiebreaks.citation, tiebreaks.replaces) == (policy.tiebreak_clause, BASE.tiebreak_clause)
    assert tiebreaks.citation == f"Club Rules, house rule on tie-breakers (in place of {BASE.tiebreak_clause})"
    assert (time.value, time.was, time.replaces) == (
        "Two-deck game: 2 hours",
        "Two-deck game: 80 minutes",
        BASE.time_clause,
    )


@pytest.mark.parametrize(
    "changes, value, was",
    [
        ({"weakest_link_points": [3, 2]}, "winner 3, loser 2", "winner 3.5, loser 2.5"),
        ({"ratio_points": [[7, 0], [5, 1], [4, 2]]}, "ratio 2 or more: 7–0; 1.5 or more: 5–1; above 1: 4–2", None),
        ({"bye_points_by_round": [3]}, "3 points by round", "6, 5, 4, 3, 2, 1 points by round"),
        ({"tiebreaks": []}, "none", None),
        ({"banned_cards": ["The One Ring"]}, "The One Ring", "none"),
        ({"fan_sets": ["DF"]}, "DF", "none"),
        ({"game_types": ["two-deck"]}, "Two-deck game", None),
    ],
)
def test_each_kind_of_value_is_said_in_words(changes, value, was):
    [rule] = house_rules(house(**changes))
    assert rule.value == value
    if was is not None:
        assert rule.was == was


@pytest.mark.django_db
def test_a_kept_house_policy_is_chosen_by_its_key_for_its_account_and_a_released_text_by_its_own(owner, stranger):
    from events import services

    services.save_house_policy(owner=owner, document={"key": "club", "title": "Club Rules", "base": "version-3-1998"})
    assert (chosen_policy("club", owner).title, chosen_policy("version-3-1998", stranger)) == ("Club Rules", BASE)
    assert (kept_policy("version-3-1998", owner), kept_policy("no-such-key", owner)) == (None, None)
    assert chosen_policy(None, owner) is None
    # Another account's key names nothing, for a stranger as for someone signed out.
    assert (chosen_policy("club", stranger), kept_policy("club", None)) == (None, None)
