"""The ladder: seats rotated so every bot sits everywhere equally often, the same deals in every rotation,
and intervals computed over deals."""

from __future__ import annotations

import json

import numpy as np
import pytest
from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_cli import tonk
from tonk_rules.bots.specs import parse_specs
from tonk_rules.errors import SimulationError
from tonk_rules.ruleset.compile import load_ruleset
from tonk_rules.sim.ladder import ladder, lineup
from tonk_rules.sim.runner import play_hands
from tonk_rules.sim.tuning import seats_for


@settings(max_examples=examples(100))
@given(bots=st.integers(2, 6), players=st.integers(2, 6))
def test_every_bot_sits_in_every_seat_equally_often(bots: int, players: int) -> None:
    for seat in range(players):
        sitting = [lineup(bots, players, r)[seat] for r in range(bots)]
        assert sorted(sitting) == list(range(bots))


def test_bots_that_play_alike_score_exactly_zero_on_paired_deals() -> None:
    # patience 999 and 1000 never bind: the two bots play identically, so on the same deals each rotation
    # mirrors the other and every deal scores 0 for both; unpaired deals would leave a spread
    result = ladder(load_ruleset("pagat"), parse_specs("greedy:patience=999,greedy:patience=1000"), deals=300,
                    players=2, seed=3)
    for row in result.rows:
        assert (row.mean, row.low, row.high) == (0.0, 0.0, 0.0)


def test_the_interval_is_computed_over_deals() -> None:
    rules = load_ruleset("russian")
    result = ladder(rules, parse_specs("greedy,random"), deals=150, players=3, seed=8)
    # by hand: rotation 0 seats greedy, random, greedy; rotation 1 random, greedy, random
    r0 = play_hands(rules, seats_for(rules, 3, parse_specs("greedy,random,greedy")), 150, 8).net
    r1 = play_hands(rules, seats_for(rules, 3, parse_specs("random,greedy,random")), 150, 8).net
    greedy = (r0[:, 0] + r0[:, 2] + r1[:, 1]) / 3
    half = 1.959963984540054 * greedy.std(ddof=1) / np.sqrt(150)
    row = result.rows[0]
    assert row.bot == "greedy" and row.mean == pytest.approx(greedy.mean())
    assert (row.low, row.high) == pytest.approx((greedy.mean() - half, greedy.mean() + half))
    assert result.hands == 300 and result.rows[1].mean < 0 < row.low


def test_a_ladder_needs_two_different_bots() -> None:
    with pytest.raises(SimulationError, match="at least two bots"):
        ladder(load_ruleset("russian"), parse_specs("greedy"), deals=10, players=3, seed=1)
    with pytest.raises(SimulationError, match="each bot once"):
        ladder(load_ruleset("russian"), parse_specs("greedy,greedy"), deals=10, players=3, seed=1)


@pytest.mark.slow  # three ladders, each in a new process
def test_the_ladder_command_prints_each_bot_with_its_interval() -> None:
    proc = tonk("ladder", "russian", "--bots", "greedy,random", "--hands", "60", "--players", "2", "--json", "-w", "1")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert [b["bot"] for b in data["bots"]] == ["greedy", "random"]
    assert data["hands"] == 120 and data["rotations"] == 2
    text = tonk("ladder", "russian", "--bots", "greedy,random", "--hands", "60", "--players", "2", "-w", "1").stdout
    assert "60 deals x 2 seat rotations = 120 hands" in text and "greedy" in text.splitlines()[2]
    bad = tonk("ladder", "russian", "--bots", "greedy:knock=2,random,greedy:knock=2")
    assert bad.returncode == 2 and "two different bots" in bad.stderr


def test_the_ladder_api_has_the_command_line_s_limits() -> None:
    from tonk_rules import load_ruleset
    from tonk_rules.bots.specs import parse_specs
    from tonk_rules.errors import SimulationError
    from tonk_rules.sim.ladder import ladder

    rules, bots = load_ruleset("russian"), parse_specs("greedy,random")
    with pytest.raises(SimulationError, match="at most 100,000,000 deals"):
        ladder(rules, bots, 10**18, 3, 0)
    with pytest.raises(SimulationError, match="the seed must be from 0"):
        ladder(rules, bots, 10, 3, 2**64)
