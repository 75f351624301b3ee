"""``tonk compare``: the report files, the HTML as a browser would load it, and the significance marks."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.test_cli import tonk
from tonk_rules.report.compare import VariantFigures, compare
from tonk_rules.sim.depth import Depth
from tonk_rules.sim.stats import holm
from tonk_rules.sim.tally import Tally


class _Resources(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.images: list[str] = []
        self.links: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "src" and value is not None:
                self.images.append(value)
            if name == "href" and value is not None:
                self.links.append(value)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


@pytest.mark.slow  # a full comparison: simulation, depth hands, plots
def test_compare_writes_a_self_contained_html_markdown_json_and_plots(tmp_path: Path) -> None:
    out = tmp_path / "report"
    proc = tonk("compare", "russian", "pagat", "--hands", "400", "--depth-hands", "150", "--out", str(out),
                "-w", "2")
    assert proc.returncode == 0, proc.stderr
    assert "russian vs pagat in play" in proc.stdout and "Holm–Bonferroni" in proc.stdout
    pngs = sorted(p.name for p in out.glob("*.png"))
    assert pngs == ["depth.png", "endings.png", "knock_counts.png", "positions.png"]
    for png in out.glob("*.png"):
        assert png.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    page = (out / "report.html").read_text(encoding="utf-8")
    parsed = _Resources()
    parsed.feed(page)
    assert len(parsed.images) == 4 and all(src.startswith("data:image/png;base64,") for src in parsed.images)
    assert parsed.links == [] and "http://" not in page and "https://" not in page and "@import" not in page
    text = " ".join(parsed.text)
    assert "russian" in text and "pagat" in text
    assert "hitting.books" in "".join(parsed.text)  # the rules diff (line-break chances split the name)
    assert 'name="viewport"' in page and "@media print" in page
    markdown = (out / "report.md").read_text(encoding="utf-8")
    assert "| figure | russian | pagat |" in markdown
    assert all(f"]({stem}.png)" in markdown for stem in ("endings", "positions", "knock_counts", "depth"))
    data = json.loads((out / "comparison.json").read_text(encoding="utf-8"))
    assert set(data["variants"]) == {"russian", "pagat"}
    assert all(0 <= t["p"] <= t["p_holm"] <= 1 for t in data["tests"])


def test_compare_needs_two_variants_and_refuses_bad_bots(tmp_path: Path) -> None:
    assert tonk("compare", "russian", "--out", str(tmp_path)).returncode == 2
    proc = tonk("compare", "russian", "pagat", "--strong", "gredy", "--out", str(tmp_path))
    assert proc.returncode == 2 and "unknown bot 'gredy'" in proc.stderr
    assert not any(tmp_path.iterdir())  # nothing written


def _figures(label: str, knock_won: int, hands: int) -> VariantFigures:
    t = Tally.empty(2)
    t.hands = hands
    t.endings[2] = knock_won
    t.endings[3] = hands - knock_won
    return VariantFigures(label, t, Depth(2, t.moments([0, 0])), 0.0)


def test_a_large_difference_is_marked_and_an_equal_figure_is_not() -> None:
    rows, tests = compare([_figures("a", 6000, 10000), _figures("b", 5000, 10000)])
    marked = {r.label for r in rows if r.significant}
    assert marked == {"ends: knock_won", "ends: knock_caught"}
    rows, _ = compare([_figures("a", 5010, 10000), _figures("b", 5000, 10000)])
    assert not any(r.significant for r in rows)


def test_holm_is_monotone_and_never_below_the_raw_p() -> None:
    raw = [0.001, 0.2, 0.01, 0.04, 0.03]
    adjusted = holm(raw)
    assert all(a >= r for a, r in zip(adjusted, raw, strict=True))
    order = sorted(range(len(raw)), key=raw.__getitem__)
    assert [adjusted[i] for i in order] == sorted(adjusted)
    assert adjusted[0] == 0.005


def test_the_deal_check_row_is_shown_but_not_in_the_tested_family() -> None:
    a, b = _figures("a", 6000, 10000), _figures("b", 5000, 10000)
    from tonk_rules.sim.tally import ENDINGS
    from tonk_rules.terms import Ending
    deal = ENDINGS.index(Ending.DEAL_TONK)
    a.tally.endings[deal], b.tally.endings[deal] = 900, 100  # very different: the ending row is marked, ...
    rows, tests = compare([a, b])
    row = next(r for r in rows if r.label.startswith("deal check"))  # ... its repeat is information only
    assert row.values[0].startswith("9.00%") and not row.significant
    assert next(r for r in rows if r.label == "ends: deal_tonk").significant
    assert all(not t.metric.startswith("deal check") for t in tests)
    from tonk_rules.report.compare import TEST_NOTE
    note = TEST_NOTE.format(m=len(tests))
    assert f"all {len(tests)} comparisons" in note and "not tested" in note


@pytest.mark.slow  # two full comparisons in their own processes
def test_the_compare_table_and_footer_fit_an_80_column_terminal(tmp_path: Path) -> None:
    from tests.test_simulate import _at_width
    for names in (["russian", "pagat"], ["russian", "pagat", "pagat-no-upcard"]):
        out = _at_width(80, "compare", *names, "-n", "2000", "--depth-hands", "500", "--workers", "1",
                        "--out", str(tmp_path))
        assert max(len(line) for line in out.splitlines()) <= 80
        assert "Report:" in out and str(tmp_path) in out  # the path is never split
        assert all(name in out for name in names)
