"""The public pages, no login: the players' phones, the pairings and standings every phone shares, earlier rounds,
the projector, reporting a result."""

from __future__ import annotations

import datetime

from django.contrib import messages
from django.http import HttpRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .. import services, throttle
from ..devices import REPORTER_COOKIE, REPORTER_COOKIE_AGE, device_mark, new_browser_key
from ..forms import PlayerReportForm, ReportCodeForm, result_initial, whole_number
from ..i18n import say
from ..models import Game, Round
from ..pages.addresses import public_address
from ..pages.boards import everyone_standings, projector_board, public_board
from ..pages.me import ME_COOKIE, chosen_player, remember_me
from ..pages.phones import phone_board, phone_frame, phone_region_response
from ..pages.public import public_page
from ..pages.regions import asked_page, polled, shared
from ..pages.rendering import as_context
from ..pages.standings import ranking_pages
from ..queries.public import everyone_pairings, found_players, past_round
from ..queries.reports import find_reporting_game
from ..services.mail import reminder_lead
from .confirm import submit


@public_page(polled_region="live", poll_key=lambda request: (chosen_player(request),), compress=True, phone_region=True)
def public(request, event, actor):
    me_id = chosen_player(request)
    query = request.GET.get("q", "")[:100]
    if request.htmx and request.htmx.target == "found":
        return render(request, "events/_find.html#found", as_context(found_players(event, query)))
    # A player of this event (the cookie may name anyone): every one has their own part in the frame.
    frame = phone_frame(event) if me_id is not None else None
    if frame is not None and me_id in frame.texts:
        if request.htmx and request.htmx.target == "live":
            return phone_region_response(request, frame, me_id)
        return polled(
            request,
            event,
            "events/public.html",
            "live",
            lambda: phone_board(event, frame, me_id, query),
            me_id,
        )
    return polled(request, event, "events/public.html", "live", lambda: public_board(event, query=query), me_id)


@public_page(methods=["POST"])
def public_me(request, event, actor):
    """Remember "this is me" in a cookie on this phone, for this event only; the server stores nothing."""
    response = redirect("events:public", slug=event.slug)
    chosen = whole_number(request.POST.get("player", ""))
    known = chosen is not None and event.players.filter(pk=chosen).exists()
    remember_me(response, request, ME_COOKIE, reverse("events:public", args=[event.slug]), chosen if known else None)
    return response


@public_page(shared_region="pairings")
def public_pairings(request, event, actor):
    """The current round by table: one page for every phone, linked from each phone's page above 64 players."""
    return shared(
        request, event, "events/public_pairings.html", "pairings", lambda: as_context(everyone_pairings(event))
    )


@public_page(shared_region="standings", shared_pages=True)
def public_standings(request, event, actor):
    """The standings: one page for every phone, linked from each phone's page above 64 players; above 500 players,
    a page at a time, as the coordinator's (a page past the end is the last)."""
    asked = asked_page(request)
    page = min(asked, ranking_pages(event.players.count())) if asked > 1 else 1
    return shared(
        request, event, "events/public_standings.html", "standings", lambda: everyone_standings(event, page), page=page
    )


@public_page(compress=True)
def public_round(request, event, actor, number: int):
    rnd = get_object_or_404(Round.objects.select_related("bye", "stage"), event=event, number=number)
    return render(request, "events/public_round.html", as_context(past_round(event, rnd)))


def _by_name(request: HttpRequest) -> bool:
    return request.GET.get("by") == "name"


@public_page(event_language=True, polled_region="board", poll_key=lambda request: (_by_name(request),), compress=True)
def projector(request, event, actor):
    by_name = _by_name(request)
    return polled(
        request,
        event,
        "events/projector.html",
        "board",
        lambda: {**projector_board(event, by_name=by_name), "public_url": public_address(request, event)},
        by_name,
    )


def _report_outcome(game: Game, side: int) -> str:
    opponent = (game.player_a, game.player_b)[1 - side].name
    if game.result is not None and game.state == Game.REPORTED:
        return _(
            "Table %(table)s: both reports agree. Someone who runs the event plays at this table, so the "
            "arbiter confirms the result."
        ) % {"table": game.table}
    if game.result is not None:
        return _("Table %(table)s: both reports agree, the result stands. %(explanation)s") % {
            "table": game.table,
            "explanation": say(game.described),
        }
    # A round of days is played online: nobody is at a table to wait at (events/services/mail.py).
    online = reminder_lead(datetime.timedelta(minutes=game.round.event.rules.time_limit(game.round.event.game_type)))
    if game.reported_from_one_device:
        if online:
            return _(
                "Table %(table)s: both reports came from this one device, so they settle nothing. The "
                "coordinator will settle it."
            ) % {"table": game.table}
        return _(
            "Table %(table)s: both reports came from this one device, so they settle nothing. Stay at the "
            "table; the staff are coming to settle it."
        ) % {"table": game.table}
    if game.reports_differ:
        if online:
            return _("Table %(table)s: your report and %(opponent)s's differ. The coordinator will settle it.") % {
                "table": game.table,
                "opponent": opponent,
            }
        return _(
            "Table %(table)s: your report and %(opponent)s's differ. Stay at the table; "
            "the staff are coming to settle it."
        ) % {"table": game.table, "opponent": opponent}
    return _("Table %(table)s: your report is in. The result stands once %(opponent)s reports the same.") % {
        "table": game.table,
        "opponent": opponent,
    }


@public_page(methods=["GET", "POST"])
def public_report(request, event, actor):
    """A player reports their game with the code on their slip: first the code, then the result.

    Wrong codes count against the phone's address (events/throttle.py), so the codes of
    other tables cannot be guessed.
    """
    code_form = ReportCodeForm(request.POST or None)
    context = {"event": event, "code_form": code_form, "form": None, "warnings": None}
    if not event.players_report:
        return render(request, "events/public_report.html", context | {"closed": True}, status=404)
    if request.method == "GET" or not code_form.is_valid():
        return render(request, "events/public_report.html", context, status=422 if code_form.is_bound else 200)
    key = f"code-address:{event.pk}:{throttle.client_address(request)}"
    wait = throttle.attempt([(key, throttle.RESULT_CODE_PER_ADDRESS)])
    if wait:
        code_form.add_error(
            "code",
            ngettext(
                "Too many wrong codes from this network. Try again in %(count)s minute, or hand your "
                "slip to the staff.",
                "Too many wrong codes from this network. Try again in %(count)s minutes, or hand "
                "your slip to the staff.",
                wait,
            )
            % {"count": wait},
        )
        return render(request, "events/public_report.html", context, status=429)
    found = find_reporting_game(event, code_form.cleaned_data["code"])
    if found is None:
        code_form.add_error("code", _("No table of the current round has this code. Check it on your slip."))
        return render(request, "events/public_report.html", context, status=422)
    throttle.succeeded(key)
    game, side = found
    own_report = (game.report_a, game.report_b)[side]
    entering = "kind" in request.POST
    form = PlayerReportForm(
        request.POST if entering else None,
        game=game,
        initial={**result_initial(game, own_report), "code": code_form.cleaned_data["code"]},
    )
    context |= {
        "form": form,
        "game": game,
        "side": side,
        "me": (game.player_a, game.player_b)[side],
        "opponent": (game.player_a, game.player_b)[1 - side],
        "own_report": own_report,
    }
    if not entering:
        return render(request, "events/public_report.html", context)
    browser_key = reporter_key(request)
    device = device_mark(browser_key, throttle.client_address(request), request.META.get("HTTP_USER_AGENT", ""))
    done = submit(
        form, lambda data: services.report_result(game, side, form.result(), device=device, confirm=data["confirm"])
    )
    if done.made:
        messages.success(request, _report_outcome(done.value, side))
        return keep_reporter_key(request, redirect("events:public", slug=event.slug), browser_key)
    context["warnings"] = done.warnings
    return keep_reporter_key(
        request, render(request, "events/public_report.html", context, status=done.status), browser_key
    )


def reporter_key(request) -> str:
    """This browser's reporter key (events/devices.py): its cookie's, or a new one to keep."""
    kept = request.COOKIES.get(REPORTER_COOKIE, "")
    return kept if 16 <= len(kept) <= 64 and kept.isascii() else new_browser_key()


def keep_reporter_key(request, response, browser_key: str):
    """Give the browser its reporter key to keep, so its next report is known as the same device's."""
    if request.COOKIES.get(REPORTER_COOKIE) != browser_key:
        response.set_cookie(
            REPORTER_COOKIE,
            browser_key,
            max_age=REPORTER_COOKIE_AGE,
            httponly=True,
            samesite="Lax",
            secure=request.is_secure(),
        )
    return response
