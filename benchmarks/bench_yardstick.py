"""Benchmark: the project's players measured from outside — against OpenSpiel's IS-MCTS and the frozen baseline.

Every hand is played by OpenSpiel's own loop (``open_spiel.python.algorithms.evaluate_bots``) on the game
``python_tonk`` (:mod:`tonk_rules.interop.openspiel_game`): OpenSpiel's IS-MCTS is
``open_spiel.python.algorithms.ismcts`` unchanged (each leaf valued by one random playout,
:func:`~tonk_rules.interop.openspiel_bot.ismcts_bot`); the project's players sit through
:class:`~tonk_rules.interop.openspiel_bot.ProjectBot` (a spec without parameters: the tuned default for the
variant and table size); the frozen baseline (:mod:`tonk_rules.bots.baseline`, which never changes) through the
same observation. Three parts (``--parts``):

1. ``default``: IS-MCTS at each ``--sims`` (default 100, 1,000 and 4,000 simulations a move) in one seat, a
   table of the default player (``--default``, ``reckoner``) in the others, at ``--players`` (default 3; the
   most the variant seats where fewer).
2. ``baseline``: each player of ``--players-scored`` (the default, ``montecarlo``, ``greedy``, ``random``) and
   IS-MCTS at each ``--sims`` in one seat, a table of the baseline in the others: the yardstick every future
   player is also scored against.
3. ``head``: IS-MCTS against ``montecarlo`` at a table of 2, at equal CPU per decision, both ways: IS-MCTS at
   ``--head-sims`` simulations (default 100) against montecarlo given the playouts that cost as much CPU per
   decision, and montecarlo at its default budget against IS-MCTS given the simulations that cost what that
   does. The match is found by a calibration (``--calibrate`` decisions of each on the first variant's deals,
   CPU time per searched decision, linear in the budget); CPU time is not fixed by a seed, so the budgets it
   found are printed and ``--head-rollouts R --head-match-sims S`` replays exactly those budgets.

Seats are rotated: every deal is played once with the tested player in each seat (the same cards: OpenSpiel's
loop draws every chance outcome from a generator seeded by ``--seed``, the variant and the deal, and the deal
is its first outcomes), and a deal's figure is the tested player's net averaged over its seats. A figure is
the mean over deals, in stakes a hand, with a 95% interval (Student's t over the deals, which are few), the
hands played, the tested player's CPU milliseconds per decision where it had a choice, and the wall time.

Bounded: each configuration plays at most ``--hands`` hands (rounded up to whole rotations) and stops starting
new deals after ``--seconds`` seconds; only whole rotations count, and the hands actually played are printed.
The same ``--seed`` and hand counts give the same hands and figures (up to the head part's calibration).

Run: python benchmarks/bench_yardstick.py [--variants pagat,russian] [--sims 100,1000,4000] [--hands 60]
     [--seconds 300] [--workers 2] [--seed 2026] [--parts default,baseline,head] [--baseline-sims 100]
     [--head-sims 100] [--json FILE]
     (prints its figures; not a test; needs the [openspiel] extra)
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

try:
    import pyspiel
    from open_spiel.python.algorithms import evaluate_bots
except ImportError:  # pragma: no cover - said once, plainly
    sys.exit("bench_yardstick needs OpenSpiel: pip install -e '.[openspiel]'")

import tonk_rules.interop.openspiel_game  # noqa: F401  (registers python_tonk)
from tonk_rules.bots.baseline import BaselineBot
from tonk_rules.interop.openspiel_bot import ProjectBot, ismcts_bot
from tonk_rules.interop.openspiel_game import TonkGame, TonkState
from tonk_rules.kernel.search import DEFAULT_ROLLOUTS
from tonk_rules.limits import MAX_ROLLOUTS

#: Student's t, two-sided 95%, by degrees of freedom (30 and above: the normal's 1.96 is within 4%).
T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
       2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045)


def t95(df: int) -> float:
    return T95[df - 1] if 1 <= df <= len(T95) else 1.959964


class SeatedBaseline(pyspiel.Bot):  # type: ignore[misc]
    """The frozen baseline in one seat of a ``python_tonk`` game, given what its seat observes."""

    def __init__(self, player: int) -> None:
        super().__init__()
        self.player, self.bot = player, BaselineBot()

    def step(self, state: TonkState) -> int:
        table = state.table
        obs = table.observation(self.player)
        assert obs is not None and table.current() == self.player
        return int(table.codes.encode(self.bot.choose(obs, table.engine_legal())))

    def restart_at(self, state: Any) -> None:
        pass

    def inform_action(self, state: Any, player: int, action: int) -> None:
        pass

    def restart(self) -> None:
        pass


class Timed:
    """A bot whose decisions with a choice are counted and timed (CPU seconds of this process)."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.cpu, self.decisions = bot, 0.0, 0

    def restart_at(self, state: Any) -> None:
        self.bot.restart_at(state)

    def inform_action(self, state: Any, player: int, action: int) -> None:
        self.bot.inform_action(state, player, action)

    def step(self, state: TonkState) -> int:
        if len(state.legal_actions()) == 1:  # no choice: nothing to time (IS-MCTS does not search it either)
            return int(self.bot.step(state))
        start = time.process_time()
        action = self.bot.step(state)
        self.cpu += time.process_time() - start
        self.decisions += 1
        return int(action)


def seat_bot(game: TonkGame, player: int, spec: str, seed: int) -> Any:
    """``ismcts:N`` (OpenSpiel's IS-MCTS, N simulations), ``baseline``, or a project bot spec."""
    if spec.startswith("ismcts:"):
        return ismcts_bot(game, int(spec.split(":", 1)[1]), seed=seed)
    if spec == "baseline":
        return SeatedBaseline(player)
    return ProjectBot(game, player, spec, seed=seed)


@dataclass(frozen=True)
class Task:
    variant: str
    players: int
    tested: str
    table: str  # the spec in every other seat
    deal: int
    seat: int
    seed: int


#: a hand's result: the tested seat's net, its timed decisions, their CPU seconds
Outcome = tuple[float, int, float]
_GAMES: dict[tuple[str, int], TonkGame] = {}


def _game(variant: str, players: int) -> TonkGame:
    if (variant, players) not in _GAMES:
        _GAMES[variant, players] = pyspiel.load_game("python_tonk", {"variant": variant, "players": players})
    return _GAMES[variant, players]


def deal_seed(seed: int, variant: str, deal: int) -> int:
    return (seed * 1_000_003 + sum(ord(c) * 31**i for i, c in enumerate(variant)) * 7919 + deal) % 2**31


def play(task: Task) -> Outcome:
    game = _game(task.variant, task.players)
    bot_seed = deal_seed(task.seed, task.variant, task.deal) + 17 * task.seat
    bots = [Timed(seat_bot(game, p, task.tested if p == task.seat else task.table, bot_seed + p))
            for p in range(task.players)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots,
                                          np.random.RandomState(deal_seed(task.seed, task.variant, task.deal)))
    mine = bots[task.seat]
    return float(returns[task.seat]), mine.decisions, mine.cpu


def _warm() -> None:
    """Load the kernel in a worker before the timed hands (the default and montecarlo decide with it)."""
    game = _game("pagat", 2)
    for spec in ("reckoner", f"montecarlo:rollouts={DEFAULT_ROLLOUTS}"):
        bots = [ProjectBot(game, 0, spec), ProjectBot(game, 1, "greedy")]
        evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(0))


@dataclass
class Figure:
    part: str
    variant: str
    players: int
    tested: str
    table: str
    deals: int = 0
    hands: int = 0
    mean: float = 0.0
    ci95: tuple[float, float] = (0.0, 0.0)
    cpu_ms_per_decision: float | None = None
    wall_s: float = 0.0
    stopped_by_time: bool = False
    per_deal: list[float] = field(default_factory=list, repr=False)

    def line(self) -> str:
        cpu = f"{self.cpu_ms_per_decision:,.1f} ms" if self.cpu_ms_per_decision is not None else "—"
        lo, hi = self.ci95
        cut = " (stopped by --seconds)" if self.stopped_by_time else ""
        return (f"{self.variant:<12} {self.players}p  {self.tested:<24} vs {self.table:<24} "
                f"{self.mean:+.3f} [{lo:+.3f}, {hi:+.3f}]  {self.hands:>5} hands ({self.deals} deals){cut}  "
                f"{cpu}/decision  {self.wall_s:.0f} s")


def run_config(pool: ProcessPoolExecutor, figure: Figure, hands: int, seconds: float, seed: int,
               workers: int) -> Figure:
    """Play whole rotations of deals (at most ``hands`` hands, no new deal after ``seconds``)."""
    players = figure.players
    deals = max(1, -(-hands // players))
    start = time.monotonic()
    nets: dict[int, list[float]] = {}
    cpu, decisions = 0.0, 0
    pending: dict[Future[Outcome], Task] = {}
    queue = [Task(figure.variant, players, figure.tested, figure.table, d, s, seed)
             for d in range(deals) for s in range(players)]
    stopped = False
    while queue or pending:
        while queue and len(pending) < workers:
            if time.monotonic() - start > seconds and queue[0].seat == 0:  # only whole deals are started
                stopped, queue = True, []
                break
            task = queue.pop(0)
            pending[pool.submit(play, task)] = task
        if not pending:
            break
        done, _ = wait(pending, return_when=FIRST_COMPLETED)
        for future in done:
            task = pending.pop(future)
            net, n, c = future.result()
            nets.setdefault(task.deal, []).append(net)
            cpu, decisions = cpu + c, decisions + n
    whole = [statistics.fmean(v) for d, v in sorted(nets.items()) if len(v) == players]
    figure.deals, figure.hands, figure.per_deal = len(whole), len(whole) * players, whole
    figure.stopped_by_time, figure.wall_s = stopped, time.monotonic() - start
    if whole:
        figure.mean = statistics.fmean(whole)
        half = t95(len(whole) - 1) * statistics.stdev(whole) / math.sqrt(len(whole)) if len(whole) > 1 else math.inf
        figure.ci95 = (figure.mean - half, figure.mean + half)
    figure.cpu_ms_per_decision = 1000 * cpu / decisions if decisions else None
    return figure


def table_size(variant: str, wanted: int) -> int:
    from tonk_rules import load_ruleset

    rules = load_ruleset(variant)
    return max(rules.min_players, min(wanted, rules.max_players))


def calibrate(pool: ProcessPoolExecutor, variant: str, decisions: int, sims: int, seed: int,
              workers: int) -> tuple[float, float]:
    """CPU seconds per searched decision per playout of montecarlo (at its default budget) and per simulation
    of IS-MCTS (at ``sims``), each against the default at a table of 2, until ``decisions`` decisions each."""
    out = []
    for tested, budget in ((f"montecarlo:rollouts={DEFAULT_ROLLOUTS}", DEFAULT_ROLLOUTS), (f"ismcts:{sims}", sims)):
        cpu, n, deal = 0.0, 0, 0
        while n < decisions:
            batch = [Task(variant, 2, tested, "reckoner", 10_000 + deal + k, k % 2, seed) for k in range(workers)]
            for _, d, c in pool.map(play, batch):
                cpu, n = cpu + c, n + d
            deal += workers
        out.append(cpu / n / budget)
    return out[0], out[1]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variants", default="pagat,russian")
    ap.add_argument("--sims", default="100,1000,4000", help="IS-MCTS simulations a move, comma-separated")
    ap.add_argument("--baseline-sims", default=None, help="IS-MCTS simulations scored against the baseline "
                    "(default: --sims)")
    ap.add_argument("--players", type=int, default=3, help="table size of the default and baseline parts")
    ap.add_argument("--hands", type=int, default=60, help="most hands per configuration (whole rotations)")
    ap.add_argument("--cheap-hands", type=int, default=None,
                    help="most hands per configuration without IS-MCTS (default: 10 × --hands)")
    ap.add_argument("--seconds", type=float, default=300.0, help="no new deal after this long, per configuration")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--parts", default="default,baseline,head")
    ap.add_argument("--default", default="reckoner", help="the default player's spec")
    ap.add_argument("--players-scored", default="reckoner,montecarlo,greedy,random",
                    help="players scored against the baseline, besides IS-MCTS")
    ap.add_argument("--head-sims", type=int, default=100)
    ap.add_argument("--head-rollouts", type=int, default=None, help="montecarlo's budget against --head-sims "
                    "(default: calibrated)")
    ap.add_argument("--head-match-sims", type=int, default=None, help="IS-MCTS's simulations against montecarlo "
                    "at its default budget (default: calibrated)")
    ap.add_argument("--calibrate", type=int, default=40, help="decisions timed for each player in calibration")
    ap.add_argument("--json", default=None, help="also write every figure to this file")
    args = ap.parse_args(argv)
    variants = [v for v in args.variants.split(",") if v]
    sims = [int(s) for s in args.sims.split(",") if s]
    baseline_sims = sims if args.baseline_sims is None else [int(s) for s in args.baseline_sims.split(",") if s]
    parts = set(args.parts.split(","))
    if unknown := parts - {"default", "baseline", "head"}:
        ap.error(f"unknown part(s): {', '.join(sorted(unknown))}")
    cheap_hands = args.cheap_hands if args.cheap_hands is not None else 10 * args.hands
    figures: list[Figure] = []
    head_budgets: dict[str, Any] = {}
    print(f"seed {args.seed}; at most {args.hands} hands a configuration with IS-MCTS ({cheap_hands} without), "
          f"no new deal after {args.seconds:g} s; {args.workers} workers", flush=True)
    with ProcessPoolExecutor(args.workers, initializer=_warm) as pool:
        for variant in variants:
            players = table_size(variant, args.players)
            if "default" in parts:
                for s in sims:
                    f = run_config(pool, Figure("default", variant, players, f"ismcts:{s}", args.default),
                                   args.hands, args.seconds, args.seed, args.workers)
                    figures.append(f)
                    print(f.line(), flush=True)
            if "baseline" in parts:
                scored = [p for p in args.players_scored.split(",") if p] + [f"ismcts:{s}" for s in baseline_sims]
                for tested in scored:
                    hands = args.hands if tested.startswith("ismcts:") else cheap_hands
                    f = run_config(pool, Figure("baseline", variant, players, tested, "baseline"),
                                   hands, args.seconds, args.seed, args.workers)
                    figures.append(f)
                    print(f.line(), flush=True)
        if "head" in parts:
            rollouts, match = args.head_rollouts, args.head_match_sims
            if rollouts is None or match is None:
                per_rollout, per_sim = calibrate(pool, variants[0], args.calibrate, args.head_sims, args.seed,
                                                 args.workers)
                head_budgets["calibration"] = {"variant": variants[0], "cpu_ms_per_playout": 1000 * per_rollout,
                                               "cpu_ms_per_simulation": 1000 * per_sim}
                print(f"calibration ({variants[0]}): montecarlo {1000 * per_rollout:.4f} ms a playout, IS-MCTS "
                      f"{1000 * per_sim:.3f} ms a simulation", flush=True)
                if rollouts is None:
                    rollouts = min(MAX_ROLLOUTS, max(1, round(args.head_sims * per_sim / per_rollout)))
                if match is None:
                    match = max(1, round(DEFAULT_ROLLOUTS * per_rollout / per_sim))
            head_budgets |= {"ismcts_sims": args.head_sims, "montecarlo_rollouts": rollouts,
                             "montecarlo_default": DEFAULT_ROLLOUTS, "ismcts_matched_sims": match}
            print(f"head to head at equal CPU: ismcts:{args.head_sims} vs montecarlo:rollouts={rollouts}; "
                  f"montecarlo:rollouts={DEFAULT_ROLLOUTS} vs ismcts:{match} "
                  f"(replay: --head-rollouts {rollouts} --head-match-sims {match})", flush=True)
            for variant in variants:
                for tested, other in ((f"ismcts:{args.head_sims}", f"montecarlo:rollouts={rollouts}"),
                                      (f"montecarlo:rollouts={DEFAULT_ROLLOUTS}", f"ismcts:{match}")):
                    f = run_config(pool, Figure("head", variant, 2, tested, other), args.hands, args.seconds,
                                   args.seed, args.workers)
                    figures.append(f)
                    print(f.line(), flush=True)
    if args.json:
        data = {"seed": args.seed, "hands": args.hands, "cheap_hands": cheap_hands, "seconds": args.seconds,
                "workers": args.workers, "head": head_budgets,
                "figures": [{k: v for k, v in asdict(f).items() if k != "per_deal"} for f in figures]}
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=2)
            out.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
