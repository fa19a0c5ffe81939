"""Checks of one field of a JSON document, shared by the archive and its stages.

Each returns the value it checked or raises RuleError naming the field. ``what`` is
the field's own name in the document (``name``, ``game_type``), said as it is written.
"""

from __future__ import annotations

from typing import Any, TypeVar

from ..errors import RuleError
from ..messages import _
from ..text import name_problem, text_problem

T = TypeVar("T")


def text_field(value: object, field: str, what: str, limit: int, *, may_be_empty: bool = False) -> str:
    """A text of at most ``limit`` characters that reads as a name (or any text, when it may be empty)."""
    if not isinstance(value, str) or not (value.strip() or may_be_empty):
        if may_be_empty:
            # Translators: %(what)s is a field's name in the archive, such as place, kept as written.
            raise RuleError(_("%(what)s must be a text", what=what), field=field)
        # Translators: %(what)s is a field's name in the archive, such as name, kept as written.
        raise RuleError(_("%(what)s must be a non-empty text", what=what), field=field)
    if len(value) > limit:
        # Translators: %(what)s is a field's name in the archive, such as name, kept as written.
        raise RuleError(_("%(what)s is longer than %(limit)s characters", what=what, limit=limit), field=field)
    problem = text_problem(value) if may_be_empty else name_problem(value)
    if problem:
        # Translators: %(what)s is a field's name in the archive, such as name, kept as written; %(problem)s says
        # what is wrong with its text, such as "holds a control character (U+000A)".
        raise RuleError(_("%(what)s %(problem)s", what=what, problem=problem), field=field)
    return value


def choice_field(value: object, choices: tuple[T, ...], field: str, what: str) -> T:
    """One of ``choices``, compared as JSON values."""
    if value not in choices:
        raise RuleError(
            # Translators: %(what)s is a field's name in the archive, %(choices)s the values it allows and %(value)s
            # the value given, all kept as written.
            _(
                "%(what)s must be one of %(choices)s, not %(value)s",
                what=what,
                choices=tuple(map(str, choices)),
                value=repr(value),
            ),
            field=field,
        )
    return value


def whole_field(value: object, field: str, what: str, *, minimum: int, maximum: int) -> int:
    """A whole number (not a boolean, not 1.0) from ``minimum`` to ``maximum``."""
    if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
        raise RuleError(
            # Translators: %(what)s is a field's name in the archive and %(value)s the value given, kept as written.
            _(
                "%(what)s must be a whole number from %(minimum)s to %(maximum)s, not %(value)s",
                what=what,
                minimum=minimum,
                maximum=maximum,
                value=repr(value),
            ),
            field=field,
        )
    return value


def only_fields(data: dict[str, Any], allowed: set[str], field: str) -> None:
    """Refuse the first field of ``data`` that is not ``allowed``, naming the ones that are."""
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise RuleError(
            # Translators: %(name)s is the field given and %(allowed)s the fields allowed, kept as written.
            _("unknown field %(name)s; allowed: %(allowed)s", name=repr(unknown[0]), allowed=tuple(sorted(allowed))),
            field=f"{field}.{unknown[0]}" if field else unknown[0],
        )
