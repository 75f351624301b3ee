"""The report's plots as PNG bytes (matplotlib, Agg backend: no display needed).

Four plots, each comparing every variant: how hands end, each position's mean net per hand (the
advantage of playing first or dealing), the distribution of the knocker's count, and strategic depth.
All bars carry their 95% intervals. Every value axis starts at zero, except the net per hand, which is
centred on zero because a position can lose (the axis label says so): a small difference is drawn small.
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Sequence
from typing import Any

from tonk_rules.report.compare import VariantFigures
from tonk_rules.report.findings import figure_label
from tonk_rules.sim.stats import wilson
from tonk_rules.sim.tally import ENDINGS
from tonk_rules.words.numbers import fill_line
from tonk_rules.words.plot_words import PLOT_LINES, PLOT_TITLES

#: Colour-blind-safe colours (Okabe–Ito), one per variant.
COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
#: Each plot's file stem and its English title (:func:`plot_title` in a language).
PLOTS = {stem: titles["en"] for stem, titles in PLOT_TITLES.items()}


def plot_title(stem: str, lang: str) -> str:
    """The title of the plot ``stem`` in ``lang`` (its image's title, alt text and caption)."""
    return PLOT_TITLES[stem][lang]


def _said(key: str, lang: str, **values: Any) -> str:
    return fill_line(PLOT_LINES, key, lang, **values)


def _figure(width: float = 7.5, height: float = 4.2) -> tuple[Any, Any]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(width, height), dpi=110)
    ax.grid(axis="x" if width < height else "y", alpha=0.3)
    return fig, ax


def _decimal_commas(axis: Any, lang: str) -> None:
    """A value axis's numbers with the language's decimal mark (Russian: ``0,2``; the text's numbers are written
    so too)."""
    if lang != "ru":
        return
    from matplotlib.ticker import ScalarFormatter

    class Commas(ScalarFormatter):
        def __call__(self, x: float, pos: int | None = None) -> str:
            return str(super().__call__(x, pos)).replace(".", ",")

    axis.set_major_formatter(Commas())


def _png(fig: Any) -> bytes:
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    fig.tight_layout()
    # no version stamp: same bytes each run; "tight": the image grows to hold every label and legend whole
    fig.savefig(buffer, format="png", metadata={"Software": None}, bbox_inches="tight", pad_inches=0.15)
    plt.close(fig)
    return buffer.getvalue()


def _bar_group(ax: Any, figures: Sequence[VariantFigures], n_groups: int, values: Any, errors: Any) -> None:
    width = 0.8 / len(figures)
    for i, v in enumerate(figures):
        xs = [g + (i - (len(figures) - 1) / 2) * width for g in range(n_groups)]
        ys = [values(v, g) for g in range(n_groups)]
        lo_hi = [errors(v, g) for g in range(n_groups)]
        err = [[max(0.0, y - lo) for y, (lo, _) in zip(ys, lo_hi, strict=True)],
               [max(0.0, hi - y) for y, (_, hi) in zip(ys, lo_hi, strict=True)]]
        ax.bar(xs, ys, width, yerr=err, capsize=2, label=v.label, color=COLOURS[i % len(COLOURS)])


def endings_plot(figures: Sequence[VariantFigures], lang: str = "en") -> bytes:
    fig, ax = _figure(7.5 if lang == "en" else 8.6)  # (the Russian endings' names are longer)
    _bar_group(ax, figures, len(ENDINGS),
               lambda v, g: 100 * v.tally.endings[g] / v.tally.hands,
               lambda v, g: tuple(100 * x for x in wilson(v.tally.endings[g], v.tally.hands)))
    # each ending by the name the report's table gives it (its words, not its code)
    ax.set_xticks(range(len(ENDINGS)),
                  [textwrap.fill(figure_label(f"ends: {e}", lang).split(": ", 1)[1], 11, break_long_words=False)
                   for e in ENDINGS],
                  fontsize=7.5 if lang == "en" else 7)  # (the Russian names are longer)
    ax.set_ylim(bottom=0)
    ax.set_ylabel(_said("share_of_hands", lang))
    ax.set_title(plot_title("endings", lang))
    _decimal_commas(ax.yaxis, lang)
    ax.legend()
    return _png(fig)


def positions_plot(figures: Sequence[VariantFigures], lang: str = "en") -> bytes:
    players = figures[0].tally.players
    fig, ax = _figure()
    _bar_group(ax, figures, players,
               lambda v, g: v.tally.moments(v.tally.position_net[g]).mean,
               lambda v, g: v.tally.moments(v.tally.position_net[g]).ci95())
    # as the report's table names them
    names = [_said("position", lang, n=p + 1) for p in range(players - 1)] + [_said("dealer", lang)]
    ax.set_xticks(range(players), names, fontsize=9)
    ax.axhline(0, color="black", linewidth=0.8)
    low, high = ax.get_ylim()
    reach = max(abs(low), abs(high))
    ax.set_ylim(-reach, reach)
    ax.set_ylabel(_said("net_axis", lang), fontsize=9)
    ax.set_title(plot_title("positions", lang))
    _decimal_commas(ax.yaxis, lang)
    ax.legend()
    return _png(fig)


def knock_notes(figures: Sequence[VariantFigures], lang: str = "en") -> list[str]:
    """What the knocker's-count plot says in words where one count holds (nearly) every knock, or none was made.

    >>> from tonk_rules.sim.tally import Tally
    >>> from tonk_rules.sim.depth import Depth
    >>> from tonk_rules.sim.stats import Moments
    >>> t = Tally.empty(3); t.knock_counts = {1: 500}
    >>> knock_notes([VariantFigures("pagat", t, Depth(3, Moments(0, 0, 0)), None)])
    ['pagat: every knock at a count of 1 (its players knock only then)']
    """
    notes = []
    for v in figures:
        total = sum(v.tally.knock_counts.values())
        if not total:
            notes.append(_said("note_no_knocks", lang, label=v.label))
            continue
        mode, k = max(v.tally.knock_counts.items(), key=lambda item: item[1])
        if k == total:
            notes.append(_said("note_one_count", lang, label=v.label, count=mode))
        elif k / total >= 0.8:
            notes.append(_said("note_most", lang, label=v.label, share=f"{100 * k / total:.0f}", count=mode))
    return notes


def knock_counts_plot(figures: Sequence[VariantFigures], lang: str = "en") -> bytes:
    """The share of knocks at each count (bars), and the share at that count or below (steps), on a count axis
    of at least 0-15, so that players who knock at one count only show as one bar with its note, not as a
    plot that reads as broken."""
    fig, ax = _figure()
    top = max((max(v.tally.knock_counts, default=0) for v in figures), default=0)
    shown = max(top, 15)

    def share(v: VariantFigures, count: int) -> float:
        total = sum(v.tally.knock_counts.values())
        return 100 * v.tally.knock_counts.get(count, 0) / total if total else 0.0

    def interval(v: VariantFigures, count: int) -> tuple[float, float]:
        lo, hi = wilson(v.tally.knock_counts.get(count, 0), sum(v.tally.knock_counts.values()))
        return (100 * lo, 100 * hi)

    _bar_group(ax, figures, shown + 1, share, interval)
    for i, v in enumerate(figures):
        total = sum(v.tally.knock_counts.values())
        if not total:
            continue
        running, ys = 0, []
        for count in range(shown + 1):
            running += v.tally.knock_counts.get(count, 0)
            ys.append(100 * running / total)
        ax.step(range(shown + 1), ys, where="mid", color=COLOURS[i % len(COLOURS)], alpha=0.6, linewidth=1.2)
    notes = knock_notes(figures, lang)
    step = max(1, (shown + 1) // 20)
    ax.set_xticks(range(0, shown + 1, step))
    ax.set_ylim(0, 105)
    ax.set_xlabel(_said("knock_axis", lang))
    ax.set_ylabel(_said("knock_share_axis", lang), fontsize=9)
    ax.set_title(plot_title("knock_counts", lang))
    if notes:
        ax.text(0.99, 0.5, "\n".join(notes), transform=ax.transAxes, ha="right", va="center", fontsize=8,
                bbox={"facecolor": "white", "alpha": 0.8, "edgecolor": "#ccc"})
    ax.legend(loc="upper left")
    return _png(fig)


def depth_plot(figures: Sequence[VariantFigures], strong: str, weak: str, lang: str = "en") -> bytes:
    fig, ax = _figure(7.5, 1.2 + 0.6 * len(figures))
    for i, v in enumerate(figures):
        lo, hi = v.depth.ci95()
        ax.errorbar([v.depth.order], [i], xerr=[[v.depth.order - lo], [hi - v.depth.order]], fmt="o", capsize=4,
                    color=COLOURS[i % len(COLOURS)])
    ax.set_yticks(range(len(figures)), [v.label for v in figures])
    ax.set_ylim(-0.6, len(figures) - 0.4)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)  # the whole scale: a difference of a few thousandths is drawn as small as it is
    ax.set_xlabel(_said("depth_axis", lang, strong=strong, weak=weak))
    ax.set_title(plot_title("depth", lang))
    _decimal_commas(ax.xaxis, lang)
    ax.grid(axis="x", alpha=0.3)
    return _png(fig)


def all_plots(figures: Sequence[VariantFigures], strong: str, weak: str, lang: str = "en") -> dict[str, bytes]:
    """Every plot, keyed by its file stem (see :data:`PLOTS`), its words in ``lang``."""
    return {
        "endings": endings_plot(figures, lang),
        "positions": positions_plot(figures, lang),
        "knock_counts": knock_counts_plot(figures, lang),
        "depth": depth_plot(figures, strong, weak, lang),
    }
