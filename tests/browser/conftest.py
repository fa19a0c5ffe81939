"""Browser tests: Playwright driving Debian's Chromium against Django's live server."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from events import services
from events.models import Event
from tests.conftest import actor, register
from tests.factories import UserFactory

CHROMIUM = os.environ.get("COUNCIL_CHROMIUM", "/usr/bin/chromium")
# The machine has no network beyond package registries: Chromium must not try to reach Google.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Playwright's sync API runs an event loop in the test thread; the test's own database
# calls there are ordinary synchronous calls.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `apt-get install chromium` (make test installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def laptop(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(10_000)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True,
                                  device_scale_factor=2)
    context.set_default_timeout(10_000)
    page = context.new_page()
    yield page
    context.close()


def fits_the_width(page) -> bool:
    """No sideways scrolling: the page is no wider than the viewport."""
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.fixture(autouse=True)
def quick_polls(settings):
    """Pages poll every second here instead of every ten, so tests see news without long waits."""
    settings.COUNCIL_POLL_SECONDS = 1


@pytest.fixture
def shots(tmp_path) -> Path:
    """Where a test keeps its screenshots and PDFs: COUNCIL_SCREENSHOTS (make screenshots) or a temporary folder."""
    folder = Path(os.environ.get("COUNCIL_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def htmx_settled(page) -> None:
    """Wait until htmx has swapped, settled and wired the new content, as a person would."""
    page.wait_for_function(
        "window.htmx && !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')"
    )


def paired_event(slug: str, policy: str, players: int, name: str = ""):
    """A two-deck event of ``players`` with round 1 paired, owned by the user "coordinator"."""
    owner = UserFactory(username="coordinator")
    event = Event.objects.create(slug=slug, name=name or slug.capitalize(), policy=policy, game_type="two-deck",
                                 owner=owner)
    register(event, players)
    services.start_event(event, actor=actor(owner))
    return event, services.pair_round(event, actor=actor(owner), seed=1)
