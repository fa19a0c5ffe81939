"""Text that people type or archives bring: what a name may hold, and when two names are one.

Names are shown on phones, printouts and the projector, and kept in PostgreSQL, which
refuses NUL. A name may be written in any script. It may not hold control characters
(NUL, line breaks), broken characters (lone surrogates, which no database can store),
the directional overrides that make text read differently from how it is stored (the
"Trojan Source" trick), or nothing visible at all. When two names are the same name
is the app's question (events/names.py).
"""

from __future__ import annotations

import unicodedata

# Explicit directional embeddings, overrides and isolates (Unicode UAX #9, section 2).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Letters and symbols that draw nothing: Hangul fillers and the blank Braille pattern.
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Format characters (zero-width spaces and joiners, soft hyphens), separators, and
# combining marks, which have nothing to sit on when they are alone.
INVISIBLE_CATEGORIES = frozenset({"Cf", "Cc", "Zs", "Zl", "Zp", "Mn", "Me"})


def _invisible(char: str) -> bool:
    return unicodedata.category(char) in INVISIBLE_CATEGORIES or char in BLANK_LETTERS


def text_problem(value: str) -> str | None:
    """Why ``value`` cannot be stored as a line of text, or None when it can.

    Refused: control characters (category Cc, NUL among them), lone surrogates
    (category Cs) and directional overrides. The answer completes "The name ...".
    """
    for char in value:
        category = unicodedata.category(char)
        if category == "Cc":
            return f"holds a control character (U+{ord(char):04X})"
        if category == "Cs":
            return f"holds a broken character (U+{ord(char):04X})"
        if char in BIDI_CONTROLS:
            return f"holds a character that reverses the text around it (U+{ord(char):04X})"
    return None


def name_problem(value: str) -> str | None:
    """Why ``value`` cannot be a name, or None when it can: ``text_problem``, or nothing visible in it."""
    problem = text_problem(value)
    if problem is None and all(_invisible(char) for char in value):
        return "has nothing visible in it"
    return problem

