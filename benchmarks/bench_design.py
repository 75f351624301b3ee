"""How long ``tonk design`` takes, whole and by successive halving, and what halving saves. (Not a test.)

    python benchmarks/bench_design.py [--hands N] [--workers W]

Two searches of russian with the default players at every seat, target turns=min, keeping deal_tonk<=2%:
a 6-point grid (played whole: every point ``--hands`` hands) and a 16-point grid (successive halving down to
4 finalists that play ``--hands``). Prints the hands played, the seconds, hands per second and, for the
halving search, the hands a whole search of the same grid would have played. The kernel is warmed first
(one tiny search), so compile time is not counted; each point's tuning is cached after its first run.
"""

from __future__ import annotations

import argparse
import time

from tonk_rules.bots.specs import parse_spec
from tonk_rules.sim.design import DesignChunk, play_chunks, run_design
from tonk_rules.sim.design_goals import DesignPlan, parse_keep, parse_target
from tonk_rules.sim.design_stats import DesignSums
from tonk_rules.sim.executors import Executor, make_executor
from tonk_rules.sim.panel import DEFAULT_PLAYER


def search(varied: dict[str, tuple[object, ...]], hands: int, executor: Executor) -> tuple[int, float, dict]:
    played = 0

    def counting(chunks: list[DesignChunk], ex: Executor, progress: object) -> list[DesignSums]:
        nonlocal played
        played += sum(c.size * len(c.points) for c in chunks)
        return play_chunks(chunks, ex, None)

    plan = DesignPlan("russian", tuple(varied.items()), parse_target("turns=min"), (parse_keep("deal_tonk<=2%"),),
                      hands, 3, 0, (parse_spec(DEFAULT_PLAYER),) * 3)
    start = time.perf_counter()
    data = run_design(plan, executor, counting)  # type: ignore[arg-type]
    return played, time.perf_counter() - start, data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="hands of each point (the finalists)")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    executor = make_executor("local", args.workers)
    small = {"deal_check.at_most": (11, 12, 13), "taken_discard.rule": ("free", "not_discarded_this_turn")}
    large = {"deal_check.at_most": (10, 11, 12, 13), "knocking.max_count": (5, 7, 9, 10)}
    for grid in (small, large):  # warm: compile and tune every point once
        search(grid, 100, executor)
    print(f"tonk design russian, target turns=min, keep deal_tonk<=2%, {DEFAULT_PLAYER} at 3 seats, "
          f"{args.workers} worker(s)")
    for name, grid in (("6 points, whole", small), ("16 points, halving", large)):
        played, seconds, data = search(grid, args.hands, executor)
        whole = data["search"]["points"] * data["hands"]
        print(f"{name:20} {played:>9,} hands {seconds:7.1f} s {played / seconds:>9,.0f} hands/s"
              f"  (a whole search: {whole:,} hands; rounds {data['search']['rounds']})")


if __name__ == "__main__":
    main()
