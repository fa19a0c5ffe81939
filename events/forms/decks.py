"""Forms of deck lists: the event's deck settings, a list pasted or uploaded, the capability, the sign-up."""

from __future__ import annotations

from django import forms

from scoring.limits import MAX_DECK_LIST_CHARACTERS, MAX_NAME_LENGTH, MAX_PLAYERS, MAX_REASON_LENGTH, MAX_SPOT_CHECKS

DECK_FILE_BYTES = 4 * MAX_DECK_LIST_CHARACTERS


class MomentInput(forms.DateTimeInput):
    """The browser's own date-and-time picker."""

    input_type = "datetime-local"

    def __init__(self, attrs=None):
        super().__init__(attrs, format="%Y-%m-%dT%H:%M")


class MomentField(forms.DateTimeField):
    """A date and time of this event's calendar: refused far from today, where time-zone arithmetic overflows."""

    widget = MomentInput

    def to_python(self, value):
        moment = super().to_python(value)
        if moment is not None and not 2000 <= moment.year <= 2200:
            raise forms.ValidationError("Give a date between the years 2000 and 2200.")
        return moment


class DeckSettingsForm(forms.Form):
    deck_lists_wanted = forms.BooleanField(
        required=False, label="Players register their deck lists",
        help_text="Policy #1, General 12: post the request at least 24 hours before the event starts.")
    sign_up_opens_at = MomentField(required=False, label="Public sign-up opens",
                                   help_text="Leave empty for no public sign-up.")
    sign_up_closes_at = MomentField(required=False, label="Public sign-up closes")
    sign_up_cap = forms.IntegerField(required=False, min_value=1, max_value=MAX_PLAYERS,
                                     label="At most this many players")
    deck_deadline = MomentField(required=False, label="Players may change their lists until",
                                help_text="Lists are fixed when the event starts in any case (General 12).")
    spot_checks_per_round = forms.IntegerField(
        required=False, min_value=0, max_value=MAX_SPOT_CHECKS, label="Decks checked at the tables each round",
        help_text="Drawn from the round's seed among the players with a list (General 12: spot checks). "
                  "Empty or 0 for none.")


class DeckListForm(forms.Form):
    text = forms.CharField(
        required=False, max_length=MAX_DECK_LIST_CHARACTERS, label="Deck list",
        widget=forms.Textarea(attrs={"rows": 18, "spellcheck": "false", "autocapitalize": "off"}),
        help_text="One card a line with its count (“3 Orc-patrol”), under headings: Pool, Resources, Hazards, "
                  "Sideboard, Sites. For two decks, start each with “Deck against hero” or “Deck against minion”.")
    file = forms.FileField(required=False, label="Or upload a deck file (.txt, .meccg, .dck)")

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload:
            if upload.size > DECK_FILE_BYTES:
                self.add_error("file", f"A deck file has at most {DECK_FILE_BYTES // 1024} KB.")
                return data
            data["text"] = read_upload(upload.read())
        if not data.get("text", "").strip() and not self.errors:
            self.add_error("text", "Paste or type the deck list, or choose a file.")
        return data


class CapabilityForm(forms.Form):
    capability = forms.ChoiceField(
        required=False, label="Deck capability",
        choices=[("", "As the list says"), ("one-ring", "Can destroy The One Ring"),
                 ("marshalling-points", "Marshalling points only")])
    note = forms.CharField(required=False, max_length=MAX_REASON_LENGTH, label="Why, when set by hand")


class SignUpForm(forms.Form):
    name = forms.CharField(max_length=MAX_NAME_LENGTH, label="Your name, as it should appear on the pairings",
                           widget=forms.TextInput(attrs={"autocomplete": "name"}))


class SpotCheckForm(forms.Form):
    matches = forms.TypedChoiceField(
        label="The deck at the table", widget=forms.RadioSelect, coerce=lambda value: value == "yes",
        choices=[("yes", "matches its list"), ("no", "differs from its list")])
    note = forms.CharField(required=False, max_length=MAX_REASON_LENGTH, label="What differed",
                           widget=forms.Textarea(attrs={"rows": 3}))


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
