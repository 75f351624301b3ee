"""A close decision gets more playouts (``extend=E``): where the best option is ahead of the fallback's choice
but not clearly, ``E`` times the budget more is played on those two, on new samples, and those decide. The
compiled and the Python search do it alike, and only where the decision is close."""

from __future__ import annotations

from greedy_positions import decided_both_ways, greedy_positions
from kernel_helpers import needs_numba

from tonk_rules.bots.montecarlo import MonteCarloBot


@needs_numba
def test_a_close_decision_is_extended_alike_in_the_compiled_and_the_python_search() -> None:
    extended = 0
    for seed, obs, candidates in greedy_positions("pagat", 8):
        result, plain = decided_both_ways(seed, obs, candidates, extend=2)
        # the first round is the same; only a close one plays on (and adds to the two options' totals)
        if result[0] != plain[0]:
            extended += 1
            changed = [i for i, (a, b) in enumerate(zip(result[0], plain[0], strict=True)) if a != b]
            assert 1 <= len(changed) <= 2
    assert extended > 0


@needs_numba
def test_with_no_margin_nothing_is_close_and_nothing_is_extended() -> None:
    for seed, obs, candidates in greedy_positions("russian", 8):  # confidence=0: every gain above 0 is clear
        plain = MonteCarloBot(rollouts=24, confidence=0, seed=seed)
        extended = MonteCarloBot(rollouts=24, confidence=0, extend=3, seed=seed)
        assert extended.decide(obs, candidates, kernel=True) == plain.decide(obs, candidates, kernel=True)
        assert extended.seed == plain.seed
