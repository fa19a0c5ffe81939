"""The translation catalogues in locale/: gather every translatable text, and compile the catalogues.

``python manage.py catalogues update`` gathers the message ids of the engine
(``scoring/``, marked with ``_`` and ``ngettext`` of scoring.messages), the app's
Python (``gettext``, ``gettext_lazy``, ``ngettext``...), the templates
(``{% translate %}``, ``{% blocktranslate %}``), and merges them into each language's
``locale/<code>/LC_MESSAGES/django.po``: new ids come in empty, ids no longer used go
out. Babel's ``pybabel compile`` writes the ``.mo`` files the app reads (``make install``
and the Dockerfile run it, so a fresh clone needs no manual step). Both are Babel's, in
pure Python: no GNU gettext on the machine (docs/i18n.md).
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract
from babel.messages.pofile import read_po, write_po
from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.utils.translation.template import templatize

BASE = Path(settings.BASE_DIR)
LOCALE = BASE / "locale"
DOMAIN = "django"
PYTHON_SOURCES = ("scoring/**/*.py", "events/**/*.py", "council/**/*.py")
TEMPLATE_SOURCES = ("templates/**/*.html",)
# Django's own names for its gettext functions, and the engine's (scoring/messages.py).
KEYWORDS = {
    "_": None,
    "gettext": None,
    "gettext_lazy": None,
    "gettext_noop": None,
    "ngettext": (1, 2),
    "ngettext_lazy": (1, 2),
    "pgettext": ((1, "c"), 2),
    "pgettext_lazy": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "npgettext_lazy": ((1, "c"), 2, 3),
}
COMMENT_TAGS = ("Translators:",)


def languages() -> list[str]:
    """Every language with a catalogue: settings.LANGUAGES without English, which the ids are written in."""
    return [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]


def catalogue_path(code: str, suffix: str = ".po") -> Path:
    """Where the catalogue of language ``code`` is kept."""
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


def _sources(patterns: tuple[str, ...]) -> list[Path]:
    found = {path for pattern in patterns for path in BASE.glob(pattern)}
    return sorted(path for path in found if "migrations" not in path.parts)


def gathered_messages() -> Catalog:
    """Every translatable text of the project, with where it is used, as a catalogue template."""
    template = Catalog(domain=DOMAIN, project="Council", fuzzy=False)
    for path in _sources(PYTHON_SOURCES):
        with path.open("rb") as source:
            _add(template, path, extract("python", source, keywords=KEYWORDS, comment_tags=COMMENT_TAGS))
    for path in _sources(TEMPLATE_SOURCES):
        # Django's own translation of template tags into Python calls, as makemessages does.
        code = templatize(path.read_text(encoding="utf-8"), origin=str(path))
        # Its filler keeps the template's indentation, which Python's tokenizer would refuse.
        code = "\n".join(line.lstrip() for line in code.splitlines())
        _add(template, path, extract("python", io.BytesIO(code.encode()), keywords=KEYWORDS, comment_tags=COMMENT_TAGS))
    return template


def _add(
    template: Catalog, path: Path, found: Iterable[tuple[int, str | tuple[str, ...], list[str], str | None]]
) -> None:
    where = path.relative_to(BASE).as_posix()
    for line, message, comments, context in found:
        if (isinstance(message, tuple) and not message[0]) or message == "":
            continue
        template.add(
            message,
            locations=[(where, line)],
            auto_comments=comments,
            context=context,
            flags=["python-format"] if "%(" in (message[0] if isinstance(message, tuple) else message) else [],
        )


def read_catalogue(code: str) -> Catalog:
    """The catalogue of language ``code`` as it is on disk."""
    with catalogue_path(code).open("rb") as source:
        return read_po(source, locale=code, domain=DOMAIN)


def update(template: Catalog) -> dict[str, int]:
    """Merge ``template`` into every language's catalogue; returns each language's count of texts still untranslated."""
    untranslated = {}
    for code in languages():
        path = catalogue_path(code)
        if path.exists():
            catalogue = read_catalogue(code)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalogue = Catalog(locale=code, domain=DOMAIN, project="Council", fuzzy=False)
        # No guessing from similar ids: a guess is marked fuzzy, and fuzzy is what the tests refuse.
        # Plural rules come from Unicode's CLDR through Babel, as Django's own catalogues have them.
        catalogue.update(template, no_fuzzy_matching=True)
        catalogue.fuzzy = False
        with path.open("wb") as target:
            write_po(target, catalogue, width=100, omit_header=False, ignore_obsolete=True, sort_output=False)
        untranslated[code] = sum(1 for message in catalogue if message.id and not _translated(message))
    return untranslated


def _translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return all(strings) and "fuzzy" not in message.flags


class Command(BaseCommand):
    help = "Gather the translatable texts into locale/*/LC_MESSAGES/django.po (make messages)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("action", choices=["update"])

    def handle(self, *args: Any, action: str, **options: Any) -> None:
        template = gathered_messages()
        for code, missing in update(template).items():
            self.stdout.write(f"{code}: {len(template)} texts, {missing} untranslated")
