"""Benchmark: OpenSpiel's IS-MCTS on the project's game, CPU milliseconds per simulation.

Times ``ISMCTSBot.step`` (OpenSpiel's Python IS-MCTS, one random rollout a leaf, as bench_yardstick.py seats
it) at the first decision of ``--deals`` deals of ``python_tonk``, ``--sims`` simulations each, and prints the
mean CPU per simulation. Where the time goes: copying the state at every step of the search
(``ChanceHand.__deepcopy__``, ``Hand.copy``), the information-state strings that key the search's nodes, and
the engine's move generation. To compare two trees, run it alternately in each (a second checkout on
``PYTHONPATH``) on one pinned core, as docs/speed.md does.

Run: python benchmarks/bench_ismcts_step.py [--variant pagat] [--players 3] [--sims 300] [--deals 8]
     (prints its figure; not a test; needs the [openspiel] extra)
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import tonk_rules.interop.openspiel_game  # noqa: F401  (registers python_tonk)


def main() -> None:
    ap = argparse.ArgumentParser(description="IS-MCTS CPU per simulation on python_tonk")
    ap.add_argument("--variant", default="pagat")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--sims", type=int, default=300)
    ap.add_argument("--deals", type=int, default=8)
    args = ap.parse_args()
    game = pyspiel.load_game("python_tonk", {"variant": args.variant, "players": args.players})
    cpu, decisions = 0.0, 0
    for seed in range(args.deals):
        rng = np.random.RandomState(seed)
        bot = ismcts.ISMCTSBot(game=game, evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
                               uct_c=2.0, max_simulations=args.sims, random_state=rng,
                               final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                               use_observation_string=False, allow_inconsistent_action_sets=False)
        state = game.new_initial_state()
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        if state.is_terminal():  # a deal that ended the hand (a tonk on the deal): no decision to time
            continue
        start = time.process_time()
        bot.step(state)
        cpu += time.process_time() - start
        decisions += 1
    print(f"{args.variant} at {args.players}: {1000 * cpu / decisions / args.sims:.3f} ms CPU a simulation "
          f"({decisions} decisions of {args.sims} simulations)")


if __name__ == "__main__":
    main()
