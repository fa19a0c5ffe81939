"""The Free Council marshalling point calculation, step by step.

CRF 10 (Jan 1998), "Free Council": 1) total each category; 2) double a category where
the opponent has no points in it (not kill, not miscellaneous); 3) cap a category that
is more than half of the positive total at the sum of the other positive categories;
4) subtract what is subtracted. Policy #1 (General 10) takes the Unlimited rulesbook's
order instead: the half cap, rounded up, before the doubling. The policy then floors a
negative total at 0 where it says so. Each step is kept so staff can explain the number
at the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import RuleError
from ..limits import MP_LIMIT
from ..messages import Text, _
from ..policies.terms import COUNCIL_CRF_10, Policy

CATEGORIES = ("character", "item", "faction", "ally", "kill", "misc")
# CRF 10 step 2 and the rulesbook: "This doesn't apply to kill points and miscellaneous points."
DOUBLED_CATEGORIES = ("character", "item", "faction", "ally")

CLAUSE_STEP_1 = "CRF 10, Free Council, step 1"
CLAUSE_STEP_2 = "CRF 10, Free Council, step 2; rulesbook, Marshalling Point Modifications"
CLAUSE_STEP_3 = "CRF 10, Free Council, step 3 and the ruling on negative points"
CLAUSE_STEP_4 = "CRF 10, Free Council, step 4; rulesbook (unique cards revealed from hand)"
AVATAR_CLAUSE = "Policy Number 4, Additional Rules: Victory Conditions"
# Policy #1, General 10: The Wizards Unlimited rulesbook, Marshalling Point Modifications, as printed.
PRINTED_CLAUSE_HALF = (
    "Policy #1, General 10; The Wizards Unlimited rulesbook, Marshalling Point Modifications: "
    "no more than half (round up) from any one type"
)
PRINTED_CLAUSE_DOUBLING = (
    "Policy #1, General 10; The Wizards Unlimited rulesbook, Marshalling Point Modifications: "
    "doubled where the opponent has zero (or negative) points"
)
PRINTED_CLAUSE_REVEALED = (
    "Policy #1, General 10; The Wizards Unlimited rulesbook, Marshalling Point Modifications: "
    "each revealed unique card reduces the total by one"
)

# The categories as the steps' notes name them.
CATEGORY_NAMES: dict[str, Text] = {
    # Translators: a category of marshalling points at the Free Council (character points).
    "character": _("character"),
    # Translators: a category of marshalling points at the Free Council (item points).
    "item": _("item"),
    # Translators: a category of marshalling points at the Free Council (faction points).
    "faction": _("faction"),
    # Translators: a category of marshalling points at the Free Council (ally points).
    "ally": _("ally"),
    # Translators: a category of marshalling points at the Free Council (kill points).
    "kill": _("kill"),
    # Translators: a category of marshalling points at the Free Council (miscellaneous points).
    "misc": _("misc"),
}


@dataclass(frozen=True)
class CouncilSheet:
    """One player's marshalling points as brought to the Free Council."""

    character: int = 0
    item: int = 0
    faction: int = 0
    ally: int = 0
    kill: int = 0
    misc: int = 0
    minus: int = 0
    avatar_eliminated: bool = False

    def categories(self) -> dict[str, int]:
        """The six categories as a dict, in CRF 10's order."""
        return {name: getattr(self, name) for name in CATEGORIES}


def parse_sheet(data: object, field: str) -> CouncilSheet:
    """A CouncilSheet from plain data, rejecting anything but whole numbers."""
    if not isinstance(data, dict):
        raise RuleError(_("each player's points must be an object of categories"), field=field)
    allowed = set(CATEGORIES) | {"minus", "avatar_eliminated"}
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise RuleError(
            _(
                "unknown category %(name)s; categories: %(categories)s",
                name=repr(unknown[0]),
                categories=(*CATEGORIES, "minus", "avatar_eliminated"),
            ),
            field=f"{field}.{unknown[0]}",
        )
    values: dict[str, int] = {}
    for name in (*CATEGORIES, "minus"):
        value = data.get(name, 0)
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleError(
                _("%(name)s must be a whole number, not %(value)s", name=name, value=repr(value)),
                field=f"{field}.{name}",
            )
        if abs(value) > MP_LIMIT:
            raise RuleError(
                _("%(value)s is out of range (at most %(limit)s either way)", value=value, limit=MP_LIMIT),
                field=f"{field}.{name}",
            )
        values[name] = value
    if values["minus"] < 0:
        raise RuleError(_("minus is what is subtracted; give it as a positive number"), field=f"{field}.minus")
    eliminated = data.get("avatar_eliminated", False)
    if not isinstance(eliminated, bool):
        raise RuleError(_("avatar_eliminated must be true or false"), field=f"{field}.avatar_eliminated")
    return CouncilSheet(avatar_eliminated=eliminated, **values)


def free_council(policy: Policy, sheets: tuple[CouncilSheet, CouncilSheet]) -> dict[str, Any]:
    """Final marshalling points of both players, with every step shown and its clause.

    Under CRF 10 (Version 3, Policy Number 4) a type is doubled where the opponent has
    zero or negative points in it (their step-1 total), then a type over half of the
    positive total is reduced to the sum of the other positive types. Policy #1, General
    10 takes The Wizards Unlimited rulesbook's modifications "in the order they are
    printed": no type over half of the total, rounded up, then the doubling
    (docs/rules.md, readings 11, 12 and 65). Subtractions come last under both: they
    reduce the total, not a type.
    """
    for index, sheet in enumerate(sheets):
        if sheet.avatar_eliminated and not policy.eliminated_avatar_penalty:
            raise RuleError(
                _(
                    "under %(policy)s an eliminated avatar ends the game or gives no penalty; there is no Free "
                    "Council subtraction for it",
                    policy=policy.title,
                ),
                field=f"players[{index}].avatar_eliminated",
                rule=policy.wizard_elimination_clause,
            )
    totals = [sheet.categories() for sheet in sheets]
    steps: list[dict[str, Any]] = [
        {
            "step": 1,
            "title": _("Total each category"),
            "clause": CLAUSE_STEP_1 if policy.council_order == COUNCIL_CRF_10 else policy.council_clause,
            "players": [dict(t) for t in totals],
            "notes": [[], []],
        }
    ]
    if policy.council_order == COUNCIL_CRF_10:
        doubled = _double(totals, totals, steps, CLAUSE_STEP_2)
        modified = _cap(doubled, steps, CLAUSE_STEP_3, round_up=False)
        subtract_clause = CLAUSE_STEP_4
    else:
        capped = _cap(totals, steps, PRINTED_CLAUSE_HALF, round_up=True)
        modified = _double(capped, totals, steps, PRINTED_CLAUSE_DOUBLING)
        subtract_clause = PRINTED_CLAUSE_REVEALED

    subtotal = [sum(c.values()) for c in modified]
    after_minus = []
    notes: list[list[str]] = [[], []]
    for me, sheet in enumerate(sheets):
        subtracted = sheet.minus
        if sheet.minus:
            notes[me].append(_("-%(mp)s subtracted (unique cards revealed, other subtractions)", mp=sheet.minus))
        if sheet.avatar_eliminated:
            subtracted += policy.eliminated_avatar_penalty
            notes[me].append(
                _(
                    "-%(mp)s for the eliminated avatar (%(clause)s)",
                    mp=policy.eliminated_avatar_penalty,
                    clause=AVATAR_CLAUSE,
                )
            )
        after_minus.append(subtotal[me] - subtracted)
    steps.append(
        {
            "step": 4,
            # Translators: the title of step 4 of the Free Council.
            "title": _("Subtract"),
            "clause": subtract_clause,
            "totals_before": subtotal,
            "totals": list(after_minus),
            "notes": notes,
        }
    )

    final = list(after_minus)
    if policy.negative_mp_count_as_zero:
        notes = [[], []]
        for me in (0, 1):
            if final[me] < 0:
                notes[me].append(_("%(mp)s counts as 0", mp=final[me]))
                final[me] = 0
        steps.append(
            {
                "step": 5,
                "title": _("Negative totals count as zero"),
                "clause": policy.negative_mp_clause,
                "totals": list(final),
                "notes": notes,
            }
        )
    return {"policy": policy.key, "mp": final, "steps": steps}


def _double(
    values: list[dict[str, int]], opponents: list[dict[str, int]], steps: list[dict[str, Any]], clause: str
) -> list[dict[str, int]]:
    """Each player's positive types doubled where the opponent's step-1 total is zero or less."""
    doubled = [dict(v) for v in values]
    notes: list[list[str]] = [[], []]
    for me in (0, 1):
        other = opponents[1 - me]
        for name in DOUBLED_CATEGORIES:
            if other[name] <= 0 and values[me][name] > 0:
                doubled[me][name] = values[me][name] * 2
                notes[me].append(
                    _(
                        "%(category)s doubled to %(mp)s: the opponent has %(opponent)s",
                        category=CATEGORY_NAMES[name],
                        mp=doubled[me][name],
                        opponent=other[name],
                    )
                )
    steps.append(
        {
            "step": len(steps) + 1,
            "title": _("Double where the opponent has no points"),
            "clause": clause,
            "players": [dict(d) for d in doubled],
            "notes": notes,
        }
    )
    return doubled


def _cap(
    values: list[dict[str, int]], steps: list[dict[str, Any]], clause: str, *, round_up: bool
) -> list[dict[str, int]]:
    """No type over half of the positive total.

    CRF 10 reduces such a type to the sum of the other positive types. The Unlimited
    rulesbook's "no more than half (round up)" allows one point more: a type of value v
    over the rest r is at most half of v + r rounded up while v <= r + 1.
    """
    capped = [dict(v) for v in values]
    notes: list[list[str]] = [[], []]
    for me in (0, 1):
        positive_total = sum(v for v in capped[me].values() if v > 0)
        for name, value in capped[me].items():
            rest = positive_total - value
            allowed = rest + 1 if round_up else rest
            if value > 0 and value > allowed:
                capped[me][name] = allowed
                notes[me].append(
                    _(
                        "%(category)s %(mp)s is more than half of %(total)s, rounded up: reduced to %(allowed)s, "
                        "one more than the other positive categories",
                        category=CATEGORY_NAMES[name],
                        mp=value,
                        total=positive_total,
                        allowed=allowed,
                    )
                    if round_up
                    else _(
                        "%(category)s %(mp)s is more than half of %(total)s: reduced to %(rest)s, the other "
                        "positive categories",
                        category=CATEGORY_NAMES[name],
                        mp=value,
                        total=positive_total,
                        rest=rest,
                    )
                )
                break  # at most one type can be more than half
    steps.append(
        {
            "step": len(steps) + 1,
            "title": (
                _("No category over half of the total, rounded up")
                if round_up
                else _("No category over half of the positive total")
            ),
            "clause": clause,
            "players": [dict(c) for c in capped],
            "notes": notes,
        }
    )
    return capped
