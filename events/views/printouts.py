"""The printouts: pairings, result slips, tournament cards, standings, brackets and deck lists, A4 or Letter."""

from __future__ import annotations

from django.http import Http404, HttpRequest
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from ..forms import whole_number
from ..models import Event, Round
from ..pages.access import event_view
from ..pages.addresses import public_address
from ..pages.finals import printed_finals
from ..pages.language import in_event_language
from ..pages.rendering import as_context
from ..queries.deck_sheet import deck_sheet
from ..queries.decks import deck_link_slips, deck_lists_sheet
from ..queries.printouts import cards_sheet, pairings_sheet, printed_round, slips_sheet, standings_sheet
from ..queries.reports import code_slips
from ..roles import COORDINATOR


def _printed_round(request: HttpRequest, event: Event) -> Round:
    rnd = printed_round(event, whole_number(request.GET.get("round", "")))
    if rnd is None:
        raise Http404("No such round")
    return rnd


@in_event_language
@event_view(COORDINATOR)
@require_GET
def print_pairings(request, event, actor):
    return render(
        request,
        "events/print/pairings.html",
        as_context(pairings_sheet(event, _printed_round(request, event), public_address(request, event))),
    )


@in_event_language
@event_view(COORDINATOR)
@require_GET
def print_slips(request, event, actor):
    return render(
        request,
        "events/print/slips.html",
        as_context(slips_sheet(event, _printed_round(request, event), public_address(request, event))),
    )


@in_event_language
@event_view(COORDINATOR)
@require_GET
def print_codes(request, event, actor):
    """Each player's report code on a slip of its own, cut apart and handed to that player alone."""
    if not event.players_report:
        raise Http404("Players do not report at this event")
    rnd = _printed_round(request, event)
    return render(
        request,
        "events/print/codes.html",
        {
            "event": event,
            "round": rnd,
            "slips": code_slips(event, rnd, request.user.pk),
            "report_url": public_address(request, event) + "report/",
        },
    )


@in_event_language
@event_view(COORDINATOR)
@require_GET
def print_cards(request, event, actor):
    return render(request, "events/print/cards.html", as_context(cards_sheet(event)))


@in_event_language
@event_view(COORDINATOR)
@require_GET
def print_standings(request, event, actor):
    sheet = standings_sheet(event, public_address(request, event))
    return render(request, "events/print/standings.html", as_context(sheet))


@in_event_language
@event_view(COORDINATOR)
@require_GET
def print_bracket(request, event, actor):
    return render(
        request,
        "events/print/bracket.html",
        {"event": event, "finals": printed_finals(event), "public_url": public_address(request, event)},
    )


@in_event_language
@event_view(COORDINATOR)
@require_GET
def print_deck_sheet(request, event, actor):
    return render(request, "events/print/deck_sheet.html", as_context(deck_sheet(event)))


@in_event_language
@event_view(COORDINATOR)
@require_GET
def print_deck_lists(request, event, actor):
    return render(request, "events/print/deck_lists.html", as_context(deck_lists_sheet(event)))


@in_event_language
@event_view(COORDINATOR)
@require_GET
def print_deck_links(request, event, actor):
    page = deck_link_slips(event)
    slips = [
        (player, request.build_absolute_uri(reverse("events:deck_link", args=[event.slug, player.deck_token])))
        for player in page.players
    ]
    return render(request, "events/print/deck_links.html", as_context(page, slips=slips))
