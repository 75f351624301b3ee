"""The canonical order of actions: one integer key per distinct move, shared by the bots and the kernel.

The reference engine lists legal actions in whatever order it generates them; a bot that chooses by
position (``random``) or breaks ties by position (``greedy``) must not depend on that. Every action has a
key; a legal list sorted by key, with repeated keys dropped, is the same list the compiled kernel
enumerates. A spread is keyed by its set of cards (the table orders a spread's cards itself), so
``Spread((AS, 2S, 3S))`` and ``Spread((2S, 3S, AS))`` are one move.

Key layout (64-bit): the kind in bits 58..60 (knock 0, draw stock 1, draw discard 2, spread 3, hit 4,
discard 5), then a spread's card bitmask (bit ``int(card)``), a hit's ``card * 64 + spread number``, a
discard's card, or a take from the discard pile's depth less one (0: the top).

    >>> from tonk_rules.cards import parse_cards
    >>> from tonk_rules.engine.actions import Discard, Draw, Knock, Spread
    >>> a, b, c = parse_cards("AS 2S 3S")
    >>> from tonk_rules.terms import Pile
    >>> [str(x) for x in canonical([Discard(b), Spread((b, c, a)), Draw(Pile.STOCK), Knock(), Spread((a, b, c))])]
    ['knock', 'draw stock', 'spread 2S 3S AS', 'discard 2S']
"""

from __future__ import annotations

from collections.abc import Iterable

from tonk_rules.engine.actions import Action, Draw, Hit, Knock, Spread
from tonk_rules.terms import Pile

KIND_SHIFT = 58  # a key is its kind above this bit and its payload (cards, a spread's number) below
KIND_MASK = 7  # the kind: (key >> KIND_SHIFT) & KIND_MASK
PAYLOAD = (1 << KIND_SHIFT) - 1
KNOCK, DRAW_STOCK, DRAW_DISCARD, SPREAD, HIT, DISCARD = range(6)


def action_key(action: Action) -> int:
    """The canonical key of an action (a drawn card, when recorded, is not part of the key)."""
    if isinstance(action, Knock):
        return KNOCK << KIND_SHIFT
    if isinstance(action, Draw):
        if action.source is Pile.STOCK:
            return DRAW_STOCK << KIND_SHIFT
        return (DRAW_DISCARD << KIND_SHIFT) | (action.depth - 1)  # the top: no payload, as before depths
    if isinstance(action, Spread):
        mask = 0
        for card in action.cards:
            mask |= 1 << int(card)
        return (SPREAD << KIND_SHIFT) | mask
    if isinstance(action, Hit):
        return (HIT << KIND_SHIFT) | (int(action.card) * 64 + action.spread)
    return (DISCARD << KIND_SHIFT) | int(action.card)


def canonical(actions: Iterable[Action]) -> list[Action]:
    """The actions sorted by key, each distinct move once (the first of equal keys is kept)."""
    seen: dict[int, Action] = {}
    for action in actions:
        seen.setdefault(action_key(action), action)
    return [seen[k] for k in sorted(seen)]
