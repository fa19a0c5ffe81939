"""Importing an event from a ``council-archive/3`` (or ``/2``, ``/1``) document (docs/archive-format.md).

Exporting is a read (``events/archive.py``); snapshots are restored from the same
documents (``services/snapshots.py``), so both use the checks and writes here.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.utils.translation import gettext as _

import scoring
from scoring import points_json, text_data

from ..codes import new_codes
from ..models import DeckList, Entrant, Event, Game, Gathering, Player, Round, SealedProduct, Stage
from ..names import name_digest
from ..record_words import AuditAction
from ..roles import OWNER, Actor
from .base import ServiceError, new_event_slug, new_gathering_slug, record_change, unique_slug

if TYPE_CHECKING:
    from django.contrib.auth.models import User


def joined_after_round(player_id: str, status: str, archive: scoring.Archive) -> int:
    """Rounds already paired when a player registered, read back from an archive.

    Every active player appears in each round (a game or the bye), so the first round a
    player appears in tells when they joined; one who never appears joined after the
    last round, unless they dropped before playing.
    """
    for stage in archive.stages:
        # A bracket's seeds are in it from its start, byes and all.
        if player_id in stage.players and not any(
            rnd.bye == player_id or any(player_id in g.players for g in rnd.games) for rnd in archive.rounds
        ):
            return stage.first_round - 1
    for rnd in archive.all_rounds:
        if rnd.bye == player_id or any(player_id in g.players for g in rnd.games):
            return rnd.number - 1
    if status != Player.ACTIVE:
        return 0
    return len(archive.all_rounds)


def rounds_by_policy(archive: scoring.Archive, joined: dict[str, int]) -> int | None:
    """What the policy's table gives for the players present at the start, if at least 2."""
    starters = sum(1 for p in archive.players if joined[p.id] == 0)
    if starters < 2:
        return None
    return archive.policy.rounds_for(starters)


def checked_archive(data: object) -> dict[str, Any]:
    """Everything an archive sets, checked whole by the engine before anything is written.

    Every refusal names the field path; the engine's limits (scoring.limits) are the
    columns' own, so nothing it accepts is refused by the database afterwards.
    """
    try:
        archive = scoring.parse_archive(data)
    except scoring.RuleError as error:
        raise ServiceError.from_rule_line(error, field="archive") from None
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
            # A house policy comes whole with the event, as the event ran under it.
            "policy_document": settings.policy.house_document and dict(settings.policy.house_document),
            "game_type": settings.game_type,
            "format": settings.format,
            "tie_resolution": settings.tie_resolution,
            "first_round_pairing": settings.first_round_pairing,
            "structure": settings.structure,
            "elimination": settings.elimination,
            "seeding": settings.seeding,
            "top_cut": settings.top_cut,
            "pools": settings.pools,
            "advance": settings.advance,
            "status": record.status,
            "rounds_planned": record.rounds_planned,
            "rounds_by_policy": rounds_by_policy(archive, joined) if record.rounds_planned else None,
            "rounds_note": record.rounds_note,
        },
    }


def player_fields(entry: scoring.Player, joined: int) -> dict[str, Any]:
    """A Player row's fields from the archive's entry."""
    return {
        "name": entry.name,
        "name_digest": name_digest(entry.name),
        "status": entry.status,
        "dropped_after_round": entry.dropped_after_round,
        "deck_capability": entry.deck_capability,
        "avatar": entry.avatar or "",
        "ranking": entry.ranking,
        "joined_after_round": joined,
    }


def write_rounds(event: Event, archive: scoring.Archive, pk_of: dict[str, int], source: str) -> None:
    """Create the archive's stages, rounds and games, with new result codes and a ready clock.

    ``source`` ("import", "snapshot") is recorded as who reported each result.
    """
    stages = [
        Stage.objects.create(
            event=event,
            number=number,
            kind=stage.kind,
            bracket=stage.bracket or "",
            players=list(stage.players),
            rounds_planned=stage.rounds_planned,
            for_place=stage.for_place,
            seeded_by=stage.seeded_by,
            seed=stage.seed,
            first_round=stage.first_round,
            pools=[list(pool) for pool in stage.pools],
            advance=stage.advance,
        )
        for number, stage in enumerate(archive.stages, start=1)
    ]
    for rnd in archive.all_rounds:
        row = Round.objects.create(
            event=event,
            number=rnd.number,
            seed=rnd.seed,
            bye_id=pk_of[rnd.bye] if rnd.bye else None,
            stage=stages[rnd.stage - 1] if rnd.stage else None,
            **Round.clock_values(scoring.new_clock(archive.policy, event.game_type)),
        )
        codes = new_codes(2 * len(rnd.games))
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
                explanation_words=text_data(g.scored.explanation) if g.scored else None,
                version=1 if g.scored else 0,
                reported_by=source if g.scored else "",
                code_a=codes[2 * index],
                code_b=codes[2 * index + 1],
            )
            for index, g in enumerate(rnd.games)
        )


def check_names_differ(archive: scoring.Archive) -> None:
    """Refuse an archive two of whose players' names read alike (events/names.py), as registration does."""
    seen: dict[str, scoring.Player] = {}
    for index, player in enumerate(archive.players):
        other = seen.setdefault(name_digest(player.name), player)
        if other is not player:
            # Translators: %(path)s is where in the archive the name is, such as players[2].name; %(name)s,
            # %(other)s and %(id)s are quoted as written in the file.
            raise ServiceError(
                _("%(path)s: %(name)s reads as %(other)s (player %(id)s); two players' names must read differently")
                % {
                    "path": f"players[{index}].name",
                    "name": repr(player.name),
                    "other": repr(other.name),
                    "id": repr(other.id),
                },
                field="archive",
            )


def import_event(data: object, *, owner: User) -> Event:
    """Create an event from a ``council-archive/3`` (or ``/2``, ``/1``) document, owned by ``owner``.

    Nothing is saved unless the whole document is valid, and no two of its players'
    names read alike (events/names.py), as registration requires. Exporting the new
    event gives the same document back.
    """
    checked = checked_archive(data)
    archive = checked["archive"]
    check_names_differ(archive)
    with transaction.atomic(durable=True):
        event = Event.objects.create(slug=new_event_slug(archive.event.name), owner=owner, **checked["fields"])
        players = Player.objects.bulk_create(
            Player(event=event, archive_id=p.id, **player_fields(p, checked["joined"][p.id])) for p in archive.players
        )
        pk_of = {p.archive_id: p.pk for p in players}
        if checked["winner_id"] is not None:
            event.playoff_winner_id = pk_of[checked["winner_id"]]
            event.save(update_fields=["playoff_winner"])
        write_rounds(event, archive, pk_of, "import")
        joined = {}
        if archive.record.gathering is not None:
            joined = {"gathering": _join_imported_gathering(event, archive.record.gathering, pk_of).name}
        record_change(
            event,
            Actor.account(owner, OWNER),
            AuditAction.EVENT_IMPORTED,
            event.name,
            after={"players": len(players), "rounds": len(archive.all_rounds), **joined},
        )
    return event


def _join_imported_gathering(event: Event, record: scoring.GatheringRecord, pk_of: dict[str, int]) -> Gathering:
    """Put a newly imported ``event`` in the gathering its archive names, inside the import's transaction.

    The owner's gathering of the archive's id takes it, or a new one of that id and name:
    importing a weekend's events one by one rebuilds the weekend (``link_entrants``).
    """
    owner = event.owner
    gathering = owner.gatherings.filter(archive_id=record.id).first()
    if gathering is None:
        gathering = Gathering.objects.create(
            slug=new_gathering_slug(record.name), name=record.name, owner=owner, archive_id=record.id
        )
    event.gathering = gathering
    event.save(update_fields=["gathering"])
    link_entrants(event, gathering, record, pk_of)
    return gathering


def link_entrants(event: Event, gathering: Gathering, record: scoring.GatheringRecord, pk_of: dict[str, int]) -> None:
    """Link each player of ``event`` (archive id → pk in ``pk_of``) to the gathering's entrant the archive names.

    An entrant of that id is the player only when their names read alike (events/names.py);
    otherwise the archive came from elsewhere and its person is another: a new entrant is
    made, under an id of their own (docs/archive-format.md, "Gatherings").
    """
    names = dict(event.players.filter(pk__in=pk_of.values()).values_list("archive_id", "name"))
    known = {entrant.archive_id: entrant for entrant in gathering.entrants.all()}
    for player_id, entrant_id in record.entrants.items():
        if player_id not in pk_of:
            continue
        name = names[player_id]
        entrant = known.get(entrant_id)
        if entrant is None or entrant.name_digest != name_digest(name):
            archive_id = entrant_id if entrant is None else unique_slug(f"{entrant_id[:40]}-x", set(known))
            entrant = Entrant.objects.create(
                gathering=gathering,
                archive_id=archive_id,
                name=name,
                name_digest=name_digest(name),
                token=secrets.token_urlsafe(24),
            )
            known[archive_id] = entrant
        Player.objects.filter(pk=pk_of[player_id], entrant__isnull=True).update(entrant=entrant)


# What a player's row holds that no archive does (docs/security.md, "Deck lists" and
# "Players' contacts"): the private link to their list, the coordinator's reason for a
# capability set by hand, the account of an organiser who plays (accounts are this
# server's own), how opponents reach them with the language they signed up in, and the
# people of this server they are (a gathering's entrant, a member with a player number).
PRIVATE_FIELDS = (
    "deck_token",
    "capability_note",
    "deck_choice",
    "account_id",
    "online_name",
    "email",
    "share_email",
    "language",
    "entrant_id",
    "member_id",
)


def _set_aside(players: list[Player]) -> tuple[dict[str, dict[str, Any]], list[DeckList | SealedProduct]]:
    """What no archive holds of ``players``, by archive id: their private fields; and their deck lists and products.

    For rows about to be deleted and made again; the lists and products are Python
    objects that outlive their rows and are saved again on the new ones, their
    ``player_id`` holding the archive id meanwhile.
    """
    archive_id_of = {p.pk: p.archive_id for p in players}
    fields = {p.archive_id: {name: getattr(p, name) for name in PRIVATE_FIELDS} for p in players}
    kept: list[DeckList | SealedProduct] = [
        *DeckList.objects.filter(player_id__in=archive_id_of),
        *SealedProduct.objects.filter(player_id__in=archive_id_of),
    ]
    for row in kept:
        row.player_id = archive_id_of[row.player_id]
    return fields, kept


def replace_contents(event: Event, checked: dict[str, Any], *, source: str) -> None:
    """Make the locked ``event`` what the checked archive ``checked`` (``checked_archive``) says, in place.

    For a restored snapshot and for a venue's push to its hosted copy (services/hosted_copies.py),
    inside the caller's transaction. Players keep their rows (matched by archive id), so phones
    that chose "this is me" still find themselves; rounds and games are rebuilt with new
    result codes and a ready clock, each result recorded as reported by ``source``. What no
    archive holds (``PRIVATE_FIELDS``, deck lists, sealed products) stays with each player the
    archive keeps, even when their row must be made again; a player made again is linked to
    the person of the event's gathering the archive names. Players the archive lacks go with
    all they had.
    """
    archive = checked["archive"]
    event.playoff_winner = None
    for key, value in checked["fields"].items():
        setattr(event, key, value)
    event.save()
    Game.objects.filter(round__event=event).delete()
    event.rounds.all().delete()
    event.stages.all().delete()
    wanted = [p.id for p in archive.players]
    event.players.exclude(archive_id__in=wanted).delete()
    rows = {p.archive_id: p for p in event.players.order_by("id")}
    private: dict[str, dict[str, Any]] = {}
    kept_rows: list[DeckList | SealedProduct] = []
    # Registration order is the archive's player order; keeping rows is only possible
    # when the kept players come first, in their order, and the re-created ones after.
    if wanted[: len(rows)] != list(rows):
        # The deck lists would go with the rows (and the deck checks went with the rounds).
        private, kept_rows = _set_aside(list(rows.values()))
        event.players.all().delete()
        rows = {}
    pk_of = {}
    for entry in archive.players:
        fields = player_fields(entry, checked["joined"][entry.id])
        player = rows.get(entry.id)
        if player is None:
            player = Player.objects.create(event=event, archive_id=entry.id, **fields, **private.get(entry.id, {}))
        else:
            Player.objects.filter(pk=player.pk).update(**fields)
        pk_of[entry.id] = player.pk
    for row in kept_rows:
        row.player_id = pk_of[row.player_id]
    DeckList.objects.bulk_create([row for row in kept_rows if isinstance(row, DeckList)])
    SealedProduct.objects.bulk_create([row for row in kept_rows if isinstance(row, SealedProduct)])
    if checked["winner_id"] is not None:
        event.playoff_winner_id = pk_of[checked["winner_id"]]
        event.save(update_fields=["playoff_winner"])
    write_rounds(event, archive, pk_of, source)
    linked = archive.record.gathering
    if linked is not None and event.gathering is not None and event.gathering.archive_id == linked.id:
        # A player made again (removed since the snapshot) is the person of the gathering they were.
        link_entrants(event, event.gathering, linked, pk_of)
