"""House policies: the rules an event posts, built from one of the three released texts.

A house policy is data (``council-house-policy/1``): a key, a title, a date, the released
text it is built from (``base``) and the values it changes (``changes``). Everything it
does not change is the base text's, clause and all. Each value it changes cites the house
rule in place of the base text's clause, naming the clause it departs from, so that every
page, printout and explanation that cites a clause cites the house rule where one applies.

``house_policy_problems`` checks a document field by field (each problem names its field);
``build_house_policy`` gives the ``Policy`` or refuses the first problem; ``policy_of`` reads
either a released policy's key or a house policy's document, as an archive holds them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from ..errors import RuleError
from ..limits import (
    MAX_BANNED_CARDS,
    MAX_COPIES,
    MAX_DECK_CARDS,
    MAX_FAN_SETS,
    MAX_GAME_POINTS,
    MAX_HOUSE_KEY_LENGTH,
    MAX_NAME_LENGTH,
    MAX_SOURCE_LENGTH,
    MAX_TIME_LIMIT_MINUTES,
)
from ..messages import _
from ..text import name_problem
from .deck_terms import DECK_ALIGNMENTS
from .end_of_time import END_OF_TIME_PROCEDURES, EQUAL_TURNS
from .game_types import GAME_TYPES
from .house_fields import (
    bool_value,
    by_game_type,
    bye_points,
    choice_value,
    names_value,
    ratio_points,
    rounds_table,
    subset_value,
    weakest_link_points,
    whole_value,
)
from .released import POLICIES, get_policy
from .terms import EVENT_FORMATS, ORGANISERS_PLAY, TIE_RESOLUTIONS, TIEBREAK_CRITERIA, Policy

HOUSE_POLICY_FORMAT = "council-house-policy/1"
# A house policy's key: short, plain, and never one of the released texts' keys.
HOUSE_KEY = re.compile(rf"^[a-z0-9][a-z0-9-]{{0,{MAX_HOUSE_KEY_LENGTH - 1}}}$")
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def _clause(policy: Policy, title: str, words: str, attribute: str) -> str:
    """The house rule's citation, naming the base text's clause it departs from (or the text it adds to,
    where no clause states the rule)."""
    departed = policy.clause(attribute)
    if departed:
        return f"{title}, house rule on {words} (in place of {departed})"
    return f"{title}, house rule on {words} (added to {policy.title})"


def _with_clause(policy: Policy, attribute: str, citation: str) -> Policy:
    """``policy`` citing ``citation`` for ``attribute`` (``time_clause``, ``deck_rules.copies_clause``)."""
    owner, _dot, name = attribute.rpartition(".")
    cited: dict[str, Any] = {name: citation}
    if owner:
        return replace(policy, **{owner: replace(getattr(policy, owner), **cited)})
    return replace(policy, **cited)


def _deck(policy: Policy, **numbers: Any) -> dict[str, Any]:
    return {"deck_rules": replace(policy.deck_rules, **numbers)}


def _end_of_time(value: object, field: str, policy: Policy) -> dict[str, Any]:
    procedure = choice_value(value, field, tuple(END_OF_TIME_PROCEDURES))
    # The base text's name for the final count: Policy #1's Free Council, the later End-of-Game.
    free_council = policy.end_of_time == END_OF_TIME_PROCEDURES[EQUAL_TURNS][0]
    return {"end_of_time": END_OF_TIME_PROCEDURES[procedure][0 if free_council else 1]}


# What a house policy may change: the Policy fields each change sets (from the checked
# value and the policy as changed so far), the clause it replaces, and that clause's subject in words.
Change = Callable[[object, str, Policy], dict[str, Any]]
CHANGES: Mapping[str, tuple[Change, str, str]] = MappingProxyType(
    {
        "rounds": (lambda v, f, p: {"rounds_table": rounds_table(v, f)}, "rounds_clause", "the number of rounds"),
        "bye_points_by_round": (lambda v, f, p: {"bye_points_by_round": bye_points(v, f)}, "bye_clause", "byes"),
        "no_second_bye": (lambda v, f, p: {"no_second_bye": bool_value(v, f)}, "bye_clause", "byes"),
        "time_limits": (
            lambda v, f, p: {
                "time_limits": MappingProxyType(
                    {**p.time_limits, **by_game_type(v, f, lambda x, g: whole_value(x, g, 1, MAX_TIME_LIMIT_MINUTES))}
                )
            },
            "time_clause",
            "time",
        ),
        "warning_minutes": (
            lambda v, f, p: {"warning_minutes": whole_value(v, f, 0, MAX_TIME_LIMIT_MINUTES)},
            "time_clause",
            "time",
        ),
        "end_of_time": (_end_of_time, "time_clause", "the end of time"),
        "ratio_points": (
            lambda v, f, p: {"ratio_points": ratio_points(v, f)},
            "ratio_clause",
            "tournament points by marshalling point ratio",
        ),
        "weakest_link_points": (
            lambda v, f, p: {"weakest_link_points": weakest_link_points(v, f)},
            "weakest_link_clause",
            "the Weakest Link",
        ),
        "tie_points": (
            lambda v, f, p: {"tie_points": whole_value(v, f, 0, MAX_GAME_POINTS)},
            "tie_clause",
            "a tied game",
        ),
        "one_ring_points": (
            lambda v, f, p: {
                "one_ring_points": MappingProxyType(
                    {**p.one_ring_points, **by_game_type(v, f, lambda x, g: whole_value(x, g, 0, MAX_GAME_POINTS))}
                )
            },
            "one_ring_clause",
            "The One Ring",
        ),
        "tiebreaks": (
            lambda v, f, p: {"tiebreaks": subset_value(v, f, TIEBREAK_CRITERIA, may_be_empty=True)},
            "tiebreak_clause",
            "tie-breakers",
        ),
        "tie_resolutions": (
            lambda v, f, p: {"tie_resolutions": subset_value(v, f, TIE_RESOLUTIONS)},
            "tiebreak_clause",
            "a tied lead",
        ),
        "game_types": (lambda v, f, p: {"game_types": subset_value(v, f, GAME_TYPES)}, "time_clause", "game types"),
        "formats": (lambda v, f, p: {"formats": subset_value(v, f, EVENT_FORMATS)}, "format_clause", "formats"),
        "fan_sets": (
            lambda v, f, p: {"fan_sets": names_value(v, f, MAX_FAN_SETS)},
            "deck_clause",
            "the cards allowed",
        ),
        "banned_cards": (
            lambda v, f, p: {"banned_cards": names_value(v, f, MAX_BANNED_CARDS)},
            "deck_clause",
            "the cards allowed",
        ),
        "excluded_sets": (
            lambda v, f, p: {"excluded_sets": names_value(v, f, MAX_FAN_SETS)},
            "deck_clause",
            "the cards allowed",
        ),
        "deck_minimum": (
            lambda v, f, p: _deck(p, minimum=whole_value(v, f, 0, MAX_DECK_CARDS)),
            "deck_rules.minimum_clause",
            "the play deck's least resources and hazards",
        ),
        "deck_maximum": (
            lambda v, f, p: _deck(p, maximum=whole_value(v, f, 1, MAX_DECK_CARDS)),
            "deck_rules.maximum_clause",
            "the play deck's most cards",
        ),
        "sideboard_limits": (
            lambda v, f, p: _deck(
                p,
                sideboard=MappingProxyType(
                    {**p.deck_rules.sideboard, **by_game_type(v, f, lambda x, g: whole_value(x, g, 0, MAX_DECK_CARDS))}
                ),
            ),
            "deck_rules.sideboard_clause",
            "the sideboard",
        ),
        "copies": (
            lambda v, f, p: _deck(p, copies=whole_value(v, f, 1, MAX_COPIES)),
            "deck_rules.copies_clause",
            "copies of a card",
        ),
        "creature_minimum": (
            # 0: no minimum (the later texts have none).
            lambda v, f, p: _deck(p, creatures=whole_value(v, f, 0, MAX_DECK_CARDS) or None),
            "deck_rules.creatures_clause",
            "creatures",
        ),
        "one_ring_alignments": (
            lambda v, f, p: _deck(p, one_ring_alignments=subset_value(v, f, DECK_ALIGNMENTS, may_be_empty=True)),
            "deck_rules.one_ring_clause",
            "who may play The One Ring",
        ),
        "organisers_play": (
            lambda v, f, p: {"organisers_play": choice_value(v, f, ORGANISERS_PLAY)},
            "organisers_clause",
            "who may play",
        ),
    }
)


def _header(document: Mapping[str, Any]) -> tuple[str, str, str, str, Policy]:
    """The document's key, title, date and source, and its base text, checked."""
    if document.get("format", HOUSE_POLICY_FORMAT) != HOUSE_POLICY_FORMAT:
        raise RuleError(_("format must be %(format)s", format=HOUSE_POLICY_FORMAT), field="format")
    key = document.get("key")
    if not isinstance(key, str) or not HOUSE_KEY.match(key) or key in POLICIES:
        raise RuleError(
            _(
                "key must be 1 to 32 lowercase letters, digits and hyphens, and not a released policy's key (%(keys)s)",
                keys=tuple(POLICIES),
            ),
            field="key",
        )
    title = document.get("title")
    if not isinstance(title, str) or not title.strip() or len(title) > MAX_NAME_LENGTH or name_problem(title):
        raise RuleError(_("title must be a name of at most %(limit)s characters", limit=MAX_NAME_LENGTH), field="title")
    date = document.get("date", "")
    if not isinstance(date, str) or (date and not DATE.match(date)):
        raise RuleError(_("date must be written YYYY-MM-DD"), field="date")
    source = document.get("source", "")
    if not isinstance(source, str) or len(source) > MAX_SOURCE_LENGTH:
        raise RuleError(
            _("source must be a text of at most %(limit)s characters", limit=MAX_SOURCE_LENGTH), field="source"
        )
    return key, title, date, source, get_policy(document.get("base"), field="base")


def house_policy_problems(document: object) -> list[RuleError]:
    """Every problem of a house policy document, each naming its field; empty when it can rank an event."""
    if not isinstance(document, dict):
        return [RuleError(_("a house policy must be an object"), field="")]
    problems: list[RuleError] = []
    unknown = sorted(set(document) - {"format", "key", "title", "date", "source", "base", "changes"})
    problems += [RuleError(_("unknown field %(name)s", name=repr(name)), field=name) for name in unknown]
    try:
        _key, _title, _date, _source, base = _header(document)
    except RuleError as problem:
        return [*problems, problem]
    changes = document.get("changes", {})
    if not isinstance(changes, dict):
        return [*problems, RuleError(_("changes must be an object"), field="changes")]
    policy = base
    for name, value in changes.items():
        field = f"changes.{name}"
        if name not in CHANGES:
            problems.append(
                RuleError(
                    _(
                        "unknown change %(name)s; a house policy may change: %(allowed)s",
                        name=repr(name),
                        allowed=tuple(CHANGES),
                    ),
                    field=field,
                )
            )
            continue
        try:
            policy = replace(policy, **CHANGES[name][0](value, field, policy))
        except RuleError as problem:
            problems.append(problem)
    if problems:
        return problems
    # A policy that could not run an event: a game type offered with no time, a lead tied
    # with no way to settle it, a warning longer than the shortest game.
    for game_type in policy.game_types:
        if game_type not in policy.time_limits:
            problems.append(
                RuleError(
                    _("game type %(game_type)s has no time limit", game_type=game_type), field="changes.time_limits"
                )
            )
        if game_type != "scenario" and game_type not in policy.one_ring_points:
            # A One Ring win and a forfeit are scored by it (Policy.max_points).
            problems.append(
                RuleError(
                    _("game type %(game_type)s has no points for The One Ring", game_type=game_type),
                    field="changes.one_ring_points",
                )
            )
    shortest = min((policy.time_limits[g] for g in policy.game_types if g in policy.time_limits), default=0)
    if policy.warning_minutes >= shortest > 0:
        problems.append(
            RuleError(
                _(
                    "the warning (%(warning)s minutes) must come before the end of the shortest game "
                    "(%(shortest)s minutes)",
                    warning=policy.warning_minutes,
                    shortest=shortest,
                ),
                field="changes.warning_minutes",
            )
        )
    rules = policy.deck_rules
    if rules.maximum is not None and rules.maximum < 2 * rules.minimum:
        problems.append(
            RuleError(
                _(
                    "the play deck's most cards (%(maximum)s) must leave room for the least resources and hazards "
                    "(%(minimum)s each)",
                    maximum=rules.maximum,
                    minimum=rules.minimum,
                ),
                field="changes.deck_maximum",
            )
        )
    return problems


def build_house_policy(document: object) -> Policy:
    """The house policy ``document`` as a Policy, or a RuleError naming the first problem's field.

    Every value it does not change is its base text's; each value it changes cites the
    house rule, naming the base clause it replaces (``Policy.house_rules`` lists them).
    """
    problems = house_policy_problems(document)
    if problems:
        raise problems[0]
    assert isinstance(document, dict)  # house_policy_problems refuses anything else
    key, title, date, source, base = _header(document)
    # The changed values and the clauses that now cite the house rule, then who the policy is.
    # In the engine's order of changes, not the document's (a database may reorder its keys): a
    # clause shared by several changes names each of their subjects once.
    changes = document.get("changes", {})
    policy = base
    subjects: dict[str, list[str]] = {}
    changed = [name for name in CHANGES if name in changes]
    for name in changed:
        read, clause, words = CHANGES[name]
        policy = replace(policy, **read(changes[name], f"changes.{name}", policy))
        subjects.setdefault(clause, [])
        if words not in subjects[clause]:
            subjects[clause].append(words)
    for clause, said in subjects.items():
        policy = _with_clause(policy, clause, _clause(base, title, " and ".join(said), clause))
    values: dict[str, Any] = {}
    if "warning_minutes" in changes:
        # The policy's warning is the house rule's, not the base text's range.
        values["warning_range"] = (policy.warning_minutes, policy.warning_minutes)
    values.update(
        key=key,
        title=title,
        date=date or base.date,
        source=source or base.source,
        base=base.key,
        house_rules=tuple(changed),
        house_document=MappingProxyType(_copy(document)),
    )
    return replace(policy, **values)


def _copy(document: Mapping[str, Any]) -> dict[str, Any]:
    """The document as it was given (plain JSON values), so an archive keeps it exactly."""
    copied: dict[str, Any] = json.loads(json.dumps(dict(document)))
    return copied


def policy_of(value: object, field: str = "policy") -> Policy:
    """A released policy by its key, or a house policy by its document (as an archive holds either)."""
    if isinstance(value, dict):
        try:
            return build_house_policy(value)
        except RuleError as problem:
            raise problem.at(field) from None
    return get_policy(value, field=field)
