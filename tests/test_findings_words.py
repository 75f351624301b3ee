"""The findings' sentences of ``tonk compare``: the check table's direction, settled and unsettled figures."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_cli import tonk
from tonk_rules.report.compare import Test as FigureTest
from tonk_rules.report.findings import check, settled_small, unmoved
from tonk_rules.sim.paired import Difference

_MORE = FigureTest("ends: knock_won", "russian", "pagat", Difference(0.03, (0.02, 0.04), 1e-9, True))


def _said(value: float, p: float, values: tuple[str, str]) -> str:
    return check(_MORE, Difference(value, (value - 0.01, value + 0.01), p, True), values, "random", "en")


def test_the_check_sentence_follows_the_check_tables_direction() -> None:
    assert _said(0.02, 0.001, ("18.50%", "20.50%")).startswith("Holds with random")
    assert _said(0.01, 0.3, ("18.50%", "19.50%")).startswith("With random it points the same way but is not")
    reversed_ = _said(-0.01, 0.3, ("19.50%", "18.50%"))
    assert reversed_ == "Does not hold with random: russian 19.50% vs pagat 18.50%."
    assert _said(0.0, 1.0, ("18.50%", "18.50%")).startswith("Does not hold with random")
    assert _said(-0.02, 0.001, ("20.50%", "18.50%")).startswith("Reverses with random")


def test_a_check_table_of_few_hands_that_cannot_tell_says_so_rather_than_that_the_finding_fails() -> None:
    # the search table: 200 hands, a tie whose interval still holds the main table's +3 points
    wide = check(_MORE, Difference(0.0, (-0.044, 0.044), 1.0, True), ("88.00%", "88.00%"), "the search table", "en")
    assert wide == ("With the search table too few hands to tell either way: russian 88.00% vs pagat 88.00%; its "
                    "interval there still contains the difference found above.")
    other_way = check(_MORE, Difference(-0.005, (-0.035, 0.031), 0.7, True), ("88.5%", "88.0%"), "s", "ru")
    assert "сдач слишком мало" in other_way.lower()
    # an interval that excludes the main difference has shown it smaller there: "does not hold"
    assert check(_MORE, Difference(-0.005, (-0.02, 0.01), 0.5, True), ("1%", "1%"), "s", "en").startswith(
        "Does not hold with s")


def test_a_check_table_that_played_every_hand_alike_says_it_cannot_test_the_rule() -> None:
    # paired, and not one hand differed (casual never re-discards a taken card: taken_discard cannot matter)
    alike = check(_MORE, Difference(0.0, (0.0, 0.0), 1.0, True), ("14.84%", "14.84%"), "the casual table", "en")
    assert alike.startswith("With the casual table it came out the same in every hand under both rules")
    assert "cannot test it" in alike and "never made a difference" in alike and "Does not hold" not in alike
    # a tie on different hands (an interval around 0) is still "does not hold"
    assert _said(0.0, 1.0, ("18.50%", "18.50%")).startswith("Does not hold with random")
    said_ru = check(_MORE, Difference(0.0, (0.0, 0.0), 1.0, True), ("1%", "1%"), "casual", "ru")
    assert "каждая сдача вышла одинаково" in said_ru


@pytest.mark.slow  # a whole comparison in a new process (4 s of CPU); the words: the test below, in this one
def test_a_figure_not_shown_small_is_not_settled_rather_than_unmoved(tmp_path: Path) -> None:
    proc = tonk("compare", "pagat", "pagat-no-upcard", "--hands", "2", "--depth-hands", "1", "--probe-hands", "1",
                "-w", "1", "--out", str(tmp_path / "r"))
    assert proc.returncode == 0, proc.stderr
    said = " ".join(proc.stdout.split())
    assert "No figure is shown to differ" in said
    unsettled = said.split("Not settled by this many hands")[1].split("RULES THAT DIFFER")[0]
    assert "mean actions per hand" in unsettled
    assert "Did not move by more than" not in said.split("RULES THAT DIFFER")[0] or "mean actions per hand" not in (
        said.split("Did not move by more than")[1].split("Not settled")[0])


def test_only_a_figure_whose_interval_lies_within_the_threshold_did_not_move() -> None:
    small = FigureTest("ends: knock_won", "a", "b", Difference(0.001, (-0.004, 0.004), 0.5, True))
    wide = FigureTest("ends: knock_won", "a", "b", Difference(0.001, (-0.03, 0.03), 0.9, True))
    assert settled_small(small, 0.005) and not settled_small(wide, 0.005)
    words = unmoved(["ends: knock_won"], ["mean actions per hand"], "en")
    assert words.startswith("Did not move by more than") and words.endswith(
        "Not settled by this many hands (the 95% interval of the difference reaches past the practical threshold, "
        "but the difference is not shown to be that large): mean actions per hand.")


def test_a_finding_needs_its_whole_interval_past_the_threshold() -> None:
    from tonk_rules.report.findings import clears
    clear = FigureTest("ends: knock_won", "a", "b", Difference(0.012, (0.008, 0.016), 1e-9, True))
    reaching = FigureTest("ends: knock_won", "a", "b", Difference(0.012, (0.003, 0.021), 0.01, True))
    falling = FigureTest("ends: knock_won", "a", "b", Difference(-0.012, (-0.016, -0.008), 1e-9, True))
    assert clears(clear, 0.005) and clears(falling, 0.005) and not clears(reaching, 0.005)
    basis = unmoved(["mean turns per hand"], [], "en")
    assert "5% of the second variant's mean" in basis  # the base of the relative threshold is said


def test_a_switch_share_is_measured_on_the_one_rule_runs_own_deals() -> None:
    from tonk_rules.report.findings import Effect, attribution
    from tonk_rules.report.rule_changes import RuleChange
    main = FigureTest("ends: deal_tonk", "russian", "h1", Difference(-0.030, (-0.032, -0.028), 1e-20, True))
    check_ = RuleChange(("deal_check.enabled",), "Tonk on the deal", "a tonk…", "no tonk…")
    on_probe_deals = Difference(-0.040, (-0.045, -0.035), 1e-20, True)
    said = attribution(main, [Effect(check_, on_probe_deals)], "en", whole=on_probe_deals)
    # the share is judged on the probe's own deals (1.33 of the main run's difference would be "more than")
    assert "alone, this rule accounts for the whole difference (within its uncertainty)" in said
    assert "%" not in said


def test_a_share_beyond_the_whole_way_or_against_it_is_said_in_words_never_as_a_percentage() -> None:
    from tonk_rules.report.findings import Effect, attribution
    from tonk_rules.report.rule_changes import RuleChange
    main = FigureTest("ends: knock_won", "pagat", "house", Difference(0.010, (0.008, 0.012), 1e-20, True))
    rule = RuleChange(("deal.upcard",), "The deal", "An upcard.", "No upcard.")
    other = RuleChange(("deal.first_turn",), "The deal", "Ordinary.", "Draw first.")
    beyond = attribution(main, [Effect(rule, Difference(0.0223, (0.020, 0.0246), 1e-20, True))], "en")
    assert beyond == ("Driven by one rule, [deal.upcard] as in house (in the rules below): alone, this rule does "
                      "more than the whole difference (about 2.2 times as much); others pull the other way.")
    against = attribution(main, [Effect(rule, Difference(-0.01, (-0.012, -0.008), 1e-9, True)),
                                 Effect(other, Difference(-0.002, (-0.004, 0.0), 0.1, True))], "en")
    assert against.startswith("No single rule accounts for it (alone, each rule leaves it as it is or moves it "
                              "the other way)") and "%" not in against
    part = attribution(main, [Effect(rule, Difference(0.006, (0.004, 0.008), 1e-9, True))], "en")
    assert "moves this figure 60% [" in part and "of the way" in part
    shares = [int(x) for x in re.findall(r"(\d+)%", part)]
    assert shares and all(0 <= x <= 100 for x in shares)  # a share's interval is held within the whole way
    # the rule's words are not quoted in the finding: they stand once in the list of rules below it
    assert "An upcard." not in beyond + against + part and "No upcard." not in beyond + against + part


def test_a_disabled_deal_check_is_one_rule_named_as_the_cause_without_one_rule_runs(tmp_path: Path) -> None:
    from tonk_rules.bots.specs import parse_spec
    from tonk_rules.report.build import Plan, load_tables, run_comparison
    from tonk_rules.sim.executors import make_executor
    from tonk_rules.sim.paired_run import run_all
    house = tmp_path / "h1.yaml"
    house.write_text("extends: russian\ndeal_check: {enabled: false}\n", encoding="utf-8")
    labels: list[str] = []

    def recording(jobs, executor):  # type: ignore[no-untyped-def]
        labels.extend(j.label for j in jobs)
        return run_all(jobs, executor)
    greedy = parse_spec("greedy")
    plan = Plan(300, 6, 3, 0, (greedy,) * 3, greedy, parse_spec("random"), 30, (greedy,) * 3)
    found = run_comparison(load_tables(["russian", str(house)]), plan, make_executor("local", 1), recording)
    assert not any("one rule at a time" in label for label in labels)
    [change] = [c for c in found.findings[0].changes if c.in_play]
    assert change.right == "There is no tonk on the deal: every hand is played."
    assert "deal_check.several" in change.keys and "payments.deal_tonk" in change.keys
    first = found.findings[0].findings[0]
    assert "ends by «a tonk on the deal»" in first and "Its cause is the only rule that differs in play" in first
    assert "«—»" not in " ".join(found.findings[0].findings)


def test_the_same_variant_named_twice_plays_identically_and_simulates_nothing(tmp_path: Path) -> None:
    proc = tonk("compare", "pagat", "pagat", "--out", str(tmp_path / "r"))
    assert proc.returncode == 0, proc.stderr
    said = " ".join(proc.stdout.split())
    assert "pagat is named 2 times: a variant plays identically to itself" in said
    assert "nothing was simulated" in said and not (tmp_path / "r").exists()


def test_the_russian_terminal_report_has_russian_words_plurals_and_numbers(tmp_path: Path) -> None:
    import re
    proc = tonk("compare", "russian", "russian-2001", "--hands", "1200", "--depth-hands", "6", "--probe-hands", "0",
                "--lang", "ru", "-w", "1", "--out", str(tmp_path / "r"))
    assert proc.returncode == 0, proc.stderr
    said = proc.stdout.split("Отчёт:")[0]
    assert "Отчёт:" in proc.stdout and "3 игрока;" in said and "показатель" in said and " в игре" in said
    table = said.split(" в игре")[1]  # the rule keys above may name deal_tonk; the table speaks Russian
    assert "deal_tonk" not in table and "deal check" not in table and "figure" not in table
    assert "1\xa0200 сдач" in said and "1,200" not in said and not re.search(r"\d\.\d", said)
    markdown = (tmp_path / "r" / "report.md").read_text(encoding="utf-8")
    figures = markdown.split("## В игре")[1].split("## ")[0]
    assert "конец сдачи: Тонк на раздаче" in figures and "%" in figures and not re.search(r"\d\.\d", figures)
    # the report speaks Russian throughout: its findings and the rules' sentences (one comparison for both)
    assert "## Выводы" in markdown and "Туз в последовательности" in markdown
    assert "ВЫВОДЫ" in proc.stdout and "Карту, взятую из кучи" in proc.stdout


@pytest.mark.parametrize(("value", "p", "interval"), [(0.02, 0.001, 0.01), (0.01, 0.3, 0.01), (-0.02, 0.001, 0.01),
                                                      (-0.01, 0.3, 0.001), (-0.005, 0.7, 0.03), (0.0, 1.0, 0.0)])
def test_a_russian_check_sentence_names_the_table_in_its_own_case(value: float, p: float, interval: float) -> None:
    # "Подтверждается с ботами стол по умолчанию (reckoner ×3)": a table named where bots belong, in the
    # nominative after "с"
    from tonk_rules.report.comparison_plan import PANEL_WORDS

    table = PANEL_WORDS["ru"]["default"].format(bots="reckoner ×3")
    said = check(_MORE, Difference(value, (value - interval, value + interval), p, True), ("1%", "2%"), table, "ru")
    assert f"— {table}" in said and "с ботами" not in said.lower(), said
    absent = check(_MORE, None, ("1%", "2%"), table, "ru")
    assert f"— {table}" in absent and "с ботами" not in absent.lower(), absent


@pytest.mark.slow  # a whole comparison in a new process, as the test above
def test_a_russian_comparison_says_against_and_seed_in_russian(tmp_path: Path) -> None:
    # "russian vs pagat: 3 игрока; … (seed 0)", «ПРАВИЛА, КОТОРЫЕ ОТЛИЧАЮТСЯ: RUSSIAN VS PAGAT»
    proc = tonk("compare", "pagat", "pagat-no-upcard", "--hands", "2", "--depth-hands", "1", "--probe-hands", "1",
                "-w", "1", "--lang", "ru", "--out", str(tmp_path / "r"))
    assert proc.returncode == 0, proc.stderr
    markdown = (tmp_path / "r" / "report.md").read_text(encoding="utf-8")
    # the title and what was played (the section of rule values and sources is still the variant diff's English)
    headings = "\n".join(line for line in markdown.splitlines() if line.startswith(("# ", "- ")))
    for text in (proc.stdout, headings):
        assert not re.search(r"\bvs\b|\bseed\b", text, re.I), re.findall(r".{30}\b(?:vs|seed)\b.{30}", text, re.I)
    assert "pagat против pagat-no-upcard" in proc.stdout and "(зерно 0)" in " ".join(proc.stdout.split())


#: Latin words a Russian compare may print: the variants' and bots' names, a command and an option it names
_NAMES = {"russian", "pagat", "reckoner", "casual", "montecarlo", "rollouts", "greedy", "random", "tonk", "odds",
          "json", "PNG", "RUSSIAN", "PAGAT"}


def _english_words(text: str) -> list[str]:
    """The Latin words of ``text`` that are not a name: rule keys (``deal_check.at_most``), files, paths and the
    t- and z-tests' letters are names too."""
    text = re.sub(r"\b[a-z_]+\.[a-z_.]+\b|`[^`]*`|/\S+|\b[tz]-", " ", text)
    return [w for w in re.findall(r"[A-Za-z][A-Za-z'-]*", text) if w not in _NAMES]


def test_a_russian_comparison_says_its_players_plots_units_and_hands_in_russian(tmp_path: Path) -> None:
    # found by a reader of `tonk compare russian pagat --lang ru`: the paragraph of the bots, «pt», «101 сдач»,
    # the section of rule values and the plots were English or disagreed in number
    proc = tonk("compare", "russian", "pagat", "--hands", "101", "--depth-hands", "21", "--probe-hands", "101",
                "--skill", "none", "-w", "1", "--lang", "ru", "--out", str(tmp_path / "r"))
    assert proc.returncode == 0, proc.stderr
    said = " ".join(proc.stdout.split())
    assert _english_words(proc.stdout) == []
    assert "101 сдача на вариант" in said and "Открывается, когда ожидаемый выигрыш" in said
    assert "(в russian; в pagat — как ниже)" in said
    assert "за 101 сдачу" in said and "из 101 сдачи" in said and "101 сдач " not in said
    assert " pt" not in said and "п.\xa0п." in proc.stdout
    markdown = (tmp_path / "r" / "report.md").read_text(encoding="utf-8")
    # everything but the rule values' codes and the sources as the variant files quote and note them
    body, values = markdown.split("## Значения правил и их источники")
    values = re.sub(r"\b[a-z_]+\.[a-z_.]+\b", "", values.split("## Источники правил")[0])  # (keys are names)
    assert _english_words(body) == [], body
    assert "- reckoner (russian): Открывается" in body and "21 сдача на вариант" in body and "п.\xa0п." in body
    assert "![Чем кончаются сдачи](endings.png)" in markdown
    assert not re.search(r"\b(?:vs|quoted|assumed|agree|rule|values differ)\b", values), values
    assert "против pagat: 10 значений отличаются" in values and "цитата [1]" in values
    page = (tmp_path / "r" / "report.html").read_text(encoding="utf-8")
    assert 'alt="Сумма очков открывшегося"' in page and "источники, перечисленные в разделе" in page


def test_every_word_of_a_russian_plot_is_russian_and_its_numbers_have_decimal_commas(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import matplotlib.text

    from tonk_rules.bots.specs import parse_spec
    from tonk_rules.report import plots
    from tonk_rules.report.build import Plan, load_tables, run_comparison
    from tonk_rules.sim.executors import make_executor

    greedy = parse_spec("greedy")
    plan = Plan(200, 20, 3, 0, (greedy,) * 3, greedy, parse_spec("random"), lang="ru")
    figures = run_comparison(load_tables(["russian", "pagat"]), plan, make_executor("local", 1)).figures
    drawn: dict[str, list[str]] = {}

    def words_of(fig):  # type: ignore[no-untyped-def]
        fig.canvas.draw()  # the ticks' labels are made when drawn
        return [t.get_text() for t in fig.findobj(matplotlib.text.Text) if t.get_text()]
    for lang in ("ru", "en"):
        monkeypatch.setattr(plots, "_png", lambda fig, lang=lang: drawn.setdefault(lang, []).extend(words_of(fig))
                            or b"")
        plots.all_plots(figures, "greedy", "random", lang)
    ru = " ".join(drawn["ru"])
    assert _english_words(ru) == [], ru
    for title in ("Чем кончаются сдачи", "Средний выигрыш за сдачу по местам", "Сумма очков открывшегося",
                  "Стратегическая глубина", "сдающий", "место 1", "порядок greedy против random"):
        assert title in ru
    assert re.search(r"\b0,\d\b", ru) and not re.search(r"\b\d\.\d\b", ru)  # the net and the depth's axes
    assert "How hands end" in drawn["en"] and "dealer" in drawn["en"]  # English stays English


def test_a_player_is_described_in_russian_with_its_numbers_in_agreement() -> None:
    from tonk_rules.bots.describe import describe_player
    from tonk_rules.ruleset.compile import load_ruleset

    pagat = load_ruleset("pagat")
    for spec in ("random", "greedy", "greedy:knock=0", "casual", "montecarlo", "reckoner", "reckoner:hold=9",
                 "reckoner:stall=4"):
        said = describe_player(spec, pagat, 3, "ru")
        assert _english_words(said) == [], said
        assert describe_player(spec, pagat, 3) != said  # and English stays English
    assert "после 21 своего хода" in describe_player("greedy:patience=21", pagat, 3, "ru")
    assert "с 1 очком или меньше" in describe_player("greedy:knock=1", pagat, 3, "ru")
    assert "стоит 9 очков или меньше" in describe_player("reckoner:hold=9", pagat, 3, "ru")
