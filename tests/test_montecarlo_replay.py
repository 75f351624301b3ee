"""The search player's belief by replay (``replay``): a sampled deal is kept only where every other seat's drawn
policy, replayed on it over that seat's last turn, plays that turn as the seat was seen to play it. Checked as
an option, refused where it cannot be searched (a bot played through the reference engine), never rejecting
the true deal, rejecting deals the seats' play rules out, and played end to end in a kernel table."""

from __future__ import annotations

import numpy as np
import pytest
from greedy_positions import greedy_positions
from hypothesis import given, settings
from hypothesis import strategies as st
from kernel_helpers import needs_numba

from tonk_rules.bots.montecarlo import MonteCarloBot
from tonk_rules.errors import BotSpecError
from tonk_rules.kernel import layout as L


def test_the_option_is_checked() -> None:
    for bad in (-1, 257):
        with pytest.raises(BotSpecError):
            MonteCarloBot(replay=bad)


@needs_numba
@pytest.mark.parametrize("compiled", [True, False])
def test_a_bot_played_through_the_engine_refuses_it_rather_than_ignore_it(compiled: bool) -> None:
    seed, obs, candidates = next(iter(greedy_positions("pagat", 1, knock=True)))
    with pytest.raises(BotSpecError, match="replay"):
        MonteCarloBot(rollouts=8, replay=16, seed=seed).decide(obs, candidates, kernel=compiled)


def _replays(variant: str, seed: int) -> list[int]:
    """A hand of ``variant`` at 3 seats, every seat the reckoner (seat 0 stopped at each of its decisions as a
    montecarlo seat is): the decisions where some other seat has a turn kept, and at how many of them the true
    deal and a deal of the unseen cards at random replay every other seat's last turn
    (``policies_nb.replay_trial``)."""
    from tonk_rules.kernel.api import compiled as policies_nb
    from tonk_rules.kernel.api import policy_arrays
    from tonk_rules.kernel.search import compiled as search_nb
    from tonk_rules.kernel.search import seat_arrays, weight_table
    from tonk_rules.kernel.tables import tables_of
    from tonk_rules.ruleset.compile import load_ruleset

    tables = tables_of(load_ruleset(variant))
    codes, knocks = policy_arrays([("reckoner", {})] * 3)
    policies, _, mc = seat_arrays([("montecarlo", {"rollouts": 8}), ("reckoner", {}), ("reckoner", {})])
    search = search_nb().search_state(mc, np.zeros((3, 1, L.N_FEATURES), np.int64), codes[:1],
                                      knocks[None, :1].repeat(3, 0), weight_table(), np.zeros(1, np.int64),
                                      np.zeros((1, 2), np.int64))
    deck = tables.deck.copy()
    np.random.default_rng(seed).shuffle(deck)
    out = np.zeros(3, np.int64)
    policies_nb().replay_trial(tables.packed(), deck, np.int64(seed % 3), np.int64(seed), policies, knocks,
                               np.array([seed * 3 + p + 1 for p in range(3)], np.uint64), search, out)
    return out.tolist()


@needs_numba
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31), variant=st.sampled_from(["pagat", "russian", "classic-pc"]))
def test_the_true_deal_always_replays(seed: int, variant: str) -> None:
    judged, true_deal, _ = _replays(variant, seed)
    assert true_deal == judged


@needs_numba
def test_a_deal_at_random_is_often_ruled_out() -> None:
    judged = kept = 0
    for seed in range(12):
        j, _, k = _replays("russian", seed)
        judged, kept = judged + j, kept + k
    assert judged > 0 and kept < judged * 0.8  # the replay says something of the hidden hands


@needs_numba
def test_it_plays_end_to_end_and_changes_play() -> None:
    from tonk_rules.kernel.search import play_hands
    from tonk_rules.ruleset.compile import load_ruleset

    rules = load_ruleset("russian")
    seats = [("reckoner", {}), ("reckoner", {})]
    plain = play_hands(rules, [("montecarlo", {"rollouts": 60}), *seats], 30, seed=9)
    replay = play_hands(rules, [("montecarlo", {"rollouts": 60, "replay": 16}), *seats], 30, seed=9)
    again = play_hands(rules, [("montecarlo", {"rollouts": 60, "replay": 16}), *seats], 30, seed=9)
    assert (replay.net.sum(axis=1) == 0).all()
    assert (replay.net == again.net).all()  # a seed fixes it
    assert (replay.actions != plain.actions).any()  # other samples: other playouts decide
