"""The house policies an account keeps: their list, a new one, and one changed.

A house policy belongs to the account that made it, not to an event: these are the
account's own pages, like a new event's (``home.event_new``). Another account's policy is
not found here (404), as another's event is not.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from .. import services
from ..forms import HousePolicyForm
from ..forms.policies import initial_in_fields
from ..pages.access import personal_page
from ..queries.policies import kept_policies, kept_policy_page, shared_policies, starting_point, starting_points
from .confirm import Submission, status_of, submit


@personal_page
@login_required
@require_GET
def policies(request):
    return render(
        request,
        "events/policies.html",
        {
            "policies": kept_policies(request.user),
            "shared": shared_policies(request.user),
            "starting_points": starting_points(),
        },
    )


def _save(request, form: HousePolicyForm, *, editing: bool) -> Submission:
    done = submit(
        form,
        lambda data: services.save_house_policy(
            owner=request.user, document=form.document(), editing=editing, shared=data["shared"]
        ),
    )
    if done.made:
        messages.success(
            request,
            _("%(policy)s is saved. Its house rules are listed beside it; choose it as a new event's policy.")
            % {"policy": done.value.title},
        )
    return done


@personal_page
@login_required
@require_http_methods(["GET", "POST"])
def policy_new(request):
    # ?start= fills the form from one of the starting points, which the coordinator then changes.
    start = starting_point(request.GET.get("start"))
    form = HousePolicyForm(request.POST or None, initial=initial_in_fields(start) if start else None)
    done = _save(request, form, editing=False) if request.method == "POST" else None
    if done is not None and done.made:
        return redirect("events:policy_edit", key=done.value.key)
    return render(request, "events/policy_form.html", {"form": form, "kept": None}, status=status_of(done))


@personal_page
@login_required
@require_http_methods(["GET", "POST"])
def policy_edit(request, key: str):
    page = kept_policy_page(request.user, key)
    if page is None:
        raise Http404("No such house policy")
    form = HousePolicyForm(request.POST or None, document=page.document, initial={"shared": page.shared})
    done = _save(request, form, editing=True) if request.method == "POST" else None
    if done is not None and done.made:
        return redirect("events:policy_edit", key=key)
    return render(request, "events/policy_form.html", {"form": form, "kept": page}, status=status_of(done))
