"""One hand of Tonk, played by a compiled :class:`~tonk_rules.ruleset.Ruleset` and nothing else.

    >>> import random
    >>> from tonk_rules.ruleset import compile_ruleset
    >>> from tonk_rules.variant.loader import load_variant
    >>> from tonk_rules.engine.hand import Hand
    >>> from tonk_rules.engine.actions import Knock
    >>> rules = compile_ruleset(load_variant("pagat").variant)
    >>> hand = Hand.shuffled(rules, ["Ann", "Bob"], dealer=0, rng=random.Random(7))
    >>> hand.why_illegal(Knock()) is None or hand.result is not None
    True

For every action: ``why_illegal(action)`` says why it is not allowed (None when it is), ``apply(action)``
plays it and returns the frozen :class:`ActionRecord` (raising :class:`IllegalActionError`, state
unchanged, when it is illegal), and ``legal_actions()`` lists every legal action. The deal is part of the
state (``deck``), so a hand replays exactly from its record.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from tonk_rules.cards import Card, hand_count
from tonk_rules.engine.actions import Action, ActionRecord, Discard, Draw, Hit, Knock, Spread
from tonk_rules.engine.result import HandResult
from tonk_rules.errors import IllegalActionError
from tonk_rules.ruleset import Ruleset, net_of


@dataclass
class TableSpread:
    """A spread on the table: its number (1-based), owner, kind and cards in order."""

    number: int
    owner: int
    kind: str
    cards: list[Card]


@dataclass
class _Turn:
    drawn: bool = False
    acted: bool = False
    taken: Card | None = None  # the card taken from the discard pile this turn
    pending: Card | None = None  # a taken discard that must go straight into a spread
    new_spread: bool = False


@dataclass
class Hand:
    ruleset: Ruleset
    players: tuple[str, ...]
    dealer: int
    deck: tuple[Card, ...]
    stakes: tuple[int, ...]
    reshuffle_seed: int = 0
    hands: list[list[Card]] = field(default_factory=list)
    stock: list[Card] = field(default_factory=list)  # top of the stock is the last item
    discard: list[Card] = field(default_factory=list)  # top of the pile is the last item
    spreads: list[TableSpread] = field(default_factory=list)
    current: int = 0
    turns_taken: list[int] = field(default_factory=list)
    hit_locks: list[int] = field(default_factory=list)
    history: list[ActionRecord] = field(default_factory=list)
    result: HandResult | None = None
    deal_tonks: tuple[int, ...] = ()
    reshuffles: int = 0
    turn: _Turn = field(default_factory=_Turn)

    # --- the deal ----------------------------------------------------------------------------------------
    @classmethod
    def deal(
        cls,
        ruleset: Ruleset,
        players: list[str],
        dealer: int,
        deck: list[Card] | tuple[Card, ...],
        stakes: list[int] | None = None,
        reshuffle_seed: int = 0,
    ) -> Hand:
        """Deal from ``deck`` (top card first), run the deal check, and return the hand ready to play."""
        n = len(players)
        if not ruleset.min_players <= n <= ruleset.max_players:
            raise IllegalActionError(
                f"this variant seats {ruleset.min_players} to {ruleset.max_players} players, not {n}")
        if sorted(deck) != sorted(ruleset.deal.deck):
            raise IllegalActionError("the deck must hold exactly the variant's cards, each once")
        if not 0 <= dealer < n:
            raise IllegalActionError(f"dealer seat {dealer} does not exist")
        stakes = list(stakes) if stakes is not None else [1] * n
        if len(stakes) != n or any(s < 1 for s in stakes):
            raise IllegalActionError("give one positive whole stake per player")
        hand = cls(ruleset, tuple(players), dealer, tuple(deck), tuple(stakes), reshuffle_seed)
        order = ruleset.deal.deal_order(n, dealer)
        hand.hands = [[] for _ in range(n)]
        for seat, card in zip(order, deck, strict=False):
            hand.hands[seat].append(card)
        rest = list(deck[len(order):])
        if ruleset.deal.upcard:
            hand.discard.append(rest.pop(0))
        hand.stock = rest[::-1]
        hand.current = (dealer + 1) % n
        hand.turns_taken = [0] * n
        hand.hit_locks = [0] * n
        hand._deal_check()
        return hand

    @classmethod
    def shuffled(cls, ruleset: Ruleset, players: list[str], dealer: int, rng: random.Random,
                 stakes: list[int] | None = None) -> Hand:
        deck = list(ruleset.deal.deck)
        rng.shuffle(deck)
        return cls.deal(ruleset, players, dealer, deck, stakes, reshuffle_seed=rng.randrange(2**31))

    def _deal_check(self) -> None:
        tonks = tuple(p for p, cards in enumerate(self.hands) if self.ruleset.deal_check.qualifies(cards))
        self.deal_tonks = tonks
        if not tonks:
            return
        if len(tonks) > 1 and self.ruleset.deal_check.several_void:
            self._end("deal_void", ())
        else:
            self._end("deal_tonk", tonks)

    # --- queries ------------------------------------------------------------------------------------------
    def count(self, player: int) -> int:
        return hand_count(self.hands[player])

    @property
    def over(self) -> bool:
        return self.result is not None

    # --- legality -----------------------------------------------------------------------------------------
    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` is not allowed for the current player now, or None when it is."""
        if self.result is not None:
            return "the hand is over"
        rules, turn, hand = self.ruleset, self.turn, self.hands[self.current]
        if isinstance(action, Knock):
            why = rules.knocking.why_not(count=hand_count(hand), turns_taken=self.turns_taken[self.current],
                                         locked_turns=self.hit_locks[self.current], acted=turn.acted,
                                         drawn=turn.drawn)
            if why is None and (held := rules.spreading.held_spread(hand)) is not None:
                why = f"you hold a spread ({' '.join(map(str, held))}) that must be laid, so you may not knock"
            return why
        if isinstance(action, Draw):
            return self._why_not_draw(action)
        if isinstance(action, Spread | Hit):
            if turn.pending is not None and not _uses(action, turn.pending):
                return f"{turn.pending} taken from the discard pile must go straight into a spread"
            why = rules.spreading.why_not_now(turn.drawn)
            return why or (self._why_not_spread(action) if isinstance(action, Spread) else self._why_not_hit(action))
        if isinstance(action, Discard):
            return self._why_not_discard(action.card)
        return f"unknown action {action!r}"

    def _why_not_draw(self, action: Draw) -> str | None:
        rules, turn = self.ruleset, self.turn
        if turn.drawn:
            return "you have already drawn this turn"
        if action.source not in ("stock", "discard"):
            return f"unknown pile {action.source!r}"
        why = rules.drawing.why_not(action.source)
        if why:
            return why
        hand = self.hands[self.current]
        if rules.spreading.before_draw and (held := rules.spreading.held_spread(hand)) is not None:
            return f"you hold a spread ({' '.join(map(str, held))}) that must be laid before drawing"
        if action.source == "discard":
            if not self.discard:
                return "the discard pile is empty"
            top = self.discard[-1]
            if action.card is not None and action.card != top:
                return f"the top of the discard pile is {top}, not {action.card}"
            if rules.taken_discard.must_meld and not self._can_meld(top, hand):
                return f"{top} would have to go straight into a spread, and it cannot"
        elif action.card is not None and not self.stock:
            return f"the stock is empty, so {action.card} cannot be drawn from it"
        elif action.card is not None and self.stock[-1] != action.card:
            return f"the top of the stock is {self.stock[-1]}, not {action.card}"
        return None

    def _can_meld(self, card: Card, hand: list[Card]) -> bool:
        if any(card in meld for meld in self.ruleset.melds.melds_in([*hand, card])):
            return True
        return any(self._why_not_hit(Hit(card, s.number), need_in_hand=False) is None for s in self.spreads)

    def _why_not_spread(self, action: Spread) -> str | None:
        hand = self.hands[self.current]
        missing = [c for c in action.cards if c not in hand]
        if missing:
            return f"{' '.join(map(str, missing))} not in your hand"
        if len(set(action.cards)) != len(action.cards):
            return "a card is listed twice"
        if self.ruleset.melds.classify(action.cards) is None:
            return f"{' '.join(map(str, action.cards))} is neither a book nor a run under these rules"
        return None

    def _why_not_hit(self, action: Hit, need_in_hand: bool = True) -> str | None:
        if need_in_hand and action.card not in self.hands[self.current]:
            return f"{action.card} is not in your hand"
        if not 1 <= action.spread <= len(self.spreads):
            return f"there is no spread {action.spread} (spreads on the table: {len(self.spreads)})"
        target = self.spreads[action.spread - 1]
        why = self.ruleset.hitting.why_not(target.kind, own=target.owner == self.current)
        if why:
            return why
        if not self.ruleset.melds.can_extend(target.kind, tuple(target.cards), action.card):
            return f"{action.card} does not extend spread {action.spread} ({' '.join(map(str, target.cards))})"
        return None

    def _why_not_discard(self, card: Card) -> str | None:
        rules, turn, hand = self.ruleset, self.turn, self.hands[self.current]
        if not turn.drawn:
            return "draw before discarding"
        if card not in hand:
            return f"{card} is not in your hand"
        if turn.pending is not None:
            return f"{turn.pending} taken from the discard pile must go straight into a spread"
        why = rules.taken_discard.why_not_discard(card, turn.taken, len(hand))
        if why:
            return why
        if not rules.spreading.before_draw:
            rest = [c for c in hand if c != card]
            held = rules.spreading.held_spread(rest)
            if held is not None:
                return f"you hold a spread ({' '.join(map(str, held))}) that must be laid before discarding"
        return None

    def legal_actions(self) -> list[Action]:
        """Every legal action of the current player."""
        if self.result is not None:
            return []
        hand, drawn = self.hands[self.current], self.turn.drawn
        # Only the candidates of the turn's phase are checked: this is the simulator's hot path.
        candidates: list[Action] = [] if drawn else [_KNOCK, _DRAW_STOCK, _DRAW_DISCARD]
        if drawn != self.ruleset.spreading.before_draw:
            candidates += [Spread(meld) for meld in self.ruleset.melds.melds_in(hand)]
            candidates += [Hit(card, s.number) for card in hand for s in self.spreads]
        if drawn:
            candidates += [Discard(card) for card in hand]
        return [a for a in candidates if self.why_illegal(a) is None]

    # --- applying actions ---------------------------------------------------------------------------------
    def apply(self, action: Action) -> ActionRecord:
        """Play ``action`` for the current player; raise :class:`IllegalActionError` (state unchanged)."""
        why = self.why_illegal(action)
        if why is not None:
            raise IllegalActionError(f"{self.players[self.current]} may not {action}: {why}")
        player = self.current
        if isinstance(action, Draw):
            action = self._draw(action)
        elif isinstance(action, Knock):
            self._knock()
        elif isinstance(action, Spread):
            self._spread(action)
        elif isinstance(action, Hit):
            self._hit(action)
        else:
            self._discard(action.card)
        record = ActionRecord(len(self.history) + 1, player, action)
        self.history.append(record)
        return record

    def _draw(self, action: Draw) -> Draw:
        turn = self.turn
        if action.source == "discard":
            card = self.discard.pop()
            turn.taken = card
            if self.ruleset.taken_discard.must_meld:
                turn.pending = card
        else:
            reshuffled = self._stock_empty() if not self.stock else self.stock.pop()
            if reshuffled is None:  # the hand ended on the empty stock
                return Draw("stock")
            card = reshuffled
        self.hands[self.current].append(card)
        turn.drawn = turn.acted = True
        return Draw(action.source, card)

    def _stock_empty(self) -> Card | None:
        """A draw from the empty stock: end the hand, or reshuffle and return the drawn card."""
        mode = self.ruleset.stock.when_empty
        if mode == "reshuffle" and len(self.discard) > 1:
            pile, top = self.discard[:-1], self.discard[-1]
            self.reshuffles += 1
            random.Random(f"{self.reshuffle_seed}:{self.reshuffles}").shuffle(pile)
            self.stock, self.discard = pile, [top]
            return self.stock.pop()
        if mode != "end_lowest_wins":  # void, or nothing left to reshuffle
            self._end("stock_void", ())
            return None
        counts = [hand_count(h) for h in self.hands]
        low = min(counts)
        lowest = tuple(p for p, c in enumerate(counts) if c == low)
        if len(lowest) > 1 and self.ruleset.stock.ties_void:
            self._end("stock_void", ())
        else:
            self._end("stock_exhausted", lowest)
        return None

    def _knock(self) -> None:
        knocker = self.current
        counts = [hand_count(h) for h in self.hands]
        others = [p for p in range(len(counts)) if p != knocker]
        if self.ruleset.knocking.succeeds(counts[knocker], [counts[p] for p in others]):
            self._end("knock_won", (knocker,), knocker=knocker)
        else:
            low = min(counts[p] for p in others)
            self._end("knock_caught", tuple(p for p in others if counts[p] == low), knocker=knocker)

    def _spread(self, action: Spread) -> None:
        kind = self.ruleset.melds.classify(action.cards) or "run"
        hand = self.hands[self.current]
        for card in action.cards:
            hand.remove(card)
        self.spreads.append(TableSpread(len(self.spreads) + 1, self.current, kind, self._ordered(action.cards)))
        self.turn.new_spread = self.turn.acted = True
        if self.turn.pending in action.cards:
            self.turn.pending = None
        self._check_out()

    def _hit(self, action: Hit) -> None:
        target = self.spreads[action.spread - 1]
        self.hands[self.current].remove(action.card)
        target.cards = self._ordered([*target.cards, action.card])
        if target.owner != self.current:
            self.hit_locks[target.owner] += 1
        self.turn.acted = True
        if self.turn.pending == action.card:
            self.turn.pending = None
        self._check_out()

    def _ordered(self, cards: list[Card] | tuple[Card, ...]) -> list[Card]:
        """Cards of a spread in table order: a book by suit, a run by rank (a high ace last)."""
        melds = self.ruleset.melds
        if len({c.rank for c in cards}) == 1:
            return sorted(cards, key=lambda c: c.suit)
        ordered = sorted(cards, key=lambda c: melds.ranks.index(c.rank))
        positions = melds.run_positions(cards)
        if positions is not None and positions[-1] == len(melds.ranks):
            ordered = [*ordered[1:], ordered[0]]
        return ordered

    def _check_out(self) -> None:
        if not self.hands[self.current]:
            self._end(self.ruleset.going_out.ending(False, self.turn.new_spread), (self.current,))

    def _discard(self, card: Card) -> None:
        player = self.current
        self.hands[player].remove(card)
        self.discard.append(card)
        if not self.hands[player]:
            self._end(self.ruleset.going_out.ending(True, self.turn.new_spread), (player,))
            return
        self.turns_taken[player] += 1
        if self.hit_locks[player] > 0:
            self.hit_locks[player] -= 1
        self.current = (player + 1) % len(self.players)
        self.turn = _Turn()

    # --- the end ------------------------------------------------------------------------------------------
    def _end(self, ending: str, winners: tuple[int, ...], knocker: int | None = None) -> None:
        counts = [hand_count(h) for h in self.hands]
        payments = []
        if ending not in ("deal_void", "stock_void"):
            payments = self.ruleset.payments.settle(ending, winners=winners, knocker=knocker, counts=counts,
                                                    stakes=list(self.stakes))
        self.result = HandResult(
            ending=ending, winners=winners, counts=tuple(counts), payments=tuple(payments),
            net=tuple(net_of(payments, len(counts))), players=self.players, knocker=knocker)


_KNOCK, _DRAW_STOCK, _DRAW_DISCARD = Knock(), Draw("stock"), Draw("discard")


def _uses(action: Spread | Hit, card: Card) -> bool:
    return card in action.cards if isinstance(action, Spread) else action.card == card
