"""Words the engine says, kept translatable without the engine knowing any language but English.

Every sentence the engine gives a person (a refusal, a tie-break note, a step of the
Free Council, a stage's title) is a ``Text``: a ``str`` whose value is the English
sentence, so the command line, the archive and the tests read it as they always did,
and which also remembers its message id and parameters. The web app says it again in
the reader's language (``events/i18n.py``) from the same catalogue as its own words;
``_`` and ``ngettext`` are the names the catalogue's extraction looks for
(docs/i18n.md).

Message ids use Python's named placeholders (``%(player)s``), the form gettext checks
and translators know. A parameter may be a number (kept as a number, so that 3.5 can
be written 3,5 where that is the custom) another ``Text`` (said in the same language), or a
tuple of these (said as a list joined by commas).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any


def english_number(value: Fraction | float | int) -> str:
    """A number as English writes a score: whole numbers bare, others with up to two decimals ("3.5", "0.33")."""
    if isinstance(value, bool):
        return str(value)
    if value == int(value):
        return str(int(value))
    return f"{float(value):.2f}".rstrip("0")


class Text(str):
    """An English sentence that remembers how it was made: its message id, plural and parameters."""

    msgid: str
    # Most sentences have no plural: theirs are the class's None, not two more attributes each.
    plural: str | None = None
    count: int | None = None  # type: ignore[assignment]  # the plural's number, over str.count
    params: dict[str, Any]

    def __new__(
        cls, msgid: str, params: dict[str, Any] | None = None, *, plural: str | None = None, count: int | None = None
    ) -> Text:
        pattern = msgid if plural is None or count == 1 else plural
        if params:
            # Names, whole numbers, sentences and lists of names are written as English writes them without the
            # general conversion below: the standings of 1,000 players make 6,000 sentences, nearly all of these.
            english_params: dict[str, Any] = {}
            for name, value in params.items():
                kind = type(value)
                if kind is str or kind is int or kind is Text:
                    english_params[name] = value
                elif kind is tuple and all(type(item) is str for item in value):
                    english_params[name] = ", ".join(value)
                elif kind is tuple and all(type(item) is int for item in value):
                    # A listing of tallies ("1, 2 and 3"): whole numbers read as themselves.
                    english_params[name] = ", ".join(map(str, value))
                else:
                    params = {name: _plain(value) for name, value in params.items()}
                    english_params = {name: _english(value) for name, value in params.items()}
                    break
            else:
                params = dict(params)
            english = pattern % english_params
        else:
            params, english = {}, pattern
        text = str.__new__(cls, english)
        text.msgid = msgid
        text.params = params
        if plural is not None:
            text.plural = plural
            text.count = count
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        # Kept parts are pickled into the shared cache, read back by every worker after each change: the English
        # value is kept as it is, not made again from the id (which cost most of reading 1,000 players' standings).
        return (_restored, (str(self), self.msgid, self.params, self.plural, self.count))


def _restored(english: str, msgid: str, params: dict[str, Any], plural: str | None, count: int | None) -> Text:
    text = str.__new__(Text, english)
    text.msgid, text.plural, text.count, text.params = msgid, plural, count, params
    return text


def _plain(value: Any) -> Any:
    # Most parameters are names and whole numbers: answered before the checks against Fraction, an abstract
    # class's subclass whose isinstance is slow (the standings of 1,000 players make 8,000 sentences).
    kind = type(value)
    if kind is str or kind is int or kind is Text:
        return value
    if kind is Fraction:
        return int(value) if value.denominator == 1 else float(value)
    if kind is tuple and all(type(item) is str for item in value):
        return value
    if isinstance(value, (list, tuple)):
        return tuple(_plain(item) for item in value)
    # Whole fractions and floats become ints, so that a translation shows "3", not "3,0".
    if isinstance(value, (Fraction, float)) and not isinstance(value, bool) and value == int(value):
        return int(value)
    if isinstance(value, Fraction):
        return float(value)
    return value


def _english(value: Any) -> str:
    kind = type(value)
    if kind is str:
        return str(value)
    if kind is int:
        return str(value)
    if isinstance(value, tuple):
        return ", ".join(map(_english, value))
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return english_number(value)
    return str(value)


def _(msgid: str, **params: Any) -> Text:
    """The sentence ``msgid`` with its ``%(name)s`` placeholders filled from ``params``, translatable."""
    return Text(msgid, params)


def ngettext(singular: str, plural: str, count: int, **params: Any) -> Text:
    """The singular or plural sentence for ``count`` (given to the placeholders as ``count`` too), translatable.

    Languages have other plural rules than English (docs/i18n.md): the app picks the
    form from its catalogue by ``count``.
    """
    return Text(singular, {"count": count, **params}, plural=plural, count=count)


def listing(items: list[Any], *, limit: int | None = None) -> Text | str:
    """``items`` as a sentence lists them: "A", "A and B", "A, B and C"; past ``limit``, "A, B, C and 4 more"."""
    if limit is not None and len(items) > limit:
        return ngettext(
            "%(listed)s and %(count)s more",
            "%(listed)s and %(count)s more",
            len(items) - limit,
            listed=tuple(items[:limit]),
        )
    if not items:
        return ""
    if len(items) == 1:
        return items[0] if isinstance(items[0], str) else _english(_plain(items[0]))
    return _("%(listed)s and %(last)s", listed=tuple(items[:-1]), last=items[-1])


def text_data(text: Text | str) -> dict[str, Any] | str:
    """``text`` as JSON-ready data that keeps it translatable (a stored result's explanation); a plain str as itself."""
    if not isinstance(text, Text):
        return str(text)
    data: dict[str, Any] = {
        "msgid": text.msgid,
        "params": {name: _param_data(value) for name, value in text.params.items()},
    }
    if text.plural is not None:
        data |= {"plural": text.plural, "count": text.count}
    return data


def _param_data(value: Any) -> Any:
    if isinstance(value, Text):
        return {"text": text_data(value)}
    if isinstance(value, tuple):
        return {"list": [_param_data(item) for item in value]}
    return value


def text_from_data(data: dict[str, Any] | str) -> Text | str:
    """The Text that ``text_data`` wrote (or the plain string it kept)."""
    if isinstance(data, str):
        return data
    params = {name: _param_from_data(value) for name, value in data.get("params", {}).items()}
    return Text(data["msgid"], params, plural=data.get("plural"), count=data.get("count"))


def _param_from_data(value: Any) -> Any:
    if isinstance(value, dict) and "text" in value:
        return text_from_data(value["text"])
    if isinstance(value, dict) and "list" in value:
        return tuple(_param_from_data(item) for item in value["list"])
    return value
