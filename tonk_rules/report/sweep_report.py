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

from tonk_rules.sim.stats import percent
from tonk_rules.sim.sweep import point_label

COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
_STYLES = ("-", "--", ":", "-.")
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
    body = []
    for point in data["points"]:
        f = point["figures"]
        exact = f["deal_check"]["exact"]
        body.append([*(point_label({k: point["values"][k]}).split("=", 1)[1] for k in keys),
                     *(_rate(f["endings"][e]) for e in endings),
                     f"{_rate(f['deal_check'])} / {'—' if exact is None else percent(exact)}",
                     _mean(f["mean_turns"], 2), *(_mean(p["mean_net"], 3) for p in f["positions"])])
    return headers, body


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
        rest = point_label({k: point["values"][k] for k in keys[1:]})
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


def plot(data: dict[str, Any], stem: str) -> bytes:
    """One figure against the parameter, as PNG bytes (matplotlib's Agg backend: no display needed)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    xs, lines = _lines(data)
    fig, ax = plt.subplots(figsize=(9.0, 4.4), dpi=110)
    ax.grid(axis="y", alpha=0.3)
    series = [(name, values) for name, values in _series(data, stem)
              if any(v is not None and v[2] > 0 for v in values)]  # an ending no point reaches is left out
    for colour, (name, values) in enumerate(series):
        for style, (rest, indices) in enumerate(lines):  # colour: the figure; line style: the other keys
            points = [(x, v) for x, i in enumerate(indices) if (v := values[i]) is not None]
            if not points:
                continue
            ys = [v[0] for _, v in points]
            err = [[max(0.0, v[0] - v[1]) for _, v in points], [max(0.0, v[2] - v[0]) for _, v in points]]
            ax.errorbar([x for x, _ in points], ys, yerr=err, capsize=3, marker="x" if name == "exact" else "o",
                        linestyle=_STYLES[style % len(_STYLES)], color=COLOURS[colour % len(COLOURS)],
                        label=" ".join(part for part in (name, rest) if part))
    ax.set_xticks(range(len(xs)), xs)
    ax.set_xlabel(next(iter(data["vary"])))
    ax.set_ylabel(PLOTS[stem][1])
    ax.set_title(PLOTS[stem][0])
    ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
    buffer = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buffer, format="png", metadata={"Software": None})  # no version stamp: same bytes each run
    plt.close(fig)
    return buffer.getvalue()


def _settings(data: dict[str, Any]) -> list[tuple[str, str]]:
    vary = "; ".join(f"{k} = {', '.join(point_label({k: v}).split('=', 1)[1] for v in vs)}"
                     for k, vs in data["vary"].items())
    return [("variant", data["variant"]), ("varied", vary), ("hands per point", f"{data['hands']:,}"),
            ("players", str(data["players"])), ("bots", ", ".join(data["bots"])),
            ("seed", f"{data['seed']} (the same deals at every point: paired)")]


def sweep_markdown(data: dict[str, Any], plots: Sequence[str]) -> str:
    headers, body = table_rows(data)
    cell: Callable[[str], str] = lambda text: text.replace("|", "\\|")  # noqa: E731
    out = [f"# Sweep of {cell(data['variant'])}", ""]
    out += [f"- {k}: {cell(v)}" for k, v in _settings(data)] + [""]
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
          "text-align:right;white-space:nowrap}img{max-width:100%}.note{color:#555;font-size:.9rem}")


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
