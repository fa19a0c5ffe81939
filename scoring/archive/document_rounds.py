"""The rounds of an archive and the stages they belong to: parsing and checking.

``scoring.archive.document`` reads the whole document; this module reads its ``rounds`` and
``stages`` (docs/archive-format.md) into the Rounds of ``scoring.archive.rounds`` and the Stages
of ``scoring.finals.stages``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, cast

from ..errors import RuleError
from ..finals.pools_schedule import round_robin
from ..finals.stages import ELIMINATION, PLAYOFF, POOLS, SWISS, Stage, parse_stage, stage_bracket
from ..limits import MAX_ROUNDS, MAX_SEED, MAX_TABLE
from ..messages import _, ngettext
from ..results.score import score_result
from ..results.scored import ScoredResult
from .event import EventSettings, Player
from .fields import only_fields, whole_field
from .rounds import Game, Round


def parse_stage_headers(
    raw_stages: object, raw_rounds: list[Any], event: EventSettings, by_id: dict[str, Player]
) -> list[Stage]:
    """Each stage's header, with the number of its first round; the rounds' stage numbers checked."""
    if not isinstance(raw_stages, list):
        # Translators: %(what)s is a field's name in the archive, kept as written.
        raise RuleError(_("%(what)s must be a list", what="stages"), field="stages")
    if len(raw_stages) > MAX_ROUNDS:
        raise RuleError(_("at most %(limit)s stages", limit=MAX_ROUNDS), field="stages")
    first_round: dict[int, int] = {}
    previous = 0
    for index, raw in enumerate(raw_rounds):
        stage = 0
        if isinstance(raw, dict) and "stage" in raw:
            if not raw_stages:
                raise RuleError(_("a round names a stage, but the archive lists none"), field=f"rounds[{index}].stage")
            stage = whole_field(raw["stage"], f"rounds[{index}].stage", "stage", minimum=1, maximum=len(raw_stages))
        if stage < previous:
            raise RuleError(
                _("a stage's rounds come after the rounds of the stages before it"), field=f"rounds[{index}].stage"
            )
        if stage == 0 and event.structure in (ELIMINATION, POOLS):
            raise RuleError(
                _("an elimination event has no Swiss rounds: each round names its stage")
                if event.structure == ELIMINATION
                else _("an event of pools has no Swiss rounds: each round names its stage"),
                field=f"rounds[{index}].stage",
            )
        first_round.setdefault(stage, index + 1)
        previous = stage
    headers = []
    for index, raw in enumerate(raw_stages):
        number = index + 1
        if number not in first_round and number < len(raw_stages):
            raise RuleError(_("only the last stage may be waiting for its first round"), field=f"stages[{index}]")
        header = parse_stage(
            raw, f"stages[{index}]", by_id, first_round.get(number, len(raw_rounds) + 1), event.policy.rounds_for
        )
        if header.kind == ELIMINATION and number < len(raw_stages):
            raise RuleError(_("a bracket decides the event: no stage follows it"), field=f"stages[{index + 1}]")
        if header.kind == ELIMINATION and event.structure == SWISS and event.top_cut is None:
            raise RuleError(_("a Swiss event without a top cut has no elimination stage"), field=f"stages[{index}]")
        if header.kind == PLAYOFF and event.structure in (ELIMINATION, POOLS):
            raise RuleError(_("an elimination event's bracket has no playoff"), field=f"stages[{index}]")
        if (header.kind == POOLS) != (event.structure == POOLS and number == 1):
            raise RuleError(
                _("an event of pools begins with its pools, and only it has them"), field=f"stages[{index}]"
            )
        if event.structure == POOLS and header.kind == ELIMINATION and header.seeded_by != "pools":
            raise RuleError(_("the knockout after pools is seeded by the pools"), field=f"stages[{index}].seeded_by")
        headers.append(header)
    return headers


def stages_with_rounds(headers: list[Stage], rounds: tuple[Round, ...], by_id: dict[str, Player]) -> tuple[Stage, ...]:
    """The stages with their rounds; each stage before the last finished, each bracket played as seeded."""
    stages = []
    for number, header in enumerate(headers, start=1):
        stage = replace(header, rounds=tuple(rnd for rnd in rounds if rnd.stage == number))
        field = f"stages[{number - 1}]"
        if stage.kind == POOLS:
            finished = _pools_played(stage, by_id)
        elif stage.kind == ELIMINATION:
            dropped = cast(
                dict[str, int],
                {p: by_id[p].dropped_after_round for p in stage.players if by_id[p].dropped_after_round is not None},
            )
            fields = [f"rounds[{rnd.number - 1}]" for rnd in stage.rounds]
            finished = stage_bracket(stage, dropped, fields=fields).complete
        else:
            finished = stage.playoff_over(sum(1 for p in stage.players if by_id[p].eligible))
            if stage.rounds_planned is not None and len(stage.rounds) > stage.rounds_planned:
                raise RuleError(
                    ngettext(
                        "the playoff has %(count)s round, not %(rounds)s",
                        "the playoff has %(count)s rounds, not %(rounds)s",
                        stage.rounds_planned,
                        rounds=len(stage.rounds),
                    ),
                    field=f"rounds[{stage.rounds[stage.rounds_planned].number - 1}]",
                )
        if number < len(headers) and not finished:
            raise RuleError(_("a stage is finished before the next one begins"), field=field)
        stages.append(stage)
    return tuple(stages)


def still_playing(player: Player, round_number: int) -> bool:
    """Whether ``player`` is still in the event in round ``round_number`` (not dropped before it)."""
    return player.dropped_after_round is None or player.dropped_after_round >= round_number


def _pools_played(stage: Stage, by_id: dict[str, Player]) -> bool:
    """Whether a pool stage's rounds follow each pool's round robin, and are all played.

    A game with a player who has left the event is not played: the opponent sits out.
    """
    planned = stage.rounds_planned or 0
    if len(stage.rounds) > planned:
        raise RuleError(
            _("the pools play %(count)s rounds, not more", count=planned),
            field=f"rounds[{stage.rounds[planned].number - 1}]",
        )
    schedules = [round_robin(pool) for pool in stage.pools]
    for index, rnd in enumerate(stage.rounds):
        expected = {
            frozenset(pair)
            for schedule in schedules
            if index < len(schedule)
            for pair in schedule[index]
            if all(still_playing(by_id[player], rnd.number) for player in pair)
        }
        played = {frozenset(game.players) for game in rnd.games}
        if played != expected:
            raise RuleError(
                _("round %(round)s of the pools plays each pool's round robin in order", round=index + 1),
                field=f"rounds[{rnd.number - 1}].games",
            )
    return len(stage.rounds) == planned and all(rnd.complete for rnd in stage.rounds)


def _key_of(result: object, capabilities: tuple[str, str], elimination: bool) -> object | None:
    """The cache key of a result: its ``repr``, which tells apart what JSON data and Python callers give (1, 1.0 and
    True; a list and a tuple), so that two results of one key are the same data. Made in C: the nested tuples it
    replaced cost as much as the scoring they saved."""
    return (repr(result), capabilities, elimination)


def parse_round(
    raw: object,
    index: int,
    event: EventSettings,
    by_id: dict[str, Player],
    stage: Stage | None,
    scored_before: dict[object, ScoredResult] | None = None,
) -> Round:
    """Round ``index`` of an archive, checked; ``scored_before`` keeps each result already scored in this
    archive (the same result, the same capabilities: the same points and explanation), so that an event's
    thousands of games score each kind of result once. Its keys leave out the policy and the game type, which
    are the archive's: one dict serves one archive, never two."""
    field = f"rounds[{index}]"
    if not isinstance(raw, dict):
        raise RuleError(_("a round must be an object"), field=field)
    only_fields(raw, {"number", "bye", "games", "seed", "stage"}, field)
    number = raw.get("number")
    if type(number) is not int or number != index + 1:
        raise RuleError(
            # Translators: "rounds" is a field's name in the archive; %(value)s is the number given, kept as written.
            _(
                "rounds must be numbered 1, 2, 3... in order; expected %(expected)s, got %(value)s",
                expected=index + 1,
                value=repr(number),
            ),
            field=f"{field}.number",
        )
    seed = raw.get("seed")
    if seed is not None:
        seed = whole_field(seed, f"{field}.seed", "seed", minimum=0, maximum=MAX_SEED)
    seen: dict[str, str] = {}
    elimination = stage is not None and stage.kind == ELIMINATION

    def place(player_id: object, where: str) -> str:
        if not isinstance(player_id, str) or player_id not in by_id:
            # Translators: %(player)s is a player's id in the archive, kept as written.
            raise RuleError(_("unknown player %(player)s", player=repr(player_id)), field=where)
        if player_id in seen:
            # Translators: %(player)s is a player's id in the archive; %(where)s is where the round has them already,
            # a field of the archive such as rounds[2].games[0].players[1].
            raise RuleError(
                _(
                    "player %(player)s is already in this round (%(where)s)",
                    player=repr(player_id),
                    where=seen[player_id],
                ),
                field=where,
            )
        player = by_id[player_id]
        if player.dropped_after_round is not None and number > player.dropped_after_round:
            raise RuleError(
                # Translators: %(player)s is a player's id in the archive, kept as written.
                _(
                    "player %(player)s dropped out after round %(round)s",
                    player=repr(player_id),
                    round=player.dropped_after_round,
                ),
                field=where,
            )
        if stage is not None and player_id not in stage.players:
            # Translators: %(player)s is a player's id in the archive; %(stage)s is the stage's title, such as "Top 8".
            raise RuleError(
                _(
                    "player %(player)s is not in this round's stage (%(stage)s)",
                    player=repr(player_id),
                    stage=stage.title,
                ),
                field=where,
            )
        seen[player_id] = where
        return player_id

    bye = raw.get("bye")
    if bye is not None:
        if elimination:
            raise RuleError(_("a bracket gives its byes by seed: its rounds list no bye"), field=f"{field}.bye")
        if stage is not None and stage.kind == POOLS:
            raise RuleError(_("in pools a player sits out without a bye: the round lists none"), field=f"{field}.bye")
        bye = place(bye, f"{field}.bye")
    raw_games = raw.get("games", [])
    if not isinstance(raw_games, list):
        # Translators: %(what)s is a field's name in the archive, kept as written.
        raise RuleError(_("%(what)s must be a list", what="games"), field=f"{field}.games")
    games = []
    tables: set[int] = set()
    for g_index, raw_game in enumerate(raw_games):
        g_field = f"{field}.games[{g_index}]"
        if not isinstance(raw_game, dict):
            raise RuleError(_("a game must be an object"), field=g_field)
        only_fields(raw_game, {"table", "players", "result"}, g_field)
        table = whole_field(raw_game.get("table"), f"{g_field}.table", "table", minimum=1, maximum=MAX_TABLE)
        if table in tables:
            raise RuleError(
                _("table %(table)s is used twice in round %(round)s", table=table, round=number),
                field=f"{g_field}.table",
            )
        tables.add(table)
        pair = raw_game.get("players")
        if not isinstance(pair, list) or len(pair) != 2:
            raise RuleError(_("a game has a list of exactly two players"), field=f"{g_field}.players")
        ids = (place(pair[0], f"{g_field}.players[0]"), place(pair[1], f"{g_field}.players[1]"))
        result = raw_game.get("result")
        scored = None
        if result is not None:
            capabilities = (by_id[ids[0]].deck_capability, by_id[ids[1]].deck_capability)
            key = _key_of(result, capabilities, elimination) if scored_before is not None else None
            scored = scored_before.get(key) if scored_before is not None and key is not None else None
            if scored is None:
                scored = score_result(
                    event.policy,
                    event.game_type,
                    result,
                    capabilities,
                    field=f"{g_field}.result",
                    elimination=elimination,
                )
                if scored_before is not None and key is not None:
                    scored_before[key] = scored
        games.append(Game(table=table, players=ids, result=result, scored=scored))
    return Round(number=number, bye=bye, games=tuple(games), seed=seed, stage=raw.get("stage", 0))
