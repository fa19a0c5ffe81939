"""A member's private link: a registrar makes it, and the player follows it to link their own registrations.

The link's key is the member's ``link_token``; whoever holds it may link registrations whose
names read as the member's to the member's number (docs/rules.md, reading 111;
docs/security.md, "Players across events").
"""

from __future__ import annotations

import re

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from .. import services
from ..models import Member, Player
from ..pages.access import personal_page
from ..pages.regions import uncached
from ..queries.members import member_link_page
from ..roles import OWNER, Actor
from .confirm import press

CHANGE = "events.change_member"


@personal_page
@login_required
@require_POST
def member_link_make(request, player_number: int):
    """A registrar makes a new private link for this member; the one before it stops working."""
    if not request.user.has_perm(CHANGE):
        raise Http404("No such player")
    found = get_object_or_404(Member, number=player_number, forgotten=False)
    press(
        request,
        lambda: services.make_member_link(found, actor=Actor.account(request.user, OWNER)),
        lambda _value: _("A new private link is ready: give it to the player. The one before it no longer works."),
    )
    return redirect("events:member", player_number=player_number)


@require_http_methods(["GET", "POST"])
def member_link(request, link_token: str):
    """The member's own page by their private link: their events here, and registrations they may say are theirs."""
    page = member_link_page(link_token)
    if page is None:
        raise Http404("No such link")
    if request.method == "POST":
        # A row's id as a page writes it; anything else (other digits, a huge number) is no registration.
        player_id = request.POST.get("player", "")
        player = Player.objects.filter(pk=int(player_id)).first() if re.fullmatch(r"[0-9]{1,9}", player_id) else None
        if player is None:
            messages.error(request, _("Choose one of the registrations listed."))
        else:
            press(
                request,
                lambda: services.claim_registration(link_token, player),
                lambda _value: _("%(event)s: linked to your player number.") % {"event": player.event.name},
            )
        return redirect("events:member_link", link_token=link_token)
    # The address is the key to the page: nothing cached.
    return uncached(render(request, "events/member_link.html", {"page": page}))
