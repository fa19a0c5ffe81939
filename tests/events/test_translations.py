"""The catalogues hold every text in every language, and no template holds a text outside them.

- Every message id the code and templates use (gathered as ``manage.py catalogues update``
  gathers them) has a translation in each language of settings.LANGUAGES: not missing,
  not empty, not fuzzy, every plural form filled.
- A translation keeps its source's placeholders: ``%(name)s`` and ``{page}`` alike, so a
  sentence never loses a player's name or breaks at runtime on a stray ``%``.
- No template holds text outside ``{% translate %}`` and ``{% blocktranslate %}``:
  adding an untranslated word to any template, in any branch, fails here at once.
The rendered pages are read in a pseudo-language by tests/events/views/test_pseudo_language.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from events.i18n import say
from events.management.commands.catalogues import gathered_messages, languages, read_catalogue
from scoring import _, ngettext
from tests.visible_text import english_left

TEMPLATES = Path(settings.BASE_DIR) / "templates"
TAG = re.compile(r"</?[a-z][^>]*>")
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|%[sd]|\{[a-z_]+\}")


@pytest.fixture(scope="module")
def gathered():
    return gathered_messages()


def _ids(message) -> tuple[str, ...]:
    return message.id if isinstance(message.id, tuple) else (message.id,)


def _strings(message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def test_the_project_has_texts_to_translate(gathered):
    # Guards the tests below against an extraction that finds nothing and so checks nothing.
    ids = {_ids(message)[0] for message in gathered if message.id}
    assert len(ids) > 500
    assert {"Round %(number)s", "Pairings", "Standings"} <= ids


@pytest.mark.parametrize("code", languages())
def test_every_text_is_translated_in_every_language(gathered, code):
    catalogue = read_catalogue(code)
    problems = []
    for message in gathered:
        if not message.id:
            continue
        found = catalogue.get(message.id, context=message.context)
        if found is None:
            problems.append(f"missing: {_ids(message)[0]!r}")
        elif "fuzzy" in found.flags:
            problems.append(f"fuzzy: {_ids(message)[0]!r}")
        elif not all(_strings(found)) or len(_strings(found)) < (catalogue.num_plurals if found.pluralizable else 1):
            problems.append(f"empty: {_ids(message)[0]!r}")
    assert problems == [], f"{len(problems)} texts not translated in {code}; run `make messages` and translate"


@pytest.mark.parametrize("code", languages())
def test_a_translation_keeps_the_placeholders_of_its_source(code):
    catalogue = read_catalogue(code)
    wrong = []
    for message in catalogue:
        if not message.id or not any(_strings(message)):
            continue
        sources = _ids(message)
        wanted = sorted(set(PLACEHOLDER.findall(sources[-1])) | set(PLACEHOLDER.findall(sources[0])))
        # A singular may leave out the count ("one round"), as languages do, and what the English singular leaves
        # out ("the winner of each pool" for "the best %(advance)s"): gettext refuses a singular naming a value
        # its source's singular lacks. Nothing else may go.
        may_go = {"%(count)s"} | (set(PLACEHOLDER.findall(sources[-1])) - set(PLACEHOLDER.findall(sources[0])))
        for form, string in enumerate(_strings(message)):
            found = sorted(set(PLACEHOLDER.findall(string)))
            singular = message.pluralizable and form == 0
            if found != wanted and not (singular and set(wanted) - may_go <= set(found) <= set(wanted)):
                wrong.append(f"{sources[0]!r}: {string!r}")
            if "%" in string.replace("%%", "").replace("%(", "") and not PLACEHOLDER.search(string):
                wrong.append(f"stray percent sign in {string!r}")
    assert wrong == []


@pytest.mark.parametrize("code", languages())
def test_a_translation_keeps_the_markup_of_its_source_and_adds_no_straight_quote(code):
    # Templates put translations into attributes as they are (title="…", data-confirm="…"):
    # a straight double quote there would end the attribute. Typographic quotes are fine.
    wrong = []
    for message in read_catalogue(code):
        if not message.id:
            continue
        source = _ids(message)[0]
        for string in _strings(message):
            if string.count('"') > source.count('"') or sorted(TAG.findall(string)) != sorted(TAG.findall(source)):
                wrong.append(f"{source!r}: {string!r}")
    assert wrong == []


@pytest.mark.parametrize("code", languages())
def test_every_catalogue_declares_its_plural_rule(code):
    catalogue = read_catalogue(code)
    assert catalogue.num_plurals >= 2
    assert catalogue.plural_expr


def _template_text(source: str) -> str:
    """A template with its comments, translated texts, tags and variables taken out: what is left is written in it."""
    source = re.sub(r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}", "", source, flags=re.S)
    source = re.sub(r"{#.*?#}", "", source, flags=re.S)
    source = re.sub(r"{%\s*blocktrans(late)?\b.*?{%\s*endblocktrans(late)?\s*%}", "", source, flags=re.S)
    source = re.sub(r"{%.*?%}", "", source, flags=re.S)
    return re.sub(r"{{.*?}}", "", source, flags=re.S)


@pytest.mark.parametrize("path", sorted(TEMPLATES.rglob("*.html")), ids=lambda path: str(path.relative_to(TEMPLATES)))
def test_no_template_holds_a_text_outside_the_catalogue(path):
    left = english_left(_template_text(path.read_text(encoding="utf-8")))
    assert left == [], f"wrap these in {{% translate %}} or {{% blocktranslate %}}: {left}"


def test_the_check_finds_a_word_written_into_a_template():
    # The check above is only as good as its reading of a template: this one must fail it.
    planted = (
        '<p>{% translate "Pairings" %}</p><button title="Undo">{{ x }}</button><span translate="no">Gandalf</span>'
    )
    assert english_left(_template_text(planted)) == ["<button title> 'Undo'"]


def test_the_engine_s_words_are_said_in_the_reader_s_language_with_its_numbers():
    third = _("Round %(number)s", number=3)
    with translation.override("it"):
        assert say(third) == translation.gettext("Round %(number)s") % {"number": 3}
        assert say(third) != "Round 3"
    more = ngettext("%(listed)s and %(count)s more", "%(listed)s and %(count)s more", 4, listed=("A", "B"))
    with translation.override("fi"):
        assert say(more) == translation.ngettext(
            "%(listed)s and %(count)s more", "%(listed)s and %(count)s more", 4
        ) % {"listed": "A, B", "count": 4}
    points = _("%(points)s tournament points", points=3.5)
    assert points == "3.5 tournament points"  # the engine's own English, for the command line and archives
    with translation.override("de"):
        assert "3,5" in say(points)
