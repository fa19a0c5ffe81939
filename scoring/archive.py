"""The event archive, ``council-archive/1``: parsing and checking.

One JSON document holds an event: its settings, its players and every round with its
games and results. The web app exports and imports it; the engine reads it to score,
rank and pair. ``docs/archive-format.md`` describes it and ``archive.schema.json``
beside this module is its JSON Schema.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from fractions import Fraction

from .errors import RuleError
from .limits import (
    MAX_ID_LENGTH,
    MAX_NAME_LENGTH,
    MAX_NOTE_LENGTH,
    MAX_PLAYERS,
    MAX_RANKING,
    MAX_ROUNDS,
    MAX_SEED,
    MAX_TABLE,
)
from .policies import GAME_TYPES, TIE_RESOLUTIONS, Policy, get_policy
from .results import DECK_CAPABILITIES, ScoredResult, score_result
from .text import name_problem, text_problem

ARCHIVE_FORMAT = "council-archive/1"
PLAYER_STATUSES = ("active", "dropped", "ejected")
EVENT_STATUSES = ("registration", "running", "closed")
EVENT_FORMATS = ("general-opponent", "hero-only", "minion-only", "fallen-wizard-only")
FIRST_ROUND_PAIRINGS = ("random", "ranking")


@dataclass(frozen=True)
class EventSettings:
    """The event's settings that the rules depend on."""

    name: str
    policy: Policy
    game_type: str
    tie_resolution: str = "playoff"
    format: str = "general-opponent"
    first_round_pairing: str = "random"


@dataclass(frozen=True)
class Player:
    """A registered player. ``status`` is active, dropped or ejected."""

    id: str
    name: str
    status: str = "active"
    deck_capability: str = "marshalling-points"
    dropped_after_round: int | None = None
    avatar: str | None = None
    ranking: int | None = None

    @property
    def eligible(self) -> bool:
        """Dropped and ejected players get no ranking (Policy #1, General 19 and 21)."""
        return self.status == "active"


@dataclass(frozen=True)
class Game:
    """One game of a round; ``scored`` is None until its result is in."""

    table: int
    players: tuple[str, str]
    result: dict | None
    scored: ScoredResult | None


@dataclass(frozen=True)
class Round:
    """One Swiss round: its games and the player with the bye, if any."""

    number: int
    bye: str | None
    games: tuple[Game, ...]
    seed: int | None = None

    @property
    def complete(self) -> bool:
        """Whether every game of the round has a result."""
        return all(game.scored is not None for game in self.games)


@dataclass(frozen=True)
class EventRecord:
    """What the app keeps of an event beside its rules: the engine checks it and does not use it."""

    status: str
    date: datetime.date | None = None
    place: str = ""
    rounds_planned: int | None = None
    rounds_note: str = ""
    playoff_winner: str | None = None


@dataclass(frozen=True)
class Archive:
    """A checked event archive."""

    event: EventSettings
    players: tuple[Player, ...]
    rounds: tuple[Round, ...]
    by_id: dict[str, Player] = field(repr=False, compare=False, default_factory=dict)
    record: EventRecord = field(compare=False, default=EventRecord(status="registration"))

    @property
    def policy(self) -> Policy:
        """The policy the event runs under."""
        return self.event.policy

    def bye_points(self, round_number: int) -> Fraction:
        """Points for the bye of this round under the event's policy."""
        return Fraction(self.policy.bye_points(round_number))


def _text(value: object, field: str, what: str, limit: int, *, may_be_empty: bool = False) -> str:
    if not isinstance(value, str) or not (value.strip() or may_be_empty):
        raise RuleError(f"{what} must be a {'' if may_be_empty else 'non-empty '}text", field=field)
    if len(value) > limit:
        raise RuleError(f"{what} is longer than {limit} characters", field=field)
    problem = text_problem(value) if may_be_empty else name_problem(value)
    if problem:
        raise RuleError(f"{what} {problem}", field=field)
    return value


def _choice(value: object, choices: tuple[str, ...], field: str, what: str) -> str:
    if value not in choices:
        raise RuleError(f"{what} must be one of {', '.join(choices)}, not {value!r}", field=field)
    return value  # type: ignore[return-value]


def _whole(value: object, field: str, what: str, *, minimum: int, maximum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
        raise RuleError(f"{what} must be a whole number from {minimum} to {maximum}, not {value!r}", field=field)
    return value


def _only(data: dict, allowed: set[str], field: str) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise RuleError(
            f"unknown field {unknown[0]!r}; allowed: {', '.join(sorted(allowed))}",
            field=f"{field}.{unknown[0]}" if field else unknown[0],
        )


def parse_event(data: object) -> EventSettings:
    """EventSettings from the archive's ``event`` object."""
    if not isinstance(data, dict):
        raise RuleError("event must be an object", field="event")
    # The app's own fields ride along; the engine checks them (EventRecord) and does not use them.
    app_fields = {"date", "place", "rounds_planned", "rounds_note", "status", "playoff_winner"}
    _only(data, {"name", "policy", "game_type", "tie_resolution", "format", "first_round_pairing"} | app_fields, "event")
    policy = get_policy(data.get("policy"), field="event.policy")
    game_type = _choice(data.get("game_type"), GAME_TYPES, "event.game_type", "game_type")
    policy.check_game_type(game_type, field="event.game_type")
    first_round = _choice(
        data.get("first_round_pairing", "random"), FIRST_ROUND_PAIRINGS, "event.first_round_pairing", "first_round_pairing"
    )
    if first_round not in policy.first_round_pairings:
        raise RuleError(
            f"{policy.title} pairs the first round randomly; pairing by ranking came with Policy Number 4",
            field="event.first_round_pairing",
            rule=policy.first_round_clause,
        )
    return EventSettings(
        name=_text(data.get("name"), "event.name", "name", MAX_NAME_LENGTH),
        policy=policy,
        game_type=game_type,
        tie_resolution=_choice(
            data.get("tie_resolution", "playoff"), TIE_RESOLUTIONS, "event.tie_resolution", "tie_resolution"
        ),
        format=_choice(data.get("format", "general-opponent"), EVENT_FORMATS, "event.format", "format"),
        first_round_pairing=first_round,
    )


def parse_player(data: object, field: str) -> Player:
    """A Player from one entry of the archive's ``players`` list."""
    if not isinstance(data, dict):
        raise RuleError("a player must be an object", field=field)
    _only(data, {"id", "name", "status", "deck_capability", "dropped_after_round", "avatar", "ranking"}, field)
    status = _choice(data.get("status", "active"), PLAYER_STATUSES, f"{field}.status", "status")
    dropped_after = data.get("dropped_after_round")
    if dropped_after is not None:
        if status == "active":
            raise RuleError("an active player has no dropped_after_round", field=f"{field}.dropped_after_round")
        dropped_after = _whole(dropped_after, f"{field}.dropped_after_round", "dropped_after_round", minimum=0,
                               maximum=MAX_ROUNDS)
    avatar = data.get("avatar")
    if avatar is not None:
        avatar = _text(avatar, f"{field}.avatar", "avatar", MAX_NAME_LENGTH)
    ranking = data.get("ranking")
    if ranking is not None:
        ranking = _whole(ranking, f"{field}.ranking", "ranking", minimum=1, maximum=MAX_RANKING)
    return Player(
        id=_text(data.get("id"), f"{field}.id", "id", MAX_ID_LENGTH),
        name=_text(data.get("name"), f"{field}.name", "name", MAX_NAME_LENGTH),
        status=status,
        deck_capability=_choice(
            data.get("deck_capability", "marshalling-points"), DECK_CAPABILITIES, f"{field}.deck_capability", "deck_capability"
        ),
        dropped_after_round=dropped_after,
        avatar=avatar,
        ranking=ranking,
    )


def parse_archive(data: object) -> Archive:
    """Check a ``council-archive/1`` document and return it as an Archive.

    Rejects, naming the field: a wrong format tag, unknown policies or game types,
    duplicate player ids, a player in two places in one round, games of players who had
    dropped out, rounds out of order, and any result the policy does not allow.
    """
    if not isinstance(data, dict):
        raise RuleError("an archive must be a JSON object")
    if data.get("format") != ARCHIVE_FORMAT:
        raise RuleError(f"format must be {ARCHIVE_FORMAT!r}, not {data.get('format')!r}", field="format")
    _only(data, {"format", "event", "players", "rounds"}, "")
    event = parse_event(data.get("event"))
    raw_players = data.get("players")
    if not isinstance(raw_players, list):
        raise RuleError("players must be a list", field="players")
    if len(raw_players) > MAX_PLAYERS:
        raise RuleError(f"at most {MAX_PLAYERS} players", field="players")
    players: list[Player] = []
    by_id: dict[str, Player] = {}
    for index, raw in enumerate(raw_players):
        player = parse_player(raw, f"players[{index}]")
        if player.id in by_id:
            raise RuleError(f"player id {player.id!r} is used twice", field=f"players[{index}].id")
        by_id[player.id] = player
        players.append(player)

    raw_rounds = data.get("rounds", [])
    if not isinstance(raw_rounds, list):
        raise RuleError("rounds must be a list", field="rounds")
    if len(raw_rounds) > MAX_ROUNDS:
        raise RuleError(f"at most {MAX_ROUNDS} rounds", field="rounds")
    rounds = tuple(_parse_round(raw, index, event, by_id) for index, raw in enumerate(raw_rounds))
    for index, rnd in enumerate(rounds[:-1]):
        if not rnd.complete:
            missing = [g.table for g in rnd.games if g.scored is None]
            raise RuleError(
                f"round {rnd.number} has no result for table {missing[0]}, but a later round exists",
                field=f"rounds[{index}]",
            )
    record = _parse_record(data["event"], by_id, rounds)
    return Archive(event=event, players=tuple(players), rounds=rounds, by_id=by_id, record=record)


def parse_date(value: object, field: str) -> datetime.date:
    """A date written as ``2026-11-21`` (year, month, day), or a RuleError naming the field."""
    try:
        if not (isinstance(value, str) and re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value)):
            raise ValueError(value)
        return datetime.date.fromisoformat(value)
    except ValueError:
        raise RuleError(f"date must be an ISO date like 2026-11-21, not {value!r}", field=field) from None


def _parse_record(data: dict, by_id: dict[str, Player], rounds: tuple[Round, ...]) -> EventRecord:
    """The app's own fields of the ``event`` object, checked against the rest of the archive."""
    status = _choice(data.get("status", "running" if rounds else "registration"), EVENT_STATUSES, "event.status",
                     "status")
    if status == "registration" and rounds:
        raise RuleError("an event with rounds is not in registration", field="event.status")
    if status == "closed" and rounds and not rounds[-1].complete:
        raise RuleError("a closed event has every result", field="event.status")
    date = data.get("date")
    planned = data.get("rounds_planned")
    if planned is not None:
        planned = _whole(planned, "event.rounds_planned", "rounds_planned", minimum=max(1, len(rounds)),
                         maximum=MAX_ROUNDS)
    winner = data.get("playoff_winner")
    if winner is not None and (not isinstance(winner, str) or winner not in by_id):
        raise RuleError(f"unknown player {winner!r}", field="event.playoff_winner")
    if winner is not None and data.get("tie_resolution", "playoff") != "playoff":
        raise RuleError("a playoff winner needs the playoff posted for a tied lead", field="event.playoff_winner")
    return EventRecord(
        status=status,
        date=parse_date(date, "event.date") if date is not None else None,
        place=_text(data.get("place", ""), "event.place", "place", MAX_NAME_LENGTH, may_be_empty=True),
        rounds_planned=planned,
        rounds_note=_text(data.get("rounds_note", ""), "event.rounds_note", "rounds_note", MAX_NOTE_LENGTH,
                          may_be_empty=True),
        playoff_winner=winner,
    )


def _parse_round(raw: object, index: int, event: EventSettings, by_id: dict[str, Player]) -> Round:
    field = f"rounds[{index}]"
    if not isinstance(raw, dict):
        raise RuleError("a round must be an object", field=field)
    _only(raw, {"number", "bye", "games", "seed"}, field)
    number = raw.get("number")
    if type(number) is not int or number != index + 1:
        raise RuleError(f"rounds must be numbered 1, 2, 3... in order; expected {index + 1}, got {number!r}", field=f"{field}.number")
    seed = raw.get("seed")
    if seed is not None:
        seed = _whole(seed, f"{field}.seed", "seed", minimum=0, maximum=MAX_SEED)
    seen: dict[str, str] = {}

    def place(player_id: object, where: str) -> str:
        if not isinstance(player_id, str) or player_id not in by_id:
            raise RuleError(f"unknown player {player_id!r}", field=where)
        if player_id in seen:
            raise RuleError(f"player {player_id!r} is already in this round ({seen[player_id]})", field=where)
        player = by_id[player_id]
        if player.dropped_after_round is not None and number > player.dropped_after_round:
            raise RuleError(
                f"player {player_id!r} dropped out after round {player.dropped_after_round}", field=where
            )
        seen[player_id] = where
        return player_id

    bye = raw.get("bye")
    if bye is not None:
        bye = place(bye, f"{field}.bye")
    raw_games = raw.get("games", [])
    if not isinstance(raw_games, list):
        raise RuleError("games must be a list", field=f"{field}.games")
    games = []
    tables: set[int] = set()
    for g_index, raw_game in enumerate(raw_games):
        g_field = f"{field}.games[{g_index}]"
        if not isinstance(raw_game, dict):
            raise RuleError("a game must be an object", field=g_field)
        _only(raw_game, {"table", "players", "result"}, g_field)
        table = _whole(raw_game.get("table"), f"{g_field}.table", "table", minimum=1, maximum=MAX_TABLE)
        if table in tables:
            raise RuleError(f"table {table} is used twice in round {number}", field=f"{g_field}.table")
        tables.add(table)
        pair = raw_game.get("players")
        if not isinstance(pair, list) or len(pair) != 2:
            raise RuleError("a game has a list of exactly two players", field=f"{g_field}.players")
        ids = (place(pair[0], f"{g_field}.players[0]"), place(pair[1], f"{g_field}.players[1]"))
        result = raw_game.get("result")
        scored = None
        if result is not None:
            capabilities = (by_id[ids[0]].deck_capability, by_id[ids[1]].deck_capability)
            scored = score_result(event.policy, event.game_type, result, capabilities, field=f"{g_field}.result")
        games.append(Game(table=table, players=ids, result=result, scored=scored))
    return Round(number=number, bye=bye, games=tuple(games), seed=seed)
