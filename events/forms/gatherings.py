"""The forms of a gathering: making one, signing up once for several of its events, entering one more."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from scoring import MAX_NAME_LENGTH

from .base import form_field
from .decks import SignUpForm

Choices = list[tuple[int, str]]


class GatheringForm(forms.Form):
    name = forms.CharField(
        max_length=MAX_NAME_LENGTH,
        label=gettext_lazy("Name of the gathering"),
        help_text=gettext_lazy("Such as “Lórien Championship Weekend 2026”: its main event and side events share it."),
    )
    place = forms.CharField(max_length=MAX_NAME_LENGTH, required=False, label=gettext_lazy("Place"))


def _events_field(label: Any) -> forms.TypedMultipleChoiceField:
    return forms.TypedMultipleChoiceField(coerce=int, label=label, widget=forms.CheckboxSelectMultiple)


class GatheringSignUpForm(SignUpForm):
    """The public sign-up of a gathering: the player's name and contacts once, and the events they choose."""

    events = _events_field(gettext_lazy("The events you play in"))

    def __init__(self, *args: Any, open_events: Choices, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        form_field(self, "events", forms.TypedMultipleChoiceField).choices = open_events


class GatheringRegisterForm(forms.Form):
    """The coordinator registers one person for several events of the gathering at once."""

    name = forms.CharField(max_length=MAX_NAME_LENGTH, label=gettext_lazy("Player's name"))
    events = _events_field(gettext_lazy("Events"))

    def __init__(self, *args: Any, events: Choices, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        form_field(self, "events", forms.TypedMultipleChoiceField).choices = events


class EnterEventForm(forms.Form):
    """One more event for a registered entrant: theirs on their own page, anyone's at the desk."""

    entrant = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Player"))
    event = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Event"))

    def __init__(self, *args: Any, events: Choices, entrants: Choices | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        form_field(self, "event", forms.TypedChoiceField).choices = events
        if entrants is None:
            del self.fields["entrant"]
        else:
            form_field(self, "entrant", forms.TypedChoiceField).choices = entrants


class AddEventForm(forms.Form):
    """One of the owner's events joins the gathering."""

    event = forms.TypedChoiceField(coerce=int, label=gettext_lazy("One of your events"))

    def __init__(self, *args: Any, events: Choices, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        form_field(self, "event", forms.TypedChoiceField).choices = events
