"""What every form module shares: a service's refusal shown at its field, numbers from addresses and
cookies, a fast select."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from html import escape
from typing import Any, Protocol, TypeVar

from django import forms
from django.forms.renderers import BaseRenderer
from django.forms.utils import flatatt
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

FieldKind = TypeVar("FieldKind", bound=forms.Field)


def form_field(form: forms.BaseForm, name: str, kind: type[FieldKind]) -> FieldKind:
    """The form's own copy of its field ``name``, declared a ``kind``: what a form sets up per request
    (a ChoiceField's choices, a ModelChoiceField's queryset), which ``form.fields`` types as any field."""
    field = form.fields[name]
    assert isinstance(field, kind)
    return field


class Refusal(Protocol):
    """A service's refusal as a form shows it (``services.ServiceError``): its sentence, at the field it names."""

    field: str | None


def add_service_error(form: forms.Form, error: Refusal) -> None:
    """Show a ServiceError next to the field it names, else at the form's ``refusals_at`` field (a
    form of one upload shows every refusal there), else at the top of the form.

    A form whose service names the parts of a document rather than the form's fields says which
    field holds each part (``field_of``: ``changes.time_limits.two-deck`` is ``time_two_deck``)."""
    named = error.field
    field_of = getattr(form, "field_of", None)
    if named is not None and callable(field_of):
        named = field_of(named)
    field = named if named in form.fields else getattr(form, "refusals_at", None)
    form.add_error(field, str(error))


class OptionList:
    """The options of long selects as ``(value, label)`` pairs, the empty choice first: read from
    ``read()`` when a list is first drawn, and written out once for each selection, so that two
    selects of one form offering the same people share one reading and one writing."""

    def __init__(self, read: Callable[[], Iterable[tuple[object, object]]]) -> None:
        self._read = read
        self._pairs: Iterable[tuple[object, object]] | None = None
        self._written: dict[frozenset[str], str] = {}

    def html(self, chosen: frozenset[str]) -> str:
        """Every option, those whose value is in ``chosen`` selected."""
        if chosen not in self._written:
            if self._pairs is None:
                self._pairs = self._read()
            self._written[chosen] = "".join(
                f'<option value="{escape(str(key))}"{" selected" if str(key) in chosen else ""}>'
                f"{escape(str(label))}</option>"
                for key, label in self._pairs
            )
        return self._written[chosen]


class LongSelect(forms.Select):
    """A select of hundreds of options, written out in one pass from its ``options`` (an ``OptionList``).

    Django's Select renders every option through a template of its own and reads its whole
    list again to decide on ``required``: at a 1,000-player round the swap form's two lists
    cost a tenth of a second that way.
    """

    option_list: OptionList | None = None

    def use_required_attribute(self, initial: object) -> bool:
        # Select's rule, required when the first option is the empty choice, which an OptionList's always is.
        return not self.is_hidden

    def render(
        self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: BaseRenderer | None = None
    ) -> SafeString:
        chosen = frozenset(str(v) for v in self.format_value(value))
        options = self.option_list.html(chosen) if self.option_list is not None else ""
        return format_html(
            '<select name="{}"{}>{}</select>', name, flatatt(self.build_attrs(self.attrs, attrs)), mark_safe(options)
        )


class MarkedSelect(forms.Select):
    """A select some of whose options say how to read them: ``lang="en"`` on a policy's published title,
    ``translate="no"`` on a code (docs/i18n.md)."""

    def __init__(self, *args: Any, marks: Callable[[str], Mapping[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.marks = marks  # an option's value -> the attributes it gets

    def create_option(
        self,
        name: str,
        value: Any,
        label: int | str,
        selected: bool,
        index: int,
        subindex: int | None = None,
        attrs: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        option = super().create_option(name, value, label, selected, index, subindex=subindex, attrs=attrs)
        option["attrs"].update(self.marks(str(value)))
        return option


class PolicyGroupedSelect(forms.Select):
    """A select whose groups are named by policy titles, marked ``lang="en"``: the documents' published names
    (docs/i18n.md). Django's own select template gives a group no attributes."""

    def render(
        self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: BaseRenderer | None = None
    ) -> SafeString:
        context = self.get_context(name, value, attrs)["widget"]
        parts = [format_html('<select name="{}"{}>', name, flatatt(context["attrs"]))]
        for group, options, _index in context["optgroups"]:
            if group:
                parts.append(format_html('<optgroup label="{}" lang="en">', group))
            for option in options:
                # The option's attributes hold "selected" when it is chosen.
                parts.append(
                    format_html(
                        '<option value="{}"{}>{}</option>', option["value"], flatatt(option["attrs"]), option["label"]
                    )
                )
            if group:
                parts.append(mark_safe("</optgroup>"))
        parts.append(mark_safe("</select>"))
        return mark_safe("".join(parts))
