"""A read model as a template's context, and partials rendered to strings."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any

from django.template.loader import render_to_string


def as_context(read: Any, **extra: Any) -> dict[str, Any]:
    """The fields of the dataclass ``read`` as a context, with ``extra`` (a form, a flag) added.

    Shallow on purpose: a field holding models or other dataclasses is passed as it is, where
    ``dataclasses.asdict`` would copy it deeply.
    """
    if not is_dataclass(read) or isinstance(read, type):
        raise TypeError(f"a read model is a dataclass instance, not {type(read).__name__}")
    return {field.name: getattr(read, field.name) for field in fields(read)} | extra


def render_partial(template: str, context: dict[str, Any]) -> str:
    """The inline partial ``template`` (``"events/public.html#pairings"``) rendered without a request.

    For parts every reader shares (kept for every worker), so nothing in them may depend on
    who asks: no CSRF token, no account.
    """
    return render_to_string(template, context)
