"""Standings: points, each tie-break criterion on its own, tiers, shared ranks."""

import pytest

from scoring import RuleError, compute_standings, parse_archive

from .builders import LOSS, TIE, WIN, archive, mp


def standings(doc):
    return compute_standings(parse_archive(doc))


def ranks(out):
    return {row.player: row.rank for row in out.rows}


def notes(out, player):
    return next(list(row.notes) for row in out.rows if row.player == player)


def test_head_to_head_decides_alone():
    out = standings(
        archive("abcd", [([("a", "b", WIN), ("c", "d", TIE)], None), ([("a", "c", LOSS), ("b", "d", WIN)], None)])
    )
    assert ranks(out) == {"c": 1, "a": 2, "b": 3, "d": 4}
    assert notes(out, "a") == ["ahead of B: fewer head-to-head losses, 0 against 1 (criterion I, Head-to-Head)"]
    assert notes(out, "b") == [
        "behind A (place 2): out of contention at criterion I, Head-to-Head, more head-to-head losses, 1 against 0"
    ]


def test_number_of_wins_decides_alone():
    out = standings(
        archive("abcd", [([("a", "c", WIN), ("b", "d", TIE)], None), ([("a", "d", LOSS), ("b", "c", TIE)], None)])
    )
    assert (ranks(out)["a"], ranks(out)["b"]) == (2, 3)
    assert notes(out, "a") == ["ahead of B: more wins, 1 against 0 (criterion II, Number of Wins)"]


def test_opponents_scores_decide_and_a_lead_tie_goes_to_the_posted_option():
    doc = archive(
        "abcdef",
        [
            ([("a", "c", WIN), ("b", "d", WIN), ("e", "f", TIE)], None),
            ([("a", "e", LOSS), ("b", "f", LOSS), ("c", "d", WIN)], None),
        ],
        tie_resolution="co-champions",
    )
    out = standings(doc)
    assert ranks(out) == {"e": 1, "f": 1, "a": 3, "b": 4, "c": 5, "d": 6}
    assert notes(out, "a")[-1] == (
        "ahead of B: higher opponents' scores, 15 against 9 (criterion III, Sum of Opponents' Scores)"
    )
    # c, out at criterion I, forms the next tier with b (out at III) and is broken again.
    # Its place is explained by the separation from b, placed just before it; the earlier
    # one from a concerns a player already explained above b.
    assert notes(out, "c") == [
        "behind B (place 4): out of contention at criterion III, Sum of Opponents' Scores, lower opponents' scores, "
        "6 against 9",
    ]
    assert out.lead_tie.players == ("e", "f")
    assert out.lead_tie.resolution == "co-champions"
    assert notes(out, "e") == ["still tied with F after every criterion"]


def test_players_tied_after_every_criterion_share_a_rank_below_the_lead():
    doc = archive("abcd", [([("a", "b", WIN), ("c", "d", WIN)], None), ([("a", "c", WIN), ("b", "d", WIN)], None)])
    out = standings(doc)
    # b and c: 6 points each, no game between them, one win each, opponents 12 + 0 both.
    assert ranks(out) == {"a": 1, "b": 2, "c": 2, "d": 4}
    assert out.lead_tie is None


def test_players_out_of_contention_form_the_next_tier_and_are_broken_again():
    # a, b, c, d all on 6; a beat b and c beat d head-to-head... then wins and opponents.
    doc = archive(
        "abcdefgh",
        [
            ([("a", "b", WIN), ("c", "d", WIN), ("e", "f", WIN), ("g", "h", WIN)], None),
            ([("a", "e", LOSS), ("c", "g", LOSS), ("b", "f", WIN), ("d", "h", WIN)], None),
        ],
    )
    out = standings(doc)
    tier = sorted(("a", "b", "c", "d"), key=lambda p: ranks(out)[p])
    # a and c have no head-to-head loss; b and d lost to them: b and d form the next tier.
    assert set(tier[:2]) == {"a", "c"} and set(tier[2:]) == {"b", "d"}
    assert ranks(out)["e"] == ranks(out)["g"] == 1


def test_dropped_and_ejected_players_are_listed_unranked_after_the_others():
    doc = archive(
        [
            "a",
            "b",
            {"id": "c", "name": "C", "status": "dropped", "dropped_after_round": 1},
            {"id": "d", "name": "D", "status": "ejected"},
        ],
        [([("c", "a", WIN), ("d", "b", WIN)], None)],
    )
    out = standings(doc)
    rows = [(r.player, r.rank, r.eligible) for r in out.rows]
    assert rows == [("a", 1, True), ("b", 1, True), ("c", None, False), ("d", None, False)]


def test_byes_add_their_round_points():
    doc = archive("abc", [([("a", "b", WIN)], "c"), ([("c", "a", LOSS)], "b")])
    out = standings(doc)
    assert {r.player: r.tp for r in out.rows} == {"a": 12, "c": 6, "b": 5}
    assert out.as_dict()["byes"] == [{"round": 1, "player": "c", "tp": 6}, {"round": 2, "player": "b", "tp": 5}]


def test_standings_list_every_game_with_its_points_and_reason():
    out = standings(archive("ab", [([("a", "b", mp(15, 10))], None)]))
    assert out.as_dict()["games"] == [
        {
            "round": 1,
            "table": 1,
            "players": ["a", "b"],
            "tp": [5, 1],
            "result": {"kind": "council", "mp": [15, 10]},
            "method": "ratio-1.5",
            "explanation": "MP 15-10: ratio 15/10 is at least 1.5 and under 2, 5-1",
            "clause": "Version 3, Tournament Points (b)-(d), (h)-(j); Marshalling Point Ratios",
        }
    ]


def test_a_round_in_progress_is_reported_as_incomplete():
    out = standings(archive("abcd", [([("a", "b", WIN), ("c", "d", None)], None)]))
    assert (out.complete, out.games[1].tp) == (False, None)


# Policy #1's seven criteria: a and b tie on points, never met; only one criterion differs.
# The fillers (o3 beats o4, o2 beats o1) keep every opponent off a's and b's total.
P1_CASES = {
    "II": ([{"kind": "one-ring", "winner": 0}, LOSS], [mp(14, 10), mp(12, 12, 0)]),  # 7 v 7
    "III": ([WIN, mp(12, 12, 1)], [mp(15, 10), mp(12, 12, 0)]),  # 8 v 8
    "IV": ([mp(15, 10), LOSS], [mp(12, 12, 0), mp(12, 12, 1)]),  # 5 v 5
    "V": ([mp(14, 10), mp(12, 12, 1)], [TIE, mp(12, 12, 0)]),  # 6 v 6
    "VI": ([mp(12, 12, 0), LOSS], [TIE, LOSS]),  # 3 v 3
}


@pytest.mark.parametrize("criterion", sorted(P1_CASES))
def test_policy_1_criterion_decides_alone(criterion):
    a_results, b_results = P1_CASES[criterion]
    doc = archive(
        ["a", "b", "o1", "o2", "o3", "o4"],
        [
            ([("a", "o1", a_results[0]), ("b", "o2", b_results[0]), ("o3", "o4", WIN)], None),
            ([("a", "o3", a_results[1]), ("b", "o4", b_results[1]), ("o1", "o2", LOSS)], None),
        ],
        policy="policy-1-1996",
    )
    out = standings(doc)
    tp = {r.player: r.tp for r in out.rows}
    assert tp["a"] == tp["b"] and tp["a"] not in {tp[o] for o in ("o1", "o2", "o3", "o4")}
    assert ranks(out)["a"] + 1 == ranks(out)["b"]
    assert notes(out, "a") == [notes(out, "a")[0]] and f"(criterion {criterion}," in notes(out, "a")[0]


def test_policy_1_criterion_vii_byes():
    # a: bye in round 1 (6) and a loss; b: two ties (3 + 3). Nothing else separates them.
    doc = archive(
        ["a", "b", "o1", "o2", "o3", "o4", "o5"],
        [
            ([("b", "o1", TIE), ("o2", "o3", WIN), ("o4", "o5", WIN)], "a"),
            ([("a", "o2", LOSS), ("b", "o3", TIE), ("o1", "o4", LOSS)], "o5"),
        ],
        policy="policy-1-1996",
    )
    out = standings(doc)
    assert ranks(out)["a"] + 1 == ranks(out)["b"]
    assert notes(out, "a")[0] == "ahead of B: more byes, 1 against 0 (criterion VII, Receiving a Bye)"


def test_policy_1_forfeit_counts_as_the_win_whose_points_it_gave():
    # a's forfeit win with a One Ring deck counts as a One Ring win in criterion II.
    players = [{"id": "a", "name": "A", "deck_capability": "one-ring"}, "b", "o1", "o2", "o3", "o4"]
    doc = archive(
        players,
        [
            (
                [
                    ("a", "o1", {"kind": "forfeit", "winner": 0, "reason": "stall"}),
                    ("b", "o2", mp(14, 10)),
                    ("o3", "o4", WIN),
                ],
                None,
            ),
            ([("a", "o3", LOSS), ("b", "o4", mp(12, 12, 0)), ("o1", "o2", LOSS)], None),
        ],
        policy="policy-1-1996",
    )
    out = standings(doc)
    assert notes(out, "a")[0].endswith("(criterion II, Destroying the One Ring)")


def test_a_bye_is_not_a_win_in_criterion_ii():
    # a: bye (6) + loss; b: win (6) + loss. Equal points; b has the only game won.
    doc = archive(
        ["a", "b", "o1", "o2", "o3"],
        [
            ([("b", "o1", WIN), ("o2", "o3", TIE)], "a"),
            ([("a", "o2", LOSS), ("b", "o3", LOSS)], "o1"),
        ],
    )
    out = standings(doc)
    assert ranks(out)["b"] + 1 == ranks(out)["a"]
    assert notes(out, "b")[0] == "ahead of A: more wins, 1 against 0 (criterion II, Number of Wins)"


def test_a_large_tie_stays_one_block_with_one_note_each():
    # 1,200 players who all drew every game: one tier, re-broken once per place.
    ids = [f"p{i:04d}" for i in range(1200)]
    games = [(ids[i], ids[i + 1], TIE) for i in range(0, 1200, 2)]
    out = standings(archive(ids, [(games, None)]))
    assert len(out.rows) == 1200
    assert {row.rank for row in out.rows} == {1}
    assert {len(row.notes) for row in out.rows} == {1}


def test_a_tier_note_says_how_the_tier_was_formed_and_then_how_it_was_broken():
    # Samwise, Thorin and Xena end on 9. Samwise beat Xena; Thorin and Xena drew. Xena
    # leaves at criterion I (one head-to-head loss), Thorin at II (no win against
    # Samwise's one); Thorin and Xena are tied again, and Xena's win puts her ahead.
    doc = archive(
        [
            {"id": "s", "name": "Samwise"},
            {"id": "t", "name": "Thorin"},
            {"id": "x", "name": "Xena"},
            "o1",
            "o2",
            "o3",
            "o4",
            "o5",
        ],
        [
            ([("s", "x", WIN), ("t", "o2", TIE), ("o1", "o3", WIN), ("o4", "o5", WIN)], None),
            ([("t", "x", TIE), ("s", "o4", LOSS), ("o1", "o2", WIN), ("o3", "o5", mp(14, 10))], None),
            ([("x", "o1", WIN), ("t", "o3", TIE), ("s", "o5", TIE), ("o2", "o4", LOSS)], None),
        ],
    )
    out = standings(doc)
    assert [ranks(out)[p] for p in "stx"] == [3, 5, 4]
    assert notes(out, "s") == [
        "ahead of Xena: fewer head-to-head losses, 0 against 1 (criterion I, Head-to-Head)",
        "ahead of Thorin: more wins, 1 against 0 (criterion II, Number of Wins)",
    ]
    assert notes(out, "x") == [
        "behind Samwise (place 3): out of contention at criterion I, Head-to-Head, more head-to-head "
        "losses, 1 against 0",
        "tied again for places 4-5 with Thorin: the whole menu of criteria starts again among them",
        "ahead of Thorin: more wins, 1 against 0 (criterion II, Number of Wins)",
    ]
    assert notes(out, "t") == [
        "behind Xena (place 4): out of contention at criterion II, Number of Wins, fewer wins, 0 against 1"
    ]
    # No note puts a player both ahead of and behind the same player.
    for row in out.rows:
        behind = {note.split(" (place")[0].removeprefix("behind ") for note in row.notes if note.startswith("behind")}
        ahead = {note.split(":")[0].removeprefix("ahead of ") for note in row.notes if note.startswith("ahead of")}
        assert not behind & ahead, row.notes


def test_policy_1_co_champions_posted_without_the_menu_share_the_lead_whatever_the_head_to_head():
    # Policy #1, Tournament Point Ties, option (iii): "No tie breaker actions are taken".
    # a and b end on 6 and a beat b; x and y end on 4 and 5.
    games = [([("a", "b", WIN), ("y", "x", mp(15, 10))], None), ([("x", "a", mp(14, 10)), ("b", "y", WIN)], None)]
    with_menu = standings(archive("abxy", games, policy="policy-1-1996", tie_resolution="co-champions"))
    alone = standings(archive("abxy", games, policy="policy-1-1996", tie_resolution="co-champions-without-menu"))
    # The menu ranks a first by head-to-head; posted alone, co-champions share first place.
    assert (ranks(with_menu)["a"], ranks(with_menu)["b"], with_menu.lead_tie) == (1, 2, None)
    assert (ranks(alone)["a"], ranks(alone)["b"]) == (1, 1)
    assert alone.lead_tie.players == ("a", "b")
    assert "no tie-breaker" in alone.lead_tie.text and "co-champions" in alone.lead_tie.text
    assert notes(alone, "a") == [
        "tied on 6 points with B: no tie-breaker is applied, as posted "
        "(Policy #1, Swiss System: Tournament Point Ties, options (i)-(iii) as posted)"
    ]


def test_a_posted_playoff_without_the_menu_holds_the_playoff_among_all_tied_on_points():
    games = [([("a", "b", WIN), ("y", "x", mp(15, 10))], None), ([("x", "a", mp(14, 10)), ("b", "y", WIN)], None)]
    out = standings(archive("abxy", games, policy="policy-1-1996", tie_resolution="playoff-without-menu"))
    assert out.lead_tie.players == ("a", "b") and out.lead_tie.resolution == "playoff-without-menu"


@pytest.mark.parametrize("policy", ["version-3-1998", "policy-4-2001"])
def test_version_3_and_policy_4_post_a_playoff_and_leave_co_champions_to_the_players_agreement(policy):
    doc = archive(
        "abcd",
        [
            (
                [
                    ("a", "b", TIE if policy != "policy-4-2001" else mp(10, 10)),
                    ("c", "d", TIE if policy != "policy-4-2001" else mp(10, 10)),
                ],
                None,
            )
        ],
        policy=policy,
    )
    out = standings(doc)
    assert "unless they and the coordinator agree that they are co-champions" in out.lead_tie.text
    for option in ("co-champions-without-menu", "playoff-without-menu"):
        doc["event"]["tie_resolution"] = option
        with pytest.raises(RuleError) as error:
            parse_archive(doc)
        assert error.value.field == "event.tie_resolution"
    # Co-champions agreed when the tie arose are kept in the archive like a posted option.
    doc["event"]["tie_resolution"] = "co-champions"
    assert standings(doc).lead_tie.resolution == "co-champions"
