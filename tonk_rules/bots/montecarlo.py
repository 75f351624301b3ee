"""``montecarlo``: a determinized Monte Carlo player that decides from its :class:`Observation` alone.

It models each other seat by what it has seen that seat do: a posterior over candidate policies
(:data:`~tonk_rules.kernel.search.MODELLED`: the default player, casual, greedy, random), from the public
feature of each of that seat's choices (:func:`~tonk_rules.bots.montecarlo_view.seen_choices`). For each
decision with more than one legal action it draws, per playout, a policy for every other seat from its
posterior, deals the cards it cannot see at random, consistently with what it has seen
(:mod:`tonk_rules.bots.montecarlo_view`: its own hand, the spreads, the discard pile as the history shows
it, the cards each player took from the pile and still holds) and with what the drawn policies imply (a
greedy seat holds nothing above its last discard, a seat that lays every spread holds no meld, and with
``declined=1`` a seat that passed up a card discarded in view for the stock holds nothing that would have
melded with it, as every modelled player but random takes such a card), and plays
every candidate out on each such deal, itself as its fallback: the default player, or greedy once it
believes another seat plays at random (``random_at``). With ``switch=1`` the other of the two, played from
here on, is one more option. Every option is played on the same deals with the same drawn players (a paired
comparison); the best summed net is played only where its gain over the fallback's own choice is clear
(``confidence``, hundredths of a standard error) and not negative on the samples that seat a random player,
else the fallback's choice. ``rollouts`` is the budget, the playouts per decision shared among the options
(``knock_x`` times it where a knock is legal, ``rest`` percent of it elsewhere); ``knock`` and
``patience`` are those of the greedy it believes others may play (pass a variant's tuned ones).

    >>> bot = MonteCarloBot(rollouts=40, knock=1, seed=1)
    >>> bot.name, bot.params()  # doctest: +NORMALIZE_WHITESPACE
    ('montecarlo', {'rollouts': 40, 'knock': 1, 'patience': 30, 'confidence': 200, 'switch': 1, 'random_at': 40,
                    'memory': 1, 'confirm': 0, 'declined': 0, 'extend': 0, 'knock_x': 1, 'rest': 100, 'belief': 100,
                    'replay': 0})

Where it searches: in the compiled kernel (:mod:`tonk_rules.kernel.search_nb`) when numba is installed;
a table with montecarlo seats is then played entirely there (:func:`tonk_rules.kernel.search.play_hands`),
and the same bot played through the reference engine makes the same choices from the same seed (the seed
starts its SplitMix64 stream, as a kernel seat's does). Without numba it samples identically in Python and
plays out on the reference engine (a test compares the two: the same totals for every candidate); ``belief``
below 100 is searched in the kernel only (without it, the bot says so and refuses). ``replay`` above 0 (keep a
sampled deal only where each other seat's drawn policy replays that seat's last turn as it was played: the
state at that turn's start is the table's, which an Observation does not rebuild) is searched only where a
whole table plays in the kernel (:func:`tonk_rules.kernel.search.play_hands`); this bot refuses it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np
import numpy.typing as npt

from tonk_rules.bots.base import Bot
from tonk_rules.bots.greedy import encode_memory
from tonk_rules.bots.montecarlo_view import View, as_state, last_values, play_out, sample, seen_choices, view_of
from tonk_rules.bots.observation import Observation
from tonk_rules.bots.plain_bots import PLAIN_BOT_CLASSES
from tonk_rules.engine.actions import Action, Knock
from tonk_rules.engine.encoding import action_key, canonical
from tonk_rules.errors import BotSpecError
from tonk_rules.kernel import AVAILABLE
from tonk_rules.kernel.layout import NO_CAP
from tonk_rules.kernel.rollout import encode
from tonk_rules.kernel.search import (
    ALTERNATIVE,
    DEFAULT_ROLLOUTS,
    MONTECARLO_PARAMS,
    RANDOM,
    SeatModel,
    cached_tables,
    compiled,
    decide,
    montecarlo_params,
    seat_model,
    weight_table,
)
from tonk_rules.kernel.search_budget_nb import budget
from tonk_rules.prng import SplitMix64

__all__ = ["DEFAULT_ROLLOUTS", "MONTECARLO_PARAMS", "MonteCarloBot"]


class MonteCarloBot:
    """Determinized Monte Carlo with greedy playouts; ``rollouts`` playouts per decision."""

    name = "montecarlo"

    def __init__(self, *, rollouts: int = MONTECARLO_PARAMS["rollouts"].default,
                 knock: int = MONTECARLO_PARAMS["knock"].default,
                 patience: int = MONTECARLO_PARAMS["patience"].default,
                 confidence: int = MONTECARLO_PARAMS["confidence"].default,
                 switch: int = MONTECARLO_PARAMS["switch"].default,
                 random_at: int = MONTECARLO_PARAMS["random_at"].default,
                 memory: int = MONTECARLO_PARAMS["memory"].default,
                 confirm: int = MONTECARLO_PARAMS["confirm"].default,
                 declined: int = MONTECARLO_PARAMS["declined"].default,
                 extend: int = MONTECARLO_PARAMS["extend"].default,
                 knock_x: int = MONTECARLO_PARAMS["knock_x"].default,
                 rest: int = MONTECARLO_PARAMS["rest"].default,
                 belief: int = MONTECARLO_PARAMS["belief"].default,
                 replay: int = MONTECARLO_PARAMS["replay"].default, seed: int = 0) -> None:
        if not isinstance(rollouts, int) or isinstance(rollouts, bool) or rollouts < 1:
            raise BotSpecError(f"montecarlo: rollouts must be a whole number 1 or more, not {rollouts!r}")
        self._params = montecarlo_params({"rollouts": rollouts, "knock": knock, "patience": patience,
                                          "confidence": confidence, "switch": switch, "random_at": random_at,
                                          "memory": memory, "confirm": confirm, "declined": declined,
                                          "extend": extend, "knock_x": knock_x, "rest": rest, "belief": belief,
                                          "replay": replay})
        self.rollouts = rollouts
        self.seed = seed % 2**64
        #: per seat and candidate, the summed log-likelihood of what each other seat did in the session's earlier
        #: hands (``None``: nothing yet); :meth:`hand_over` adds each hand's, the runner hands it to the next
        #: hand's bot of this seat (:func:`tonk_rules.sim.reference.play_hands`)
        self.memory: npt.NDArray[np.int64] | None = None

    def params(self) -> dict[str, int]:
        return dict(self._params)

    def choose(self, obs: Observation, legal: Sequence[Action]) -> Action:
        candidates = canonical(legal)
        if len(candidates) == 1:
            return candidates[0]
        return self.decide(obs, candidates, kernel=AVAILABLE)[1]

    def totals(self, obs: Observation, candidates: Sequence[Action], *, kernel: bool) -> list[int]:
        """Each candidate's summed net over this decision's samples, then (``switch=1``) that of playing greedy
        from here on (``kernel``: search in the kernel); advances the random stream as :meth:`choose` does."""
        return self.decide(obs, candidates, kernel=kernel)[0]

    def decide(self, obs: Observation, candidates: Sequence[Action], *, kernel: bool) -> tuple[list[int], Action]:
        """:meth:`totals`, and the action this bot plays (``candidates``: the legal actions in canonical
        order, two or more): the best option where its gain over the default player's own choice is clear,
        else that choice (:func:`~tonk_rules.kernel.search_nb.clear_gain`)."""
        if self._params["replay"] != MONTECARLO_PARAMS["replay"].default:
            raise BotSpecError("montecarlo: replay (which deals to keep by each seat's last turn) is searched only "
                               "where a whole table plays in the compiled kernel (tonk simulate, the benchmarks)")
        view = view_of(obs)
        if not self._params["declined"]:  # no inference from the cards a seat passed up
            view = replace(view, declined=())
        if kernel:
            return self._kernel_decision(obs, view, candidates)
        if self._params["belief"] != MONTECARLO_PARAMS["belief"].default:
            raise BotSpecError("montecarlo: belief (which deals to keep by who would have knocked) is searched in the "
                               "compiled kernel only (pip install numba)")
        model, scores = self.model(obs), self.scores(obs)
        own = self.fallback(obs, scores)
        other = ALTERNATIVE if own == 0 else 0
        choice = [PLAIN_BOT_CLASSES[name](**params).choose(obs, candidates) for name, params in (model.seats[own],
                                                                                           model.seats[other])]
        default = candidates.index(choice[0])
        moves = list(candidates)
        if self._params["switch"]:
            moves.append(choice[1])
        rng = SplitMix64(self.seed)
        confirm = self._params["confirm"] != 0
        spend = budget(self.rollouts, any(isinstance(a, Knock) for a in candidates), self._params["knock_x"],
                       self._params["rest"])
        samples = max(1, spend // (len(moves) * (2 if confirm else 1)))
        totals = [0] * len(moves)
        gains = self._samples(obs, view, model, scores, moves, range(len(moves)), default, own, other, samples, rng,
                              totals)
        best = max(range(len(moves)), key=lambda i: (totals[i], -i))
        if confirm and best != default:  # confirmed on new samples, with the other half of the budget
            samples = max(1, spend // 4)
            gains = self._samples(obs, view, model, scores, moves, (default, best), default, own, other, samples,
                                  rng, totals)
        gain, gain2, beside_random = gains
        extend = self._params["extend"]
        if extend and best != default and gain[best] > 0 and not compiled().clear_gain(
                gain[best], gain2[best], samples, self._params["confidence"]):  # close: more, on new samples
            samples = max(1, extend * spend // 2)
            gain, gain2, beside_random = self._samples(obs, view, model, scores, moves, (default, best), default, own,
                                                       other, samples, rng, totals)
        self.seed = rng.state
        clear = beside_random[best] >= 0 and compiled().clear_gain(gain[best], gain2[best], samples,
                                                                   self._params["confidence"])
        return totals, moves[best] if best != default and clear else candidates[default]

    def _samples(self, obs: Observation, view: View, model: SeatModel, scores: npt.NDArray[np.int64],
                 moves: Sequence[Action], active: Sequence[int], default: int, own: int, other: int, samples: int,
                 rng: SplitMix64, totals: list[int]) -> tuple[list[int], list[int], list[int]]:
        """``samples`` samples as the compiled search's ``_play_samples`` plays them: each ``active`` option
        played out (the last of ``moves`` with ``switch=1``: the other own policy), its net added to ``totals``;
        returns the summed gains over option ``default``, their squares, and the gains beside a random seat."""
        candidates = len(moves) - (1 if self._params["switch"] else 0)
        gain, gain2, beside_random = [0] * len(moves), [0] * len(moves), [0] * len(moves)
        last = last_values(obs)
        for _ in range(samples):
            seats, caps = self._draw_seats(obs, model, scores, last, rng)
            deal = sample(obs, view, rng, caps)
            nets = {i: play_out(obs, view, deal, moves[i], self._bots(model, seats, own if i < candidates else other))
                    for i in active}
            for i in active:
                totals[i] += nets[i]
                gain[i] += nets[i] - nets[default]
                gain2[i] += (nets[i] - nets[default]) ** 2
                if any(seat is not None and seat[0] == RANDOM for seat in seats):
                    beside_random[i] += nets[i] - nets[default]
        return gain, gain2, beside_random

    def fallback(self, obs: Observation, scores: npt.NDArray[np.int64]) -> int:
        """The candidate this bot plays for itself and falls back on (``search_nb.fallback``): the default
        player (0), or greedy once it believes ``random_at`` percent or more of random play of another seat."""
        table = weight_table()
        for seat in range(len(obs.hand_sizes)):
            if seat != obs.seat:
                weights = _weights(scores[seat], table)
                if weights[RANDOM] * 100 >= self._params["random_at"] * sum(weights):
                    return ALTERNATIVE
        return 0

    def model(self, obs: Observation) -> SeatModel:
        """The candidate policies this bot believes the others may play at this table (:func:`seat_model`)."""
        return seat_model(obs.ruleset, len(obs.hand_sizes), self._params["knock"], self._params["patience"])

    def scores(self, obs: Observation) -> npt.NDArray[np.int64]:
        """Per seat and candidate, the summed log-likelihood (milli-nats) of what the seat has been seen to do
        this hand and, with ``memory=1``, in the session's earlier hands (:attr:`memory`), over the prior (the
        bot's own row stays at the prior)."""
        scores = np.tile(self.model(obs).prior, (len(obs.hand_sizes), 1)) + self._seen(obs)
        return scores + self.memory if self.memory is not None else scores

    def hand_over(self, obs: Observation) -> None:
        """The hand is over (``obs``: this seat's view of its end): with ``memory=1``, what the others did in it
        is added to :attr:`memory`, as the compiled search keeps it for the session's next hand."""
        if self._params["memory"]:
            seen = self._seen(obs)
            self.memory = seen if self.memory is None else self.memory + seen

    def _seen(self, obs: Observation) -> npt.NDArray[np.int64]:
        model = self.model(obs)
        seen = np.zeros((len(obs.hand_sizes), len(model.prior)), np.int64)
        for seat, feature in seen_choices(obs):
            if seat != obs.seat:
                seen[seat] += model.logp[:, feature]
        return seen

    def posterior(self, obs: Observation) -> dict[int, dict[str, float]]:
        """For every other seat, the share of playouts in which it plays each candidate (the posterior)."""
        model, scores, table = self.model(obs), self.scores(obs), weight_table()
        out = {}
        for seat in range(len(obs.hand_sizes)):
            if seat != obs.seat:
                weights = _weights(scores[seat], table)
                out[seat] = {name: w / sum(weights) for name, w in zip(model.names, weights, strict=True)}
        return out

    def _draw_seats(self, obs: Observation, model: SeatModel, scores: npt.NDArray[np.int64], last: Sequence[int],
                    rng: SplitMix64) -> tuple[list[tuple[int, int] | None], list[tuple[int, int, int]]]:
        """One playout's other seats as the compiled search draws them (``draw_models``): per seat in order,
        a candidate from its posterior, then its random stream's start (``None`` for this bot's own seat),
        and each seat's cap on its unseen cards' values, whether its candidate lays every spread and whether it
        takes every discard that melds (every candidate but random play)."""
        table = weight_table()
        seats: list[tuple[int, int] | None] = []
        caps = []
        for seat in range(len(obs.hand_sizes)):
            c = 0
            if seat == obs.seat:
                seats.append(None)
            else:
                weights = _weights(scores[seat], table)
                t = rng.below(sum(weights))
                while t >= weights[c]:
                    t, c = t - weights[c], c + 1
                seats.append((c, rng.next_u64()))
            slack, lays = int(model.slack[c, 0]), int(model.slack[c, 1])
            caps.append((last[seat] + slack if slack >= 0 and last[seat] != NO_CAP else NO_CAP, lays,
                         1 if slack >= 0 else 0))
        return seats, caps

    def _bots(self, model: SeatModel, seats: Sequence[tuple[int, int] | None], own: int) -> list[Bot]:
        """One playout's players: the drawn candidates, and ``own`` (a candidate's index) in this seat."""
        bots: list[Bot] = []
        for seat in seats:
            name, kwargs = model.seats[own if seat is None else seat[0]]
            bots.append(PLAIN_BOT_CLASSES[name](**kwargs, seed=0 if seat is None else seat[1]))
        return bots

    def _kernel_decision(self, obs: Observation, view: View, candidates: Sequence[Action]) -> tuple[list[int], Action]:
        state = encode(cached_tables(obs.ruleset), as_state(obs, view))
        encode_memory(state, obs)  # what the table saw, which the players of its playouts read as in the kernel's
        known = [_mask(held) for held in view.known]
        declined = [_mask(passed) for passed in view.declined] or None
        rng = np.array([self.seed], np.uint64)
        keys, totals, played = decide(obs.ruleset, state, known, _mask(view.discarded), rng, self._params,
                                      self.scores(obs), last_values(obs), declined)
        self.seed = int(rng[0])
        by_key = dict(zip(keys, totals, strict=False))  # (after the keys' totals: greedy's line, with switch=1)
        order = [action_key(a) for a in candidates]
        return [by_key[k] for k in order] + totals[len(keys):], candidates[order.index(played)]


def _weights(scores: npt.NDArray[np.int64], table: npt.NDArray[np.int64]) -> list[int]:
    """A seat's candidates' whole-number weights from its scores (as ``search_nb.seat_weights``)."""
    best = int(scores.max())
    return [int(table[min(best - int(s), len(table) - 1)]) for s in scores]


def _mask(cards: frozenset[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << int(c)
    return m
