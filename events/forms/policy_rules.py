"""The house policy form's fields for the rules beyond points and time: what a deck may hold, what
happens when time is called, who of those who run the event may play, and the unit the time limits
are written in (minutes, or hours and days for a round played online).

``rule_fields`` gives the fields, ``rule_changes`` the document's changes from the cleaned values,
``rule_initial`` a kept document's changes in the fields; ``policies.HousePolicyForm`` holds them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import GAME_TYPES, MAX_COPIES, MAX_DECK_CARDS, MAX_FAN_SETS, MAX_NAME_LENGTH, MAX_TIME_LIMIT_MINUTES

from ..i18n import duration
from ..models import DECK_ALIGNMENT_CHOICES, END_OF_TIME_CHOICES, ORGANISERS_PLAY_CHOICES
from .policy_fields import blank_leaves

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# The units a time limit may be written in, in minutes each.
TIME_UNITS = {"minutes": 1, "hours": 60, "days": 24 * 60}
TIME_UNIT_CHOICES = [
    ("minutes", gettext_lazy("Minutes")),
    ("hours", gettext_lazy("Hours")),
    ("days", gettext_lazy("Days")),
]
# Starter rules have no sideboard (the rulesbook): the one sideboard field sets every other game type's.
STARTER = ("one-deck-starter", "sealed-starter")
SIDEBOARD_GAME_TYPES = tuple(g for g in GAME_TYPES if g not in STARTER)


def _cards_field(label: StrOrPromise, help_text: StrOrPromise, minimum: int = 0) -> forms.IntegerField:
    return forms.IntegerField(
        min_value=minimum, max_value=MAX_DECK_CARDS, required=False, label=label, help_text=help_text
    )


def _blank_choice(choices: list[tuple[str, StrOrPromise]]) -> list[tuple[str, StrOrPromise]]:
    return [("", gettext_lazy("The base text's")), *choices]


def rule_fields() -> dict[str, forms.Field]:
    """The fields, in the order the form shows them."""
    return {
        "time_unit": forms.ChoiceField(
            choices=TIME_UNIT_CHOICES,
            initial="minutes",
            required=False,  # minutes when not given
            label=gettext_lazy("The time limits above are in"),
            help_text=gettext_lazy("Hours or days for rounds played online; the base texts' times are in minutes."),
        ),
        "end_of_time": forms.ChoiceField(
            choices=_blank_choice(END_OF_TIME_CHOICES),
            required=False,
            label=gettext_lazy("When time is called"),
        ),
        "deck_minimum": _cards_field(
            gettext_lazy("Play deck: least resources, and least hazards"),
            blank_leaves(
                lambda p: p.deck_rules.minimum,
                gettext_lazy("Characters count as resources; a sealed deck keeps its own 25 and 25."),
            ),
        ),
        "deck_maximum": _cards_field(
            gettext_lazy("Play deck: most cards"),
            gettext_lazy("Blank: no most (the released texts set none). Not for sealed decks."),
            minimum=1,
        ),
        "sideboard": _cards_field(
            gettext_lazy("Sideboard: most cards, every game type but starter"),
            gettext_lazy(
                "Blank: the base text's by game type (a two-deck game: Policy #1 and Version 3, 20; "
                "Policy Number 4, 30)."
            ),
        ),
        "copies": forms.IntegerField(
            min_value=1,
            max_value=MAX_COPIES,
            required=False,
            label=gettext_lazy("Most copies of a card that is neither unique nor a Wizard"),
            help_text=blank_leaves(lambda p: p.deck_rules.copies),
        ),
        "creature_minimum": _cards_field(
            gettext_lazy("Least creatures in a play deck"),
            blank_leaves(lambda p: p.deck_rules.creatures or 0, gettext_lazy("0: no minimum.")),
        ),
        "sideboard_reset": forms.BooleanField(
            required=False, label=gettext_lazy("Back to the base text's sideboard for every game type")
        ),
        "one_ring_alignments": forms.MultipleChoiceField(
            choices=DECK_ALIGNMENT_CHOICES,
            required=False,
            widget=forms.CheckboxSelectMultiple,
            label=gettext_lazy("Only decks of these alignments may play The One Ring"),
            help_text=gettext_lazy("None ticked: any deck, as the released texts."),
        ),
        "no_one_ring": forms.BooleanField(required=False, label=gettext_lazy("No deck may play The One Ring")),
        "excluded_sets": forms.CharField(
            max_length=MAX_FAN_SETS * (MAX_NAME_LENGTH + 2),
            required=False,
            label=gettext_lazy("Printed sets left out, by code, separated by commas"),
            help_text=gettext_lazy("As TW, TD, DM, LE, AS, WH, BA. The released texts allow every printed set."),
            widget=forms.TextInput(attrs={"autocapitalize": "characters", "spellcheck": "false", "translate": "no"}),
        ),
        "organisers_play": forms.ChoiceField(
            choices=_blank_choice(ORGANISERS_PLAY_CHOICES),
            required=False,
            label=gettext_lazy("Those who run the event"),
            help_text=gettext_lazy(
                "The base text's: coordinators and staff may play when a second person rules on their games."
            ),
        ),
    }


RULE_FIELD_NAMES = tuple(rule_fields())


def set_codes(text: str) -> list[str]:
    """Set codes as written in the card index (capitals), or a ValidationError past the most."""
    codes = [code.strip().upper() for code in text.split(",") if code.strip()]
    if len(codes) > MAX_FAN_SETS:
        raise forms.ValidationError(_("At most %(most)s sets.") % {"most": MAX_FAN_SETS})
    return codes


def in_minutes(value: int | None, unit: str, field: str, form: forms.Form) -> int | None:
    """A time limit as typed, in minutes; an error beside ``field`` past the longest the engine takes."""
    if value is None:
        return None
    minutes = value * TIME_UNITS.get(unit, 1)
    if minutes > MAX_TIME_LIMIT_MINUTES:
        form.add_error(field, _("At most %(most)s.") % {"most": duration(MAX_TIME_LIMIT_MINUTES)})
        return None
    return minutes


def time_unit_of(limits: dict[str, int]) -> str:
    """The largest unit every kept time limit is a whole number of: how the form shows them."""
    for unit in ("days", "hours"):
        if limits and all(minutes % TIME_UNITS[unit] == 0 for minutes in limits.values()):
            return unit
    return "minutes"


def rule_changes(data: dict[str, Any], kept: dict[str, Any]) -> dict[str, Any]:
    """The changes the rule fields set; ``kept`` is the document's sideboard by game type, kept where
    the one field is blank."""
    changes: dict[str, Any] = {}
    for name in ("end_of_time", "organisers_play"):
        if data.get(name):
            changes[name] = data[name]
    for name in ("deck_minimum", "deck_maximum", "copies", "creature_minimum"):
        if data.get(name) is not None:
            changes[name] = data[name]
    if data.get("sideboard") is not None:
        changes["sideboard_limits"] = dict.fromkeys(SIDEBOARD_GAME_TYPES, data["sideboard"])
    elif kept and not data.get("sideboard_reset"):
        changes["sideboard_limits"] = kept
    if data.get("no_one_ring"):
        changes["one_ring_alignments"] = []
    elif data.get("one_ring_alignments"):
        changes["one_ring_alignments"] = list(data["one_ring_alignments"])
    if data.get("excluded_sets"):
        changes["excluded_sets"] = data["excluded_sets"]
    return changes


def rule_initial(changes: dict[str, Any]) -> dict[str, Any]:
    """A kept document's changes in the rule fields (a sideboard by game type shows when all agree)."""
    initial: dict[str, Any] = {name: changes.get(name) for name in ("deck_minimum", "deck_maximum", "copies")}
    initial["creature_minimum"] = changes.get("creature_minimum")
    initial["end_of_time"] = changes.get("end_of_time", "")
    initial["organisers_play"] = changes.get("organisers_play", "")
    sideboard = changes.get("sideboard_limits", {})
    initial["sideboard"] = next(iter(sideboard.values())) if sideboard and not kept_sideboard(changes) else None
    initial["one_ring_alignments"] = changes.get("one_ring_alignments") or []
    initial["no_one_ring"] = changes.get("one_ring_alignments") == []
    initial["excluded_sets"] = ", ".join(changes.get("excluded_sets", []))
    return initial


def kept_sideboard(changes: dict[str, Any]) -> dict[str, Any]:
    """A sideboard by game type the one field cannot show, kept as it is: any but one number for exactly
    the game types the field sets (a document may limit one game type, or a starter game)."""
    sideboard = changes.get("sideboard_limits", {})
    uniform = set(sideboard) == set(SIDEBOARD_GAME_TYPES) and len(set(sideboard.values())) == 1
    return {} if not sideboard or uniform else dict(sideboard)
