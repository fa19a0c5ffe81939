"""Names that read as another's, or as nothing, are refused with a message (issues 14 and 28).

A reader cannot tell "Player\u200b 001" from "Player 001", "оwner" (a Cyrillic "о") from
"owner", nor "GaIadriel" (a capital i) from "Galadriel": two such names side by side
would make the pairings and the audit log lie.
"""

from __future__ import annotations

import importlib
import io
import re
import string
import unicodedata
from collections import defaultdict

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from hypothesis import given
from hypothesis import strategies as st

from events import services
from events.models import EventRole, Player
from events.names import CONFUSABLES_PATH, CONFUSABLES_VERSION, name_digest, name_key, prototypes, skeleton
from events.roles import COORDINATOR
from tests.factories import PlayerFactory, UserFactory
from tests.helpers import actor


def _error(response, field: str) -> str:
    found = re.search(rf'<ul class="errorlist" id="id_{field}_error"[^>]*><li>([^<]*)</li>', response.content.decode())
    assert found is not None, f"no error next to {field}"
    return found.group(1)


@pytest.mark.parametrize(
    "twin",
    [
        "Player\u200b 001",
        "player 001",
        "Ｐlayer 001",
        "Plаyer 001",
        "Player  001",
        "Player\u2060 001",
        "Player 001\ufe0f",
        "Player\u034f 001",
        "Pl\u0251yer 001",
    ],
)
def test_a_name_that_reads_as_a_registered_one_is_refused(as_owner, event, twin):
    services.register_players(event, "Player 001", actor=actor(event.owner))
    response = as_owner.post(f"/events/{event.slug}/players/", {"names": twin})
    assert response.status_code == 422
    assert "already registered" in _error(response, "names")
    assert list(event.players.values_list("name", flat=True)) == ["Player 001"]


def test_renaming_a_player_to_read_as_another_is_refused(as_owner, event):
    ann, _ = services.register_players(event, "Ann\nPlayer 001", actor=actor(event.owner))
    response = as_owner.post(
        f"/events/{event.slug}/players/{ann.pk}/", {"name": "Player\u200b 001", "deck_capability": "one-ring"}
    )
    assert response.status_code == 422
    assert "reads like Player 001" in _error(response, "name")


@pytest.mark.parametrize(
    "name, said",
    [
        ("\u200b\u200b\u200b", "has nothing visible in it"),
        ("\u3164", "has nothing visible in it"),
        ("Ann\u202eyrraH", "reverses the text"),
        ("Ann\x07", "control character (U+0007)"),
    ],
)
def test_a_player_name_of_nothing_visible_or_with_control_characters_is_refused(as_owner, event, name, said):
    response = as_owner.post(f"/events/{event.slug}/players/", {"names": name})
    assert response.status_code == 422
    assert said in _error(response, "names")
    assert not Player.objects.exists()


def test_an_event_named_with_nothing_visible_is_refused_next_to_the_name(as_owner):
    response = as_owner.post(
        "/events/new/",
        {
            "name": "\u200b\u200c\u200d",
            "policy": "policy-4-2001",
            "game_type": "two-deck",
            "format": "general-opponent",
            "tie_resolution": "playoff",
            "first_round_pairing": "random",
        },
    )
    assert response.status_code == 422
    assert "has nothing visible in it" in _error(response, "name")


def test_a_full_width_spelling_of_an_account_is_that_account(as_owner, event, owner):
    response = as_owner.post(f"/events/{event.slug}/staff/", {"username": "ｏｗｎｅｒ", "role": "coordinator"})
    assert response.status_code == 422
    assert _error(response, "username") == "The owner already runs the event."


@pytest.mark.parametrize(
    "name, said",
    [
        ("оwner", "looks the same as the account owner"),  # a Cyrillic о
        ("OWNЕR", "looks the same as the account owner"),  # a Cyrillic Е
        ("\u202erenwo", "Enter a valid username"),
        ("\u200b\u200b", "Enter a valid username"),
        ("staff member", "Enter a valid username"),
    ],
)
def test_a_co_coordinator_cannot_create_a_look_alike_account(client, event, owner, name, said):
    co = UserFactory(username="co")
    EventRole.objects.create(event=event, user=co, role=COORDINATOR)
    client.force_login(co)
    response = client.post(
        f"/events/{event.slug}/staff/", {"username": name, "password": "a long pass phrase", "role": "coordinator"}
    )
    assert response.status_code == 422
    assert said in _error(response, "username")
    assert get_user_model().objects.count() == 2


PHONETIC = "is not a letter that names are written in"


@pytest.mark.parametrize(
    "existing, name, said",
    [
        ("coordinator", "coord\u0131nator", "looks the same as the account coordinator"),  # Turkish dotless i
        ("coordinator", "coord\u0269nator", PHONETIC),  # Latin iota, a phonetic symbol
        ("coordinator", "coo\u0280dinator", PHONETIC),  # small capital R
        ("alice", "\u0251lice", PHONETIC),  # Latin alpha
    ],
)
def test_an_account_that_reads_as_another_in_latin_letters_is_refused(event, existing, name, said):
    UserFactory(username=existing)
    with pytest.raises(services.ServiceError) as refused:
        services.add_staff(event, actor=actor(event.owner), username=name, password="a long pass phrase")
    assert said in str(refused.value)
    assert not get_user_model().objects.filter(username=name).exists()


def test_an_account_in_another_alphabet_that_reads_differently_is_created(event):
    user = services.add_staff(event, actor=actor(event.owner), username="Иван", password="a long pass phrase")
    assert user.username == "Иван"


def test_names_compare_as_they_read():
    assert name_key("Ｐlayer\u200b  001") == name_key("player 001") == name_key("Plаyer 001")
    assert name_key("Éowyn") != name_key("Eowyn")


# Issue 28: the whole skeleton of UTS #39, read before case is folded.


@pytest.mark.parametrize(
    "twin, name",
    [
        ("GaIadriel", "Galadriel"),  # a capital i
        ("PIayer", "Player"),
        ("Aragom", "Aragorn"),  # "rn" reads as "m"
        ("VVill", "Will"),
        ("Iena", "lena"),
        ("Plаyer 001", "Player 001"),  # a Cyrillic а
        ("Ｐlayer 001", "Player 001"),
        ("ARAGOM", "aragorn"),
        ("G\u200bal\ufe0fadriel", "Galadriel"),
        ("Guðrún", "GUÐRÚN"),
        ("Иван", "ИВАН"),
        ("Straße", "STRASSE"),
    ],
)
def test_names_that_read_alike_have_one_key(twin, name):
    assert name_key(twin) == name_key(name)
    assert name_digest(twin) == name_digest(name)


@pytest.mark.parametrize(
    "one, other",
    [
        ("Anna", "Anne"),
        ("Bilbo", "Frodo"),
        ("Éowyn", "Eowyn"),
        ("Merry", "Pippin"),
        ("Sam", "Pam"),
        ("Player 001", "Player 002"),
        ("Player 10", "Player 100"),
        ("Théoden", "Theoden"),
        ("Ann Smith", "AnnSmith"),
    ],
)
def test_ordinary_names_that_differ_have_two_keys(one, other):
    assert name_key(one) != name_key(other)


def test_accents_count_as_the_skeleton_keeps_them_as_combining_marks():
    assert skeleton("Éowyn") == "E\u0301owyn"
    assert name_key("Éowyn") != name_key("Eowyn")


def test_letters_whose_capital_and_small_forms_read_as_two_latin_letters_stay_two():
    # Greek Ν reads as N and ν as v: one key for both would make every "v" an "n".
    assert name_key("Ν") == name_key("N") and name_key("ν") == name_key("v")
    assert name_key("Ν") != name_key("ν")


def _letters(*blocks: tuple[int, int]) -> str:
    return "".join(
        chr(code)
        for low, high in blocks
        for code in range(low, high + 1)
        if unicodedata.category(chr(code)) in ("Lu", "Ll", "Lt")
    )


# The letters the app's languages (and their neighbours') names are written in: Basic
# Latin, Latin-1, Latin Extended-A and Latin Extended Additional.
NAME_LETTERS = _letters((0x41, 0x7A), (0xC0, 0xFF), (0x100, 0x17F), (0x1E00, 0x1EFF))
names = st.text(alphabet=NAME_LETTERS + string.digits + " -'.", min_size=1, max_size=30)


@pytest.mark.parametrize("letter", NAME_LETTERS)
def test_case_never_matters_for_a_letter_names_are_written_in(letter):
    assert name_key(letter) == name_key(letter.upper()) == name_key(letter.lower())


@given(names)
def test_case_never_matters_in_a_name(name):
    assert name_key(name) == name_key(name.upper()) == name_key(name.lower())


@given(st.text())
def test_the_key_of_a_key_is_itself(text):
    assert name_key(name_key(text)) == name_key(text)


def test_every_character_of_the_table_and_its_other_case_has_a_key_that_is_its_own():
    chars = {variant for code in prototypes() for variant in (chr(code), chr(code).upper(), chr(code).lower())}
    chars |= {char for prototype in prototypes().values() for char in prototype}
    assert [char for char in sorted(chars) if name_key(name_key(char)) != name_key(char)] == []


def _alike_groups() -> list[list[str]]:
    # The characters whose skeletons are one, of those a name may hold as they are (letters
    # and digits NFKC leaves alone). Grouped by skeleton, not by the table's lines: the
    # skeleton decomposes first, so "Й" is read as "И" with a breve, whatever its line says.
    chars = {chr(code) for code in prototypes()} | {char for prototype in prototypes().values() for char in prototype}
    groups = defaultdict(list)
    for char in sorted(chars):
        if unicodedata.category(char)[0] in "LN" and unicodedata.normalize("NFKC", char) == char:
            groups[skeleton(char)].append(char)
    return [group for group in groups.values() if len(group) > 1]


ALIKE = _alike_groups()


@given(st.data())
def test_a_character_replaced_by_one_of_the_same_prototype_leaves_the_key(data):
    group = data.draw(st.sampled_from(ALIKE))
    before, after = data.draw(names), data.draw(names)
    one, other = data.draw(st.sampled_from(group)), data.draw(st.sampled_from(group))
    assert name_key(before + one + after) == name_key(before + other + after)


IGNORABLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\ufe0f", "\u034f", "\u00ad", "\U000e0041"]


@given(names, st.data())
def test_what_draws_as_nothing_leaves_the_key(name, data):
    at = data.draw(st.integers(0, len(name)))
    assert name_key(name[:at] + data.draw(st.sampled_from(IGNORABLE)) + name[at:]) == name_key(name)


FULL_WIDTH = {code: code - 0x21 + 0xFF01 for code in range(0x21, 0x7F)}


@given(st.text(alphabet=string.ascii_letters + string.digits + " -'.", min_size=1, max_size=30))
def test_compatibility_forms_leave_the_key(name):
    assert name_key(name.translate(FULL_WIDTH)) == name_key(name)
    assert name_key(unicodedata.normalize("NFKC", name)) == name_key(name)


# Letters no look-alike involves (none of i, l, m, n, r, v, w, o, nor 0, 1): among them
# the key is case-blind comparison and nothing more.
PLAIN = "abcdefghjkpqstuxyz"
plain_names = st.text(alphabet=PLAIN + PLAIN.upper() + "23456789 ", min_size=1, max_size=12)


@given(plain_names, plain_names)
def test_names_of_letters_no_look_alike_involves_are_one_only_when_they_differ_by_case_or_spaces(one, other):
    same = " ".join(one.split()).casefold() == " ".join(other.split()).casefold()
    assert (name_key(one) == name_key(other)) == same


def test_the_table_is_unicodes_whole_confusables_of_the_version_named():
    header = [line for line in CONFUSABLES_PATH.read_text(encoding="utf-8").splitlines() if line.startswith("#")]
    assert f"# Version: {CONFUSABLES_VERSION}" in header
    assert len(prototypes()) == 6355  # "# total: 6355" in Unicode's 16.0.0 file
    assert prototypes()[ord("m")] == "rn" and prototypes()[ord("I")] == "l"
    assert sum(len(prototype) > 1 for prototype in prototypes().values()) == 2053


def test_the_confusables_command_writes_the_short_form(tmp_path):
    source = tmp_path / "confusables.txt"
    source.write_text(
        "\ufeff# confusables.txt\n# Date: 2024-08-14, 23:39:57 GMT\n# © 2024 Unicode®, Inc.\n"
        "# Version: 16.0.0\n\n006D ;\t0072 006E ;\tMA\t# ( m → rn )\n"
        "0049 ;\t006C ;\tMA\t# ( I → l )\n# total: 2\n",
        encoding="utf-8",
    )
    short = tmp_path / "short.txt"
    call_command("confusables", str(source), output=str(short), stdout=io.StringIO())
    lines = short.read_text(encoding="utf-8").splitlines()
    assert [line for line in lines if not line.startswith("#")] == ["006D 0072 006E", "0049 006C"]
    assert "# Version: 16.0.0" in lines and "# © 2024 Unicode®, Inc." in lines
    source.write_text("006D ; 0072 006E\n", encoding="utf-8")
    with pytest.raises(CommandError, match="line 1"):
        call_command("confusables", str(source), output=str(short))


def test_galadriel_with_a_capital_i_cannot_register_beside_galadriel(event):
    services.register_players(event, "Galadriel", actor=actor(event.owner))
    with pytest.raises(services.ServiceError) as refused:
        services.register_players(event, "GaIadriel", actor=actor(event.owner))
    assert "GaIadriel reads like Galadriel" in str(refused.value)
    assert list(event.players.values_list("name", flat=True)) == ["Galadriel"]


def test_an_account_iena_cannot_be_added_beside_lena(event):
    UserFactory(username="lena")
    with pytest.raises(services.ServiceError) as refused:
        services.add_staff(event, actor=actor(event.owner), username="Iena", password="a long pass phrase")
    assert "looks the same as the account lena" in str(refused.value)
    assert not get_user_model().objects.filter(username="Iena").exists()


skeleton_migration = importlib.import_module("events.migrations.0018_names_skeleton")


def test_the_migration_recomputes_every_digest_and_keeps_players_that_now_read_alike(event):
    # As stored before issue 28: "Kari" and "Karl" were two names; now "i" reads as "l".
    kari = PlayerFactory(event=event, name="Kari", name_digest="stored before issue 28")
    karl = PlayerFactory(event=event, name="Karl", name_digest="stored before issue 28, too")
    skeleton_migration.recompute_digests(apps, None)
    kari.refresh_from_db()
    karl.refresh_from_db()
    assert kari.name_digest == karl.name_digest == name_digest("Karl")
    assert set(event.players.values_list("name", flat=True)) == {"Kari", "Karl"}
    with pytest.raises(services.ServiceError):
        services.register_players(event, "KARI", actor=actor(event.owner))


def test_players_whose_names_came_to_read_alike_stay_editable(event):
    """Migration 0018 keeps both "Kari" and "Karl"; editing one's ranking must not be refused for the other."""
    kari, karl = services.register_players(event, "Kari\nKarx", actor=actor(event.owner))
    Player.objects.filter(pk=karl.pk).update(name="Karl", name_digest=name_digest("Karl"))
    karl.refresh_from_db()
    edited = services.update_player(karl, actor=actor(event.owner), name="Karl", deck_capability="one-ring", ranking=3)
    assert (edited.ranking, edited.deck_capability) == (3, "one-ring")
    with pytest.raises(services.ServiceError, match="KARI is already registered"):
        services.update_player(karl, actor=actor(event.owner), name="KARI", deck_capability="one-ring")
    assert kari.name == "Kari"
