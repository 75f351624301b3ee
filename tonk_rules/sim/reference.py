"""``play_hands`` on the reference engine: the truth the compiled kernel is tested against, and the
runner for bots the kernel does not compile and where numba cannot be imported. Same arguments and the
same :class:`~tonk_rules.kernel.batch.HandBatch` as :func:`tonk_rules.kernel.play_hands`; any bot of
:data:`~tonk_rules.bots.BOT_CLASSES` may sit.

    >>> from tonk_rules.ruleset import compile_ruleset
    >>> from tonk_rules.variant.loader import load_variant
    >>> batch = play_hands(compile_ruleset(load_variant("pagat").variant), [("greedy", {}), ("random", {})], 3, 1)
    >>> batch.net.sum(axis=1).tolist()
    [0, 0, 0]
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from tonk_rules.bots import BOT_CLASSES, observe
from tonk_rules.bots.montecarlo import MonteCarloBot
from tonk_rules.bots.observation import PublicLog
from tonk_rules.bots.specs import bot_seats
from tonk_rules.engine.encoding import action_key
from tonk_rules.engine.hand import Hand, Phase
from tonk_rules.errors import KernelError
from tonk_rules.kernel.batch import ENDINGS, MAX_ACTIONS, HandBatch, check_run, empty_batch, plan_hand
from tonk_rules.kernel.layout import SESSION
from tonk_rules.kernel.search import montecarlo_params
from tonk_rules.kernel.seats import SeatSpec
from tonk_rules.kernel.tables import seating
from tonk_rules.ruleset import Ruleset


def play_hands(ruleset: Ruleset, seats: Sequence[SeatSpec], n_hands: int, seed: int,
               stakes: Sequence[int] | None = None, first_dealer: int = 0, first_hand: int = 0,
               trace: bool = False, max_actions: int = MAX_ACTIONS) -> HandBatch:
    """Play hands ``first_hand .. first_hand + n_hands - 1`` of the run ``seed`` with the reference engine."""
    specs = bot_seats(seats)
    n_players = len(specs)
    seats_ = seating(ruleset)
    stake_list = check_run(seats_, n_players, n_hands, seed, first_hand, first_dealer, stakes)
    out = empty_batch(n_hands, n_players)
    traces = []
    names = [f"seat{s}" for s in range(n_players)]
    # a montecarlo seat that remembers keeps what it saw over a session's hands: a run that starts within one
    # plays the session's earlier hands first, unrecorded (as the compiled search does)
    remembers = any(name == "montecarlo" and montecarlo_params(params)["memory"] for name, params in specs)
    start = first_hand - first_hand % SESSION if remembers else first_hand
    memory: list[npt.NDArray[np.int64] | None] = [None] * n_players
    for row in range(start - first_hand, n_hands):
        plan = plan_hand(seats_.deck, n_players, seed, first_hand + row, first_dealer)
        bots = [BOT_CLASSES[name](**params, seed=s)
                for (name, params), s in zip(specs, plan.bot_seeds, strict=True)]
        if (first_hand + row) % SESSION == 0:
            memory = [None] * n_players
        for seat, bot in enumerate(bots):
            if isinstance(bot, MonteCarloBot):
                bot.memory = memory[seat]
        hand = Hand.deal(ruleset, names, plan.dealer, plan.deck, stake_list, plan.reshuffle_seed)
        keys: list[int] = []
        log = PublicLog(n_players)
        turns = 0
        while hand.result is None:
            legal = hand.legal_actions()
            if not legal:
                raise KernelError(f"hand {first_hand + row}: a seat has no legal action (this variant lets a hand "
                                  "get stuck)")
            if len(keys) >= max_actions:
                raise KernelError(f"hand {first_hand + row}: the hand did not end within {max_actions} actions (bots "
                                  "that never knock can play forever where the stock is reshuffled)")
            seat = hand.current
            if hand.phase is Phase.START:
                turns += 1
            action = bots[seat].choose(observe(hand, seat, log), legal)
            keys.append(action_key(action))
            hand.apply(action)
        for seat, bot in enumerate(bots):
            if isinstance(bot, MonteCarloBot):
                bot.hand_over(observe(hand, seat, log))
                memory[seat] = bot.memory
        if row < 0:
            continue
        result = hand.result
        out["ending"][row] = ENDINGS.index(result.ending)
        for w in result.winners:
            out["winners"][row, w] = True
        out["counts"][row] = result.counts
        out["net"][row] = result.net
        out["knocker"][row] = -1 if result.knocker is None else result.knocker
        out["actions"][row] = len(keys)
        out["turns"][row] = turns
        out["dealer"][row] = plan.dealer
        if trace:
            traces.append(np.array(keys, np.int64))
    return HandBatch(**out, trace=tuple(traces) if trace else None)  # type: ignore[arg-type]


