"""Every page by every role it is made for, on a phone and a laptop, checked by axe-core against WCAG 2.1 AA.

axe-core's script comes inside axe-playwright-python, so nothing is fetched at test time.
A page is checked as a person meets it: loaded, with htmx's swaps settled; the public
page also with a name found and after "This is me".
"""

from __future__ import annotations

import datetime
import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.utils import timezone
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from events import services
from events.models import Event
from events.roles import STAFF
from scoring import MAX_NAME_LENGTH
from tests.browser.conftest import htmx_settled
from tests.browser.test_event_day import log_in
from tests.factories import UserFactory
from tests.helpers import PHONES, WIN_A, actor, register
from tests.scoring.test_decks import LEGAL

pytestmark = pytest.mark.django_db(transaction=True)

# WCAG 2.0 and 2.1, levels A and AA: the rules axe-core tags with these, and no "best practice".
WCAG_21_AA = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
    "resultTypes": ["violations"],
}

VIEWPORTS = {
    "phone": {
        "viewport": {"width": 360, "height": 740},
        "is_mobile": True,
        "has_touch": True,
        "device_scale_factor": 2,
    },
    "laptop": {"viewport": {"width": 1366, "height": 768}},
}

AXE = Axe()


@pytest.fixture
def lorien(db):
    """A running Swiss event with everything its pages show: lists, a round played, the next one
    half played with its clock running, a report from a player, a staff member and links; and a
    knockout played to its title, closed, with its lists published."""
    owner = UserFactory(username="coordinator")
    who = actor(owner)
    now = timezone.now()
    event = Event.objects.create(
        slug="lorien",
        name="Lórien Open",
        policy="version-3-1998",
        game_type="two-deck",
        owner=owner,
        players_report=True,
        place="Caras Galadhon",
    )
    services.update_deck_settings(
        event,
        actor=who,
        deck_lists_wanted=True,
        sign_up_opens_at=now - datetime.timedelta(hours=1),
        sign_up_closes_at=now + datetime.timedelta(days=1),
        sign_up_cap=40,
        deck_deadline=now + datetime.timedelta(days=1),
    )
    # Names as people write them, and one as long as a name may be: the tables scroll sideways on both screens.
    players = services.register_players(
        event,
        "\n".join(
            [
                "Väinämöinen Kalevanpoika",
                "Éowyn Halfelven",
                "Ioreth",
                "Beregond",
                "Faramir",
                "Galadriel",
                "Radagast's Friend",
                "Bilbo",
                "Ö" * (MAX_NAME_LENGTH - 3) + " Ö",
            ]
        ),
        actor=who,
    )
    longest = max(players, key=lambda player: len(player.name))
    for player in [*players[:5], longest]:
        services.submit_deck_list(player, LEGAL, actor=who)
    linked = services.make_deck_link(longest, actor=who)
    services.add_staff(event, actor=who, username="marshal", password="correct horse battery", role=STAFF)
    token = services.create_staff_link(event, actor=who)
    services.start_event(event, actor=who, rounds=3, note="the test's own number", confirm=True)
    first = services.pair_round(event, actor=who, seed=1)
    for game in first.games.all():
        services.record_result(game, WIN_A, actor=who, expected_version=game.version)
    second = services.pair_round(event, actor=who, seed=2)
    games = list(second.games.order_by("table"))
    services.record_result(games[0], WIN_A, actor=who, expected_version=games[0].version)
    services.report_result(games[1], 0, WIN_A, device=PHONES[0])
    services.start_clock(second, actor=who)
    services.adjust_time(second, actor=who, minutes=5, table=games[2].table)

    knockout = Event.objects.create(
        slug="knockout",
        name="Edoras Knockout",
        policy="policy-4-2001",
        game_type="two-deck",
        owner=owner,
        structure="elimination",
        seeding="random",
    )
    for player in register(knockout, 4):
        services.submit_deck_list(player, LEGAL, actor=who)
    services.start_event(knockout, actor=who, seed=2)
    for _ in range(2):
        for game in services.pair_round(knockout, actor=who).games.all():
            services.record_result(game, WIN_A, actor=who, expected_version=game.version)
    services.close_event(knockout, actor=who)
    services.publish_deck_lists(knockout, actor=who, player_ids=[p.pk for p in knockout.players.all()])

    return {
        "token": token,
        "game": games[3],
        "drawn": next(iter(second.spot_check_tables())),
        "player": linked,
        "published": knockout.players.first(),
    }


def _axe(page, where: str, found: list[str]) -> None:
    """Check the page as it stands; add each rule it breaks to ``found``: where, which rule, what to fix, on what."""
    htmx_settled(page)
    try:
        violations = AXE.run(page, options=WCAG_21_AA).response["violations"]
    except PlaywrightError as error:
        error.add_note(f"axe-core could not check {where}")
        raise
    for violation in violations:
        targets = "; ".join(" ".join(node["target"]) for node in violation["nodes"])
        found.append(f"{where}: {violation['id']} ({len(violation['nodes'])}): {violation['help']} -> {targets}")


def _visit(page, base: str, paths: list[str], found: list[str], status: int = 200) -> None:
    for path in paths:
        response = page.goto(base + path)
        assert response.status == status, f"{path} answered {response.status}"
        _axe(page, path, found)


def _open(browser, device: str):
    context = browser.new_context(**VIEWPORTS[device])
    context.set_default_timeout(10_000)
    return context, context.new_page()


def _none_broken(found: list[str]) -> None:
    assert found == [], (
        "axe-core found WCAG 2.1 AA rules broken (page: rule (elements): what to fix -> where):\n" + "\n".join(found)
    )


def _scrolls_by_keyboard(page, region, name) -> None:
    """A table that scrolls sideways is a named region that Tab reaches, shows focused, and the arrow keys scroll."""
    expect(region).to_have_role("region")
    expect(region).to_have_accessible_name(name)
    assert region.evaluate("wrap => wrap.scrollWidth > wrap.clientWidth"), "the table should scroll sideways here"
    for _ in range(40):
        page.keyboard.press("Tab")
        if region.evaluate("wrap => wrap === document.activeElement"):
            break
    else:
        raise AssertionError("Tab never reaches the table that scrolls sideways")
    assert region.evaluate("wrap => getComputedStyle(wrap).outlineStyle") == "solid", "the focus is not shown"
    page.keyboard.press("ArrowRight")
    for _ in range(40):
        if region.evaluate("wrap => wrap.scrollLeft") > 0:
            return
        page.wait_for_timeout(50)
    raise AssertionError("the arrow keys do not scroll the table")


@pytest.mark.parametrize("device", VIEWPORTS)
def test_the_public_pages_break_no_wcag_rule(browser, live_server, lorien, device):
    base, found, player = live_server.url, [], lorien["player"]
    context, page = _open(browser, device)
    _visit(page, base, ["/", "/accounts/login/"], found)
    page.get_by_label("User name").fill("coordinator")
    page.get_by_label("Password").fill("not the password")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("alert")).to_be_visible()
    _axe(page, "/accounts/login/ (refused)", found)

    _visit(page, base, ["/e/lorien/"], found)
    page.get_by_label("Any part of a name").fill(player.name)
    page.get_by_role("button", name="Find").click()
    expect(page.locator("#found")).to_contain_text("This is me")
    _axe(page, "/e/lorien/ (a name found)", found)
    page.get_by_role("button", name="This is me").first.click()
    expect(page.locator(".me")).to_contain_text(player.name)
    _axe(page, "/e/lorien/ (this is me)", found)
    _visit(
        page,
        base,
        [
            "/e/lorien/pairings/",
            "/e/lorien/standings/",
            "/e/lorien/rounds/1/",
            "/e/lorien/projector/",
            "/e/lorien/projector/?by=name",
            "/e/lorien/report/",
            "/e/lorien/sign-up/",
            f"/e/lorien/deck/{player.deck_token}/",
            "/e/knockout/",
            f"/e/knockout/decks/{lorien['published'].pk}/",
        ],
        found,
    )
    _visit(page, base, ["/no-such-page/", "/staff/no-such-link/"], found, status=404)
    page.goto(f"{base}/events/lorien/")  # a coordinator's page, signed out: the sign-in page, then back
    expect(page).to_have_url(re.compile(r"/accounts/login/\?next=/events/lorien/$"))
    _axe(page, "/events/lorien/ (signed out: sign in first)", found)
    # The longest name makes the standings scroll sideways on both screens.
    page.goto(f"{base}/e/lorien/standings/")
    _scrolls_by_keyboard(page, page.locator(".table-wrap"), re.compile("^Standings (after|during) round"))
    context.close()
    _none_broken(found)


@pytest.mark.parametrize("device", VIEWPORTS)
def test_the_staff_pages_break_no_wcag_rule(browser, live_server, lorien, device):
    base, found, game = live_server.url, [], lorien["game"]
    context, page = _open(browser, device)
    _visit(
        page,
        base,
        [
            f"/staff/{lorien['token']}/",
            f"/events/lorien/games/{game.pk}/result/",
            f"/events/lorien/games/{game.pk}/council/",
        ],
        found,
    )
    page.goto(f"{base}/events/lorien/games/{game.pk}/result/")
    page.get_by_role("button", name="Save result").click()
    expect(page.locator(".errorlist").first).to_be_visible()
    _axe(page, "the result form with its errors", found)
    context.close()

    context, page = _open(browser, device)
    log_in(page, base, "marshal")
    _visit(page, base, ["/events/lorien/tables/"], found)
    _visit(page, base, ["/events/lorien/"], found, status=403)
    context.close()
    _none_broken(found)


@pytest.mark.parametrize("device", VIEWPORTS)
def test_the_deck_check_page_breaks_no_wcag_rule(browser, live_server, lorien, device):
    base, found = live_server.url, []
    context, page = _open(browser, device)
    page.goto(f"{base}/staff/{lorien['token']}/")
    _visit(page, base, [f"/events/lorien/rounds/2/deck-check/{lorien['drawn']}/"], found)
    context.close()
    _none_broken(found)


@pytest.mark.parametrize("device", VIEWPORTS)
def test_the_coordinator_pages_break_no_wcag_rule(browser, live_server, lorien, device):
    base, found, player = live_server.url, [], lorien["player"]
    context, page = _open(browser, device)
    log_in(page, base, "coordinator")
    _axe(page, "/ (signed in)", found)
    event = "/events/lorien"
    _visit(
        page,
        base,
        [
            "/events/new/",
            "/events/import/",
            f"{event}/",
            f"{event}/settings/",
            f"{event}/players/{player.pk}/",
            f"{event}/decks/",
            f"{event}/players/{player.pk}/deck/",
            f"{event}/rounds/1/",
            f"{event}/rounds/2/",
            f"{event}/tables/",
            f"{event}/standings/",
            f"{event}/staff/",
            f"{event}/audit/",
            f"{event}/snapshots/",
            f"{event}/publishing/",
            f"{event}/print/pairings/",
            f"{event}/print/slips/",
            f"{event}/print/codes/",
            f"{event}/print/cards/",
            f"{event}/print/standings/",
            f"{event}/print/deck-sheet/",
            f"{event}/print/deck-lists/",
            f"{event}/print/deck-links/",
            "/events/knockout/",
            "/events/knockout/standings/",
            "/events/knockout/print/bracket/",
        ],
        found,
    )
    context.close()
    _none_broken(found)


@pytest.mark.parametrize("device", VIEWPORTS)
def test_the_pages_of_a_coordinator_who_plays_break_no_wcag_rule(browser, live_server, lorien, device):
    event = Event.objects.get(slug="lorien")
    marshal = event.roles.get(user__username="marshal").user
    who = actor(event.owner)
    playing = Event.objects.create(
        slug="moot",
        name="Bree Moot",
        policy="policy-4-2001",
        game_type="two-deck",
        owner=event.owner,
        players_report=True,
    )
    services.add_staff(playing, actor=who, username="marshal", role=STAFF)
    services.name_arbiter(playing, actor=who, user_id=marshal.pk)
    me = services.register_organiser(playing, actor=who, user_id=event.owner.pk, name="Coordinator Olwen")
    register(playing, 3)
    services.start_event(playing, actor=who, rounds=2, note="the test's own number", confirm=True)
    rnd = services.pair_round(playing, actor=who, seed=1)
    mine = rnd.games.filter(player_a=me).first() or rnd.games.get(player_b=me)
    base, found = live_server.url, []
    context, page = _open(browser, device)
    log_in(page, base, "coordinator")
    _visit(
        page,
        base,
        ["/events/moot/", "/events/moot/staff/", f"/events/moot/games/{mine.pk}/result/", "/events/moot/print/codes/"],
        found,
    )
    expect(page.locator("main")).to_contain_text(
        "Your code is not printed here: someone who runs the event plays at this table."
    )
    context.close()
    _none_broken(found)
