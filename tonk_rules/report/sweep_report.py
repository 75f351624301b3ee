"""The files of ``tonk sweep --out DIR``: sweep.json, sweep.md, a self-contained sweep.html and the PNG plots.

Each plot shows one figure against the varied parameter (the first ``--vary`` key on the x axis; with
several keys, one line for each combination of the others), every point with its 95% interval; the deal
check's plot shows the exact rate beside the simulated one.
"""

from __future__ import annotations

import base64
import html
import io
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tonk_rules.report.skill_words import skill_cell, skill_heading
from tonk_rules.report.sweep_findings import sweep_findings
from tonk_rules.sim.odds import exact_percent
from tonk_rules.sim.stats import percent
from tonk_rules.sim.sweep import point_label

COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
#: plot stem -> (title, y-axis label)
PLOTS = {
    "sweep-endings": ("How hands end", "share of hands"),
    "sweep-deal-check": ("Tonk on the deal: simulated (interval) and exact (×)", "share of hands"),
    "sweep-turns": ("Mean turns per hand", "turns"),
    "sweep-positions": ("Mean net per hand by position (1: first to play)", "stakes per hand"),
}

#: A series of one plot: its name, then (value, low, high) at each point, None where there is none.
Series = tuple[str, list[tuple[float, float, float] | None]]


def table_rows(data: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """The sweep's table: one row per point (its values), then the main figures with intervals."""
    keys = list(data["vary"])
    first = data["points"][0]["figures"]
    endings = list(first["endings"])
    headers = [*keys, *(f"ends: {e}" for e in endings), "deal check sim / exact", "mean turns",
               *(f"position {p['position']} mean net" for p in first["positions"])]
    if "skill" in data:  # each point's skill figure (tonk_rules.sim.skill), where the sweep played a trace
        headers.append(skill_heading(data["skill"]))
    body = []
    for point in data["points"]:
        f = point["figures"]
        exact = f["deal_check"]["exact"]
        body.append([*(point_label({k: point["values"][k]}).split("=", 1)[1] for k in keys),
                     *(_rate(f["endings"][e]) for e in endings),
                     f"{_rate(f['deal_check'])} / {'—' if exact is None else exact_percent(exact)}",
                     _mean(f["mean_turns"], 2), *(_mean(p["mean_net"], 3) for p in f["positions"]),
                     *([skill_cell(point["skill"])] if "skill" in data else [])])
    return headers, body


def column_names(data: dict[str, Any]) -> list[str]:
    """Each point as a column is named by its values alone (the keys are named once, above the table)."""
    keys = list(data["vary"])
    return [", ".join(point_label({k: p["values"][k]}).split("=", 1)[1] for k in keys) for p in data["points"]]


def difference_rows(data: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """Each later point minus the first, figure by figure (rows), with 95% intervals; a figure that no
    point moves at all (an ending that never happens) is left out."""
    later = data["points"][1:]
    if not later:
        return [], []
    headers = ["figure", *(point_label(p["values"]) for p in later)]
    body = []
    for figure in later[0]["difference"]["figures"]:
        cells = [p["difference"]["figures"][figure] for p in later]
        if all(c["value"] == 0 and c["ci95"] == [0.0, 0.0] for c in cells):
            continue
        rate = figure.startswith("ends: ")
        body.append([figure, *(_difference(c, rate, 3 if "net" in figure else 2) for c in cells)])
    return headers, body


def _difference(d: dict[str, Any], rate: bool, digits: int) -> str:
    (lo, hi), scale, unit, n = d["ci95"], (100 if rate else 1), (" pt" if rate else ""), digits
    return f"{scale * d['value']:+.{n}f}{unit} [{scale * lo:+.{n}f}, {scale * hi:+.{n}f}]"


def difference_note(data: dict[str, Any]) -> str:
    how = ("paired per deal (every point deals the same cards: McNemar's interval for rates, the paired "
           "t interval for means)" if data["paired"] else "unpaired (the points deal different cards)")
    return f"Each point minus the first ({point_label(data['points'][0]['values'])}); pt: percentage points; " \
           f"95% intervals, {how}."


def _rate(p: dict[str, Any]) -> str:
    lo, hi = p["ci95"]
    return f"{percent(p['fraction'])} [{percent(lo)[:-1]}, {percent(hi)[:-1]}]"


def _mean(m: dict[str, Any], digits: int) -> str:
    lo, hi = m["ci95"]
    return f"{m['mean']:+.{digits}f} [{lo:+.{digits}f}, {hi:+.{digits}f}]" if digits == 3 else \
        f"{m['mean']:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]"


def _lines(data: dict[str, Any]) -> tuple[list[str], list[tuple[str, list[int]]]]:
    """The x-axis labels (the first key's values) and each line: its label and its points' indices."""
    keys = list(data["vary"])
    xs = [point_label({keys[0]: v}).split("=", 1)[1] for v in data["vary"][keys[0]]]
    lines: dict[str, list[int]] = {}
    for index, point in enumerate(data["points"]):
        # the other keys' values alone: the legend's title names the keys once
        rest = ", ".join(point_label({k: point["values"][k]}).split("=", 1)[1] for k in keys[1:])
        lines.setdefault(rest, []).append(index)
    return xs, list(lines.items())


def _interval(p: dict[str, Any], value: str) -> tuple[float, float, float]:
    lo, hi = p["ci95"]
    return float(p[value]), float(lo), float(hi)


def _series(data: dict[str, Any], stem: str) -> list[Series]:
    """Each plotted quantity of one plot, over every point (in point order)."""
    figures = [p["figures"] for p in data["points"]]
    if stem == "sweep-endings":
        return [(e, [_interval(f["endings"][e], "fraction") for f in figures]) for e in figures[0]["endings"]]
    if stem == "sweep-deal-check":
        exact = [f["deal_check"]["exact"] for f in figures]
        return [("simulated", [_interval(f["deal_check"], "fraction") for f in figures]),
                ("exact", [None if x is None else (x, x, x) for x in exact])]
    if stem == "sweep-turns":
        return [("mean turns", [_interval(f["mean_turns"], "mean") for f in figures])]
    return [(f"position {p['position']}", [_interval(f["positions"][i]["mean_net"], "mean") for f in figures])
            for i, p in enumerate(figures[0]["positions"])]


def colours(n: int) -> list[str]:
    """``n`` distinct colours: the colour-blind-safe eight, then matplotlib's tab20 (never one reused).

    >>> len(set(colours(18))) == 18
    True
    """
    if n <= len(COLOURS):
        return list(COLOURS[:n])
    from matplotlib import colormaps

    tab = colormaps["tab20"]
    extra = [tab(i) for i in range(20)]
    return [*COLOURS, *("#{:02x}{:02x}{:02x}".format(*(round(255 * c) for c in rgb[:3])) for rgb in extra)][:n]


#: Plots whose figure can be negative: the value axis is centred on zero rather than starting at it.
SIGNED = {"sweep-positions"}


def plot(data: dict[str, Any], stem: str) -> bytes:
    """One figure against the parameter, as PNG bytes (matplotlib's Agg backend: no display needed).

    One varied key: every series of the plot in one panel, each its own colour. A grid: *small multiples*,
    one panel per series, the first key along x and one colour per combination of the other keys, so the
    legend names those combinations once instead of every series times every combination. The value axis
    starts at 0 (centred on 0 for a signed figure, as the title says)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    xs, lines = _lines(data)
    series = [(name, values) for name, values in _series(data, stem)
              if any(v is not None and v[0] != 0 for v in values)]  # an ending no point reaches is left out
    grid_of = len(lines) > 1 and len(series) > 1 and stem != "sweep-deal-check"
    panels = series if grid_of else [("", [])]
    cols = min(3, len(panels))
    rows = -(-len(panels) // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(max(7.0, 3.4 * cols + 1.6), 2.6 * rows + 1.2), dpi=110,
                             squeeze=False)
    palette = colours(len(lines) if grid_of or len(series) == 1 else len(series) * len(lines))
    for index, (title, _) in enumerate(panels):
        ax = axes[index // cols][index % cols]
        shown = [(title, dict(series)[title])] if grid_of else series
        for s, (name, values) in enumerate(shown):
            for line, (rest, indices) in enumerate(lines):
                points = [(x, v) for x, i in enumerate(indices) if (v := values[i]) is not None]
                if not points:
                    continue
                colour = palette[line] if grid_of or len(series) == 1 else palette[s * len(lines) + line]
                if stem == "sweep-deal-check" and len(lines) > 1:
                    colour = palette[line]
                ys = [v[0] for _, v in points]
                err = [[max(0.0, v[0] - v[1]) for _, v in points], [max(0.0, v[2] - v[0]) for _, v in points]]
                label = rest if grid_of or (stem == "sweep-deal-check" and len(lines) > 1) else \
                    " ".join(part for part in (name, rest) if part)
                if stem == "sweep-deal-check" and len(lines) > 1 and name == "exact":
                    label = ""  # the exact line shares its combination's colour; the legend names the marker
                ax.errorbar([x for x, _ in points], ys, yerr=err, capsize=3, marker="x" if name == "exact" else "o",
                            linestyle=":" if name == "exact" else "-", color=colour,
                            label=label if index == 0 and label else None)
        _axis(ax, stem, xs, title)
        if index + cols >= len(panels):  # the lowest panel of its column names the axis
            ax.set_xlabel(next(iter(data["vary"])), fontsize="small")
    for extra in range(len(panels), rows * cols):
        axes[extra // cols][extra % cols].set_visible(False)
    fig.suptitle(PLOTS[stem][0] + (" (axis centred on 0: a net can be negative)" if stem in SIGNED else ""))
    handles, labels = axes[0][0].get_legend_handles_labels()
    if stem == "sweep-deal-check" and len(lines) > 1:
        from matplotlib.lines import Line2D

        handles.append(Line2D([], [], marker="x", linestyle=":", color="#555555"))
        labels.append("exact (dotted, ×)")
    legend_rows = 0
    if labels:
        width = max(len(label) for label in labels)
        ncol = max(1, min(len(labels), int(fig.get_figwidth() * 110 / (7 * width + 50))))
        legend_rows = -(-len(labels) // ncol)
        keys = ", ".join(list(data["vary"])[1:]) if len(lines) > 1 else None
        fig.legend(handles, labels, loc="lower center", ncol=ncol, fontsize="small", frameon=False, title=keys,
                   title_fontsize="small")
    buffer = io.BytesIO()
    fig.tight_layout(rect=(0, (0.3 + 0.22 * (legend_rows + (len(lines) > 1))) / fig.get_figheight(), 1, 1))
    # no version stamp: same bytes each run; "tight": the image grows to hold every label and the legend whole
    fig.savefig(buffer, format="png", metadata={"Software": None}, bbox_inches="tight", pad_inches=0.15)
    plt.close(fig)
    return buffer.getvalue()


def _axis(ax: Any, stem: str, xs: list[str], title: str) -> None:
    ax.grid(axis="y", alpha=0.3)
    ax.set_xticks(range(len(xs)), xs, fontsize="small")
    if title:
        ax.set_title(title, fontsize="small")
    ax.set_ylabel(PLOTS[stem][1], fontsize="small")
    low, high = ax.get_ylim()
    if stem in SIGNED:
        reach = max(abs(low), abs(high))
        ax.set_ylim(-reach, reach)
        ax.axhline(0, color="#000000", linewidth=0.6)
    else:
        ax.set_ylim(0, high * 1.05)


def _settings(data: dict[str, Any]) -> list[tuple[str, str]]:
    vary = "; ".join(f"{k} = {', '.join(point_label({k: v}).split('=', 1)[1] for v in vs)}"
                     for k, vs in data["vary"].items())
    return [("variant", data["variant"]), ("varied", vary), ("hands per point", f"{data['hands']:,}"),
            ("players", str(data["players"])), ("bots", ", ".join(data["bots"])),
            ("seed", f"{data['seed']} " + ("(the same deals at every point: paired)" if data["paired"] else
                                           "(the points deal different cards: unpaired)"))]


def sweep_markdown(data: dict[str, Any], plots: Sequence[str]) -> str:
    headers, body = table_rows(data)
    cell: Callable[[str], str] = lambda text: text.replace("|", "\\|")  # noqa: E731
    out = [f"# Sweep of {cell(data['variant'])}", ""]
    out += [f"- {k}: {cell(v)}" for k, v in _settings(data)] + [""]
    findings = sweep_findings(data)
    if findings:
        out += ["## Findings", ""] + [f"- {cell(line)}" for line in findings] + [""]
    out += [f"- {cell(note)}" for note in data.get("notes", [])] + ([""] if data.get("notes") else [])
    out += ["| " + " | ".join(map(cell, headers)) + " |", "|" + "---|" * len(headers)]
    out += ["| " + " | ".join(map(cell, row)) + " |" for row in body]
    out += ["", "Brackets: 95% intervals. Every point plays the same deals (same seed), so differences between "
            "points come from the rules.", ""]
    headers, body = difference_rows(data)
    if body:
        out += ["## Differences from the first point", "", difference_note(data), ""]
        out += ["| " + " | ".join(map(cell, headers)) + " |", "|" + "---|" * len(headers)]
        out += ["| " + " | ".join(map(cell, row)) + " |" for row in body] + [""]
    out += [f"![{PLOTS[stem][0]}]({stem}.png)" for stem in plots]
    return "\n".join(out) + "\n"


def sweep_html(data: dict[str, Any], plots: dict[str, bytes]) -> str:
    e = html.escape
    headers, body = table_rows(data)
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             f"<title>Sweep of {e(data['variant'])}</title><style>{_STYLE}</style></head><body>",
             f"<h1>Sweep of {e(data['variant'])}</h1>",
             "<ul>" + "".join(f"<li>{e(k)}: {e(v)}</li>" for k, v in _settings(data)) + "</ul>",
             *(["<h2>Findings</h2>", "<ul>" + "".join(f"<li>{e(line)}</li>" for line in sweep_findings(data))
                + "</ul>"] if len(data["points"]) > 1 else []),
             *(f'<p class="note">{e(note)}</p>' for note in data.get("notes", [])),
             '<div class="scroll"><table><thead><tr>' + "".join(f"<th>{e(h)}</th>" for h in headers)
             + "</tr></thead><tbody>"]
    parts += ["<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in body]
    parts.append('</tbody></table></div><p class="note">Brackets: 95% intervals. Every point plays the same '
                 "deals (same seed).</p>")
    headers, body = difference_rows(data)
    if body:
        parts += ["<h2>Differences from the first point</h2>", f'<p class="note">{e(difference_note(data))}</p>',
                  '<div class="scroll"><table><thead><tr>' + "".join(f"<th>{e(h)}</th>" for h in headers)
                  + "</tr></thead><tbody>"]
        parts += ["<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in body]
        parts.append("</tbody></table></div>")
    for stem, png in plots.items():
        encoded = base64.b64encode(png).decode("ascii")
        parts.append(f'<figure><img src="data:image/png;base64,{encoded}" alt="{e(PLOTS[stem][0])}">'
                     f"<figcaption>{e(PLOTS[stem][0])}</figcaption></figure>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


_STYLE = ("body{font-family:system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem}"
          ".scroll{overflow-x:auto}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2rem .5rem;"
          "text-align:right;white-space:nowrap}td:first-child,th:first-child{text-align:left}img{max-width:100%}"
          ".note{color:#555;font-size:.9rem}@media (max-width:600px){table{font-size:.8rem}"
          "td,th{padding:.15rem .3rem}}")


def write_sweep(data: dict[str, Any], out_dir: Path) -> list[Path]:
    """Write sweep.json, sweep.md, sweep.html and one PNG per plot into ``out_dir``; return their paths."""
    from tonk_rules.errors import TableInputError
    from tonk_rules.outputs import write_atomic

    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise TableInputError(f"cannot create {out_dir}: {exc.strerror}") from None
    plots = {stem: plot(data, stem) for stem in PLOTS}
    written = []
    for stem, png in plots.items():
        write_atomic(out_dir / f"{stem}.png", png)  # never over what is not a regular file
        written.append(out_dir / f"{stem}.png")
    files = {"sweep.json": json.dumps(data, indent=2, ensure_ascii=False) + "\n",
             "sweep.md": sweep_markdown(data, list(plots)), "sweep.html": sweep_html(data, plots)}
    for name, text in files.items():
        write_atomic(out_dir / name, text)
        written.append(out_dir / name)
    return written


def sweep_file_names() -> list[str]:
    """The names :func:`write_sweep` writes, known before anything plays (for the ``--out`` check)."""
    return [*(f"{stem}.png" for stem in PLOTS), "sweep.json", "sweep.md", "sweep.html"]
