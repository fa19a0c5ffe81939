"""Finding people and tables by what is typed, and long lists a page at a time (events/queries/search.py)."""

from __future__ import annotations

from events.models import Game
from events.queries.search import (
    LIST_ORPHANS,
    LIST_PAGE_SIZE,
    find_players,
    fold,
    found_tables,
    holds_every_word,
    is_long_list,
    list_page,
    listing_query,
    page_of_table,
    with_players,
)
from tests.factories import PlayerFactory
from tests.helpers import run_event


def test_fold_drops_accents_and_case_so_eowyn_finds_eowyn():
    assert fold("Éowyn") == "eowyn"
    assert fold("ÖRJAN Ståhl") == "orjan stahl"
    assert fold("eowyn") in fold("Lady Éowyn of Rohan")


def test_every_word_must_be_within_the_name_in_any_order():
    assert holds_every_word("ann smith", ["smi", "ann"])
    assert not holds_every_word("ann smith", ["smi", "bob"])
    assert holds_every_word("ann smith", [])  # nothing typed finds everyone


def test_find_players_folds_accents_and_takes_words_in_any_order(db):
    eowyn, ann, anna = (PlayerFactory(name=name) for name in ("Éowyn Ståhl", "Ann Smith", "Anna Smithers"))
    players = [eowyn, ann, anna]
    assert find_players(players, "stahl EOWYN") == [eowyn]
    assert find_players(players, "smi ann") == [ann, anna]
    assert find_players(players, "smi ann", limit=1) == [ann]
    assert find_players(players, "   ") == []  # nothing typed finds no one


def test_a_list_of_64_stays_on_one_page_and_65_takes_two():
    assert (LIST_PAGE_SIZE, LIST_ORPHANS) == (50, 14)
    assert (is_long_list(64), is_long_list(65)) == (False, True)
    assert list_page(list(range(64)), None).paginator.num_pages == 1
    second = list_page(list(range(65)), "2")
    assert (second.paginator.num_pages, list(second.object_list)) == (2, list(range(50, 65)))


def test_a_page_number_that_is_not_a_page_gives_the_nearest_one():
    items = list(range(120))
    assert list_page(items, "9").number == 3
    assert list_page(items, "x").number == 1


def test_listing_query_keeps_the_search_and_any_page_after_the_first():
    items = list(range(120))
    assert listing_query("", list_page(items, None)) == ""
    assert listing_query("ann", list_page(items, None)) == "q=ann"
    assert listing_query("Éowyn", list_page(items, "2")) == "q=%C3%89owyn&page=2"


def test_page_of_table_is_where_the_table_is_in_the_unsearched_list():
    assert [page_of_table(table, 64) for table in (1, 50, 51, 64)] == [1, 1, 1, 1]
    assert [page_of_table(table, 120) for table in (1, 50, 51, 120)] == [1, 1, 2, 3]
    assert page_of_table(114, 114) == 2  # the last page takes up to 14 more


def test_found_tables_by_the_number_on_the_table_or_a_players_name(event):
    run_event(event, 8, 1)
    games = list(Game.objects.filter(round__event=event).order_by("table"))
    assert found_tables(event, games, " 3 ") == [games[2]]
    assert found_tables(event, games, "9") == []
    with_players(games)
    third = games[2]
    found = found_tables(event, games, f"{third.player_b.name.upper()}")
    assert found == [third]
    assert found_tables(event, games, "") == games


def test_with_players_loads_both_players_of_every_game(event, django_assert_num_queries):
    run_event(event, 4, 1)
    games = list(Game.objects.filter(round__event=event).order_by("table"))
    with django_assert_num_queries(1):
        with_players(games)
        names = [(game.player_a.name, game.player_b.name) for game in games]
    assert sorted(name for pair in names for name in pair) == [f"Player {n:02d}" for n in range(1, 5)]
