"""JSON documents read within bounds: an archive or a score sheet from a file or an upload.

Python's reader gives up on deep nesting with a RecursionError and on numbers of more
than 4,300 digits with a ValueError; it reads NaN and Infinity, which JSON does not have,
numbers too large for a float as infinity, and escapes of lone surrogates (``"\\ud800"``),
which no page or database can hold. Here each of those is a RuleError with one line to
show, like every other refusal.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable

from .errors import RuleError
from .limits import MAX_JSON_DEPTH, MAX_NUMBER_DIGITS
from .messages import Text, _

# A decimal number of more digits than this is not a measurement anybody made.
MAX_DECIMAL_CHARACTERS = 40

# What Python's reader says of a document that is not JSON, said again translatably; a
# message not listed here (they differ between Python versions) is shown as Python wrote it.
_READER_MESSAGES = {
    # Translators: why a document is not valid JSON, as Python's JSON reader says it.
    "Expecting value": _("Expecting value"),
    # Translators: why a document is not valid JSON, as Python's JSON reader says it.
    "Extra data": _("Extra data"),
    # Translators: why a document is not valid JSON, as Python's JSON reader says it.
    "Expecting ',' delimiter": _("Expecting ',' delimiter"),
    # Translators: why a document is not valid JSON, as Python's JSON reader says it.
    "Expecting ':' delimiter": _("Expecting ':' delimiter"),
    # Translators: why a document is not valid JSON, as Python's JSON reader says it.
    "Expecting property name enclosed in double quotes": _("Expecting property name enclosed in double quotes"),
    # Translators: why a document is not valid JSON, as Python's JSON reader says it; "at line 1, column 5" follows.
    "Unterminated string starting at": _("Unterminated string starting"),
}


class _OutOfBounds(Exception):
    """What the reader found out of bounds: the sentence, made whole with the document's name by ``read_json``."""

    def __init__(self, sentence: Callable[[str], Text]) -> None:
        super().__init__()
        self.sentence = sentence  # the document's name -> Text


def _whole_number(digits: str) -> int:
    count = len(digits.lstrip("-"))
    if count > MAX_NUMBER_DIGITS:
        # Translators: %(source)s is the document read, such as a file's name.
        raise _OutOfBounds(
            lambda source: _(
                "%(source)s has a number of %(digits)s digits; at most %(limit)s are read",
                source=source,
                digits=count,
                limit=MAX_NUMBER_DIGITS,
            )
        )
    return int(digits)


def _decimal(digits: str) -> float:
    if len(digits) > MAX_DECIMAL_CHARACTERS:
        # Translators: %(source)s is the document read, such as a file's name.
        raise _OutOfBounds(
            lambda source: _(
                "%(source)s has a number of %(characters)s characters; at most %(limit)s are read",
                source=source,
                characters=len(digits),
                limit=MAX_DECIMAL_CHARACTERS,
            )
        )
    value = float(digits)
    if not math.isfinite(value):
        # Translators: %(source)s is the document read, such as a file's name; %(number)s is the number as written.
        raise _OutOfBounds(
            lambda source: _("%(source)s has a number too large to read (%(number)s)", source=source, number=digits)
        )
    return value


def _not_a_number(name: str) -> None:
    # Translators: %(source)s is the document read, such as a file's name; %(name)s is NaN, Infinity or -Infinity.
    raise _OutOfBounds(lambda source: _("%(source)s has %(name)s, which JSON does not have", source=source, name=name))


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _broken(text: str) -> bool:
    return _LONE_SURROGATE.search(text) is not None


def _depth(data: object) -> int:
    """How deep lists and objects nest in ``data``; _OutOfBounds on a text or key holding a lone surrogate."""
    deepest, waiting = 0, [(data, 1)]
    while waiting:
        value, depth = waiting.pop()
        if isinstance(value, str) and _broken(value):
            # Translators: %(source)s is the document read, such as a file's name.
            raise _OutOfBounds(
                lambda source: _(
                    "%(source)s has a text holding a broken character (a lone surrogate escape)", source=source
                )
            )
        if isinstance(value, dict):
            if any(_broken(key) for key in value):
                # Translators: %(source)s is the document read, such as a file's name.
                raise _OutOfBounds(
                    lambda source: _(
                        "%(source)s has a field name holding a broken character (a lone surrogate escape)",
                        source=source,
                    )
                )
            value = list(value.values())
        if isinstance(value, list):
            deepest = max(deepest, depth)
            if depth <= MAX_JSON_DEPTH:
                waiting.extend((item, depth + 1) for item in value)
    return deepest


def _too_deep(source: str) -> Text:
    # Translators: %(source)s is the document read, such as a file's name.
    return _("%(source)s nests lists or objects deeper than %(limit)s levels", source=source, limit=MAX_JSON_DEPTH)


# Translators: the name of a document read when its caller gives none, as in "the document is not valid JSON".
THE_DOCUMENT = _("the document")


def read_json(text: str, source: str = THE_DOCUMENT) -> object:
    """``text`` as JSON data; a RuleError naming ``source`` when it is not JSON or is out of bounds.

    Bounds (scoring.limits): at most MAX_JSON_DEPTH levels of lists and objects, whole
    numbers of at most MAX_NUMBER_DIGITS digits, finite numbers only (no NaN or
    Infinity), no lone surrogates in texts or field names. ``source`` is the subject of
    the refusal's sentence: a file's name, or a Text the app translates. A byte order
    mark before the document is ignored, as RFC 8259 (8.1) allows: Notepad writes one.
    """
    text = text.removeprefix("\ufeff")  # Python's reader refuses it ("Unexpected UTF-8 BOM")
    try:
        data = json.loads(text, parse_int=_whole_number, parse_float=_decimal, parse_constant=_not_a_number)
    except RecursionError:
        raise RuleError(_too_deep(source)) from None
    except _OutOfBounds as refused:
        raise RuleError(refused.sentence(source)) from None
    except json.JSONDecodeError as error:
        # Translators: %(source)s is the document read, such as a file's name; %(reason)s is what the JSON reader
        # found wrong, such as "Expecting value".
        raise RuleError(
            _(
                "%(source)s is not valid JSON: %(reason)s at line %(line)s, column %(column)s",
                source=source,
                reason=_READER_MESSAGES.get(error.msg, error.msg),
                line=error.lineno,
                column=error.colno,
            )
        ) from None
    try:
        depth = _depth(data)
    except _OutOfBounds as refused:
        raise RuleError(refused.sentence(source)) from None
    if depth > MAX_JSON_DEPTH:
        raise RuleError(_too_deep(source))
    return data
