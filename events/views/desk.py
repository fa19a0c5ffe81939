"""The coordinator's desk: settings, registration, players, the start, the rounds' number, pairing."""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring import listing

from .. import services
from ..forms import (
    BreakClockForm,
    EventForm,
    PasteForm,
    PlayerForm,
    PlayerNumberForm,
    RegisterForm,
    RoundsForm,
    StartForm,
)
from ..i18n import say
from ..models import Player
from ..pages.access import event_view
from ..pages.regions import render_region
from ..pages.rendering import as_context
from ..queries.desk import desk as desk_summary
from ..queries.members import members_it_may_be
from ..queries.organisers import organisers
from ..queries.policies import house_policy_choices
from ..queries.publishing import publishing_status
from ..roles import COORDINATOR
from ..services.mail import reminder_lead
from .confirm import press, status_of, submit
from .home import implications_of


def _desk_page(
    request,
    event,
    *,
    query: str = "",
    page_number: str | None = None,
    register_form=None,
    paste_form=None,
    start_form=None,
    rounds_form=None,
    break_form=None,
    start_warnings=None,
) -> dict[str, Any]:
    # A round of days is played online: the coordinator rules on games its deadline passed (events/services/mail.py).
    online = reminder_lead(datetime.timedelta(minutes=event.rules.time_limit(event.game_type))) is not None
    summary = desk_summary(event, query, page_number, now=timezone.now(), online=online)
    return as_context(
        summary,
        organisers=organisers(event, request.user.pk),
        publishing=publishing_status(event, timezone.now()),
        start_warnings=start_warnings,
        break_form=break_form or BreakClockForm(initial={"action": "adjust"}),
        register_form=register_form or RegisterForm(),
        paste_form=paste_form or PasteForm(auto_id="paste_%s"),
        start_form=start_form or StartForm(initial={"rounds": summary.rounds_for_present or 1}),
        rounds_form=rounds_form or RoundsForm(initial={"rounds": event.rounds_planned}),
    )


@event_view(COORDINATOR)
@require_GET
def desk(request, event, actor):
    context = _desk_page(request, event, query=request.GET.get("q", "")[:100], page_number=request.GET.get("page"))
    return render_region(request, "events/desk.html", "player-list", context)


@event_view(COORDINATOR)
@require_http_methods(["GET", "POST"])
def event_edit(request, event, actor):
    shown = ("name", "date", "place", "players_report", "language", "time_zone", *services.EVENT_RULE_FIELDS)
    initial = {k: getattr(event, k) for k in shown}
    form = EventForm(request.POST or None, initial=initial, house_policies=house_policy_choices(event.owner, event))
    done = None
    if request.method == "POST":
        done = submit(form, lambda data: services.update_event(event, actor=actor, **form.values()))
        if done.made:
            messages.success(request, _("Settings saved."))
            return redirect("events:desk", slug=event.slug)
    implications = implications_of(form.data if form.is_bound else initial, event.owner, event)
    return render(
        request,
        "events/event_form.html",
        {"form": form, "implications": implications, "event": event},
        status=status_of(done),
    )


@event_view(COORDINATOR)
@require_POST
def register(request, event, actor):
    pasted = "paste" in request.POST
    form = PasteForm(request.POST, auto_id="paste_%s") if pasted else RegisterForm(request.POST)
    done = submit(form, lambda data: services.register_players(event, data["names"], actor=actor))
    if done.made:
        late = done.value[0].joined_after_round
        names = listing([p.name for p in done.value])
        if late:
            registered = _("Registered %(names)s. They join round %(round)s with 0 points (late registration).") % {
                "names": say(names),
                "round": late + 1,
            }
        else:
            registered = _("Registered %(names)s.") % {"names": say(names)}
        messages.success(request, registered)
        if not request.htmx:
            return redirect("events:desk", slug=event.slug)
    shown = None if done.made else form  # after a registration, new empty forms
    context = _desk_page(request, event, paste_form=shown if pasted else None, register_form=None if pasted else shown)
    return render(
        request, "events/desk.html#players" if request.htmx else "events/desk.html", context, status=done.status
    )


@event_view(COORDINATOR)
@require_http_methods(["GET", "POST"])
def player_edit(request, event, actor, player_id: int):
    player = get_object_or_404(Player.objects.select_related("member"), event=event, pk=player_id)
    form = PlayerForm(request.POST or None, initial=_player_initial(player))
    done = None
    if request.method == "POST":
        done = submit(form, lambda data: services.update_player(player, actor=actor, **data))
        if done.made:
            messages.success(request, _("%(name)s saved.") % {"name": player.name})
            return redirect("events:desk", slug=event.slug)
    return player_page(request, event, player, form=form, status=status_of(done))


def player_page(request, event, player: Player, *, form=None, number_form=None, status: int = 200):
    """The coordinator's page of one registration: its details, and the player number it is linked to."""
    return render(
        request,
        "events/player_form.html",
        {
            "event": event,
            "player": player,
            "form": form or PlayerForm(initial=_player_initial(player)),
            "number_form": number_form or PlayerNumberForm(),
            "may_be": members_it_may_be(player),
            "member": player.member,
        },
        status=status,
    )


def _player_initial(player: Player) -> dict[str, object]:
    return {
        "name": player.name,
        "deck_capability": player.deck_capability,
        "avatar": player.avatar,
        "ranking": player.ranking,
        "online_name": player.online_name,
        "email": player.email,
        "share_email": player.share_email,
    }


@event_view(COORDINATOR)
@require_POST
def player_remove(request, event, actor, player_id: int):
    player = get_object_or_404(Player, event=event, pk=player_id)
    press(
        request,
        lambda: services.remove_player(player, actor=actor),
        lambda _value: _("%(name)s is removed.") % {"name": player.name},
    )
    return redirect("events:desk", slug=event.slug)


@event_view(COORDINATOR)
@require_POST
def player_drop(request, event, actor, player_id: int):
    player = get_object_or_404(Player, event=event, pk=player_id)
    press(
        request,
        lambda: services.drop_player(player, actor=actor, ejected=request.POST.get("ejected") == "1"),
        lambda told: told,
    )
    return redirect("events:desk", slug=event.slug)


def _rounds_form(request, event, actor, form_class, service, form_name: str, success):
    """Start or change the rounds; a refusal is shown next to the field on the desk.

    ``success(cleaned_data)`` says what was done: the message holds names typed by people,
    so it is never a format string.
    """
    form = form_class(request.POST)
    done = submit(form, lambda data: service(event, actor=actor, **data))
    if done.made:
        messages.success(request, success(form.cleaned_data))
        return redirect("events:desk", slug=event.slug)
    event.refresh_from_db()
    return render(
        request,
        "events/desk.html",
        _desk_page(request, event, **{form_name: form, "start_warnings": done.warnings}),
        status=done.status,
    )


@event_view(COORDINATOR)
@require_POST
def start(request, event, actor):
    return _rounds_form(
        request,
        event,
        actor,
        StartForm,
        services.start_event,
        "start_form",
        lambda data: (
            (
                _(
                    "The event has started: %(event)s. The bracket is seeded: see it on the "
                    "standings page. Pair round 1 when everyone is seated."
                )
                if event.structure == "elimination"
                else _(
                    "The event has started: %(event)s. The pools are dealt: see them on the standings page. "
                    "Pair round 1 when everyone is seated."
                )
                if event.structure == "pools"
                else _("The event has started: %(event)s. Pair round 1 when everyone is seated.")
            )
            % {"event": event.name}
        ),
    )


@event_view(COORDINATOR)
@require_POST
def rounds_change(request, event, actor):
    return _rounds_form(
        request,
        event,
        actor,
        RoundsForm,
        services.change_rounds,
        "rounds_form",
        lambda data: (
            ngettext("The event now has %(count)s round.", "The event now has %(count)s rounds.", data["rounds"])
            % {"count": data["rounds"]}
        ),
    )


@event_view(COORDINATOR)
@require_POST
def pair(request, event, actor):
    paired = press(
        request,
        lambda: services.pair_round(event, actor=actor),
        lambda rnd: _("%(round)s is paired (seed %(seed)s).") % {"round": rnd.label, "seed": rnd.seed},
    )
    if not paired.made:
        return redirect("events:desk", slug=event.slug)
    return redirect("events:round", slug=event.slug, number=paired.value.number)


BREAK_CLOCK_SERVICES = {"start": services.start_break_clock, "pause": services.pause_break_clock}


@event_view(COORDINATOR)
@require_POST
def break_clock(request, event, actor):
    """The sealed event's clock for building decks before round 1 and exchanging cards between rounds."""
    form = BreakClockForm(request.POST)

    def change(data):
        if data["action"] == "adjust":
            return services.adjust_break_clock(event, actor=actor, minutes=data["minutes"])
        return BREAK_CLOCK_SERVICES[data["action"]](event, actor=actor)

    done = submit(form, change)
    if done.made:
        messages.success(request, BreakClockForm.ACTIONS[form.cleaned_data["action"]])
        return redirect("events:desk", slug=event.slug)
    return render(request, "events/desk.html", _desk_page(request, event, break_form=form), status=done.status)
