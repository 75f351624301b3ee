"""Players from outside the default's searched family (the frozen baseline) against a table of tuned
reckoners: paired with the kernel's table hand for hand, their loss measured, and bad names refused."""

from __future__ import annotations

import pytest

from tonk_rules.bots import ReckonerBot
from tonk_rules.errors import SimulationError
from tonk_rules.ruleset.compile import load_ruleset
from tonk_rules.sim.executors import make_executor
from tonk_rules.sim.outside_players import OUTSIDE, check_outside, outside_gains, outside_nets
from tonk_rules.sim.runner import play_hands
from tonk_rules.sim.tuning import tuned_reckoner


@pytest.mark.parametrize(("variant", "players"), [("pagat", 3), ("russian", 5), ("classic-pc", 2)])
def test_the_reference_hands_deal_and_play_as_the_kernels_table(variant: str, players: int) -> None:
    # the pairing rests on this: with a tuned reckoner in the measured seat, the reference engine's hands are
    # the kernel's table's, hand for hand, so a gain is the outside player's alone
    ruleset = load_ruleset(variant)
    params = tuned_reckoner(ruleset, players).params
    table = ("reckoner", params)
    seat, first = players - 1, 37
    kernel = play_hands(ruleset, [table] * players, 60, 11, first_hand=first).net[:, seat]
    reference = outside_nets(ruleset, table, players, lambda s: ReckonerBot(**params, seed=s), seat, 60, 11, first)
    assert reference.tolist() == kernel.tolist()
    assert any(reference)  # the hands were played: some seat won or lost


def test_the_baseline_loses_clearly_against_a_table_of_tuned_reckoners() -> None:
    ruleset = load_ruleset("classic-pc")
    table = ("reckoner", tuned_reckoner(ruleset, 2).params)
    [gain] = outside_gains(ruleset, 2, table, ["baseline"], 600, 6).values()
    assert gain.n == 600
    assert gain.ci95()[1] < 0  # its whole interval loses: far below the bar of 0.01


def test_a_seed_fixes_the_outside_figure_on_any_executor() -> None:
    ruleset = load_ruleset("pagat")
    table = ("reckoner", tuned_reckoner(ruleset, 2).params)
    here = outside_gains(ruleset, 2, table, ["baseline"], 300, 6)
    assert outside_gains(ruleset, 2, table, ["baseline"], 300, 6, make_executor("local", 2)) == here
    assert outside_gains(ruleset, 2, table, ["baseline"], 300, 7) != here  # another run deals other cards


def test_an_unknown_outside_player_or_no_hands_is_refused_with_the_names_there_are() -> None:
    ruleset = load_ruleset("pagat")
    table = ("reckoner", tuned_reckoner(ruleset, 2).params)
    with pytest.raises(SimulationError, match="unknown outside player 'baselin'; outside players: baseline"):
        check_outside(["baselin"])
    with pytest.raises(SimulationError, match="unknown outside player"):
        outside_gains(ruleset, 2, table, ["montecarlo"], 10, 6)
    with pytest.raises(SimulationError, match="1 or more"):
        outside_gains(ruleset, 2, table, ["baseline"], 0, 6)
    assert list(OUTSIDE) == ["baseline"]
