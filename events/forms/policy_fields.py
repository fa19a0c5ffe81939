"""The parts of the house policy form (``policies.HousePolicyForm``): its limits, the fields given for
each game type, ratio band and tie-breaker place, their labels and help texts (what each released
text says where a field is left blank), the document's paths each field holds, and a kept
document's values in the fields.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import scoring
from scoring import (
    GAME_TYPES,
    MAX_GAME_POINTS,
    MAX_TIME_LIMIT_MINUTES,
    TIEBREAK_CRITERIA,
)

from ..models import GAME_TYPE_CHOICES, TIEBREAK_CHOICES

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# How the clauses cite each released text, to say what a blank field leaves.
CITED_AS = {"policy-1-1996": "Policy #1", "version-3-1998": "Version 3", "policy-4-2001": "Policy Number 4"}
# The three bands of tournament points by MP ratio, as the document lists them.
RATIO_BANDS = ("2", "15", "1")
# The changes this form has no field for, kept as they are when a policy is edited.
KEPT_CHANGES = ("rounds", "no_second_bye")


def time_field(game_type: str) -> str:
    """The form's field for one game type's time: ``time_two_deck``."""
    return "time_" + game_type.replace("-", "_")


def _by_text(read: Callable[[scoring.Policy], object]) -> str:
    """What each released text says, those that agree together: "Policy #1: 75; Version 3, Policy Number 4: 80"."""
    said: dict[str, list[str]] = {}
    for key, policy in scoring.POLICIES.items():
        said.setdefault(str(read(policy)), []).append(CITED_AS[key])
    return "; ".join(f"{', '.join(texts)}: {value}" for value, texts in said.items())


def _leaves(read: Callable[[scoring.Policy], object], before: StrOrPromise = "") -> str:
    values = _by_text(read)
    # Translators: %(values)s is what each released text says, as "Policy #1: 75; Policy Number 4: 80" (in English).
    leaves = _("Blank: the base text's (%(values)s).") % {"values": values}
    return f"{before} {leaves}" if before else leaves


# A help text saying what each released text holds, in the reader's language when shown.
blank_leaves = lazy(_leaves, str)


def half(value: Fraction) -> str:
    """Points of a released text in a help text: 3, or 3.5."""
    return str(float(value)).removesuffix(".0")


def points_field(label: StrOrPromise, help_text: StrOrPromise = "") -> forms.IntegerField:
    return forms.IntegerField(min_value=0, max_value=MAX_GAME_POINTS, required=False, label=label, help_text=help_text)


def half_points_field(label: StrOrPromise, help_text: StrOrPromise = "") -> forms.DecimalField:
    return forms.DecimalField(
        min_value=0,
        max_value=MAX_GAME_POINTS,
        max_digits=3,
        decimal_places=1,
        required=False,
        label=label,
        help_text=help_text,
        widget=forms.NumberInput(attrs={"step": "0.5", "inputmode": "decimal"}),
    )


def _time_label(game_type: StrOrPromise) -> str:
    # Translators: a game type's time limit, in the unit chosen beside it: "Two-deck game, time".
    return _("%(game_type)s, time") % {"game_type": game_type}


def _winner_label(band: StrOrPromise) -> str:
    # Translators: %(band)s is a band of MP ratios, as "ratio 2 or more".
    return _("Winner's points, %(band)s") % {"band": band}


def _loser_label(band: StrOrPromise) -> str:
    # Translators: %(band)s is a band of MP ratios, as "ratio 2 or more".
    return _("Loser's points, %(band)s") % {"band": band}


def _tiebreak_label(place: int) -> str:
    # Translators: the place of a criterion in the order of tie-breakers: "Tie-breaker 1".
    return _("Tie-breaker %(place)s") % {"place": place}


time_label, winner_label, loser_label, tiebreak_label = (
    lazy(_time_label, str),
    lazy(_winner_label, str),
    lazy(_loser_label, str),
    lazy(_tiebreak_label, str),
)


def numbers(text: str, most: int) -> list[int]:
    """A comma list of whole numbers (ASCII digits), or a ValidationError."""
    items = [item.strip() for item in text.split(",")]
    if len(items) > most or not all(item.isascii() and item.isdigit() and len(item) <= 3 for item in items):
        raise forms.ValidationError(
            _("Write whole numbers separated by commas, at most %(most)s of them, as 6, 5, 4.") % {"most": most}
        )
    return [int(item) for item in items]


def _time_of(game_type: str, policy: scoring.Policy) -> object:
    return policy.time_limits.get(game_type, "—")


def _band_of(index: int, policy: scoring.Policy) -> str:
    return "–".join(map(str, policy.ratio_points[index]))


def change_fields() -> dict[str, forms.Field]:
    """The fields of the changes given for each game type, band and place, in the order they are shown."""
    labels = dict(GAME_TYPE_CHOICES)
    fields: dict[str, forms.Field] = {}
    for game_type in GAME_TYPES:
        fields[time_field(game_type)] = forms.IntegerField(
            min_value=1,
            max_value=MAX_TIME_LIMIT_MINUTES,
            required=False,
            label=time_label(labels[game_type]),
            help_text=blank_leaves(functools.partial(_time_of, game_type)),
        )
    bands = {
        "2": gettext_lazy("ratio 2 or more"),
        "15": gettext_lazy("ratio 1.5 or more"),
        "1": gettext_lazy("ratio above 1"),
    }
    for index, band in enumerate(RATIO_BANDS):
        fields[f"ratio_{band}_winner"] = points_field(winner_label(bands[band]))
        fields[f"ratio_{band}_loser"] = points_field(
            loser_label(bands[band]),
            blank_leaves(functools.partial(_band_of, index)),
        )
    for place in range(1, len(TIEBREAK_CRITERIA) + 1):
        fields[f"tiebreak_{place}"] = forms.ChoiceField(
            choices=[("", "—"), *TIEBREAK_CHOICES],
            required=False,
            label=tiebreak_label(place),
        )
    return fields


def given(data: dict[str, Any], name: str, otherwise: Any) -> Any:
    """The field's value, or the base text's where it is blank."""
    value = data.get(name)
    return otherwise if value is None else value


def ratio_table(data: dict[str, Any], base: scoring.Policy) -> list[list[int]]:
    """The three bands of tournament points by MP ratio, (winner, loser) each: as given, or the base text's."""
    return [
        [given(data, f"ratio_{band}_{who}", base.ratio_points[i][j]) for j, who in enumerate(("winner", "loser"))]
        for i, band in enumerate(RATIO_BANDS)
    ]


def fraction(value: Any) -> Fraction:
    """Points typed (a Decimal) or the base text's (a Fraction), exactly."""
    return Fraction(str(value))


def json_points(value: Any) -> int | float:
    """Points as the document writes them: 3, or 3.5."""
    points = fraction(value)
    return int(points) if points.denominator == 1 else float(points)


# The order of the fields, those given per game type, band and place among the rest.
FIELD_ORDER = [
    "base",
    "key",
    "title",
    "date",
    "source",
    *(time_field(game_type) for game_type in GAME_TYPES),
    "warning_minutes",
    "byes",
    *(f"ratio_{band}_{who}" for band in RATIO_BANDS for who in ("winner", "loser")),
    "weakest_link_winner",
    "weakest_link_loser",
    "tie_points",
    "one_ring_two_deck",
    *(f"tiebreak_{place}" for place in range(1, len(TIEBREAK_CRITERIA) + 1)),
    "no_tiebreaks",
]

# The document's paths and the fields that hold them, the longest first (a path names its part).
_PATHS = sorted(
    {
        "key": "key",
        "title": "title",
        "date": "date",
        "source": "source",
        "base": "base",
        **{f"changes.time_limits.{g}": time_field(g) for g in GAME_TYPES},
        # A game type offered with no time: its list is where the coordinator looks.
        "changes.time_limits": "game_types",
        "changes.warning_minutes": "warning_minutes",
        "changes.bye_points_by_round": "byes",
        **{f"changes.ratio_points[{i}][1]": f"ratio_{band}_loser" for i, band in enumerate(RATIO_BANDS)},
        **{f"changes.ratio_points[{i}]": f"ratio_{band}_winner" for i, band in enumerate(RATIO_BANDS)},
        "changes.ratio_points": "ratio_2_winner",
        "changes.weakest_link_points[1]": "weakest_link_loser",
        "changes.weakest_link_points": "weakest_link_winner",
        "changes.tie_points": "tie_points",
        "changes.one_ring_points": "one_ring_two_deck",
        "changes.tiebreaks": "tiebreak_1",
        "changes.tie_resolutions": "tie_resolutions",
        "changes.game_types": "game_types",
        "changes.formats": "formats",
        "changes.banned_cards": "banned_cards",
        "changes.fan_sets": "fan_sets",
        # The rules beyond points and time (policy_rules.py).
        "changes.end_of_time": "end_of_time",
        "changes.deck_minimum": "deck_minimum",
        "changes.deck_maximum": "deck_maximum",
        "changes.sideboard_limits": "sideboard",
        "changes.copies": "copies",
        "changes.creature_minimum": "creature_minimum",
        "changes.one_ring_alignments": "one_ring_alignments",
        "changes.excluded_sets": "excluded_sets",
        "changes.organisers_play": "organisers_play",
    }.items(),
    key=lambda item: -len(item[0]),
)


def field_of(path: str) -> str | None:
    """The form field that holds the document's ``path``; None for what no field holds (shown at the top)."""
    return next((field for prefix, field in _PATHS if path == prefix or path.startswith(prefix)), None)


def initial_of(document: dict[str, Any]) -> dict[str, Any]:
    """The form's initial values for a kept document: each change in its field, blanks for the rest."""
    changes = document.get("changes", {})
    initial: dict[str, Any] = {name: document.get(name, "") for name in ("base", "key", "title", "date", "source")}
    for game_type, minutes in changes.get("time_limits", {}).items():
        initial[time_field(game_type)] = minutes
    initial["warning_minutes"] = changes.get("warning_minutes")
    if "bye_points_by_round" in changes:
        initial["byes"] = ", ".join(map(str, changes["bye_points_by_round"]))
    for i, band in enumerate(RATIO_BANDS):
        for j, who in enumerate(("winner", "loser")):
            if "ratio_points" in changes:
                initial[f"ratio_{band}_{who}"] = changes["ratio_points"][i][j]
    if changes.get("weakest_link_points"):
        initial["weakest_link_winner"], initial["weakest_link_loser"] = changes["weakest_link_points"]
    initial["tie_points"] = changes.get("tie_points")
    initial["one_ring_two_deck"] = changes.get("one_ring_points", {}).get("two-deck")
    order = changes.get("tiebreaks")
    if order is not None:
        initial["no_tiebreaks"] = not order
        initial.update({f"tiebreak_{place}": criterion for place, criterion in enumerate(order, start=1)})
    for name in ("tie_resolutions", "game_types", "formats"):
        initial[name] = changes.get(name, [])
    initial["banned_cards"] = "\n".join(changes.get("banned_cards", []))
    initial["fan_sets"] = ", ".join(changes.get("fan_sets", []))
    return initial
