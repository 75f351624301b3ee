"""The tuning cache is read like any input: a truncated, poisoned, oversized or too deeply nested entry, or a
FIFO in its place, is never used: the value is tuned again, with one warning line naming the cache file.
And the reckoner's tuning family: what it searches, and that the shipped values cover every built-in."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tonk_rules.bots.specs import BotSpec
from tonk_rules.kernel.seats import RECKONER_COLUMNS
from tonk_rules.ruleset import Ruleset, compile_ruleset
from tonk_rules.sim import reckoner_tuning, tuning, tuning_cache
from tonk_rules.sim.reckoner_tuning import CHECK_GRID, GRID, TunedReckoner, family, highest_knock_count
from tonk_rules.variant.loader import builtin_names, load_variant

PAGAT = compile_ruleset(load_variant("pagat").variant)
GOOD = TunedReckoner({**reckoner_tuning.default_params(), "knock_margin": 60}, "reckoner:take=2", 0.001,
                     (-0.01, 0.012), 3000)


@pytest.fixture
def house(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Ruleset, list[int]]:
    """A house rule set, a cache in ``tmp_path`` and a fake search that counts its calls (no real tuning)."""
    (tmp_path / "house.yaml").write_text("extends: pagat\nknocking: {max_count: 7}\n", encoding="utf-8")
    rules = compile_ruleset(load_variant(str(tmp_path / "house.yaml")).variant)
    monkeypatch.setenv("TONK_CACHE_DIR", str(tmp_path / "cache"))
    calls: list[int] = []

    def fake_search(ruleset: Ruleset, players: int, *args: object, **kwargs: object) -> TunedReckoner:
        calls.append(players)
        return GOOD

    monkeypatch.setattr(reckoner_tuning, "search", fake_search)
    tuning.tuned_reckoner.cache_clear()
    yield rules, calls
    tuning.tuned_reckoner.cache_clear()


def _entry(rules: Ruleset) -> Path:
    return tuning_cache.cache_file("reckoner", tuning.play_digest(rules), 3)


def test_a_good_entry_is_used_and_not_tuned_again(house: tuple[Ruleset, list[int]]) -> None:
    rules, calls = house
    assert tuning.tuned_reckoner(rules, 3) == GOOD
    assert json.loads(_entry(rules).read_text(encoding="utf-8"))["params"] == GOOD.params
    tuning.tuned_reckoner.cache_clear()
    assert tuning.tuned_reckoner(rules, 3) == GOOD
    assert calls == [3]
    assert tuning.seats_for(rules, 3, [BotSpec("reckoner", {"hold": 4})]) == [
        ("reckoner", {**GOOD.params, "hold": 4})]


BAD_ENTRIES = {
    "truncated": '{"params": {"knock_margin": 60, "caution": 4',
    "poisoned range": json.dumps({**GOOD.to_json(), "params": {**GOOD.params, "knock_margin": 10**9}}),
    "poisoned type": json.dumps({**GOOD.to_json(), "params": {**GOOD.params, "hold": "6"}}),
    "missing parameter": json.dumps({**GOOD.to_json(), "params": {"knock_margin": 1}}),
    "deep": '{"params": ' + "[" * 200 + "]" * 200 + "}",
    "oversized": json.dumps({**GOOD.to_json(), "best_change": "x" * 20_000}),
    "not utf-8": b"\xff\xfe{}".decode("latin-1"),
}


@pytest.mark.parametrize("kind", BAD_ENTRIES)
def test_a_bad_entry_is_tuned_again_with_one_short_warning_naming_no_path(
        kind: str, house: tuple[Ruleset, list[int]], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    rules, calls = house
    monkeypatch.setattr(tuning_cache, "_said", set())
    path = _entry(rules)
    path.parent.mkdir(parents=True)
    path.write_text(BAD_ENTRIES[kind], encoding="latin-1" if kind == "not utf-8" else "utf-8")
    assert tuning.tuned_reckoner(rules, 3) == GOOD
    assert calls == [3]
    err = capsys.readouterr().err.splitlines()
    warning = [line for line in err if "bad cache entry" in line]  # (beside it, the tuning's own progress line)
    assert len(warning) == 1 and "tuning again" in warning[0] and len(warning[0]) <= 80
    assert not any(str(path.parent) in line for line in err)
    assert TunedReckoner.from_json(json.loads(path.read_text(encoding="utf-8"))) == GOOD  # replaced


def test_a_fifo_in_place_of_the_entry_is_passed_over_without_blocking(
        house: tuple[Ruleset, list[int]], capsys: pytest.CaptureFixture[str]) -> None:
    rules, calls = house
    path = _entry(rules)
    path.parent.mkdir(parents=True)
    os.mkfifo(path)  # nobody writes to it: opening it for a blocking read would hang here
    assert tuning.tuned_reckoner(rules, 3) == GOOD
    assert calls == [3]
    assert "FIFO" in capsys.readouterr().err
    assert path.is_fifo()  # left as it was: nothing is written through it


def test_a_poisoned_greedy_entry_is_tuned_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "house.yaml").write_text("extends: pagat\nknocking: {max_count: 7}\n", encoding="utf-8")
    rules = compile_ruleset(load_variant(str(tmp_path / "house.yaml")).variant)
    monkeypatch.setenv("TONK_CACHE_DIR", str(tmp_path / "cache"))
    good = tuning.Tuned(2, 0, 0, 3, -0.01, (-0.02, 0.0), 100)
    monkeypatch.setattr(tuning, "search", lambda *args, **kwargs: good)
    path = tuning_cache.cache_file("greedy", tuning.play_digest(rules), 2)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({**good.to_json(), "params": {"knock": -5}}), encoding="utf-8")
    tuning.tuned.cache_clear()
    try:
        assert tuning.tuned(rules, 2) == good
    finally:
        tuning.tuned.cache_clear()
    assert "knock must be a whole number from 0 to 100" in capsys.readouterr().err


def test_the_shipped_reckoner_values_cover_every_builtin_at_every_size_and_read_back() -> None:
    expected = {f"{tuning.play_digest(r)}:{p}": (name, p) for name in builtin_names()
                for r in [compile_ruleset(load_variant(name).variant)] for p in tuning.seatable(r)}
    shipped = reckoner_tuning.shipped()
    assert {k: (v["variant"], v["players"]) for k, v in shipped.items()} == expected
    for entry in shipped.values():
        TunedReckoner.from_json(entry)  # every shipped value passes the cache's own checks


def test_the_tuning_family_is_a_grid_of_every_parameter_but_patience_inside_its_range() -> None:
    from tonk_rules.kernel.seats import KERNEL_POLICIES

    assert set(GRID) == set(RECKONER_COLUMNS) - {"patience"}
    for key, values in [*GRID.items(), *CHECK_GRID.items()]:
        p = KERNEL_POLICIES["reckoner"][key]
        assert all(p.low <= v <= p.high for v in values), key
    for key in CHECK_GRID:  # the check spans each parameter's whole accepted range
        p = KERNEL_POLICIES["reckoner"][key]
        assert CHECK_GRID[key][0] == p.low and CHECK_GRID[key][-1] == p.high, key


def test_the_equilibrium_family_holds_every_greedy_threshold_from_zero_and_the_other_players() -> None:
    params = tuning.tuned_reckoner(PAGAT, 3).params
    labels = [label for label, _ in family(PAGAT, params)]
    top = highest_knock_count(PAGAT)
    assert top == 60  # six ten-valued cards: no knock can count more
    assert [f"greedy:knock={k}" for k in range(top + 1)] == [x for x in labels if x.startswith("greedy:knock=")
                                                             and x.count(":") == 1]
    assert {"casual", "random", "greedy:patience=1"} <= set(labels)
    assert any(label.count("=") == 2 and label.startswith("reckoner:") for label in labels)  # pairs
    assert len(labels) == len(set(labels))


def test_values_tuned_for_the_knock_rule_before_are_not_read() -> None:
    """The shipped file's format names the knock rule its values were tuned for: a file of the rule before
    (``tonk-tuned-reckoner/1``, no ``slack``) lends no values, and a house file's cache entry of it is under
    another name (its revision)."""
    entry = {"variant": "pagat", "players": 3, "params": {}, "best_change": "", "gain": 0, "ci95": [0, 0], "hands": 1}
    assert reckoner_tuning.entries_of({"format": "tonk-tuned-reckoner/1", "entries": {"x:3": entry}}) == {}
    assert reckoner_tuning.entries_of({"format": reckoner_tuning.FORMAT, "entries": {"x:3": entry}}) == {"x:3": entry}
    assert reckoner_tuning.shipped()  # the shipped file is of this rule
    assert "slack" in next(iter(reckoner_tuning.shipped().values()))["params"]
    assert tuning_cache.cache_file("reckoner", "d", 3).name.endswith("r3.json")
