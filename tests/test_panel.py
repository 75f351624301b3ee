"""The panel a comparison's findings are checked with, how often each differing rule came into play, and
what the report says of its players and plots."""

from __future__ import annotations

from pathlib import Path

from tonk_rules.bots.specs import parse_spec
from tonk_rules.report.build import Plan, load_tables, run_comparison
from tonk_rules.report.compare import note_of_tests
from tonk_rules.report.comparison import players_said
from tonk_rules.report.comparison_plan import check_tables
from tonk_rules.report.plots import knock_notes
from tonk_rules.sim.executors import make_executor
from tonk_rules.sim.in_play_tally import in_play_sentence
from tonk_rules.sim.panel import CASUAL_PLAYER, DEFAULT_PLAYER, SEARCH_PLAYER, search_hands
from tonk_rules.sim.tally import Tally

DEFAULT = parse_spec(DEFAULT_PLAYER)


def _plan(check: tuple[object, ...] = (), hands: int = 2_000, probes: int = 500) -> Plan:
    return Plan(hands, 200, 3, 4, (DEFAULT,) * 3, DEFAULT, parse_spec("random"), probes, check)  # type: ignore[arg-type]


def test_the_panel_is_the_default_casual_and_search_tables_without_random_seats() -> None:
    tables = check_tables(_plan(probes=100_000))
    assert [t.name for t in tables] == ["default", "casual", "search"]
    assert tables[0].hands == 0  # the main table is the default table: its run is reused, not played again
    assert [str(s) for s in tables[1].seats] == [CASUAL_PLAYER] * 3
    assert [str(s) for s in tables[2].seats] == [SEARCH_PLAYER, DEFAULT_PLAYER, DEFAULT_PLAYER]
    assert tables[2].hands == search_hands(100_000) == 200
    assert not any(s.name == "random" for t in tables for s in t.seats)
    assert "200 hands" in tables[2].said("en")
    # the user's own check table replaces the panel; no one-rule runs: no checks at all
    own = check_tables(_plan(check=(parse_spec("random"),) * 3))
    assert [(t.name, t.hands) for t in own] == [("check", 500)]
    assert check_tables(_plan(probes=0)) == []


def test_each_finding_says_whether_it_holds_with_each_panel_table(tmp_path: Path) -> None:
    """A house rule of russian (a taken card may be discarded again): every finding names the three tables,
    the search table with its interval; the rule that differs is said with how often it came into play."""
    house = tmp_path / "free.yaml"
    house.write_text("extends: russian\ntaken_discard:\n  rule: free\n", encoding="utf-8")
    found = run_comparison(load_tables(["russian", str(house)]), _plan(hands=6_000, probes=600),
                           make_executor("local", 1))
    [pair] = found.findings
    for text in pair.findings:
        if "strategic depth" in text or text.startswith("No figure"):
            continue
        assert f"the default table ({DEFAULT_PLAYER} ×3)" in text
        assert f"the casual table ({CASUAL_PLAYER} ×3)" in text
        assert "the search table (" in text and "There, " in text  # its interval
    [said] = pair.in_play
    # the rule by its key: its words, each side's, stand once in the list of rules that differ
    assert said.startswith("[taken_discard.rule]: came into play") and " in russian and " in said
    assert "«" not in said and "A card taken from the discard pile" not in said
    assert said in pair.unmoved
    data = found.to_json()
    [rules] = data["rules_in_play"]
    [rule] = rules["rules"]
    assert rule["counted"] == "taken_discard.rule" and rule["hands"]["russian"] > 0
    assert [p["bot"] for p in data["players"]] == [DEFAULT_PLAYER] or all(
        p["bot"].startswith(DEFAULT_PLAYER) for p in data["players"])
    assert all(p["does"].startswith("Knocks") for p in data["players"])
    assert players_said(found)[0][1] == data["players"][0]["does"]


def test_a_rare_rule_is_said_to_be_rare_and_a_common_one_plainly() -> None:
    a, b = Tally.empty(3), Tally.empty(3)
    a.hands = b.hands = 10_000
    a.in_play_hands = [0] * len(a.in_play_hands)
    b.in_play_hands = list(a.in_play_hands)
    from tonk_rules.kernel.in_play import IN_PLAY

    slot = IN_PLAY["taken_discard.rule"].slot
    b.in_play_hands[slot] = 40
    rare = in_play_sentence("«R»", [("a", a, "taken_discard.rule"), ("b", b, "taken_discard.rule")])
    assert rare == ("«R»: came into play in only 0 of 10,000 hands (0%) in a and 40 of 10,000 hands (0.4%) in b "
                    "with these players — whatever it does moves at most that share of hands.")
    b.in_play_hands[slot] = 4_000
    common = in_play_sentence("«R»", [("a", a, "taken_discard.rule"), ("b", b, "taken_discard.rule")])
    assert common == "«R»: came into play in 0 of 10,000 hands (0%) in a and 4,000 of 10,000 hands (40.0%) in b."
    said = in_play_sentence("«R»", [("a", a, "dealer.first"), ("b", b, "dealer.first")])
    assert "does not change how one hand plays" in said


def test_the_report_says_why_win_rates_add_past_100_and_when_one_count_holds_every_knock() -> None:
    assert "several players can be paid in one hand" in note_of_tests([], "en")
    assert "несколько игроков" in note_of_tests([], "ru")
    from tonk_rules.report.compare import VariantFigures
    from tonk_rules.sim.depth import Depth
    from tonk_rules.sim.stats import Moments

    spread, single = Tally.empty(3), Tally.empty(3)
    spread.knock_counts, single.knock_counts = {1: 50, 3: 30, 5: 20}, {1: 90}
    notes = knock_notes([VariantFigures(name, t, Depth(3, Moments(0, 0, 0)), None)
                         for name, t in (("a", spread), ("b", single))])
    assert notes == ["b: every knock at a count of 1 (its players knock only then)"]
