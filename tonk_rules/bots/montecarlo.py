"""``montecarlo``: a determinized Monte Carlo player that decides from its :class:`Observation` alone.

For each decision it samples the cards it cannot see — the other hands, the stock, the buried part of the
discard pile — *consistently with what it has seen*: its own hand, the spreads, the top discard, every
card the public history shows (discards, spreads, hits) and every card a player took from the discard pile
and still holds. On each sample it plays every candidate action out to the end of the hand with the
``greedy`` policy in every seat, and it picks the candidate with the best mean net (ties: the first in
canonical order). Every candidate is played on the same samples, so the comparison is paired.

The budget ``rollouts`` is the number of playouts per decision, shared among the candidates.

    >>> bot = MonteCarloBot(rollouts=40, seed=1)
    >>> bot.name, bot.params()
    ('montecarlo', {'rollouts': 40})

How a sample becomes a hand: the state at the *start of the current turn* is rebuilt (this turn's own
laid cards back in hand, a card taken from the discard pile back on the pile, a card drawn from the stock
back on the stock) and this turn's actions are replayed through the engine's public ``apply``, so the
engine, not this module, settles every rule of the turn.

Where playouts run: on the compiled kernel (:func:`tonk_rules.kernel.rollout`, ``greedy`` in every seat)
when numba is installed, else on the reference engine. Both play the same rebuilt position with the same
deterministic policy, so they score every candidate identically (a test compares them); a playout the
kernel refuses (one that has not ended within ``MAX_PLAYOUT_ACTIONS``) is replayed on the reference engine,
which settles it as a draw.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tonk_rules.bots.greedy import GreedyBot
from tonk_rules.bots.observation import Observation, observe
from tonk_rules.cards import Card
from tonk_rules.engine.actions import Action, Discard, Draw, Hit, Knock, Spread
from tonk_rules.engine.encoding import canonical
from tonk_rules.engine.hand import Hand, TableSpread
from tonk_rules.errors import BotSpecError, KernelError, SimulationError
from tonk_rules.kernel import AVAILABLE, rollout, state_from_hand
from tonk_rules.terms import MeldKind

DEFAULT_ROLLOUTS = 200
#: A playout that has not ended after this many actions counts as a draw (net 0); greedy ends far sooner.
MAX_PLAYOUT_ACTIONS = 2_000


@dataclass(frozen=True)
class _Known:
    """Where the public history puts cards the observer does not hold."""

    held: tuple[tuple[Card, ...], ...]  # per seat: cards taken from the discard pile and still held
    pile: tuple[Card, ...]  # the discard pile's known cards, bottom to top (the top discard last)


def _known(obs: Observation) -> _Known:
    where: dict[Card, int | str] = {}  # seat, or "pile" / "table"
    for public in obs.history:
        action = public.action
        if isinstance(action, Draw) and action.source == "discard" and action.card is not None:
            where[action.card] = public.player
        elif isinstance(action, Spread):
            where.update(dict.fromkeys(action.cards, "table"))
        elif isinstance(action, Hit):
            where[action.card] = "table"
        elif isinstance(action, Discard):
            where.pop(action.card, None)
            where[action.card] = "pile"  # re-inserted: the dict keeps discards in pile order
    own = set(obs.hand)
    held = tuple(tuple(c for c, w in where.items() if w == seat and c not in own) if seat != obs.seat else ()
                 for seat in range(len(obs.hand_sizes)))
    pile = [c for c, w in where.items() if w == "pile" and c != obs.discard_top]
    if obs.discard_top is not None:
        pile.append(obs.discard_top)
    if len(pile) > obs.discard_size:  # the pile was reshuffled into the stock: only the top is known
        pile = [obs.discard_top] if obs.discard_top is not None else []
    if any(len(h) > size for h, size in zip(held, obs.hand_sizes, strict=True)):
        raise SimulationError("the observation's history does not match its hand sizes")
    return _Known(held, tuple(pile))


def _this_turn(obs: Observation) -> list[Action]:
    """The current player's actions so far this turn (every turn before it ended with a discard)."""
    actions: list[Action] = []
    for public in reversed(obs.history):
        if isinstance(public.action, Discard):
            break
        actions.append(public.action)
    return actions[::-1]


class MonteCarloBot:
    """Determinized Monte Carlo with greedy playouts; ``rollouts`` playouts per decision."""

    name = "montecarlo"

    def __init__(self, *, rollouts: int = DEFAULT_ROLLOUTS, seed: int = 0) -> None:
        if not isinstance(rollouts, int) or isinstance(rollouts, bool) or rollouts < 1:
            raise BotSpecError(f"montecarlo: rollouts must be a whole number 1 or more, not {rollouts!r}")
        self.rollouts = rollouts
        self.rng = random.Random(seed)
        self.policy = GreedyBot()

    def params(self) -> dict[str, int]:
        return {"rollouts": self.rollouts}

    def choose(self, obs: Observation, legal: Sequence[Action]) -> Action:
        candidates = canonical(legal)
        if len(candidates) == 1:
            return candidates[0]
        totals = self.totals(obs, candidates, kernel=_kernel_available())
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def totals(self, obs: Observation, candidates: Sequence[Action], *, kernel: bool) -> list[int]:
        """Each candidate's summed net over this decision's samples (``kernel``: play out on the kernel).

        Draws the samples from this bot's random stream, as :meth:`choose` does; ``candidates`` must be
        legal and in canonical order for the result to be :meth:`choose`'s.
        """
        samples = max(1, self.rollouts // len(candidates))
        totals = [0] * len(candidates)
        known = _known(obs)
        turn = _this_turn(obs)
        for _ in range(samples):
            deal = self._sample(obs, known)
            if kernel:
                nets = self._kernel_nets(obs, deal, turn, candidates)
            else:
                nets = [self._reference_net(obs, deal, turn, action) for action in candidates]
            totals = [t + n for t, n in zip(totals, nets, strict=True)]
        return totals

    def _reference_net(self, obs: Observation, deal: _Sample, turn: list[Action], action: Action) -> int:
        hand = self._rebuild(obs, deal, turn)
        hand.apply(action)
        return self._play_out(hand, obs.seat)

    def _kernel_nets(self, obs: Observation, deal: _Sample, turn: list[Action],
                     candidates: Sequence[Action]) -> list[int]:

        hand = self._rebuild(obs, deal, turn)
        if hand.result is not None:  # replaying this turn ended the hand: every candidate scores as the engine says
            return [self._reference_net(obs, deal, turn, action) for action in candidates]
        state = state_from_hand(hand)
        seats = [("greedy", self.policy.params())] * len(deal.hands)
        nets = []
        for action in candidates:
            # greedy draws no random numbers, so the seed is immaterial; the kernel counts the candidate as
            # an action, so MAX_PLAYOUT_ACTIONS refuses exactly the playouts the reference engine scores 0
            try:
                net = rollout(obs.ruleset, state, seats, 1, 0, action=action, max_actions=MAX_PLAYOUT_ACTIONS)
            except KernelError:
                nets.append(self._reference_net(obs, deal, turn, action))
                continue
            nets.append(int(net[0, obs.seat]))
        return nets

    # --- sampling -----------------------------------------------------------------------------------------
    def _sample(self, obs: Observation, known: _Known) -> _Sample:
        """Deal the unseen cards at random into the other hands, the buried pile and the stock."""
        seen = set(obs.hand) | set(known.pile) | {c for s in obs.spreads for c in s.cards}
        seen.update(c for held in known.held for c in held)
        unseen = [c for c in obs.ruleset.deal.deck if c not in seen]
        self.rng.shuffle(unseen)
        hands: list[list[Card]] = []
        for seat, size in enumerate(obs.hand_sizes):
            if seat == obs.seat:
                hands.append(list(obs.hand))
                continue
            missing = size - len(known.held[seat])
            hands.append([*known.held[seat], *unseen[:missing]])
            del unseen[:missing]
        buried = obs.discard_size - len(known.pile)
        pile = [*unseen[:buried], *known.pile]
        del unseen[:buried]
        if len(unseen) != obs.stock_size:
            raise SimulationError(f"the observation does not add up: {len(unseen)} unseen cards for a stock of "
                           f"{obs.stock_size}")
        return _Sample(hands, pile, unseen, self.rng.randrange(2**31))

    def _rebuild(self, obs: Observation, deal: _Sample, turn: list[Action]) -> Hand:
        """The sampled hand at the start of this turn, with this turn's actions replayed."""
        me = obs.seat
        hands = [list(h) for h in deal.hands]
        pile, stock = list(deal.pile), list(deal.stock)
        spreads = {s.number: list(s.cards) for s in obs.spreads}
        owners = {s.number: (s.owner, s.kind) for s in obs.spreads}
        hit_locks = list(obs.hit_locks)
        for action in turn:  # undo this turn, newest effects first does not matter: they are disjoint
            if isinstance(action, Spread):
                hands[me].extend(action.cards)
            elif isinstance(action, Hit):
                hands[me].append(action.card)
                spreads[action.spread].remove(action.card)
                owner = owners[action.spread][0]
                if owner != me:
                    hit_locks[owner] = max(0, hit_locks[owner] - 1)
        new_spreads = sum(isinstance(a, Spread) for a in turn)
        for number in sorted(spreads)[len(spreads) - new_spreads:]:
            del spreads[number]
        for action in turn:
            if isinstance(action, Draw) and action.source == "discard" and action.card is not None:
                hands[me].remove(action.card)
                pile.append(action.card)
            elif isinstance(action, Draw):
                drawn = next(c for c in hands[me] if c not in _taken(turn))  # any own card will do
                hands[me].remove(drawn)
                stock.append(drawn)
        melds = obs.ruleset.melds
        table = []
        for number, cards in sorted(spreads.items()):
            kind = MeldKind(owners[number][1])
            table.append(TableSpread(number, owners[number][0], kind, cards, melds.extenders(kind, cards)))
        players = tuple(f"seat{s}" for s in range(len(hands)))
        hand = Hand(ruleset=obs.ruleset, players=players, dealer=(obs.current - 1) % len(hands),
                    deck=tuple(obs.ruleset.deal.deck), stakes=(1,) * len(hands), reshuffle_seed=deal.reshuffle_seed,
                    hands=hands, stock=stock, discard=pile, spreads=table, current=obs.current,
                    turns_taken=list(obs.turns_taken), hit_locks=hit_locks)
        for action in turn:
            hand.apply(Draw(action.source) if isinstance(action, Draw) else action)
        return hand

    def _play_out(self, hand: Hand, seat: int) -> int:
        for _ in range(MAX_PLAYOUT_ACTIONS):
            if hand.result is not None:
                return hand.result.net[seat]
            hand.apply(self.policy.choose(observe(hand, hand.current), hand.legal_actions()))
        return 0


def _kernel_available() -> bool:
    return AVAILABLE


def _taken(turn: list[Action]) -> set[Card]:
    return {a.card for a in turn if isinstance(a, Draw) and a.card is not None}


@dataclass(frozen=True)
class _Sample:
    hands: list[list[Card]]
    pile: list[Card]
    stock: list[Card]  # top last
    reshuffle_seed: int


__all__ = ["DEFAULT_ROLLOUTS", "Knock", "MonteCarloBot"]
