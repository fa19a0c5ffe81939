"""Random input to every form of the project: never a server error, never a half-made change.

For each address that accepts a POST, hypothesis sends the form's own field names (and
some it does not expect) filled with odd values: empty, huge, negative, non-ASCII,
NUL, lookalike digits, valid ids of other rows, and values at and just beyond every
limit of scoring/limits.py. The players' names have the most characters a name may
have, so every text the app writes about them is at its longest. CI runs this on
SQLite and on PostgreSQL, which enforces what SQLite does not; hypothesis keeps every
failing example in .hypothesis/ and tries it first on the next run. After each request:

- the answer is not a server error;
- a refusal (4xx) changed nothing in the database;
- any change came with an audit entry, and the event still reads as a valid archive.
"""

from __future__ import annotations

import datetime

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scoring
from events import services
from events.archive import event_archive
from events.forms import (
    AddEventForm,
    BreakClockForm,
    CapabilityForm,
    ClockForm,
    CloseForm,
    DeckListForm,
    DeckSettingsForm,
    EnterEventForm,
    EventForm,
    GatheringForm,
    GatheringRegisterForm,
    GatheringSignUpForm,
    HousePolicyForm,
    MemberForm,
    MergeForm,
    PlayerForm,
    PlayerReportForm,
    ProductForm,
    PublishingForm,
    RegisterForm,
    RoundsForm,
    SignUpForm,
    SpotCheckForm,
    StaffForm,
    StartForm,
    SwapForm,
)
from events.models import Event, Game, Gathering, Player
from scoring import MAX_NAME_LENGTH, MAX_RANKING, MAX_ROUNDS, MAX_TABLE, MP_LIMIT
from tests.events.views.test_access import ACCESS, HOUSE_POLICY
from tests.helpers import actor, database_state, run_event, url_patterns

RESULT_FIELDS = ["kind", "mp_a", "mp_b", "weakest_link", "winner", "reason", "how", "version", "confirm", "back"]

# url name -> the fields its form reads
POSTED_FIELDS = {
    "events:login": ["username", "password", "next"],
    "events:logout": [],
    "set_language": ["language", "next"],
    "events:event_new": list(EventForm.base_fields),
    "events:event_import": ["archive"],
    "events:event_edit": list(EventForm.base_fields),
    "events:register": [*list(RegisterForm.base_fields), "paste"],
    "events:player_edit": list(PlayerForm.base_fields),
    "events:player_remove": [],
    "events:player_drop": ["ejected"],
    "events:start": list(StartForm.base_fields),
    "events:rounds_change": list(RoundsForm.base_fields),
    "events:pair": [],
    "events:round_swap": list(SwapForm.base_fields),
    "events:round_undo": [],
    "events:round_clock": list(ClockForm.base_fields),
    "events:game_confirm": [],
    "events:game_result": RESULT_FIELDS,
    "events:close": list(CloseForm.base_fields),
    "events:start_stage": ["place"],
    "events:cancel_stage": [],
    "events:staff": [*StaffForm.base_fields, "name_arbiter", "arbiter", "register_organiser", "account", "name"],
    "events:staff_remove": [],
    "events:staff_link": ["action"],
    "events:snapshots": [],
    "events:snapshot_restore": [],
    "events:public_me": ["player"],
    "events:public_report": list(PlayerReportForm.base_fields),
    "events:decks": list(DeckSettingsForm.base_fields),
    "events:player_deck": [*list(DeckListForm.base_fields), "avatar", "choice"],
    "events:player_capability": list(CapabilityForm.base_fields),
    "events:player_deck_link": ["action"],
    "events:sign_up": list(SignUpForm.base_fields),
    "events:deck_link": [*list(DeckListForm.base_fields), "avatar", "choice"],
    "events:spot_check": list(SpotCheckForm.base_fields),
    "events:player_product": list(ProductForm.base_fields),
    "events:deck_links": [],
    "events:publish_decks": ["players"],
    "events:break_clock": list(BreakClockForm.base_fields),
    "events:policy_new": list(HousePolicyForm.base_fields),
    "events:policy_edit": list(HousePolicyForm.base_fields),
    "events:gathering_new": list(GatheringForm.base_fields),
    "events:gathering": list(GatheringForm.base_fields),
    "events:gathering_register": list(GatheringRegisterForm.base_fields),
    "events:gathering_enter": list(EnterEventForm.base_fields),
    "events:gathering_add_event": list(AddEventForm.base_fields),
    "events:gathering_remove_event": [],
    "events:gathering_entrant_link": [],
    "events:gathering_public": ["entrant"],
    "events:gathering_sign_up": list(GatheringSignUpForm.base_fields),
    "events:entrant": ["event"],
    "events:members": list(MemberForm.base_fields),
    "events:member_edit": list(MemberForm.base_fields),
    "events:member_merge": list(MergeForm.base_fields),
    "events:member_unmerge": [],
    "events:member_forget": [],
    "events:player_member": ["number", "action"],
    "events:member_link_make": [],
    "events:member_link": ["player"],
    "events:publishing": list(PublishingForm.base_fields),
    "events:publishing_stop": [],
    "events:publishing_key_issue": [],
    "events:publishing_key_revoke": [],
    "events:publishing_run_here": [],
}

HOUSE_POLICY_FIELDS = {
    "base": "version-3-1998",
    "key": "fuzz-rules",
    "title": "Fuzz Rules",
    "time_two_deck": "120",
    "tiebreak_1": "number-of-wins",
    "weakest_link_winner": "3.5",
    "banned_cards": "The One Ring",
}

RULES = {
    "name": "Fuzz Cup",
    "policy": "policy-4-2001",
    "game_type": "two-deck",
    "format": "general-opponent",
    "tie_resolution": "playoff",
    "first_round_pairing": "random",
}


def _valid(name: str, world: dict) -> dict:
    """A submission the form would accept as the world stands, for the fuzzing to start from."""
    # A restore or an undo earlier in the run may have replaced the world's game.
    game = (
        Game.objects.filter(pk=world["game_id"]).first()
        or Game.objects.filter(round__event__slug=world["slug"]).order_by("-round__number", "table").first()
    )
    if game is None:
        return {}
    first, second = (
        str(pk) for pk in Player.objects.filter(event__slug=world["slug"]).values_list("pk", flat=True)[:2]
    )
    return {
        "events:login": {"username": "owner", "password": "not it"},
        "events:event_new": RULES,
        "events:event_edit": RULES | {"players_report": "on"},
        "events:register": {"names": "Fuzz Player"},
        "events:gathering_new": {"name": "Fuzz Weekend 2"},
        "events:members": {"name": "Fuzz Person", "country": "FI"},
        "events:player_member": {"number": str(world["player_number"])},
        "events:member_link": {"player": first},
        "events:gathering": {"name": "Fuzz Weekend", "place": "Turku"},
        "events:gathering_register": {"name": "Fuzz Person", "events": [str(world["side_event"])]},
        "events:gathering_enter": {"entrant": str(world["entrant"]), "event": str(world["side_event"])},
        "events:gathering_public": {"entrant": str(world["entrant"])},
        "events:gathering_sign_up": {"name": "Fuzz Signer", "events": [str(world["side_event"])]},
        "events:player_edit": {"name": "Renamed", "deck_capability": "marshalling-points"},
        "events:player_drop": {"ejected": "1"},
        "events:start": {"rounds": "3"},
        "events:rounds_change": {"rounds": "4"},
        "events:round_swap": {"first": first, "second": second},
        "events:round_clock": {"action": "adjust", "minutes": "5", "table": str(game.table)},
        "events:game_result": {"kind": "council", "mp_a": "20", "mp_b": "10", "version": str(game.version)},
        "events:staff": {"username": "helper", "password": "a long pass phrase", "role": "staff"},
        "events:staff_link": {"action": "revoke"},
        "events:public_me": {"player": first},
        "events:public_report": {"code": game.code_a, "kind": "council", "mp_a": "20", "mp_b": "10"},
        "events:decks": {"deck_lists_wanted": "on", "sign_up_opens_at": "2026-11-01T10:00", "sign_up_cap": "40"},
        "events:player_deck": {"text": "Pool\nGandalf\nHazards\n3 Orc-patrol"},
        "events:player_capability": {"capability": "one-ring", "note": "a tested deck"},
        "events:player_deck_link": {"action": "revoke"},
        "events:sign_up": {"name": "New Player"},
        "events:deck_link": {"text": "Sideboard\n3 Doors of Night"},
        "events:spot_check": {"outcome": "no", "note": "two extra Orc-patrols"},
        "events:player_product": {"product": "2 Orc-patrol\n1 Gandalf"},
        "events:publish_decks": {"players": first},
        "events:break_clock": {"action": "adjust", "minutes": "5"},
        "events:start_stage": {"place": "2"},
        "events:publishing": {"address": "https://hosted.example.org", "key": "council-pub-fuzz"},
        "events:policy_new": HOUSE_POLICY_FIELDS,
        "events:policy_edit": HOUSE_POLICY_FIELDS,
        "set_language": {"language": "fi", "next": "/"},
    }.get(name, {})


ODD = st.sampled_from(
    [
        "",
        " ",
        "0",
        "-1",
        "1",
        "2",
        "3",
        "-0",
        "00",
        "２",
        "²",
        "1e3",
        "NaN",
        "99999999999999999999",
        "-1000",
        "150",
        "True",
        "False",
        "on",
        "\x00",
        "a\x00b",
        "a" * 101,
        "é" * 200,
        "<b>x</b>",
        "' OR 1=1 --",
        "a" * MAX_NAME_LENGTH,
        "é" * MAX_NAME_LENGTH,
        "\u200b",
        "\u200b\u200b",
        "\u202eowner",
        "ｏｗｎｅｒ",
        "оwner",
        "Player\u200b 01",
        "{0}",
        "{name}",
        "%s",
        str(MAX_RANKING),
        str(MAX_RANKING + 1),
        str(2**31 - 1),
        str(2**31),
        str(2**63 - 1),
        str(2**63),
        "32767",
        "32768",
        str(MAX_TABLE),
        str(MAX_TABLE + 1),
        str(MAX_ROUNDS),
        str(MAX_ROUNDS + 1),
        str(MP_LIMIT),
        str(-MP_LIMIT - 1),
        "council",
        "forfeit",
        "scenario",
        "tie",
        "one-ring",
        "wizard-eliminated",
        "a",
        "b",
        "none",
        "equal",
        "stall",
        "no-show",
        "victory",
        "rank",
        "start",
        "pause",
        "call",
        "adjust",
        "revoke",
        "staff",
        "coordinator",
        "fi",
        "es",
        "xx",
        "en-us",
        "/e/../admin",
        "//evil.example",
        "https://evil.example/",
        "policy-1-1996",
        "version-3-1998",
        "policy-4-2001",
        "two-deck",
        "scenario",
        "challenge-deck",
        "round",
        "2026-11-21",
        "2026-02-30",
        "random",
        "ranking",
        "playoff",
        "co-champions",
        "one-ring",
        "marshalling-points",
    ]
)
ODD_ARCHIVES = [
    b"{}",
    b"[]",
    b'{"format": "council-archive/1"}',
    b"[" * 100_000 + b"]" * 100_000,
    b"1" * 4301,
    b"NaN",
    b'{"format": "council-archive/1", "event": {"name": "X\\u0000", "policy": "policy-4-2001", '
    b'"game_type": "two-deck"},'
    b' "players": []}',
    b'{"format": "council-archive/1", "event": {"name": "X", "policy": "policy-4-2001", "game_type": "two-deck",'
    b' "rounds_planned": 40000, "playoff_winner": ["x"]}, "players": [{"id": "\\ud800", "name": "A"}]}',
]
VALUE = st.one_of(ODD, st.text(max_size=30), st.integers(-(10**6), 10**6).map(str))
NUMBER = st.one_of(st.sampled_from([0, 1, 2, 3]), st.integers(1, 10**6))


def test_every_address_that_takes_a_post_is_fuzzed():
    # A new form cannot escape the fuzzing: any view reachable by POST must be listed above.
    pages_without_forms = {
        "events:home",
        "events:health",
        "events:policy_preview",
        "events:public",
        "events:public_pairings",
        "events:public_standings",
        "events:public_round",
        "events:projector",
        "events:staff_link_open",
        "events:tables",
        "events:game_result_preview",
        "events:game_council",
        "events:desk",
        "events:round",
        "events:standings",
        "events:export",
        "events:audit",
        "events:print_pairings",
        "events:print_slips",
        "events:print_codes",
        "events:print_cards",
        "events:print_standings",
        "events:snapshot_download",
        "events:print_deck_sheet",
        "events:print_deck_lists",
        "events:print_deck_links",
        "events:public_deck",
        "events:print_bracket",
        "events:policies",
        "events:member",
        "events:rankings",
        "events:rankings_export",
        # A server's push with its key, not a form; its odd bodies are tests/events/views/test_publishing.py's.
        "events:publish_receive",
    }
    names = {p.name for p in url_patterns()}
    assert names - pages_without_forms == set(POSTED_FIELDS)
    assert set(ACCESS) == names


@pytest.fixture
def world(event, staff_user):
    event.players_report = True
    event.save()
    run_event(event, 6, 2, leave_last_open=True, longest_names=True)
    return {
        "slug": event.slug,
        "player_id": event.players.order_by("id").first().pk,
        "number": 2,
        "game_id": Game.objects.filter(round__event=event, result__isnull=True).first().pk,
        "user_id": staff_user.pk,
        "snapshot_id": event.snapshots.order_by("id").first().pk,
        "deck_token": services.make_deck_link(
            event.players.order_by("id").first(), actor=actor(event.owner)
        ).deck_token,
        "key": services.save_house_policy(owner=event.owner, document=HOUSE_POLICY).key,
        **_gathering_of(event),
        **_member_of(event),
        "key_id": 1,
    }


def _member_of(event: Event) -> dict:
    """A member with a private link, whose name reads as a registration of the event's (so it may claim it)."""
    member = services.enrol_member(name=event.players.order_by("id").first().name, actor=actor(event.owner))
    linked = services.make_member_link(member, actor=actor(event.owner))
    return {"player_number": member.number, "link_token": linked.link_token}


def _gathering_of(event: Event) -> dict:
    """The event in a gathering of its own address with a second event, its sign-up open, and one entrant of both."""
    gathering = services.create_gathering(owner=event.owner, name="Fuzz Weekend")
    Gathering.objects.filter(pk=gathering.pk).update(slug=event.slug)
    gathering.refresh_from_db()
    services.set_event_gathering(event, gathering, actor=actor(event.owner))
    side = services.create_event(
        owner=event.owner, name="Side event", policy="policy-4-2001", game_type="two-deck", gathering=gathering
    )
    services.update_deck_settings(
        side,
        actor=actor(event.owner),
        deck_lists_wanted=False,
        sign_up_opens_at=timezone.now() - datetime.timedelta(days=1),
        sign_up_closes_at=None,
        sign_up_cap=None,
        deck_deadline=None,
    )
    entrant = services.enter_gathering(gathering, "Fuzz Entrant", [side, event], actor=actor(event.owner))
    return {
        "event_id": side.pk,
        "entrant_token": entrant.token,
        "entrant_id": entrant.pk,
        "side_event": side.pk,
        "entrant": entrant.pk,
    }


def _url(name: str, world: dict, numbers: dict) -> str:
    pattern = next(p for p in url_patterns() if p.name == name)
    wanted = pattern.parts
    kwargs = {key: numbers.get(key, value) for key, value in world.items() if key in wanted}
    return reverse(name, kwargs=kwargs)


@pytest.mark.parametrize("name", sorted(POSTED_FIELDS))
def test_random_input_never_breaks_a_form(client, owner, world, name):
    client.force_login(owner)

    @settings(
        max_examples=20,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(
        from_valid=st.booleans(),
        values=st.fixed_dictionaries({}, optional=dict.fromkeys(POSTED_FIELDS[name] + ["extra"], VALUE)),
        numbers=st.fixed_dictionaries(
            {},
            optional=dict.fromkeys(
                ("player_id", "game_id", "number", "user_id", "snapshot_id", "event_id", "entrant_id"), NUMBER
            ),
        ),
        archive=st.one_of(st.binary(max_size=200), st.sampled_from(ODD_ARCHIVES)),
    )
    def post(from_valid, values, numbers, archive):
        data = (_valid(name, world) if from_valid else {}) | values
        if name == "events:event_import":
            data["archive"] = SimpleUploadedFile("event.json", archive)
        before = database_state()
        response = client.post(_url(name, world, numbers), data)
        after = database_state()
        assert response.status_code < 500, (name, data)
        if response.status_code >= 400:
            assert after == before, (name, data, response.status_code)
        changed = {model for model in after if model != "AuditEntry" and after[model] != before[model]}
        # House policies belong to no event, so no event's audit log records them (services/policies.py).
        # Nor the gatherings themselves (each event a gathering's change touches records it), nor the players
        # known across events, whose own log records them.
        if changed - {"User", "HousePolicy", "Gathering", "Member", "MemberLogEntry"}:
            assert len(after["AuditEntry"]) > len(before["AuditEntry"]), (name, data, changed)
        for event in Event.objects.all():
            scoring.parse_archive(event_archive(event))
        if name == "events:logout":
            client.force_login(owner)

    post()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query=st.fixed_dictionaries({}, optional=dict.fromkeys(["action", "round", "table", "actor", "page"], VALUE)))
def test_the_audit_filters_never_fail(client, owner, event, query):
    # Read-only, so a GET form: any input is shown back with its error or narrows the log.
    client.force_login(owner)
    response = client.get(f"/events/{event.slug}/audit/", query)
    assert response.status_code in (200, 422)
