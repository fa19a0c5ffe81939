"""The stages of an event after (or instead of) its Swiss rounds: playoffs and elimination.

An event is Swiss (the policies' Swiss System) or an elimination event (Policy #1,
Elimination: "Normal single-, and double-elimination are acceptable"). A Swiss event may
be followed by playoff rounds among players tied after the whole tie-break menu (Policy
#1, Tournament Point Ties; Version 3 and Policy Number 4 after criterion III) or by a top
cut, an elimination stage of the best by the final standings. The archive lists each
such stage with its players, and every round names its stage (docs/archive-format.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from ..archive.fields import only_fields, whole_field
from ..archive.rounds import Round
from ..errors import RuleError
from ..limits import MAX_PLAYERS, MAX_POOL_SIZE, MAX_ROUNDS, MAX_SEED, MIN_POOL_SIZE
from ..messages import Text, _, ngettext
from .brackets import KINDS as BRACKET_KINDS
from .brackets import Bracket, build_bracket
from .pools_schedule import pool_rounds

SWISS = "swiss"
ELIMINATION = "elimination"
PLAYOFF = "playoff"
POOLS = "pools"
# What an event is: Swiss rounds (perhaps followed by a playoff or a top cut), a bracket, or
# round-robin pools followed by a knockout bracket (scoring/finals/pools.py).
STRUCTURES = (SWISS, ELIMINATION, POOLS)
STAGE_KINDS = (PLAYOFF, ELIMINATION, POOLS)
# The sizes of a top cut the app offers: whole brackets, as usual at large events.
TOP_CUTS = (2, 4, 8, 16, 32)
# How an elimination event seeds its bracket; a top cut seeds by the Swiss standings.
SEEDINGS = ("ranking", "random")
# How a stage's order came about, as the archive records it: a knockout after pools is seeded "pools".
SEEDED_BY = ("standings", "ranking", "random", "tie", "pools")


def stage_title(kind: str, size: int, for_place: int, seeded_by: str) -> Text:
    """What people call a stage: "Playoff", "Playoff for place 3", "Top 8" (a cut), "Elimination"."""
    if kind == PLAYOFF:
        if for_place == 1:
            # Translators: the title of a stage: rounds among players tied for first place.
            return _("Playoff")
        # Translators: the title of a stage: rounds among players tied for a lower place.
        return _("Playoff for place %(place)s", place=for_place)
    if kind == POOLS:
        # Translators: the title of a stage: round-robin pools, every player meeting every other of their pool.
        return _("Pools")
    if seeded_by == "pools":
        # Translators: the title of a stage: the elimination bracket of the best players of each pool.
        return _("Knockout")
    if seeded_by == "standings":
        # Translators: the title of a stage: a top cut, an elimination bracket of the best players by the standings.
        return _("Top %(size)s", size=size)
    # Translators: the title of a stage: an elimination event's bracket.
    return _("Elimination")


@dataclass(frozen=True)
class Stage:
    """A playoff or elimination stage: its players in order, and the event rounds it played.

    ``players`` are the tied players of a playoff, or the seeds of a bracket, best first.
    ``first_round`` is the event round number of the stage's first round; its rounds are
    numbered on from the rounds before it.
    """

    kind: str
    players: tuple[str, ...]
    first_round: int
    bracket: str | None = None  # single or double, for an elimination stage
    rounds_planned: int | None = None  # a playoff's rounds, from the policy's table
    for_place: int = 1  # a playoff: the first of the places its players are tied for
    seeded_by: str = "tie"
    seed: int | None = None  # the draw behind a random seeding or a tie's order
    rounds: tuple[Round, ...] = field(default=())
    # A pool stage: its pools, each a round robin, and how many of each go on to the knockout.
    pools: tuple[tuple[str, ...], ...] = ()
    advance: int | None = None

    @property
    def title(self) -> Text:
        """What people call the stage: "Playoff", "Top 8" (a cut), "Elimination"."""
        return stage_title(self.kind, len(self.players), self.for_place, self.seeded_by)

    @property
    def complete(self) -> bool:
        """Every planned round of a playoff played in full (a bracket is complete when ``stage_bracket`` says)."""
        return (
            self.rounds_planned is not None
            and len(self.rounds) >= self.rounds_planned
            and all(rnd.complete for rnd in self.rounds)
        )

    def playoff_over(self, still_in: int) -> bool:
        """A playoff is over when its rounds are played, or when fewer than two of its players (``still_in``)
        remain to play them: its standings decide as they stand (docs/rules.md, reading 62)."""
        return self.complete or (still_in < 2 and all(rnd.complete for rnd in self.rounds))

    def as_dict(self) -> dict[str, Any]:
        """The stage's header as the archive writes it (its rounds point at it by number)."""
        entry: dict[str, Any] = {"kind": self.kind, "players": list(self.players), "seeded_by": self.seeded_by}
        if self.kind == PLAYOFF:
            entry |= {"rounds": self.rounds_planned, "for_place": self.for_place}
        elif self.kind == POOLS:
            entry |= {"pools": [list(pool) for pool in self.pools], "advance": self.advance}
        else:
            entry["bracket"] = self.bracket
        if self.seed is not None:
            entry["seed"] = self.seed
        return entry


def parse_stage(
    data: object, field: str, known: Mapping[str, object], first_round: int, policy_rounds: Callable[[int], int]
) -> Stage:
    """A stage's header from the archive's ``stages`` list (its rounds are added by the caller).

    ``known`` holds the event's players by id; ``policy_rounds(n)`` is the policy's
    number of rounds for n players, which a playoff must follow.
    """
    if not isinstance(data, dict):
        raise RuleError(_("a stage must be an object"), field=field)
    kind = data.get("kind")
    if kind not in STAGE_KINDS:
        raise RuleError(
            _("kind must be one of %(choices)s, not %(kind)s", choices=STAGE_KINDS, kind=repr(kind)),
            field=f"{field}.kind",
        )
    own = {PLAYOFF: {"rounds", "for_place"}, POOLS: {"pools", "advance"}, ELIMINATION: {"bracket"}}[kind]
    only_fields(data, {"kind", "players", "seeded_by", "seed"} | own, field)
    players = data.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= MAX_PLAYERS:
        raise RuleError(_("players must be a list of at least two player ids"), field=f"{field}.players")
    for index, player in enumerate(players):
        if not isinstance(player, str) or player not in known:
            raise RuleError(_("unknown player %(player)s", player=repr(player)), field=f"{field}.players[{index}]")
        if player in players[:index]:
            raise RuleError(
                _("player %(player)s is in the stage twice", player=repr(player)), field=f"{field}.players[{index}]"
            )
    seeded_by = data.get("seeded_by", {PLAYOFF: "tie", POOLS: "ranking"}.get(kind, "standings"))
    if seeded_by not in SEEDED_BY:
        raise RuleError(
            _("seeded_by must be one of %(choices)s, not %(value)s", choices=SEEDED_BY, value=repr(seeded_by)),
            field=f"{field}.seeded_by",
        )
    seed = data.get("seed")
    if seed is not None:
        seed = whole_field(seed, f"{field}.seed", "seed", minimum=0, maximum=MAX_SEED)
    if kind == PLAYOFF:
        rounds = whole_field(data.get("rounds"), f"{field}.rounds", "rounds", minimum=1, maximum=MAX_ROUNDS)
        if rounds != policy_rounds(len(players)):
            raise RuleError(
                ngettext(
                    "a playoff of %(players)s players has %(count)s round by the policy's table, not %(given)s",
                    "a playoff of %(players)s players has %(count)s rounds by the policy's table, not %(given)s",
                    policy_rounds(len(players)),
                    players=len(players),
                    given=rounds,
                ),
                field=f"{field}.rounds",
            )
        return Stage(
            kind=kind,
            players=tuple(players),
            first_round=first_round,
            rounds_planned=rounds,
            for_place=whole_field(
                data.get("for_place", 1), f"{field}.for_place", "for_place", minimum=1, maximum=MAX_PLAYERS
            ),
            seeded_by=seeded_by,
            seed=seed,
        )
    if kind == POOLS:
        pools, advance = parse_pools(data, field, tuple(players))
        return Stage(
            kind=kind,
            players=tuple(players),
            first_round=first_round,
            seeded_by=seeded_by,
            seed=seed,
            pools=pools,
            advance=advance,
            rounds_planned=pool_rounds(pools),
        )
    bracket = data.get("bracket")
    if bracket not in BRACKET_KINDS:
        raise RuleError(
            _("bracket must be one of %(choices)s, not %(value)s", choices=BRACKET_KINDS, value=repr(bracket)),
            field=f"{field}.bracket",
        )
    return Stage(
        kind=kind, players=tuple(players), first_round=first_round, bracket=bracket, seeded_by=seeded_by, seed=seed
    )


def parse_pools(data: dict[str, Any], field: str, players: tuple[str, ...]) -> tuple[tuple[tuple[str, ...], ...], int]:
    """A pool stage's pools (every player of the stage in one, 3 to 8 each) and how many of each go on."""
    raw = data.get("pools")
    if not isinstance(raw, list) or not raw:
        raise RuleError(_("pools must be a list of pools, each a list of player ids"), field=f"{field}.pools")
    seen: set[str] = set()
    pools = []
    for index, pool in enumerate(raw):
        where = f"{field}.pools[{index}]"
        if not isinstance(pool, list) or not MIN_POOL_SIZE <= len(pool) <= MAX_POOL_SIZE:
            raise RuleError(
                _("a pool holds %(least)s to %(most)s players", least=MIN_POOL_SIZE, most=MAX_POOL_SIZE), field=where
            )
        for place, player in enumerate(pool):
            if player not in players or player in seen:
                raise RuleError(
                    _("player %(player)s must be a player of the stage, in one pool only", player=repr(player)),
                    field=f"{where}[{place}]",
                )
            seen.add(player)
        pools.append(tuple(pool))
    if seen != set(players):
        raise RuleError(_("every player of the stage is in a pool"), field=f"{field}.pools")
    smallest = min(len(pool) for pool in pools)
    advance = whole_field(data.get("advance"), f"{field}.advance", "advance", minimum=1, maximum=smallest)
    if advance * len(pools) < 2:
        raise RuleError(_("at least two players go on to the knockout"), field=f"{field}.advance")
    return tuple(pools), advance


def stage_bracket(stage: Stage, dropped_after: Mapping[str, int], *, fields: Sequence[str] | None = None) -> Bracket:
    """The bracket of an elimination stage after its rounds played so far.

    ``dropped_after`` gives the event round after which each player who left did so;
    from then on their matches go to their opponents (docs/rules.md, reading 59). A
    game's winner is the result's, or the dice roll's when it ended level.
    """
    offset = stage.first_round - 1
    withdrawn = {player: max(0, after - offset) for player, after in dropped_after.items() if player in stage.players}
    rounds = [
        [
            (
                game.players[0],
                game.players[1],
                # A scored game of a bracket goes on with its winner, or the dice roll's.
                game.players[cast(int, game.scored.goes_on)] if game.scored is not None else None,
            )
            for game in rnd.games
        ]
        for rnd in stage.rounds
    ]
    bracket = cast(str, stage.bracket)  # an elimination stage's: single or double
    return build_bracket(bracket, stage.players, rounds, withdrawn=withdrawn, fields=fields)
