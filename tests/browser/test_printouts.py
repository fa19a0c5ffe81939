"""Printouts through Chromium's print to PDF, on A4 and Letter, and the screenshots `make screenshots` keeps.

Screenshots and PDFs go to COUNCIL_SCREENSHOTS when it is set (make screenshots), else to
a temporary folder: the pages are checked the same way either way.
"""

from __future__ import annotations

import io

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from events import services
from events.models import Event, Game
from tests.browser.conftest import fits_the_width
from tests.browser.test_event_day import log_in
from tests.factories import UserFactory
from tests.helpers import actor, register

pytestmark = pytest.mark.django_db(transaction=True)

# Printable width at 12 mm margins, in CSS pixels (96 per inch): A4 is the narrower.
PRINTABLE_WIDTH = {"A4": round((210 - 24) / 25.4 * 96), "Letter": round((215.9 - 24) / 25.4 * 96)}


@pytest.fixture
def big_event(db):
    owner = UserFactory(username="coordinator")
    who = actor(owner)
    event = Event.objects.create(
        slug="worlds", name="Council of Elrond Championship", policy="version-3-1998", game_type="two-deck", owner=owner
    )
    register(event, 41)
    services.start_event(event, actor=who)
    for number in (1, 2, 3):
        services.pair_round(event, actor=who, seed=number)
        for game in Game.objects.filter(round__event=event, round__number=number):
            services.record_result(
                game, {"kind": "council", "mp": [15 + game.table % 7, 9]}, actor=who, expected_version=game.version
            )
    services.pair_round(event, actor=who, seed=4)
    return event


def _pdf(page, path: str, paper: str, shots, name: str) -> list[str]:
    page.goto(path)
    page.emulate_media(media="print")
    page.set_viewport_size({"width": PRINTABLE_WIDTH[paper], "height": 900})
    assert fits_the_width(page), f"{path} is wider than {paper} paper"
    data = page.pdf(format=paper, print_background=True)
    (shots / f"{name}-{paper.lower()}.pdf").write_bytes(data)
    page.emulate_media(media="screen")
    return [p.extract_text() for p in PdfReader(io.BytesIO(data)).pages]


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_printouts_render_to_pdf_with_their_content_and_headers_on_every_page(
    laptop, live_server, big_event, paper, shots
):
    event, base = big_event, live_server.url
    log_in(laptop, base, "coordinator")
    games = list(Game.objects.filter(round__event=event, round__number=4).select_related("player_a", "player_b"))
    bye = event.rounds.get(number=4).bye

    pages = _pdf(laptop, f"{base}/events/worlds/print/pairings/", paper, shots, "pairings")
    by_table = [text for text in pages if "by table" in text]
    by_name = [text for text in pages if "players by name" in text]
    assert by_table and by_name and not set(by_table) & set(by_name), "the alphabetical list starts a new page"
    assert all(f"{g.player_a.name}" in "".join(by_table) for g in games)
    assert f"Bye {bye.name}" in "".join(by_table)
    assert "Round 4 of 6" in by_table[0]

    pages = _pdf(laptop, f"{base}/events/worlds/print/slips/", paper, shots, "slips")
    text = "".join(pages)
    assert all(f"Table {g.table}" in text for g in games) and text.count("Signature") == len(games)
    assert "Weakest Link" in text  # Version 3 breaks equal MP with the Weakest Link
    assert len(pages) >= 4, "20 slips do not fit on three pages; each stays whole"

    pages = _pdf(laptop, f"{base}/events/worlds/print/standings/", paper, shots, "standings")
    assert len(pages) >= 2
    assert all("Council of Elrond Championship · Standings during round 4" in text for text in pages), (
        "the header repeats on every page"
    )
    assert "Player 01" in "".join(pages) and "Player 41" in "".join(pages)

    pages = _pdf(laptop, f"{base}/events/worlds/print/cards/", paper, shots, "cards")
    text = "".join(pages)
    assert text.count("Tournament card (") == 41
    assert all("Tournament card (" in page for page in pages)


def test_screenshots_of_the_phone_page_the_projector_and_a_printout(browser, live_server, big_event, shots):
    who = actor(big_event.owner)
    rnd = big_event.rounds.get(number=4)
    services.start_clock(rnd, actor=who)
    game = rnd.games.order_by("table").first()
    services.adjust_time(rnd, actor=who, minutes=5, table=game.table)
    base = live_server.url

    phone = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, device_scale_factor=2)
    page = phone.new_page()
    page.goto(f"{base}/e/worlds/")
    page.get_by_label("Any part of a name").fill(game.player_a.name)
    page.get_by_role("button", name="Find").click()
    page.get_by_role("button", name="This is me").first.click()
    expect(page.locator(".me")).to_contain_text(f"table {game.table}")
    expect(page.locator(".me .clock-label")).to_contain_text("+5 min")
    assert fits_the_width(page)
    page.screenshot(path=shots / "phone-player-360x740.png")
    page.screenshot(path=shots / "phone-player-360-full.png", full_page=True)
    phone.close()

    projector = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = projector.new_page()
    page.goto(f"{base}/e/worlds/projector/")
    expect(page.locator(".projector-list li").first).to_be_visible()
    page.screenshot(path=shots / "projector-1920x1080.png")
    page.goto(f"{base}/e/worlds/projector/?by=name")
    expect(page.locator(".projector-list li").first).to_be_visible()
    page.screenshot(path=shots / "projector-by-name-1920x1080.png")
    projector.close()

    laptop = browser.new_context(viewport={"width": PRINTABLE_WIDTH["A4"], "height": 1000})
    page = laptop.new_page()
    log_in(page, base, "coordinator")
    for sheet in ("pairings", "slips", "cards", "standings"):
        page.goto(f"{base}/events/worlds/print/{sheet}/")
        page.emulate_media(media="print")
        page.screenshot(path=shots / f"printout-{sheet}-a4.png")
        page.emulate_media(media="screen")
    laptop.close()
    assert len(list(shots.glob("*.png"))) >= 8


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_deck_sheet_and_the_binder_fit_the_paper(laptop, live_server, paper, shots):
    from tests.scoring.test_decks import LEGAL

    owner = UserFactory(username="coordinator")
    event = Event.objects.create(
        slug="decks",
        name="Lórien Deck Open",
        policy="policy-4-2001",
        game_type="two-deck",
        format="general-opponent",
        owner=owner,
    )
    for player in register(event, 3):
        services.submit_deck_list(
            player, f"Deck against hero\n{LEGAL}\nDeck against minion\n{LEGAL}", actor=actor(owner)
        )
    base = live_server.url
    log_in(laptop, base, "coordinator")
    pages = _pdf(laptop, f"{base}/events/decks/print/deck-sheet/", paper, shots, "deck-sheet")
    text = "".join(pages)
    assert "Deck against hero opponents" in text and "Deck against minion opponents" in text
    pages = _pdf(laptop, f"{base}/events/decks/print/deck-lists/", paper, shots, "deck-lists")
    assert len(pages) >= 3, "each list starts its own page"
    assert all(name in "".join(pages) for name in ("Player 01", "Player 02", "Player 03"))


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_bracket_prints_within_the_paper_with_every_player(laptop, live_server, paper, shots):
    owner = UserFactory(username="coordinator")
    who = actor(owner)
    event = Event.objects.create(
        slug="knockout",
        name="Dol Amroth Knockout",
        policy="policy-4-2001",
        game_type="two-deck",
        owner=owner,
        structure="elimination",
        elimination="double",
        seeding="random",
    )
    register(event, 13)
    services.start_event(event, actor=who, seed=2)
    for _ in range(2):
        for game in services.pair_round(event, actor=who).games.all():
            services.record_result(game, {"kind": "council", "mp": [20, 10]}, actor=who, expected_version=0)
    log_in(laptop, live_server.url, "coordinator")
    pages = _pdf(laptop, f"{live_server.url}/events/knockout/print/bracket/", paper, shots, "bracket")
    text = "".join(pages).replace("\ufb01", "fi")  # the PDF's text keeps the "fi" ligature
    assert "Grand final" in text and "Losers' round 1" in text and "Ranking so far" in text
    assert all(f"Player {n:02d}" in text for n in range(1, 14))
