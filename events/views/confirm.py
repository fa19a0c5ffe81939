"""The one path from a view to a service and back: ``submit`` for a form, ``press`` for a button.

Every change a view makes goes through one of the two; no view catches a service's
refusal by hand. A service raises NeedsConfirmation when a change is allowed but unusual
(a rematch, 150 marshalling points, closing early): the form comes back with the
warnings, bound again to what was posted with ``confirm`` set, so that its "Save anyway"
button makes the change the second time. A Conflict (the event changed after the form
was opened) comes back the same way, the form showing what is there now. Any other
refusal is shown next to the field it names. A button without a form (remove, drop,
pair, undo) has no field: its refusal is the page's message (``press``).

The status of the page sent back is the same everywhere (``Submission.status``): 200
when shown or made, 422 for bad input (the form's own checks or the rules refuse it),
409 for a conflict with the event as it is now (a confirmation asked, a result saved
meanwhile).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from django import forms
from django.contrib import messages

from ..forms import add_service_error
from ..services import Conflict, NeedsConfirmation, ServiceError


@dataclass
class Submission:
    """What came of a form's submission: the form to show again, and the change's outcome."""

    form: forms.Form
    made: bool = False
    value: Any = None
    warnings: list[str] | None = None
    error: ServiceError | None = None

    @property
    def status(self) -> int:
        """200 when the change was made, 409 when it conflicts with the event as it is now, 422 when refused."""
        if self.made:
            return 200
        return 409 if self.warnings or isinstance(self.error, Conflict) else 422


def status_of(done: Submission | None) -> int:
    """The status of a page showing a form: ``done``'s when it was submitted, else 200."""
    return 200 if done is None else done.status


def submit(form: forms.Form, change: Callable[[dict[str, Any]], Any]) -> Submission:
    """Make ``change(cleaned_data)`` for a valid ``form``, the one way every such form does."""
    if not form.is_valid():
        return Submission(form)
    try:
        value = change(form.cleaned_data)
    except NeedsConfirmation as pending:
        bind_again(form, confirm="True")
        return Submission(form, warnings=pending.warnings)
    except ServiceError as error:
        add_service_error(form, error)
        return Submission(form, error=error)
    return Submission(form, made=True, value=value)


def bind_again(form: forms.Form, **changed: object) -> None:
    """Bind ``form`` again to what was posted with ``changed`` values, keeping the errors shown at its top."""
    kept = form.non_field_errors()
    data = cast("dict[str, Any]", form.data).copy()  # request.POST: a QueryDict, a dict whose copy may change
    for name, value in changed.items():
        data[name] = str(value)
    form.data = data
    form.full_clean()
    for error in kept:
        form.add_error(None, error)


@dataclass
class Pressed:
    """What came of pressing a button: whether the change was made, and what the service returned."""

    made: bool
    value: Any = None


def press(
    request, change: Callable[[], Any], success: Callable[[Any], str] | None = None, *, refused: str = "%(reason)s"
) -> Pressed:
    """Make ``change()`` for a button; its refusal, or ``success(value)``, is the next page's message.

    ``refused`` frames the service's message, translated ("Not restored: %(reason)s"); the
    message is put in as a value, so a percent sign in a name is never read as a placeholder.
    """
    try:
        value = change()
    except ServiceError as error:
        messages.error(request, refused % {"reason": error})
        return Pressed(made=False)
    if success is not None:
        messages.success(request, success(value))
    return Pressed(made=True, value=value)
