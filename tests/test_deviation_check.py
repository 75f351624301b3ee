"""The equilibrium check's two stages: which screened deviations are re-checked, how a re-check is judged,
and that the re-check plays other deals than the screen."""

from __future__ import annotations

import math

import pytest
from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tonk_rules.ruleset.compile import load_ruleset
from tonk_rules.sim.deviation_check import (
    RECHECK_MEAN,
    Check,
    check,
    needs_recheck,
    recheck_verdict,
    table_verdict,
)
from tonk_rules.sim.equilibrium import EPSILON
from tonk_rules.sim.stats import Z95, Moments
from tonk_rules.sim.tuning import tuned_reckoner


def sample(n: int, mean: float, sd: float) -> Moments:
    """A sample of ``n`` per-hand gains with this mean and (unbiased) standard deviation."""
    total = mean * n
    return Moments(n, total, sd * sd * (n - 1) + total * total / n)


def test_a_clear_loss_is_ruled_out_by_the_screen() -> None:
    assert not needs_recheck(sample(5_000, -0.2, 1.0))  # interval about ±0.03, wholly below ε


def test_a_deviation_whose_interval_reaches_above_epsilon_is_rechecked_though_its_mean_loses() -> None:
    m = sample(5_000, -0.005, 0.6)  # interval about ±0.017: its top is above 0.01
    assert m.mean < 0 < EPSILON < m.ci95()[1]
    assert needs_recheck(m)


def test_a_mean_above_the_recheck_bar_is_rechecked_though_its_interval_is_below_epsilon() -> None:
    m = sample(1_000_000, RECHECK_MEAN + 0.001, 0.1)  # interval ±0.0002
    assert m.ci95()[1] < EPSILON
    assert needs_recheck(m)
    assert not needs_recheck(sample(1_000_000, RECHECK_MEAN - 0.001, 0.1))


def test_a_recheck_is_cleared_unsettled_or_confirmed_by_its_own_figure() -> None:
    assert recheck_verdict(sample(80_000, 0.004, 0.5)) == "cleared"  # top 0.0075
    assert recheck_verdict(sample(80_000, 0.008, 0.5)) == "unsettled"  # mean below ε, top above it
    assert recheck_verdict(sample(80_000, 0.011, 0.5)) == "confirmed"  # mean above ε, interval straddles
    assert recheck_verdict(sample(80_000, 0.03, 0.5)) == "confirmed"  # whole interval above ε


@settings(max_examples=examples(100))
@given(st.integers(100, 10**6), st.floats(-1, 1), st.floats(0, 3))
def test_a_recheck_verdict_agrees_with_its_interval(n: int, mean: float, sd: float) -> None:
    m = sample(n, mean, sd)
    low, high = m.ci95()
    verdict = recheck_verdict(m)
    assert (verdict == "cleared") == (high <= EPSILON)
    assert (verdict == "confirmed") == (high > EPSILON and m.mean > EPSILON)
    assert math.isclose(high - m.mean, Z95 * math.sqrt(m.variance / n), abs_tol=1e-9)
    if verdict != "cleared":  # whatever a re-check cannot clear, the screen would not have dropped
        assert needs_recheck(m)


def test_the_table_fails_on_any_confirmed_deviation_and_holds_only_when_every_one_is_cleared() -> None:
    assert table_verdict([]) == "holds"
    assert table_verdict(["cleared", "cleared"]) == "holds"
    assert table_verdict(["cleared", "unsettled"]) == "holds by the means (1 unsettled)"
    assert table_verdict(["unsettled", "confirmed", "confirmed"]).startswith("FAILS: 2 gain more than")


def test_the_check_rechecks_only_what_the_screen_cannot_rule_out_on_other_deals() -> None:
    ruleset = load_ruleset("pagat")
    params = tuned_reckoner(ruleset, 2).params
    deviations = [("random", ("random", {})), ("itself", ("reckoner", dict(params))),
                  ("margin", ("reckoner", {**params, "knock_margin": params["knock_margin"] + 25}))]
    result = check(ruleset, 2, ("reckoner", params), deviations, 400, 1_000, 3, 4)
    assert list(result.screen) == ["random", "itself", "margin"]
    assert result.screen["random"].ci95()[1] < -0.5  # random loses far more than any noise: ruled out
    assert result.screen["itself"] == Moments(400, 0, 0)  # the table against itself changes no hand
    assert list(result.recheck) == ["margin"]  # 400 hands cannot rule a small change out
    assert result.recheck["margin"].n == 1_000
    assert result.recheck["margin"] != result.screen["margin"]
    assert result.verdicts["margin"] == recheck_verdict(result.recheck["margin"])
    assert result.largest_recheck() == "margin"


def test_a_settled_deviation_is_judged_and_ranked_by_its_settling_figure() -> None:
    open_, settled = sample(80_000, 0.009, 0.5), sample(320_000, 0.002, 0.5)
    other = sample(80_000, 0.004, 0.5)
    result = Check({}, {"a": open_, "b": other}, {"a": recheck_verdict(settled), "b": "cleared"}, {"a": settled})
    assert recheck_verdict(open_) == "unsettled" and result.verdicts["a"] == "cleared"
    assert result.final("a") == settled and result.final("b") == other
    assert result.largest_recheck() == "b"  # a's +0.009 was its re-check; its final figure is +0.002
    assert result.verdict() == "holds"


def test_each_stage_must_play_other_deals_than_the_ones_before() -> None:
    ruleset = load_ruleset("pagat")
    table = ("reckoner", tuned_reckoner(ruleset, 2).params)
    with pytest.raises(ValueError, match="other deals"):
        check(ruleset, 2, table, [], 100, 100, 3, 3)
    with pytest.raises(ValueError, match="other deals"):
        check(ruleset, 2, table, [], 100, 100, 3, 4, settle_hands=100, settle_seed=3)
    with pytest.raises(ValueError, match="its own seed"):
        check(ruleset, 2, table, [], 100, 100, 3, 4, settle_hands=100)


def test_an_outside_player_is_measured_on_its_own_deals_and_counts_in_the_tables_verdict() -> None:
    ruleset = load_ruleset("pagat")
    table = ("reckoner", tuned_reckoner(ruleset, 2).params)
    result = check(ruleset, 2, table, [("random", ("random", {}))], 200, 200, 3, 4,
                   outside=["baseline"], outside_hands=300, outside_seed=6)
    assert list(result.screen) == ["random"] and result.outside["baseline"].n == 300
    assert result.outside_verdicts() == {"baseline": "cleared"}  # the baseline loses far more than the noise
    alone = check(ruleset, 2, table, [], 200, 200, 3, 4, outside=["baseline"], outside_hands=300, outside_seed=6)
    assert alone.outside == result.outside and alone.screen == {}  # the same figure without the family
    confirmed = Check({}, {}, {}, outside={"x": sample(80_000, 0.02, 0.5)})
    assert confirmed.verdict().startswith("FAILS: 1")
    with pytest.raises(ValueError, match="other deals"):
        check(ruleset, 2, table, [], 100, 100, 3, 4, outside=["baseline"], outside_hands=100, outside_seed=3)
    with pytest.raises(ValueError, match="hands and a seed"):
        check(ruleset, 2, table, [], 100, 100, 3, 4, outside=["baseline"], outside_hands=100)
