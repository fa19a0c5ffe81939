"""The form of a house policy: a released text to build from, and the values it changes.

Every change is optional: a blank field changes nothing, and the document the form
builds (``document()``, ``council-house-policy/1``) holds only the changes the coordinator
set. The form checks the shape of each value; the engine checks the document
(``scoring.house_policy_problems``, through ``services.save_house_policy``), and each
problem it names by its path (``changes.time_limits.two-deck``) is shown beside the
field that holds it (``field_of``). The fields given per game type, band and place, and
the paths, are ``policy_fields``'.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import scoring
from scoring import (
    GAME_TYPES,
    HOUSE_POLICY_FORMAT,
    MAX_BANNED_CARDS,
    MAX_FAN_SETS,
    MAX_HOUSE_KEY_LENGTH,
    MAX_NAME_LENGTH,
    MAX_ROUNDS,
    MAX_SOURCE_LENGTH,
    MAX_TIME_LIMIT_MINUTES,
    TIEBREAK_CRITERIA,
)

from ..models import FORMAT_CHOICES, GAME_TYPE_CHOICES, POLICY_CHOICES, TIE_CHOICES
from .base import MarkedSelect
from .policy_fields import (
    FIELD_ORDER,
    KEPT_CHANGES,
    RATIO_BANDS,
    blank_leaves,
    change_fields,
    field_of,
    fraction,
    given,
    half,
    half_points_field,
    initial_of,
    json_points,
    numbers,
    points_field,
    ratio_table,
    time_field,
)
from .policy_rules import (
    RULE_FIELD_NAMES,
    TIME_UNITS,
    in_minutes,
    kept_sideboard,
    rule_changes,
    rule_fields,
    rule_initial,
    set_codes,
    time_unit_of,
)


def initial_in_fields(document: dict[str, Any]) -> dict[str, Any]:
    """A document (kept, or a starting point) in the form's fields: its time limits in the largest unit
    that writes them all whole."""
    changes = document.get("changes", {})
    initial = {**initial_of(document), **rule_initial(changes)}
    unit = time_unit_of(changes.get("time_limits", {}))
    initial["time_unit"] = unit
    for game_type, minutes in changes.get("time_limits", {}).items():
        initial[time_field(game_type)] = minutes // TIME_UNITS[unit]
    return initial


class HousePolicyForm(forms.Form):
    base = forms.ChoiceField(
        choices=POLICY_CHOICES,
        initial="policy-4-2001",
        label=gettext_lazy("Built from"),
        help_text=gettext_lazy("Everything this policy does not change is this text's, clause and all."),
        widget=MarkedSelect(marks=lambda value: {"lang": "en"} if value else {}),
    )
    key = forms.CharField(
        max_length=MAX_HOUSE_KEY_LENGTH,
        label=gettext_lazy("Key"),
        help_text=gettext_lazy(
            "How archives and the event form name it: 1 to 32 lowercase letters, digits and hyphens, as online-2024."
        ),
        widget=forms.TextInput(attrs={"autocapitalize": "none", "spellcheck": "false", "translate": "no"}),
    )
    title = forms.CharField(max_length=MAX_NAME_LENGTH, label=gettext_lazy("Title"))
    date = forms.DateField(
        required=False, widget=forms.DateInput(attrs={"type": "date"}), label=gettext_lazy("Date posted")
    )
    source = forms.CharField(
        max_length=MAX_SOURCE_LENGTH,
        required=False,
        label=gettext_lazy("Where it is posted"),
        help_text=gettext_lazy("An address or a document's name."),
    )
    warning_minutes = forms.IntegerField(
        min_value=0,
        max_value=MAX_TIME_LIMIT_MINUTES,
        required=False,
        label=gettext_lazy("Time announced, minutes before the end"),
        help_text=blank_leaves(lambda p: p.warning_minutes),
    )
    byes = forms.CharField(
        max_length=MAX_ROUNDS * 5,
        required=False,
        label=gettext_lazy("Points for a bye, by round"),
        help_text=blank_leaves(
            lambda p: ", ".join(map(str, p.bye_points_by_round)),
            gettext_lazy("Round 1, round 2 and so on, separated by commas; the last repeats."),
        ),
    )
    weakest_link_winner = half_points_field(gettext_lazy("Weakest Link: the winner's points"))
    weakest_link_loser = half_points_field(
        gettext_lazy("Weakest Link: the loser's points"),
        blank_leaves(
            lambda p: "–".join(map(half, p.weakest_link_points or ())) or "—",
            gettext_lazy("Whole or half points."),
        ),
    )
    tie_points = points_field(gettext_lazy("Points each for a tied game"), blank_leaves(lambda p: p.tie_points))
    one_ring_two_deck = points_field(
        gettext_lazy("Points for destroying The One Ring, two-deck game"),
        blank_leaves(lambda p: p.one_ring_points.get("two-deck", "—")),
    )
    no_tiebreaks = forms.BooleanField(
        required=False, label=gettext_lazy("No tie-breakers: players tied on points stay tied")
    )
    tie_resolutions = forms.MultipleChoiceField(
        choices=TIE_CHOICES,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=gettext_lazy("What may be posted for a tied lead"),
        help_text=gettext_lazy("None ticked: the base text's."),
    )
    game_types = forms.MultipleChoiceField(
        choices=GAME_TYPE_CHOICES,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=gettext_lazy("Game types offered"),
        help_text=gettext_lazy("None ticked: the base text's (Policy #1 has no challenge deck game)."),
    )
    formats = forms.MultipleChoiceField(
        choices=FORMAT_CHOICES,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=gettext_lazy("Formats offered"),
        help_text=gettext_lazy(
            "None ticked: the base text's (Policy #1: one deck each; the later texts: the other four). "
            "The first ticked is a new event's."
        ),
    )
    banned_cards = forms.CharField(
        max_length=MAX_BANNED_CARDS * (MAX_NAME_LENGTH + 2),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        label=gettext_lazy("Banned cards, one per line"),
        help_text=gettext_lazy("The released texts ban none."),
    )
    fan_sets = forms.CharField(
        max_length=MAX_FAN_SETS * (MAX_NAME_LENGTH + 2),
        required=False,
        label=gettext_lazy("Fan sets allowed, by code, separated by commas"),
        help_text=gettext_lazy("The released texts allow none: only cards ICE printed (Policy #1, General 11)."),
        widget=forms.TextInput(attrs={"autocapitalize": "characters", "spellcheck": "false", "translate": "no"}),
    )

    shared = forms.BooleanField(
        required=False,
        label=gettext_lazy("Share it: every coordinator on this server may run events under it"),
        help_text=gettext_lazy(
            "As a national body's policy for its season. Only you (and the server's administrators) can change it."
        ),
    )

    def __init__(self, *args: Any, document: dict[str, Any] | None = None, **kwargs: Any) -> None:
        """``document`` is the kept policy being edited: its key stays, and the changes this form has no
        field for (the Number of Rounds table, a second bye, The One Ring's points beyond the two-deck
        game) are kept as they are."""
        changes = (document or {}).get("changes", {})
        if document is not None:
            kwargs["initial"] = {**initial_in_fields(document), **(kwargs.get("initial") or {})}
        super().__init__(*args, **kwargs)
        self.kept_changes = {name: changes[name] for name in KEPT_CHANGES if name in changes}
        self.kept_sideboard = kept_sideboard(changes)
        if not self.kept_sideboard:
            del self.fields["sideboard_reset"]  # nothing kept that the one field cannot show
        # The One Ring's points of the game types this form has no field for, kept as they are.
        self.kept_one_ring = {g: v for g, v in changes.get("one_ring_points", {}).items() if g != "two-deck"}
        if document is not None:
            self.fields["key"].disabled = True

    # The groups of fields, as the template shows them.
    def time_fields(self) -> list[forms.BoundField]:
        return [self[time_field(game_type)] for game_type in GAME_TYPES]

    def ratio_fields(self) -> list[forms.BoundField]:
        return [self[f"ratio_{band}_{who}"] for band in RATIO_BANDS for who in ("winner", "loser")]

    def tiebreak_fields(self) -> list[forms.BoundField]:
        return [self[f"tiebreak_{place}"] for place in range(1, len(TIEBREAK_CRITERIA) + 1)]

    def kept_sideboard_words(self) -> str:
        """The sideboard by game type that the one field cannot show, as "Two-deck game: 25; …"."""
        labels = dict(GAME_TYPE_CHOICES)
        return "; ".join(f"{labels[game_type]}: {cards}" for game_type, cards in self.kept_sideboard.items())

    def field_of(self, path: str) -> str | None:
        """The field that holds the document's ``path`` (``changes.time_limits.two-deck``), as the engine names it."""
        return field_of(path)

    def clean_byes(self) -> list[int] | None:
        text = self.cleaned_data["byes"].strip()
        return numbers(text, MAX_ROUNDS) if text else None

    def clean_banned_cards(self) -> list[str]:
        names = [line.strip() for line in self.cleaned_data["banned_cards"].splitlines() if line.strip()]
        if len(names) > MAX_BANNED_CARDS:
            raise forms.ValidationError(_("At most %(most)s cards.") % {"most": MAX_BANNED_CARDS})
        return names

    def clean_fan_sets(self) -> list[str]:
        # Set codes are written in capitals in the card index (FB, DF, NE).
        return set_codes(self.cleaned_data["fan_sets"])

    def clean_excluded_sets(self) -> list[str]:
        return set_codes(self.cleaned_data["excluded_sets"])

    def clean(self) -> dict[str, Any] | None:
        data = super().clean() or {}
        # The time limits as the engine takes them, in minutes, whatever unit they were typed in.
        for game_type in GAME_TYPES:
            name = time_field(game_type)
            data[name] = in_minutes(data.get(name), data.get("time_unit") or "minutes", name, self)
        for name in ("weakest_link_winner", "weakest_link_loser"):
            value = data.get(name)
            if value is not None and (value * 2) % 1:
                self.add_error(name, _("Whole or half points only, as 3 or 3.5."))
        if data.get("no_one_ring") and data.get("one_ring_alignments"):
            self.add_error("no_one_ring", _("Tick the alignments that may play it, or this, not both."))
        self._check_tiebreaks(data)
        base = scoring.POLICIES.get(data.get("base", ""))
        if base is not None and not self.errors:
            self._check_against(base, data)
        return data

    def _check_tiebreaks(self, data: dict[str, Any]) -> None:
        seen: set[str] = set()
        for bound in self.tiebreak_fields():
            criterion = data.get(bound.name)
            if criterion and criterion in seen:
                self.add_error(bound.name, _("This criterion is already in the order."))
            elif criterion and data.get("no_tiebreaks"):
                self.add_error(bound.name, _("Leave the order empty when there are no tie-breakers."))
            seen.add(criterion or "")

    def _check_against(self, base: scoring.Policy, data: dict[str, Any]) -> None:
        """What the values mean together, with the base text's where a field is blank: the message beside
        the field, in words rather than the engine's paths."""
        bands = ratio_table(data, base)
        for band, (winner, loser) in zip(RATIO_BANDS, bands, strict=True):
            if winner < loser:
                self.add_error(f"ratio_{band}_loser", _("The loser would get more points than the winner."))
        if not self.errors and not bands[0][0] >= bands[1][0] >= bands[2][0]:
            self.add_error("ratio_2_winner", _("A better ratio would give the winner fewer points."))
        link_winner, link_loser = data.get("weakest_link_winner"), data.get("weakest_link_loser")
        if (link_winner is None) != (link_loser is None) and base.weakest_link_points is None:
            missing = "weakest_link_loser" if link_loser is None else "weakest_link_winner"
            self.add_error(missing, _("The base text has no Weakest Link: give both the winner's and the loser's."))
        elif link_winner is not None or link_loser is not None:
            pair = base.weakest_link_points or (Fraction(0), Fraction(0))
            if fraction(given(data, "weakest_link_winner", pair[0])) < fraction(
                given(data, "weakest_link_loser", pair[1])
            ):
                self.add_error("weakest_link_loser", _("The loser would get more points than the winner."))
        offered = data.get("game_types") or base.game_types
        times = {g: given(data, time_field(g), base.time_limits.get(g)) for g in offered}
        for game_type, minutes in times.items():
            if minutes is None:
                self.add_error(time_field(game_type), _("The base text has no time for this game type: give one."))
        warning = given(data, "warning_minutes", base.warning_minutes)
        shortest = min((m for m in times.values() if m is not None), default=0)
        if shortest and warning >= shortest:
            self.add_error(
                "warning_minutes",
                _("Time must be announced before the end of the shortest game offered (%(minutes)s minutes).")
                % {"minutes": shortest},
            )

    def document(self) -> dict[str, Any]:
        """The ``council-house-policy/1`` document of the valid form: its changes only those set."""
        data = self.cleaned_data
        document: dict[str, Any] = {
            "format": HOUSE_POLICY_FORMAT,
            "key": data["key"],
            "title": data["title"],
            "base": data["base"],
        }
        if data.get("date"):
            document["date"] = data["date"].isoformat()
        if data.get("source"):
            document["source"] = data["source"]
        document["changes"] = {**self.kept_changes, **self._changes(data)}
        return document

    def _changes(self, data: dict[str, Any]) -> dict[str, Any]:
        base = scoring.POLICIES[data["base"]]
        changes: dict[str, Any] = {}
        if data.get("byes"):
            changes["bye_points_by_round"] = data["byes"]
        times = {g: data[time_field(g)] for g in GAME_TYPES if data.get(time_field(g)) is not None}
        if times:
            changes["time_limits"] = times
        if data.get("warning_minutes") is not None:
            changes["warning_minutes"] = data["warning_minutes"]
        if any(data.get(bound.name) is not None for bound in self.ratio_fields()):
            changes["ratio_points"] = ratio_table(data, base)
        if data.get("weakest_link_winner") is not None or data.get("weakest_link_loser") is not None:
            pair = base.weakest_link_points or (0, 0)
            changes["weakest_link_points"] = [
                json_points(given(data, "weakest_link_winner", pair[0])),
                json_points(given(data, "weakest_link_loser", pair[1])),
            ]
        if data.get("tie_points") is not None:
            changes["tie_points"] = data["tie_points"]
        one_ring = dict(self.kept_one_ring)
        if data.get("one_ring_two_deck") is not None:
            one_ring["two-deck"] = data["one_ring_two_deck"]
        if one_ring:
            changes["one_ring_points"] = one_ring
        order = [data[bound.name] for bound in self.tiebreak_fields() if data.get(bound.name)]
        if order or data.get("no_tiebreaks"):
            changes["tiebreaks"] = order
        for name in ("tie_resolutions", "game_types", "formats", "banned_cards", "fan_sets"):
            if data.get(name):
                changes[name] = list(data[name])
        changes.update(rule_changes(data, self.kept_sideboard))
        return changes


HousePolicyForm.base_fields.update(change_fields())
HousePolicyForm.base_fields.update(rule_fields())
HousePolicyForm.field_order = [*FIELD_ORDER, *RULE_FIELD_NAMES]
