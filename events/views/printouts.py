"""The printouts: pairings, result slips, tournament cards, standings, brackets and deck lists, A4 or Letter."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from ..forms import whole_number
from ..queries.decks import deck_link_slips, deck_lists_sheet, deck_sheet
from ..queries.printouts import cards_sheet, pairings_sheet, printed_round, slips_sheet, standings_sheet
from ..queries.public import public_address
from ..queries.reports import code_slips
from ..queries.stages import finals_board
from ..roles import COORDINATOR
from .access import event_view
from .language import in_event_language


def _printed_round(request, event):
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
        pairings_sheet(event, _printed_round(request, event), public_address(request, event)),
    )


@in_event_language
@event_view(COORDINATOR)
@require_GET
def print_slips(request, event, actor):
    return render(
        request,
        "events/print/slips.html",
        slips_sheet(event, _printed_round(request, event), public_address(request, event)),
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
    return render(request, "events/print/cards.html", cards_sheet(event))


@in_event_language
@event_view(COORDINATOR)
@require_GET
def print_standings(request, event, actor):
    return render(request, "events/print/standings.html", standings_sheet(event, public_address(request, event)))


@in_event_language
@event_view(COORDINATOR)
@require_GET
def print_bracket(request, event, actor):
    return render(
        request,
        "events/print/bracket.html",
        {"event": event, "finals": finals_board(event), "public_url": public_address(request, event)},
    )


@in_event_language
@event_view(COORDINATOR)
@require_GET
def print_deck_sheet(request, event, actor):
    return render(request, "events/print/deck_sheet.html", deck_sheet(event))


@in_event_language
@event_view(COORDINATOR)
@require_GET
def print_deck_lists(request, event, actor):
    return render(request, "events/print/deck_lists.html", deck_lists_sheet(event))


@in_event_language
@event_view(COORDINATOR)
@require_GET
def print_deck_links(request, event, actor):
    page = deck_link_slips(event)
    slips = [
        (player, request.build_absolute_uri(reverse("deck_link", args=[event.slug, player.deck_token])))
        for player in page["players"]
    ]
    return render(request, "events/print/deck_links.html", {**page, "slips": slips})
