"""The one place where the engine's words become sentences in the reader's language.

The engine (``scoring/``) knows no Django and says everything in English as a
``scoring.messages.Text``, which remembers its message id and parameters. ``say`` looks
the id up in the active language's catalogue (the same ``locale/`` catalogue as the
app's own words) and fills it in, writing numbers as that language does (3,5 in
Italian). Kept parts store the engine's Texts, not sentences, so one kept part serves
every language; the language is chosen at the last moment, when the page is rendered
(``{{ value|say }}``) or a refusal is put next to its field.
"""

from __future__ import annotations

from typing import Any, TypeVar, overload

from django.utils import formats
from django.utils.translation import gettext, ngettext

from scoring import Text

T = TypeVar("T")


@overload
def say(value: str) -> str: ...
@overload
def say(value: T) -> T: ...
def say(value: Any) -> Any:
    """``value`` in the active language when the engine said it (a Text); anything else unchanged."""
    if not isinstance(value, Text):
        return value
    if value.plural is not None:
        assert value.count is not None  # the engine gives a plural its number (scoring.messages.ngettext)
        pattern = ngettext(value.msgid, value.plural, value.count)
    else:
        pattern = gettext(value.msgid)
    if not value.params:
        return pattern
    return pattern % {name: _said_param(param) for name, param in value.params.items()}


def _said_param(value: Any) -> str:
    if isinstance(value, tuple):
        return ", ".join(_said_param(item) for item in value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return formats.number_format(value, decimal_pos=None if isinstance(value, int) else _decimals(value))
    return str(say(value))


def _decimals(value: float) -> int:
    # Scores are whole, halves (3.5 tournament points) or thirds of the Council's ratio: at most two places.
    return len(f"{value:.2f}".rstrip("0").split(".")[1])


MINUTES_PER_HOUR, MINUTES_PER_DAY = 60, 24 * 60


def duration(minutes: int) -> str:
    """A time limit as people say it: "80 minutes", "2 hours", "7 days" (a round online may last days).

    In the largest unit that says it exactly; below two hours minutes read best ("90 minutes").
    """
    if minutes and minutes % MINUTES_PER_DAY == 0:
        days = minutes // MINUTES_PER_DAY
        return ngettext("%(days)s day", "%(days)s days", days) % {"days": days}
    if minutes >= 2 * MINUTES_PER_HOUR and minutes % MINUTES_PER_HOUR == 0:
        hours = minutes // MINUTES_PER_HOUR
        return ngettext("%(hours)s hour", "%(hours)s hours", hours) % {"hours": hours}
    return ngettext("%(minutes)s minute", "%(minutes)s minutes", minutes) % {"minutes": minutes}
