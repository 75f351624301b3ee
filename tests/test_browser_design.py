"""The designer's pages in a real browser (Debian's chromium, driven by Playwright), at 390 and 1280 px: the
house-rule form of ``tonk serve`` checked while editing, and the HTML of ``tonk design`` and ``tonk sweep``.

Screenshots are kept under test-output/browser/ to be looked at. Run with ``python -m pytest -m browser``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from browserkit import chromium_browser, fits_the_width, shot  # noqa: F401 (a fixture: browser)
from tablekit import ROOT
from webkit import free_port, make_event, start

pytestmark = pytest.mark.browser
WIDTHS = [390, 1280]





@pytest.mark.parametrize("width", WIDTHS)
def test_the_house_rule_form_checks_a_change_and_reads_on_a_phone(browser: Any, tmp_path: Path, width: int) -> None:
    event = make_event(tmp_path / "night")
    port = free_port()
    server = start(event.folder, port)
    try:
        page = browser.new_context(viewport={"width": width, "height": 800}).new_page()
        page.goto(f"http://127.0.0.1:{port}/rules/russian")
        assert fits_the_width(page, width)
        page.fill("input[name='deal_check.at_most']", "99")
        page.click("button[value=check]")
        assert "is outside" in page.locator("#result").inner_text()  # tonk check's message
        assert "is outside" in page.locator("#f-deal_check\\.at_most + p.refusal").inner_text()  # beside its field
        shot(page, f"design-form-refusal-{width}")
        page.fill("input[name='deal_check.at_most']", "13")
        page.select_option("select[name='hitting.books']", label="anyone")
        page.click("button[value=check]")
        assert "accepts it" in page.locator(".notice").inner_text()
        assert "deal_check.at_most" in page.locator("table.standings").inner_text()
        assert fits_the_width(page, width)
        shot(page, f"design-form-valid-{width}")
    finally:
        server.kill()
        server.communicate()


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("reports")
    for args in (["design", "russian", "--vary", "deal_check.at_most=11,13,15", "--vary",
                  "taken_discard.rule=free,not_discarded_this_turn", "--target", "turns=min", "--keep",
                  "deal_tonk<=2%", "-n", "600", "--out", str(folder / "design")],
                 ["sweep", "russian", "--vary", "deal_check.at_most=13,15", "--vary", "deal.upcard=true,false",
                  "-n", "300", "--out", str(folder / "sweep")],
                 ["compare", "pagat", "pagat-no-upcard", "-n", "3000", "--depth-hands", "40", "--probe-hands", "0",
                  "--out", str(folder / "report")],
                 ["compare", "pagat", "pagat-no-upcard", "pagat-spread-bonus", "-n", "3000", "--depth-hands", "40",
                  "--probe-hands", "0", "--out", str(folder / "report3")]):
        subprocess.run([sys.executable, "-m", "tonk_rules", *args, "--workers", "1"], check=True, cwd=ROOT,
                       capture_output=True)
    return folder


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", ["design", "sweep"])
def test_the_design_and_sweep_reports_read_at_phone_and_laptop_width(browser: Any, reports: Path, name: str,
                                                                   width: int) -> None:
    page = browser.new_context(viewport={"width": width, "height": 800}).new_page()
    page.goto((reports / name / f"{name}.html").as_uri())
    assert fits_the_width(page, width)  # wide tables scroll inside their box; the page itself never does
    assert page.locator("img").count() >= 2
    shot(page, f"{name}-report-{width}")


#: Every element whose content is cut: wider than its box where the box does not show overflow, or reaching
#: past the page's right edge; and every image not shown whole.
_CLIPPED = """() => {
  const out = [];
  const right = document.documentElement.clientWidth;
  for (const el of document.querySelectorAll('body *')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    const style = getComputedStyle(el);
    const text = (el.innerText || el.alt || '').slice(0, 60);
    if (style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1) out.push(['cut', el.tagName, text]);
    if (box.right > right + 1) out.push(['past the edge', el.tagName, text]);
    if (el.tagName === 'IMG' && (!el.complete || el.naturalWidth === 0)) out.push(['not shown', el.tagName, text]);
  }
  return out;
}"""


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", ["design/design", "report/report", "report3/report"])
def test_the_design_and_compare_pages_clip_nothing(browser: Any, reports: Path, name: str, width: int) -> None:
    page = browser.new_context(viewport={"width": width, "height": 800}).new_page()
    page.goto((reports / f"{name}.html").as_uri())
    assert fits_the_width(page, width)
    assert page.evaluate(_CLIPPED) == []  # no table scrolls, no label or plot is cut
    shot(page, f"{name.replace('/', '-')}-whole-{width}")


@pytest.mark.parametrize("name", ["report", "report3"])
def test_the_findings_headlines_come_first_on_a_phone(browser: Any, reports: Path, name: str) -> None:
    page = browser.new_context(viewport={"width": 390, "height": 800}).new_page()
    page.goto((reports / name / "report.html").as_uri())
    headlines = page.locator("ol.headlines li")
    assert headlines.count() >= 1
    first_detail = page.locator("h4").first.bounding_box()
    last_headline = headlines.last.bounding_box()
    assert last_headline["y"] < first_detail["y"]  # every headline before any finding's details
    assert headlines.first.bounding_box()["y"] < 400  # on the first screen
    text = headlines.first.inner_text()
    assert "[" not in text and "%" not in text and "_" not in text  # plain words: no figures, no codes
