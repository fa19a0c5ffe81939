"""The Free Council marshalling point calculation, step by step.

CRF 10 (Jan 1998), "Free Council": 1) total each category; 2) double a category where
the opponent has no points in it (not kill, not miscellaneous); 3) cap a category that
is more than half of the positive total at the sum of the other positive categories;
4) subtract what is subtracted. The policy then floors a negative total at 0 where it
says so. Each step is kept so staff can explain the number at the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import RuleError
from .limits import MP_LIMIT
from .messages import Text, _
from .policies import Policy

CATEGORIES = ("character", "item", "faction", "ally", "kill", "misc")
# CRF 10 step 2 and the rulesbook: "This doesn't apply to kill points and miscellaneous points."
DOUBLED_CATEGORIES = ("character", "item", "faction", "ally")

CLAUSE_STEP_1 = "CRF 10, Free Council, step 1"
CLAUSE_STEP_2 = "CRF 10, Free Council, step 2; rulesbook, Marshalling Point Modifications"
CLAUSE_STEP_3 = "CRF 10, Free Council, step 3 and the ruling on negative points"
CLAUSE_STEP_4 = "CRF 10, Free Council, step 4; rulesbook (unique cards revealed from hand)"
AVATAR_CLAUSE = "Policy Number 4, Additional Rules: Victory Conditions"

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
            _("unknown category %(name)s; categories: %(categories)s", name=repr(unknown[0]),
              categories=CATEGORIES + ("minus", "avatar_eliminated")),
            field=f"{field}.{unknown[0]}",
        )
    values: dict[str, object] = {}
    for name in CATEGORIES + ("minus",):
        value = data.get(name, 0)
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleError(_("%(name)s must be a whole number, not %(value)s", name=name, value=repr(value)),
                            field=f"{field}.{name}")
        if abs(value) > MP_LIMIT:
            raise RuleError(_("%(value)s is out of range (at most %(limit)s either way)", value=value, limit=MP_LIMIT),
                            field=f"{field}.{name}")
        values[name] = value
    if values["minus"] < 0:
        raise RuleError(_("minus is what is subtracted; give it as a positive number"), field=f"{field}.minus")
    eliminated = data.get("avatar_eliminated", False)
    if not isinstance(eliminated, bool):
        raise RuleError(_("avatar_eliminated must be true or false"), field=f"{field}.avatar_eliminated")
    return CouncilSheet(avatar_eliminated=eliminated, **values)  # type: ignore[arg-type]


def free_council(policy: Policy, sheets: tuple[CouncilSheet, CouncilSheet]) -> dict:
    """Final marshalling points of both players, with every step of CRF 10 shown.

    Readings (docs/rules.md): doubling applies to your positive points where the
    opponent has zero or negative points in that category (its step-1 total); the half
    cap compares a category with the positive total after doubling, as CRF 10 states.
    """
    for index, sheet in enumerate(sheets):
        if sheet.avatar_eliminated and not policy.eliminated_avatar_penalty:
            raise RuleError(
                _("under %(policy)s an eliminated avatar ends the game or gives no penalty; there is no Free "
                  "Council subtraction for it", policy=policy.title),
                field=f"players[{index}].avatar_eliminated",
                rule=policy.wizard_elimination_clause,
            )
    totals = [sheet.categories() for sheet in sheets]
    steps: list[dict] = [
        {
            "step": 1,
            "title": _("Total each category"),
            "clause": CLAUSE_STEP_1,
            "players": [dict(t) for t in totals],
            "notes": [[], []],
        }
    ]

    doubled = [dict(t) for t in totals]
    notes: list[list[str]] = [[], []]
    for me in (0, 1):
        other = totals[1 - me]
        for name in DOUBLED_CATEGORIES:
            if other[name] <= 0 and totals[me][name] > 0:
                doubled[me][name] = totals[me][name] * 2
                notes[me].append(_("%(category)s doubled to %(mp)s: the opponent has %(opponent)s",
                                   category=CATEGORY_NAMES[name], mp=doubled[me][name], opponent=other[name]))
    steps.append(
        {
            "step": 2,
            "title": _("Double where the opponent has no points"),
            "clause": CLAUSE_STEP_2,
            "players": [dict(d) for d in doubled],
            "notes": notes,
        }
    )

    capped = [dict(d) for d in doubled]
    notes = [[], []]
    for me in (0, 1):
        positive_total = sum(v for v in capped[me].values() if v > 0)
        for name, value in capped[me].items():
            if value > 0 and 2 * value > positive_total:
                rest = positive_total - value
                capped[me][name] = rest
                notes[me].append(_(
                    "%(category)s %(mp)s is more than half of %(total)s: reduced to %(rest)s, the other positive "
                    "categories", category=CATEGORY_NAMES[name], mp=value, total=positive_total, rest=rest,
                ))
                break  # at most one category can be more than half
    steps.append(
        {
            "step": 3,
            "title": _("No category over half of the positive total"),
            "clause": CLAUSE_STEP_3,
            "players": [dict(c) for c in capped],
            "notes": notes,
        }
    )

    subtotal = [sum(c.values()) for c in capped]
    after_minus = []
    notes = [[], []]
    for me, sheet in enumerate(sheets):
        subtracted = sheet.minus
        if sheet.minus:
            notes[me].append(_("-%(mp)s subtracted (unique cards revealed, other subtractions)", mp=sheet.minus))
        if sheet.avatar_eliminated:
            subtracted += policy.eliminated_avatar_penalty
            notes[me].append(_("-%(mp)s for the eliminated avatar (%(clause)s)",
                               mp=policy.eliminated_avatar_penalty, clause=AVATAR_CLAUSE))
        after_minus.append(subtotal[me] - subtracted)
    steps.append(
        {
            "step": 4,
            # Translators: the title of step 4 of the Free Council.
            "title": _("Subtract"),
            "clause": CLAUSE_STEP_4,
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
