"""House files say only what they change: an inherited value that the file's own change leaves without effect
is dropped (with one note from `tonk show` / `tonk check`); the same value written by the file itself is an
error at its line. Each row of DEPENDENT_OPTIONS (variant/checks.py) is tried on the house file of its own
``example``, which the row cannot be written without."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from tablekit import run

from tonk_rules.errors import VariantError
from tonk_rules.ruleset import compile_ruleset
from tonk_rules.variant.checks import DEPENDENT_OPTIONS, Example
from tonk_rules.variant.loader import load_variant

ROWS = {row.option: row for row in DEPENDENT_OPTIONS}


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        out[key] = _merge(out[key], value) if isinstance(value, dict) and isinstance(out.get(key), dict) else value
    return out


def write_house(tmp_path: Path, case: Example, *, own: bool) -> tuple[Path, str]:
    """The house file (and its middle parent, if any); returns the file and how the note names the parent."""
    parent, label = case.parent, case.parent
    if case.middle:
        (tmp_path / "middle.yaml").write_text(yaml.safe_dump({"extends": case.parent, **case.middle}),
                                              encoding="utf-8")
        parent = label = "middle.yaml"
    body = _merge(case.change, case.own) if own else case.change
    house = tmp_path / "house.yaml"
    house.write_text(yaml.safe_dump({"extends": parent, **body}, sort_keys=False), encoding="utf-8")
    return house, label


@pytest.mark.parametrize("option", sorted(ROWS))
def test_an_inherited_option_the_change_makes_meaningless_is_dropped(option: str, tmp_path: Path) -> None:
    row = ROWS[option]
    case = row.example
    house, label = write_house(tmp_path, case, own=False)
    parent = load_variant(tmp_path / "middle.yaml" if case.middle else case.parent).variant
    assert row.holds(parent) and row.set_at(parent), "the parent must give the option an effect"
    loaded = load_variant(house)
    assert not row.holds(loaded.variant) and not row.set_at(loaded.variant)  # reset to neutral
    paths = [d.path for d in loaded.dropped if d.row is row]
    assert paths == row.set_at(parent)
    note = next(n for n in loaded.notes if paths[0] in n)
    assert "(inherited from " in note and f"{label}) " in note and note.endswith("; dropped") and row.condition in note


@pytest.mark.parametrize("option", sorted(ROWS))
def test_the_same_option_written_by_the_file_itself_is_refused_at_its_line(option: str, tmp_path: Path) -> None:
    row = ROWS[option]
    case = row.example
    house, _ = write_house(tmp_path, case, own=True)
    with pytest.raises(VariantError) as info:
        load_variant(house)
    ours = [d for d in info.value.diagnostics if "has no effect unless" in d.message and row.condition in d.message]
    assert ours, str(info.value)
    lines = house.read_text(encoding="utf-8").splitlines()
    for diagnostic in ours:
        assert Path(diagnostic.file) == house
        section, *_, last = diagnostic.key_path.split(".")
        start = lines.index(f"{section}:")
        key_line = next(i for i, line in enumerate(lines[start:], start + 1) if line.strip(" -").startswith(last))
        assert diagnostic.line in (key_line, key_line + 1)  # at the option (a list: its first item), not elsewhere


@pytest.mark.parametrize("option", sorted(ROWS))
def test_show_and_check_print_the_note_and_show_round_trips(option: str, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    write_house(tmp_path, ROWS[option].example, own=False)
    loaded = load_variant("house.yaml")
    checked = run("check", "house.yaml")
    assert checked.returncode == 0, checked.stderr
    assert [line for line in checked.stderr.splitlines() if "note:" in line] == \
        [f"house.yaml: {note}" for note in loaded.notes]
    for flags in ([], ["--provenance"]):
        shown = run("show", "house.yaml", *flags)
        assert shown.returncode == 0, shown.stderr
        assert shown.stderr.splitlines() == loaded.notes
        (tmp_path / "resolved.yaml").write_text(shown.stdout, encoding="utf-8")
        again = load_variant(tmp_path / "resolved.yaml")
        assert again.dropped == ()
        assert compile_ruleset(again.variant) == compile_ruleset(loaded.variant)
        assert again.digest == loaded.digest


def test_a_dropped_value_names_the_change_as_its_source(tmp_path: Path) -> None:
    house, _ = write_house(tmp_path, ROWS["deal_check.at_most"].example, own=False)
    loaded = load_variant(house)
    provenance = loaded.provenance["deal_check.at_most"]
    assert provenance.file == str(house)
    assert provenance.describe() == ("assumed: russian's value has no effect unless the deal check is enabled "
                                     "(deal_check.enabled); dropped")


def test_dropping_cascades_through_a_dropped_condition(tmp_path: Path) -> None:
    # without the deal check, pagat's `several: void` goes, and with it the only void hand: after_void goes too
    house = tmp_path / "house.yaml"
    house.write_text("extends: pagat\ndeal_check: {enabled: false}\n", encoding="utf-8")
    loaded = load_variant(house)
    assert loaded.variant.dealer.after_void is None
    assert {d.path for d in loaded.dropped} >= {"deal_check.several", "dealer.after_void"}
    assert len(loaded.notes) == 2


def test_a_condition_switched_on_still_needs_its_option(tmp_path: Path) -> None:
    # reshuffling makes a void hand possible: russian never needed `dealer.after_void`, so the file must say it
    house = tmp_path / "house.yaml"
    house.write_text("extends: russian\nstock_exhaustion: {when_empty: reshuffle}\n", encoding="utf-8")
    with pytest.raises(VariantError, match="dealer.after_void must be given when a hand can be void"):
        load_variant(house)
