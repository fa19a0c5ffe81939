"""The tie-breaks against a literal reading of the texts, on thousands of random events.

``scoring.tiebreaks.break_tier`` keeps tallies in integer units, counts each fixed tally
once per tier and shares sentences between the players of a block. The reference below
does none of that: at each pass it counts every tally again from the tournament cards
with exact fractions (head-to-head against the players still tied, as reading 8 of
docs/rules.md says), and writes each player's notes as the policies' procedure reads.
Ranks and every note, word and parameter, must be the same.
"""

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring.standings
from scoring import compute_standings, parse_archive, text_data
from scoring.messages import _
from scoring.policies import terms as P
from scoring.results import scored as R
from scoring.tiebreak_criteria import criteria_of as _criteria
from scoring.tiebreaks import _named, _others, _places, _values
from scoring.tournament_cards import LOST, WON

from .builders import EQUAL_MP, LOSS, TIE, WIN, archive, mp

POLICIES = ["policy-1-1996", "version-3-1998", "policy-4-2001"]


def tally(criterion, pid, still_tied, records):
    record = records[pid]
    wins = [game for game in record.games if game.outcome == WON]
    if criterion == P.HEAD_TO_HEAD:
        return sum(1 for game in record.games if game.outcome == LOST and game.opponent in still_tied)
    if criterion == P.ONE_RING_WINS:
        return sum(1 for game in wins if game.counts_as == R.ONE_RING)
    if criterion == P.RATIO_2_AND_WIZARD_WINS:
        return sum(1 for game in wins if game.counts_as in (R.RATIO_2, R.WIZARD_ELIMINATED))
    if criterion == P.RATIO_15_WINS:
        return sum(1 for game in wins if game.counts_as == R.RATIO_15)
    if criterion == P.RATIO_1_WINS:
        return sum(1 for game in wins if game.counts_as == R.RATIO_1)
    if criterion == P.WEAKEST_LINK_WINS:
        return sum(1 for game in wins if game.counts_as == R.WEAKEST_LINK)
    if criterion == P.BYES_RECEIVED:
        return record.byes
    if criterion == P.NUMBER_OF_WINS:
        return sum(1 for game in record.games if game.points >= Fraction(7, 2))
    assert criterion == P.OPPONENTS_SCORES
    return sum((records[game.opponent].tp for game in record.games), Fraction(0))


def reference_break_tier(tier, records, policy, notes, first_place=1):
    """Reading 8, pass by pass: the players in contention, criterion by criterion; those out form the next tier."""
    blocks, remaining, place, before = [], list(tier), first_place, None
    while remaining:
        still_tied = set(remaining)
        contention, out, left, ahead = remaining, [], {}, []
        for criterion in _criteria(policy):
            if len(contention) == 1:
                break
            values = {pid: tally(criterion.key, pid, still_tied, records) for pid in contention}
            best = (max if criterion.higher_is_better else min)(values.values())
            leave = [pid for pid in contention if values[pid] != best]
            if not leave:
                continue
            ahead.append(
                _(
                    "ahead of %(players)s: %(phrase)s, %(value)s against %(others)s (criterion %(number)s, "
                    "%(criterion)s)",
                    players=_named(leave, records),
                    phrase=criterion.phrase_better,
                    value=best,
                    others=_values([values[pid] for pid in leave]),
                    number=criterion.roman,
                    criterion=criterion.title,
                )
            )
            left.update({pid: (criterion, values[pid], best) for pid in leave})
            contention = [pid for pid in contention if values[pid] == best]
            out.extend(leave)
        for pid in contention:
            if before is not None:
                winners, placed, their_left, their_out = before
                criterion, value, best = their_left[pid]
                notes[pid].append(
                    _(
                        "behind %(players)s (place %(place)s): out of contention at criterion %(number)s, "
                        "%(criterion)s, %(phrase)s, %(value)s against %(others)s",
                        players=winners,
                        place=placed,
                        number=criterion.roman,
                        criterion=criterion.title,
                        phrase=criterion.phrase_worse,
                        value=value,
                        others=best,
                    )
                )
                if len(their_out) > 1:
                    notes[pid].append(
                        _(
                            "tied again for places %(places)s with %(players)s: the whole menu of criteria starts "
                            "again among them",
                            places=_places(place, len(their_out)),
                            players=_others(their_out, pid, records),
                        )
                    )
            notes[pid].extend(ahead)
            if len(contention) > 1:
                notes[pid].append(
                    _("still tied with %(players)s after every criterion", players=_others(contention, pid, records))
                )
        blocks.append(contention)
        before = (_named(contention, records), _places(place, len(contention)), left, out)
        place += len(contention)
        remaining = out
    return blocks


def random_event(rng: random.Random) -> dict:
    """Up to 40 players and 9 rounds of random pairings (rematches allowed), so tiers are large and tied players
    have often met: every criterion and every pass of reading 8 is reached."""
    policy = rng.choice(POLICIES)
    players = [f"p{n:02d}" for n in range(rng.randint(2, 40))]
    outcomes = [WIN, LOSS, mp(20, 12), mp(12, 20), mp(15, 11), mp(11, 15), {"kind": "one-ring", "winner": 0}]
    # Version 3's weakest-link games give 3.5 and 2.5: totals in halves.
    outcomes += [EQUAL_MP] if policy == "policy-4-2001" else [TIE, mp(10, 10, 0), mp(10, 10, 1)]
    # Few kinds of result make more ties on points, so that the tiers, not the totals, decide.
    outcomes = rng.sample(outcomes, rng.randint(1, 3))
    rounds = []
    for _number in range(rng.randint(0, 9)):
        order = players[:]
        rng.shuffle(order)
        bye = order.pop() if len(order) % 2 else None
        rounds.append(([(order[i], order[i + 1], rng.choice(outcomes)) for i in range(0, len(order), 2)], bye))
    return archive(players, rounds, policy=policy)


def said(out):
    return [(row.player, row.rank, [text_data(note) for note in row.notes]) for row in out.rows]


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_break_tier_says_what_a_literal_reading_of_the_texts_says(seed):
    parsed = parse_archive(random_event(random.Random(seed)))
    fast = compute_standings(parsed)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(scoring.standings, "break_tier", reference_break_tier)
        literal = compute_standings(parsed)
    assert said(fast) == said(literal)
