"""Greedy tuned to each variant: the shipped values, a house file's cache, seats resolved in one place, and a
tuned table that a mistuned player does not beat."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import numpy as np
import pytest

from tonk_rules.bots import GreedyBot
from tonk_rules.bots.specs import parse_spec, parse_specs
from tonk_rules.kernel import play_hands
from tonk_rules.ruleset import compile_ruleset
from tonk_rules.sim import equilibrium, tuning
from tonk_rules.sim.deviation import deviation_gains
from tonk_rules.sim.simulate import Job, chunks_of
from tonk_rules.variant.loader import builtin_names, load_variant

PAGAT = compile_ruleset(load_variant("pagat").variant)


def test_the_shipped_file_holds_every_builtin_at_every_size_it_seats() -> None:
    shipped = tuning.shipped()
    expected = {}
    for name in builtin_names():
        ruleset = compile_ruleset(load_variant(name).variant)
        for players in tuning.seatable(ruleset):
            expected[f"{tuning.play_digest(ruleset)}:{players}"] = (name, players)
    missing = [f"{name} at {p}" for key, (name, p) in expected.items() if key not in shipped]
    assert not missing, (f"no tuned greedy for {missing}: run python -m tonk_rules.sim.tuning --regenerate (or "
                         "--rekey, when only the kernel's tables changed, not the rules)")
    stale = [f"{e['variant']} at {e['players']}" for key, e in shipped.items() if key not in expected]
    assert not stale, f"tuned values for rules no built-in has any more: {stale} (regenerate)"
    for key, (name, players) in expected.items():
        entry = shipped[key]
        assert (entry["variant"], entry["players"]) == (name, players)
        value = equilibrium.Tuned.from_json(entry)
        assert 1 <= value.knock <= equilibrium.MAX_KNOCK
        assert value.best_gain <= equilibrium.EPSILON  # the regeneration's own check met the bar


def test_the_tuned_value_beats_a_mistuned_one_in_pagat() -> None:
    # At a table of tuned greedy, a player who keeps the old default (knock at 5 or less) loses, on the
    # same deals, against the tuned player in that seat.
    tuned = tuning.tuned(PAGAT, 3)
    assert tuned.params() != {"knock": 5}
    gains = deviation_gains(PAGAT, 3, tuned.params(), [5], hands=6000, seed=7)
    assert gains[5].ci95()[1] < 0


def test_greedy_is_tuned_and_greedy_knock_k_is_the_fixed_bot() -> None:
    tuned = tuning.tuned(PAGAT, 3).params()
    seats = tuning.seats_for(PAGAT, 3, parse_specs("greedy,greedy:knock=5,greedy:patience=40"))
    assert seats == [("greedy", tuned), ("greedy", {"knock": 5}), ("greedy", {**tuned, "patience": 40})]
    # montecarlo's playouts play the tuned greedy's threshold unless the spec gives one
    assert tuning.seats_for(PAGAT, 3, parse_specs("random,montecarlo:rollouts=7,montecarlo:knock=3")) == [
        ("random", {}), ("montecarlo", {"knock": tuned["knock"], "rollouts": 7}), ("montecarlo", {"knock": 3})]
    assert str(parse_spec("greedy:knock=5")) == "greedy:knock=5"  # the user's choice is remembered


def test_simulation_chunks_play_the_tuned_greedy() -> None:
    chunks = chunks_of([Job("pagat", PAGAT, tuple(parse_specs("greedy,greedy:knock=5")), 10, 1)])
    assert chunks[0].seats == (("greedy", tuning.tuned(PAGAT, 2).params()), ("greedy", {"knock": 5}))


def test_a_house_file_is_tuned_once_and_cached_by_its_digest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "house.yaml").write_text("extends: pagat\nknocking: {max_count: 3}\n", encoding="utf-8")
    house = compile_ruleset(load_variant(str(tmp_path / "house.yaml")).variant)
    monkeypatch.setenv("TONK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(tuning, "HOUSE_HANDS", 1500)
    tuning.tuned.cache_clear()
    first = tuning.tuned(house, 2)
    assert 1 <= first.knock <= 3  # within the house's knocking limit
    [cached] = (tmp_path / "cache" / "tuning").iterdir()
    assert cached.name.startswith(f"{tuning.play_digest(house)}-2p-")
    assert json.loads(cached.read_text(encoding="utf-8"))["params"] == first.params()

    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("the cached value should have been used")

    monkeypatch.setattr(tuning, "search", no_search)
    tuning.tuned.cache_clear()
    assert tuning.tuned(house, 2) == first
    tuning.tuned.cache_clear()


def test_equal_rules_share_a_digest_and_different_rules_do_not() -> None:
    again = compile_ruleset(load_variant("pagat").variant)
    assert tuning.play_digest(again) == tuning.play_digest(PAGAT)
    assert tuning.play_digest(compile_ruleset(load_variant("russian").variant)) != tuning.play_digest(PAGAT)


def test_a_mixture_draws_its_threshold_per_hand_from_the_seats_seed() -> None:
    always_alt = [("greedy", {"knock": 1, "alt_knock": 8, "alt_share": 1000}), ("greedy", {})]
    fixed = [("greedy", {"knock": 8}), ("greedy", {})]
    assert np.array_equal(play_hands(PAGAT, always_alt, 300, 3).net, play_hands(PAGAT, fixed, 300, 3).net)
    # half and half: each bot (built per hand with that hand's seat seed) draws one of the two thresholds
    knocks = [GreedyBot(knock=1, alt_knock=8, alt_share=500, seed=s).knock for s in range(2000)]
    assert set(knocks) == {1, 8} and 900 < knocks.count(8) < 1100


def test_where_best_response_cycles_the_default_becomes_a_mixture(monkeypatch: pytest.MonkeyPatch) -> None:
    # A made-up game where 3 is the best reply to 5 and 5 to 3: no single threshold is stable. Against a
    # mixture with share s of 3, the gain of 3 over 5 falls with s and is 0 at s = 400 per mille.
    def gains(ruleset: object, players: int, table: dict[str, int], knocks: list[int], hands: int, seed: int,
              executor: object = None) -> dict[int, equilibrium.Moments]:
        share = table.get("alt_share", 0)
        share3 = (share if table.get("alt_knock") == 3 else 1000 - share) if share else {5: 0, 3: 1000}[table["knock"]]
        edge = (400 - share3) / 4000  # what 3 gains over 5 against this table
        mixed = share3 / 1000 * edge  # the table's own payoff, relative to a pure 5
        value = {5: -mixed, 3: edge - mixed}
        return {k: equilibrium.Moments(hands, value.get(k, -0.5) * hands, hands) for k in knocks}

    monkeypatch.setattr(equilibrium, "deviation_gains", gains)
    found = equilibrium.search(PAGAT, 3, hands=1000, seed=1)
    assert {found.knock, found.alt_knock} == {3, 5}
    share3 = found.alt_share if found.alt_knock == 3 else 1000 - found.alt_share
    assert abs(share3 - 400) <= 10
    assert found.best_gain <= equilibrium.TOLERANCE
    assert found.params() == {"knock": found.knock, "alt_knock": found.alt_knock, "alt_share": found.alt_share}


def test_tonk_tune_shows_the_tuned_parameters_and_every_thresholds_gain() -> None:
    from tests.test_cli import tonk

    proc = tonk("tune", "pagat", "--players", "2", "--hands", "600", "--player", "greedy")
    assert proc.returncode == 0, proc.stderr
    tuned = tuning.tuned(PAGAT, 2)
    assert f"pagat, 2 players: tuned greedy plays {tuned.describe()}" in proc.stdout
    rows = [line.split() for line in proc.stdout.splitlines() if line.strip()[:1].isdigit()]
    assert [int(row[0]) for row in rows] == list(range(1, 11))
    assert "Best deviation: knock=" in proc.stdout
    refused = tonk("tune", "classic-pc", "--players", "3")
    assert refused.returncode == 2 and "exactly 2 players" in refused.stderr


def test_tonk_tune_shows_the_tuned_reckoner_in_words_and_the_best_deviations() -> None:
    from tests.test_cli import tonk

    proc = tonk("tune", "pagat", "--players", "3", "--hands", "300")
    assert proc.returncode == 0, proc.stderr
    params = tuning.tuned_reckoner(PAGAT, 3).params
    assert f"knock_margin={params['knock_margin']}" in proc.stdout.splitlines()[0]
    assert "a won knock pays it +2, one caught by a single player -3" in proc.stdout
    assert "greedy:knock=0..10, casual, random" in proc.stdout
    assert "Best deviation: " in proc.stdout


def test_the_verdict_on_the_best_deviation_follows_its_interval_not_its_mean() -> None:
    from tonk_rules.sim.equilibrium import deviation_verdict

    assert deviation_verdict(-0.03, 0.004).startswith("below")
    assert deviation_verdict(0.011, 0.02).startswith("ABOVE")
    noisy = deviation_verdict(-0.0645, 0.0885)  # the mean, +0.012, is above the bar; the interval is not
    assert "straddles" in noisy and "ABOVE" not in noisy


def test_a_bot_parameter_given_twice_is_refused() -> None:
    from tonk_rules.bots.specs import parse_spec
    from tonk_rules.errors import BotSpecError

    with pytest.raises(BotSpecError, match="knock is given twice"):
        parse_spec("greedy:knock=3:knock=4")


def test_a_new_parameter_slot_at_its_neutral_value_keeps_the_shipped_digests(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule added to the kernel at the value that plays as before (a new slot reading 0, or no value for an
    optional one) leaves every built-in's digest, so the shipped tuned values still apply without a rekey;
    the same slot at any other value is other rules."""
    from tonk_rules.kernel import layout

    before = tuning.play_digest(PAGAT)
    free = layout.N_PARAMS - 1  # a slot no rule uses: 0 in every built-in's parameters
    slots = {**tuning._parameter_slots(), "R_NEW_RULE": free}
    monkeypatch.setattr(tuning, "_parameter_slots", lambda: slots)
    assert tuning.play_digest(PAGAT) == before
    real = tuning.tables_of

    def with_new_rule_set(ruleset: object) -> object:
        tables = real(ruleset)  # type: ignore[arg-type]
        params = tables.params.copy()
        params[free] = 1
        return dataclasses.replace(tables, params=params)

    monkeypatch.setattr(tuning, "tables_of", with_new_rule_set)
    assert tuning.play_digest(PAGAT) != before
    monkeypatch.setattr(tuning, "tables_of", real)
    renamed = {f"R_{i:02}": slot for i, slot in enumerate(tuning._parameter_slots().values())}
    monkeypatch.setattr(tuning, "_parameter_slots", lambda: renamed)
    assert tuning.play_digest(PAGAT) != before  # the slots enter by name: a digest is not blind to them


def test_a_house_rule_set_starts_from_the_nearest_builtin_and_keeps_its_values_without_a_clear_gain(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A sweep's neighbouring points must play the same default player unless their rules clearly want
    # another: before, russian's low tonk at 14 and 16 played knock_margin=0 and at 15 (russian) the shipped 40,
    # and the mean length jumped at 15 alone.
    from tonk_rules.sim import reckoner_tuning
    from tonk_rules.sim.sweep import load_points

    monkeypatch.setenv("TONK_CACHE_DIR", str(tmp_path / "cache"))
    russian = compile_ruleset(load_variant("russian").variant)
    [at_14] = load_points("russian", [{"deal_check.at_most": 14}])
    assert reckoner_tuning.nearest_shipped(at_14, 3) == ("russian", tuning.tuned_reckoner(russian, 3).params)
    tuning.tuned_reckoner.cache_clear()
    try:
        assert tuning.tuned_reckoner(at_14, 3).params == tuning.tuned_reckoner(russian, 3).params
    finally:
        tuning.tuned_reckoner.cache_clear()
    [entry] = (tmp_path / "cache" / "tuning").iterdir()
    assert entry.name.endswith("r3.json")  # not an entry of an earlier search (from the defaults; the knock before)


def test_a_clear_search_moves_only_on_a_gain_whose_interval_clears_the_tolerance(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from tonk_rules.sim import deviation, reckoner_tuning
    from tonk_rules.sim.stats import Moments

    start = reckoner_tuning.default_params()

    def gains(mean: float, spread: float) -> object:
        """The first change gains ``mean`` (95% interval about ± spread / 5) at ``start``; nothing else gains."""
        def seat_gains(ruleset: object, players: int, base: tuple[str, dict[str, int]], changes: list[object],
                       *args: object) -> list[Moments]:
            first = Moments(100, 100 * mean, 100 * (mean * mean + spread * spread))
            none = Moments(100, 0.0, 0.0)
            return [first if base[1] == start else none] + [none] * (len(changes) - 1)
        return seat_gains

    pagat = compile_ruleset(load_variant("pagat").variant)
    monkeypatch.setattr(deviation, "seat_gains", gains(0.02, 0.5))  # a noisy gain: its interval spans 0
    assert reckoner_tuning.search(pagat, 3, 10, 1, start=start, clear=True).params == start
    assert reckoner_tuning.search(pagat, 3, 10, 1, start=start).params != start  # the mean alone moves it
    monkeypatch.setattr(deviation, "seat_gains", gains(0.2, 0.01))  # a clear gain
    assert reckoner_tuning.search(pagat, 3, 10, 1, start=start, clear=True).params != start
