"""Publishing an event from a venue to a hosted site: the coordinator's page on each side, and the push address.

The venue's coordinator enters the hosted address and key (``publishing``); the hosted
site's coordinator issues and revokes keys; the venue's server job posts each push to
``receive`` (docs/operations.md, "Publishing").
"""

from __future__ import annotations

import zlib
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import RequestDataTooBig
from django.http import JsonResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

import scoring

from .. import services
from ..forms import PublishingForm
from ..models import PublishingTarget
from ..pages.access import event_view
from ..pages.regions import render_region
from ..queries.publishing import hosted_copy, key_is_active, publishing_status
from ..roles import COORDINATOR
from ..services import rule_error_line
from .confirm import press, status_of, submit

STATUS_REGION = "publishing-status"
# Where the key just issued waits in the coordinator's session for the one page that shows it.
_ISSUED_KEY = "publishing_key_issued"


def _page(request, event, form: PublishingForm, **extra: Any) -> dict[str, Any]:
    copy = hosted_copy(event)
    return {
        "event": event,
        "form": form,
        "status": publishing_status(event, timezone.now()),
        "copy": copy,
        # A key is issued for a copy (a new key for a new laptop), or for an event run nowhere yet: not one
        # with rounds here, one published from here, or one sharing a gathering's registration (the service's
        # refusals, not offered).
        "can_receive": copy.is_copy
        or not (event.rounds.exists() or event.gathering_id or PublishingTarget.objects.filter(event=event).exists()),
        "may_publish": settings.COUNCIL_PUBLISHING_OUT,
        "hosted_address": request.build_absolute_uri("/").rstrip("/"),
        **extra,
    }


@event_view(COORDINATOR)
@require_http_methods(["GET", "POST"])
def publishing(request, event, actor):
    """How publishing stands, and the form of the hosted address and key; polled for its status alone."""
    done = None
    if request.method == "POST":
        form = PublishingForm(request.POST)
        done = submit(
            form,
            lambda data: services.start_publishing(event, address=data["address"], key=data["key"], actor=actor),
        )
        if done.made:
            messages.success(request, _("Publishing starts: the event goes to the hosted site within seconds."))
            return redirect("events:publishing", slug=event.slug)
    else:
        target = PublishingTarget.objects.filter(event=event).first()
        form = PublishingForm(initial={"address": target.address} if target else None)
    issued = None
    if not request.htmx:
        issued = request.session.pop(_ISSUED_KEY, None)
    context = _page(request, event, form, issued_key=issued["key"] if issued and issued["event"] == event.pk else "")
    return render_region(request, "events/publishing.html", STATUS_REGION, context, status=status_of(done))


@event_view(COORDINATOR)
@require_POST
def publishing_stop(request, event, actor):
    press(
        request,
        lambda: services.stop_publishing(event, actor=actor),
        lambda _value: _("Publishing stopped. The hosted copy stays as it was last published."),
    )
    return redirect("events:publishing", slug=event.slug)


@event_view(COORDINATOR)
@require_POST
def publishing_key_issue(request, event, actor):
    """A new key, shown on the page this once: only its digest is kept."""
    pressed = press(request, lambda: services.issue_publishing_key(event, actor=actor))
    if pressed.made:
        # Shown by the next page alone, then forgotten: a reload of it, or Back, issues no other key.
        _row, key = pressed.value
        request.session[_ISSUED_KEY] = {"event": event.pk, "key": key}
    return redirect("events:publishing", slug=event.slug)


@event_view(COORDINATOR)
@require_POST
def publishing_key_revoke(request, event, actor, key_id: int):
    press(
        request,
        lambda: services.revoke_publishing_key(event, key_id, actor=actor),
        lambda row: _("Key …%(hint)s revoked: pushes under it are refused.") % {"hint": row.hint},
    )
    return redirect("events:publishing", slug=event.slug)


@event_view(COORDINATOR)
@require_POST
def publishing_run_here(request, event, actor):
    press(
        request,
        lambda: services.run_copy_here(event, actor=actor),
        lambda _value: _("The event is run here from now on; the venue can no longer publish it."),
    )
    return redirect(reverse("events:desk", args=[event.slug]))


def _refusal(message: str, status: int) -> JsonResponse:
    return JsonResponse({"error": message}, status=status, json_dumps_params={"ensure_ascii": False})


def _body(request) -> bytes | None:
    """The push's body, unzipped when gzipped; None when it is larger than an archive may be."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    try:
        body: bytes = request.body
    except RequestDataTooBig:
        return None
    if request.headers.get("Content-Encoding", "").lower() == "gzip":
        unzip = zlib.decompressobj(wbits=31)
        body = unzip.decompress(body, limit + 1)
        if len(body) > limit or unzip.unconsumed_tail:
            return None
    return body


@csrf_exempt  # a server's push with its key, not a browser's form: no cookie, so no CSRF to fear
@require_POST
def receive(request):
    """A venue's push to the hosted copy of its event (``services.receive_publication``), answered in JSON."""
    scheme, _space, key = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not key.strip():
        return _refusal(_("A push needs its publishing key."), 401)
    # Before its body is read: a stranger's push costs one lookup, not an unzip and a parse.
    if not key_is_active(key.strip()):
        return _refusal(_("This publishing key is not known here, or was revoked."), 401)
    try:
        body = _body(request)
    except zlib.error:
        return _refusal(_("The push's body is not gzip."), 400)
    if body is None:
        return _refusal(_("The push is larger than an archive may be."), 413)
    try:
        # The engine's reader, as an import's: bounded depth and numbers, exact decimals.
        document = scoring.read_json(body.decode("utf-8"))
    except UnicodeDecodeError:
        return _refusal(_("The push is not JSON."), 400)
    except scoring.RuleError as error:
        return _refusal(rule_error_line(error), 400)
    try:
        received = services.receive_publication(key.strip(), document)
    except services.PushRefused as refused:
        return _refusal(refused.message, refused.status)
    return JsonResponse(
        {
            "status": "published" if received.applied else "held already",
            "sequence": received.sequence,
            "event": request.build_absolute_uri(reverse("events:public", args=[received.event.slug])),
        }
    )
