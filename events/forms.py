"""Forms: they parse and check the shape of input; the services check the rules."""

from __future__ import annotations

import functools
from html import escape

from django import forms
from django.forms.utils import flatatt
from django.utils.html import format_html
from django.utils.safestring import mark_safe

import scoring
from scoring.json_text import read_json
from scoring.limits import (
    MAX_ADJUSTMENT_MINUTES,
    MAX_ARCHIVE_BYTES,
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    MAX_RANKING,
    MAX_REASON_LENGTH,
    MAX_ROUNDS,
    MAX_TABLE,
    MAX_USERNAME_LENGTH,
    MAX_VERSION,
    MP_LIMIT,
)
from scoring.results import FORFEIT_REASONS

from .models import (
    DECK_CAPABILITY_CHOICES,
    FIRST_ROUND_CHOICES,
    FORMAT_CHOICES,
    GAME_TYPE_CHOICES,
    POLICY_CHOICES,
    TIE_CHOICES,
    Game,
    Player,
)
from .roles import GIVEN_ROLES, STAFF


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


class EventForm(forms.Form):
    name = forms.CharField(max_length=MAX_NAME_LENGTH)
    date = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
    place = forms.CharField(max_length=MAX_NAME_LENGTH, required=False)
    policy = forms.ChoiceField(choices=POLICY_CHOICES, initial="policy-4-2001")
    game_type = forms.ChoiceField(choices=GAME_TYPE_CHOICES, initial="two-deck")
    format = forms.ChoiceField(choices=FORMAT_CHOICES, initial="general-opponent")
    tie_resolution = forms.ChoiceField(
        choices=TIE_CHOICES, initial="playoff", label="If players tie for the lead (posted in advance)"
    )
    first_round_pairing = forms.ChoiceField(choices=FIRST_ROUND_CHOICES, initial="random")
    players_report = forms.BooleanField(
        required=False, label="Players report their own results",
        help_text="Each player enters the result on their phone with the code on their result slip; "
                  "when both agree it stands, when they differ the table is flagged for staff "
                  "(Policy #1, General 17). Staff can always enter or correct a result.",
    )
    expected_players = forms.IntegerField(
        min_value=2, max_value=MAX_PLAYERS, initial=16, required=False, label="Players expected",
        help_text="Only to show what the policy implies; the real number is counted at the start.",
    )

    def values(self) -> dict:
        data = dict(self.cleaned_data)
        data.pop("expected_players", None)
        return data


class RegisterForm(forms.Form):
    names = forms.CharField(
        label="Player name", max_length=60_000, widget=forms.TextInput(attrs={"autocomplete": "off", "autofocus": True})
    )


class PasteForm(forms.Form):
    names = forms.CharField(
        label="Paste a list, one player per line", max_length=60_000, widget=forms.Textarea(attrs={"rows": 6})
    )


class PlayerForm(forms.Form):
    name = forms.CharField(max_length=MAX_NAME_LENGTH)
    deck_capability = forms.ChoiceField(
        choices=DECK_CAPABILITY_CHOICES, label="Deck capability",
        help_text="Sets the points an opponent's forfeit gives (Policy #1, General 18).",
    )
    avatar = forms.CharField(max_length=MAX_NAME_LENGTH, required=False,
                             label="Fallen-wizard (Fallen-wizard-only events)")
    ranking = forms.IntegerField(min_value=1, max_value=MAX_RANKING, required=False,
                                 label="Published ranking (1 is best)")


class StartForm(forms.Form):
    rounds = forms.IntegerField(min_value=1, max_value=MAX_ROUNDS, label="Swiss rounds")
    note = forms.CharField(max_length=MAX_REASON_LENGTH, required=False, label="Reason, if you depart from the policy")


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


class ResultForm(forms.Form):
    """One game's result in the form its policy needs; ``result()`` gives the engine's dict."""

    kind = forms.ChoiceField(label="How did the game end?", widget=forms.RadioSelect)
    mp_a = forms.IntegerField(required=False, min_value=-MP_LIMIT, max_value=MP_LIMIT)
    mp_b = forms.IntegerField(required=False, min_value=-MP_LIMIT, max_value=MP_LIMIT)
    weakest_link = forms.ChoiceField(required=False, label="Equal MP: who won the Weakest Link?")
    winner = forms.ChoiceField(required=False, label="Winner")
    reason = forms.ChoiceField(
        required=False,
        label="Why",
        choices=[("", "—")] + [(r, {"stall": "Stalling", "drop": "Dropped out mid-game", "cheat": "Cheating",
                                    "no-show": "Did not show up"}[r]) for r in FORFEIT_REASONS],
    )
    how = forms.ChoiceField(
        required=False, label="Decided by",
        choices=[("", "—"), ("victory", "Victory conditions"), ("rank", "Rank at the end")],
    )
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0, max_value=MAX_VERSION)
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, game: Game, **kwargs):
        super().__init__(*args, **kwargs)
        event = game.round.event
        policy = scoring.get_policy(event.policy)
        a, b = game.player_a.name, game.player_b.name
        self.fields["mp_a"].label = f"{a}: final MP"
        self.fields["mp_b"].label = f"{b}: final MP"
        scenario = event.game_type == "scenario"
        kinds = []
        if scenario:
            kinds.append(("scenario", "Scenario: victory conditions or rank"))
        else:
            kinds.append(("council", "Free Council (marshalling points)"))
            kinds.append(("one-ring", "The One Ring"))
            if policy.wizard_elimination_points is not None:
                kinds.append(("wizard-eliminated", "A Wizard was eliminated"))
            kinds.append(("tie", "Tie: both Wizards failed"))
        kinds.append(("forfeit", "Forfeit: conceded, dropped, ejected, stalled or absent"))
        self.fields["kind"].choices = kinds
        self.has_weakest_link = policy.weakest_link_points is not None and not scenario
        if self.has_weakest_link:
            self.fields["weakest_link"].choices = [("", "—"), ("a", a), ("b", b), ("none", "Nobody: all corrupted away")]
        else:
            # Policy Number 4 and scenario games have no Weakest Link: equal MP is a tie.
            del self.fields["weakest_link"]
        winners = [("", "—"), ("a", a), ("b", b)]
        if scenario:
            winners.append(("equal", "Equal rank"))
        self.fields["winner"].choices = winners
        self.fields["mp_a"].widget.attrs.update({"inputmode": "numeric"})
        self.fields["mp_b"].widget.attrs.update({"inputmode": "numeric"})

    def clean(self):
        data = super().clean()
        kind = data.get("kind")
        if kind == "council":
            for name in ("mp_a", "mp_b"):
                if data.get(name) is None and name not in self.errors:
                    self.add_error(name, "Enter the final marshalling points.")
        elif kind in ("one-ring", "wizard-eliminated", "forfeit", "scenario") and not data.get("winner"):
            self.add_error("winner", "Choose the winner.")
        if kind == "forfeit" and not data.get("reason"):
            self.add_error("reason", "Choose why the game was forfeited.")
        if kind == "scenario" and not data.get("how"):
            self.add_error("how", "Choose how the scenario was decided.")
        return data

    def result(self) -> dict:
        """The engine's result dict, seen from player_a and player_b."""
        data = self.cleaned_data
        kind = data["kind"]
        side = {"a": 0, "b": 1, "none": None, "equal": None}
        if kind == "council":
            result = {"kind": "council", "mp": [data["mp_a"], data["mp_b"]]}
            if data.get("weakest_link"):
                result["weakest_link"] = side[data["weakest_link"]]
            return result
        if kind == "tie":
            return {"kind": "tie"}
        if kind == "forfeit":
            return {"kind": "forfeit", "winner": side[data["winner"]], "reason": data["reason"]}
        if kind == "scenario":
            return {"kind": "scenario", "winner": side[data["winner"]], "how": data["how"]}
        return {"kind": kind, "winner": side[data["winner"]]}


def result_initial(game: Game, result: dict | None = None) -> dict:
    """The result form's starting values: ``result``, else the game's saved result."""
    initial = {"version": game.version, "kind": "scenario" if game.round.event.game_type == "scenario" else "council"}
    result = result or game.result or {}
    side = {0: "a", 1: "b", None: "none"}
    if result:
        initial["kind"] = result["kind"]
        if "mp" in result:
            initial["mp_a"], initial["mp_b"] = result["mp"]
        if "weakest_link" in result:
            initial["weakest_link"] = side[result["weakest_link"]]
        if "winner" in result:
            initial["winner"] = side[result["winner"]] if result["winner"] is not None else "equal"
        initial.update({k: result[k] for k in ("reason", "how") if k in result})
    return initial


class ReportCodeForm(forms.Form):
    code = forms.CharField(
        label="Your code from the result slip", max_length=12,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}),
    )


class PlayerReportForm(ResultForm):
    """A player's own report: the staff's result form with the slip's code instead of a version."""

    code = forms.CharField(max_length=12, widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        del self.fields["version"]


class CouncilForm(forms.Form):
    """The Free Council calculator: each player's points by category (CRF 10)."""

    CATEGORIES = (
        ("character", "Characters"),
        ("item", "Items"),
        ("faction", "Factions"),
        ("ally", "Allies"),
        ("kill", "Kill"),
        ("misc", "Miscellaneous"),
        ("minus", "Subtracted (unique cards revealed from hand...)"),
    )

    def __init__(self, *args, game: Game, **kwargs):
        super().__init__(*args, **kwargs)
        self.sides = []
        for side, player in (("a", game.player_a), ("b", game.player_b)):
            names = []
            for key, label in self.CATEGORIES:
                name = f"{side}_{key}"
                self.fields[name] = forms.IntegerField(
                    label=label, required=False, min_value=-MP_LIMIT if key != "minus" else 0, max_value=MP_LIMIT,
                    widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                )
                names.append(name)
            name = f"{side}_avatar_eliminated"
            self.fields[name] = forms.BooleanField(required=False, label="Avatar eliminated")
            names.append(name)
            self.sides.append((player, [self[n] for n in names]))

    def sheets(self) -> tuple[dict, dict]:
        data = self.cleaned_data
        out = []
        for side in ("a", "b"):
            sheet = {key: data.get(f"{side}_{key}") or 0 for key, _ in self.CATEGORIES}
            sheet["avatar_eliminated"] = bool(data.get(f"{side}_avatar_eliminated"))
            out.append(sheet)
        return out[0], out[1]


class StaffForm(forms.Form):
    username = forms.CharField(max_length=MAX_USERNAME_LENGTH, label="User name")
    password = forms.CharField(
        required=False, label="Password (only to create a new account)",
        widget=forms.PasswordInput(render_value=False, attrs={"autocomplete": "new-password"}),
    )
    role = forms.ChoiceField(choices=GIVEN_ROLES, initial=STAFF)


class RoundsForm(forms.Form):
    rounds = forms.IntegerField(min_value=1, max_value=MAX_ROUNDS, label="Swiss rounds")
    note = forms.CharField(max_length=MAX_REASON_LENGTH, required=False, label="Reason")


class CloseForm(forms.Form):
    playoff_winner = forms.ModelChoiceField(queryset=Player.objects.none(), required=False,
                                            label="Winner of the playoff")
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["playoff_winner"].queryset = players


class ImportForm(forms.Form):
    archive = forms.FileField(label="Archive file (council-archive/1 JSON)")

    def clean_archive(self):
        upload = self.cleaned_data["archive"]
        if upload.size > MAX_ARCHIVE_BYTES:
            raise forms.ValidationError(f"The file is larger than {MAX_ARCHIVE_BYTES // (1024 * 1024)} MB.")
        try:
            return read_json(upload.read().decode("utf-8"), "it")
        except UnicodeDecodeError:
            raise forms.ValidationError("This is not a JSON file: it is not UTF-8 text.") from None
        except scoring.RuleError as error:
            raise forms.ValidationError(f"This is not a JSON file Council can read: {error.message}.") from None


class AuditFilterForm(forms.Form):
    """Narrows the audit log (queries/record.py); every field is optional and an empty one does not narrow."""

    action = forms.ChoiceField(required=False, label="Change")
    round = forms.IntegerField(required=False, min_value=1, max_value=MAX_ROUNDS, label="Round")
    table = forms.IntegerField(required=False, min_value=1, max_value=MAX_TABLE, label="Table")
    actor = forms.ChoiceField(required=False, label="By")

    def __init__(self, *args, actions, actors, **kwargs):
        super().__init__(*args, **kwargs)
        kinds = sorted({action.split(".")[0] for action in actions})
        self.fields["action"].choices = (
            [("", "Every change")] + [(f"{kind}.", f"All {kind}") for kind in kinds]
            + [(action, action) for action in actions]
        )
        self.fields["actor"].choices = [("", "Anyone")] + [(label, label) for label in actors]
