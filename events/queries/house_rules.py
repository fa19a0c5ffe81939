"""A house policy's rules in words: each value it changes, the house rule's citation and the clause it replaces.

A house policy (``scoring/policies/house.py``) is its base text with some values changed;
each changed value cites the house rule in place of the base text's clause. The event
form's side panel, the desk and the house policy's own page list them so, and
``chosen_policy`` finds the policy a form names by key: a released text, or a house
policy kept here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

import scoring

from ..i18n import duration
from ..models import (
    DECK_ALIGNMENT_CHOICES,
    END_OF_TIME_CHOICES,
    FORMAT_CHOICES,
    GAME_TYPE_CHOICES,
    ORGANISERS_PLAY_CHOICES,
    TIE_CHOICES,
    TIEBREAK_CHOICES,
    Event,
    policy_document_named,
)

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class HouseRule:
    """One value a house policy changes, as a page lists it."""

    change: str  # the document's name of the change: "time_limits"
    subject: StrOrPromise  # what it changes, in the reader's language
    value: str  # the house policy's value, in words
    was: str  # the base text's value, in words
    citation: str  # the house rule, naming the clause it replaces (English, as the policy cites it)
    replaces: str  # the base text's clause (English)


def _points(value: Fraction | int) -> str:
    """Tournament points as the reader writes numbers: 3, or 3.5 (3,5 in Italian)."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else formats.number_format(float(value), decimal_pos=1)


def _cards(count: int) -> str:
    return ngettext("%(count)s card", "%(count)s cards", count) % {"count": count}


def _named(keys: Iterable[str], labels: Mapping[str, StrOrPromise], separator: str = "; ") -> str:
    named = [str(labels.get(key, key)) for key in keys]
    return separator.join(named) if named else _("none")


def _by_game_type(values: Mapping[str, int], game_types: Iterable[str], say: Callable[[int], str]) -> str:
    labels = dict(GAME_TYPE_CHOICES)
    # Translators: a value for one game type, as "Two-deck game: 120 minutes".
    return "; ".join(
        _("%(game_type)s: %(value)s") % {"game_type": labels[key], "value": say(values[key])}
        for key in game_types
        if key in values
    )


def _rounds(policy: scoring.Policy) -> str:
    rows = []
    for row in policy.rounds_table:
        if row.max_players is None:
            rows.append(
                ngettext(
                    "%(low)s or more players: %(rounds)s round",
                    "%(low)s or more players: %(rounds)s rounds",
                    row.rounds,
                )
                % {"low": row.min_players, "rounds": row.rounds}
            )
        else:
            rows.append(
                ngettext(
                    "%(low)s to %(high)s players: %(rounds)s round",
                    "%(low)s to %(high)s players: %(rounds)s rounds",
                    row.rounds,
                )
                % {"low": row.min_players, "high": row.max_players, "rounds": row.rounds}
            )
    return "; ".join(rows)


def _ratio_points(policy: scoring.Policy) -> str:
    two, one_half, one = policy.ratio_points
    # Translators: tournament points (winner–loser) by marshalling point ratio, as "ratio 2 or more: 6–0".
    return _("ratio 2 or more: %(two)s; 1.5 or more: %(one_half)s; above 1: %(one)s") % {
        "two": "–".join(map(str, two)),
        "one_half": "–".join(map(str, one_half)),
        "one": "–".join(map(str, one)),
    }


def _weakest_link(policy: scoring.Policy) -> str:
    if policy.weakest_link_points is None:
        return _("no Weakest Link")
    winner, loser = policy.weakest_link_points
    return _("winner %(winner)s, loser %(loser)s") % {"winner": _points(winner), "loser": _points(loser)}


def _in_words(change: str, policy: scoring.Policy, changed: Mapping[str, Any]) -> str:
    """The value ``change`` sets in ``policy``, in words; ``changed`` is the document's change (which game types)."""
    game_types = list(changed) if isinstance(changed, dict) else []
    rules = policy.deck_rules
    words: dict[str, Callable[[], str]] = {
        "rounds": lambda: _rounds(policy),
        "bye_points_by_round": lambda: (
            _("%(points)s points by round") % {"points": ", ".join(map(str, policy.bye_points_by_round))}
        ),
        "no_second_bye": lambda: (
            _("no player gets a second bye") if policy.no_second_bye else _("a player may get a second bye")
        ),
        "time_limits": lambda: _by_game_type(policy.time_limits, game_types, duration),
        "warning_minutes": lambda: duration(policy.warning_minutes),
        "end_of_time": lambda: str(dict(END_OF_TIME_CHOICES)[_procedure(policy)]),
        "ratio_points": lambda: _ratio_points(policy),
        "weakest_link_points": lambda: _weakest_link(policy),
        "tie_points": lambda: _("%(points)s points each") % {"points": policy.tie_points},
        "one_ring_points": lambda: _by_game_type(policy.one_ring_points, game_types, str),
        "tiebreaks": lambda: _named(policy.tiebreaks, dict(TIEBREAK_CHOICES), " · "),
        "tie_resolutions": lambda: _named(policy.tie_resolutions, dict(TIE_CHOICES)),
        "game_types": lambda: _named(policy.game_types, dict(GAME_TYPE_CHOICES)),
        "formats": lambda: _named(policy.formats, dict(FORMAT_CHOICES)),
        "fan_sets": lambda: ", ".join(policy.fan_sets) or _("none"),
        "banned_cards": lambda: "; ".join(policy.banned_cards) or _("none"),
        "excluded_sets": lambda: ", ".join(policy.excluded_sets) or _("none"),
        "deck_minimum": lambda: (
            # Translators: the least resources (characters counted) and the least hazards of a play deck.
            _("%(count)s resources and %(count)s hazards") % {"count": rules.minimum}
        ),
        "deck_maximum": lambda: _cards(rules.maximum) if rules.maximum is not None else _("no most"),
        "sideboard_limits": lambda: _by_game_type(rules.sideboard, game_types, _cards),
        "copies": lambda: _("at most %(copies)s of a card") % {"copies": rules.copies},
        "creature_minimum": lambda: (
            _("at least %(count)s") % {"count": rules.creatures} if rules.creatures else _("no minimum")
        ),
        "one_ring_alignments": lambda: (
            _("any deck")
            if rules.one_ring_alignments is None
            else _named(rules.one_ring_alignments, dict(DECK_ALIGNMENT_CHOICES), ", ")
        ),
        "organisers_play": lambda: str(dict(ORGANISERS_PLAY_CHOICES)[policy.organisers_play]),
    }
    said = words.get(change)
    return said() if said is not None else str(changed)


def _procedure(policy: scoring.Policy) -> str:
    """Which end-of-time procedure ``policy`` follows, by its words."""
    return next(
        (key for key, texts in scoring.END_OF_TIME_PROCEDURES.items() if policy.end_of_time in texts), "equal-turns"
    )


# What each change of a house policy changes, and the base text's clause it replaces
# (scoring/policies/house.py CHANGES; tests/events/queries/test_house_rules.py keeps the two alike).
CHANGES: Mapping[str, tuple[StrOrPromise, str]] = {
    "rounds": (gettext_lazy("Number of rounds"), "rounds_clause"),
    "bye_points_by_round": (gettext_lazy("Byes"), "bye_clause"),
    "no_second_bye": (gettext_lazy("A second bye"), "bye_clause"),
    "time_limits": (gettext_lazy("Time limits"), "time_clause"),
    "warning_minutes": (gettext_lazy("Time announced before the end"), "time_clause"),
    "ratio_points": (gettext_lazy("Tournament points by MP ratio"), "ratio_clause"),
    "weakest_link_points": (gettext_lazy("Weakest Link"), "weakest_link_clause"),
    "tie_points": (gettext_lazy("A tied game"), "tie_clause"),
    "one_ring_points": (gettext_lazy("Destroying The One Ring"), "one_ring_clause"),
    "tiebreaks": (gettext_lazy("Tie-breakers"), "tiebreak_clause"),
    "tie_resolutions": (gettext_lazy("A tied lead"), "tiebreak_clause"),
    "game_types": (gettext_lazy("Game types"), "time_clause"),
    "formats": (gettext_lazy("Formats"), "format_clause"),
    "fan_sets": (gettext_lazy("Fan sets allowed"), "deck_clause"),
    "banned_cards": (gettext_lazy("Banned cards"), "deck_clause"),
    "end_of_time": (gettext_lazy("When time is called"), "time_clause"),
    "excluded_sets": (gettext_lazy("Printed sets left out"), "deck_clause"),
    "deck_minimum": (gettext_lazy("The play deck's least cards"), "deck_rules.minimum_clause"),
    "deck_maximum": (gettext_lazy("The play deck's most cards"), "deck_rules.maximum_clause"),
    "sideboard_limits": (gettext_lazy("Sideboard"), "deck_rules.sideboard_clause"),
    "copies": (gettext_lazy("Copies of a card"), "deck_rules.copies_clause"),
    "creature_minimum": (gettext_lazy("Creatures"), "deck_rules.creatures_clause"),
    "one_ring_alignments": (gettext_lazy("Who may play The One Ring"), "deck_rules.one_ring_clause"),
    "organisers_play": (gettext_lazy("Who of those who run the event may play"), "organisers_clause"),
}


def base_of(policy: scoring.Policy) -> scoring.Policy | None:
    """The released text a house policy is built from; None for a released text."""
    return scoring.POLICIES.get(policy.base) if policy.is_house_policy else None


def house_rules(policy: scoring.Policy) -> tuple[HouseRule, ...]:
    """Each value ``policy`` changes, in the engine's order of changes; none for a released text."""
    base = base_of(policy)
    if base is None or policy.house_document is None:
        return ()
    changes = policy.house_document.get("changes", {})
    rules = []
    for change in policy.house_rules:
        subject, clause = CHANGES.get(change, (change, "title"))
        rules.append(
            HouseRule(
                change=change,
                subject=subject,
                value=_in_words(change, policy, changes[change]),
                was=_in_words(change, base, changes[change]),
                citation=policy.clause(clause),
                replaces=base.clause(clause) or base.title,
            )
        )
    return tuple(rules)


def kept_policy(key: object, user: Any, event: Event | None = None) -> scoring.Policy | None:
    """The house policy ``key`` names for ``user`` (the event's own copy when it runs under it), built;
    None when there is none, it is another account's, or it no longer reads."""
    document = policy_document_named(key, user=user, event=event)
    if document is None:
        return None
    try:
        return scoring.policy_of(document)
    except scoring.RuleError:
        return None


def chosen_policy(key: object, user: Any, event: Event | None = None) -> scoring.Policy | None:
    """The policy a form names by ``key`` for ``user``: a released text, or a house policy they keep
    (or ``event`` runs under); None for neither."""
    if isinstance(key, str) and key in scoring.POLICIES:
        return scoring.POLICIES[key]
    return kept_policy(key, user, event)
