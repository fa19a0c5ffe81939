"""Forms of deck lists: the event's deck settings, a list and its declarations, the capability, the sign-up,
the sealed product and clock, publishing."""

from __future__ import annotations

import datetime
from typing import Any

from django import forms
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scoring import (
    FALLEN_WIZARDS,
    GENERAL_OPPONENT,
    MAX_ADJUSTMENT_MINUTES,
    MAX_DECK_LIST_CHARACTERS,
    MAX_EMAIL_LENGTH,
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    MAX_REASON_LENGTH,
    MAX_SPOT_CHECKS,
    deck_choice_kind,
    declares_fallen_wizard,
)

from ..models import Event
from .base import MarkedSelect, form_field

DECK_FILE_BYTES = 4 * MAX_DECK_LIST_CHARACTERS


class MomentInput(forms.DateTimeInput):
    """The browser's own date-and-time picker."""

    input_type = "datetime-local"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs, format="%Y-%m-%dT%H:%M")


class MomentField(forms.DateTimeField):
    """A date and time of this event's calendar: refused far from today, where time-zone arithmetic overflows."""

    widget = MomentInput

    def to_python(self, value: str | datetime.datetime | datetime.date | None) -> datetime.datetime | None:
        moment = super().to_python(value)
        if moment is not None and not 2000 <= moment.year <= 2200:
            raise forms.ValidationError(_("Give a date between the years 2000 and 2200."))
        return moment


class DeckSettingsForm(forms.Form):
    deck_lists_wanted = forms.BooleanField(
        required=False,
        label=gettext_lazy("Players register their deck lists"),
        help_text=gettext_lazy("Policy #1, General 12: post the request at least 24 hours before the event starts."),
    )
    sign_up_opens_at = MomentField(
        required=False,
        label=gettext_lazy("Public sign-up opens"),
        help_text=gettext_lazy("Leave empty for no public sign-up."),
    )
    sign_up_closes_at = MomentField(required=False, label=gettext_lazy("Public sign-up closes"))
    sign_up_cap = forms.IntegerField(
        required=False, min_value=1, max_value=MAX_PLAYERS, label=gettext_lazy("At most this many players")
    )
    deck_deadline = MomentField(
        required=False,
        label=gettext_lazy("Players may change their lists until"),
        help_text=gettext_lazy("Lists are fixed when the event starts in any case (General 12)."),
    )
    spot_checks_per_round = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=MAX_SPOT_CHECKS,
        label=gettext_lazy("Decks checked at the tables each round"),
        help_text=gettext_lazy(
            "Drawn from the round's seed among the players with a list (General 12: spot checks). Empty or 0 for none."
        ),
    )
    deck_choices = forms.CharField(
        required=False,
        label=gettext_lazy("Challenge decks or scenarios players choose from"),
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=gettext_lazy(
            "One a line. Scenario games offer the three official scenarios when this is empty; "
            "challenge-deck players then write which deck they bring."
        ),
    )

    def __init__(self, *args: Any, game_type: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if deck_choice_kind(game_type) is None:
            del self.fields["deck_choices"]  # nothing to choose in this game type

    def clean_deck_choices(self) -> list[str]:
        choices: str = self.cleaned_data["deck_choices"]
        return choices.splitlines()


class DeckListForm(forms.Form):
    text = forms.CharField(
        required=False,
        max_length=MAX_DECK_LIST_CHARACTERS,
        label=gettext_lazy("Deck list"),
        widget=forms.Textarea(attrs={"rows": 18, "spellcheck": "false", "autocapitalize": "off", "translate": "no"}),
        help_text=gettext_lazy(
            "One card a line with its count (“3 Orc-patrol”), under headings: Pool, Resources, Hazards, "
            "Sideboard, Sites. For two decks, start each with “Deck against hero” or “Deck against minion”."
        ),
    )
    file = forms.FileField(required=False, label=gettext_lazy("Or upload a deck file (.txt, .meccg, .dck)"))

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The declarations the event's format asks for (scoring.decks): which Fallen-wizard,
        # which challenge deck or scenario.
        if declares_fallen_wizard(event.format) or event.format == GENERAL_OPPONENT:
            required = declares_fallen_wizard(event.format)
            self.fields["avatar"] = forms.ChoiceField(
                required=required,
                label=gettext_lazy("The Fallen-wizard you play"),
                choices=[("", _("Choose…") if required else _("None: I play no Fallen-wizard"))]
                + [(name, name) for name in FALLEN_WIZARDS],
                # The Wizards' names are card names, as printed.
                widget=MarkedSelect(marks=lambda value: {"translate": "no"} if value else {}),
                help_text=gettext_lazy(
                    "Policy Number 4: a Fallen-wizard player declares which one to the coordinator."
                ),
            )
        kind = deck_choice_kind(event.game_type)
        offered = event.deck_choices_offered()
        label = _("Your challenge deck") if kind == "challenge-deck" else _("Your scenario")
        if offered:
            self.fields["choice"] = forms.ChoiceField(
                label=label, choices=[("", _("Choose…"))] + [(name, name) for name in offered]
            )
        elif kind is not None:
            self.fields["choice"] = forms.CharField(label=label, max_length=MAX_NAME_LENGTH)
        self.order_fields(["avatar", "choice", "text", "file"])

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None  # Form.clean gives its cleaned_data
        upload = data.get("file")
        if upload:
            if upload.size > DECK_FILE_BYTES:
                self.add_error("file", _("A deck file has at most %(size)s KB.") % {"size": DECK_FILE_BYTES // 1024})
                return data
            data["text"] = read_upload(upload.read())
        if not data.get("text", "").strip() and not self.errors:
            self.add_error("text", _("Paste or type the deck list, or choose a file."))
        return data

    def refuse_oversized(self) -> None:
        """Say beside the list that what was sent was too large to read (events/views/oversized.py).

        The form is the saved one, unbound: nothing of what was sent is kept.
        """
        said = ngettext(
            "The list sent was far too long to read, so nothing is saved: a deck list has at most %(count)s character.",
            "The list sent was far too long to read, so nothing is saved: a deck list has at most %(count)s "
            "characters.",
            MAX_DECK_LIST_CHARACTERS,
        ) % {"count": number_format(MAX_DECK_LIST_CHARACTERS, force_grouping=True)}
        # add_error() takes a bound form's cleaned data out; an unbound form has none.
        self.errors["text"] = self.error_class([said], renderer=self.renderer)


class CapabilityForm(forms.Form):
    capability = forms.ChoiceField(
        required=False,
        label=gettext_lazy("Deck capability"),
        choices=[
            ("", gettext_lazy("As the list says")),
            ("one-ring", gettext_lazy("Can destroy The One Ring")),
            ("marshalling-points", gettext_lazy("Marshalling points only")),
        ],
    )
    note = forms.CharField(required=False, max_length=MAX_REASON_LENGTH, label=gettext_lazy("Why, when set by hand"))


class SignUpForm(forms.Form):
    name = forms.CharField(
        max_length=MAX_NAME_LENGTH,
        label=gettext_lazy("Your name, as it should appear on the pairings"),
        widget=forms.TextInput(attrs={"autocomplete": "name"}),
    )
    online_name = forms.CharField(
        required=False,
        max_length=MAX_NAME_LENGTH,
        label=gettext_lazy("Your name on the online client (optional)"),
        widget=forms.TextInput(attrs={"autocomplete": "nickname", "autocapitalize": "off", "spellcheck": "false"}),
        help_text=gettext_lazy("For games played online, such as on play.meccg.com: your opponents see it."),
    )
    email = forms.EmailField(
        required=False,
        max_length=MAX_EMAIL_LENGTH,
        label=gettext_lazy("Your e-mail address (optional)"),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
        help_text=gettext_lazy(
            "Only the coordinators see it, and your opponents too if you tick the box below. "
            "It never shows on the public pages."
        ),
    )
    share_email = forms.BooleanField(
        required=False,
        label=gettext_lazy("Show my e-mail address to my opponents, so that we can arrange our games"),
    )


class ProductForm(forms.Form):
    product = forms.CharField(
        max_length=MAX_DECK_LIST_CHARACTERS,
        label=gettext_lazy("Cards handed to this player"),
        widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false", "autocapitalize": "off"}),
        help_text=gettext_lazy("The starter and the three boosters, one card a line with its count."),
    )


class PublishForm(forms.Form):
    players = forms.TypedMultipleChoiceField(
        required=False,
        coerce=int,
        label=gettext_lazy("Lists shown on the public page"),
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args: Any, listed: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        form_field(self, "players", forms.TypedMultipleChoiceField).choices = listed


class BreakClockForm(forms.Form):
    """One press on the sealed event's clock between rounds: start (or resume), pause, or add minutes."""

    ACTIONS = {
        "start": gettext_lazy("The clock is running."),
        "pause": gettext_lazy("The clock is paused."),
        "adjust": gettext_lazy("The time is changed."),
    }
    action = forms.ChoiceField(choices=[(key, key) for key in ACTIONS], widget=forms.HiddenInput)
    minutes = forms.IntegerField(
        required=False,
        label=gettext_lazy("Minutes"),
        min_value=-MAX_ADJUSTMENT_MINUTES,
        max_value=MAX_ADJUSTMENT_MINUTES,
        help_text=gettext_lazy("A minus sign takes minutes back."),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None  # Form.clean gives its cleaned_data
        if data.get("action") == "adjust" and data.get("minutes") is None and "minutes" not in self.errors:
            self.add_error("minutes", _("Give the minutes to add, or to take back with a minus sign."))
        return data


class SpotCheckForm(forms.Form):
    # Not "matches": a form control of that name hides the form element's own matches(), which htmx calls.
    outcome = forms.TypedChoiceField(
        label=gettext_lazy("The deck at the table"),
        widget=forms.RadioSelect,
        coerce=lambda value: value == "yes",
        choices=[("yes", gettext_lazy("matches its list")), ("no", gettext_lazy("differs from its list"))],
    )
    note = forms.CharField(
        required=False,
        max_length=MAX_REASON_LENGTH,
        label=gettext_lazy("What differed"),
        widget=forms.Textarea(attrs={"rows": 3}),
    )


def read_upload(raw: bytes) -> str:
    """A deck file's text: UTF-8, UTF-16 when it says so, else Windows' own encoding of older deck files."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return raw.decode("utf-16", errors="replace")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        # Older deck files of the online clients were written on Windows: cp1252, where
        # "Gollum’s Fate" has its curly apostrophe; Latin-1 for the few bytes cp1252 lacks.
        try:
            return raw.decode("cp1252")
        except UnicodeDecodeError:
            return raw.decode("latin-1")
