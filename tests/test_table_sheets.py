"""Rules sheets: every rule dimension's value is on the sheet, in both languages, for every built-in."""

from __future__ import annotations

import dataclasses
import re
import shutil
import subprocess
import typing
from enum import Enum
from pathlib import Path
from typing import Any

import pytest
from tablekit import run, tonk

from tonk_rules.sheets.rules_sheet import build_sheet, rank_word
from tonk_rules.sheets.sheet_render import render_html, render_markdown
from tonk_rules.sheets.variant_view import VariantView, load_view
from tonk_rules.variant.loader import builtin_names
from tonk_rules.variant.model import Variant
from tonk_rules.words import WORDS

BUILTINS = builtin_names()
LANGS = ("en", "ru")
# Values the sheet has no sentence for because another rule makes them meaningless (none is a choice a
# table would notice): the caller decides which apply.
_ENUM_OR_FLAG = (bool, str)


def _dead(values: dict[str, Any], path: str) -> bool:
    if path.startswith("deal_check.") and path != "deal_check.enabled":
        return not values["deal_check.enabled"]
    if path == "payments.deal_tonk":
        return not values["deal_check.enabled"]
    if path in ("stock_exhaustion.ties", "payments.stock_exhausted"):
        return values["stock_exhaustion.when_empty"] != "end_lowest_wins"
    if path == "spreading.may_hold_books":
        return not values["spreading.must_spread"]
    if path == "scoring.target":
        return values["scoring.mode"] != "points"
    if path in ("melds.wild_most", "melds.wild_hits"):  # the rules of wild cards, where there are none
        return not values.get("melds.wild")
    return False


def _text(view: VariantView, lang: str) -> str:
    return render_markdown(build_sheet(view, lang))


def _expected(path: str, value: Any, lang: str, values: dict[str, Any]) -> list[str]:
    words = WORDS[lang]
    if path == "deck.jokers":  # the deck's sentence says "no jokers", or the jokers' own sentence their number
        return [words["deck.jokers.some"].split("{")[0]] if value else [words["deck.full"].split(":")[0]]
    if path == "melds.wild":  # the wild cards named, with the most a spread holds
        jk = "Дж" if lang == "ru" else "Jk"
        return [", ".join(jk if c == "Joker" else rank_word(c, lang) for c in value)] if value else []
    if path == "melds.wild_most":
        return [f" {value} "] if values["melds.wild"] else []
    if path == "melds.wild_hits":
        return [words["wild_hits.yes" if value else "wild_hits.no"]] if values["melds.wild"] else []
    if path == "deck.values":  # each house value beside its rank, or the standard values' sentence
        return [f"{rank_word(r, lang)}={n}" for r, n in value.items()] or [words["values"].split("{")[0]]
    if not isinstance(value, list) and (path, value) in words:
        return [words[(path, value)].split("{")[0]]
    if path == "deal_check.enabled":
        return [words["deal_check.rule"].split("{")[0]]
    if value is None:
        return []  # "no such limit": checked by the mutation test below
    if isinstance(value, int) and not isinstance(value, bool):
        return [str(value)] if value else [words[f"{path}.none"]]
    if path == "deck.ranks":
        return [rank_word(r, lang) for r in value]
    if path == "spreading.may_hold_books":
        return [words["spreading.held_book"].format(size=b["size"], rank=rank_word(b["rank"], lang)) for b in value]
    if path == "melds.book_sizes":
        return [words["or"].join(str(n) for n in sorted(value))]
    if path == "drawing.sources":
        return [words["drawing.both" if len(value) == 2 else f"drawing.{value[0]}"]]
    if path.startswith("payments."):
        ending = path.split(".")[1]
        out = [words[f"ending.{ending}"]]
        for rule in value:
            n = rule["stakes"]
            out.append(words["amount.1"] if n == 1 else words["amount.2"] if n == 2
                       else words["amount.n"].format(n=n))
            if values["stakes.mode"] == "per_player":
                out.append(words[("whose", rule["stake_of"])])
        return out
    raise AssertionError(f"no expectation for {path}={value!r}: the sheet needs words for it")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", BUILTINS)
def test_every_dimension_value_is_on_the_sheet(name: str, lang: str) -> None:
    view = load_view(name)
    sheet = build_sheet(view, lang)
    for path, value in view.values.items():
        if _dead(view.values, path):
            continue
        # the value must be said in the field's own sentences, not anywhere on the sheet
        own = " ".join(f"{line.label} {line.text}" for block in sheet.blocks for line in block.lines
                       if path in line.paths)
        for fragment in _expected(path, value, lang, view.values):
            assert fragment in own, f"{name}/{lang}: {path}={value!r}: {fragment!r} not in its sentence"


def _alternatives(path: str, value: Any) -> list[Any]:
    """Every other value the model allows at ``path`` (a flag, a Literal or a StrEnum)."""
    if isinstance(value, bool):
        return [not value]
    section, key = path.split(".")
    annotation = Variant.model_fields[section].annotation.model_fields[key].annotation  # type: ignore[union-attr]
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        options = [m.value for m in annotation]
    else:
        options = [a for a in typing.get_args(annotation) if isinstance(a, str)]
    return [o for o in options if o != value]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", ["russian", "pagat", "classic-pc"])
def test_changing_any_rule_value_changes_the_sheet(name: str, lang: str) -> None:
    """A mutation check: no rule value is silently left off (each alternative value reads differently)."""
    view = load_view(name)
    before = _text(view, lang)
    checked = 0
    for path, value in view.values.items():
        if path.startswith("payments.") or not isinstance(value, _ENUM_OR_FLAG):
            continue
        for other in _alternatives(path, value):
            values = {**view.values, path: other}
            if _dead(values, path):
                continue
            changed = dataclasses.replace(view, values=values)
            assert _text(changed, lang) != before, f"{name}/{lang}: {path} {value!r} -> {other!r} reads the same"
            checked += 1
    for path, new in [("knocking.max_count", 7), ("knocking.min_turns", 2), ("melds.run_min", 4),
                      ("deal.hand_size", 7), ("players.max", 5), ("melds.book_sizes", [4])]:
        changed = dataclasses.replace(view, values={**view.values, path: new})
        assert _text(changed, lang) != before, f"{path} -> {new!r} reads the same"
    rule = {"payer": "others", "receiver": "winners", "stakes": 3, "stake_of": "payer"}
    changed = dataclasses.replace(view, values={**view.values, "payments.knock_won": [rule]})
    assert _text(changed, lang) != before
    assert checked > 15


def test_russian_sheet_uses_the_russian_card_letters() -> None:
    text = _text(load_view("russian"), "ru")
    for letters in ("Т, 2, 3", "В, Д, К", "п – пики", "т – трефы", "б – бубны", "ч – черви", "куча", "колода"):
        assert letters in text
    assert "knock" not in text


def test_a_child_file_marks_what_differs_from_its_parent(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("extends: russian\ntitle: Our table\ndescription: x\ndeal_check: {at_most: 13}\n"
                     "hitting: {books: anyone}\n", encoding="utf-8")
    sheet = build_sheet(load_view(str(house)), "ru")
    marked = [line.text for block in sheet.blocks for line in block.lines if line.differs]
    assert len(marked) == 2
    assert "13 или меньше" in marked[0] and "четвёртую карту" in marked[1]
    md = render_markdown(sheet)
    assert "Основано на «russian»" in md and "- ★ Тонк – это" in md
    assert "- **Открывшийся пойман:** Открывшийся платит" in md
    html = render_html(sheet)
    assert html.count('class="differs"') == 2


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_sheet_is_headed_by_the_variants_title_not_its_file_name(tmp_path: Path, lang: str) -> None:
    house = tmp_path / "house-v2.yaml"
    house.write_text("extends: russian\ntitle: Black Company, table 2\ndeal_check: {at_most: 13}\n", encoding="utf-8")
    pagat = "Pagat / common US rules" if lang == "en" else "Правила Пагата (распространённые американские правила)"
    for ref, title in ((str(house), "Black Company, table 2"), ("pagat", pagat)):
        sheet = build_sheet(load_view(ref), lang)
        assert sheet.title.endswith(f": {title}")
        assert render_markdown(sheet).splitlines()[0] == f"# {sheet.title}"
        assert f"<h1>{sheet.title}</h1>" in render_html(sheet)
        assert "house-v2" not in sheet.title


def test_a_root_file_marks_nothing() -> None:
    sheet = build_sheet(load_view("pagat"), "en")
    assert not any(line.differs for block in sheet.blocks for line in block.lines)
    assert "★" not in render_markdown(sheet)


def test_rules_command_writes_html_and_refuses_unknown_variants(tmp_path: Path) -> None:
    out = tmp_path / "sheet.html"
    result = tonk("rules", "russian-2001", "--lang", "ru", "--format", "html", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert "Тонк на раздаче" in out.read_text(encoding="utf-8")
    bad = tonk("rules", "russain")
    assert bad.returncode == 1 and "did you mean 'russian'" in bad.stderr
    assert tonk("rules", "russian", "--lang", "fr").returncode == 2


@pytest.mark.skipif(not (shutil.which("chromium") and shutil.which("pdfinfo")),
                    reason="needs Debian's chromium and poppler-utils (apt-get install chromium poppler-utils)")
@pytest.mark.parametrize(("name", "lang"), [("russian-2001", "ru"), ("russian", "ru"), ("pagat-must-spread", "en"),
                                           ("russian-2001", "en")])
def test_a_built_in_sheet_prints_on_one_a4_page(tmp_path: Path, name: str, lang: str) -> None:
    html, pdf = tmp_path / "sheet.html", tmp_path / "sheet.pdf"
    assert tonk("rules", name, "--lang", lang, "--format", "html", "--out", str(html)).returncode == 0
    subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                    f"--print-to-pdf={pdf}", str(html)], capture_output=True, timeout=900, check=False)
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))  # type: ignore[union-attr]
    assert pages == 1  # the Russian sheet no longer leaves three bullets on a second page
    assert "(A4)" in info


@pytest.mark.parametrize("name", ["russian", "russian-2001", "pagat", "pagat-must-spread", "classic-pc"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_sheet_is_set_in_the_largest_size_its_page_holds(name: str, lang: str) -> None:
    from tonk_rules.sheets.sheet_render import FULL_PT, PAGE_WEIGHT, SMALLEST_PT, sheet_weight, text_size

    sheet = build_sheet(load_view(name), lang)
    size = text_size(sheet)
    assert SMALLEST_PT <= size <= FULL_PT
    assert sheet_weight(sheet) * (size / FULL_PT) ** 2 <= PAGE_WEIGHT  # it fits, by the measured page
    assert size == FULL_PT or sheet_weight(sheet) * ((size + 0.25) / FULL_PT) ** 2 > PAGE_WEIGHT  # none larger
    assert f'<body style="font-size: {size:g}pt">' in render_html(sheet)
    if lang == "ru":  # Cyrillic is set smaller than the same sheet in English, never larger
        assert size <= text_size(build_sheet(load_view(name), "en"))


@pytest.mark.parametrize("command", [["rules", "russian", "--out"], ["session", "export", "{ledger}", "--out"],
                                     ["play", "russian", "--players", "A,bot:random", "--seed", "1", "--record"]])
def test_an_output_that_is_a_folder_is_refused_in_the_project_s_words(tmp_path: Path, command: list[str]) -> None:
    """Every file option of the table tools says what `--out` says everywhere: "… is a folder …"."""
    ledger = tmp_path / "t.sqlite"
    assert run("session", "create", str(ledger), "--variant", "russian", "--players", "A,B",
               "--currency", "c").returncode == 0
    (tmp_path / "d").mkdir()
    proc = run(*[c.replace("{ledger}", str(ledger)) for c in command], str(tmp_path / "d"))
    assert proc.returncode == 2 and "is a folder, not a file" in proc.stderr, proc.stderr
    assert "is a directory" not in proc.stderr and "Usage:" not in proc.stderr
