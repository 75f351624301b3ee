"""Helpers for the browser tier (marker ``browser``): Debian's chromium driven by Playwright, the screenshots
kept under test-output/browser/ to be looked at, and whether a page fits its width.

Run with ``python -m pytest -m browser`` (needs ``apt-get install chromium`` and ``pip install '.[browser]'``);
.ci/run does both.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tablekit import ROOT

CHROMIUM = "/usr/bin/chromium"
SHOTS = ROOT / "test-output" / "browser"


@pytest.fixture(scope="module", name="browser")
def chromium_browser() -> Iterator[Any]:
    """One headless chromium for a test module (a launch costs about a second)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


def shot(page: Any, name: str) -> None:
    """Keep a screenshot of the whole page as test-output/browser/NAME.png."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def fits_the_width(page: Any, width: int) -> bool:
    """Whether the page needs no sideways scrolling at ``width`` px."""
    return bool(page.evaluate("document.documentElement.scrollWidth") <= width)
