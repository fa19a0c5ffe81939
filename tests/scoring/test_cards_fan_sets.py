"""The fan sets' card index (scoring/decks/fan_cards.py, data/fan-cards.json; issue 30)."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter

import pytest

import scoring.__main__ as command
from scoring import INDEX_PATH, RuleError, card_index
from scoring.decks.cards import FAN_INDEX_PATH
from scoring.decks.fan_cards import build_fan_index, read_cardnum_cards

FACTS = {"id", "name", "set", "type", "subtype", "alignment", "unique", "mind", "marshalling_points", "avatar", "fan"}


def test_the_index_holds_the_released_fan_sets_each_card_flagged_with_its_set():
    stored = json.loads(FAN_INDEX_PATH.read_text(encoding="utf-8"))
    assert stored["source"].startswith(
        "scottrick/cardnum, fdata/cards-dc.json and fdata/sets-dc.json at commit 5aff9be"
    )
    assert stored["sets"] == {"DF": "Durin's Folk", "FB": "Firstborn", "NE": "The Necromancer"}
    assert Counter(card["set"] for card in stored["cards"]) == {"NE": 233, "DF": 189, "FB": 189}
    assert all(card["fan"] is True for card in stored["cards"])
    assert set().union(*stored["cards"]) <= FACTS
    aegnor = next(card for card in stored["cards"] if card["name"] == "Aegnor")
    assert aegnor == {
        "id": "FB-7",
        "name": "Aegnor",
        "set": "FB",
        "type": "character",
        "alignment": "hero",
        "unique": True,
        "mind": 6,
        "marshalling_points": "2",
        "fan": True,
    }


def test_the_official_index_is_unchanged_and_knows_no_fan_card():
    stored = json.loads(INDEX_PATH.read_text(encoding="utf-8"))
    assert len(stored["cards"]) == 1683 and not any("fan" in card for card in stored["cards"])
    index = card_index()
    assert len(index.cards) == 1683 + 611
    assert index.fan_sets == {"DF": "Durin's Folk", "FB": "Firstborn", "NE": "The Necromancer"}
    assert {card.set for card in index.cards if card.fan} == set(index.fan_sets)


@pytest.mark.parametrize(
    "written, ids",
    [
        ("Balin", ["TW-123"]),
        ("Balin (DF)", ["DF-11", "TW-123"]),
        ("Fangorn", ["TW-457"]),
        ("Fangorn (FB)", ["FB-78", "TW-457"]),
        ("Lady Galadriel", ["FB-102"]),
    ],
)
def test_a_shared_name_finds_the_official_card_and_the_set_code_the_fan_card(written, ids):
    assert [card.id for card in card_index().find(written)] == ids


def test_the_lords_and_their_avatars_keep_their_alignment():
    galadriel = card_index().find("Lady Galadriel")[0]
    assert (galadriel.alignment, galadriel.avatar, galadriel.unique, galadriel.mind) == ("elf-lord", True, True, 9)
    assert card_index().find("Thorin")[0].alignment == "dwarf-lord"


HEAD = (
    '"Set","Primary","Alignment","MEID","Artist","NameEN","Text","MPs","Mind","Unique","Secondary","Stage",'
    '"dreamcard","released","erratum"'
)
ROWS = [
    '"MEFB","Character","Elf-lord","FB001","someone","Balin*","words","2","7","unique","Avatar","","true","true","false"',
    '"MEFB","Resource","Fallen/Lord","FB002","x","A Stage","words","(1)","","","Permanent-Event","1","true","true",""',
    '"MEFB","Hazard","Neutral","FB003","someone","A Beast","""quoted"" words","","","","Creature","","true","true",""',
    '"MEBO","Hazard","Neutral","BO001","someone","Not Yet","words","","","","Creature","","true","false","false"',
    '"METW","Resource","Hero","TW333","someone","Sting","words","","","unique","Minor Item","","false","true","false"',
]
SETS = [
    {"code": "METW", "name": "The Wizards", "dreamcards": False, "released": True},
    {"code": "MEFB", "name": "Firstborn", "dreamcards": True, "released": True},
    {"code": "MEBO", "name": "Bay of Ormal", "dreamcards": True, "released": False},
]
BUILT = {
    "source": "a test",
    "sets": {"FB": "Firstborn"},
    "cards": [
        {
            "id": "FB-1",
            "name": "Balin",
            "set": "FB",
            "type": "character",
            "alignment": "elf-lord",
            "fan": True,
            "unique": True,
            "mind": 7,
            "marshalling_points": "2",
            "avatar": True,
        },
        {
            "id": "FB-2",
            "name": "A Stage",
            "set": "FB",
            "type": "resource",
            "alignment": "stage",
            "fan": True,
            "subtype": "Permanent-event",
            "marshalling_points": "(1)",
        },
        {
            "id": "FB-3",
            "name": "A Beast",
            "set": "FB",
            "type": "hazard",
            "alignment": "neutral",
            "fan": True,
            "subtype": "Creature",
        },
    ],
}


@pytest.mark.parametrize(
    "text",
    [
        HEAD + "".join(ROWS),  # the file at 5aff9be: CSV whose records run together
        HEAD + "\n" + "\n".join(ROWS) + "\n",
    ],
)
def test_building_keeps_the_released_fan_sets_facts_and_drops_text_artists_and_the_rest(text):
    assert build_fan_index(read_cardnum_cards(text), SETS, "a test", {"TW": "The Wizards"}) == BUILT


def test_building_reads_cardnums_later_json_form():
    records = list(csv.DictReader(io.StringIO(HEAD + "\n" + "\n".join(ROWS[:2]))))
    built = build_fan_index(read_cardnum_cards(json.dumps(records)), SETS, "a test", {})
    assert built["cards"] == BUILT["cards"][:2]


def test_building_refuses_a_fan_set_with_an_official_sets_code_and_a_record_cut_short():
    with pytest.raises(RuleError, match="official sets' codes: FB"):
        build_fan_index(read_cardnum_cards(HEAD + "".join(ROWS)), SETS, "a test", {"FB": "Fell Beasts"})
    with pytest.raises(RuleError, match="record 1 of the Cardnum cards has 3 fields"):
        read_cardnum_cards(HEAD + '\n"MEFB","Character","Hero"\n')


def test_the_build_command_writes_the_fan_index(tmp_path, monkeypatch, capsys):
    cards, sets, written = tmp_path / "cards-dc.json", tmp_path / "sets-dc.json", tmp_path / "fan-cards.json"
    cards.write_text(HEAD + "".join(ROWS), encoding="utf-8")
    sets.write_text(json.dumps(SETS), encoding="utf-8")
    monkeypatch.setattr(command, "FAN_INDEX_PATH", written)
    assert command.main(["cards-build", str(cards), "--fan-sets", str(sets), "--source", "a test"]) == 0
    assert json.loads(capsys.readouterr().out)["cards"] == 3
    assert json.loads(written.read_text(encoding="utf-8")) == BUILT
