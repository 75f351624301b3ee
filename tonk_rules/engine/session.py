"""Sessions of several hands: dealer rotation, void deals, running balances or points to a target.

    >>> import random
    >>> from tonk_rules import Session, load_ruleset
    >>> session = Session(load_ruleset("russian"), ["Ann", "Bob", "Cy"], first_dealer=0)
    >>> hand = session.new_hand(random.Random(3))
    >>> while not hand.over:
    ...     _ = hand.apply(hand.legal_actions()[0])
    >>> session.finish_hand(hand)
    >>> sum(session.balances)
    0
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from tonk_rules.cards import Card
from tonk_rules.engine.hand import Hand
from tonk_rules.engine.result import HandResult
from tonk_rules.errors import IllegalActionError, SetupError
from tonk_rules.ruleset import Ruleset


@dataclass
class Session:
    """A table playing hand after hand under one ruleset."""

    ruleset: Ruleset
    players: list[str]
    stakes: list[int] | None = None
    first_dealer: int | None = None
    dealer: int = field(init=False, default=0)
    balances: list[int] = field(init=False)
    results: list[HandResult] = field(init=False, default_factory=list)
    cut: list[Card] = field(init=False, default_factory=list)
    #: hands won by each seat (a hand's winners; a void hand has none): a match to N hands won ends on them
    wins: list[int] = field(init=False)

    def __post_init__(self) -> None:
        if not isinstance(self.ruleset, Ruleset):
            raise SetupError("ruleset must be a compiled Ruleset (see load_ruleset), "
                             f"not {type(self.ruleset).__name__}")
        if isinstance(self.players, str) or not isinstance(self.players, list | tuple) or len(self.players) < 1:
            raise SetupError("players must be a list of names")
        n = len(self.players)
        if (why := self.ruleset.why_not_seat(n)) is not None:
            raise SetupError(why)
        if self.stakes is not None:
            why = self.ruleset.why_not_stakes(list(self.stakes), n)
            if why:
                raise SetupError(why)
        self.balances = [0] * n
        self.wins = [0] * n
        first = self.ruleset.dealer.first_dealer(self.first_dealer, n)
        if first is not None:
            self.dealer = first

    def cut_for_deal(self, rng: random.Random) -> int:
        """High card cut: each player takes a card, the highest rank deals; ties cut again."""
        self.dealer, cut = self.ruleset.dealer.cut(len(self.players), self.ruleset.deal.deck, rng)
        self.cut.extend(cut)
        return self.dealer

    @property
    def over(self) -> bool:
        """With points scoring: a player has reached the target; in a match to N hands won, a player has won
        N hands."""
        if self.ruleset.wins_target is not None:
            return max(self.wins) >= self.ruleset.wins_target
        target = self.ruleset.points_target
        return target is not None and max(self.balances) >= target

    @property
    def match_winners(self) -> tuple[int, ...]:
        """In a match to N hands won: the seats that have won N hands (empty while the match goes on, and
        in any other scoring)."""
        target = self.ruleset.wins_target
        return () if target is None else tuple(s for s, won in enumerate(self.wins) if won >= target)

    def new_hand(self, rng: random.Random) -> Hand:
        if self.over:
            if self.ruleset.wins_target is not None:
                raise IllegalActionError(f"the match is over: {', '.join(self.players[s] for s in self.match_winners)}"
                                         f" won {self.ruleset.wins_target} hands")
            raise IllegalActionError("the session is over: a player has reached the points target")
        if self.first_dealer is None and not self.results and not self.cut:
            self.cut_for_deal(rng)
        return Hand.shuffled(self.ruleset, self.players, self.dealer, rng, self.stakes)

    def finish_hand(self, hand: Hand) -> None:
        """Book a finished hand's net and pass the deal as the variant says."""
        if hand.result is None:
            raise IllegalActionError("the hand is not over")
        result = hand.result
        self.results.append(result)
        for seat, amount in enumerate(result.net):
            self.balances[seat] += amount
        for seat in result.winners:
            self.wins[seat] += 1
        self.dealer = self.ruleset.dealer.next_dealer(self.dealer, len(self.players), result.winners, result.void)
