"""What a person sees or hears of an HTML page: its text and the attributes browsers and screen readers show.

The translation tests (tests/events/test_translations.py, tests/events/views/test_pseudo_language.py)
look for English left in it. Left out, by design: scripts and styles; code (``<code>``,
``<kbd>``, ``<samp>``); anything marked ``translate="no"`` (card names, addresses, the
brand); and anything marked as written in another language than the page's (``lang="en"``
on a quoted policy clause, ``lang="fi"`` on "Suomi" in the language switcher).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"}
NEVER_READ = {"script", "style", "code", "kbd", "samp", "template"}
# Attributes a browser shows or a screen reader reads aloud.
READ_ATTRIBUTES = {
    "title",
    "aria-label",
    "aria-description",
    "aria-roledescription",
    "placeholder",
    "alt",
    "data-confirm",
    "data-page-of",
    "data-label",
    "label",
}
BUTTON_INPUTS = {"submit", "button", "reset"}
# Two ASCII letters in a row: a word of English (or of any language written without accents).
WORD = re.compile(r"[A-Za-z]{2,}")
# What a script fills in ("Page {page} of {pages}"): a placeholder, not a word.
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


class _Reader(HTMLParser):
    def __init__(self, page_language: str):
        super().__init__(convert_charrefs=True)
        self.page_language = page_language
        self.skipped: list[bool] = []
        self.read: list[tuple[str, str]] = []  # (where, text)
        self.path: list[str] = []

    def _skipping(self) -> bool:
        return any(self.skipped)

    def _not_read(self, tag: str, attrs: dict) -> bool:
        language = attrs.get("lang")
        return (
            tag in NEVER_READ
            or attrs.get("translate") == "no"
            or (language is not None and language not in ("", self.page_language))
        )

    def handle_starttag(self, tag, attrs):
        attrs = {name: value or "" for name, value in attrs}
        skip = self._not_read(tag, attrs)
        if not self._skipping() and not skip:
            for name in READ_ATTRIBUTES & set(attrs):
                self.read.append((f"<{tag} {name}>", attrs[name]))
            if tag == "input" and attrs.get("type") in BUTTON_INPUTS and "value" in attrs:
                self.read.append((f"<{tag} value>", attrs["value"]))
        if tag not in VOID:
            self.skipped.append(skip)
            self.path.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        if tag in VOID or tag not in self.path:
            return
        while self.path:
            self.skipped.pop()
            if self.path.pop() == tag:
                break

    def handle_data(self, data):
        if not self._skipping() and data.strip():
            self.read.append((f"<{self.path[-1] if self.path else 'document'}>", data.strip()))


def read_text(html: str, page_language: str = "") -> list[tuple[str, str]]:
    """Every piece of text a reader meets in ``html``, as (the element it is in, the text)."""
    reader = _Reader(page_language)
    reader.feed(html)
    reader.close()
    return reader.read


def english_left(html: str, page_language: str = "", allowed: set[str] = frozenset()) -> list[str]:
    """The pieces of ``html``'s text that still hold words of plain ASCII letters (outside ``allowed``)."""
    return [
        f"{where} {text!r}"
        for where, text in read_text(html, page_language)
        if any(word not in allowed for word in WORD.findall(PLACEHOLDER.sub("", text)))
    ]
