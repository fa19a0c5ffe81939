"""Checks of one field of a JSON document, shared by the archive and its stages.

Each returns the value it checked or raises RuleError naming the field.
"""

from __future__ import annotations

from .errors import RuleError
from .text import name_problem, text_problem


def text_field(value: object, field: str, what: str, limit: int, *, may_be_empty: bool = False) -> str:
    """A text of at most ``limit`` characters that reads as a name (or any text, when it may be empty)."""
    if not isinstance(value, str) or not (value.strip() or may_be_empty):
        raise RuleError(f"{what} must be a {'' if may_be_empty else 'non-empty '}text", field=field)
    if len(value) > limit:
        raise RuleError(f"{what} is longer than {limit} characters", field=field)
    problem = text_problem(value) if may_be_empty else name_problem(value)
    if problem:
        raise RuleError(f"{what} {problem}", field=field)
    return value


def choice_field(value: object, choices: tuple, field: str, what: str):
    """One of ``choices``, compared as JSON values."""
    if value not in choices:
        raise RuleError(f"{what} must be one of {', '.join(map(str, choices))}, not {value!r}", field=field)
    return value


def whole_field(value: object, field: str, what: str, *, minimum: int, maximum: int) -> int:
    """A whole number (not a boolean, not 1.0) from ``minimum`` to ``maximum``."""
    if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
        raise RuleError(f"{what} must be a whole number from {minimum} to {maximum}, not {value!r}", field=field)
    return value


def only_fields(data: dict, allowed: set[str], field: str) -> None:
    """Refuse the first field of ``data`` that is not ``allowed``, naming the ones that are."""
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise RuleError(
            f"unknown field {unknown[0]!r}; allowed: {', '.join(sorted(allowed))}",
            field=f"{field}.{unknown[0]}" if field else unknown[0],
        )
