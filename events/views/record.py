"""The event's record: the export, the audit log, the snapshots."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from .. import services
from ..archive import event_archive
from ..forms import AuditFilterForm
from ..pages.access import event_view
from ..queries.record import audit_choices, audit_entries, snapshot_list, snapshot_of
from ..roles import COORDINATOR
from .confirm import press

AUDIT_PAGE_SIZE = 50


def _archive_download(data: dict[str, Any], filename: str) -> JsonResponse:
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False, "indent": 1})
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@event_view(COORDINATOR)
@require_GET
def export(request, event, actor):
    return _archive_download(event_archive(event), f"{event.slug}.council.json")


@event_view(COORDINATOR)
@require_GET
def audit(request, event, actor):
    """The event's record, newest first, narrowed by kind of change, round, table or person."""
    actions, actors = audit_choices(event)
    filters = AuditFilterForm(request.GET, actions=actions, actors=actors)
    if filters.is_valid():
        data = filters.cleaned_data
        entries = audit_entries(
            event, action=data["action"], round_number=data["round"], table=data["table"], actor=data["actor"]
        )
    else:
        entries = audit_entries(event)
    page = Paginator(entries, AUDIT_PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "events/audit.html",
        {"event": event, "filters": filters, "page": page, "query": query.urlencode()},
        status=200 if filters.is_valid() else 422,
    )


@event_view(COORDINATOR)
@require_http_methods(["GET", "POST"])
def snapshots(request, event, actor):
    if request.method == "POST":
        taken = services.take_snapshot(event, actor=actor)
        messages.success(request, _("Snapshot taken: %(reason)s.") % {"reason": taken.reason})
        return redirect("events:snapshots", slug=event.slug)
    return render(request, "events/snapshots.html", {"event": event, "snapshots": snapshot_list(event)})


def _snapshot(event, snapshot_id: int):
    found = snapshot_of(event, snapshot_id)
    if found is None:
        raise Http404("No such snapshot")
    return found


@event_view(COORDINATOR)
@require_GET
def snapshot_download(request, event, actor, snapshot_id: int):
    kept = _snapshot(event, snapshot_id)
    return _archive_download(kept.data, f"{event.slug}-{kept.taken_at.strftime('%Y%m%d-%H%M%S')}.council.json")


@event_view(COORDINATOR)
@require_POST
def snapshot_restore(request, event, actor, snapshot_id: int):
    kept = _snapshot(event, snapshot_id)
    if not press(
        request,
        lambda: services.restore_snapshot(kept, actor=actor),
        lambda _value: (
            _("Restored “%(reason)s”. The state before it is kept as a snapshot too.") % {"reason": kept.reason}
        ),
        refused=_("Not restored: %(reason)s"),
    ).made:
        return redirect("events:snapshots", slug=event.slug)
    return redirect("events:desk", slug=event.slug)
