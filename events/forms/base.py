"""What every form module shares: a service's refusal shown at its field, numbers from addresses and cookies, a fast select."""

from __future__ import annotations

from html import escape

from django import forms
from django.forms.utils import flatatt
from django.utils.html import format_html
from django.utils.safestring import mark_safe


def add_service_error(form: forms.Form, error) -> None:
    """Show a ServiceError next to the field it names, or at the top of the form."""
    field = error.field if error.field in form.fields else None
    form.add_error(field, str(error))


def whole_number(text: str) -> int | None:
    """A number typed or stored by us (an id in a cookie, a round in an address): ASCII digits
    that fit a database column, else None.

    ``str.isdigit`` alone accepts "²" and digits of any length, which ``int`` or the
    database would then refuse with a server error.
    """
    if text.isascii() and text.isdigit() and len(text) <= 9:
        return int(text)
    return None


class LongSelect(forms.Select):
    """A select of hundreds of options, written out in one pass.

    Django's Select renders every option through a template of its own, which at a
    1,000-player round costs a tenth of a second for the swap form's two lists.
    """

    def render(self, name, value, attrs=None, renderer=None):
        chosen = {str(v) for v in self.format_value(value)}
        options = "".join(
            f'<option value="{escape(str(key))}"{" selected" if str(key) in chosen else ""}>{escape(str(label))}</option>'
            for key, label in self.choices
        )
        return format_html('<select name="{}"{}>{}</select>', name, flatatt(self.build_attrs(self.attrs, attrs)),
                           mark_safe(options))  # noqa: S308 - every key and label escaped above


class MarkedSelect(forms.Select):
    """A select some of whose options say how to read them: ``lang="en"`` on a policy's published title,
    ``translate="no"`` on a code (docs/i18n.md)."""

    def __init__(self, *args, marks, **kwargs):
        super().__init__(*args, **kwargs)
        self.marks = marks  # an option's value -> the attributes it gets

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex=subindex, attrs=attrs)
        option["attrs"].update(self.marks(str(value)))
        return option
