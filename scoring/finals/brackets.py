"""Elimination brackets: single and double elimination from a seeding and the games played.

Policy #1, Elimination: "Normal single-, and double-elimination are acceptable and may be
used for now for official Council events." A game of an elimination event always has a
winner: where the Swiss System would score a tie, "each player rolls dice to determine a
winner-highest roller wins" (Policy #1, General 5 and 6).

A bracket is a pure function of its seeding and the games played so far. The seeding is
a list of player ids, best seed first. The field is filled up to the next power of two
with byes, given to the best seeds (seed 1 meets the last seed, 2 the second last, ...,
placed so that seeds 1 and 2 can meet only in the final). Games come as event rounds:
each round, every match whose two players are known is played; ``build_bracket`` finds
which match each game was by its players.

Double elimination: a player leaves only after two losses. The losers' bracket takes each
loser of the winners' bracket; its champion meets the winners' champion in the grand
final, and when the losers' champion wins it, the two (each with one loss) play once
more (docs/rules.md, readings 55-58).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from ..errors import RuleError
from ..messages import _

SINGLE = "single"
DOUBLE = "double"
KINDS = (SINGLE, DOUBLE)
ELIMINATION_CLAUSE = "Policy #1, Elimination; ties settled by dice: General 5 and 6"

WINNERS = "winners"
LOSERS = "losers"
FINAL = "final"
FINAL_AGAIN = "final-again"

SIDES = (WINNERS, LOSERS, FINAL, FINAL_AGAIN)

# A slot whose player is known to be absent: a bye, or the loser of a match that was a bye.
BYE = ""


@dataclass(frozen=True)
class Source:
    """Where a match's player comes from: a seed (1-based), or the winner or loser of another match."""

    kind: str  # "seed", "winner" or "loser"
    value: int | str


@dataclass(frozen=True)
class Match:
    """One match of the bracket, with its players and winner as far as the games played tell."""

    id: str  # "W1-1": winners' bracket, round 1, match 1; "L2-1"; "F"; "F2"
    side: str  # WINNERS, LOSERS, FINAL or FINAL_AGAIN
    round: int  # the round within its side
    players: tuple[str | None, str | None]  # None: not known yet; BYE: nobody comes
    winner: str | None  # the player who goes on; BYE when nobody does
    played_in: int | None = None  # the event round (1-based within the stage) of its game

    @property
    def is_bye(self) -> bool:
        """True when at most one player comes: nothing is played."""
        return BYE in self.players

    @property
    def ready(self) -> bool:
        """True when both players are known and the game is not paired yet."""
        first, second = self.players
        return self.winner is None and self.played_in is None and first not in (None, BYE) and second not in (None, BYE)

    @property
    def in_play(self) -> bool:
        """True when the game is paired and its result not in yet."""
        return self.played_in is not None and self.winner is None

    def as_dict(self) -> dict[str, Any]:
        """The match as JSON data."""
        return {
            "id": self.id,
            "side": self.side,
            "round": self.round,
            "players": [p if p != BYE else None for p in self.players],
            "bye": self.is_bye,
            "winner": self.winner or None,
            "played_in": self.played_in,
        }


@dataclass(frozen=True)
class Bracket:
    """A bracket as the games played leave it: every match, the next ones, and the ranking once complete."""

    kind: str
    seeds: tuple[str, ...]
    matches: tuple[Match, ...]
    rounds_played: int
    # Players who left the bracket (``build_bracket``'s ``withdrawn``): never ranked.
    withdrawn: frozenset[str] = frozenset()

    @property
    def next_matches(self) -> tuple[Match, ...]:
        """The matches to pair in the next event round."""
        return tuple(match for match in self.matches if match.ready)

    @property
    def complete(self) -> bool:
        """True once the champion is known."""
        return self.champion is not None

    @property
    def champion(self) -> str | None:
        """The winner of the bracket, or None while it is undecided."""
        by_id = {match.id: match for match in self.matches}
        if self.kind == SINGLE:
            return self.matches[-1].winner
        final, again = by_id["F"], by_id["F2"]
        if final.winner is None:
            return None
        if final.winner == final.players[0]:  # the winners' champion won: no second game
            return final.winner
        return again.winner if again.winner not in (None, BYE) else None

    def ranking(self) -> list[tuple[int, str]]:
        """(place, player) for the champion and every player out of the bracket, best first.

        Players go out by their last loss (any loss in single elimination; in double
        elimination a loss outside the winners' bracket); the later, the better, and those
        out in the same match round in seed order (docs/rules.md, reading 58). Players
        still in an unfinished bracket are not listed, and those out take the places
        below them. Players who withdrew are never listed.
        """
        seed_of = {player: number for number, player in enumerate(self.seeds, start=1)}
        stage_of = {
            (m.side, m.round): index
            for index, m in enumerate(sorted(self.matches, key=lambda m: (SIDES.index(m.side), m.round)))
        }
        out_at: dict[str, int] = {}
        for match in self.matches:
            if match.winner in (None, BYE) or match.is_bye:
                continue
            # A match played to a winner had both its players.
            loser = cast(str, match.players[1] if match.winner == match.players[0] else match.players[0])
            if self.kind == SINGLE or match.side != WINNERS:
                out_at[loser] = stage_of[(match.side, match.round)]
        champion = self.champion
        ranked = sorted(
            (p for p in out_at if p != champion and p not in self.withdrawn), key=lambda p: (-out_at[p], seed_of[p])
        )
        if champion is not None:
            return list(enumerate([champion, *ranked], start=1))
        # Everyone still in will finish above everyone already out.
        still_in = sum(1 for p in self.seeds if p not in out_at and p not in self.withdrawn)
        return list(enumerate(ranked, start=still_in + 1))

    def as_dict(self) -> dict[str, Any]:
        """The bracket as JSON data: matches by round, the next matches, and the ranking."""
        return {
            "kind": self.kind,
            "seeds": list(self.seeds),
            "complete": self.complete,
            "champion": self.champion,
            "matches": [m.as_dict() for m in self.matches],
            "next": [m.id for m in self.next_matches],
            "ranking": [{"place": place, "player": player} for place, player in self.ranking()],
        }


def seed_positions(size: int) -> list[int]:
    """The seeds in bracket order for a field of ``size`` (a power of two): 1, 8, 4, 5, 2, 7, 3, 6 for eight.

    Consecutive pairs meet in the first round; seeds 1 and 2 are in opposite halves.
    """
    order = [1]
    while len(order) < size:
        order = [seed for top in order for seed in (top, 2 * len(order) + 1 - top)]
    return order


def _field_size(players: int) -> int:
    size = 1
    while size < players:
        size *= 2
    return size


def plan(kind: str, players: int) -> list[tuple[str, str, int, Source, Source]]:
    """Every match of a bracket of ``kind`` for ``players`` seeds: (id, side, round, first source, second source).

    In play order: a match comes after the matches its players come from.
    """
    if kind not in KINDS:
        raise RuleError(
            _("unknown elimination %(kind)s; one of: %(choices)s", kind=repr(kind), choices=KINDS), field="kind"
        )
    if players < 2:
        raise RuleError(_("an elimination needs at least two players"), field="seeds")
    size = _field_size(players)
    positions = seed_positions(size)
    matches: list[tuple[str, str, int, Source, Source]] = []
    current = [Source("seed", seed) for seed in positions]
    winners_rounds: list[list[str]] = []
    number = 1
    while len(current) > 1:
        ids = []
        for slot in range(len(current) // 2):
            match_id = f"W{number}-{slot + 1}"
            matches.append((match_id, WINNERS, number, current[2 * slot], current[2 * slot + 1]))
            ids.append(match_id)
        winners_rounds.append(ids)
        current = [Source("winner", match_id) for match_id in ids]
        number += 1
    if kind == SINGLE:
        return matches
    return matches + _losers_plan(winners_rounds)


def _losers_plan(winners_rounds: list[list[str]]) -> list[tuple[str, str, int, Source, Source]]:
    """The losers' bracket and the grand final for the winners' bracket ``winners_rounds``.

    Round 1 pairs the first round's losers; then each round the survivors meet the
    losers dropping from the next winners' round, in reversed order every other time so
    that two players do not meet again at once, and between drop-ins the survivors play
    among themselves.
    """
    matches = []
    number = 1
    first_losers = [Source("loser", match_id) for match_id in winners_rounds[0]]
    survivors = []
    if len(first_losers) == 1:
        survivors = first_losers
    else:
        for slot in range(len(first_losers) // 2):
            match_id = f"L{number}-{slot + 1}"
            matches.append((match_id, LOSERS, number, first_losers[2 * slot], first_losers[2 * slot + 1]))
            survivors.append(Source("winner", match_id))
        number += 1
    for index, ids in enumerate(winners_rounds[1:], start=1):
        dropping = [Source("loser", match_id) for match_id in ids]
        if index % 2 == 1:
            dropping.reverse()
        paired = []
        for slot, (survivor, dropped) in enumerate(zip(survivors, dropping, strict=True)):
            match_id = f"L{number}-{slot + 1}"
            matches.append((match_id, LOSERS, number, survivor, dropped))
            paired.append(Source("winner", match_id))
        number += 1
        survivors = paired
        if len(survivors) > 1:
            halved = []
            for slot in range(len(survivors) // 2):
                match_id = f"L{number}-{slot + 1}"
                matches.append((match_id, LOSERS, number, survivors[2 * slot], survivors[2 * slot + 1]))
                halved.append(Source("winner", match_id))
            number += 1
            survivors = halved
    champion_of_winners = Source("winner", winners_rounds[-1][0])
    [champion_of_losers] = survivors
    matches.append(("F", FINAL, 1, champion_of_winners, champion_of_losers))
    matches.append(("F2", FINAL_AGAIN, 1, Source("winner", "F"), Source("loser", "F")))
    return matches


def build_bracket(
    kind: str,
    seeds: Sequence[str],
    rounds: Sequence[Sequence[tuple[str, str, str | None]]],
    *,
    withdrawn: Mapping[str, int] | None = None,
    fields: Sequence[str] | None = None,
) -> Bracket:
    """The bracket of ``seeds`` after the event rounds ``rounds``, each a list of games (first, second, winner).

    Every game must be a match ready when its round was paired, and its winner one of its
    players, or None while the game is under way. ``withdrawn`` gives each player who left
    the number of the stage round after which they left: from then on their matches go
    to their opponents without a game (docs/rules.md, reading 59). ``fields`` names each
    round where it came from, for the messages; RuleError names the round and game.
    """
    if len(set(seeds)) != len(seeds):
        raise RuleError(_("a player is seeded twice"), field="seeds")
    withdrawn = withdrawn or {}
    planned = plan(kind, len(seeds))
    players: dict[str, tuple[str | None, str | None]] = {}
    winners: dict[str, str] = {}
    played_in: dict[str, int] = {}

    def resolve(source: Source, after_round: int) -> str | None:
        if source.kind == "seed":
            seed = cast(int, source.value)
            player = seeds[seed - 1] if seed <= len(seeds) else BYE
        elif source.value not in winners:
            return None
        else:
            first, second = players[source.value]
            winner = winners[source.value]
            if source.kind == "winner":
                player = winner
            elif winner == BYE or BYE in (first, second):
                return BYE  # a match that was a bye has no loser to drop
            else:
                player = cast(str, second if winner == first else first)  # a played match had both
        return BYE if player != BYE and withdrawn.get(player, after_round + 1) <= after_round else player

    def settle(after_round: int) -> None:
        # Byes and matches decided by byes go through at once, in play order.
        for match_id, side, _round, first_source, second_source in planned:
            if match_id in winners or match_id in played_in:
                continue
            first, second = resolve(first_source, after_round), resolve(second_source, after_round)
            players[match_id] = (first, second)
            if (
                side == FINAL_AGAIN
                and first is not None
                and winners.get("F") is not None
                and winners["F"] == players["F"][0]
            ):
                winners[match_id] = BYE  # the winners' champion won the final: no second game
            elif first == BYE and second == BYE:
                winners[match_id] = BYE
            elif first == BYE and second is not None:
                winners[match_id] = second
            elif second == BYE and first is not None:
                winners[match_id] = first

    settle(0)
    for number, games in enumerate(rounds, start=1):
        ready = {
            frozenset(players[m]): m
            for m, *_ in planned
            if m not in winners and m not in played_in and None not in players[m] and BYE not in players[m]
        }
        for index, (first, second, winner) in enumerate(games):
            where = f"{fields[number - 1]}.games[{index}]" if fields else f"rounds[{number - 1}][{index}]"
            match_id = ready.pop(frozenset((first, second)), None)
            if match_id is None:
                raise RuleError(
                    _(
                        "%(first)s and %(second)s have no match to play in elimination round %(round)s",
                        first=first,
                        second=second,
                        round=number,
                    ),
                    field=where,
                    rule=ELIMINATION_CLAUSE,
                )
            if winner is not None and winner not in (first, second):
                raise RuleError(
                    _("an elimination game needs its winner, one of its players (a tie goes to the higher die roll)"),
                    field=where,
                    rule=ELIMINATION_CLAUSE,
                )
            played_in[match_id] = number
            if winner is not None:
                winners[match_id] = winner
        settle(number)
    matches = tuple(
        Match(id=m, side=side, round=rnd, players=players[m], winner=winners.get(m), played_in=played_in.get(m))
        for m, side, rnd, *_ in planned
    )
    return Bracket(
        kind=kind, seeds=tuple(seeds), matches=matches, rounds_played=len(rounds), withdrawn=frozenset(withdrawn)
    )
