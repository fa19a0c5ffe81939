"""Deck lists: the coordinator's overview and each player's list, and the player's own link (the public sign-up
that gives it is ``signups``)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from .. import services
from ..forms import (
    CapabilityForm,
    DeckListForm,
    DeckSettingsForm,
    ProductForm,
    PublishForm,
    SpotCheckForm,
)
from ..models import Player, Round
from ..pages.access import event_view
from ..pages.public import public_page
from ..pages.regions import uncached
from ..pages.rendering import as_context
from ..queries.contacts import opponent_contacts
from ..queries.decks import (
    deck_overview,
    player_by_deck_token,
    player_deck,
    published_deck,
    spot_check_page,
)
from ..queries.reports import reporting_seat, seat_clock
from ..roles import COORDINATOR, STAFF, Actor
from .confirm import press, status_of, submit
from .oversized import takes_oversized_posts

DECK_SETTINGS = (
    "deck_lists_wanted",
    "sign_up_opens_at",
    "sign_up_closes_at",
    "sign_up_cap",
    "deck_deadline",
    "spot_checks_per_round",
)


def _settings_initial(event) -> dict[str, Any]:
    return {**{name: getattr(event, name) for name in DECK_SETTINGS}, "deck_choices": "\n".join(event.deck_choices)}


def _saved_list_form(request, event, player: Player, deck_list) -> DeckListForm:
    """The list form with the declarations the format asks for, filled with what is saved.

    After a post too large to read (views/oversized.py), it says so beside the list.
    """
    form = DeckListForm(
        event=event,
        initial={"text": deck_list.text if deck_list else "", "avatar": player.avatar, "choice": player.deck_choice},
    )
    if getattr(request, "oversized_post", False):
        form.refuse_oversized()
    return form


def _status(request, form) -> int:
    """413 for a post too large to read, 422 for a form with errors, else 200."""
    if getattr(request, "oversized_post", False):
        return 413
    return 422 if form.errors else 200


def _save_list(player: Player, actor: Actor):
    return lambda data: services.submit_deck_list(
        player, data["text"], actor=actor, avatar=data.get("avatar", ""), choice=data.get("choice", "")
    )


def _say_saved(request, deck_list, saved: str) -> None:
    """Say a list is saved: a success when it keeps every rule, else a warning with what is left to correct.

    A list that breaks a rule is still saved (reading 46: the coordinator judges), but
    never under a green "saved" alone.
    """
    findings = deck_list.findings or {"problems": [], "unknown": [], "legal": False}
    if findings["legal"]:
        messages.success(request, _("%(saved)s It keeps every rule.") % {"saved": saved})
        return
    parts = [saved]
    if findings["unknown"]:
        parts.append(
            ngettext(
                "%(count)s name is not a card Council knows.",
                "%(count)s names are not cards Council knows.",
                len(findings["unknown"]),
            )
            % {"count": len(findings["unknown"])}
        )
    if findings["problems"]:
        parts.append(
            ngettext("It breaks %(count)s rule.", "It breaks %(count)s rules.", len(findings["problems"]))
            % {"count": len(findings["problems"])}
        )
    parts.append(_("See below what to correct."))
    messages.warning(request, " ".join(parts))


def _player(event, player_id: int) -> Player:
    return get_object_or_404(Player, event=event, pk=player_id)


def _link(request: HttpRequest, event, player: Player) -> str | None:
    if not player.deck_token:
        return None
    return request.build_absolute_uri(reverse("events:deck_link", args=[event.slug, player.deck_token]))


@event_view(COORDINATOR)
@require_http_methods(["GET", "POST"])
def decks(request, event, actor):
    form = DeckSettingsForm(request.POST or None, initial=_settings_initial(event), game_type=event.game_type)
    done = None
    if request.method == "POST":
        done = submit(form, lambda data: services.update_deck_settings(event, actor=actor, **data))
        if done.made:
            messages.success(request, _("Deck lists and sign-up saved."))
            return redirect("events:decks", slug=event.slug)
    return render(request, "events/decks.html", _decks_page(request, event, form=form), status=status_of(done))


def _decks_page(request, event, *, form=None, publish_form=None) -> dict[str, Any]:
    overview = deck_overview(event)
    sign_up_url = request.build_absolute_uri(reverse("events:sign_up", args=[event.slug]))
    form = form or DeckSettingsForm(initial=_settings_initial(event), game_type=event.game_type)
    return as_context(
        overview,
        form=form,
        sign_up_url=sign_up_url,
        time_zone=event.time_zone,
        publish_form=publish_form or PublishForm(listed=overview.publishable, initial={"players": overview.published}),
    )


@event_view(COORDINATOR)
@require_POST
def deck_links(request, event, actor):
    press(
        request,
        lambda: services.make_deck_links(event, actor=actor),
        lambda made: (
            ngettext(
                "%(count)s new deck link; links already given still work.",
                "%(count)s new deck links; links already given still work.",
                made,
            )
            % {"count": made}
        ),
    )
    return redirect("events:decks", slug=event.slug)


@event_view(COORDINATOR)
@require_POST
def publish_decks(request, event, actor):
    form = PublishForm(request.POST, listed=deck_overview(event).publishable)
    done = submit(form, lambda data: services.publish_deck_lists(event, actor=actor, player_ids=data["players"]))
    if done.made:
        messages.success(
            request,
            ngettext("%(count)s deck list on the public page.", "%(count)s deck lists on the public page.", done.value)
            % {"count": done.value},
        )
        return redirect("events:decks", slug=event.slug)
    return render(request, "events/decks.html", _decks_page(request, event, publish_form=form), status=done.status)


def _player_deck_page(request, event, player, *, form=None, capability_form=None, product_form=None) -> dict[str, Any]:
    page = player_deck(player)
    initial = {"capability": player.deck_capability if player.capability_note else "", "note": player.capability_note}
    product = page.product
    return as_context(
        page,
        event=event,
        link=_link(request, event, player),
        form=form or _saved_list_form(request, event, player, page.deck_list),
        capability_form=capability_form or CapabilityForm(initial=initial),
        product_form=product_form or ProductForm(initial={"product": product.text if product else ""}),
    )


@takes_oversized_posts
@event_view(COORDINATOR)
@require_http_methods(["GET", "POST"])
def deck_of_player(request, event, actor, player_id: int):
    player = _player(event, player_id)
    if request.method == "GET":
        page = _player_deck_page(request, event, player)
        return render(request, "events/player_deck.html", page, status=_status(request, page["form"]))
    saved = _("The deck list of %(name)s is saved.") % {"name": player.name}
    return _on_player_deck_page(
        request,
        event,
        player,
        "form",
        DeckListForm(request.POST, request.FILES, event=event),
        _save_list(player, actor),
        saved,
        said=lambda deck_list: _say_saved(request, deck_list, saved),
    )


def _on_player_deck_page(request, event, player, form_name: str, form, change, done_message: str, said=None):
    """Submit one of the player's deck page forms: back to the page when done, or the page again with its errors.

    ``said(value)``, when given, says the outcome instead of ``done_message``.
    """
    done = submit(form, change)
    if done.made:
        if said is not None:
            said(done.value)
        else:
            messages.success(request, done_message)
        return redirect("events:player_deck", slug=event.slug, player_id=player.pk)
    return render(
        request,
        "events/player_deck.html",
        _player_deck_page(request, event, player, **{form_name: form}),
        status=done.status,
    )


@event_view(COORDINATOR)
@require_POST
def player_product(request, event, actor, player_id: int):
    player = _player(event, player_id)
    return _on_player_deck_page(
        request,
        event,
        player,
        "product_form",
        ProductForm(request.POST),
        lambda data: services.enter_sealed_product(player, data["product"], actor=actor),
        _("The sealed product of %(name)s is saved and the list checked against it.") % {"name": player.name},
    )


@event_view(COORDINATOR)
@require_POST
def player_capability(request, event, actor, player_id: int):
    player = _player(event, player_id)
    return _on_player_deck_page(
        request,
        event,
        player,
        "capability_form",
        CapabilityForm(request.POST),
        lambda data: services.set_capability(
            player, actor=actor, capability=data["capability"] or None, note=data["note"]
        ),
        _("The deck capability of %(name)s is saved.") % {"name": player.name},
    )


@event_view(COORDINATOR)
@require_POST
def player_deck_link(request, event, actor, player_id: int):
    player = _player(event, player_id)
    if request.POST.get("action") == "revoke":
        press(
            request,
            lambda: services.revoke_deck_link(player, actor=actor),
            lambda _value: _("The deck link of %(name)s no longer opens the list.") % {"name": player.name},
        )
    else:
        press(
            request,
            lambda: services.make_deck_link(player, actor=actor),
            lambda _value: _("A new deck link for %(name)s; an earlier one no longer works.") % {"name": player.name},
        )
    return redirect("events:player_deck", slug=event.slug, player_id=player.pk)


@takes_oversized_posts
@public_page(methods=["GET", "POST"])
def deck_link(request, event, actor, deck_token: str):
    player = player_by_deck_token(event, deck_token)
    if player is None:
        raise Http404("No such link")
    page = player_deck(player)
    if request.method == "GET":
        form = _saved_list_form(request, event, player, page.deck_list)
    else:
        form = DeckListForm(request.POST, request.FILES, event=event)
        done = submit(form, _save_list(player, Actor.deck_link(player.name)))
        if done.made:
            _say_saved(request, done.value, _("Your deck list is saved."))
            return redirect("events:deck_link", slug=event.slug, deck_token=deck_token)
    closed = event.lists_closed_to_players(timezone.now())
    # The page holds the list and its address is the key to it: nothing cached. (The
    # site-wide same-origin referrer policy keeps the address from other sites; no
    # referrer at all would make browsers send "Origin: null", which CSRF refuses.)
    response = render(
        request,
        "events/deck_link.html",
        as_context(
            page,
            event=event,
            form=form,
            closed=closed,
            link=_link(request, event, player),
            seat=reporting_seat(event, player),
            clock=seat_clock(event, player),
            opponents=opponent_contacts(event, player),
            time_zone=event.time_zone,
        ),
        status=_status(request, form),
    )
    return uncached(response)


@event_view(STAFF)
@require_http_methods(["GET", "POST"])
def spot_check(request, event, actor, number: int, player_id: int):
    """A deck checked at its table: staff see the list only of a player the round drew, and only in that round."""
    rnd = get_object_or_404(Round, event=event, number=number)
    player = _player(event, player_id)
    if not rnd.deck_check_open(player.pk, by_coordinator=actor.is_coordinator):
        raise Http404("No deck check of this player now")
    form = SpotCheckForm(request.POST or None)
    done = None
    if request.method == "POST":
        done = submit(
            form,
            lambda data: services.record_spot_check(
                rnd, player, actor=actor, matches=data["outcome"], note=data["note"]
            ),
        )
        if done.made:
            messages.success(request, _("The deck check of %(name)s is recorded.") % {"name": player.name})
            return redirect("events:tables", slug=event.slug)
    return uncached(
        render(
            request,
            "events/spot_check.html",
            as_context(spot_check_page(rnd, player), event=event, form=form),
            status=status_of(done),
        )
    )


@public_page()
def public_deck(request, event, actor, player_id: int):
    """A list the coordinator published after the event; any other list is not found."""
    page = published_deck(event, player_id)
    if page is None:
        raise Http404("No published list")
    return render(request, "events/public_deck.html", as_context(page))
