"""Forms of the round page: swapping players and the clock."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scoring import MAX_ADJUSTMENT_MINUTES, MAX_TABLE

from ..models import (
    Player,
)
from .base import LongSelect, OptionList, form_field

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class SwapForm(forms.Form):
    first = forms.ModelChoiceField(queryset=Player.objects.none(), label=gettext_lazy("Swap"), widget=LongSelect)
    second = forms.ModelChoiceField(queryset=Player.objects.none(), label=gettext_lazy("with"), widget=LongSelect)
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, players: QuerySet[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The lists show names read once as plain values, when a list is drawn (not for a page
        # that leaves the form out), and written once for both; the fields check a choice
        # against the players themselves.
        first = form_field(self, "first", forms.ModelChoiceField)
        listed = OptionList(lambda: [("", first.empty_label), *players.values_list("pk", "name")])
        for name in ("first", "second"):
            field = form_field(self, name, forms.ModelChoiceField)
            field.queryset = players
            field.widget.option_list = listed


def minutes_field(limit: int) -> forms.IntegerField:
    """The minutes to give a clock, or to take back with a minus sign: at most ``limit`` at once."""
    return forms.IntegerField(
        required=False,
        label=gettext_lazy("Minutes"),
        min_value=-limit,
        max_value=limit,
        help_text=gettext_lazy("A minus sign takes minutes back."),
    )


class ClockForm(forms.Form):
    """One press on the round clock: start (or resume), pause, call time, or add minutes.

    ``limit`` is the round's most minutes at once (``Round.adjustment_limit``).
    """

    ACTIONS = {
        "start": gettext_lazy("The clock is running."),
        "pause": gettext_lazy("The clock is paused."),
        "call": gettext_lazy("Time is called: the end-of-time procedure starts at every table."),
        "adjust": gettext_lazy("The time is changed."),
    }
    action = forms.ChoiceField(choices=[(key, key) for key in ACTIONS], widget=forms.HiddenInput)
    minutes = minutes_field(MAX_ADJUSTMENT_MINUTES)
    table = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_TABLE,
        label=gettext_lazy("For"),
        help_text=gettext_lazy("Leave empty for every table, or give the table of a judge call."),
    )

    def __init__(self, *args: Any, limit: int = MAX_ADJUSTMENT_MINUTES, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["minutes"] = minutes_field(limit)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None  # Form.clean gives its cleaned_data
        if data.get("action") == "adjust" and data.get("minutes") is None and "minutes" not in self.errors:
            self.add_error("minutes", _("Give the minutes to add, or to take back with a minus sign."))
        return data

    def done_message(self) -> StrOrPromise:
        data = self.cleaned_data
        if data["action"] == "adjust":
            minutes = data["minutes"]
            if data["table"]:
                return ngettext(
                    "%(minutes)s minute for table %(table)s.", "%(minutes)s minutes for table %(table)s.", abs(minutes)
                ) % {"minutes": f"{minutes:+d}", "table": data["table"]}
            return ngettext(
                "%(minutes)s minute for every table.", "%(minutes)s minutes for every table.", abs(minutes)
            ) % {"minutes": f"{minutes:+d}"}
        return self.ACTIONS[data["action"]]
