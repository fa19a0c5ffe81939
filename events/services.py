"""Every change to an event: one function per change, one transaction each.

Each service locks the event row (a row lock on PostgreSQL; SQLite takes its write lock
at the start of the transaction), checks the rule, changes the rows, writes the audit
entry in the same transaction and bumps ``Event.changed_at``. Views call exactly one
of these and turn a ``ServiceError`` into a message next to the field it names.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.text import slugify

import scoring
import scoring.clock
from scoring.archive import parse_event
from scoring.limits import MAX_NAME_LENGTH, MAX_NAMES_PER_PASTE, MAX_PLAYERS, MAX_RANKING, MAX_ROUNDS
from scoring.policies import points_json
from scoring.text import name_problem, text_problem

from .archive import event_archive, joined_after_round, load_archive, rounds_by_policy
from .clocks import clock_record, round_clock, store_clock
from .models import AuditEntry, Event, EventRole, Game, Player, Round, Snapshot
from .names import name_key

# Marshalling points above this for one player are possible but rare enough that a
# typo (150 for 15) is likelier: the form asks for confirmation (docs/rules.md).
PLAUSIBLE_MP = 100
# Result codes avoid letters and digits that read alike (0/O, 1/I/L, 2/Z, 5/S, 8/B).
CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
CODE_LENGTH = 6


class ServiceError(Exception):
    """A refused change, with the form field it concerns and the rule that refuses it."""

    def __init__(self, message: str, *, field: str | None = None, rule: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})" if self.rule else self.message

    @classmethod
    def from_rule(cls, error: scoring.RuleError, fields: dict[str, str] | None = None) -> ServiceError:
        """The engine's error, its field path translated to a form field."""
        field = error.field
        if field and fields:
            field = next((form_field for path, form_field in fields.items() if field.startswith(path)), None)
        return cls(error.message, field=field, rule=error.rule)


class NeedsConfirmation(ServiceError):
    """The change is allowed but unusual; it is made only when asked again with confirm."""

    def __init__(self, warnings: list[str], *, field: str | None = None):
        super().__init__("; ".join(warnings), field=field)
        self.warnings = warnings


class ResultConflict(ServiceError):
    """Someone saved this table's result after the form was opened."""

    def __init__(self, game: Game):
        super().__init__(
            f"Table {game.table} was saved meanwhile by {game.reported_by or 'someone'}: {game.explanation}. "
            "Check it; save again only to correct it."
        )
        self.game = game


@dataclass(frozen=True)
class Actor:
    """Who makes a change: a user account, or a staff link (no account)."""

    user: Any
    label: str
    role: str

    @property
    def is_coordinator(self) -> bool:
        return self.role in ("owner", "coordinator")


def _audit(
    event: Event,
    actor: Actor,
    action: str,
    subject: str,
    *,
    before: Any = None,
    after: Any = None,
    round_number: int | None = None,
    table: int | None = None,
) -> None:
    AuditEntry.objects.create(
        event=event,
        actor=actor.user if actor.user is not None and actor.user.pk else None,
        actor_label=actor.label,
        action=action,
        subject=subject,
        before=before,
        after=after,
        round_number=round_number,
        table=table,
    )
    Event.objects.filter(pk=event.pk).update(changed_at=timezone.now())


def _locked(event: Event) -> Event:
    """The event re-read under a row lock, so that changes to one event run one at a time."""
    return Event.objects.select_for_update().get(pk=event.pk)


def _unique_slug(base: str, taken: set[str]) -> str:
    base = base[:50].strip("-") or "x"
    candidate, number = base, 2
    while candidate in taken:
        candidate = f"{base}-{number}"
        number += 1
    return candidate


# Event settings -------------------------------------------------------------------------

EVENT_RULE_FIELDS = ("policy", "game_type", "format", "tie_resolution", "first_round_pairing")


def _check_event_rules(fields: dict) -> None:
    """The event's name, place and rules, as the engine checks an archive's."""
    place = fields.get("place") or ""
    if text_problem(place):
        raise ServiceError(f"The place {text_problem(place)}.", field="place")
    try:
        parse_event({"name": fields.get("name") or "x", **{k: fields[k] for k in EVENT_RULE_FIELDS}})
    except scoring.RuleError as error:
        raise ServiceError.from_rule(error, {f"event.{k}": k for k in ("name", *EVENT_RULE_FIELDS)}) from None


def create_event(
    *, owner, name: str, date=None, place: str = "", players_report: bool = False, **rules: str
) -> Event:
    """Create an event in registration, owned by ``owner``.

    The policy, game type, format, tie option and first-round pairing are checked by the
    engine (a Challenge deck game or pairing by ranking needs the policy that has it).
    """
    fields = {"name": name, "place": place, **rules}
    _check_event_rules(fields)
    with transaction.atomic():
        event = Event.objects.create(
            slug=_new_event_slug(name),
            name=name,
            date=date,
            place=place,
            owner=owner,
            players_report=players_report,
            **{k: rules[k] for k in EVENT_RULE_FIELDS},
        )
        _audit(event, Actor(owner, owner.get_username(), "owner"), "event.created", event.name, after=_settings(event))
    return event


def _new_event_slug(name: str) -> str:
    base = slugify(name)[:50].strip("-") or "event"
    return _unique_slug(base, set(Event.objects.filter(slug__startswith=base).values_list("slug", flat=True)))


def _settings(event: Event) -> dict:
    return {
        "name": event.name,
        "date": event.date.isoformat() if event.date else None,
        "place": event.place,
        **{k: getattr(event, k) for k in EVENT_RULE_FIELDS},
        "rounds_planned": event.rounds_planned,
        "players_report": event.players_report,
    }


def update_event(
    event: Event, *, actor: Actor, name: str, date=None, place: str = "", players_report: bool = False,
    **rules: str,
) -> Event:
    """Change an event's settings; the rule settings only before the event starts.

    Whether players report their own results may change at any time: the codes are on
    every slip already, and staff can enter any result either way.
    """
    with transaction.atomic():
        event = _locked(event)
        before = _settings(event)
        changed_rules = [k for k in EVENT_RULE_FIELDS if rules.get(k, getattr(event, k)) != getattr(event, k)]
        if changed_rules and event.status != Event.REGISTRATION:
            raise ServiceError(
                "The rules of an event cannot change once it has started.", field=changed_rules[0]
            )
        merged = {k: rules.get(k, getattr(event, k)) for k in EVENT_RULE_FIELDS}
        _check_event_rules({"name": name, "place": place, **merged})
        event.name, event.date, event.place, event.players_report = name, date, place, players_report
        for key, value in merged.items():
            setattr(event, key, value)
        event.save()
        _audit(event, actor, "event.updated", event.name, before=before, after=_settings(event))
    return event


# Registration ---------------------------------------------------------------------------


def _clean_name(raw: str) -> str:
    # Pasted lists come from spreadsheets and chat: tabs and doubled spaces are noise.
    return " ".join(raw.split())


def _name_refusal(name: str) -> str | None:
    """What is wrong with a player's name as a sentence's end, or None."""
    if len(name) > MAX_NAME_LENGTH:
        return f"a name has at most {MAX_NAME_LENGTH} characters"
    problem = name_problem(name)
    return f"the name {problem}" if problem else None


def _already_registered(name: str, other: str) -> str:
    if other.casefold() == name.casefold():
        return f"{name} is already registered. Add an initial or a city to tell them apart."
    return f"{name} looks the same as {other}, who is already registered. Type the name again in plain letters."


def register_players(event: Event, names_text: str, *, actor: Actor) -> list[Player]:
    """Register one player per line of ``names_text``.

    Names are checked all together: an empty list, a name over 100 characters, a name with
    control characters or nothing visible, or a name that reads as one already registered
    (events/names.py: case, full-width letters, zero-width spaces and look-alike letters
    of other alphabets are ignored) refuses the whole list, naming the line. A player
    registered after round 1 was paired is a late player: no games in earlier rounds,
    so 0 points for them (docs/rules.md, late players).
    """
    names = [_clean_name(line) for line in names_text.splitlines()]
    names = [n for n in names if n]
    if not names:
        raise ServiceError("Type a player's name.", field="names")
    if len(names) > MAX_NAMES_PER_PASTE:
        raise ServiceError(f"At most {MAX_NAMES_PER_PASTE} names at once.", field="names")
    with transaction.atomic():
        event = _locked(event)
        if event.status == Event.CLOSED:
            raise ServiceError("The event is closed.", field="names")
        existing = list(event.players.values_list("name", "archive_id"))
        if len(existing) + len(names) > MAX_PLAYERS:
            raise ServiceError(f"An event has at most {MAX_PLAYERS} players.", field="names")
        seen = {name_key(name): name for name, _ in existing}
        for line, name in enumerate(names, start=1):
            where = f"Line {line}: " if len(names) > 1 else ""
            refusal = _name_refusal(name)
            if refusal:
                raise ServiceError(f"{where}{refusal}.", field="names")
            key = name_key(name)
            if key in seen:
                raise ServiceError(f"{where}{_already_registered(name, seen[key])}", field="names")
            seen[key] = name
        taken = {archive_id for _, archive_id in existing}
        rounds_paired = event.rounds.count() if event.status == Event.RUNNING else 0
        players = []
        for name in names:
            archive_id = _unique_slug(slugify(name)[:40] or "player", taken)
            taken.add(archive_id)
            players.append(
                Player(event=event, name=name, archive_id=archive_id, joined_after_round=rounds_paired)
            )
        Player.objects.bulk_create(players)
        late = f", late: from round {rounds_paired + 1} with 0 points" if rounds_paired else ""
        _audit(event, actor, "players.registered", f"{len(players)} player(s){late}", after=names)
    return players


def update_player(
    player: Player, *, actor: Actor, name: str, deck_capability: str, avatar: str = "", ranking: int | None = None
) -> Player:
    """Change a player's name, deck capability, Fallen-wizard or published ranking."""
    name = _clean_name(name)
    if not name:
        raise ServiceError("A player needs a name.", field="name")
    refusal = _name_refusal(name)
    if refusal:
        raise ServiceError(f"{refusal[0].upper()}{refusal[1:]}.", field="name")
    if avatar and name_problem(avatar):
        raise ServiceError(f"The Fallen-wizard {name_problem(avatar)}.", field="avatar")
    if ranking is not None and not 1 <= ranking <= MAX_RANKING:
        raise ServiceError(f"A published ranking is from 1 to {MAX_RANKING}.", field="ranking")
    with transaction.atomic():
        _locked(player.event)
        player = Player.objects.select_for_update().get(pk=player.pk)
        key = name_key(name)
        other = next((other for other in player.event.players.exclude(pk=player.pk).values_list("name", flat=True)
                      if name_key(other) == key), None)
        if other is not None:
            raise ServiceError(_already_registered(name, other), field="name")
        before = {"name": player.name, "deck_capability": player.deck_capability, "avatar": player.avatar,
                  "ranking": player.ranking}
        player.name, player.deck_capability, player.avatar, player.ranking = name, deck_capability, avatar, ranking
        player.save()
        after = {"name": name, "deck_capability": deck_capability, "avatar": avatar, "ranking": ranking}
        _audit(player.event, actor, "player.updated", player.name, before=before, after=after)
    return player


def _seated(player: Player) -> Q:
    return Q(player_a=player) | Q(player_b=player)


def _appears_in_rounds(player: Player) -> bool:
    return (
        Round.objects.filter(event_id=player.event_id, bye=player).exists()
        or Game.objects.filter(round__event_id=player.event_id).filter(_seated(player)).exists()
    )


def remove_player(player: Player, *, actor: Actor) -> None:
    """Remove a registration made by mistake: only for a player who never played or had a bye.

    Once a player has played, leaving is a drop (Policy #1, General 19): the record stays.
    """
    with transaction.atomic():
        event = _locked(player.event)
        if _appears_in_rounds(player):
            raise ServiceError(
                f"{player.name} has already played; record a drop instead so the record stays.", field="player"
            )
        _audit(event, actor, "player.removed", player.name, before={"name": player.name, "id": player.archive_id})
        player.delete()


# Start and rounds ----------------------------------------------------------------------


def start_event(event: Event, *, actor: Actor, rounds: int | None = None, note: str = "") -> Event:
    """Close registration and fix the number of Swiss rounds.

    The number comes from the policy's Number of Rounds table for the active players
    present (Policy #1 / Version 3 / Policy Number 4, "Number of Rounds"). A different
    number is allowed; the event then records that it departs from the policy.
    """
    with transaction.atomic():
        event = _locked(event)
        if event.status != Event.REGISTRATION:
            raise ServiceError("The event has already started.")
        present = event.players.filter(status=Player.ACTIVE).count()
        if present < 2:
            raise ServiceError("Register at least two players before starting.", field="rounds")
        policy = scoring.get_policy(event.policy)
        by_policy = policy.rounds_for(present)
        planned = by_policy if rounds is None else rounds
        _check_rounds(planned, 0)
        event.status = Event.RUNNING
        event.rounds_by_policy = by_policy
        event.rounds_planned = planned
        event.rounds_note = _rounds_note(planned, by_policy, present, policy, note)
        event.save()
        _audit(
            event,
            actor,
            "event.started",
            f"{present} players, {planned} rounds",
            after={"players": present, "rounds_planned": planned, "rounds_by_policy": by_policy,
                   "note": event.rounds_note},
        )
    return event


def _check_rounds(rounds: int, paired: int) -> None:
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise ServiceError(f"The number of rounds must be from 1 to {MAX_ROUNDS}.", field="rounds")
    if rounds < paired:
        raise ServiceError(f"{paired} rounds are already paired.", field="rounds")


def _rounds_note(planned: int, by_policy: int, present: int, policy: scoring.Policy, note: str) -> str:
    if text_problem(note):
        raise ServiceError(f"The reason {text_problem(note)}.", field="note")
    if planned == by_policy:
        return ""
    text = f"Departs from the policy: {by_policy} rounds for {present} players ({policy.rounds_clause})"
    if note.strip():
        text += f". {note.strip()}"
    return text


def change_rounds(event: Event, *, actor: Actor, rounds: int, note: str = "") -> Event:
    """Change the number of Swiss rounds of a running event (not below those paired)."""
    with transaction.atomic():
        event = _locked(event)
        if event.status != Event.RUNNING:
            raise ServiceError("Only a running event has rounds to change.", field="rounds")
        _check_rounds(rounds, event.rounds.count())
        before = {"rounds_planned": event.rounds_planned, "note": event.rounds_note}
        policy = scoring.get_policy(event.policy)
        present = event.players.filter(joined_after_round=0).count()
        event.rounds_planned = rounds
        event.rounds_note = _rounds_note(rounds, event.rounds_by_policy or rounds, present, policy, note)
        event.save()
        _audit(event, actor, "event.rounds_changed", f"{rounds} rounds", before=before,
               after={"rounds_planned": rounds, "note": event.rounds_note})
    return event


def _latest_round(event: Event) -> Round | None:
    return event.rounds.order_by("-number").first()


def _missing_tables(rnd: Round) -> list[int]:
    return list(rnd.games.filter(result__isnull=True).values_list("table", flat=True))


def pair_round(event: Event, *, actor: Actor, seed: int | None = None) -> Round:
    """Pair the next round with the engine and seat the games by table.

    Refused while any table of the current round has no result, naming the tables
    (Version 3 / Policy Number 4, Pairing Players: pairing uses every result so far).
    The seed is drawn here unless given, stored with the round and shown, so the
    pairing can be reproduced from the archive.
    """
    with transaction.atomic():
        event = _locked(event)
        if event.status == Event.REGISTRATION:
            raise ServiceError("Start the event before pairing.")
        if event.status == Event.CLOSED:
            raise ServiceError("The event is closed.")
        latest = _latest_round(event)
        if latest is not None:
            missing = _missing_tables(latest)
            if missing:
                raise ServiceError(
                    f"Round {latest.number} still needs results from "
                    f"{'table' if len(missing) == 1 else 'tables'} {', '.join(map(str, missing))}."
                )
        paired = latest.number if latest else 0
        if event.rounds_planned is not None and paired >= event.rounds_planned:
            raise ServiceError(
                f"All {event.rounds_planned} planned rounds are paired. Change the number of rounds to add one, "
                "or close the event."
            )
        archive = load_archive(event)
        seed = secrets.randbelow(2**31) if seed is None else seed
        try:
            pairing = scoring.pair_next_round(archive, seed)
        except scoring.RuleError as error:
            raise ServiceError.from_rule(error) from None
        pk_of = dict(event.players.values_list("archive_id", "pk"))
        rnd = Round.objects.create(
            event=event,
            number=pairing.round,
            seed=seed,
            bye_id=pk_of[pairing.bye] if pairing.bye else None,
            quality=pairing.quality,
            clock_remaining=scoring.clock.new_clock(archive.policy, event.game_type).remaining,
        )
        codes = _new_codes(2 * len(pairing.games))
        Game.objects.bulk_create(
            Game(round=rnd, table=table, player_a_id=pk_of[a], player_b_id=pk_of[b],
                 code_a=codes[2 * index], code_b=codes[2 * index + 1])
            for index, (table, a, b) in enumerate(pairing.games)
        )
        _audit(event, actor, "round.paired", f"Round {rnd.number}", after=pairing.as_dict(), round_number=rnd.number)
        _snapshot(event, f"Round {rnd.number} paired", rnd.number)
    return rnd


def _new_codes(count: int, taken: set[str] = frozenset()) -> list[str]:
    """``count`` distinct result codes, none of them in ``taken``."""
    codes: list[str] = []
    while len(codes) < count:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken and code not in codes:
            codes.append(code)
    return codes


def _pairs(items: list) -> list[tuple]:
    return list(zip(items[::2], items[1::2]))


def _round_layout(rnd: Round) -> dict:
    return {
        "bye": rnd.bye.archive_id if rnd.bye_id else None,
        "games": [[g.table, g.player_a.archive_id, g.player_b.archive_id] for g in rnd.games.select_related(
            "player_a", "player_b")],
    }


def undo_round(rnd: Round, *, actor: Actor) -> None:
    """Take back the latest pairing while no result of it is in, so it can be paired again."""
    with transaction.atomic():
        event = _locked(rnd.event)
        latest = _latest_round(event)
        if latest is None or latest.pk != rnd.pk:
            raise ServiceError("Only the latest round can be undone.")
        if event.status != Event.RUNNING:
            raise ServiceError("The event is not running.")
        reported = list(rnd.games.filter(result__isnull=False).values_list("table", flat=True))
        if reported:
            raise ServiceError(
                f"Round {rnd.number} already has results at table(s) {', '.join(map(str, reported))}; "
                "a round with results cannot be undone."
            )
        before = _round_layout(rnd)
        number = rnd.number
        rnd.games.all().delete()
        rnd.delete()
        _audit(event, actor, "round.undone", f"Round {number}", before=before, round_number=number)


def swap_players(rnd: Round, first: Player, second: Player, *, actor: Actor, confirm: bool = False) -> list[str]:
    """Exchange the seats of two players of the latest round before their results are in.

    The players may sit at two tables, or one of them may hold the bye. Rematches, point
    gaps, a repeated bye or a Fallen-wizard clash that the swap creates are returned as
    warnings; unless ``confirm`` is set such a swap raises NeedsConfirmation and changes
    nothing.
    """
    with transaction.atomic():
        event = _locked(rnd.event)
        if event.status != Event.RUNNING or _latest_round(event).pk != rnd.pk:
            raise ServiceError("Only the latest round of a running event can be changed.")
        if first.pk == second.pk:
            raise ServiceError("Choose two different players.", field="second")
        games = list(rnd.games.select_for_update().select_related("player_a", "player_b"))
        seat = {}
        for game in games:
            seat[game.player_a_id] = (game, "player_a")
            seat[game.player_b_id] = (game, "player_b")
        for player, field in ((first, "first"), (second, "second")):
            if player.pk not in seat and player.pk != rnd.bye_id:
                raise ServiceError(f"{player.name} is not in round {rnd.number}.", field=field)
            if player.pk in seat and seat[player.pk][0].result is not None:
                raise ServiceError(
                    f"Table {seat[player.pk][0].table} already has a result; it cannot be changed.", field=field
                )
        if first.pk in seat and second.pk in seat and seat[first.pk][0].pk == seat[second.pk][0].pk:
            raise ServiceError(f"{first.name} and {second.name} already play each other.", field="second")

        before = _round_layout(rnd)
        # Apply on copies of the seats first, to assess the swap before saving it.
        if rnd.bye_id in (first.pk, second.pk):
            seated = second if rnd.bye_id == first.pk else first
            game, side = seat[seated.pk]
            new_bye = seated
            setattr(game, f"{side}_id", rnd.bye_id)
            changed = [game]
        else:
            new_bye = rnd.bye
            game_x, side_x = seat[first.pk]
            game_y, side_y = seat[second.pk]
            setattr(game_x, f"{side_x}_id", second.pk)
            setattr(game_y, f"{side_y}_id", first.pk)
            changed = [game_x, game_y]

        data = event_archive(event)
        data["rounds"] = data["rounds"][:-1]
        archive_before = scoring.parse_archive(data)
        id_of = dict(event.players.values_list("pk", "archive_id"))
        layout = [(g.table, id_of[g.player_a_id], id_of[g.player_b_id]) for g in games]
        new_bye_id = id_of[new_bye.pk] if new_bye else None
        quality, _ = scoring.assess_pairing(archive_before, new_bye_id, layout)
        changed_tables = {g.table for g in changed}
        _, warnings = scoring.assess_pairing(
            archive_before,
            new_bye_id if new_bye_id != (id_of[rnd.bye_id] if rnd.bye_id else None) else None,
            [entry for entry in layout if entry[0] in changed_tables],
        )
        if warnings and not confirm:
            raise NeedsConfirmation(warnings)
        # A slip printed before the swap names other players: its codes must not report here.
        taken = {code for g in games for code in (g.code_a, g.code_b)}
        for game, codes in zip(changed, _pairs(_new_codes(2 * len(changed), taken))):
            game.code_a, game.code_b = codes
            game.report_a = game.report_b = None
            game.save(update_fields=["player_a", "player_b", "code_a", "code_b", "report_a", "report_b"])
        rnd.bye = new_bye
        rnd.quality = {**quality, "proven_optimal": False, "changed_by_hand": True}
        rnd.save(update_fields=["bye", "quality"])
        _audit(
            event,
            actor,
            "round.swapped",
            f"Round {rnd.number}: {first.name} and {second.name}",
            before=before,
            after={**_round_layout(rnd), "warnings": warnings},
            round_number=rnd.number,
        )
    return warnings


# The round clock ---------------------------------------------------------------------------

# Policy #1, Swiss System, Time Limits: the coordinator keeps the official time. Only the
# current round of a running event has a clock that matters.
def _clock_round(event: Event, rnd: Round) -> Round:
    if event.status != Event.RUNNING:
        raise ServiceError("The clock runs only while the event is running.", field="action")
    rnd = Round.objects.get(pk=rnd.pk)
    if event.rounds.filter(number__gt=rnd.number).exists():
        raise ServiceError(f"Round {rnd.number} is over; only the current round has a clock.", field="action")
    return rnd


def _change_clock(rnd: Round, actor: Actor, action: str, change, subject: str) -> Round:
    with transaction.atomic():
        event = _locked(rnd.event)
        rnd = _clock_round(event, rnd)
        before = round_clock(rnd, event)
        try:
            after = change(before, timezone.now().timestamp())
        except scoring.RuleError as error:
            raise ServiceError.from_rule(error) from None
        store_clock(rnd, after)
        rnd.save(update_fields=["clock_state", "clock_ends_at", "clock_remaining"])
        _audit(event, actor, action, f"Round {rnd.number}: {subject}", before=clock_record(before),
               after=clock_record(after), round_number=rnd.number)
    return rnd


def start_clock(rnd: Round, *, actor: Actor) -> Round:
    """Start the round's clock, or run it again after a pause (Policy #1, Time Limits)."""
    return _change_clock(rnd, actor, "clock.started", scoring.clock.start_clock, "clock started")


def pause_clock(rnd: Round, *, actor: Actor) -> Round:
    """Pause the round's clock for the whole room, keeping the time left."""
    return _change_clock(rnd, actor, "clock.paused", scoring.clock.pause_clock, "clock paused")


def call_time(rnd: Round, *, actor: Actor) -> Round:
    """Call time now: every table without an extension starts the end-of-time procedure."""
    return _change_clock(rnd, actor, "clock.time-called", scoring.clock.call_time, "time called")


def _check_minutes(minutes: int) -> None:
    limit = scoring.clock.MAX_ADJUSTMENT_MINUTES
    if minutes == 0 or abs(minutes) > limit:
        raise ServiceError(f"Give between 1 and {limit} minutes, or take back up to {limit} with a minus sign.",
                           field="minutes")


def adjust_time(rnd: Round, *, actor: Actor, minutes: int, table: int | None = None) -> Round:
    """Add minutes to the round's clock, or to one table's after a judge call; a minus takes them back.

    A table's extension adds to the round clock for that table alone; it cannot go below
    zero, and a table with a result needs no time.
    """
    _check_minutes(minutes)
    if table is None:
        return _change_clock(
            rnd, actor, "clock.adjusted", lambda clock, now: scoring.clock.adjust_clock(clock, minutes * 60, now),
            f"{minutes:+d} min for every table",
        )
    with transaction.atomic():
        event = _locked(rnd.event)
        rnd = _clock_round(event, rnd)
        game = rnd.games.filter(table=table).select_related("player_a", "player_b").first()
        if game is None:
            raise ServiceError(f"Round {rnd.number} has no table {table}.", field="table")
        if game.result is not None:
            raise ServiceError(f"Table {table} already has its result; its time no longer runs.", field="table")
        extra = game.extra_seconds + minutes * 60
        if extra < 0:
            raise ServiceError(f"Table {table} has {game.extra_seconds // 60} extra minutes; "
                               f"take back at most that many.", field="minutes")
        before = game.extra_seconds
        game.extra_seconds = extra
        game.save(update_fields=["extra_seconds"])
        _audit(event, actor, "clock.table-adjusted",
               f"Table {table}: {minutes:+d} min ({game.player_a} v {game.player_b})",
               before={"extra_seconds": before}, after={"extra_seconds": extra},
               round_number=rnd.number, table=table)
    return rnd


# Results ---------------------------------------------------------------------------------

RESULT_FIELDS = {
    "result.mp[0]": "mp_a",
    "result.mp[1]": "mp_b",
    "result.mp": "mp_a",
    "result.weakest_link": "weakest_link",
    "result.winner": "winner",
    "result.reason": "reason",
    "result.how": "how",
    "result.kind": "kind",
    "players[": "winner",
}


def preview_result(game: Game, result: dict) -> scoring.ScoredResult:
    """The points a result would give, without saving it; a ServiceError if it is refused."""
    event = game.round.event
    try:
        return scoring.score_result(
            scoring.get_policy(event.policy),
            event.game_type,
            result,
            (game.player_a.deck_capability, game.player_b.deck_capability),
        )
    except scoring.RuleError as error:
        raise ServiceError.from_rule(error, RESULT_FIELDS) from None


def _apply_result(game: Game, result: dict, scored: scoring.ScoredResult, actor: Actor, state: str) -> None:
    """Save a scored result on its game as the next version."""
    game.result = result
    game.points = [points_json(p) for p in scored.points]
    game.explanation = scored.explanation
    game.state = state
    game.version += 1
    game.reported_by = actor.label
    game.reported_at = timezone.now()
    game.save()


def _check_plausible(result: dict) -> None:
    high = [mp for mp in result.get("mp", []) if abs(mp) > PLAUSIBLE_MP]
    if high:
        raise NeedsConfirmation(
            [f"{high[0]} marshalling points is unusually high; check the score sheet and confirm."],
            field="mp_a" if abs(result["mp"][0]) > PLAUSIBLE_MP else "mp_b",
        )


def record_result(
    game: Game, result: dict, *, actor: Actor, expected_version: int, confirm: bool = False
) -> Game:
    """Save the result of one game as a new version of it.

    ``expected_version`` is the version the form showed: if the table was saved since,
    the save is refused with what was saved (ResultConflict), so two staff members at
    one table never overwrite each other unseen. Marshalling points above PLAUSIBLE_MP
    need ``confirm``. Staff may enter results of the latest round; the coordinator may
    correct any round. A result from staff is "reported"; from the coordinator,
    "confirmed" (Policy #1, General 17: the coordinator tallies or accepts the result).
    """
    with transaction.atomic():
        event = _locked(game.round.event)
        game = Game.objects.select_for_update().select_related("round", "player_a", "player_b").get(pk=game.pk)
        game.round.event = event
        if event.status != Event.RUNNING:
            raise ServiceError("Results can only be entered while the event runs.", field="kind")
        if not actor.is_coordinator and _latest_round(event).pk != game.round_id:
            raise ServiceError("This round is over; ask the coordinator to correct it.", field="kind")
        if game.version != expected_version:
            raise ResultConflict(game)
        scored = preview_result(game, result)
        if not confirm:
            _check_plausible(result)
        before = {"result": game.result, "points": game.points, "state": game.state, "version": game.version}
        _apply_result(game, result, scored, actor, Game.CONFIRMED if actor.is_coordinator else Game.REPORTED)
        _audit(
            event,
            actor,
            "result.corrected" if before["result"] is not None else "result.recorded",
            f"Round {game.round.number}, table {game.table}: {game.player_a.name} v {game.player_b.name}",
            before=before,
            after={"result": result, "points": game.points, "state": game.state, "version": game.version,
                   "explanation": game.explanation, "clause": scored.clause},
            round_number=game.round.number,
            table=game.table,
        )
        _snapshot_if_round_complete(event, game, had_result=before["result"] is not None)
    return game


def _snapshot_if_round_complete(event: Event, game: Game, *, had_result: bool) -> None:
    # The round closes when its last table gets a result; corrections after that are in
    # the audit log and in the next round's snapshot.
    if not had_result and not game.round.games.filter(result__isnull=True).exists():
        _snapshot(event, f"Round {game.round.number} complete", game.round.number)


def find_reporting_game(event: Event, code: str) -> tuple[Game, int] | None:
    """The game of the latest round whose slip carries ``code``, and the side (0 or 1) it belongs to."""
    code = code.strip().upper()
    rnd = _latest_round(event)
    if rnd is None or len(code) != CODE_LENGTH:
        return None
    game = (Game.objects.filter(round=rnd).filter(Q(code_a=code) | Q(code_b=code))
            .select_related("round", "player_a", "player_b").first())
    if game is None:
        return None
    game.round.event = event
    return game, 0 if game.code_a == code else 1


def report_result(game: Game, side: int, result: dict, *, confirm: bool = False) -> Game:
    """One player's report of their game, made with the code on their slip.

    Policy #1, General 17: the coordinator may accept a result both players agree on;
    an event that lets players report is that acceptance. When both reports are the
    same, the result stands (confirmed); when they differ, the table waits for staff
    (``Game.reports_differ``). A player may change their report until the result stands;
    staff and the coordinator can enter or correct the result at any time.
    """
    with transaction.atomic():
        event = _locked(game.round.event)
        game = Game.objects.select_for_update().select_related("round", "player_a", "player_b").get(pk=game.pk)
        game.round.event = event
        if not event.players_report:
            raise ServiceError("At this event the staff enter results; hand your slip to them.")
        if event.status != Event.RUNNING or _latest_round(event).pk != game.round_id:
            raise ServiceError("This round is over; ask the staff.")
        if game.result is not None:
            raise ServiceError(
                f"Table {game.table}'s result stands already: {game.explanation} "
                "If it is wrong, ask the staff to correct it."
            )
        scored = preview_result(game, result)
        if not confirm:
            _check_plausible(result)
        reporter = (game.player_a, game.player_b)[side]
        field = ("report_a", "report_b")[side]
        before = getattr(game, field)
        setattr(game, field, result)
        game.save(update_fields=[field])
        subject = f"Round {game.round.number}, table {game.table}: {game.player_a.name} v {game.player_b.name}"
        who = Actor(user=None, label=f"{reporter.name} (player, code)", role="public")
        _audit(event, who, "result.reported", subject, before={"report": before}, after={"report": result},
               round_number=game.round.number, table=game.table)
        if game.report_a is not None and game.report_b is not None:
            if game.report_a == game.report_b:
                _apply_result(game, result, scored, Actor(None, "both players", "public"), Game.CONFIRMED)
                _audit(event, Actor(None, "both players", "public"), "result.agreed", subject,
                       before={"result": None, "version": game.version - 1},
                       after={"result": result, "points": game.points, "state": game.state,
                              "version": game.version, "explanation": game.explanation, "clause": scored.clause},
                       round_number=game.round.number, table=game.table)
                _snapshot_if_round_complete(event, game, had_result=False)
            else:
                _audit(event, Actor(None, "both players", "public"), "result.disputed", subject,
                       after={"reports": [game.report_a, game.report_b]},
                       round_number=game.round.number, table=game.table)
    return game


def confirm_result(game: Game, *, actor: Actor) -> Game:
    """The coordinator accepts a result reported by staff (Policy #1, General 17)."""
    with transaction.atomic():
        event = _locked(game.round.event)
        game = Game.objects.select_for_update().select_related("round").get(pk=game.pk)
        if game.result is None:
            raise ServiceError(f"Table {game.table} has no result to confirm.")
        if game.state == Game.CONFIRMED:
            return game
        game.state = Game.CONFIRMED
        game.save(update_fields=["state"])
        _audit(event, actor, "result.confirmed", f"Round {game.round.number}, table {game.table}",
               before={"state": Game.REPORTED}, after={"state": Game.CONFIRMED},
               round_number=game.round.number, table=game.table)
    return game


def drop_player(player: Player, *, actor: Actor, ejected: bool = False) -> str:
    """A player leaves the event: dropped (Policy #1, General 19) or ejected (General 21).

    A player who leaves with a game of the current round unfinished concedes it: the
    opponent gets the maximum points for the capability of their deck, recorded as a
    forfeit (reason "drop", or "cheat" for an ejection). Results already in stand. The
    player is not paired again and gets no ranking. Returns what happened, in words.
    """
    with transaction.atomic():
        event = _locked(player.event)
        player = Player.objects.select_for_update().get(pk=player.pk)
        if event.status != Event.RUNNING:
            raise ServiceError(
                "Before the event starts, remove the registration instead." if event.status == Event.REGISTRATION
                else "The event is closed.",
                field="player",
            )
        if not player.is_active:
            raise ServiceError(f"{player.name} has already left the event ({player.status}).", field="player")
        latest = _latest_round(event)
        told = f"{player.name} {'is ejected' if ejected else 'drops'}"
        forfeit_game = None
        if latest is not None:
            forfeit_game = (
                latest.games.filter(result__isnull=True).filter(_seated(player))
                .select_related("player_a", "player_b").first()
            )
        if forfeit_game is not None:
            winner = 1 if forfeit_game.player_a_id == player.pk else 0
            result = {"kind": "forfeit", "winner": winner, "reason": "cheat" if ejected else "drop"}
            scored = preview_result(forfeit_game, result)
            before = {"result": None, "state": forfeit_game.state, "version": forfeit_game.version}
            _apply_result(forfeit_game, result, scored, actor, Game.CONFIRMED)
            opponent = forfeit_game.player_b if winner == 1 else forfeit_game.player_a
            told += (
                f"; table {forfeit_game.table} is conceded: {opponent.name} gets "
                f"{forfeit_game.points[winner]} points ({scored.clause})"
            )
            _audit(event, actor, "result.recorded", f"Round {latest.number}, table {forfeit_game.table}: forfeit",
                   before=before, after={"result": result, "points": forfeit_game.points, "state": Game.CONFIRMED,
                                         "version": forfeit_game.version, "explanation": forfeit_game.explanation,
                                         "clause": scored.clause},
                   round_number=latest.number, table=forfeit_game.table)
        before = {"status": player.status, "dropped_after_round": player.dropped_after_round}
        player.status = Player.EJECTED if ejected else Player.DROPPED
        player.dropped_after_round = latest.number if latest else 0
        player.save(update_fields=["status", "dropped_after_round"])
        _audit(event, actor, "player.ejected" if ejected else "player.dropped", player.name, before=before,
               after={"status": player.status, "dropped_after_round": player.dropped_after_round, "told": told},
               round_number=latest.number if latest else None)
        if forfeit_game is not None:
            forfeit_game.round = latest
            _snapshot_if_round_complete(event, forfeit_game, had_result=False)
    return told + "."


# Closing -----------------------------------------------------------------------------------


def close_event(
    event: Event, *, actor: Actor, playoff_winner: Player | None = None, confirm: bool = False
) -> dict:
    """Close the event on its final standings.

    Every result must be in. Fewer rounds than planned need ``confirm``. When players
    are tied for the lead after every criterion, the option posted in advance decides
    (Policy #1 / Version 3 / Policy Number 4, Tournament Point Ties): a playoff needs
    its winner recorded here; co-champions need nothing more.
    """
    with transaction.atomic():
        event = _locked(event)
        if event.status != Event.RUNNING:
            raise ServiceError("Only a running event can be closed.")
        latest = _latest_round(event)
        if latest is None:
            raise ServiceError("No round has been played yet.")
        missing = _missing_tables(latest)
        if missing:
            raise ServiceError(f"Round {latest.number} still needs results from table(s) {', '.join(map(str, missing))}.")
        if latest.number < (event.rounds_planned or 0) and not confirm:
            raise NeedsConfirmation(
                [f"Only {latest.number} of the {event.rounds_planned} planned rounds were played."]
            )
        standings = scoring.compute_standings(load_archive(event))
        lead_tie = standings["lead_tie"]
        if lead_tie and event.tie_resolution == "playoff":
            tied = lead_tie["players"]
            names = ", ".join(row["name"] for row in standings["standings"] if row["player"] in tied)
            if playoff_winner is None or playoff_winner.archive_id not in tied:
                raise ServiceError(f"{names} are tied for the lead: record who won the playoff.",
                                   field="playoff_winner", rule=lead_tie["clause"])
        elif playoff_winner is not None:
            raise ServiceError("There is no tie for the lead to play off.", field="playoff_winner")
        event.status = Event.CLOSED
        event.playoff_winner = playoff_winner
        event.save()
        _audit(event, actor, "event.closed", event.name,
               after={"winner": playoff_winner.archive_id if playoff_winner else
                      (standings["standings"][0]["player"] if standings["standings"] else None),
                      "lead_tie": lead_tie})
        _snapshot(event, "Event closed", latest.number)
    return standings


# Staff --------------------------------------------------------------------------------------


def add_staff(event: Event, *, actor: Actor, username: str, password: str = "", role: str = EventRole.STAFF):
    """Give an account a role in the event, creating the account when a password is given.

    The name is read as Django's sign-in reads it: spaces around it dropped and
    compatibility forms folded (NFKC, so "ｏｗｎｅｒ" is "owner"), case ignored. A new
    account's name must pass the user model's own validators (letters, digits and
    @.+-_) and must not read as an existing account's name (events/names.py): a
    look-alike of the owner would make the audit log lie about who did what.
    """
    user_model = get_user_model()
    username = user_model.normalize_username(username.strip())
    if not username:
        raise ServiceError("Type a user name.", field="username")
    with transaction.atomic():
        event = _locked(event)
        user = user_model.objects.filter(username__iexact=username).first()
        if user is None:
            if not password:
                raise ServiceError(f"There is no account {username!r}; give a password to create it.",
                                   field="password")
            _check_new_account_name(user_model, username)
            try:
                validate_password(password)
            except ValidationError as error:
                raise ServiceError(" ".join(error.messages), field="password") from None
            user = user_model.objects.create_user(username=username, password=password)
        elif password:
            raise ServiceError(f"{user.username} already has an account; leave the password empty.",
                               field="password")
        if user.pk == event.owner_id:
            raise ServiceError("The owner already runs the event.", field="username")
        EventRole.objects.update_or_create(event=event, user=user, defaults={"role": role})
        _audit(event, actor, "staff.added", user.username, after={"role": role})
    return user


def _check_new_account_name(user_model, username: str) -> None:
    try:
        user_model._meta.get_field(user_model.USERNAME_FIELD).run_validators(username)
    except ValidationError as error:
        raise ServiceError(" ".join(error.messages), field="username") from None
    key = name_key(username)
    twin = next((name for name in user_model.objects.values_list(user_model.USERNAME_FIELD, flat=True)
                 if name_key(name) == key), None)
    if twin is not None:
        raise ServiceError(f"{username} looks the same as the account {twin}; choose a name that reads differently.",
                           field="username")


def remove_staff(event: Event, *, actor: Actor, user_id: int) -> None:
    """Take an account's role in the event away."""
    with transaction.atomic():
        event = _locked(event)
        role = EventRole.objects.filter(event=event, user_id=user_id).select_related("user").first()
        if role is None:
            raise ServiceError("That account has no role in this event.")
        role.delete()
        _audit(event, actor, "staff.removed", role.user.username, before={"role": role.role})


def create_staff_link(event: Event, *, actor: Actor) -> str:
    """A new staff link for volunteers without accounts; any earlier link stops working."""
    with transaction.atomic():
        event = _locked(event)
        event.staff_token = secrets.token_urlsafe(18)
        event.save(update_fields=["staff_token"])
        _audit(event, actor, "staff.link_created", "staff link")
    return event.staff_token


def revoke_staff_link(event: Event, *, actor: Actor) -> None:
    """Stop the staff link; phones that opened it lose staff access at their next request."""
    with transaction.atomic():
        event = _locked(event)
        event.staff_token = ""
        event.save(update_fields=["staff_token"])
        _audit(event, actor, "staff.link_revoked", "staff link")


# Archive ------------------------------------------------------------------------------------


def export_event(event: Event) -> dict:
    """The event as a ``council-archive/1`` document (docs/archive-format.md)."""
    return event_archive(event)


def _checked_archive(data: object) -> dict:
    """Everything an archive sets, checked whole by the engine before anything is written.

    Every refusal names the field path; the engine's limits (scoring.limits) are the
    columns' own, so nothing it accepts is refused by the database afterwards.
    """
    try:
        archive = scoring.parse_archive(data)
    except scoring.RuleError as error:
        raise ServiceError(error.one_line(), field="archive") from None
    record = archive.record
    joined = {p.id: joined_after_round(p.id, p.status, archive) for p in archive.players}
    settings = archive.event
    return {
        "archive": archive,
        "joined": joined,
        "winner_id": record.playoff_winner,
        "fields": {
            "name": settings.name,
            "date": record.date,
            "place": record.place,
            "policy": settings.policy.key,
            "game_type": settings.game_type,
            "format": settings.format,
            "tie_resolution": settings.tie_resolution,
            "first_round_pairing": settings.first_round_pairing,
            "status": record.status,
            "rounds_planned": record.rounds_planned,
            "rounds_by_policy": rounds_by_policy(archive, joined) if record.rounds_planned else None,
            "rounds_note": record.rounds_note,
        },
    }


def _player_fields(entry: scoring.Player, joined: int) -> dict:
    return {
        "name": entry.name,
        "status": entry.status,
        "dropped_after_round": entry.dropped_after_round,
        "deck_capability": entry.deck_capability,
        "avatar": entry.avatar or "",
        "ranking": entry.ranking,
        "joined_after_round": joined,
    }


def _write_rounds(event: Event, archive: scoring.Archive, pk_of: dict[str, int], source: str) -> None:
    for rnd in archive.rounds:
        row = Round.objects.create(
            event=event, number=rnd.number, seed=rnd.seed, bye_id=pk_of[rnd.bye] if rnd.bye else None,
            clock_remaining=scoring.clock.new_clock(archive.policy, event.game_type).remaining,
        )
        codes = _new_codes(2 * len(rnd.games))
        Game.objects.bulk_create(
            Game(
                round=row,
                table=g.table,
                player_a_id=pk_of[g.players[0]],
                player_b_id=pk_of[g.players[1]],
                result=g.result,
                state=Game.CONFIRMED if g.scored else Game.PLAYING,
                points=[points_json(x) for x in g.scored.points] if g.scored else None,
                explanation=g.scored.explanation if g.scored else "",
                version=1 if g.scored else 0,
                reported_by=source if g.scored else "",
                code_a=codes[2 * index],
                code_b=codes[2 * index + 1],
            )
            for index, g in enumerate(rnd.games)
        )


def import_event(data: object, *, owner) -> Event:
    """Create an event from a ``council-archive/1`` document, owned by ``owner``.

    Nothing is saved unless the whole document is valid. Exporting the new event gives
    the same document back.
    """
    checked = _checked_archive(data)
    archive = checked["archive"]
    with transaction.atomic():
        event = Event.objects.create(slug=_new_event_slug(archive.event.name), owner=owner, **checked["fields"])
        players = Player.objects.bulk_create(
            Player(event=event, archive_id=p.id, **_player_fields(p, checked["joined"][p.id]))
            for p in archive.players
        )
        pk_of = {p.archive_id: p.pk for p in players}
        if checked["winner_id"] is not None:
            event.playoff_winner_id = pk_of[checked["winner_id"]]
            event.save(update_fields=["playoff_winner"])
        _write_rounds(event, archive, pk_of, "import")
        _audit(event, Actor(owner, owner.get_username(), "owner"), "event.imported", event.name,
               after={"players": len(players), "rounds": len(archive.rounds)})
    return event


# Snapshots ----------------------------------------------------------------------------------


def _snapshot(event: Event, reason: str, round_number: int | None) -> Snapshot:
    return Snapshot.objects.create(event=event, reason=reason, round_number=round_number,
                                   data=event_archive(event))


def take_snapshot(event: Event, *, actor: Actor) -> Snapshot:
    """Keep the event as it is now, on the coordinator's request (e.g. before a risky fix)."""
    with transaction.atomic():
        event = _locked(event)
        snapshot = _snapshot(event, f"Taken by {actor.label}", _latest_round_number(event))
        _audit(event, actor, "snapshot.taken", snapshot.reason, after={"snapshot": snapshot.pk})
    return snapshot


def _latest_round_number(event: Event) -> int | None:
    latest = _latest_round(event)
    return latest.number if latest else None


def restore_snapshot(snapshot: Snapshot, *, actor: Actor) -> Event:
    """Put the event back as it was in ``snapshot``.

    The present state is snapshotted first, so a restore can itself be undone. Players
    keep their rows (matched by archive id), so phones that chose "this is me" still
    find themselves; rounds and games are rebuilt from the snapshot with new result
    codes and a ready clock. Staff, the staff link, the audit log and the snapshots stay.
    """
    checked = _checked_archive(snapshot.data)
    archive = checked["archive"]
    with transaction.atomic():
        event = _locked(snapshot.event)
        before = _snapshot(event, f"Before restoring “{snapshot.reason}”", _latest_round_number(event))
        event.playoff_winner = None
        for key, value in checked["fields"].items():
            setattr(event, key, value)
        event.save()
        Game.objects.filter(round__event=event).delete()
        event.rounds.all().delete()
        wanted = [p.id for p in archive.players]
        event.players.exclude(archive_id__in=wanted).delete()
        kept = {p.archive_id: p for p in event.players.order_by("id")}
        # Registration order is the archive's player order; keeping rows is only possible
        # when the kept players come first, in their order, and the re-created ones after.
        if wanted[:len(kept)] != list(kept):
            event.players.all().delete()
            kept = {}
        pk_of = {}
        for entry in archive.players:
            fields = _player_fields(entry, checked["joined"][entry.id])
            player = kept.get(entry.id)
            if player is None:
                player = Player.objects.create(event=event, archive_id=entry.id, **fields)
            else:
                Player.objects.filter(pk=player.pk).update(**fields)
            pk_of[entry.id] = player.pk
        if checked["winner_id"] is not None:
            event.playoff_winner_id = pk_of[checked["winner_id"]]
            event.save(update_fields=["playoff_winner"])
        _write_rounds(event, archive, pk_of, "snapshot")
        _audit(event, actor, "snapshot.restored", snapshot.reason,
               before={"snapshot": before.pk, "rounds": before.round_number},
               after={"snapshot": snapshot.pk, "rounds": len(archive.rounds), "players": len(archive.players)})
    return event
