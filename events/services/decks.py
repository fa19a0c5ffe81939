"""Deck lists: each player's list checked by the rules, their declarations, the deck's capability, publishing.

Policy #1, General 12 lets the coordinator require a written list of each player's play
deck, sideboard and pool before the event, and the same cards all event; "it is
important that players not be allowed to scout their opponent's decks" (Version 3,
Policy Number 4). So a list is private: its player edits it through their own link
(``sign_up``) until the deadline, the coordinators see every list, and the audit log
records that a list was saved and what the rules said, never its cards. The event's
deck settings are ``deck_settings``'; the checks at the tables, ``spot_checks``'.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import scoring
from scoring import (
    DECK_CAPABILITIES,
    FALLEN_WIZARDS,
    GENERAL_OPPONENT,
    MAX_DECK_LIST_CHARACTERS,
    MAX_NAME_LENGTH,
    MAX_REASON_LENGTH,
    PRODUCT,
    card_index,
    check_deck_list,
    deck_choice_kind,
    declares_fallen_wizard,
    name_problem,
    read_deck_json,
    read_deck_text,
    text_data,
    text_problem,
)
from scoring import DeckList as DeckListText

from ..i18n import say
from ..models import DeckList, Event, Player, SealedProduct, rules_of
from ..record_words import AuditAction
from ..roles import Actor
from .base import ServiceError, locked_event, record_change


def kept_findings(found: Any) -> dict[str, Any]:
    """What the rules said of a list, to keep: the engine's words as data (scoring.messages.text_data),
    so that each reader gets them in their own language (queries/decks.readable_findings).

    ``found`` is ``check_deck_list``'s DeckCheck (a type ``scoring`` does not export by name).
    """
    findings: dict[str, Any] = found.as_dict()
    for problem, kept in zip(found.problems, findings["problems"], strict=False):
        kept["message"] = text_data(problem.message)
    findings["capability_reason"] = text_data(found.capability_reason)
    return findings


def _findings(rules: Event | Mapping[str, Any], written: DeckListText, product: list[Any] | None = None) -> Any:
    """What the rules say of ``written`` under an event's (or a dict of its) policy, game type and format.

    ``product`` is the coordinator's entry of a sealed player's cards (``SealedProduct.data``).
    """
    rule: Callable[[str], Any] = rules.get if isinstance(rules, dict) else lambda name: getattr(rules, name)
    received = read_deck_json({PRODUCT: product, "decks": {}}).product if product is not None else None
    return check_deck_list(
        written,
        card_index(),
        # A house policy keeps its base text's deck rules and says its own fan sets and banned cards.
        policy_key=rules_of(rule("policy"), rule("policy_document")),
        game_type=rule("game_type"),
        event_format=rule("format"),
        product=received,
    )


def _product_of(player: Player) -> list[Any] | None:
    return SealedProduct.objects.filter(player=player).values_list("data", flat=True).first()


def recheck_player(player: Player, event: Event) -> None:
    """Check ``player``'s list again under ``event``'s rules and product, inside the caller's transaction."""
    deck_list = DeckList.objects.filter(player=player).first()
    if deck_list is None:
        return
    found = _findings(event, read_deck_json(deck_list.data), _product_of(player))
    deck_list.findings = kept_findings(found)
    deck_list.save(update_fields=["findings"])
    _follow_the_list(player, found.capability)


def _not_wanted(event: Event) -> str | None:
    if event.deck_lists_wanted:
        return None
    return _("This event does not ask for deck lists.")


def _follow_the_list(player: Player, capability: str) -> None:
    """The capability the list shows becomes the player's, unless the coordinator set it by hand."""
    if not player.capability_note and player.deck_capability != capability:
        player.deck_capability = capability
        player.save(update_fields=["deck_capability"])


def recheck_deck_lists(event: Event) -> None:
    """Check every list of ``event`` again under its present rules, inside the caller's transaction.

    Called when the policy, game type or format changes before the start: a list's
    findings and the capability it shows are those of the rules it was checked under.
    """
    for player in Player.objects.filter(event=event, deck_list__isnull=False):
        recheck_player(player, event)


def read_written_cards(text: str, *, field: str, what: str, missing: str) -> DeckListText:
    """Cards as people write them (a list, a sealed product) read, or a refusal on ``field`` naming the line.

    ``what`` is the kind of text, ``DECK_LIST`` or ``PRODUCT_TEXT``, which the refusals name;
    ``missing`` is said of an empty one.
    """
    if not text:
        raise ServiceError(missing, field=field)
    if len(text) > MAX_DECK_LIST_CHARACTERS:
        limit = MAX_DECK_LIST_CHARACTERS
        too_long = (
            ngettext(
                "A deck list has at most %(count)s character.", "A deck list has at most %(count)s characters.", limit
            )
            if what == DECK_LIST
            else ngettext(
                "A product has at most %(count)s character.", "A product has at most %(count)s characters.", limit
            )
        )
        raise ServiceError(too_long % {"count": limit}, field=field)
    problem = text_problem(text.replace("\n", " ").replace("\r", " ").replace("\t", " "))
    if problem:
        # Translators: %(problem)s completes the sentence, such as "holds a control character (U+0000)".
        wrong = _("The deck list %(problem)s.") if what == DECK_LIST else _("The product %(problem)s.")
        raise ServiceError(wrong % {"problem": say(problem)}, field=field)
    try:
        return read_deck_text(text)
    except scoring.RuleError as error:
        raise ServiceError.from_rule_line(error, field=field) from None


# The kinds of written cards ``read_written_cards`` reads.
DECK_LIST, PRODUCT_TEXT = "deck list", "product"


def submit_deck_list(
    player: Player, text: str, *, actor: Actor, now: datetime.datetime | None = None, avatar: str = "", choice: str = ""
) -> DeckList:
    """Save ``player``'s deck list as written and what the rules say of it; the capability follows the list.

    With it come the player's declarations the format asks for: ``avatar``, the
    Fallen-wizard they play (required in a Fallen-wizard-only event, which the pairing
    reads), and ``choice``, their challenge deck or scenario (``Event.deck_choices_offered``).

    A list the rules find problems in is saved all the same, with its problems: the
    player fixes it before the deadline, or the coordinator decides. A list that cannot
    be read (a count of 0, a line too long) is refused, naming the line. The coordinator
    may save a list at any time; a player only while ``Event.lists_closed_to_players`` says nothing.
    """
    text = text.strip()
    written = read_written_cards(text, field="text", what=DECK_LIST, missing=_("Paste or type the deck list."))
    now = now or timezone.now()
    # Checked before the event is locked, so that other changes to the event need not wait for it.
    rules = Event.objects.values("policy", "policy_document", "game_type", "format").get(pk=player.event_id)
    product = _product_of(player)
    found = _findings(rules, written, product)
    with transaction.atomic(durable=True):
        event = locked_event(player.event)
        player = Player.objects.select_for_update().get(pk=player.pk)
        if not actor.is_coordinator:
            closed = event.lists_closed_to_players(now) or _not_wanted(event)
            if closed:
                raise ServiceError(closed, field="text")
        declared = _declarations(event, avatar, choice)
        if rules != {
            "policy": event.policy,
            "policy_document": event.policy_document,
            "game_type": event.game_type,
            "format": event.format,
        } or product != _product_of(player):
            found = _findings(event, written, _product_of(player))  # the rules or the product changed meanwhile
        deck_list, _created = DeckList.objects.update_or_create(
            player=player,
            defaults={
                "text": text,
                "data": written.as_dict(),
                "findings": kept_findings(found),
                "submitted_at": now,
                "submitted_by": actor.label,
            },
        )
        for name, value in declared.items():
            setattr(player, name, value)
        player.save(update_fields=list(declared))
        _follow_the_list(player, found.capability)
        summary = {
            "legal": found.legal,
            "problems": len(found.problems),
            "unknown": len(found.unknown),
            "capability": player.deck_capability,
            **declared,
        }
        record_change(
            event, actor, AuditAction.DECK_SAVED, _("Deck list of %(name)s") % {"name": player.name}, after=summary
        )
    return deck_list


def _declarations(event: Event, avatar: str, choice: str) -> dict[str, str]:
    """The player's declarations the event's format asks for, as Player fields; a refusal naming the field."""
    declared = {}
    avatar = avatar.strip()
    if declares_fallen_wizard(event.format) and not avatar:
        raise ServiceError(_("Say which Fallen-wizard you play."), field="avatar")
    if declares_fallen_wizard(event.format) or event.format == GENERAL_OPPONENT:
        # In a general-opponent event an empty declaration takes back an earlier one.
        if avatar and avatar not in FALLEN_WIZARDS:
            raise ServiceError(
                _("A Fallen-wizard is one of %(wizards)s.") % {"wizards": ", ".join(FALLEN_WIZARDS)}, field="avatar"
            )
        declared["avatar"] = avatar
    kind = deck_choice_kind(event.game_type)
    if kind is not None:
        choice = " ".join(choice.split())
        offered = event.deck_choices_offered()
        deck = kind == "challenge-deck"
        if not choice:
            raise ServiceError(_("Choose your challenge deck.") if deck else _("Choose your scenario."), field="choice")
        if offered and choice not in offered:
            posted = (
                _("Choose a challenge deck the coordinator posted: %(choices)s.")
                if deck
                else _("Choose a scenario the coordinator posted: %(choices)s.")
            )
            raise ServiceError(posted % {"choices": ", ".join(offered)}, field="choice")
        problem = name_problem(choice)
        if problem:
            # Translators: %(problem)s completes the sentence, such as "has nothing visible in it".
            wrong = _("The challenge deck %(problem)s.") if deck else _("The scenario %(problem)s.")
            raise ServiceError(wrong % {"problem": say(problem)}, field="choice")
        if len(choice) > MAX_NAME_LENGTH:
            too_long = (
                ngettext(
                    "The challenge deck has at most %(count)s character.",
                    "The challenge deck has at most %(count)s characters.",
                    MAX_NAME_LENGTH,
                )
                if deck
                else ngettext(
                    "The scenario has at most %(count)s character.",
                    "The scenario has at most %(count)s characters.",
                    MAX_NAME_LENGTH,
                )
            )
            raise ServiceError(too_long % {"count": MAX_NAME_LENGTH}, field="choice")
        declared["deck_choice"] = choice
    return declared


def set_capability(player: Player, *, actor: Actor, capability: str | None, note: str) -> Player:
    """The coordinator sets a deck's capability by hand, with the reason; ``None`` gives it back to the list.

    General 18: "The tournament coordinator would have to make a judgment as to what
    the deck's capability is"; the list's reading is a proposal the coordinator may
    overrule, and the record keeps the reason.
    """
    note = clean_note(note)
    if capability is not None and capability not in DECK_CAPABILITIES:
        raise ServiceError(_("Choose One Ring or marshalling points."), field="capability")
    if capability is not None and not note:
        raise ServiceError(_("Say why the capability differs from the list's."), field="note")
    if len(note) > MAX_REASON_LENGTH:
        raise ServiceError(
            ngettext(
                "A reason has at most %(count)s character.",
                "A reason has at most %(count)s characters.",
                MAX_REASON_LENGTH,
            )
            % {"count": MAX_REASON_LENGTH},
            field="note",
        )
    with transaction.atomic(durable=True):
        event = locked_event(player.event)
        player = Player.objects.select_for_update().get(pk=player.pk)
        before = {"capability": player.deck_capability, "note": player.capability_note}
        if capability is None:
            listed = DeckList.objects.filter(player=player).values_list("findings", flat=True).first()
            player.deck_capability = listed["capability"] if listed else player.deck_capability
            player.capability_note = ""
        else:
            player.deck_capability, player.capability_note = capability, note
        player.save(update_fields=["deck_capability", "capability_note"])
        record_change(
            event,
            actor,
            AuditAction.DECK_CAPABILITY_SET,
            _("Deck capability of %(name)s") % {"name": player.name},
            before=before,
            after={"capability": player.deck_capability, "note": player.capability_note},
        )
    return player


def clean_note(note: str) -> str:
    """A note with single spaces, or a refusal naming the character it cannot hold."""
    note = " ".join(note.split())
    problem = text_problem(note)
    if problem:
        # Translators: %(problem)s completes the sentence, such as "holds a control character (U+0000)".
        raise ServiceError(_("The note %(problem)s.") % {"problem": say(problem)}, field="note")
    return note


def publish_deck_lists(event: Event, *, actor: Actor, player_ids: list[int]) -> int:
    """Show the lists of the players ``player_ids`` on the public page; every other list stays private.

    Lists stay unseen while the event runs ("It is important that players not be
    allowed to scout their opponent's decks", Version 3 and Policy Number 4); after it
    closes the coordinator may publish the lists they choose, the top eight for example.
    Returns how many lists are published.
    """
    with transaction.atomic(durable=True):
        event = locked_event(event)
        if event.status != Event.CLOSED:
            raise ServiceError(_("Lists can be published once the event is closed."), field="players")
        lists = DeckList.objects.filter(player__event=event)
        chosen = set(lists.filter(player_id__in=player_ids).values_list("player_id", flat=True))
        if set(player_ids) - chosen:
            raise ServiceError(_("Choose players of this event who have a list."), field="players")
        before = sorted(lists.filter(published=True).values_list("player__archive_id", flat=True))
        lists.update(published=False)
        lists.filter(player_id__in=chosen).update(published=True)
        after = sorted(lists.filter(published=True).values_list("player__archive_id", flat=True))
        record_change(
            event,
            actor,
            AuditAction.DECK_PUBLISHED,
            _("Deck lists published: %(count)s") % {"count": len(after)},
            before={"players": before},
            after={"players": after},
        )
    return len(after)
