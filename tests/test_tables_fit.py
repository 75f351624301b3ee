"""Every table ``tonk compare``, ``tonk design`` and ``tonk sweep`` print at 80 columns keeps each value whole:
a value may go on to a second line between its parts (the figure, then its interval), never inside a word
(``not_discar/ded_this_t/urn``) or inside an interval; and every mark a note promises (✱, †, ``2≠3``) is
printed where the tests found it.

Each value is taken from the files the same command wrote (report.md, design.json, sweep.json) and looked for,
part by part, within one cell's line of the terminal's table.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from tablekit import tonk

_INTERVAL = re.compile(r"\[[^\]]*\]")
_BORDER = re.compile(r"[│┃]")


def _parts(value: str) -> list[str]:
    """A value's parts that must each stay on one line: its intervals whole, and every word."""
    return _INTERVAL.findall(value) + _INTERVAL.sub(" ", value).split()


def _cell_lines(stdout: str) -> list[str]:
    """Each table cell's text on each line of the tables (between the borders)."""
    return [part.strip() for line in stdout.splitlines() if _BORDER.search(line) for part in _BORDER.split(line)]


def _assert_whole(stdout: str, values: list[str]) -> None:
    assert max(len(line) for line in stdout.splitlines()) <= 80
    cells = _cell_lines(stdout)
    assert cells, "no table printed"
    left_out = "left out to fit the terminal" in stdout  # the intervals in --json and the files only
    for value in values:
        for part in _parts(value):
            if left_out and part.startswith("["):
                continue
            assert any(part in cell for cell in cells), f"{part!r} of {value!r} is split in the table:\n{stdout}"


def _assert_plots_whole(folder: Path) -> None:
    """Every plot the command wrote has a margin of background on each side: no label, tick or legend is cut
    at the image's edge (matplotlib draws a legend outside the axes past the figure unless told otherwise)."""
    from PIL import Image

    plots = sorted(folder.glob("*.png"))
    assert plots
    for path in plots:
        with Image.open(path) as image:
            pixels = image.convert("L")
            w, h = pixels.size
            edges = [pixels.crop(box) for box in ((0, 0, w, 2), (0, h - 2, w, h), (0, 0, 2, h), (w - 2, 0, w, h))]
            assert all(edge.getextrema()[0] >= 250 for edge in edges), f"{path.name}: something is cut at its edge"


def _md_tables(markdown: str, section: str) -> list[list[list[str]]]:
    """The Markdown tables under ``## section``: each a list of rows of cells (the header row left out)."""
    text = markdown.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    tables, rows = [], []
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            rows.append([c.replace("\\|", "|").strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]])
        elif rows:
            tables.append([r for r in rows[1:] if not set("".join(r)) <= set("-")])
            rows = []
    return tables


@pytest.fixture(autouse=True)
def _eighty_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")


@pytest.mark.parametrize("names", [("pagat", "pagat-no-upcard"), ("pagat", "pagat-no-upcard", "pagat-spread-bonus")])
def test_compare_keeps_every_value_whole_and_prints_every_promised_mark(tmp_path: Path,
                                                                        names: tuple[str, ...]) -> None:
    proc = tonk("compare", *names, "-n", "3000", "--depth-hands", "40", "--probe-hands", "0", "-w", "1",
                "--out", "r", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    markdown = (tmp_path / "r" / "report.md").read_text(encoding="utf-8")
    tables = _md_tables(markdown, "In play")
    # (the other pairs' column names them by number in the terminal, by name in the report: checked below)
    values = [cell for table in tables for row in table for cell in row[1:] if cell and "≠" not in cell]
    assert len(values) > 40
    tables_text = proc.stdout.split("in play; brackets")[1].split("Differences (the later variant")[0]
    _assert_whole(tables_text, values)
    # the marks the note promises: ✱ on each significant difference from the first, † on each unpaired one,
    # and with three variants the other pairs that differ, by number (2≠3)
    data = json.loads((tmp_path / "r" / "comparison.json").read_text(encoding="utf-8"))
    note = proc.stdout.split("Differences (the later variant")[1]
    first = [t for t in data["tests"] if t["a"] == names[0]]
    assert "marked ✱" in note and "marked †" in note
    assert ("✱" in tables_text) == any(t["significant"] for t in first)
    assert any(t["significant"] for t in first)  # the comparison has one: the mark is seen, not only promised
    assert ("†" in tables_text) == any(not t["paired"] for t in first)
    later = [t for t in data["tests"] if names[0] not in (t["a"], t["b"]) and t["significant"]]
    if len(names) > 2:
        assert "(other pairs) names each pair" in " ".join(note.split()) and bool(later)
        assert "2≠3" in tables_text
    else:
        assert "≠" not in tables_text and "other pairs" not in note
    # the report's page prints the same marks as text (not as a style a reader cannot copy)
    page = (tmp_path / "r" / "report.html").read_text(encoding="utf-8")
    assert "content:" not in page and page.count("✱") >= 1 + tables_text.count("✱")
    _assert_plots_whole(tmp_path / "r")
    # the exact rates beside the sampled ones, as tonk odds counts them (pagat, 3 players: 1.341% one tonk)
    assert "1.341%" in tables_text and "ends: deal tonk sim/exact" in tables_text
    assert "deal_tonk" not in tables_text and "knock_caught" not in tables_text  # words, not the codes


def test_design_names_points_short_and_keeps_every_value_whole(tmp_path: Path) -> None:
    proc = tonk("design", "russian", "--vary", "deal_check.at_most=11,13,15", "--vary",
                "taken_discard.rule=free,not_discarded_this_turn", "--target", "turns=min", "--keep",
                "deal_tonk<=2%", "-n", "300", "-w", "1", "--out", "d", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    from tonk_rules.report.design_report import point_legend, point_name, point_table

    data = json.loads((tmp_path / "d" / "design.json").read_text(encoding="utf-8"))
    headers, rows = point_table(data)
    assert headers[0] == "point" and sorted(row[0] for row in rows) == list("ABCDEF")
    table = proc.stdout.split("the points are:")[1]
    _assert_whole(table, [cell for row in rows for cell in row])
    for name, label in point_legend(data):  # the legend says what each short name is, on one line
        assert f"{name}: {label}" in table
    assert "not_discarded_this_turn" in table and "not_discar\n" not in table
    _assert_plots_whole(tmp_path / "d")
    # each plot marks a point as its standing says (never "within the bounds" where the table says otherwise)
    from tonk_rules.report.design_report import KIND_WORDS, standing_kind

    for p in range(len(data["points"])):
        kind, said = standing_kind(data, p), next(row[-1] for row in rows if row[0] == point_name(p))
        assert kind in KIND_WORDS
        assert (kind == "best") == said.startswith("best")
        assert said.startswith("breaks") <= (kind == "breaks")
        if kind == "unsettled":
            assert "not settled" in said or said.startswith("plays as")


def test_sweep_keeps_every_value_whole(tmp_path: Path) -> None:
    proc = tonk("sweep", "russian", "--vary", "deal_check.at_most=13,15", "--vary", "deal.upcard=true,false",
                "-n", "300", "-w", "1", "--out", "s", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    from tonk_rules.report.sweep_report import difference_rows, table_rows

    data = json.loads((tmp_path / "s" / "sweep.json").read_text(encoding="utf-8"))
    headers, body = table_rows(data)
    keys = len(data["vary"])
    values = [cell for row in body for cell in row[keys:]]
    values += [cell for row in difference_rows(data)[1] for cell in row[1:]]
    _assert_whole(proc.stdout.split("Figures; brackets")[1], values)
    _assert_plots_whole(tmp_path / "s")


def test_the_check_sees_a_value_folded_inside_a_word() -> None:
    import io

    from rich.console import Console
    from rich.table import Table

    table = Table()
    table.add_column("taken_discard.rule", overflow="fold")
    table.add_row("not_discarded_this_turn")
    out = io.StringIO()
    Console(file=out, width=16).print(table)  # too narrow: rich folds the word
    with pytest.raises(AssertionError, match="is split"):
        _assert_whole(out.getvalue(), ["not_discarded_this_turn"])
    wide = io.StringIO()
    Console(file=wide, width=40).print(table)
    _assert_whole(wide.getvalue(), ["not_discarded_this_turn"])
