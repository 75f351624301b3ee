"""``greedy``: a simple, fully deterministic player, the fast policy of bulk simulation.

The rule, applied to the canonical list of legal actions (:func:`~tonk_rules.engine.encoding.canonical`)
at every decision, first match wins:

1. **Knock** when knocking is legal and the own count is at most ``knock`` — or, once this player has
   completed ``patience`` turns of the hand, whenever knocking is legal (a table where nobody can reach
   ``knock`` and the stock is reshuffled would otherwise play forever; ordinary hands end before that).
2. **Spread**: lay the legal spread with the most cards, then the highest total value; ties: the first in
   canonical order.
3. **Hit**: play the legal hit with the highest card value; ties: the first in canonical order (lowest
   card, then lowest spread number).
4. **Draw**: from the discard pile when that draw is legal and the top card is *useful* — it is part of a
   book or run in the hand with it added (any book size or run the variant allows), or it extends a spread
   on the table that this player may hit; otherwise from the stock when legal; otherwise from the discard
   pile.
5. **Discard** the legal discard with the highest card value; ties: the highest card (by rank, then suit
   in the order spades, hearts, diamonds, clubs).
6. Otherwise (only a knock above ``knock`` is legal) the first legal action.

So it lays everything it can and keeps its count down, without looking ahead or at other players.

    >>> GreedyBot(knock=3).params()
    {'knock': 3, 'patience': 30}
"""

from __future__ import annotations

from collections.abc import Sequence

from tonk_rules.bots.observation import Observation
from tonk_rules.cards import VALUES, Card
from tonk_rules.engine.actions import Action, Discard, Draw, Hit, Knock, Spread
from tonk_rules.engine.encoding import canonical
from tonk_rules.errors import BotSpecError
from tonk_rules.kernel.seats import DEFAULT_KNOCK, DEFAULT_PATIENCE
from tonk_rules.terms import Pile


class GreedyBot:
    """The greedy rule above; ``knock``: the highest own count it knocks with; ``patience``: own turns after
    which it knocks whenever it may."""

    name = "greedy"

    def __init__(self, *, knock: int = DEFAULT_KNOCK, patience: int = DEFAULT_PATIENCE, seed: int = 0) -> None:
        # ``seed`` is accepted so every bot class is built the same way; greedy never draws a random number.
        for name, value, low in (("knock", knock, 0), ("patience", patience, 1)):
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= 10**6:
                raise BotSpecError(f"greedy: {name} must be a whole number from {low} to 1000000, not {value!r}")
        self.knock = knock
        self.patience = patience

    def params(self) -> dict[str, int]:
        return {"knock": self.knock, "patience": self.patience}

    def choose(self, obs: Observation, legal: Sequence[Action]) -> Action:
        actions = canonical(legal)
        if any(isinstance(a, Knock) for a in actions) and (
                obs.count <= self.knock or obs.turns_taken[obs.seat] >= self.patience):
            return Knock()
        spreads = [a for a in actions if isinstance(a, Spread)]
        if spreads:  # max() keeps the first of equal scores: the canonical tie-break
            return max(spreads, key=lambda s: (len(s.cards), sum(VALUES[c] for c in s.cards)))
        hits = [a for a in actions if isinstance(a, Hit)]
        if hits:
            return max(hits, key=lambda h: VALUES[h.card])
        draws = {a.source: a for a in actions if isinstance(a, Draw)}
        if draws:
            if Pile.DISCARD in draws and obs.discard_top is not None and useful(obs, obs.discard_top):
                return draws[Pile.DISCARD]
            return draws.get(Pile.STOCK) or draws[Pile.DISCARD]
        discards = [a for a in actions if isinstance(a, Discard)]
        if discards:
            return max(discards, key=lambda d: (VALUES[d.card], int(d.card)))
        return actions[0]


def useful(obs: Observation, card: Card) -> bool:
    """Whether ``card`` would be in a book or run of the hand with it, or extends a spread one may hit."""
    rules = obs.ruleset
    melds = rules.melds
    if any(card in meld for meld in melds.melds_in([*obs.hand, card])):
        return True
    for spread in obs.spreads:
        if rules.hitting.allows(spread.kind, spread.owner == obs.seat) and melds.can_extend(
                spread.kind, spread.cards, card):
            return True
    return False
