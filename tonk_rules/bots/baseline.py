"""``BaselineBot``: the frozen baseline, a simple documented player every other player is scored against.

**This player must never change.** Its worth is that it stays the same across versions, as the gin-rummy
research challenge scores every agent against one documented simple player: a figure against it today can be
set beside a figure against it in any later version. A better player is a new bot, never an edit here; a fix
to the rules the engine enforces changes only which actions are legal, and the rule below picks among them as
it always did. ``tests/test_baseline_bot.py`` pins its moves on fixed seeds: if that test fails, this file (or
the engine's legality) has changed, and the change, not the test, is what to undo.

It decides from the legal actions and its own hand alone (it reads nothing else of its
:class:`~tonk_rules.bots.observation.Observation`, and nothing of the tuned players or the kernel), by the first
rule that matches:

1. **Knock** when knocking is legal and its own count is at most :data:`KNOCK_AT` (5), or once it has completed
   :data:`PATIENCE` (30) turns of the hand (a hand nobody can end low enough would otherwise go on for ever).
2. **Spread**: lay the legal spread with the most cards, then the highest total value, then the lowest cards.
3. **Hit**: play the legal hit with the highest card value, then the lowest card, then the lowest spread number.
4. **Draw** from the stock when that is legal, else from the discard pile: it never takes a discard by choice.
5. **Discard** the legal discard with the highest card value, then the highest card.
6. Otherwise (only a knock above its threshold is left, or an action none of the above names) the first legal
   action in the order of their text.

It draws no random number: its seed is accepted (runners build every bot with one) and ignored.

    >>> BaselineBot(seed=3).params()
    {}
"""

from __future__ import annotations

from collections.abc import Sequence

from tonk_rules.bots.observation import Observation
from tonk_rules.cards import Card, hand_count
from tonk_rules.engine.actions import Action, Discard, Draw, Hit, Knock, Spread
from tonk_rules.terms import Pile

#: It knocks with a count at most this.
KNOCK_AT = 5
#: After this many completed turns of its own it knocks whenever knocking is legal.
PATIENCE = 30


def _spread_key(action: Spread) -> tuple[int, int, tuple[int, ...]]:
    cards = sorted(int(c) for c in action.cards)
    return (-len(cards), -sum(Card(c).value for c in cards), tuple(cards))


def _hit_key(action: Hit) -> tuple[int, int, int]:
    return (-action.card.value, int(action.card), action.spread)


def _discard_key(action: Discard) -> tuple[int, int]:
    return (-action.card.value, -int(action.card))


class BaselineBot:
    """The frozen baseline (the module docstring states its whole rule); it has no parameters."""

    name = "baseline"

    def __init__(self, *, seed: int = 0) -> None:
        self.seed = seed  # accepted for the runners' sake; the rule draws nothing

    def params(self) -> dict[str, int]:
        return {}

    def choose(self, obs: Observation, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("the baseline player was asked to choose among no legal actions")
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks and (hand_count(obs.hand) <= KNOCK_AT or obs.turns_taken[obs.seat] >= PATIENCE):
            return knocks[0]
        spreads = [a for a in legal if isinstance(a, Spread)]
        if spreads:
            return min(spreads, key=_spread_key)
        hits = [a for a in legal if isinstance(a, Hit)]
        if hits:
            return min(hits, key=_hit_key)
        draws = [a for a in legal if isinstance(a, Draw)]
        for source in (Pile.STOCK, Pile.DISCARD):
            for draw in draws:
                if draw.source is source:
                    return draw
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            return min(discards, key=_discard_key)
        return min(legal, key=str)
