"""What ``tonk design`` says and writes: the answer in words, the points in a table, and with ``--out`` the
winner as a house file plus design.json, design.md, a self-contained design.html and PNG plots.

Every value comes with its 95% interval; a figure counted exactly (the deal check's rates) leads with its
exact value, with the digits that place it against the bounds named (2.003% against 2%), and the played
rate beside it. A plot's value axis starts at zero, except a figure that can be negative (a position's
edge), whose axis is centred on zero, as its caption says.
"""

from __future__ import annotations

import base64
import html
import io
import json
import os
import re
from pathlib import Path
from typing import Any

from tonk_rules.report.design_words import aim, change
from tonk_rules.sim.design_figures import FIGURES, figure
from tonk_rules.sim.odds import exact_percent
from tonk_rules.sim.stats import percent
from tonk_rules.sim.sweep import house_file_text, point_label
from tonk_rules.variant.loader import is_variant_path

WINNER_FILE = "winner.yaml"
COLOURS = {"best": "#0072B2", "keeps": "#009E73", "unsettled": "#E69F00", "breaks": "#999999",
           "dropped": "#CC79A7"}


def value_text(name: str, cell: dict[str, Any], interval: bool = True, bounds: list[float] | None = None) -> str:
    """A figure's value as printed, with its interval in brackets; a figure counted exactly, its exact value
    first (placed against ``bounds``), then the rate played."""
    played = _played_text(name, cell, interval)
    if "exact" not in cell:
        return played
    exact = exact_percent(cell["exact"], bounds or [])
    return f"{exact} exact (played {played})" if interval else f"{exact} exact"


def bounds_of(data: dict[str, Any], name: str) -> list[float]:
    """The bounds the design names on figure ``name`` (an exact value is printed with the digits to place it
    against each)."""
    return [c["bound"] for c in data["keep"] if c["figure"] == name]


def _played_text(name: str, cell: dict[str, Any], interval: bool) -> str:
    f = figure(name)
    lo, hi = cell["ci95"]
    if f.percent:
        text, ends = percent(cell["value"]), (percent(lo)[:-1], percent(hi)[:-1])
    else:
        digits = 3 if f.name.endswith("_edge") else 2
        sign = "+" if f.name.endswith("_edge") else ""
        text, ends = f"{cell['value']:{sign}.{digits}f}", (f"{lo:{sign}.{digits}f}", f"{hi:{sign}.{digits}f}")
    return f"{text} [{ends[0]}, {ends[1]}]" if interval else text


def difference_text(name: str, d: dict[str, Any]) -> str:
    lo, hi = d["ci95"]
    if figure(name).percent:
        return f"{100 * d['value']:+.2f} pt [{100 * lo:+.2f}, {100 * hi:+.2f}]"
    return f"{d['value']:+.3f} [{lo:+.3f}, {hi:+.3f}]"


def shown_figures(data: dict[str, Any]) -> list[str]:
    """The target's figure, then each constrained one (once each)."""
    return list(dict.fromkeys([data["target"]["figure"], *(c["figure"] for c in data["keep"])]))


def _constraint_words(data: dict[str, Any]) -> str:
    return ", ".join(c["text"] for c in data["keep"]) if data["keep"] else "no constraint"


def headline(data: dict[str, Any]) -> str:
    return f"Design of {data['base']}: {data['target']['text']}, keeping {_constraint_words(data)}"


def settings_text(data: dict[str, Any]) -> str:
    search = data["search"]
    if data.get("each"):
        how = (f"each value alone against {data['base']} as it is, {search['points']} points"
               + (f", every one played {data['hands']:,} hands" if search["method"] == "every point" else
                  f", by successive halving (hands by the end of each round: "
                  f"{', '.join(f'{h:,}' for h in search['rounds'])})"))
    elif search["method"] == "every point":
        how = f"every one of the {search['points']} points played {data['hands']:,} hands"
    else:
        rounds = ", ".join(f"{h:,}" for h in search["rounds"])
        how = (f"{search['points']} points by successive halving: the better half went on after each round "
               f"(hands by the end of each round: {rounds})")
    deals = ("the same deals at every point, so differences are paired deal by deal" if data["paired"]
             else "the points deal different cards, so differences are unpaired")
    return (f"{how}; {data['players']} players ({', '.join(dict.fromkeys(data['bots']))}), seed {data['seed']}, "
            f"{deals}. Brackets: 95% intervals.")


def findings(data: dict[str, Any]) -> list[str]:
    """The answer in sentences: the winner, how sure the ranking is, what binds, what is not settled."""
    points, target = data["points"], data["target"]["figure"]
    names = shown_figures(data)
    if data["winner"] is None:
        best = points[data["finalists"][0]]
        broken = [c for c, s in best["constraints"].items() if s != "met"]
        return [f"No point keeps {_constraint_words(data)}. The closest is {best['label']}: "
                + "; ".join(f"{n} {value_text(n, best['figures'][n], bounds=bounds_of(data, n))}" for n in names)
                + (f" (against {', '.join(broken)})." if broken else ".")]
    win = points[data["winner"]]
    shown = "; ".join(f"{FIGURES[n].label} {value_text(n, win['figures'][n], bounds=bounds_of(data, n))}"
                      for n in names)
    goal = aim(target, data["target"]["goal"], data["target"]["near"])
    if win.get("at_base"):
        unsure = "" if all(v["settled"] for v in data["versus"]) else \
            " on these deals, though not every difference is settled (below)"
        named = f" ({win['label']})" if win["values"] else ""
        out = [f"Your rules as they are come out best{named}: none of the candidates {goal}{unsure}; "
               f"keep your rules. With them: {shown}."]
    else:
        out = [f"Best: {win['label']}, with {shown}."]
    chance = data["chance_best"].get(str(data["winner"]))
    if len(data["chance_best"]) > 1 and chance is not None:
        out.append(f"Chance that it is truly the best of the finalists: {chance:.0%} (from the intervals and "
                   "the paired deals).")
    if data.get("recheck"):
        out.append(recheck_text(data))
    against = "your rules" if win.get("at_base") else "the winner"
    for v in data["versus"][:3]:
        other = points[v["point"]]
        lo, hi = v["difference"]["ci95"]  # winner minus other: turned round, the other against the winner
        said = change(target, -v["difference"]["value"], (-hi, -lo))
        verdict = "settled" if v["settled"] else "not settled: these two may play alike on this figure"
        name = other["label"] if not other.get("at_base") else \
            f"your rules as they are ({other['label']})" if other["values"] else "your rules as they are"
        if name.startswith("your rules"):  # they make, not makes
            said = "make" + said.removeprefix("makes")
        out.append(f"Against {against}, {name} {said}; {verdict}.")
    alike = [p["label"] for p in points if p["same_as"] == data["winner"]]
    if alike:
        out.append(f"{_listed(alike)} play{'s' if len(alike) == 1 else ''} exactly as the winner on every deal: "
                   "the change made no difference in play (it never came into play, or made no other move).")
    unsettled = [c for c, s in win["constraints"].items() if s == "not settled"]
    if unsettled:
        out.append(f"Not settled for the winner: {', '.join(unsettled)} (its interval reaches across the bound; "
                   "play more hands to be sure).")
    for b in data["binding"]:
        better = [points[p] for p in b["points"]]
        example = better[0]
        figure_name = next(c["figure"] for c in data["keep"] if c["text"] == b["constraint"])
        out.append(f"{b['constraint']} binds: {len(better)} point{'s' if len(better) != 1 else ''} better on "
                   f"{target} break{'s' if len(better) == 1 else ''} it (for example {example['label']}: "
                   f"{target} {value_text(target, example['figures'][target], False)}, {figure_name} "
                   f"{value_text(figure_name, example['figures'][figure_name], False, bounds_of(data, figure_name))})"
                   ".")
    if data["keep"] and not data["binding"]:
        out.append(f"No constraint binds: no point better on {target} breaks {_constraint_words(data)}.")
    return out


def recheck_text(data: dict[str, Any]) -> str:
    """Whether the ranking holds when the contenders play again on fresh deals, in one sentence."""
    again, points, target = data["recheck"], data["points"], data["target"]["figure"]
    where = (f"Played again on fresh deals (seed {again['seed']}, {again['hands']:,} hands each, "
             f"{len(again['points'])} contenders)")
    best = points[again["points"][0]]
    label = FIGURES[target].label
    at_best = f"{label} {value_text(target, again['figures'][str(again['points'][0])])}"
    if again["holds"]:
        order = "in the same order" if again["same_order"] else "though the others change places"
        return f"{where}: the ranking holds, {best['label']} comes first again ({at_best}), {order}."
    first = points[again["order"][0]]
    at_first = f"{label} {value_text(target, again['figures'][str(again['order'][0])])}"
    return (f"{where}: the ranking does not hold: {first['label']} comes first there ({at_first}), ahead of "
            f"{best['label']} ({at_best}). The two are too close to tell apart at this many hands; play more "
            "(--hands) before changing your rules.")


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def point_rows(data: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """Every point, the finalists first in rank order: each varied key's value, the shown figures, and its
    standing (one column per key keeps a row narrow: the keys are said once, in the headers)."""
    names = shown_figures(data)
    keys = list(data["vary"])
    headers = [*keys, *(FIGURES[n].label for n in names), "standing"]
    rows = []
    for p in _order(data):
        point = data["points"][p]
        rows.append([*(key_cell(point, k) for k in keys),
                     *(value_text(n, point["figures"][n], bounds=bounds_of(data, n)) for n in names),
                     _standing(data, p)])
    return headers, rows


def point_name(index: int) -> str:
    """The short name of the point at ``index``: A … Z, then AA, AB … (as a spreadsheet names columns).

    >>> [point_name(i) for i in (0, 1, 25, 26, 27)]
    ['A', 'B', 'Z', 'AA', 'AB']
    """
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def point_legend(data: dict[str, Any]) -> list[tuple[str, str]]:
    """Each point's short name and what it is (its values, or the base as it is), in the grid's order."""
    return [(point_name(p), point["label"]) for p, point in enumerate(data["points"])]


def point_table(data: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """Every point, the finalists first in rank order: its short name (:func:`point_legend` says what it is),
    the shown figures and its standing. Short names keep a row narrow enough for 80 columns and a phone."""
    names = shown_figures(data)
    headers = ["point", *(FIGURES[n].label for n in names), "standing"]
    rows = [[point_name(p), *(value_text(n, data["points"][p]["figures"][n], bounds=bounds_of(data, n))
                              for n in names), _standing(data, p, short=True)] for p in _order(data)]
    return headers, rows


def standing_kind(data: dict[str, Any], p: int) -> str:
    """How the point stands against the bounds, as its plot marks it and its standing says it: ``best``,
    ``dropped`` (left behind by the halving), ``breaks`` (a bound broken for sure), ``unsettled`` (a bound
    not settled either way), ``keeps``."""
    if p == data["winner"]:
        return "best"
    if data["points"][p]["dropped_after"] is not None:
        return "dropped"
    statuses = data["points"][p]["constraints"].values()
    if "broken" in statuses:
        return "breaks"
    if "not settled" in statuses or not data["points"][p]["keeps_all"]:
        return "unsettled"
    return "keeps"


#: The legend's words of each kind of :func:`standing_kind`.
KIND_WORDS = {"best": "best", "keeps": "keeps every bound", "unsettled": "a bound not settled",
              "breaks": "breaks a bound", "dropped": "dropped early"}


def key_cell(point: dict[str, Any], key: str) -> str:
    """A point's value of a varied key, or "as is" where it leaves the key at the base's value (``--each``)."""
    if key not in point["values"]:
        return "as is"
    return point_label({key: point["values"][key]}).split("=", 1)[1]


def _order(data: dict[str, Any]) -> list[int]:
    """The finalists in rank order, then the points dropped along the way, the latest dropped first."""
    rest = (p for p in range(len(data["points"])) if p not in data["finalists"])
    return [*data["finalists"], *sorted(rest, key=lambda p: -(data["points"][p]["dropped_after"] or 0))]


def _standing(data: dict[str, Any], p: int, short: bool = False) -> str:
    """A point's standing in words (``short``: another point named by its short name)."""
    point = data["points"][p]
    if p == data["winner"]:
        return "best (your rules)" if point.get("at_base") else "best"
    if point["same_as"] is not None:
        same = data["points"][point["same_as"]]
        if short:
            return f"plays as {point_name(point['same_as'])}"
        return "plays as " + (", ".join(point_label({k: v}).split("=", 1)[1] for k, v in same["values"].items())
                              or "your rules")
    if point["dropped_after"] is not None:
        return f"dropped after {point['dropped_after']:,} hands"
    broken = [c for c, s in point["constraints"].items() if s == "broken"]
    if broken:
        return "breaks " + ", ".join(broken)
    if not point["keeps_all"]:
        return "likely breaks " + ", ".join(c for c, s in point["constraints"].items() if s != "met") \
            + " (not settled)"
    chance = data["chance_best"].get(str(p))
    yours = " (your rules)" if point.get("at_base") else ""
    unsettled = [c for c, s in point["constraints"].items() if s == "not settled"]
    pending = f"; not settled: {', '.join(unsettled)}" if unsettled else ""
    return (f"{chance:.0%} chance best" if chance is not None else "kept") + yours + pending


def winner_changes(data: dict[str, Any]) -> dict[str, Any] | None:
    """What the winner changes from the base, or None where there is no winner or it changes nothing (the
    base's own rules: a winner file would restate inherited values, and ``tonk diff`` would find none)."""
    if data["winner"] is None:
        return None
    win = data["points"][data["winner"]]
    changes = win.get("changes", win["values"])
    return None if win.get("at_base") or not changes else dict(changes)


def no_winner_file(data: dict[str, Any]) -> str | None:
    """Why no winner file is written, where a design has a winner but it changes nothing; else None."""
    if data["winner"] is None or winner_changes(data) is not None:
        return None
    return (f"No {WINNER_FILE} written: the best point is {data['base']} as it is, so there is nothing to "
            "change (it would restate inherited values).")


def winner_file_text(data: dict[str, Any], folder: Path) -> str | None:
    """The winning point as a house file kept in ``folder`` (``extends`` relative to it) that writes only what
    it changes from the base, or None where it changes nothing."""
    changes = winner_changes(data)
    if changes is None:
        return None
    base = data["base"]
    extends = Path(os.path.relpath(Path(base).resolve(), folder.resolve())).as_posix() \
        if is_variant_path(base) else base
    values = changes
    head = [f"# Found by `tonk design`: {data['target']['text']}, keeping {_constraint_words(data)}",
            f"# ({data['hands']:,} hands, {data['players']} players, seed {data['seed']}; see design.md beside it).",
            f"# Check with `tonk check {WINNER_FILE}`; see the change with `tonk diff {WINNER_FILE} {extends}`."]
    body = house_file_text(extends, values, as_written=True)
    title = f"{Path(base).stem if is_variant_path(base) else base}, designed: {point_label(changes)}"
    first, rest = body.split("\n", 1)
    return "\n".join([*head, first, f"title: {json.dumps(title, ensure_ascii=False)}", rest.rstrip("\n")]) + "\n"


def plot(data: dict[str, Any], name: str) -> bytes:
    """One figure at every point (finalists first), each with its interval; a constraint's bound drawn."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D

    order = _order(data)
    f = FIGURES[name]
    scale = 100 if f.percent else 1
    keys = list(data["vary"])
    fig, ax = plt.subplots(figsize=(8.0, 1.9 + 0.3 * len(order)), dpi=110)
    kinds = {p: standing_kind(data, p) for p in order}
    for y, p in enumerate(order):
        shown = data["points"][p]["figures"][name]
        lo, hi = shown["ci95"]
        ax.errorbar([scale * shown["value"]], [y],
                    xerr=[[scale * (shown["value"] - lo)], [scale * (hi - shown["value"])]],
                    fmt="o", capsize=3, color=COLOURS[kinds[p]])
        if "exact" in shown:  # the exact value, which the bounds and the ranking read
            ax.plot([scale * shown["exact"]], [y], marker="x", color="#000000", markersize=8, linestyle="")
    # the legend says each point's standing in the words of the table's (only the kinds shown)
    handles = [Line2D([], [], marker="o", linestyle="", color=COLOURS[k], label=label)
               for k, label in KIND_WORDS.items() if k in kinds.values()]
    if any("exact" in data["points"][p]["figures"][name] for p in order):
        handles.append(Line2D([], [], marker="x", linestyle="", color="#000000", label="exact"))
    for c in data["keep"]:
        if c["figure"] == name:
            handles.append(ax.axvline(scale * c["bound"], color="#D55E00", linestyle="--", label=c["text"]))
    # each point by its short name, as the table and its legend name it, with its values
    ax.set_yticks(range(len(order)), [f"{point_name(p)}: " + ", ".join(key_cell(data["points"][p], k) for k in keys)
                                      for p in order], fontsize="small")
    ax.set_ylabel(", ".join(keys), fontsize="small")
    ax.invert_yaxis()
    left, right = ax.get_xlim()
    if name.endswith("_edge"):  # an edge is signed: centre the axis on zero instead of starting it there
        reach = 1.05 * max(abs(left), abs(right))
        ax.set_xlim(-reach, reach)
        ax.axvline(0, color="#000000", linewidth=0.6)
    else:
        ax.set_xlim(0, 1.05 * right)
    ax.set_xlabel(f"{f.label}{' (%)' if f.percent else ''}")
    ax.set_title(f"{f.label} at every point (95% intervals)")
    ax.grid(axis="x", alpha=0.3)
    ax.legend(handles=handles, fontsize="small", loc="upper center", bbox_to_anchor=(0.5, -0.18 - 0.5 / len(order)),
              ncol=len(handles) if len(handles) <= 5 else 3, frameon=False)
    buffer = io.BytesIO()
    fig.tight_layout()
    # "tight": the saved image grows to hold the legend and every label (none is cut at its edge)
    fig.savefig(buffer, format="png", metadata={"Software": None}, bbox_inches="tight", pad_inches=0.15)
    plt.close(fig)
    return buffer.getvalue()


def _plot_caption(data: dict[str, Any], name: str) -> str:
    axis = "the axis is centred on zero (the figure is signed)" if name.endswith("_edge") else "the axis starts at 0"
    counted = any("exact" in p["figures"][name] for p in data["points"])
    exact = "; × marks the exact value, which the bounds read" if counted else ""
    return (f"{FIGURES[name].label} at every point (named as in the list above), with its 95% interval{exact}; "
            f"{axis}.")


def _definitions(data: dict[str, Any]) -> list[tuple[str, str]]:
    return [(n, data["definitions"][n]) for n in shown_figures(data)]


def _breakable(text: str) -> str:
    """Escaped, with line-break chances after a key's dots and before its value (a long key on a phone)."""
    return re.sub(r"(?<=[A-Za-z_])\.(?=[A-Za-z_])", ".<wbr>", html.escape(text)).replace("=", "=<wbr>")


def _unbroken(text: str) -> str:
    """Escaped, each 95% interval kept on one line (its two ends joined by a no-break space)."""
    return re.sub(r"\[([^\]]*), ", "[\\1,\u00a0", html.escape(text))


def cell(text: str) -> str:
    """Text in a Markdown table cell (a ``|`` would end the cell)."""
    return text.replace("|", "\\|")


def design_markdown(data: dict[str, Any], plots: list[str], winner: bool) -> str:
    out = [f"# {cell(headline(data))}", "", settings_text(data), ""]
    out += [f"- {cell(line)}" for line in findings(data)] + [""]
    if no_winner_file(data):
        out += [cell(no_winner_file(data) or ""), ""]
    if winner:
        out += [f"The winner as a house file: [{WINNER_FILE}]({WINNER_FILE}).", ""]
    headers, rows = point_table(data)
    out += ["## Every point", "", *(f"- {name}: {cell(label)}" for name, label in point_legend(data)), ""]
    out += ["| " + " | ".join(map(cell, headers)) + " |", "|" + "---|" * len(headers)]
    out += ["| " + " | ".join(map(cell, row)) + " |" for row in rows] + [""]
    out += ["## What the figures mean", ""] + [f"- **{n}**: {d}" for n, d in _definitions(data)] + [""]
    out += [f"![{_plot_caption(data, n)}](design-{n}.png)" for n in plots]
    out += [f"- {cell(note)}" for note in data["notes"]]
    return "\n".join(out) + "\n"


def design_html(data: dict[str, Any], plots: dict[str, bytes], winner: bool) -> str:
    e = html.escape
    headers, rows = point_table(data)
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             f"<title>{e(headline(data))}</title><style>{_STYLE}</style></head><body>",
             f"<h1>{e(headline(data))}</h1>", f'<p class="note">{e(settings_text(data))}</p>',
             "<ul>" + "".join(f"<li>{e(line)}</li>" for line in findings(data)) + "</ul>"]
    if no_winner_file(data):
        parts.append(f"<p>{e(no_winner_file(data) or '')}</p>")
    if winner:
        parts.append(f'<p>The winner as a house file: <a href="{WINNER_FILE}">{WINNER_FILE}</a>.</p>')
    parts += ["<h2>Every point</h2>", '<ul class="points">' + "".join(
        f"<li><b>{e(name)}</b>: {_breakable(label)}</li>" for name, label in point_legend(data)) + "</ul>",
              '<div class="scroll"><table><thead><tr>'
              + "".join(f"<th>{e(h)}</th>" for h in headers) + "</tr></thead><tbody>"]
    parts += ["<tr>" + "".join(f"<td>{_unbroken(c)}</td>" for c in row) + "</tr>" for row in rows]
    parts += ["</tbody></table></div>", "<h2>What the figures mean</h2>",
              "<dl>" + "".join(f"<dt>{e(n)}</dt><dd>{e(d)}</dd>" for n, d in _definitions(data)) + "</dl>"]
    for name, png in plots.items():
        caption = e(_plot_caption(data, name))
        parts.append(f'<figure><img src="data:image/png;base64,{base64.b64encode(png).decode("ascii")}" '
                     f'alt="{caption}"><figcaption>{caption}</figcaption></figure>')
    parts += [f'<p class="note">{e(note)}</p>' for note in data["notes"]]
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


_STYLE = ("body{font-family:system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem;line-height:1.4}"
          ".scroll{overflow-x:auto}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2rem .5rem;"
          "text-align:left;vertical-align:top}img{max-width:100%}.note{color:#555;font-size:.9rem}"
          # a point's name (taken_discard.rule=not_discarded_this_turn) is one long word: it breaks rather than widen
          # the page on a phone
          "dt{font-weight:600}h1,p,li,dd{overflow-wrap:anywhere}"
          "@media (max-width:600px){table{font-size:.8rem}td,th{padding:.15rem .3rem}h1{font-size:1.4rem}}")


def design_file_names(data_figures: list[str] | None = None) -> list[str]:
    """The names :func:`write_design` may write (for the ``--out`` check before anything plays)."""
    plots = [f"design-{n}.png" for n in (data_figures or list(FIGURES))]
    return [*plots, "design.json", "design.md", "design.html", WINNER_FILE]


def write_design(data: dict[str, Any], out_dir: Path) -> list[Path]:
    """Write the winner's house file (when there is one), the report files and the plots into ``out_dir``."""
    from tonk_rules.errors import TableInputError
    from tonk_rules.outputs import write_atomic

    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise TableInputError(f"cannot create {out_dir}: {exc.strerror}") from None
    plots = {n: plot(data, n) for n in shown_figures(data)}
    written = []
    winner = winner_file_text(data, out_dir)
    files: dict[str, str | bytes] = {f"design-{n}.png": png for n, png in plots.items()}
    if winner is not None:
        files[WINNER_FILE] = winner
    files |= {"design.json": json.dumps(data, indent=2, ensure_ascii=False) + "\n",
              "design.md": design_markdown(data, list(plots), winner is not None),
              "design.html": design_html(data, plots, winner is not None)}
    for name, content in files.items():
        write_atomic(out_dir / name, content)
        written.append(out_dir / name)
    return written
