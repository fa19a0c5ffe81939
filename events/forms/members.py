"""The forms of players known across events: enrolling or changing a member, linking a registration, merging."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy
from django_countries import countries

from scoring import MAX_NAME_LENGTH

# Player numbers are positive and fit any database's integer column.
MAX_PLAYER_NUMBER = 2_000_000_000


def country_choices() -> list[tuple[str, str]]:
    """Every ISO 3166 country, named and sorted in the reader's language (django-countries), after "none"."""
    return [("", "—"), *((code, str(name)) for code, name in countries)]


class MemberForm(forms.Form):
    name = forms.CharField(max_length=MAX_NAME_LENGTH, label=gettext_lazy("Name"))
    country = forms.ChoiceField(choices=country_choices, required=False, label=gettext_lazy("Country (optional)"))
    public = forms.BooleanField(
        required=False,
        label=gettext_lazy("The player agrees to a public page: their events, places, ladder points and rating"),
    )


class PlayerNumberForm(forms.Form):
    number = forms.IntegerField(
        min_value=1,
        max_value=MAX_PLAYER_NUMBER,
        label=gettext_lazy("Player number"),
        help_text=gettext_lazy("The number the player was given at an earlier event on this server."),
    )


class MergeForm(forms.Form):
    number = forms.IntegerField(
        min_value=1,
        max_value=MAX_PLAYER_NUMBER,
        label=gettext_lazy("Merge into player number"),
        help_text=gettext_lazy("When this player and that one are the same person. A merge can be undone."),
    )
