"""Benchmark table: how often each rule came into play, per built-in, with the default table.

For every built-in at 3 players (2 where it seats only 2) and its tuned default players
(:data:`tonk_rules.sim.panel.DEFAULT_PLAYER`), plays ``HANDS`` hands on the kernel and prints, per rule
dimension the kernel counts (:mod:`tonk_rules.kernel.in_play`), the share of hands in which it came into play
(``—``: never). A rule at 0 in every column is one no comparison with these players can show.

Run: python benchmarks/bench_in_play.py [HANDS]   (prints its table; not a test)
"""

from __future__ import annotations

import sys
import time

from tonk_rules import load_ruleset
from tonk_rules.bots.specs import parse_specs
from tonk_rules.kernel.in_play import IN_PLAY
from tonk_rules.sim.in_play_tally import hands_in_play
from tonk_rules.sim.panel import DEFAULT_PLAYER
from tonk_rules.sim.runner import play_hands
from tonk_rules.sim.tally import Tally
from tonk_rules.sim.tuning import seats_for
from tonk_rules.variant.loader import builtin_names


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    names = list(builtin_names())
    tallies = []
    start = time.perf_counter()
    for name in names:
        ruleset = load_ruleset(name)
        players = 3 if ruleset.why_not_seat(3) is None else 2
        seats = seats_for(ruleset, players, parse_specs(",".join([DEFAULT_PLAYER] * players)))
        tallies.append(Tally.of(play_hands(ruleset, seats, hands, 1), players))
    keys = [k for k, d in IN_PLAY.items() if d.how == "kernel"]
    print(f"rules in play: share of {hands:,} hands, {DEFAULT_PLAYER} at every seat (tuned), "
          f"{time.perf_counter() - start:.1f} s")
    print("| rule | " + " | ".join(names) + " |")
    print("|---|" + "---|" * len(names))
    for key in keys:
        cells = []
        for t in tallies:
            k = hands_in_play(t, key) or 0
            cells.append("—" if k == 0 else f"{100 * k / t.hands:.2g}%")
        print(f"| `{key}` | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
