"""Browser tests: Playwright driving Debian's Chromium against Django's live server."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from events import services
from events.models import Event
from events.pages import phones
from events.pages.kept import forget_all
from tests.factories import UserFactory
from tests.helpers import actor, register

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


class WatchedBrowser:
    """Chromium, with every page it opens heard for what the Content-Security-Policy refused."""

    def __init__(self, browser):
        self._browser = browser
        self.refused: list[str] = []

    def new_context(self, **options):
        context = self._browser.new_context(**options)
        context.on("console", self._heard)
        return context

    def _heard(self, message) -> None:
        if message.type == "error" and "Content Security Policy" in message.text:
            self.refused.append(message.text)

    def __getattr__(self, name):
        return getattr(self._browser, name)


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `apt-get install chromium` (make test installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield WatchedBrowser(browser)
        browser.close()


@pytest.fixture(autouse=True)
def nothing_refused_by_the_policy(request):
    """Every browser test fails on a script or style that the Content-Security-Policy refused."""
    yield
    if "browser" in request.fixturenames:
        watched = request.getfixturevalue("browser")
        refused, watched.refused[:] = list(watched.refused), []
        assert refused == [], "the Content-Security-Policy refused something on these pages"


@pytest.fixture
def laptop(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(10_000)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True, device_scale_factor=2
    )
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


def htmx_settled(page, timeout_ms: int = 10_000) -> None:
    """Wait until htmx has swapped, settled and wired the new content, as a person would.

    Asked from here in turns rather than with wait_for_function, whose predicate the
    page's Content-Security-Policy refuses to evaluate (no 'unsafe-eval').
    """
    settled = (
        "() => !!window.htmx && !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')"
    )
    for _ in range(timeout_ms // 50):
        if page.evaluate(settled):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"htmx did not settle within {timeout_ms} ms")


def paired_event(slug: str, policy: str, players: int, name: str = ""):
    """A two-deck event of ``players`` with round 1 paired, owned by the user "coordinator"."""
    owner = UserFactory(username="coordinator")
    event = Event.objects.create(
        slug=slug, name=name or slug.capitalize(), policy=policy, game_type="two-deck", owner=owner
    )
    register(event, players)
    services.start_event(event, actor=actor(owner))
    return event, services.pair_round(event, actor=actor(owner), seed=1)


@pytest.fixture(autouse=True)
def no_shared_page_kept_from_another_test():
    # As in tests/events/conftest.py: the pages every phone shares are kept in this process by slug and version.
    forget_all()
    phones.forget_all()
    yield
    forget_all()
    phones.forget_all()
