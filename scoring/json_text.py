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

from .errors import RuleError
from .limits import MAX_JSON_DEPTH, MAX_NUMBER_DIGITS

# A decimal number of more digits than this is not a measurement anybody made.
MAX_DECIMAL_CHARACTERS = 40


def _whole_number(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise RuleError(f"a number of {len(digits.lstrip('-'))} digits; at most {MAX_NUMBER_DIGITS} are read")
    return int(digits)


def _decimal(digits: str) -> float:
    if len(digits) > MAX_DECIMAL_CHARACTERS:
        raise RuleError(f"a number of {len(digits)} characters; at most {MAX_DECIMAL_CHARACTERS} are read")
    value = float(digits)
    if not math.isfinite(value):
        raise RuleError(f"a number too large to read ({digits})")
    return value


def _not_a_number(name: str) -> None:
    raise RuleError(f"{name}, which JSON does not have")


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _broken(text: str) -> bool:
    return _LONE_SURROGATE.search(text) is not None


def _depth(data: object) -> int:
    """How deep lists and objects nest in ``data``; a RuleError on a text or key holding a lone surrogate."""
    deepest, waiting = 0, [(data, 1)]
    while waiting:
        value, depth = waiting.pop()
        if isinstance(value, str) and _broken(value):
            raise RuleError("a text holding a broken character (a lone surrogate escape)")
        if isinstance(value, dict):
            if any(_broken(key) for key in value):
                raise RuleError("a field name holding a broken character (a lone surrogate escape)")
            value = list(value.values())
        if isinstance(value, list):
            deepest = max(deepest, depth)
            if depth <= MAX_JSON_DEPTH:
                waiting.extend((item, depth + 1) for item in value)
    return deepest


def read_json(text: str, source: str = "the document") -> object:
    """``text`` as JSON data; a RuleError naming ``source`` when it is not JSON or is out of bounds.

    Bounds (scoring.limits): at most MAX_JSON_DEPTH levels of lists and objects, whole
    numbers of at most MAX_NUMBER_DIGITS digits, finite numbers only (no NaN or
    Infinity), no lone surrogates in texts or field names.
    """
    try:
        data = json.loads(text, parse_int=_whole_number, parse_float=_decimal, parse_constant=_not_a_number)
    except RecursionError:
        raise RuleError(f"{source} nests lists or objects deeper than {MAX_JSON_DEPTH} levels") from None
    except RuleError as error:
        raise RuleError(f"{source} has {error.message}") from None
    except json.JSONDecodeError as error:
        raise RuleError(f"{source} is not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}") from None
    try:
        depth = _depth(data)
    except RuleError as error:
        raise RuleError(f"{source} has {error.message}") from None
    if depth > MAX_JSON_DEPTH:
        raise RuleError(f"{source} nests lists or objects deeper than {MAX_JSON_DEPTH} levels")
    return data
