"""Snapshots: the whole event kept as an archive as each round is paired and completed, and restored.

docs/operations.md says when they are taken and how a coordinator uses them.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from ..archive import event_archive
from ..models import DeckList, Event, Game, Player, Round, SealedProduct, Snapshot
from ..record_words import AuditAction
from ..roles import Actor
from .base import locked_event, record_change
from .impartial import check_no_open_own_game
from .imports import checked_archive, link_entrants, player_fields, write_rounds


def snapshot(event: Event, reason: str, round_number: int | None) -> Snapshot:
    """Keep the event as it is now, inside the caller's transaction."""
    return Snapshot.objects.create(event=event, reason=reason, round_number=round_number, data=event_archive(event))


def snapshot_if_round_complete(event: Event, rnd: Round, *, had_result: bool) -> None:
    """Keep the event when a game's new result was its round's last; ``had_result`` says it was a correction.

    Corrections after that are in the audit log and in the next round's snapshot.
    """
    if not had_result and not rnd.games.filter(result__isnull=True).exists():
        snapshot(event, _("%(round)s complete") % {"round": rnd.label}, rnd.number)


# What a player's row holds that no archive does (docs/security.md, "Deck lists" and
# "Players' contacts"): the private link to their list, the coordinator's reason for a
# capability set by hand, the account of an organiser who plays (accounts are this
# server's own), and how opponents reach them with the language they signed up in.
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


def _latest_round_number(event: Event) -> int | None:
    latest = event.latest_round()
    return latest.number if latest else None


def take_snapshot(event: Event, *, actor: Actor) -> Snapshot:
    """Keep the event as it is now, on the coordinator's request (e.g. before a risky fix)."""
    with transaction.atomic(durable=True):
        event = locked_event(event)
        # Translators: %(who)s is who took the snapshot: a user name, or "staff link".
        taken = snapshot(event, _("Taken by %(who)s") % {"who": actor.label}, _latest_round_number(event))
        record_change(event, actor, AuditAction.SNAPSHOT_TAKEN, taken.reason, after={"snapshot": taken.pk})
    return taken


def restore_snapshot(kept: Snapshot, *, actor: Actor) -> Event:
    """Put the event back as it was in the snapshot ``kept``.

    The present state is snapshotted first, so a restore can itself be undone. Players
    keep their rows (matched by archive id), so phones that chose "this is me" still
    find themselves; rounds and games are rebuilt from the snapshot with new result
    codes and a ready clock. Staff, the staff link, the audit log and the snapshots stay.
    What no archive holds stays with each player of the snapshot even when their row must
    be made again: their deck list, sealed product, deck link, challenge deck or scenario,
    capability note, contacts and the person of the event's gathering they are (a player
    made again is linked to that person from the snapshot's gathering). Deck checks belong
    to their rounds and go with them; players the snapshot lacks go with all they had.
    """
    checked = checked_archive(kept.data)
    archive = checked["archive"]
    with transaction.atomic(durable=True):
        event = locked_event(kept.event)
        check_no_open_own_game(event, actor)
        # Translators: %(reason)s is the restored snapshot's own, such as "Round 3 paired".
        before = snapshot(
            event, _("Before restoring “%(reason)s”") % {"reason": kept.reason}, _latest_round_number(event)
        )
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
        write_rounds(event, archive, pk_of, "snapshot")
        linked = archive.record.gathering
        if linked is not None and event.gathering is not None and event.gathering.archive_id == linked.id:
            # A player made again (removed since the snapshot) is the person of the gathering they were.
            link_entrants(event, event.gathering, linked, pk_of)
        record_change(
            event,
            actor,
            AuditAction.SNAPSHOT_RESTORED,
            kept.reason,
            before={"snapshot": before.pk, "rounds": before.round_number},
            after={"snapshot": kept.pk, "rounds": len(archive.all_rounds), "players": len(archive.players)},
        )
    return event
