"""Why a round was paired as it was (scoring/pairing/explained.py)."""

from scoring import explain_pairing, pair_next_round, parse_archive

from .builders import EQUAL_MP, LOSS, WIN, archive


def explained(doc, bye, games, **kwargs):
    return explain_pairing(parse_archive(doc), bye, games, **kwargs)


def test_round_one_is_explained_as_random_and_the_bye_as_drawn_from_everyone():
    out = explained(archive("abc"), "c", [(1, "a", "b")])
    assert out.method == "Round 1 is paired at random"
    assert out.bye_reason.text == "C has the bye: in round 1 it is drawn from all players"
    assert out.bye_reason.clause.endswith("Awarding Byes")
    assert out.tables[0].reasons == ()


def test_players_on_the_same_points_are_explained_as_a_score_group():
    doc = archive("abcd", [([("a", "b", WIN), ("c", "d", WIN)], None)])
    out = explained(doc, None, [(1, "a", "c"), (2, "b", "d")])
    assert [[r.text for r in t.reasons] for t in out.tables] == [
        ["A and C both have 6 points"],
        ["B and D both have 0 points"],
    ]
    assert out.groups == (("6 points", 2), ("0 points", 2))


def test_an_odd_group_sends_one_player_down_and_says_so():
    # a, b, c on 6; d, e, f on 0: one of the three winners plays a player on 0.
    doc = archive("abcdef", [([("a", "d", WIN), ("b", "e", WIN), ("c", "f", WIN)], None)])
    out = explained(doc, None, [(1, "a", "b"), (2, "c", "d"), (3, "e", "f")])
    assert [r.text for r in out.tables[1].reasons] == [
        "C (6 points) plays down to D (0 points)",
        "3 players were on 6 points, an odd number: one of them plays the next total down",
    ]


def test_a_player_who_has_met_everyone_in_the_group_plays_down_to_avoid_a_rematch():
    # a and b drew, then both won: both on 9 and met already, so each plays the group below.
    doc = archive(
        "abcd",
        [([("a", "b", EQUAL_MP), ("c", "d", WIN)], None), ([("a", "c", WIN), ("b", "d", WIN)], None)],
        policy="policy-4-2001",
    )
    parsed = parse_archive(doc)
    result = pair_next_round(parsed, seed=3)
    out = explain_pairing(parsed, result.bye, result.games)
    said = {t.players[0]: [r.text for r in t.reasons] for t in out.tables}
    assert said["a"][1] == "A has played every other player on 9 points already"
    assert said["b"][1] == "B has played every other player on 9 points already"


def test_a_rematch_the_round_could_not_avoid_is_named_with_its_round():
    doc = archive("ab", [([("a", "b", WIN)], None)])
    out = explained(doc, None, [(1, "a", "b")])
    last = out.tables[0].reasons[-1]
    assert last.text.startswith("A and B met in round 1 already: no pairing of this round avoids")
    assert last.clause.startswith("Version 3, Pairing Players")


def test_the_bye_goes_to_the_lowest_total_and_says_who_had_one_already():
    doc = archive("abcde", [([("a", "b", WIN), ("c", "d", WIN)], "e"), ([("a", "c", WIN), ("e", "b", LOSS)], "d")])
    parsed = parse_archive(doc)
    result = pair_next_round(parsed, seed=1)
    out = explain_pairing(parsed, result.bye, result.games)
    assert out.bye == result.bye and out.bye_reason.text.startswith(f"{result.bye.title()} has the bye")


def test_a_round_changed_by_hand_says_so():
    doc = archive("abcd", [([("a", "b", WIN), ("c", "d", WIN)], None)])
    out = explained(doc, None, [(1, "a", "d"), (2, "b", "c")], changed_by_hand=True)
    assert out.method.endswith("the coordinator then changed it by hand")


def test_every_table_of_a_later_round_has_a_reason_and_every_float_says_why():
    import random

    from .test_pairing_reference import random_event

    for seed in range(150):
        doc = random_event(random.Random(seed))
        parsed = parse_archive(doc)
        if not parsed.rounds or sum(p.eligible for p in parsed.players) < 2:
            continue
        result = pair_next_round(parsed, seed=seed)
        out = explain_pairing(parsed, result.bye, result.games)
        for table in out.tables:
            assert table.reasons, (seed, table)
            if table.points[0] != table.points[1]:
                assert "plays down to" in table.reasons[0].text and len(table.reasons) >= 2, (seed, table)
        assert (out.bye_reason is None) == (result.bye is None)


def test_a_player_alone_on_a_total_and_a_group_with_players_from_above_are_said_as_they_are():
    doc = archive(
        "abcdef",
        [
            ([("a", "b", WIN), ("c", "d", WIN), ("e", "f", WIN)], None),
            ([("a", "c", WIN), ("b", "e", WIN), ("d", "f", WIN)], None),
        ],
    )
    out = explained(doc, None, [(1, "a", "d"), (2, "c", "e"), (3, "b", "f")])
    said = {t.players[0]: [r.text for r in t.reasons] for t in out.tables}
    assert said["a"][1] == "A was the only player on 12 points"
    # b, c, d, e on 6 and a came down to play there: five, so one of them plays lower.
    assert said["b"][1] == (
        "4 players were on 6 points and 1 came down to play there, an odd number in all: one of "
        "them plays the next total down"
    )


def test_one_point_is_said_in_the_singular():
    from fractions import Fraction

    from scoring.pairing.explained import points_said

    assert (points_said(Fraction(1)), points_said(Fraction(7, 2)), points_said(Fraction(0))) == (
        "1 point",
        "3.5 points",
        "0 points",
    )


def test_a_playoff_is_explained_as_an_event_of_its_own():
    out = explained(archive("ab"), None, [(1, "a", "b")], playoff=True)
    assert out.method.startswith("The playoff is paired as an event of its own among the tied players")


def test_a_float_past_a_total_says_the_players_in_between_were_needed_elsewhere():
    # a on 12 meets f on 0 past four players on 6, two of whom a has not met (as a swap by hand might pair it).
    doc = archive(
        "abcdef",
        [
            ([("a", "b", WIN), ("c", "d", WIN), ("e", "f", WIN)], None),
            ([("a", "c", WIN), ("b", "e", WIN), ("d", "f", WIN)], None),
        ],
    )
    out = explained(doc, None, [(1, "a", "f"), (2, "c", "b"), (3, "e", "d")], changed_by_hand=True)
    assert [r.text for r in out.tables[0].reasons][-1] == (
        "the players on the totals in between whom A could meet were needed at other tables for a round with fewer "
        "players playing down; A plays the nearest total left"
    )
