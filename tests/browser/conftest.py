"""Browser tests: a real `tapis serve` (TAPIS_TEST_MODE=1, as tests/e2e starts it) and Debian's Chromium through
Playwright. Playwright never downloads a browser here: it launches Debian's Chromium, the headless build
(/usr/bin/chromium-headless-shell, `apt-get install chromium-headless-shell`) when it is there, else the full
browser (/usr/bin/chromium); the tests skip, saying why, when neither is there or the `playwright` package is
missing.

Fixtures: `web_url` (session: the server's base URL, which serves the web client at `/`), `browser` (session:
headless Chromium), `page` (a fresh context and page per test; a desktop viewport unless the test parametrizes it
indirectly with `{"width": ..., "height": ...}`) and `phone_page` (390x844, a phone's touch context).
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from infra.embedded import ServiceUrls
from infra.migrate import upgrade
from tests.e2e.conftest import serving

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

# Debian's chromium-headless-shell when it is installed: the same Blink and V8 as /usr/bin/chromium, built as the
# headless-only browser that Playwright itself runs for headless tests (the "old" headless mode, which the full
# browser no longer has); it drew every browser test's pages for 255 CPU-s against 428 with /usr/bin/chromium
# (`pytest -n 2 tests/browser tests/verifier/test_browser_verifier.py`, 106 passed with either, same run). Without
# it, the full browser, headless
HEADLESS_SHELL = Path("/usr/bin/chromium-headless-shell")
CHROMIUM = HEADLESS_SHELL if HEADLESS_SHELL.is_file() else Path("/usr/bin/chromium")
STATIC = Path(__file__).resolve().parents[2] / "api" / "web" / "static"
# no sandbox (containers run as root), no GPU, and nothing that phones home or updates itself during a test
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# every screenshot a test takes is kept here too, for CI to keep as an artifact (gitignored; TAPIS_BROWSER_ARTIFACTS
# moves it): the README's pictures in docs/img/ are copied in after each test, the error pages go here only
ARTIFACTS = Path(os.environ.get("TAPIS_BROWSER_ARTIFACTS", Path(__file__).resolve().parent / "artifacts"))
# the README's screenshots: into the artifacts (gitignored) unless `make screenshots` points this at docs/img, so that
# `make test` leaves the committed pictures as they are
DOCS_IMG = Path(os.environ.get("TAPIS_DOCS_IMG", ARTIFACTS / "docs-img"))
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser tests run last in a session, in their own order.

    Playwright's sync API leaves its event loop marked as running on the main thread while the session's browser
    is open, so any later `asyncio.run` (the server fixtures of tests/e2e, the integration tests' pools, the
    migrations) would fail with "cannot be called from a running event loop"; after the browser tests nothing
    else needs it. Under `make test`'s pytest-xdist the order holds on each worker too: tests/scheduling.py gives a
    worker that took a browser module only browser modules from then on.
    """
    here = Path(__file__).parent
    items.sort(key=lambda item: here in Path(str(item.path)).parents)


def keep(page: Page, name: str) -> Path:
    """A full-page screenshot into the artifacts dir only (not a README picture): what a test saw, for CI."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


@pytest.fixture(autouse=True)
def _keep_screenshots() -> Iterator[None]:
    """The docs/img/ pictures a test wrote, copied into the artifacts dir once it ends (passed or failed)."""
    started = time.time()
    yield
    written = [shot for shot in DOCS_IMG.glob("*.png") if shot.stat().st_mtime >= started - 1]
    if written:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        for shot in written:
            shutil.copy2(shot, ARTIFACTS / shot.name)


@pytest.fixture(scope="session")
def web_url(service_urls: ServiceUrls) -> Iterator[str]:
    assert (STATIC / "index.html").is_file(), "api/web/static/ is not built: run `make web` (cd web && npm run build)"
    upgrade(service_urls.database_url)
    # the bots' trading window at a table with people (5 s by default, docs/games/bohnanza.md) shortened to 1 s: it
    # still opens, and the table in it is drawn and looked at as before, but a bohnanza game against bots no longer
    # waits 5 s a bot turn (most of a phone test's 130 s went there)
    with serving(service_urls, {"TAPIS_BOT_TRADE_WINDOW_SECONDS": "1"}) as base:
        yield base


@pytest.fixture(scope="session")
def browser(web_url: str) -> Iterator[Browser]:
    # after `web_url`, and torn down before it: Playwright's sync API runs an event loop on this thread while it
    # is open, and the server fixtures' asyncio.run (migrating, dropping the test database) cannot run inside one
    if not CHROMIUM.is_file():
        pytest.skip("no Chromium (apt-get install -y chromium-headless-shell, or chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("the playwright package is not installed (pip install playwright)")
    # the bundled browsers are never used, so never fetched
    os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


def _page(browser: Browser, viewport: dict[str, int], **context: Any) -> Iterator[Page]:
    # the pages forbid eval (api/page_headers.py), which Playwright's string predicates (`wait_for_function`) use:
    # the tests' contexts bypass the policy, and tests/browser/test_page_security.py drives the pages under it
    context.setdefault("bypass_csp", True)
    # the web client speaks the browser's language (web/src/i18n): the tests read its English unless they ask
    context.setdefault("locale", "en-US")
    # the table shows each bot's action for a moment (web/src/table/pace.ts, 600 ms by default): the tests play at
    # full speed unless they ask for a pace (`pace="400"`; None leaves the page's default; `?pace=` in a table's
    # address still wins)
    pace = context.pop("pace", "0")
    ctx = browser.new_context(viewport={"width": viewport["width"], "height": viewport["height"]}, **context)
    if pace is not None:
        ctx.add_init_script(f"try {{ localStorage.setItem('tapis:pace', '{pace}'); }} catch (refused) {{}}")
    ctx.set_default_timeout(15_000)
    page = ctx.new_page()
    try:
        yield page
    finally:
        ctx.close()


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    viewport: dict[str, int] = getattr(request, "param", DESKTOP)
    yield from _page(browser, viewport)


@pytest.fixture
def strict_page(browser: Browser) -> Iterator[Page]:
    """A desktop page that enforces the pages' Content-Security-Policy, as a player's browser does."""
    yield from _page(browser, DESKTOP, bypass_csp=False)


@pytest.fixture
def phone_page(browser: Browser) -> Iterator[Page]:
    yield from _page(browser, PHONE, is_mobile=True, has_touch=True, device_scale_factor=3)
