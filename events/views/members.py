"""Players known across events: the server's list, a member's page, the rankings, and a registration's link.

The server's registrars (accounts given the ``events`` app's member permissions by
``manage.py registrar``, and superusers) see every member, give numbers, change, merge and
forget them; anyone sees the pages of members who agreed to a public one; an event's
coordinators link its registrations to a number (docs/security.md, "Players across events").
"""

from __future__ import annotations

import csv
import json
from dataclasses import asdict
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from .. import services
from ..forms import MemberForm, MergeForm, PlayerNumberForm
from ..models import Member, Player
from ..pages.access import event_view, personal_page, sign_in_first
from ..queries.members import member_page, members_found
from ..queries.rankings import MemberStanding, Rankings, rankings
from ..roles import COORDINATOR, OWNER, Actor
from .confirm import press, status_of, submit
from .desk import player_page

VIEW, ADD, CHANGE = "events.view_member", "events.add_member", "events.change_member"


def _actor(request) -> Actor:
    return Actor.account(request.user, OWNER)


def _allowed(request, permission: str) -> None:
    if not request.user.has_perm(permission):
        raise PermissionDenied("This needs one of the server's registrars")


@personal_page
@login_required
@require_http_methods(["GET", "POST"])
def members(request):
    """The players known across this server's events, found by number or name; a new one enrolled."""
    _allowed(request, VIEW if request.method == "GET" else ADD)
    form = MemberForm(request.POST or None)
    done = None
    if request.method == "POST":
        done = submit(form, lambda data: services.enrol_member(**data, actor=_actor(request)))
        if done.made:
            messages.success(
                request,
                _("%(name)s is player number %(number)s.") % {"name": done.value.name, "number": done.value.number},
            )
            return redirect("events:member", player_number=done.value.number)
    query = request.GET.get("q", "")[:100]
    return render(
        request,
        "events/members.html",
        {"found": members_found(query), "query": query, "form": form},
        status=status_of(done),
    )


def _member(number: int) -> Member:
    return get_object_or_404(Member.objects.select_related("merged_into"), number=number, forgotten=False)


def _page(request, member: Member, *, status: int = 200, **forms: Any):
    shown = {
        "form": MemberForm(initial={"name": member.name, "country": member.country, "public": member.public}),
        "merge_form": MergeForm(),
    } | forms
    page = member_page(member)
    found = rankings(timezone.localdate())
    registrar = request.user.has_perm(VIEW)
    return render(
        request,
        "events/member.html",
        {
            **{name: getattr(page, name) for name in ("member", "history")},
            # What the person did not agree to show: the numbers merged into theirs, and the log.
            "merged": page.merged if registrar else [],
            "log": page.log if registrar else [],
            "registrar": registrar,
            "may_change": request.user.has_perm(CHANGE),
            "member_link": request.build_absolute_uri(reverse("events:member_link", args=[member.link_token]))
            if member.link_token and request.user.has_perm(CHANGE)
            else "",
            "standing": found.of(member.number),
            "ladder_rules": found.ladder_rules,
            "rating_rules": found.rating_rules,
            **shown,
        },
        status=status,
    )


@personal_page
@require_http_methods(["GET"])
def member(request, player_number: int):
    """A member's page: anyone's when the person agreed to a public one, else the registrars' only.

    A number merged into another is that person: its address leads to theirs.
    """
    found = Member.objects.filter(number=player_number, forgotten=False).first()
    if found is None:
        raise Http404("No such player")
    kept = found.kept()
    if kept.pk != found.pk:
        return redirect("events:member", player_number=kept.number)
    if not kept.public and not request.user.has_perm(VIEW):
        # A page without consent is not confirmed to exist to those who may not see it.
        if not request.user.is_authenticated:
            return sign_in_first(request)
        raise Http404("No such player")
    return _page(request, kept)


@personal_page
@login_required
@require_POST
def member_edit(request, player_number: int):
    """A registrar changes a member's name, country or consent to a public page."""
    _allowed(request, CHANGE)
    found = _member(player_number)
    form = MemberForm(request.POST)
    done = submit(form, lambda data: services.change_member(found, **data, actor=_actor(request)))
    if done.made:
        messages.success(request, _("%(name)s saved.") % {"name": done.value.name})
        return redirect("events:member", player_number=player_number)
    return _page(request, found, status=status_of(done), form=form)


@personal_page
@login_required
@require_POST
def member_merge(request, player_number: int):
    """A registrar merges this member into the member of the number typed: one person."""
    _allowed(request, CHANGE)
    found = _member(player_number)
    form = MergeForm(request.POST)
    done = submit(form, lambda data: services.merge_members(found, number=data["number"], actor=_actor(request)))
    if done.made:
        messages.success(
            request,
            _("Player number %(duplicate)s is merged into %(kept)s.")
            % {"duplicate": player_number, "kept": done.value.number},
        )
        return redirect("events:member", player_number=done.value.number)
    return _page(request, found, status=status_of(done), merge_form=form)


@personal_page
@login_required
@require_POST
def member_unmerge(request, player_number: int):
    """A registrar undoes the merge of this member: a player of their own again."""
    _allowed(request, CHANGE)
    found = _member(player_number)
    press(
        request,
        lambda: services.undo_merge(found, actor=_actor(request)),
        lambda _value: _("Player number %(number)s is a player of their own again.") % {"number": player_number},
    )
    return redirect("events:member", player_number=player_number)


@personal_page
@login_required
@require_POST
def member_forget(request, player_number: int):
    """A registrar forgets this person at their request (every number merged into theirs too)."""
    _allowed(request, CHANGE)
    found = _member(player_number)
    press(
        request,
        lambda: services.forget_member(found, actor=_actor(request)),
        lambda _value: _("Player number %(number)s is forgotten.") % {"number": player_number},
    )
    return redirect("events:members")


@event_view(COORDINATOR)
@require_POST
def player_member(request, event, actor, player_id: int):
    """Link a registration to a player number (typed, or a name match confirmed), or take the link away."""
    player = get_object_or_404(Player, event=event, pk=player_id)
    if request.POST.get("action") == "unlink":
        press(
            request,
            lambda: services.unlink_registration(player, actor=actor),
            lambda _value: _("%(name)s is no longer linked to a player number.") % {"name": player.name},
        )
        return redirect("events:player_edit", slug=event.slug, player_id=player.pk)
    form = PlayerNumberForm(request.POST)
    done = submit(form, lambda data: services.link_registration(player, number=data["number"], actor=actor))
    if not done.made:
        return player_page(request, event, player, number_form=form, status=status_of(done))
    messages.success(
        request,
        _("%(name)s is player number %(number)s.") % {"name": player.name, "number": form.cleaned_data["number"]},
    )
    return redirect("events:player_edit", slug=event.slug, player_id=player.pk)


def _shown_to(request, standings: list[MemberStanding]) -> list[MemberStanding]:
    # Only the players who agreed to a public page, but to the registrars (docs/security.md).
    return standings if request.user.has_perm(VIEW) else [s for s in standings if s.public]


@personal_page
@require_http_methods(["GET"])
def rankings_page(request):
    """The season's ladder and the ratings, with the numbers they are computed with."""
    found = rankings(timezone.localdate())
    return render(
        request,
        "events/rankings.html",
        {
            "standings": _shown_to(request, found.standings),
            "ladder_rules": found.ladder_rules,
            "rating_rules": found.rating_rules,
            "today": found.today,
        },
    )


def _cell(value: object) -> object:
    """A CSV cell a spreadsheet reads as text: a leading = + - @ would make a name a formula."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


EXPORT_COLUMNS = ["number", "name", "country", "ladder_place", "ladder_points", "rating", "deviation", "provisional"]


def _export_rows(found: Rankings) -> list[dict[str, Any]]:
    return [
        {
            "number": s.number,
            "name": s.name,
            "country": s.country_code,
            "ladder_place": s.ladder_place,
            "ladder_points": s.ladder_total,
            "rating": round(s.rating.rating, 1) if s.rating else None,
            "deviation": round(s.rating.deviation, 1) if s.rating else None,
            "provisional": s.provisional,
        }
        for s in found.standings
    ]


@personal_page
@login_required
@require_http_methods(["GET"])
def rankings_export(request, kind: str):
    """The rankings for a governing body's database: CSV or JSON (docs/operations.md, "Rankings")."""
    _allowed(request, VIEW)
    if kind not in ("csv", "json"):
        raise Http404("No such export")
    found = rankings(timezone.localdate())
    rows = _export_rows(found)
    if kind == "json":
        document = {
            "format": "council-rankings/1",
            "date": found.today.isoformat(),
            "ladder_rules": asdict(found.ladder_rules),
            "rating_rules": asdict(found.rating_rules),
            "players": rows,
        }
        response = HttpResponse(json.dumps(document, ensure_ascii=False, indent=1), content_type="application/json")
    else:
        response = HttpResponse(content_type="text/csv; charset=utf-8")
        writer = csv.DictWriter(response, fieldnames=EXPORT_COLUMNS)
        writer.writeheader()
        writer.writerows({key: _cell(value) for key, value in row.items()} for row in rows)
    response["Content-Disposition"] = f'attachment; filename="rankings-{found.today.isoformat()}.{kind}"'
    return response
