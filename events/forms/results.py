"""Result forms: staff entry, players' own reports and the Free Council calculator."""

from __future__ import annotations

from typing import Any

from django import forms
from django.forms import BoundField
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import FORFEIT_REASONS, MAX_VERSION, MP_LIMIT

from ..models import (
    Game,
    Player,
)
from .base import form_field


class ResultForm(forms.Form):
    """One game's result in the form its policy needs; ``result()`` gives the engine's dict."""

    kind = forms.ChoiceField(label=gettext_lazy("How did the game end?"), widget=forms.RadioSelect)
    mp_a = forms.IntegerField(required=False, min_value=-MP_LIMIT, max_value=MP_LIMIT)
    mp_b = forms.IntegerField(required=False, min_value=-MP_LIMIT, max_value=MP_LIMIT)
    weakest_link = forms.ChoiceField(required=False, label=gettext_lazy("Equal MP: who won the Weakest Link?"))
    winner = forms.ChoiceField(required=False, label=gettext_lazy("Winner"))
    reason = forms.ChoiceField(
        required=False,
        label=gettext_lazy("Why"),
        choices=[("", "—")]
        + [
            (
                r,
                {
                    "stall": gettext_lazy("Stalling"),
                    "drop": gettext_lazy("Dropped out mid-game: leaves the event"),
                    "cheat": gettext_lazy("Cheating: ejected from the event"),
                    "no-show": gettext_lazy("Did not show up"),
                }[r],
            )
            for r in FORFEIT_REASONS
        ],
    )
    how = forms.ChoiceField(
        required=False,
        label=gettext_lazy("Decided by"),
        choices=[("", "—"), ("victory", gettext_lazy("Victory conditions")), ("rank", gettext_lazy("Rank at the end"))],
    )
    roll_winner = forms.ChoiceField(
        required=False,
        label=gettext_lazy("A level game: who won the dice roll?"),
        help_text=gettext_lazy(
            "In elimination a tied game goes to the higher roll of the dice (Policy #1, General 5 and 6)."
        ),
    )
    version = forms.IntegerField(
        widget=forms.HiddenInput, min_value=0, max_value=MAX_VERSION, label=gettext_lazy("Version of the result")
    )
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    # Staff and the coordinator rule on a game neither player played; a player's own report does not.
    rules_on_unplayed_games = True

    def __init__(self, *args: Any, game: Game, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        event = game.round.event
        policy = event.rules
        a, b = game.player_a.name, game.player_b.name
        self.fields["mp_a"].label = _("%(player)s: final MP") % {"player": a}
        self.fields["mp_b"].label = _("%(player)s: final MP") % {"player": b}
        scenario = event.game_type == "scenario"
        kinds = []
        if scenario:
            kinds.append(("scenario", _("Scenario: victory conditions or rank")))
        else:
            kinds.append(("council", _("Free Council (marshalling points)")))
            kinds.append(("one-ring", _("The One Ring")))
            if policy.wizard_elimination_points is not None:
                kinds.append(("wizard-eliminated", _("A Wizard was eliminated")))
            if policy.simultaneous_elimination_ties:
                kinds.append(("tie", _("Tie: both avatars eliminated at once")))
        kinds.append(("forfeit", _("Forfeit: dropped out, cheating, stalling or did not show up")))
        if self.rules_on_unplayed_games and not game.round.is_elimination:
            # An elimination game needs a winner.
            kinds.append(("double-loss", _("Double loss: neither player played the game")))
        form_field(self, "kind", forms.ChoiceField).choices = kinds
        self.has_weakest_link = policy.weakest_link_points is not None and not scenario
        if self.has_weakest_link:
            form_field(self, "weakest_link", forms.ChoiceField).choices = [
                ("", "—"),
                ("a", a),
                ("b", b),
                ("none", _("Nobody: all corrupted away")),
            ]
        else:
            # Policy Number 4 and scenario games have no Weakest Link: equal MP is a tie.
            del self.fields["weakest_link"]
        winners = [("", "—"), ("a", a), ("b", b)]
        if scenario:
            winners.append(("equal", _("Equal rank")))
        form_field(self, "winner", forms.ChoiceField).choices = winners
        if game.round.is_elimination:
            form_field(self, "roll_winner", forms.ChoiceField).choices = [("", "—"), ("a", a), ("b", b)]
        else:
            del self.fields["roll_winner"]
        self.fields["mp_a"].widget.attrs.update({"inputmode": "numeric"})
        self.fields["mp_b"].widget.attrs.update({"inputmode": "numeric"})

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None  # Form.clean gives its cleaned_data
        kind = data.get("kind")
        if kind == "council":
            for name in ("mp_a", "mp_b"):
                if data.get(name) is None and name not in self.errors:
                    self.add_error(name, _("Enter the final marshalling points."))
        elif kind in ("one-ring", "wizard-eliminated", "forfeit", "scenario") and not data.get("winner"):
            self.add_error("winner", _("Choose the winner."))
        if kind == "forfeit" and not data.get("reason"):
            self.add_error("reason", _("Choose why the game was forfeited."))
        if kind == "scenario" and not data.get("how"):
            self.add_error("how", _("Choose how the scenario was decided."))
        return data

    def result(self) -> dict[str, Any]:
        """The engine's result dict, seen from player_a and player_b, with the dice roll's winner when given."""
        result = self._result()
        if self.cleaned_data.get("roll_winner"):
            result["roll_winner"] = {"a": 0, "b": 1}[self.cleaned_data["roll_winner"]]
        return result

    def _result(self) -> dict[str, Any]:
        data = self.cleaned_data
        kind = data["kind"]
        side = {"a": 0, "b": 1, "none": None, "equal": None}
        if kind == "council":
            result: dict[str, Any] = {"kind": "council", "mp": [data["mp_a"], data["mp_b"]]}
            if data.get("weakest_link"):
                result["weakest_link"] = side[data["weakest_link"]]
            return result
        if kind in ("tie", "double-loss"):
            return {"kind": kind}
        if kind == "forfeit":
            return {"kind": "forfeit", "winner": side[data["winner"]], "reason": data["reason"]}
        if kind == "scenario":
            return {"kind": "scenario", "winner": side[data["winner"]], "how": data["how"]}
        return {"kind": kind, "winner": side[data["winner"]]}


def result_initial(game: Game, result: dict[str, Any] | None = None) -> dict[str, Any]:
    """The result form's starting values: ``result``, else the game's saved result."""
    initial: dict[str, Any] = {
        "version": game.version,
        "kind": "scenario" if game.round.event.game_type == "scenario" else "council",
    }
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
        if "roll_winner" in result:
            initial["roll_winner"] = side[result["roll_winner"]]
    return initial


class ReportCodeForm(forms.Form):
    code = forms.CharField(
        label=gettext_lazy("Your own report code"),
        max_length=12,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}),
    )


class PlayerReportForm(ResultForm):
    """A player's own report: the staff's result form with the slip's code instead of a version."""

    code = forms.CharField(max_length=12, widget=forms.HiddenInput)
    rules_on_unplayed_games = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        del self.fields["version"]


class CouncilForm(forms.Form):
    """The Free Council calculator: each player's points by category (CRF 10)."""

    CATEGORIES = (
        ("character", gettext_lazy("Characters")),
        ("item", gettext_lazy("Items")),
        ("faction", gettext_lazy("Factions")),
        ("ally", gettext_lazy("Allies")),
        # Translators: marshalling points for creatures killed (the rulesbook's "kill" points).
        ("kill", gettext_lazy("Kill")),
        ("misc", gettext_lazy("Miscellaneous")),
        ("minus", gettext_lazy("Subtracted (unique cards revealed from hand...)")),
    )

    def __init__(self, *args: Any, game: Game, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sides: list[tuple[Player, list[BoundField]]] = []
        for side, player in (("a", game.player_a), ("b", game.player_b)):
            names = []
            for key, label in self.CATEGORIES:
                name = f"{side}_{key}"
                self.fields[name] = forms.IntegerField(
                    label=label,
                    required=False,
                    min_value=-MP_LIMIT if key != "minus" else 0,
                    max_value=MP_LIMIT,
                    widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                )
                names.append(name)
            name = f"{side}_avatar_eliminated"
            self.fields[name] = forms.BooleanField(required=False, label=gettext_lazy("Avatar eliminated"))
            names.append(name)
            self.sides.append((player, [self[n] for n in names]))

    def sheets(self) -> tuple[dict[str, Any], dict[str, Any]]:
        data = self.cleaned_data
        out: list[dict[str, Any]] = []
        for side in ("a", "b"):
            sheet = {key: data.get(f"{side}_{key}") or 0 for key, _ in self.CATEGORIES}
            sheet["avatar_eliminated"] = bool(data.get(f"{side}_avatar_eliminated"))
            out.append(sheet)
        return out[0], out[1]
