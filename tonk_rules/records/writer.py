"""Writing a played hand as a ``tonk-hand/1`` record (data ready for YAML), so that it replays exactly.

    >>> import random
    >>> from tonk_rules.engine.hand import Hand
    >>> from tonk_rules.ruleset import compile_ruleset
    >>> from tonk_rules.variant.loader import load_variant
    >>> hand = Hand.shuffled(compile_ruleset(load_variant("pagat").variant), ["Ann", "Bob"], 1, random.Random(3))
    >>> sorted(hand_to_record(hand, "pagat"))[:4]
    ['actions', 'deal', 'dealer', 'format']
"""

from __future__ import annotations

from typing import Any

from tonk_rules.cards import Card, CardStyle, format_cards
from tonk_rules.engine.hand import Hand
from tonk_rules.records.record_model import FORMAT


def hand_to_record(hand: Hand, variant_ref: str, digest: str | None = None,
                   style: CardStyle = "english", source: str | None = None) -> dict[str, Any]:
    """A record (as data) for a hand that was played: the full deck order, so it replays exactly; ``source``
    says where it comes from (``tonk play``: the bots and the parameters they played)."""
    n = len(hand.players)
    order = hand.ruleset.deal.deal_order(n, hand.dealer)
    hands: dict[str, list[Card]] = {name: [] for name in hand.players}
    for seat, card in zip(order, hand.deck, strict=False):
        hands[hand.players[seat]].append(card)
    rest = list(hand.deck[len(order):])
    deal: dict[str, Any] = {"hands": {k: format_cards(v, style) for k, v in hands.items()}}
    if hand.ruleset.deal.upcard:
        deal["upcard"] = rest.pop(0).format(style)
    deal["stock"] = format_cards(rest, style)
    return {
        "format": FORMAT,
        **({"source": source} if source is not None else {}),
        "variant": variant_ref,
        "variant_sha256": digest,
        "players": list(hand.players),
        "dealer": hand.players[hand.dealer],
        "stakes": {name: hand.stakes[i] for i, name in enumerate(hand.players)},
        "reshuffle_seed": hand.reshuffle_seed,
        "deal": deal,
        "actions": [{hand.players[r.player]: r.action.text(style)} for r in hand.history],
    }
