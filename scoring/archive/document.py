"""The event archive, ``council-archive/3`` (and the ``/2`` and ``/1`` before it): parsing and checking.

One JSON document holds an event: its settings, its players, the stages after its Swiss
rounds (playoffs, a top cut) or its bracket, and every round with its games and results.
An older ``council-archive/1`` document (Swiss rounds only) reads unchanged. The web app
exports and imports it; the engine reads it to score, rank and pair.
``docs/archive-format.md`` describes it and ``archive.schema.json`` beside this module is
its JSON Schema. The parts it is made of have modules of their own: ``EventSettings`` and
``Player`` (``scoring.archive.event``), ``Round`` and ``Game`` (``scoring.archive.rounds``), ``Stage``
(``scoring.finals.stages``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..errors import RuleError
from ..finals.stages import POOLS, SEEDINGS, STRUCTURES, SWISS, TOP_CUTS, Stage
from ..limits import (
    MAX_ID_LENGTH,
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    MAX_POOL_SIZE,
    MAX_POOLS,
    MAX_RANKING,
    MAX_ROUNDS,
)
from ..messages import _
from ..policies.game_types import GAME_TYPES
from ..policies.house import policy_of
from ..policies.terms import CO_CHAMPIONS, EVENT_FORMATS, SINGLE_DECK, TIE_RESOLUTIONS, Policy
from ..results.score import DECK_CAPABILITIES
from ..results.scored import ScoredResult
from .document_rounds import parse_round, parse_stage_headers, stages_with_rounds
from .event import EventSettings, Player
from .fields import choice_field, only_fields, text_field, whole_field
from .record import EventRecord, parse_record
from .rounds import Round

# The newest format: the third holds a house policy whole (the event's ``policy`` an object),
# games lost by both players (a ``double-loss`` result) and events of pools. An event with neither is still
# written in the second, which older versions of Council read (``archive_format``).
ARCHIVE_FORMAT = "council-archive/3"
RELEASED_POLICY_FORMAT = "council-archive/2"
# The formats Council reads: the first had Swiss rounds only, and reads as an event without stages.
READ_FORMATS = ("council-archive/1", RELEASED_POLICY_FORMAT, ARCHIVE_FORMAT)


# The result kinds only the newest format holds.
NEWEST_RESULT_KINDS = ("double-loss",)


def archive_format(
    policy: Policy, result_kinds: Iterable[str] = (), structure: str = SWISS, *, in_gathering: bool = False
) -> str:
    """The format an archive of an event under ``policy`` whose games have ``result_kinds`` is written in:
    the oldest that can hold it (an event of pools, or one in a gathering, needs the newest)."""
    newest = (
        policy.is_house_policy
        or structure == POOLS
        or in_gathering
        or any(kind in NEWEST_RESULT_KINDS for kind in result_kinds)
    )
    return ARCHIVE_FORMAT if newest else RELEASED_POLICY_FORMAT


PLAYER_STATUSES = ("active", "dropped", "ejected")
FIRST_ROUND_PAIRINGS = ("random", "ranking")


@dataclass(frozen=True)
class Archive:
    """A checked event archive: ``rounds`` are its Swiss rounds, each stage holds its own."""

    event: EventSettings
    players: tuple[Player, ...]
    rounds: tuple[Round, ...]
    stages: tuple[Stage, ...] = ()
    by_id: dict[str, Player] = field(repr=False, compare=False, default_factory=dict)
    record: EventRecord = field(compare=False, default=EventRecord(status="registration"))

    @property
    def policy(self) -> Policy:
        """The policy the event runs under."""
        return self.event.policy

    def bye_points(self, round_number: int) -> Fraction:
        """Points for the bye of this round under the event's policy."""
        return Fraction(self.policy.bye_points(round_number))

    @property
    def all_rounds(self) -> tuple[Round, ...]:
        """Every round of the event in order: the Swiss rounds, then each stage's."""
        return self.rounds + tuple(rnd for stage in self.stages for rnd in stage.rounds)


def parse_event(data: object, *, with_stages: bool = True, written_before_formats: bool = False) -> EventSettings:
    """EventSettings from the archive's ``event`` object (``with_stages``: the fields format 2 added).

    ``written_before_formats``: a document of a format version written before Council
    knew that Policy #1 defines no formats; its Policy #1 event reads as single-deck.
    """
    if not isinstance(data, dict):
        # Translators: %(what)s is a field's name in the archive, kept as written.
        raise RuleError(_("%(what)s must be an object", what="event"), field="event")
    # The app's own fields ride along; the engine checks them (EventRecord) and does not use them.
    app_fields = {"date", "place", "rounds_planned", "rounds_note", "status", "playoff_winner", "gathering"}
    stage_fields = {"structure", "elimination", "seeding", "top_cut", "pools", "advance"} if with_stages else set()
    only_fields(
        data,
        {"name", "policy", "game_type", "tie_resolution", "format", "first_round_pairing"} | app_fields | stage_fields,
        "event",
    )
    policy = policy_of(data.get("policy"), field="event.policy")
    game_type = choice_field(data.get("game_type"), GAME_TYPES, "event.game_type", "game_type")
    policy.check_game_type(game_type, field="event.game_type")
    first_round = choice_field(
        data.get("first_round_pairing", "random"),
        FIRST_ROUND_PAIRINGS,
        "event.first_round_pairing",
        "first_round_pairing",
    )
    if first_round not in policy.first_round_pairings:
        raise RuleError(
            # Translators: %(policy)s is a policy's title, such as "Council of Lórien Policy #1 (1996)";
            # "Policy Number 4" names a policy document, kept in English.
            _(
                "%(policy)s pairs the first round randomly; pairing by ranking came with Policy Number 4",
                policy=policy.title,
            ),
            field="event.first_round_pairing",
            rule=policy.first_round_clause,
        )
    tie_resolution = choice_field(
        data.get("tie_resolution", policy.tie_resolutions[0]), TIE_RESOLUTIONS, "event.tie_resolution", "tie_resolution"
    )
    # Co-champions agreed when the tie arose are recorded like a posted option (reading 69).
    if not (policy.co_champions_by_agreement and tie_resolution == CO_CHAMPIONS):
        policy.check_tie_resolution(tie_resolution, field="event.tie_resolution")
    event_format = choice_field(data.get("format", policy.formats[0]), EVENT_FORMATS, "event.format", "format")
    if written_before_formats and event_format not in policy.formats and policy.formats == (SINGLE_DECK,):
        # Archives written before Council knew that Policy #1 defines no formats name one
        # of the later policies' (general opponent by default); Policy #1's one deck each
        # is what they were held to by General 12 (docs/archive-format.md).
        event_format = SINGLE_DECK
    policy.check_format(event_format, field="event.format")
    return EventSettings(
        name=text_field(data.get("name"), "event.name", "name", MAX_NAME_LENGTH),
        policy=policy,
        game_type=game_type,
        tie_resolution=tie_resolution,
        format=event_format,
        first_round_pairing=first_round,
        **_stage_settings(data),
    )


def _stage_settings(data: dict[str, Any]) -> dict[str, Any]:
    """The event's structure, bracket kind, seeding and top cut, checked together."""
    structure = choice_field(data.get("structure", SWISS), STRUCTURES, "event.structure", "structure")
    top_cut = data.get("top_cut")
    if top_cut is not None:
        top_cut = choice_field(top_cut, TOP_CUTS, "event.top_cut", "top_cut")
        if structure != SWISS:
            raise RuleError(
                _("a top cut follows Swiss rounds; an elimination event is one bracket"), field="event.top_cut"
            )
    # Pools before a knockout: how many pools, and how many of each go on (scoring/finals/pools.py).
    pools = advance = None
    if structure == POOLS:
        pools = whole_field(data.get("pools"), "event.pools", "pools", minimum=1, maximum=MAX_POOLS)
        advance = whole_field(data.get("advance"), "event.advance", "advance", minimum=1, maximum=MAX_POOL_SIZE)
        if pools * advance < 2:
            raise RuleError(_("at least two players go on to the knockout"), field="event.advance")
    else:
        for name in ("pools", "advance"):
            if data.get(name) is not None:
                # Translators: %(what)s is a field's name in the archive ("pools", "advance"), kept as written.
                raise RuleError(_("only an event of pools has %(what)s", what=name), field=f"event.{name}")
    return {
        "structure": structure,
        "elimination": choice_field(
            data.get("elimination", "single"), ("single", "double"), "event.elimination", "elimination"
        ),
        "seeding": choice_field(data.get("seeding", "ranking"), SEEDINGS, "event.seeding", "seeding"),
        "top_cut": top_cut,
        "pools": pools,
        "advance": advance,
    }


def parse_player(data: object, field: str) -> Player:
    """A Player from one entry of the archive's ``players`` list."""
    if not isinstance(data, dict):
        raise RuleError(_("a player must be an object"), field=field)
    only_fields(data, {"id", "name", "status", "deck_capability", "dropped_after_round", "avatar", "ranking"}, field)
    status = choice_field(data.get("status", "active"), PLAYER_STATUSES, f"{field}.status", "status")
    dropped_after = data.get("dropped_after_round")
    if dropped_after is not None:
        if status == "active":
            # Translators: %(what)s is a field's name in the archive, kept as written.
            raise RuleError(
                _("an active player has no %(what)s", what="dropped_after_round"), field=f"{field}.dropped_after_round"
            )
        dropped_after = whole_field(
            dropped_after, f"{field}.dropped_after_round", "dropped_after_round", minimum=0, maximum=MAX_ROUNDS
        )
    avatar = data.get("avatar")
    if avatar is not None:
        avatar = text_field(avatar, f"{field}.avatar", "avatar", MAX_NAME_LENGTH)
    ranking = data.get("ranking")
    if ranking is not None:
        ranking = whole_field(ranking, f"{field}.ranking", "ranking", minimum=1, maximum=MAX_RANKING)
    return Player(
        id=text_field(data.get("id"), f"{field}.id", "id", MAX_ID_LENGTH),
        name=text_field(data.get("name"), f"{field}.name", "name", MAX_NAME_LENGTH),
        status=status,
        deck_capability=choice_field(
            data.get("deck_capability", "marshalling-points"),
            DECK_CAPABILITIES,
            f"{field}.deck_capability",
            "deck_capability",
        ),
        dropped_after_round=dropped_after,
        avatar=avatar,
        ranking=ranking,
    )


def parse_archive(data: object) -> Archive:
    """Check a ``council-archive/3`` (or ``/2``, ``/1``) document and return it as an Archive.

    Rejects, naming the field: a wrong format tag, unknown policies or game types,
    duplicate player ids, a player in two places in one round, games of players who had
    dropped out, rounds out of order, any result the policy does not allow, and stages
    out of order: a stage's rounds after the rounds before it, a stage finished before
    the next begins, only its own players at its tables, and brackets played as seeded.
    """
    if not isinstance(data, dict):
        raise RuleError(_("an archive must be a JSON object"))
    version = data.get("format")
    if version not in READ_FORMATS:
        # Translators: "format" is a field's name in the archive; %(format)s, %(older)s and %(value)s are its values,
        # kept as written.
        raise RuleError(
            _(
                "format must be %(format)s (or the older %(older)s), not %(value)s",
                format=repr(ARCHIVE_FORMAT),
                older=repr(READ_FORMATS[0]),
                value=repr(version),
            ),
            field="format",
        )
    with_stages = version != READ_FORMATS[0]
    only_fields(data, {"format", "event", "players", "rounds"} | ({"stages"} if with_stages else set()), "")
    raw_event = data.get("event")
    if version != ARCHIVE_FORMAT and isinstance(raw_event, dict) and isinstance(raw_event.get("policy"), dict):
        raise RuleError(
            # Translators: %(format)s is the archive format that holds a house policy, kept as written.
            _("a house policy is held by the %(format)s format", format=repr(ARCHIVE_FORMAT)),
            field="event.policy",
        )
    event = parse_event(data.get("event"), with_stages=with_stages, written_before_formats=True)
    raw_players = data.get("players")
    if not isinstance(raw_players, list):
        # Translators: %(what)s is a field's name in the archive, kept as written.
        raise RuleError(_("%(what)s must be a list", what="players"), field="players")
    if len(raw_players) > MAX_PLAYERS:
        raise RuleError(_("at most %(limit)s players", limit=MAX_PLAYERS), field="players")
    players: list[Player] = []
    by_id: dict[str, Player] = {}
    for index, raw in enumerate(raw_players):
        player = parse_player(raw, f"players[{index}]")
        if player.id in by_id:
            # Translators: %(player)s is a player's id in the archive, kept as written.
            raise RuleError(
                _("player id %(player)s is used twice", player=repr(player.id)), field=f"players[{index}].id"
            )
        by_id[player.id] = player
        players.append(player)

    raw_rounds = data.get("rounds", [])
    if not isinstance(raw_rounds, list):
        # Translators: %(what)s is a field's name in the archive, kept as written.
        raise RuleError(_("%(what)s must be a list", what="rounds"), field="rounds")
    if len(raw_rounds) > MAX_ROUNDS:
        raise RuleError(_("at most %(limit)s rounds", limit=MAX_ROUNDS), field="rounds")
    headers = parse_stage_headers(data.get("stages", []), raw_rounds, event, by_id)
    scored_before: dict[object, ScoredResult] = {}
    rounds = tuple(
        parse_round(
            raw,
            index,
            event,
            by_id,
            headers[raw["stage"] - 1] if isinstance(raw, dict) and raw.get("stage") else None,
            scored_before,
        )
        for index, raw in enumerate(raw_rounds)
    )
    for index, rnd in enumerate(rounds[:-1]):
        if not rnd.complete:
            missing = [g.table for g in rnd.games if g.scored is None]
            raise RuleError(
                _(
                    "round %(round)s has no result for table %(table)s, but a later round exists",
                    round=rnd.number,
                    table=missing[0],
                ),
                field=f"rounds[{index}]",
            )
    if version != ARCHIVE_FORMAT:
        _check_older_results(rounds)
        if isinstance(raw_event, dict) and "gathering" in raw_event:
            raise RuleError(
                # Translators: %(format)s is the archive format, kept as written.
                _("an event in a gathering is held by the %(format)s format", format=repr(ARCHIVE_FORMAT)),
                field="event.gathering",
            )
        if event.structure == POOLS:
            raise RuleError(
                # Translators: %(format)s is the archive format, kept as written.
                _("an event of pools is held by the %(format)s format", format=repr(ARCHIVE_FORMAT)),
                field="event.structure",
            )
    stages = stages_with_rounds(headers, rounds, by_id)
    swiss = tuple(rnd for rnd in rounds if rnd.stage == 0)
    record = parse_record(data["event"], by_id, rounds, len(swiss))
    return Archive(event=event, players=tuple(players), rounds=swiss, stages=stages, by_id=by_id, record=record)


def _check_older_results(rounds: tuple[Round, ...]) -> None:
    """Refuse, in an older format, a result kind only the newest holds (a double loss)."""
    for index, rnd in enumerate(rounds):
        for place, game in enumerate(rnd.games):
            kind = game.result.get("kind") if isinstance(game.result, dict) else None
            if kind in NEWEST_RESULT_KINDS:
                raise RuleError(
                    # Translators: %(kind)s is a result's kind and %(format)s the archive format, kept as written.
                    _(
                        "a %(kind)s result is held by the %(format)s format",
                        kind=repr(kind),
                        format=repr(ARCHIVE_FORMAT),
                    ),
                    field=f"rounds[{index}].games[{place}].result.kind",
                )
