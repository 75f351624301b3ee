"""What a montecarlo player knows, rebuilt from its :class:`Observation`, and its samples of the rest.

:func:`view_of` replays the public history: the discard pile card by card (a card discarded in view is
known where it lies; the upcard, once buried, is not remembered; a draw from an empty stock reshuffles all
but the top), the cards each player took from the pile and still holds, the cards discarded this hand.
:func:`sample` deals every other card at random exactly as the compiled search does
(:func:`tonk_rules.kernel.search_nb.sample_view`): the unseen cards in ascending order, shuffled by the
seat's SplitMix64 stream, then dealt to the other hands in seat order, the buried pile slots, the stock.
:func:`as_state` places the unseen cards anywhere (the search deals them anew) to hand the view to the
compiled search; :func:`play_out` plays a sample on the reference engine where numba is missing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tonk_rules.bots.base import Bot
from tonk_rules.bots.observation import Observation, observe
from tonk_rules.cards import Card, cards_to_deal
from tonk_rules.engine.actions import Action, ActionRecord, Discard, Draw, Hit, Spread
from tonk_rules.engine.encoding import KIND_SHIFT, action_key
from tonk_rules.engine.hand import Hand, TableSpread
from tonk_rules.errors import SimulationError
from tonk_rules.kernel.layout import MID_CHOICES, MID_FEATURES, NO_CAP, SIZE_BUCKETS, START_CHOICES
from tonk_rules.kernel.rollout import RolloutState
from tonk_rules.prng import SplitMix64
from tonk_rules.terms import Pile

#: A playout that has not ended after this many actions (the candidate included) scores 0, as in the kernel.
PLAYOUT_ACTIONS = 2000


@dataclass(frozen=True)
class View:
    """The cards a seat can place: ``pile`` bottom first (``None``: a buried card it never saw),
    ``known``: per seat, cards taken from the pile and still held; ``discarded``: discarded this hand;
    ``declined``: per seat, the cards discarded in view it passed up (drew from the stock while that card lay
    on top: as the compiled search's ``watch_before`` keeps them)."""

    pile: tuple[Card | None, ...]
    known: tuple[frozenset[Card], ...]
    discarded: frozenset[Card]
    reshuffles: int
    declined: tuple[frozenset[Card], ...] = ()


def view_of(obs: Observation) -> View:
    """Replay ``obs.history`` (see the module docstring); :class:`SimulationError` if it does not add up."""
    rules = obs.ruleset
    players = len(obs.hand_sizes)
    upcard = 1 if rules.deal.upcard else 0
    stock = len(rules.deal.deck) - cards_to_deal(players, rules.deal.hand_size, rules.deal.upcard)
    pile: list[Card | None] = [None] * upcard
    known: list[set[Card]] = [set() for _ in range(players)]
    declined: list[set[Card]] = [set() for _ in range(players)]
    discarded: set[Card] = set()
    reshuffles = 0
    for public in obs.history:
        action, seat = public.action, public.player
        if isinstance(action, Draw) and action.source is Pile.DISCARD:
            pile.pop(-action.depth)  # the cards above it stay, in order (drawing.discard_depth)
            if action.card is not None:
                known[seat].add(action.card)
        elif isinstance(action, Draw):
            if pile and pile[-1] is not None:  # (a card the pile shows as None was not discarded in view)
                declined[seat].add(pile[-1])
            if stock == 0:  # the stock was empty: all but the top of the pile became the stock
                stock, pile = len(pile) - 1, pile[-1:]
                reshuffles += 1
            stock -= 1
        elif isinstance(action, Spread):
            known[seat].difference_update(action.cards)
        elif isinstance(action, Hit):
            known[seat].discard(action.card)
        elif isinstance(action, Discard):
            known[seat].discard(action.card)
            discarded.add(action.card)
            pile.append(action.card)
    if pile and obs.discard_top is not None:
        pile[-1] = obs.discard_top
    if 1 < len(obs.discard_seen) <= len(pile):  # the cards in reach below the top are seen too (discard_depth)
        pile[-len(obs.discard_seen):-1] = obs.discard_seen[:-1]
    if len(pile) != obs.discard_size or stock != obs.stock_size:
        raise SimulationError("the observation's history does not match its pile and stock")
    known[obs.seat] = set()
    return View(tuple(pile), tuple(frozenset(k) for k in known), frozenset(discarded), reshuffles,
                tuple(frozenset(d) for d in declined))


def _unseen(obs: Observation, view: View) -> list[Card]:
    seen = set(obs.hand) | {c for s in obs.spreads for c in s.cards} | {c for c in view.pile if c is not None}
    seen.update(c for held in view.known for c in held)
    return sorted((c for c in obs.ruleset.deal.deck if c not in seen), key=int)


@dataclass(frozen=True)
class Sample:
    """Every card placed: a determinization of the view."""

    hands: list[list[Card]]
    pile: list[Card]  # bottom first
    stock: list[Card]  # bottom first (the top is last)
    reshuffle_seed: int


def _deal(obs: Observation, view: View, pool: Sequence[Card],
          caps: Sequence[tuple[int, ...]] | None = None) -> tuple[list[list[Card]], list[Card], list[Card]]:
    """Every unseen card placed from ``pool``, as :func:`~tonk_rules.kernel.search_nb.sample_view` places it:
    the other hands, the most constrained first (the lowest cap of ``caps``, then seat order), each from the
    pool's first free cards within its cap and in no meld with the hand so far (where ``caps`` says the seat's
    policy lays every spread and the seat has played a turn) and in no new meld with a card it passed up
    (where ``caps``' third entry, when there is one, says its policy takes every discard that melds), then
    within its cap, then any; then the buried pile slots and the stock in pool order."""
    caps = caps or [(NO_CAP, 0)] * len(obs.hand_sizes)
    melds, values = obs.ruleset.melds, obs.ruleset.deal.values
    free = list(pool)
    hands = [list(obs.hand) if seat == obs.seat else [] for seat in range(len(obs.hand_sizes))]
    for seat in sorted((s for s in range(len(obs.hand_sizes)) if s != obs.seat), key=lambda s: (caps[s][0], s)):
        held = sorted(view.known[seat], key=int)
        need = obs.hand_sizes[seat] - len(held)
        cap, meldless = caps[seat][0], caps[seat][1] != 0 and obs.turns_taken[seat] > 0
        takes = len(caps[seat]) > 2 and caps[seat][2] != 0 and seat < len(view.declined)
        passed = sorted(view.declined[seat], key=int) if takes else []
        chosen: list[Card] = []
        for stage in range(3):  # within the cap and in no meld, within the cap, then any
            for c in free:
                if len(chosen) == need or c in chosen or (stage < 2 and values[c] > cap):
                    continue
                if stage == 0 and meldless and melds.in_a_meld([*held, *chosen, c], c):
                    continue
                if stage == 0 and any(melds.in_a_meld([*held, *chosen, c, t], t)
                                      and not melds.in_a_meld([*held, *chosen, t], t) for t in passed):
                    continue
                chosen.append(c)
        hands[seat] = held + [c for c in free if c in chosen]  # in pool order, as the kernel's mask lists them
        free = [c for c in free if c not in chosen]
    rest = iter(free)
    pile = [next(rest) if c is None else c for c in view.pile]
    stock = list(rest)
    if len(stock) != obs.stock_size:
        raise SimulationError(f"the observation does not add up: {len(stock)} unseen cards for a stock of "
                              f"{obs.stock_size}")
    return hands, pile, stock


def sample(obs: Observation, view: View, rng: SplitMix64, caps: Sequence[tuple[int, ...]] | None = None) -> Sample:
    """One determinization, drawn from ``rng`` as the compiled search draws it (``caps``: per seat, the
    highest value of its unseen cards where the pool allows, whether its policy lays every spread, and
    optionally whether it takes every discard that melds: then nothing melds anew with a card it passed up)."""
    pool = _unseen(obs, view)
    for j in range(len(pool) - 1, 0, -1):
        k = rng.below(j + 1)
        pool[j], pool[k] = pool[k], pool[j]
    hands, pile, stock = _deal(obs, view, pool, caps)
    return Sample(hands, pile, stock, rng.next_u64() >> 33)


def as_state(obs: Observation, view: View) -> RolloutState:
    """The view as a kernel position (unseen cards in card order; the compiled search deals them anew)."""
    hands, pile, stock = _deal(obs, view, _unseen(obs, view))
    return RolloutState(hands=hands, stock=stock, discard=pile, spreads=[(s.owner, s.cards) for s in obs.spreads],
                        current=obs.current, turn=obs.turn.copy(),
                        turns_taken=obs.turns_taken, hit_locks=obs.hit_locks, reshuffles=view.reshuffles)


def as_hand(obs: Observation, view: View, deal: Sample) -> Hand:
    """A reference-engine hand at the sampled position (stakes 1: the observation does not show them)."""
    melds = obs.ruleset.melds
    spreads = [TableSpread(s.number, s.owner, s.kind, list(s.cards), melds.extenders(s.kind, s.cards))
               for s in obs.spreads]
    players = len(deal.hands)
    return Hand(ruleset=obs.ruleset, players=tuple(f"seat{s}" for s in range(players)),
                dealer=(obs.current - 1) % players, deck=tuple(obs.ruleset.deal.deck), stakes=(1,) * players,
                reshuffle_seed=deal.reshuffle_seed, hands=[list(h) for h in deal.hands], stock=list(deal.stock),
                discard=list(deal.pile), spreads=spreads, current=obs.current, turns_taken=list(obs.turns_taken),
                hit_locks=list(obs.hit_locks), reshuffles=view.reshuffles,
                turn=obs.turn.copy(),  # the whole turn as the table saw it (a counter in it too)
                # what the table saw so far, which the players of the playout read (bots.observation.kept_and_shed)
                history=[ActionRecord(step, a.player, a.action) for step, a in enumerate(obs.history, 1)])


def play_out(obs: Observation, view: View, deal: Sample, action: Action, policies: Sequence[Bot]) -> int:
    """Seat ``obs.seat``'s net after ``action``, each seat then playing its bot, on the reference engine."""
    hand = as_hand(obs, view, deal)
    hand.apply(action)
    for _ in range(PLAYOUT_ACTIONS - 1):
        if hand.result is not None:
            return hand.result.net[obs.seat]
        hand.apply(policies[hand.current].choose(observe(hand, hand.current), hand.legal_actions()))
    return hand.result.net[obs.seat] if hand.result is not None else 0


def seen_choices(obs: Observation) -> list[tuple[int, int]]:
    """``(seat, feature)`` for every action of ``obs.history``, numbered as the compiled search numbers what
    everyone sees of a choice (:func:`tonk_rules.kernel.search_nb.action_feature`, which says what counts)."""
    melds, values = obs.ruleset.melds, obs.ruleset.deal.values
    players = len(obs.hand_sizes)
    sizes = [obs.ruleset.deal.hand_size] * players
    kinds = {s.number: s.kind for s in obs.spreads}
    spreads: list[list[Card]] = []
    targets: list[frozenset[Card]] = []  # the cards that extend each spread, as it stands
    pile: list[Card | None] = [None] * (1 if obs.ruleset.deal.upcard else 0)  # None: not discarded in view
    deal = obs.ruleset.deal
    stock = len(deal.deck) - cards_to_deal(players, deal.hand_size, deal.upcard)
    drawn, taken = False, None
    out = []
    for public in obs.history:
        action, seat = public.action, public.player
        bucket = min(max(sizes[seat], 1), SIZE_BUCKETS) - 1
        if not drawn:
            top = pile[-1] if pile else None
            fits = int(top is not None and any(top in t for t in targets))
            out.append((seat, (bucket * 2 + fits) * START_CHOICES + min(action_key(action) >> KIND_SHIFT,
                                                                         START_CHOICES - 1)))
        else:
            if isinstance(action, Discard):
                choice = (2 + (min(max(values[action.card], 1), 10) - 1) * 4 + (2 if action.card == taken else 0)
                          + int(any(action.card in t for t in targets)))
            else:
                choice = 0 if isinstance(action, Spread) else 1 if isinstance(action, Hit) else MID_CHOICES - 1
            out.append((seat, MID_FEATURES + bucket * MID_CHOICES + choice))
        if isinstance(action, Draw):
            sizes[seat] += 1
            drawn, taken = True, action.card if action.source is Pile.DISCARD else None
            if action.source is Pile.DISCARD:
                pile.pop()
            else:
                if stock == 0:  # reshuffled: all but the top of the pile became the stock
                    stock, pile = len(pile) - 1, pile[-1:]
                stock -= 1
        elif isinstance(action, Spread):
            sizes[seat] -= len(action.cards)
            spreads.append(list(action.cards))
            targets.append(melds.extenders(kinds[len(spreads)], spreads[-1]))
        elif isinstance(action, Hit):
            sizes[seat] -= 1
            spreads[action.spread - 1].append(action.card)
            targets[action.spread - 1] = melds.extenders(kinds[action.spread], spreads[action.spread - 1])
        elif isinstance(action, Discard):
            sizes[seat] -= 1
            pile.append(action.card)
            drawn, taken = False, None
    return out


def last_values(obs: Observation) -> list[int]:
    """Per seat, the value of its last discard this hand (``NO_CAP`` before its first)."""
    out = [NO_CAP] * len(obs.hand_sizes)
    for public in obs.history:
        if isinstance(public.action, Discard):
            out[public.player] = obs.ruleset.deal.values[public.action.card]
    return out
