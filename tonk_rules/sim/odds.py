"""Exact odds of a deal tonk: by counting deals over the variant's deck, in exact integer arithmetic, in bounded time.

Only a hand's *count* matters to the deal check, and a card's count is its value (ace 1, 2..10, J/Q/K 10),
so the deck is a few *value classes* (the four 7s; the sixteen 10-valued cards of a full deck; none of a
removed rank). The P hands are dealt from one deck, so they are dependent; by inclusion–exclusion over the
players, with ``a_j`` the probability that j given hands all qualify,

    P(at least one) = sum_j (-1)^(j+1) C(P, j) a_j,    P(exactly one) = sum_j (-1)^(j-1) j C(P, j) a_j.

``a_j`` counts ordered deals of j qualifying hands with a dynamic programme over the value classes, lowest
first: its state is the multiset of the j hands' partial (cards, count) — hands in the same state are one
group, so the state does not grow with the order of the players — and every card not given to them goes to
the rest of the deck, which is unconstrained. A hand that can no longer qualify ends the path; one that must
qualify whatever it gets keeps only how many cards it still needs. The count grows polynomially with the
deck and the table, never with the number of hand compositions; the work is still bounded by
:data:`MAX_STEPS` (about 2 s on one core), past which :class:`OddsTooCostly` says so, whatever the machine.

    >>> from tonk_rules.ruleset import compile_ruleset
    >>> from tonk_rules.variant.loader import load_variant
    >>> odds = deal_tonk_odds(compile_ruleset(load_variant("pagat").variant), players=2)
    >>> odds.hand  # 49 or 50 in five cards: five 10s, or four 10s and a 9
    Fraction(8, 1785)
    >>> float(odds.hand) < float(odds.table) < 2 * float(odds.hand)
    True
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from math import comb, factorial

from tonk_rules.cards import VALUES, Card
from tonk_rules.errors import TonkError
from tonk_rules.ruleset import Ruleset
from tonk_rules.ruleset.rule_objects import DealCheckRule

#: The most ways of sharing one value class among the hands' groups that one answer may count. A bound on
#: work, not on time, so that a variant gets the same answer (or the same refusal) on any machine; about
#: 1.5 s of one core. Every built-in variant at every table size it seats needs far fewer.
MAX_STEPS = 300_000

#: A hand's count marker once it must qualify whatever cards it still gets.
_SURE = -1
#: The fate of a hand that can no longer qualify (its path ends).
_DEAD = (-1, -1)


class OddsTooCostly(TonkError):
    """The exact count would take more than :data:`MAX_STEPS` steps."""


@dataclass(frozen=True)
class DealTonkOdds:
    """``hand``: one given hand qualifies; ``table``: at least one of ``players`` hands does;
    ``exactly_one``: exactly one does (the rest of ``table``, :attr:`several`, is two or more).

    ``deal_check`` is False for a variant without a deal check (every probability is then 0).
    """

    players: int
    hand: Fraction
    table: Fraction
    exactly_one: Fraction = Fraction(0)
    deal_check: bool = True

    @property
    def several(self) -> Fraction:
        """Two or more hands qualify (a void deal where ``deal_check.several`` is ``void``)."""
        return self.table - self.exactly_one

    def to_json(self) -> dict[str, object]:
        """JSON form: each probability as an exact fraction string and a decimal."""
        return {
            "players": self.players,
            "deal_check": self.deal_check,
            **{name: {"fraction": _text(p), "decimal": float(p)}
               for name, p in (("hand", self.hand), ("table", self.table), ("exactly_one", self.exactly_one),
                               ("several", self.several))},
        }


def exact_percent(p: float | Fraction, bounds: Sequence[float] = ()) -> str:
    """An exact rate as a percentage with the digits that place it: three decimals (as ``tonk odds`` prints
    them; three significant digits below 0.1%), and more while rounding would put it on a bound or on the
    other side of one (2.003% against a bound of 2%, never a rounded 2.00%).

    >>> exact_percent(0.0200321), exact_percent(0.0200321, [0.02]), exact_percent(0.02000004, [0.02])
    ('2.003%', '2.003%', '2.000004%')
    >>> exact_percent(0.0000225), exact_percent(0), exact_percent(0.019996, [0.02])
    ('0.00225%', '0.000%', '1.9996%')
    """
    pct = 100 * float(p)
    digits = 3 if pct == 0 or abs(pct) >= 0.1 else 2 - math.floor(math.log10(abs(pct)))
    while digits < 12 and not all(_same_side(round(pct, digits), pct, 100 * b) for b in bounds):
        digits += 1
    return f"{pct:.{digits}f}%"


def _same_side(shown: float, value: float, bound: float) -> bool:
    """Whether the rounded ``shown`` stands where ``value`` does against ``bound`` (above, on it, below)."""
    return (shown > bound) == (value > bound) and (shown < bound) == (value < bound)


def _text(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def value_classes(deck: tuple[Card, ...] | list[Card], values: Sequence[int] = VALUES) -> tuple[tuple[int, int], ...]:
    """The deck's ``(value, number of cards)`` pairs, by value (``values``: each card's, the rules'
    ``deal.values``).

    >>> from tonk_rules.cards import DECK, value_table
    >>> value_classes(DECK)[-1], value_classes(DECK, value_table({"K": 13}))[-1]
    ((10, 16), (13, 4))
    """
    sizes: dict[int, int] = {}
    for card in deck:
        sizes[values[card]] = sizes.get(values[card], 0) + 1
    return tuple(sorted(sizes.items()))


def deal_tonk_odds(ruleset: Ruleset, players: int, max_steps: int = MAX_STEPS) -> DealTonkOdds:
    """The exact deal-tonk probabilities of ``ruleset`` at a table of ``players``.

    Raises :class:`TonkError` when the deck cannot deal ``players`` hands (and the upcard), and
    :class:`OddsTooCostly` when counting would take more than ``max_steps`` steps.
    """
    deal, check = ruleset.deal, ruleset.deal_check
    if players < 1 or (why := ruleset.why_not_deal(players)):
        raise TonkError(why or f"a table has at least 1 player, not {players}")
    if not check.enabled:
        return DealTonkOdds(players, Fraction(0), Fraction(0), deal_check=False)
    return _odds(value_classes(deal.deck, deal.values), deal.hand_size, check, players, max_steps)


def table_odds_or_none(ruleset: Ruleset, players: int) -> float | None:
    """The exact chance that some hand at the table is a deal tonk, or None where counting is too costly.

    For figures shown beside a simulation: bounded, so a simulation never waits long on it.
    """
    try:
        return float(deal_tonk_odds(ruleset, players).table)
    except OddsTooCostly:
        return None


def table_odds_meanwhile(rulesets: Mapping[str, Ruleset], players: int) -> Callable[[], dict[str, float | None]]:
    """Start :func:`table_odds_or_none` for each ruleset on a thread; the returned call waits for the answers.

    A simulation starts this before it plays, so the (bounded) count overlaps the play instead of delaying
    its figures. The thread touches nothing the simulation's worker processes use.
    """
    answers: dict[str, float | None] = {}

    def count() -> None:
        for name, ruleset in rulesets.items():
            try:
                answers[name] = table_odds_or_none(ruleset, players)
            except TonkError:  # a table the deck cannot deal: the simulation itself says so
                answers[name] = None

    thread = threading.Thread(target=count, name="tonk-deal-odds", daemon=True)
    thread.start()

    def wait() -> dict[str, float | None]:
        thread.join()
        return {name: answers[name] for name in rulesets}

    return wait


@lru_cache(maxsize=256)
def _odds(classes: tuple[tuple[int, int], ...], hand_size: int, check: DealCheckRule, players: int,
          max_steps: int) -> DealTonkOdds:
    counter = _Steps(max_steps, players, hand_size)
    cards = sum(m for _, m in classes)
    all_qualify: list[Fraction] = []
    for j in range(1, players + 1):
        ways = _Count(classes, hand_size, check, counter).ordered_deals(j)
        deals = factorial(cards) // (factorial(hand_size) ** j * factorial(cards - j * hand_size))
        all_qualify.append(Fraction(ways, deals))
        if ways == 0:  # j qualifying hands cannot coexist, so neither can more
            all_qualify += [Fraction(0)] * (players - j)
            break
    terms = [(comb(players, j), all_qualify[j - 1]) for j in range(1, players + 1)]
    table = sum((Fraction((-1) ** (j + 1) * c) * a for j, (c, a) in enumerate(terms, 1)), Fraction(0))
    one = sum((Fraction((-1) ** (j - 1) * j * c) * a for j, (c, a) in enumerate(terms, 1)), Fraction(0))
    return DealTonkOdds(players, all_qualify[0], table, one)


class _Steps:
    """Counts the work and stops it, with the reason, past the bound."""

    def __init__(self, limit: int, players: int, hand_size: int) -> None:
        self.limit, self.used, self.players, self.hand_size = limit, 0, players, hand_size

    def take(self, steps: int) -> None:
        self.used += steps
        if self.used > self.limit:
            raise OddsTooCostly(
                f"the exact deal-tonk odds of {self.players} hands of {self.hand_size} cards under this deal "
                f"check need more than {self.limit:,} counting steps (the bound that keeps an answer under "
                "about 2 s); simulate the variant to measure the rate instead")


#: One hand group's state: (cards held, count so far or _SURE) and how many hands share it.
_Group = tuple[tuple[int, int], int]


class _Count:
    """Ordered deals of j hands that all qualify, counted class by class (see the module docstring)."""

    def __init__(self, classes: tuple[tuple[int, int], ...], hand_size: int, check: DealCheckRule,
                 steps: _Steps) -> None:
        self.classes, self.h, self.steps = classes, hand_size, steps
        # the thresholds prune hands that can no longer qualify (or must); a complete hand is judged by the
        # deal check's own count test (ruleset/core.py), the one the engine and the kernel run
        self.low, self.high, self.qualifies = check.at_most, check.at_least, check.qualifies_count

    def ordered_deals(self, j: int) -> int:
        """Ordered j-tuples of disjoint qualifying hands (each hand a set of cards)."""
        states: dict[tuple[_Group, ...], int] = {(((0, 0), j),): 1}
        for index, (value, size) in enumerate(self.classes):
            later = [v for v, _ in self.classes[index + 1:]]
            share = _Share(self, value, size, later)
            grown: dict[tuple[_Group, ...], int] = {}
            for groups, ways in states.items():
                shares = share.of(groups)
                self.steps.take(len(shares))
                for key, factor in shares:
                    grown[key] = grown.get(key, 0) + ways * factor
            states = grown
            if not states:
                return 0
        return states.get((), 0)


class _Share:
    """The ways to share one value class among the hands' groups; the rest of it stays in the deck."""

    def __init__(self, count: _Count, value: int, size: int, later: list[int]) -> None:
        self.count, self.value, self.size = count, value, size
        self.least = min(later, default=0)
        self.most = max(later, default=0)
        self.last = not later
        self.fate = cache(self._fate)
        self.options = cache(self._options)

    def _fate(self, held: int, count: int) -> tuple[int, int] | None:
        """A hand's next state: None when it is complete and qualifies, _DEAD when it cannot qualify."""
        c, h = self.count, self.count.h
        if held == h:
            return None if count == _SURE or c.qualifies(count) else _DEAD
        if self.last:
            return _DEAD
        if count == _SURE:
            return held, count
        need = h - held
        lowest, highest = count + need * self.least, count + need * self.most
        if (c.low is not None and highest <= c.low) or (c.high is not None and lowest >= c.high):
            return held, _SURE
        if not ((c.low is not None and lowest <= c.low) or (c.high is not None and highest >= c.high)):
            return _DEAD
        return held, count

    def _options(self, held: int, count: int, hands: int,
                 left: int) -> list[tuple[int, tuple[_Group, ...], int, int]]:
        """Each way to give ``hands`` alike hands cards of this class — amounts in non-increasing order, as
        the hands are alike: (cards given, resulting groups, labellings of the amounts, prod k!)."""
        out: list[tuple[int, tuple[_Group, ...], int, int]] = []
        for amounts in _non_increasing(hands, min(self.count.h - held, left), left):
            alike: dict[int, int] = {}
            for k in amounts:
                alike[k] = alike.get(k, 0) + 1
            groups: list[_Group] = []
            for k, n in alike.items():
                fate = self.fate(held + k, _SURE if count == _SURE else count + k * self.value)
                if fate == _DEAD:
                    break
                if fate is not None:
                    groups.append((fate, n))
            else:
                labelled = factorial(hands)
                for n in alike.values():
                    labelled //= factorial(n)
                # cards of this class dealt as sets: size! / (prod k! * rest!) — the prod k! part here
                denominator = 1
                for k in amounts:
                    denominator *= factorial(k)
                out.append((sum(amounts), tuple(groups), labelled, denominator))
        return out

    def of(self, groups: tuple[_Group, ...]) -> list[tuple[tuple[_Group, ...], int]]:
        """Each next state with its number of ways (exact: size! / (prod k! rest!) times the labellings)."""
        top, rest = factorial(self.size), _FACTORIALS

        def share(i: int, left: int, built: tuple[_Group, ...], labelled: int,
                  denominator: int) -> Iterator[tuple[tuple[_Group, ...], int]]:
            if i == len(groups):
                merged: dict[tuple[int, int], int] = {}
                for state, n in built:
                    merged[state] = merged.get(state, 0) + n
                yield tuple(sorted(merged.items())), top // (rest[left] * denominator) * labelled
                return
            (held, count), hands = groups[i]
            for given, made, more, per in self.options(held, count, hands, left):
                yield from share(i + 1, left - given, built + made, labelled * more, denominator * per)

        return list(share(0, self.size, (), 1, 1))


_FACTORIALS = [factorial(n) for n in range(53)]


def _non_increasing(length: int, most: int, total: int) -> Iterator[tuple[int, ...]]:
    """Sequences of ``length`` amounts, each at most ``most``, non-increasing, summing to at most ``total``."""
    if length == 0:
        yield ()
        return
    for first in range(min(most, total), -1, -1):
        for rest in _non_increasing(length - 1, first, total - first):
            yield (first, *rest)
