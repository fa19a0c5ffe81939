"""Players: registered (one or a pasted list), edited, removed before they play, dropped or ejected."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils.formats import number_format
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import MAX_NAME_LENGTH, MAX_NAMES_PER_PASTE, MAX_PLAYERS, MAX_RANKING, name_problem

from ..i18n import say
from ..models import Event, Game, Player, Round
from ..names import name_digest
from ..record_words import AuditAction
from ..roles import Actor
from .base import ServiceError, locked_event, record_change, unique_slug
from .contacts import clean_contacts, contacts_record
from .impartial import check_not_own_game
from .results import preview_result, save_result
from .snapshots import snapshot_if_round_complete


def clean_name(raw: str) -> str:
    """A typed or pasted name with single spaces: spreadsheets and chat add tabs and doubled spaces."""
    return " ".join(raw.split())


def _name_refusal(name: str, line: int | None = None) -> str | None:
    """What is wrong with a player's name, as a sentence naming the ``line`` of a pasted list when given; or None."""
    if len(name) > MAX_NAME_LENGTH:
        if line is None:
            return ngettext(
                "A name has at most %(count)s character.", "A name has at most %(count)s characters.", MAX_NAME_LENGTH
            ) % {"count": MAX_NAME_LENGTH}
        return ngettext(
            "Line %(line)s: a name has at most %(count)s character.",
            "Line %(line)s: a name has at most %(count)s characters.",
            MAX_NAME_LENGTH,
        ) % {"line": line, "count": MAX_NAME_LENGTH}
    problem = name_problem(name)
    if not problem:
        return None
    if line is None:
        # Translators: %(problem)s completes the sentence, such as "has nothing visible in it".
        return _("The name %(problem)s.") % {"problem": say(problem)}
    # Translators: %(problem)s completes the sentence, such as "has nothing visible in it".
    return _("Line %(line)s: the name %(problem)s.") % {"line": line, "problem": say(problem)}


def _already_registered(name: str, other: str, line: int | None = None) -> str:
    """The refusal of ``name``, which reads as ``other``'s, registered already; naming the ``line`` when given."""
    values = {"name": name, "other": other, "line": line}
    if other.casefold() == name.casefold():
        if line is None:
            return _("%(name)s is already registered. Add an initial or a city to tell them apart.") % values
        return _("Line %(line)s: %(name)s is already registered. Add an initial or a city to tell them apart.") % values
    if line is None:
        return (
            _(
                "%(name)s reads like %(other)s, who is already registered: type it in plain letters, or add an "
                "initial or a city to tell them apart."
            )
            % values
        )
    return (
        _(
            "Line %(line)s: %(name)s reads like %(other)s, who is already registered: type it in plain letters, "
            "or add an initial or a city to tell them apart."
        )
        % values
    )


def register_players(event: Event, names_text: str, *, actor: Actor) -> list[Player]:
    """Register one player per line of ``names_text``.

    Names are checked all together: an empty list, a name over 100 characters, a name with
    control characters or nothing visible, or a name that reads as one already registered
    (events/names.py: case, full-width letters, zero-width spaces and look-alike letters
    of other alphabets are ignored) refuses the whole list, naming the line. A player
    registered after round 1 was paired is a late player: no games in earlier rounds,
    so 0 points for them (docs/rules.md, late players).
    """
    names = [clean_name(line) for line in names_text.splitlines()]
    names = [n for n in names if n]
    if not names:
        raise ServiceError(_("Type a player's name."), field="names")
    if len(names) > MAX_NAMES_PER_PASTE:
        raise ServiceError(
            ngettext("At most %(count)s name at once.", "At most %(count)s names at once.", MAX_NAMES_PER_PASTE)
            % {"count": MAX_NAMES_PER_PASTE},
            field="names",
        )
    with transaction.atomic(durable=True):
        event = locked_event(event)
        players = add_players(event, names, field="names")
        rounds_paired = players[0].joined_after_round
        if rounds_paired:
            subject = ngettext(
                "%(count)s player, late: from round %(round)s with 0 points",
                "%(count)s players, late: from round %(round)s with 0 points",
                len(players),
            ) % {"count": len(players), "round": rounds_paired + 1}
        else:
            subject = ngettext("%(count)s player", "%(count)s players", len(players)) % {"count": len(players)}
        record_change(event, actor, AuditAction.PLAYER_REGISTERED, subject, after=names)
    return players


def add_players(event: Event, names: list[str], *, field: str) -> list[Player]:
    """Create players named ``names`` in the locked ``event``, inside the caller's transaction.

    Refuses (naming the line when there are several) a closed event, an event of pools
    once its pools are dealt, more than
    MAX_PLAYERS, a name the rules refuse, or a name that reads as a registered one.
    """
    if event.status == Event.CLOSED:
        raise ServiceError(_("The event is closed."), field=field)
    if event.structure == "pools" and event.stages.exists():
        # A player who joins after the deal is in no pool: they would play no game (docs/rules.md, reading 97).
        raise ServiceError(
            _("The pools are dealt: a player who joins now would play no game. Register players before the start."),
            field=field,
        )
    taken = set(event.players.values_list("archive_id", flat=True))
    if len(taken) + len(names) > MAX_PLAYERS:
        raise ServiceError(_("An event has at most %(max)s players.") % {"max": MAX_PLAYERS}, field=field)
    digests = [name_digest(name) for name in names]
    seen = dict(event.players.filter(name_digest__in=digests).values_list("name_digest", "name"))
    for line, (name, digest) in enumerate(zip(names, digests, strict=False), start=1):
        where = line if len(names) > 1 else None
        refusal = _name_refusal(name, where)
        if refusal:
            raise ServiceError(refusal, field=field)
        if digest in seen:
            raise ServiceError(_already_registered(name, seen[digest], where), field=field)
        seen[digest] = name
    rounds_paired = event.rounds.count() if event.status == Event.RUNNING else 0
    players = []
    for name, digest in zip(names, digests, strict=False):
        archive_id = unique_slug(slugify(name)[:40] or "player", taken)
        taken.add(archive_id)
        players.append(
            Player(event=event, name=name, name_digest=digest, archive_id=archive_id, joined_after_round=rounds_paired)
        )
    Player.objects.bulk_create(players)
    return players


def update_player(
    player: Player,
    *,
    actor: Actor,
    name: str,
    deck_capability: str,
    avatar: str = "",
    ranking: int | None = None,
    online_name: str | None = None,
    email: str | None = None,
    share_email: bool | None = None,
) -> Player:
    """Change a player's name, deck capability, Fallen-wizard, published ranking or contacts.

    The contacts (``clean_contacts``) a caller does not name stay as they are. The audit
    entry records whether the player has an address and whether it changed, never the
    address itself (docs/rules.md, reading 95).
    """
    name = clean_name(name)
    if not name:
        raise ServiceError(_("A player needs a name."), field="name")
    refusal = _name_refusal(name)
    if refusal:
        raise ServiceError(refusal, field="name")
    if avatar and name_problem(avatar):
        # Translators: %(problem)s completes the sentence, such as "has nothing visible in it".
        raise ServiceError(_("The Fallen-wizard %(problem)s.") % {"problem": say(name_problem(avatar))}, field="avatar")
    if ranking is not None and not 1 <= ranking <= MAX_RANKING:
        raise ServiceError(_("A published ranking is from 1 to %(max)s.") % {"max": MAX_RANKING}, field="ranking")
    with transaction.atomic(durable=True):
        locked_event(player.event)
        player = Player.objects.select_for_update().get(pk=player.pk)
        contacts = clean_contacts(
            player.online_name if online_name is None else online_name,
            player.email if email is None else email,
            player.share_email if share_email is None else share_email,
        )
        digest = name_digest(name)
        others = player.event.players.exclude(pk=player.pk).filter(name_digest=digest)
        if digest == player.name_digest:
            # Two players whose names came to read alike when the key grew stricter
            # (migration 0018) both stay editable, but neither may take the other's very name.
            other = next((o for o in others if o.name.casefold() == name.casefold()), None)
        else:
            other = others.first()
        if other is not None:
            raise ServiceError(_already_registered(name, other.name), field="name")
        before = {
            "name": player.name,
            "deck_capability": player.deck_capability,
            "avatar": player.avatar,
            "ranking": player.ranking,
            **contacts_record(player.online_name, player.email, player.share_email),
        }
        after = {
            "name": name,
            "deck_capability": deck_capability,
            "avatar": avatar,
            "ranking": ranking,
            **contacts_record(*contacts),
        }
        if player.email and contacts[1] and contacts[1] != player.email:
            after["email_changed"] = True  # the address, changed, is not kept here
        if deck_capability != player.deck_capability:
            # Set by hand: it stands over what a deck list shows (events/services/decks.py).
            player.capability_note = player.capability_note or _("Set on the player's page.")
        player.name, player.deck_capability, player.avatar, player.ranking = name, deck_capability, avatar, ranking
        player.online_name, player.email, player.share_email = contacts
        player.name_digest = digest
        player.save()
        record_change(player.event, actor, AuditAction.PLAYER_UPDATED, player.name, before=before, after=after)
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
    with transaction.atomic(durable=True):
        event = locked_event(player.event)
        if _appears_in_rounds(player):
            raise ServiceError(
                _("%(name)s has already played; record a drop instead so the record stays.") % {"name": player.name},
                field="player",
            )
        seeded = [stage for stage in event.stages.all() if player.archive_id in stage.players]
        if seeded:
            # Translators: %(stage)s is a stage's title, such as "Playoff" or "Top 8".
            raise ServiceError(
                _("%(name)s is in the %(stage)s: take it back first, or record a drop so their opponent goes through.")
                % {"name": player.name, "stage": say(seeded[0].title)},
                field="player",
            )
        record_change(
            event, actor, AuditAction.PLAYER_REMOVED, player.name, before={"name": player.name, "id": player.archive_id}
        )
        player.delete()


def drop_player(player: Player, *, actor: Actor, ejected: bool = False) -> str:
    """A player leaves the event: dropped (Policy #1, General 19) or ejected (General 21).

    A player who leaves with a game of the current round unfinished concedes it: the
    opponent gets the maximum points for the capability of their deck, recorded as a
    forfeit (reason "drop", or "cheat" for an ejection). Results already in stand. The
    player is not paired again and gets no ranking. Returns what happened, in words.
    """
    with transaction.atomic(durable=True):
        event = locked_event(player.event)
        player = Player.objects.select_for_update().get(pk=player.pk)
        if event.status != Event.RUNNING:
            raise ServiceError(
                _("Before the event starts, remove the registration instead.")
                if event.status == Event.REGISTRATION
                else _("The event is closed."),
                field="player",
            )
        if not player.is_active:
            left = (
                _("%(name)s has already left the event (ejected).")
                if player.status == Player.EJECTED
                else _("%(name)s has already left the event (dropped).")
            )
            raise ServiceError(left % {"name": player.name}, field="player")
        latest = event.latest_round()
        told = (_("%(name)s is ejected.") if ejected else _("%(name)s drops.")) % {"name": player.name}
        forfeit_game = None
        if latest is not None:
            forfeit_game = (
                latest.games.filter(result__isnull=True)
                .filter(_seated(player))
                .select_related("player_a", "player_b")
                .first()
            )
        if forfeit_game is not None and latest is not None:  # a game of the latest round
            if player.account_id is None or player.account_id != getattr(actor.user, "pk", None):
                # Dropping one's opponent would win one's own game; conceding it is one's own to do.
                check_not_own_game(event, forfeit_game, actor)
            forfeit_game.round = latest
            winner = 1 if forfeit_game.player_a_id == player.pk else 0
            result = {"kind": "forfeit", "winner": winner, "reason": "cheat" if ejected else "drop"}
            scored = preview_result(forfeit_game, result)
            save_result(
                event,
                forfeit_game,
                result,
                scored,
                actor=actor,
                state=Game.CONFIRMED,
                action=AuditAction.RESULT_RECORDED,
                subject=_("%(round)s, table %(table)s: forfeit") % {"round": latest.label, "table": forfeit_game.table},
            )
            opponent = forfeit_game.player_b if winner == 1 else forfeit_game.player_a
            assert forfeit_game.points is not None  # save_result scored it
            points = forfeit_game.points[winner]
            values = {
                "name": player.name,
                "table": forfeit_game.table,
                "opponent": opponent.name,
                "points": number_format(points),
                "clause": scored.clause,
            }
            if ejected:
                # Translators: %(clause)s cites the policy's clause on forfeits, in English.
                told = (
                    ngettext(
                        "%(name)s is ejected; table %(table)s is conceded: %(opponent)s gets %(points)s "
                        "point (%(clause)s).",
                        "%(name)s is ejected; table %(table)s is conceded: %(opponent)s gets %(points)s "
                        "points (%(clause)s).",
                        int(points),
                    )
                    % values
                )
            else:
                # Translators: %(clause)s cites the policy's clause on forfeits, in English.
                told = (
                    ngettext(
                        "%(name)s drops; table %(table)s is conceded: %(opponent)s gets %(points)s point (%(clause)s).",
                        "%(name)s drops; table %(table)s is conceded: %(opponent)s gets %(points)s points "
                        "(%(clause)s).",
                        int(points),
                    )
                    % values
                )
        before = {"status": player.status, "dropped_after_round": player.dropped_after_round}
        player.status = Player.EJECTED if ejected else Player.DROPPED
        player.dropped_after_round = latest.number if latest else 0
        player.save(update_fields=["status", "dropped_after_round"])
        record_change(
            event,
            actor,
            AuditAction.PLAYER_EJECTED if ejected else AuditAction.PLAYER_DROPPED,
            player.name,
            before=before,
            after={"status": player.status, "dropped_after_round": player.dropped_after_round, "told": told},
            round_number=latest.number if latest else None,
        )
        if forfeit_game is not None and latest is not None:
            snapshot_if_round_complete(event, latest, had_result=False)
    return told
