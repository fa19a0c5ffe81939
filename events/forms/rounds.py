"""Forms of the round page: swapping players and the clock."""

from __future__ import annotations

import functools

from django import forms

from scoring.limits import (
    MAX_ADJUSTMENT_MINUTES,
    MAX_TABLE,
)

from ..models import (
    Player,
)
from .base import LongSelect


class SwapForm(forms.Form):
    first = forms.ModelChoiceField(queryset=Player.objects.none(), label="Swap", widget=LongSelect)
    second = forms.ModelChoiceField(queryset=Player.objects.none(), label="with", widget=LongSelect)
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        # The lists show names read once as plain values; the fields check a choice
        # against the players themselves.
        # Read when a list is drawn, not for a page that leaves the form out.
        listed = functools.cache(lambda: [("", self.fields["first"].empty_label), *players.values_list("pk", "name")])
        for name in ("first", "second"):
            self.fields[name].queryset = players
            self.fields[name].widget.choices = listed


class ClockForm(forms.Form):
    """One press on the round clock: start (or resume), pause, call time, or add minutes."""

    ACTIONS = {"start": "The clock is running.", "pause": "The clock is paused.",
               "call": "Time is called: the end-of-time procedure starts at every table.",
               "adjust": "The time is changed."}
    action = forms.ChoiceField(choices=[(key, key) for key in ACTIONS], widget=forms.HiddenInput)
    minutes = forms.IntegerField(
        required=False, label="Minutes", min_value=-MAX_ADJUSTMENT_MINUTES, max_value=MAX_ADJUSTMENT_MINUTES,
        help_text="A minus sign takes minutes back.",
    )
    table = forms.IntegerField(required=False, min_value=1, max_value=MAX_TABLE, label="For",
                               help_text="Leave empty for every table, or give the table of a judge call.")

    def clean(self):
        data = super().clean()
        if data.get("action") == "adjust" and data.get("minutes") is None and "minutes" not in self.errors:
            self.add_error("minutes", "Give the minutes to add, or to take back with a minus sign.")
        return data

    def done_message(self) -> str:
        data = self.cleaned_data
        if data["action"] == "adjust":
            where = f"table {data['table']}" if data["table"] else "every table"
            return f"{data['minutes']:+d} minutes for {where}."
        return self.ACTIONS[data["action"]]
