"""``tonk compare``: the report files, the HTML as a browser would load it, and the significance marks."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest
from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from tablekit import run

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
    # nothing loaded from anywhere: the only links are to the page's own findings (the headlines to their details)
    assert all(link.startswith("#finding-") for link in parsed.links)
    assert "http://" not in page and "https://" not in page and "@import" not in page
    text = " ".join(parsed.text)
    assert "russian" in text and "pagat" in text
    assert "hitting.books" in "".join(parsed.text)  # the rules diff (line-break chances split the name)
    assert 'name="viewport"' in page and "@media print" in page
    markdown = (out / "report.md").read_text(encoding="utf-8")
    assert "| figure | russian | pagat | pagat − russian |" in markdown
    assert all(f"]({stem}.png)" in markdown for stem in ("endings", "positions", "knock_counts", "depth"))
    data = json.loads((out / "comparison.json").read_text(encoding="utf-8"))
    assert set(data["variants"]) == {"russian", "pagat"}
    assert all(0 <= t["p"] <= t["p_holm"] <= 1 for t in data["tests"])


def test_compare_needs_two_variants_and_refuses_bad_bots(tmp_path: Path) -> None:
    # in this process, as main handles errors (a refusal plays nothing; a process each costs half a second)
    assert run("compare", "russian", "--out", str(tmp_path)).returncode == 2
    proc = run("compare", "russian", "pagat", "--strong", "gredy", "--out", str(tmp_path))
    assert proc.returncode == 2 and "unknown bot 'gredy'" in proc.stderr
    proc = run("compare", "russian", "pagat", "--check-bots", "gredy", "--out", str(tmp_path))
    assert proc.returncode == 2 and "'--check-bots': unknown bot 'gredy'" in proc.stderr
    proc = run("compare", "russian", "pagat", "--check-bots", "random", "--probe-hands", "0", "--out", str(tmp_path))
    assert proc.returncode == 2 and "--probe-hands" in proc.stderr  # an option that would do nothing is refused
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
    from tonk_rules.report.compare import note_of_tests
    note = note_of_tests(tests)
    assert f"all {len(tests)} comparisons" in note and "not tested" in note
    assert f"0 of the {len(tests)} tests are paired" in note  # no paired sums given: every test unpaired


@pytest.mark.slow  # two full comparisons in their own processes
def test_the_compare_table_and_footer_fit_an_80_column_terminal(tmp_path: Path) -> None:
    from tests.test_simulate import _at_width
    for names in (["russian", "pagat"], ["russian", "pagat", "pagat-no-upcard"]):
        out = _at_width(80, "compare", *names, "-n", "2000", "--depth-hands", "500", "--workers", "1",
                        "--out", str(tmp_path / str(len(names))))  # a new folder each: never overwritten
        # only a line that is a written file's path may be wider (a path is not split)
        wide = [x for x in out.splitlines() if len(x) > 80 and not x.lstrip().startswith(str(tmp_path))]
        assert wide == []
        assert "Report:" in out and str(tmp_path) in out  # the path is never split
        assert all(name in out for name in names)


@pytest.mark.slow  # a comparison with its one-rule and check runs
def test_compare_pairs_the_tests_of_variants_that_deal_the_same_cards(tmp_path: Path) -> None:
    out = tmp_path / "r"
    proc = tonk("compare", "russian", "pagat", "-n", "3000", "--depth-hands", "300", "--probe-hands", "600",
                "--out", str(out), "-w", "2")
    assert proc.returncode == 0, proc.stderr
    data = json.loads((out / "comparison.json").read_text(encoding="utf-8"))
    tests = {t["figure"]: t for t in data["tests"]}
    for test in data["tests"]:
        lo, hi = test["difference"]["ci95"]
        assert lo <= test["difference"]["value"] <= hi
        assert test["p_holm_text"] != "0.0" and (test["p_holm"] > 0 or test["p_holm_text"].startswith("<"))
    assert tests["ends: deal_tonk"]["paired"] and tests["mean actions per hand"]["paired"]
    assert "relative" in tests["ends: deal_tonk"]["difference"]
    # not one value per hand: unpaired, and said so
    assert not tests["mean count at a knock"]["paired"] and not tests["strategic depth (order)"]["paired"]
    # the deal check: russian's low tonk (15 or less) makes it 2-3 times as common, and the report says why
    deal = tests["ends: deal_tonk"]["difference"]
    assert deal["value"] < 0 and deal["relative"]["ci95"][1] < 1 / 1.5  # pagat minus russian, pagat / russian
    findings = data["findings"][0]["findings"]
    deal_tonk = [f for f in findings if f.startswith("A hand ends by «a tonk on the deal»")
                 and " in russian as in pagat." in f.split(". ")[0] + "."]
    assert len(deal_tonk) == 1 and "deal_check.at_most" in deal_tonk[0]
    assert "Holds with the default table (reckoner ×3)" in deal_tonk[0], deal_tonk[0]  # the panel (issue 23)
    # ranked by size: with the default player (reckoner, which knocks) won knocks move most (+3.3 pt), ahead of
    # the deal tonk (−1.4 pt); with the old never-knocking greedy it was the stock running out (issue 23)
    assert findings.index(deal_tonk[0]) > 0 and "«a won knock»" in findings[0]
    # the terminal opens with the findings and says the differing rules in the sheet's words
    assert proc.stdout.index("FINDINGS") < proc.stdout.index("in play")
    assert "Books on the table may not be hit." in proc.stdout and "3 players" in proc.stdout
    markdown = (out / "report.md").read_text(encoding="utf-8")
    assert markdown.index("## Findings") < markdown.index("## Rules that differ") < markdown.index("## In play")


def test_a_paired_interval_is_narrower_than_the_unpaired_one_on_the_same_counts() -> None:
    from tonk_rules.sim.paired import paired_proportions, unpaired_proportions
    # 10,000 shared deals: 1,000 hands counted by both runs, 200 only by a, 100 only by b
    paired = paired_proportions(1200, 1100, 10_000, discordant=300)
    unpaired = unpaired_proportions(1200, 10_000, 1100, 10_000)
    assert paired.value == pytest.approx(0.01) and unpaired.value == pytest.approx(0.01)
    assert paired.p < 1e-7 < 0.01 < unpaired.p  # McNemar sees what the unpaired test cannot
    assert paired.ci95[1] - paired.ci95[0] < (unpaired.ci95[1] - unpaired.ci95[0]) / 2


def test_paired_sums_equal_the_per_hand_differences() -> None:
    from tonk_rules.bots.specs import parse_specs
    from tonk_rules.ruleset.compile import load_ruleset
    from tonk_rules.sim.paired_run import PairedChunk, feature_names, hand_features, play_paired_chunk
    from tonk_rules.sim.runner import play_hands
    from tonk_rules.sim.tuning import seats_for
    rulesets = (load_ruleset("russian"), load_ruleset("pagat"))
    seats = tuple(tuple(seats_for(r, 3, parse_specs("greedy,random,greedy"))) for r in rulesets)  # tuned per ruleset
    result = play_paired_chunk(PairedChunk(0, rulesets, seats, 3, 100, 250, ((0, 1),)))
    a, b = (hand_features(play_hands(r, s, 250, 3, first_hand=100), 3) for r, s in zip(rulesets, seats, strict=True))
    for index, name in enumerate(feature_names(3)):
        d = a[:, index] - b[:, index]
        sums = result.pair(0, 1, name)
        assert (sums.n, sums.total, sums.squares) == (250, int(d.sum()), int((d * d).sum()))
        flipped = result.pair(1, 0, name)
        assert flipped.total == -sums.total and flipped.squares == sums.squares


def test_identical_rules_play_identically_and_nothing_is_simulated(tmp_path: Path) -> None:
    from tonk_rules.bots.specs import parse_spec
    from tonk_rules.report.build import Plan, load_tables, run_comparison
    from tonk_rules.sim.executors import make_executor
    house = tmp_path / "same.yaml"
    house.write_text("extends: pagat\ntitle: Pagat under another name\n", encoding="utf-8")

    def no_simulation(*_: object) -> list[object]:
        raise AssertionError("identical rules must not be simulated")
    greedy = parse_spec("greedy")
    plan = Plan(100, 10, 3, 0, (greedy,) * 3, greedy, parse_spec("random"), 10, (greedy,) * 3)
    assert run_comparison(load_tables(["pagat", str(house)]), plan, make_executor("local", 1), no_simulation).identical
    proc = tonk("compare", "pagat", str(house), "--out", str(tmp_path / "r"))
    assert proc.returncode == 0, proc.stderr
    said = " ".join(proc.stdout.split())
    assert "play identically" in said and "nothing was simulated" in said
    assert not (tmp_path / "r").exists()


def test_a_finding_names_the_rule_that_drives_it() -> None:
    from tonk_rules.report.compare import Test
    from tonk_rules.report.findings import Effect, attribution
    from tonk_rules.report.rule_changes import RuleChange
    from tonk_rules.sim.paired import Difference
    test = Test("ends: deal_tonk", "russian", "pagat", Difference(-0.018, (-0.02, -0.016), 1e-20, True))
    low = RuleChange(("deal_check.at_most",), "Tonk on the deal", "15 or less", "no low tonk.")
    books = RuleChange(("hitting.books",), "Your turn", "no hits", "Any books may be hit.")
    effects = [Effect(low, Difference(-0.017, (-0.019, -0.015), 0.0, True)),
               Effect(books, Difference(-0.001, (-0.003, 0.001), 0.4, True))]
    said = attribution(test, effects, "en")
    assert said.startswith("Driven by one rule, [deal_check.at_most] as in pagat (in the rules below)")
    assert "94%" in said
    assert "no low tonk" not in said  # the rule's words stand once, in the list of rules
    assert attribution(test, effects[1:], "en").startswith("No single rule accounts for it")


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.booleans()), min_size=3, max_size=300))
def test_a_paired_rate_is_the_paired_mean_of_its_zeros_and_ones(hands: list[tuple[bool, bool]]) -> None:
    from tonk_rules.sim.paired import paired_means, paired_proportions
    from tonk_rules.sim.stats import Moments
    x = [int(a) for a, _ in hands]
    y = [int(b) for _, b in hands]
    d = [a - b for a, b in zip(x, y, strict=True)]
    n = len(hands)
    rate = paired_proportions(sum(x), sum(y), n, sum(v * v for v in d))
    squares = sum(v * v for v in d)
    mean = paired_means(Moments(n, sum(x), sum(x)), Moments(n, sum(y), sum(y)), Moments(n, sum(d), squares))
    assert rate.value == pytest.approx(mean.value, abs=1e-12)
    assert rate.ci95 == pytest.approx(mean.ci95, abs=1e-12)  # the same interval of the mean difference
    assert rate.ci95[0] <= rate.value <= rate.ci95[1] and 0 <= rate.p <= 1
    swapped = paired_proportions(sum(y), sum(x), n, sum(v * v for v in d))
    assert swapped.p == pytest.approx(rate.p) and swapped.value == pytest.approx(-rate.value)


@pytest.mark.slow  # a comparison with 3,000 depth hands on two worker processes (6 s of CPU)
def test_a_house_rule_that_moves_only_depth_gets_its_reason(tmp_path: Path) -> None:
    # knocking only with 10 or less binds the random bots of strategic depth, never the greedy main table
    house = tmp_path / "knock10.yaml"
    house.write_text("extends: russian\ntitle: Knock with 10 or less\nknocking:\n  max_count: 10\n", encoding="utf-8")
    out = tmp_path / "r"
    # (greedy tables, tuned to knock at 1: the default reckoner knocks higher, so the limit binds it too)
    proc = tonk("compare", "russian", str(house), "-n", "2000", "--depth-hands", "3000", "--out", str(out), "-w", "2",
                "--bots", "greedy", "--strong", "greedy")
    assert proc.returncode == 0, proc.stderr
    [finding] = json.loads((out / "comparison.json").read_text(encoding="utf-8"))["findings"][0]["findings"]
    assert finding.startswith("Skill counts for more in ") and "(strategic depth)" in finding
    assert "the only rule that differs in play, [knocking.max_count]" in finding
    assert "how random fares against greedy" in finding
