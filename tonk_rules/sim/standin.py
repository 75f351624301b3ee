"""A stand-in for ``tonk_rules.kernel.play_hands`` until the compiled kernel lands on main (then deleted).

It plays hands on the reference engine with the same interface and output (a :class:`HandBatch`), so the
simulator above it is written against the kernel's API from the start. Hand ``i`` of a run depends only on
``(seed, i)``, so a run is the same however it is split into chunks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from tonk_rules.cards import hand_count
from tonk_rules.engine.actions import Action, Discard, Draw, Hit, Knock, Spread
from tonk_rules.engine.hand import Hand
from tonk_rules.ruleset import Ruleset
from tonk_rules.terms import Ending, Pile

ENDINGS = list(Ending)


@dataclass
class HandBatch:
    ending: npt.NDArray[np.int8]
    winners: npt.NDArray[np.bool_]
    counts: npt.NDArray[np.int32]
    net: npt.NDArray[np.int64]
    knocker: npt.NDArray[np.int8]
    actions: npt.NDArray[np.int32]
    turns: npt.NDArray[np.int32]
    dealer: npt.NDArray[np.int8]


def _greedy(hand: Hand, legal: list[Action], knock: int) -> Action:
    if Knock() in legal and hand.count(hand.current) <= knock:
        return Knock()
    for action in legal:
        if isinstance(action, Spread | Hit):
            return action
    draws = [a for a in legal if isinstance(a, Draw)]
    if draws:
        return draws[0] if len(draws) == 1 else Draw(Pile.STOCK)
    discards = [a for a in legal if isinstance(a, Discard)]
    if discards:
        return max(discards, key=lambda a: (a.card.value, int(a.card)))
    return legal[0]


def play_hands(ruleset: Ruleset, seats: list[tuple[str, dict[str, Any]]], n_hands: int, seed: int,
               stakes: list[int] | None = None, first_dealer: int = 0, first_hand: int = 0) -> HandBatch:
    players = len(seats)
    out = HandBatch(np.zeros(n_hands, np.int8), np.zeros((n_hands, players), np.bool_),
                    np.zeros((n_hands, players), np.int32), np.zeros((n_hands, players), np.int64),
                    np.full(n_hands, -1, np.int8), np.zeros(n_hands, np.int32), np.zeros(n_hands, np.int32),
                    np.zeros(n_hands, np.int8))
    names = [f"p{i}" for i in range(players)]
    for row in range(n_hands):
        index = first_hand + row
        rng = random.Random(f"{seed}:{index}")
        dealer = (first_dealer + index) % players
        hand = Hand.shuffled(ruleset, names, dealer, rng, stakes)
        turns = 0
        while hand.result is None and len(hand.history) < 2000:
            legal = hand.legal_actions()
            name, params = seats[hand.current]
            action = rng.choice(legal) if name == "random" else _greedy(hand, legal, int(params.get("knock", 5)))
            if isinstance(action, Discard):
                turns += 1
            hand.apply(action)
        result = hand.result
        assert result is not None
        out.ending[row] = ENDINGS.index(Ending(result.ending))
        for w in result.winners:
            out.winners[row, w] = True
        out.counts[row] = [hand_count(h) for h in hand.hands]
        out.net[row] = result.net
        out.knocker[row] = -1 if result.knocker is None else result.knocker
        out.actions[row] = len(hand.history)
        out.turns[row] = turns
        out.dealer[row] = dealer
    return out
