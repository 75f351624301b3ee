"""Exact odds of a deal tonk: by counting hands over the variant's deck, in exact rational arithmetic.

Only a hand's *count* matters to the deal check, and a card's count is its value (ace 1, 2..10, J/Q/K 10),
so the deck is a few *value classes* (the four 7s; the sixteen 10-valued cards of a full deck; none of a
removed rank). A hand is a composition: how many cards of each class it holds. The number of hands with
composition ``k`` is ``prod C(m_v, k_v)``, so one hand's probability is a short sum over compositions.

"At least one of P hands" is exact too, though the hands are dealt from one deck and so are dependent:
by inclusion–exclusion over the players, ``P(any) = sum_j (-1)^(j+1) C(P, j) a_j`` where ``a_j`` is the
probability that j given hands all qualify. ``a_j`` counts ordered deals of j qualifying hands with a
dynamic programme over the cards of each class already used.

    >>> from tonk_rules.ruleset import compile_ruleset
    >>> from tonk_rules.variant.loader import load_variant
    >>> odds = deal_tonk_odds(compile_ruleset(load_variant("pagat").variant), players=2)
    >>> odds.hand  # 49 or 50 in five cards: five 10s, or four 10s and a 9
    Fraction(8, 1785)
    >>> float(odds.hand) < float(odds.table) < 2 * float(odds.hand)
    True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb

from tonk_rules.cards import Card
from tonk_rules.errors import TonkError
from tonk_rules.ruleset import Ruleset


@dataclass(frozen=True)
class DealTonkOdds:
    """``hand``: one given hand qualifies; ``table``: at least one of ``players`` hands does.

    ``deal_check`` is False for a variant without a deal check (both probabilities are then 0).
    """

    players: int
    hand: Fraction
    table: Fraction
    deal_check: bool = True

    def to_json(self) -> dict[str, object]:
        """JSON form: each probability as an exact fraction string and a decimal."""
        return {
            "players": self.players,
            "deal_check": self.deal_check,
            "hand": {"fraction": _text(self.hand), "decimal": float(self.hand)},
            "table": {"fraction": _text(self.table), "decimal": float(self.table)},
        }


def _text(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def value_classes(deck: tuple[Card, ...] | list[Card]) -> tuple[tuple[int, int], ...]:
    """The deck's ``(value, number of cards)`` pairs, by value.

    >>> from tonk_rules.cards import DECK
    >>> value_classes(DECK)[-1]
    (10, 16)
    """
    sizes: dict[int, int] = {}
    for card in deck:
        sizes[card.value] = sizes.get(card.value, 0) + 1
    return tuple(sorted(sizes.items()))


def deal_tonk_odds(ruleset: Ruleset, players: int) -> DealTonkOdds:
    """The exact deal-tonk probabilities of ``ruleset`` at a table of ``players``.

    Raises :class:`TonkError` when the deck cannot deal ``players`` hands (and the upcard).
    """
    deal, check = ruleset.deal, ruleset.deal_check
    if players < 1 or (why := ruleset.why_not_deal(players)):
        raise TonkError(why or f"a table has at least 1 player, not {players}")
    if not check.enabled:
        return DealTonkOdds(players, Fraction(0), Fraction(0), deal_check=False)
    classes = value_classes(deal.deck)
    # the deal check's own count test (ruleset/core.py), the one the engine and the kernel run
    hands = _qualifying_compositions(classes, deal.hand_size, check.qualifies_count)
    all_qualify = _all_qualify(classes, hands, deal.hand_size, players)
    table = sum((Fraction((-1) ** (j + 1) * comb(players, j)) * all_qualify[j - 1] for j in range(1, players + 1)),
                Fraction(0))
    return DealTonkOdds(players, all_qualify[0], table)


def _qualifying_compositions(classes: tuple[tuple[int, int], ...], hand_size: int,
                             qualifies: Callable[[int], bool]) -> list[tuple[int, ...]]:
    """Every composition (cards taken from each value class) of a qualifying hand."""
    found: list[tuple[int, ...]] = []

    def extend(prefix: tuple[int, ...], left: int, count: int) -> None:
        i = len(prefix)
        if i == len(classes):
            if left == 0 and qualifies(count):
                found.append(prefix)
            return
        value, size = classes[i]
        for n in range(min(size, left) + 1):
            extend((*prefix, n), left - n, count + n * value)

    extend((), hand_size, 0)
    return found


def _all_qualify(classes: tuple[tuple[int, int], ...], hands: list[tuple[int, ...]], hand_size: int,
                 players: int) -> list[Fraction]:
    """``a_j`` for j = 1..players: the probability that j given hands all qualify.

    ``ways[used]`` counts ordered deals of the first j hands (as sets of cards) that all qualify and use
    ``used[v]`` cards of each class; each further hand with composition k multiplies by
    ``prod C(m_v - used_v, k_v)``. Dividing by the number of ordered deals of j hands gives ``a_j``.
    """
    sizes = tuple(m for _, m in classes)
    total = sum(sizes)
    ways: dict[tuple[int, ...], int] = {tuple(0 for _ in sizes): 1}
    deals, result = 1, []
    for j in range(players):
        deals *= comb(total - j * hand_size, hand_size)
        step: dict[tuple[int, ...], int] = {}
        for used, n in ways.items():
            left = tuple(m - u for m, u in zip(sizes, used, strict=True))
            for k in hands:
                factor = 1
                for lv, kv in zip(left, k, strict=True):
                    if kv:
                        if kv > lv:
                            break
                        factor *= _comb(lv, kv)
                else:
                    key = tuple(u + kv for u, kv in zip(used, k, strict=True))
                    step[key] = step.get(key, 0) + n * factor
        ways = step
        result.append(Fraction(sum(ways.values()), deals))
    return result


@cache
def _comb(n: int, k: int) -> int:
    return comb(n, k)
