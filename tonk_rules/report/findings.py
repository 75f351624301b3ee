"""Findings in words: the differences that matter, largest first, each with its cause and a second opinion.

A difference *matters* when it is significant (Holm) and at least a practical threshold in size
(:data:`THRESHOLDS`); findings are ranked by size in units of that threshold, never by p. Each names the
rule that drives it where the one-rule-at-a-time runs (:mod:`tonk_rules.report.attribution`) can tell —
the switch that moves the figure at least :data:`DRIVER_SHARE` of the way from the first variant to the
second — and says whether it holds at another bot table (the ``--check-bots`` runs). Every other tested
figure is listed as not having moved by more than its threshold.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from tonk_rules.report.compare import EXACT_ENDINGS, Test
from tonk_rules.report.rule_changes import RuleChange
from tonk_rules.sim.paired import Difference
from tonk_rules.sim.stats import Z95, percent

#: What "moved" means: half a percentage point of a rate, 5% of a mean's size (the second variant's mean:
#: the sentences say so), 0.02 stakes of net per hand, 0.02 of strategic depth's order.
THRESHOLDS = {"rate": 0.005, "relative": 0.05, "net": 0.02, "depth": 0.02}
#: A single rule "drives" a finding when switching it alone moves the figure this share of the way.
DRIVER_SHARE = 0.5
PARTLY_SHARE = 0.25

_WORDS = {
    "en": {
        "rate": "In {hi} {what} {ratio:.1f}× as often as in {lo}: {p_hi} vs {p_lo} ({diff}).",
        "rate_more": "In {hi} {what} more often than in {lo}: {p_hi} vs {p_lo} ({diff}).",
        "rate_new": "In {hi} {what} in {p_hi} of hands, in {lo} never.",
        "mean": "In {hi} the {what} is higher than in {lo}: {v_hi} vs {v_lo} ({diff}).",
        "driver": "Driven by one rule, {keys} as in {b} (in the rules below): {how}.",
        "partly": "Partly driven by {keys} as in {b} (in the rules below): {how}.",
        "share": "switching it alone in {a} moves this figure {share} of the way",
        "beyond": "alone, this rule does more than the whole difference (about {times} times as much); others pull "
                  "the other way",
        "whole": "alone, this rule accounts for the whole difference (within its uncertainty)",
        "no_driver": "No single rule accounts for it (switching each alone in {a} moves it at most {share} of "
                     "the way): the rules act together.",
        "no_driver_against": "No single rule accounts for it (alone, each rule leaves it as it is or moves it the "
                             "other way): the rules act together.",
        "no_runs": "Not attributed: the one-rule-at-a-time runs measure the main table's per-hand figures only.",
        "not_run": "Not attributed: the one-rule-at-a-time runs were left out (--probe-hands 0).",
        "too_few": "Not attributed: the one-rule-at-a-time runs saw too few such hands (raise --probe-hands).",
        "only": "Its cause is the only rule that differs in play, {keys} as in {b} (in the rules below).",
        "holds": "Holds with {bots}: {v_a} vs {v_b}.",
        "weak": "With {bots} it points the same way but is not significant: {v_a} vs {v_b}.",
        "flips": "Reverses with {bots}: {v_a} vs {v_b} — it depends on how the bots play.",
        "not_held": "Does not hold with {bots}: {v_a} vs {v_b}.",
        "untold": "With {bots} too few hands to tell either way: {v_a} vs {v_b}; its interval there "
                  "still contains the difference found above.",
        "alike": "With {bots} it came out the same in every hand under both rules ({v_a} vs {v_b}): at that "
                 "table the rules never made a difference to it, so that table cannot test it.",
        "unchecked": "Not checked with another bot table.",
        "absent": "With {bots} it did not happen in either run.",
        "none": "No figure differs by more than the practical threshold.",
        "none_shown": "No figure is shown to differ by more than the practical threshold.",
        "still": "Did not move by more than the practical threshold (½ percentage point of a rate, 5% of the "
                 "second variant's mean, 0.02 stakes per hand; the whole 95% interval of the difference lies "
                 "within it): {labels}.",
        "unsettled": "Not settled by this many hands (the 95% interval of the difference reaches past the "
                     "practical threshold, but the difference is not shown to be that large): {labels}.",
        "ends": "a hand ends by «{ending}»",
        "knocked": "a hand ends by a knock",
        "wins": "{position} wins",
        "h_rate": "{What} more often in {hi} than in {lo}.",
        "h_ratio": "{What} {ratio:.1f} times as often in {hi} as in {lo}.",
        "h_new": "{What} in {hi}, never in {lo}.",
        "h_mean": "The {what} is higher in {hi} than in {lo}.",
        "h_turns": "Hands last longer in {hi} than in {lo}.",
        "h_actions": "Hands take more actions in {hi} than in {lo}.",
        "h_count": "Players knock with a higher count in {hi} than in {lo}.",
        "h_net": "{Position} does better per hand in {hi} than in {lo}.",
        "h_depth": "Skill counts for more in {hi} than in {lo} (strategic depth).",
    },
    "ru": {
        "rate": "В {hi} {what} в {ratio:.1f} раза чаще, чем в {lo}: {p_hi} против {p_lo} ({diff}).",
        "rate_more": "В {hi} {what} чаще, чем в {lo}: {p_hi} против {p_lo} ({diff}).",
        "rate_new": "В {hi} {what} в {p_hi} сдач, в {lo} никогда.",
        "mean": "В {hi} {what} больше, чем в {lo}: {v_hi} против {v_lo} ({diff}).",
        "driver": "Причина – одно правило, {keys} как в {b} (в списке правил ниже): {how}.",
        "partly": "Отчасти причина – {keys} как в {b} (в списке правил ниже): {how}.",
        "share": "одно это правило в {a} даёт {share} разницы",
        "beyond": "одно это правило даёт больше всей разницы (примерно в {times} раза); другие тянут в обратную "
                  "сторону",
        "whole": "одно это правило даёт всю разницу (в пределах погрешности)",
        "no_driver_against": "Ни одно правило само по себе не объясняет разницу (каждое по отдельности оставляет её "
                             "как есть или двигает в обратную сторону): правила действуют вместе.",
        "no_driver": "Ни одно правило само по себе не объясняет разницу (каждое по отдельности в {a} даёт не "
                     "больше {share}): правила действуют вместе.",
        "no_runs": "Причина не определялась: прогоны по одному правилу измеряют только показатели каждой сдачи.",
        "not_run": "Причина не определялась: прогоны по одному правилу не делались (--probe-hands 0).",
        "too_few": "Причина не определена: в прогонах по одному правилу таких сдач слишком мало (увеличьте "
                   "--probe-hands).",
        "only": "Причина – единственное правило, которое меняет игру, {keys} как в {b} (в списке правил ниже).",
        # the table is named after a dash, in the nominative ("стол любителей (casual ×3)" or the bots given):
        # "с ботами стол любителей" put a table where the bots belong, in the wrong case
        "holds": "Подтверждается — {bots}: {v_a} против {v_b}.",
        "weak": "В ту же сторону, но не значимо — {bots}: {v_a} против {v_b}.",
        "flips": "Наоборот — {bots}: {v_a} против {v_b}; это зависит от игры ботов.",
        "not_held": "Не подтверждается — {bots}: {v_a} против {v_b}.",
        "untold": "Сдач слишком мало, чтобы сказать, — {bots}: {v_a} против {v_b}; интервал разницы там "
                  "всё ещё включает найденную выше.",
        "alike": "При обоих правилах каждая сдача вышла одинаково — {bots} ({v_a} против {v_b}): за тем "
                 "столом правила здесь ничего не меняют, и проверить это он не может.",
        "unchecked": "С другими ботами не проверялось.",
        "absent": "Этого не случилось ни в одном прогоне — {bots}.",
        "none": "Ни один показатель не отличается больше практического порога.",
        "none_shown": "Не показано, что какой-либо показатель отличается больше практического порога.",
        "still": "Не изменились больше практического порога (½ процентного пункта доли, 5% среднего "
                 "второго варианта, 0,02 ставки за сдачу; весь 95%-й интервал разницы внутри порога): {labels}.",
        "unsettled": "Не решено при таком числе сдач (95%-й интервал разницы выходит за практический порог, "
                     "но не показано, что разница так велика): {labels}.",
        "ends": "сдача кончается так: «{ending}»",
        "knocked": "сдача кончается тем, что кто-то открылся",
        "wins": "выигрывает {position}",
        "h_rate": "В {hi} {what} чаще, чем в {lo}.",
        "h_ratio": "В {hi} {what} в {ratio:.1f} раза чаще, чем в {lo}.",
        "h_new": "В {hi} {what}, в {lo} никогда.",
        "h_mean": "В {hi} {what} больше, чем в {lo}.",
        "h_turns": "В {hi} сдачи длиннее, чем в {lo}.",
        "h_actions": "В {hi} в сдаче больше действий, чем в {lo}.",
        "h_count": "В {hi} открываются с бо́льшими очками, чем в {lo}.",
        "h_net": "В {hi} {position} получает за сдачу в среднем больше, чем в {lo}.",
        "h_depth": "В {hi} мастерство значит больше, чем в {lo} (стратегическая глубина).",
    },
}
_ENDINGS = {
    "en": {"deal_tonk": "a tonk on the deal", "deal_void": "a void deal (several tonks)", "knock_won": "a won knock",
           "knock_caught": "a caught knock", "out_by_discard": "going out by a discard",
           "out_by_spread": "going out with a spread", "out_by_hit": "going out with a hit",
           "stock_exhausted": "the stock running out", "stock_void": "a void hand on the empty stock"},
    "ru": {"deal_tonk": "Тонк на раздаче", "deal_void": "раздача не состоялась (несколько Тонков)",
           "knock_won": "открывшийся выиграл", "knock_caught": "открывшийся пойман",
           "out_by_discard": "вышел, сбросив последнюю карту", "out_by_spread": "вышел, выложив группу",
           "out_by_hit": "вышел добавлением", "stock_exhausted": "колода кончилась",
           "stock_void": "колода кончилась, сдача не состоялась"},
}


@dataclass(frozen=True)
class Effect:
    """What switching one rule alone did to a figure (switched minus base), from the one-rule runs."""

    change: RuleChange
    difference: Difference


@dataclass(frozen=True)
class Finding:
    test: Test
    size: float  # |difference| in units of its practical threshold
    text: str


def threshold(test: Test, base: float) -> float:
    """The practical threshold of ``test``'s figure (``base``: the second variant's value, for means)."""
    if test.kind == "rate":
        return THRESHOLDS["rate"]
    if test.metric.startswith("mean net"):
        return THRESHOLDS["net"]
    if test.metric.startswith("strategic depth"):
        return THRESHOLDS["depth"]
    return max(THRESHOLDS["relative"] * abs(base), 1e-9)


#: The figures' labels in Russian (the English labels are the figures' own names).
_LABELS_RU = (("ends: ", "конец сдачи: "), ("mean actions per hand", "среднее число действий за сдачу"),
              ("mean turns per hand", "среднее число ходов за сдачу"), ("win rate: ", "доля побед: "),
              ("mean net per hand: ", "средний выигрыш за сдачу: "), ("position ", "место "),
              ("dealer", "сдающий"), ("hands ended by a knock", "доля сдач, кончившихся открытием"),
              ("mean count at a knock", "средние очки открывшегося"),
              ("strategic depth (order)", "стратегическая глубина"),
              ("deal check (sim / exact)", "Тонк на раздаче (модель / точно)"),
              ("deal check (exact)", "Тонк на раздаче (точно)"))


def figure_label(metric: str, lang: str) -> str:
    """A figure's label in ``lang``, in words (an ending by its name, never its code).

    >>> figure_label("mean net per hand: dealer", "ru"), figure_label("ends: knock_caught", "en")
    ('средний выигрыш за сдачу: сдающий', 'ends: a caught knock')
    """
    if metric.startswith("ends: "):  # the ending's own name, not the code's
        metric = "ends: " + _ENDINGS[lang].get(metric[6:], metric[6:])
    if lang != "ru":
        return metric
    for english, russian in _LABELS_RU:
        metric = metric.replace(english, russian)
    return metric


#: What a row whose figure is also counted exactly says after its label (its cell: sampled / exact).
_SIM_EXACT = {"en": " (sim / exact)", "ru": " (модель / точно)"}


def table_label(metric: str, lang: str) -> str:
    """A figure's label as a table row heads it: :func:`figure_label`, and "(sim / exact)" where the cell
    holds the exact value beside the sampled one.

    >>> table_label("ends: deal_tonk", "en")
    'ends: a tonk on the deal (sim / exact)'
    """
    return figure_label(metric, lang) + (_SIM_EXACT[lang] if metric in EXACT_ENDINGS else "")


def _position(metric: str, lang: str) -> str:
    """The seat a figure is of, as a sentence names it: "position 1", "the dealer" ("место 1", "сдающий").

    >>> _position("win rate: dealer", "en"), _position("mean net per hand: position 2", "ru")
    ('the dealer', 'место 2')
    """
    seat = figure_label(metric, lang).split(": ", 1)[1]
    return "the dealer" if lang == "en" and seat == "dealer" else seat


def _what(metric: str, lang: str) -> str:
    w = _WORDS[lang]
    if metric.startswith("ends: "):
        return w["ends"].format(ending=_ENDINGS[lang].get(metric[6:], metric[6:]))
    if metric == "hands ended by a knock":
        return w["knocked"]
    if metric.startswith("win rate: "):
        return w["wins"].format(position=_position(metric, lang))
    return figure_label(metric, lang)


def describe(test: Test, values: tuple[str, str], diff: str, lang: str) -> str:
    """The finding's first sentence: a rate as "N× as often", a mean as both values and the difference."""
    w, d = _WORDS[lang], test.difference
    strip = [v.split(" [")[0] for v in values]
    if test.kind == "rate":
        pa = d.relative  # ratio b / a
        a_high = d.value < 0
        hi, lo = (test.a, test.b) if a_high else (test.b, test.a)
        p_hi, p_lo = (strip[0], strip[1]) if a_high else (strip[1], strip[0])
        if pa is None or pa[0] == 0:
            return w["rate_new"].format(hi=hi, lo=lo, what=_what(test.metric, lang), p_hi=p_hi)
        ratio = 1 / pa[0] if a_high else pa[0]
        # "1.1× as often" says little: below 1.5× the sentence says "more often" and the difference does the rest
        template = w["rate" if ratio >= 1.5 else "rate_more"]
        return template.format(hi=hi, lo=lo, what=_what(test.metric, lang), ratio=ratio, p_hi=p_hi, p_lo=p_lo,
                               diff=diff)
    a_high = d.value < 0
    hi, lo = (test.a, test.b) if a_high else (test.b, test.a)
    v_hi, v_lo = (strip[0], strip[1]) if a_high else (strip[1], strip[0])
    return w["mean"].format(what=figure_label(test.metric, lang), hi=hi, lo=lo, v_hi=v_hi, v_lo=v_lo, diff=diff)


def headline(test: Test, lang: str) -> str:
    """A finding's first line, in plain words and without figures: which variant has more of what.

    >>> from tonk_rules.sim.paired import Difference
    >>> headline(Test("mean turns per hand", "pagat", "house", Difference(1.4, (1.2, 1.6), 1e-9, True), "mean"), "en")
    'Hands last longer in house than in pagat.'
    >>> caught = Difference(-0.02, (-0.03, -0.01), 1e-9, True, (0.77, (0.65, 0.9)))
    >>> headline(Test("ends: knock_caught", "pagat", "house", caught), "en")
    'A hand ends by «a caught knock» more often in pagat than in house.'
    """
    w, d = _WORDS[lang], test.difference
    hi, lo = (test.a, test.b) if d.value < 0 else (test.b, test.a)
    if test.kind == "rate":
        what = _what(test.metric, lang)
        words = {"hi": hi, "lo": lo, "what": what, "What": what[:1].upper() + what[1:]}
        if d.relative is None or d.relative[0] == 0:
            return w["h_new"].format(**words)
        ratio = 1 / d.relative[0] if d.value < 0 else d.relative[0]
        return w["h_ratio" if ratio >= 1.5 else "h_rate"].format(ratio=ratio, **words)
    special = {"mean turns per hand": "h_turns", "mean actions per hand": "h_actions",
               "mean count at a knock": "h_count", "strategic depth (order)": "h_depth"}
    if test.metric in special:
        return w[special[test.metric]].format(hi=hi, lo=lo)
    if test.metric.startswith("mean net per hand: "):
        position = _position(test.metric, lang)
        return w["h_net"].format(hi=hi, lo=lo, position=position, Position=position[:1].upper() + position[1:])
    return w["h_mean"].format(hi=hi, lo=lo, what=figure_label(test.metric, lang))


def figures_said(test: Test, values: tuple[str, str], diff: str) -> str:
    """A finding's figures after its headline: each variant's value, then the difference with its interval.

    >>> from tonk_rules.sim.paired import Difference
    >>> figures_said(Test("x", "pagat", "house", Difference(1.4, (1.2, 1.6), 1e-9, True)), ("6.77 [6.6, 6.9]",
    ...              "8.16 [8.0, 8.3]"), "house − pagat: +1.39 [+1.17, +1.61]")
    'pagat 6.77, house 8.16 (house − pagat: +1.39 [+1.17, +1.61]).'
    """
    a, b = (v.split(" [")[0] for v in values)
    return f"{test.a} {a}, {test.b} {b} ({diff})."


def only_rule(test: Test, change: RuleChange, lang: str) -> str:
    """The cause of a difference when a single rule that can change play differs."""
    return _WORDS[lang]["only"].format(keys=f"[{', '.join(change.keys)}]", b=test.b)


def attribution(test: Test, effects: Sequence[Effect] | None, lang: str, run: bool = True,
                whole: Difference | None = None) -> str:
    """Which rule moves the figure from the first variant towards the second (or that none does alone).

    ``effects`` None: the one-rule runs were not made (``run`` False) or cannot measure this figure; empty:
    they saw too few of the hands it counts. ``whole``: the second variant's difference from the first on
    the one-rule runs' own deals, the denominator of each switch's share (the main run's difference, on
    other deals, only when it is not given); zero there, or pointing the other way, tells nothing.
    """
    w = _WORDS[lang]
    if not run:
        return w["not_run"]
    if effects is None:
        return w["no_runs"]
    needed = test.difference.value if whole is None else whole.value  # from a to b
    if not effects or needed == 0 or (needed > 0) != (test.difference.value > 0):
        return w["too_few"]
    best = max(effects, key=lambda e: e.difference.value / needed)
    share = best.difference.value / needed
    lo, hi = best.difference.ci95
    real = lo > 0 or hi < 0  # the switch's own effect is distinguishable from nothing
    words = {"a": test.a, "b": test.b, "share": share_text(best.difference, whole or test.difference),
             "keys": f"[{', '.join(best.change.keys)}]"}
    if real and share >= PARTLY_SHARE:
        how = share_words(best.difference, whole or test.difference, test.a, lang)
        return w["driver" if share >= DRIVER_SHARE else "partly"].format(how=how, **words)
    if share <= 0:
        return w["no_driver_against"]
    return w["no_driver"].format(**words)


def share_words(part: Difference, whole: Difference, a: str, lang: str) -> str:
    """How far one switch moves the figure, in words: a share of the way (0–100%), the whole difference
    (an interval that holds 100%), or more than the whole difference (the other rules pull back), never
    "223% of the way".

    >>> whole = Difference(1.0, (0.9, 1.1), 0.0, True)
    >>> share_words(Difference(0.6, (0.5, 0.7), 0.0, True), whole, "pagat", "en")
    'switching it alone in pagat moves this figure 60% [48%, 72%] of the way'
    >>> share_words(Difference(2.23, (2.1, 2.4), 0.0, True), whole, "pagat", "en")
    'alone, this rule does more than the whole difference (about 2.2 times as much); others pull the other way'
    """
    w = _WORDS[lang]
    ratio, (lo, hi) = share_interval(part, whole)
    if ratio > 1 and lo > 1:
        return w["beyond"].format(times=f"{ratio:.1f}")
    if ratio > 1 or hi >= 1 >= lo and ratio > 0.95:
        return w["whole"]
    return w["share"].format(a=a, share=share_text(part, whole))


def share_interval(part: Difference, whole: Difference) -> tuple[float, tuple[float, float]]:
    """``part / whole`` and its 95% interval by the delta method, ``Var(a/b) ≈ (Var a + r² Var b) / b²``
    (the two on the same deals are correlated; leaving that out widens the interval, never narrows it).

    >>> r, (lo, hi) = share_interval(Difference(0.5, (0.3, 0.7), 0.0, True), Difference(1.0, (0.9, 1.1), 0.0, True))
    >>> round(r, 2), round(lo, 2), round(hi, 2)
    (0.5, 0.29, 0.71)
    """
    ratio = part.value / whole.value
    se_part = (part.ci95[1] - part.ci95[0]) / (2 * Z95)
    se_whole = (whole.ci95[1] - whole.ci95[0]) / (2 * Z95)
    half = Z95 * math.sqrt(se_part**2 + ratio**2 * se_whole**2) / abs(whole.value)
    return ratio, (ratio - half, ratio + half)


def share_text(part: Difference, whole: Difference) -> str:
    """A switch's share of the way, with its interval: ``94% [81%, 100%]`` (held within 0–100%: a share
    beyond the whole way is said in words, :func:`share_words`; Russian output turns the separator into its
    own, :func:`~tonk_rules.report.lang_numbers.in_lang`)."""
    ratio, (lo, hi) = share_interval(part, whole)
    shown = [f"{min(1.0, max(0.0, x)):.0%}" for x in (ratio, lo, hi)]
    return f"{shown[0]} [{shown[1]}, {shown[2]}]"


def check(test: Test, other: Difference | None, values: tuple[str, str] | None, bots: str, lang: str) -> str:
    """Whether the difference holds at the check table, in the check table's own direction: the same way and
    significant (holds), the same way only (not significant), significantly the other way (reverses), the
    same in every paired hand (alike: that table never plays the rule's hands differently), a tie or the other
    way without significance whose interval still holds the main difference (too few hands to tell), else
    does not hold."""
    w = _WORDS[lang]
    if values is None:
        return w["unchecked"]
    if other is None:
        return w["absent"].format(bots=bots)
    v_a, v_b = (f"{name} {v.split(' [')[0]}" for name, v in zip((test.a, test.b), values, strict=True))
    if other.paired and other.ci95 == (0.0, 0.0):  # not one hand of the same deals differed in this figure
        return w["alike"].format(bots=bots, v_a=v_a, v_b=v_b)
    same = (other.value > 0) == (test.difference.value > 0) and other.value != 0
    if same and other.p < 0.05:
        return w["holds"].format(bots=bots, v_a=v_a, v_b=v_b)
    if same:
        return w["weak"].format(bots=bots, v_a=v_a, v_b=v_b)
    if other.p < 0.05 and other.value != 0:
        return w["flips"].format(bots=bots, v_a=v_a, v_b=v_b)
    # a check table of few hands (the search table's) whose interval still holds the main table's difference
    # has not shown it away: "does not hold" would claim what so few hands cannot say
    untold = other.ci95[0] <= test.difference.value <= other.ci95[1]
    return w["untold" if untold else "not_held"].format(bots=bots, v_a=v_a, v_b=v_b)


def clears(test: Test, limit: float) -> bool:
    """Whether the difference is shown to be at least ``limit``: its whole 95% interval lies beyond it (a
    difference whose interval reaches below the threshold is not settled, however large its estimate)."""
    lo, hi = test.difference.ci95
    return lo >= limit or hi <= -limit


def settled_small(test: Test, limit: float) -> bool:
    """Whether the figure is shown not to move by more than ``limit``: its whole 95% interval lies within it."""
    lo, hi = test.difference.ci95
    return -limit <= lo and hi <= limit


def unmoved(labels: Sequence[str], unsettled: Sequence[str], lang: str) -> str:
    """The figures shown to stay within their threshold, then those this many hands cannot settle."""
    w = _WORDS[lang]
    parts = [w[key].format(labels="; ".join(figure_label(x, lang) for x in names))
             for key, names in (("still", labels), ("unsettled", unsettled)) if names]
    return " ".join(parts)


def nothing_moved(lang: str, settled: bool = True) -> str:
    """No finding: every figure shown small (``settled``), or some not settled by this many hands."""
    return _WORDS[lang]["none" if settled else "none_shown"]


def rate_text(k: int, n: int) -> str:
    return percent(k / n) if n else "—"
