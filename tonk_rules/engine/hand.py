"""One hand of Tonk, played by a compiled :class:`~tonk_rules.ruleset.Ruleset` and nothing else.

    >>> import random
    >>> from tonk_rules import Hand, Knock, load_ruleset
    >>> rules = load_ruleset("pagat")
    >>> hand = Hand.shuffled(rules, ["Ann", "Bob"], dealer=0, rng=random.Random(7))
    >>> hand.phase
    <Phase.START: 'start'>
    >>> hand.why_illegal(Knock()) is None
    True
    >>> hand.apply(Knock()).action, hand.result.ending
    (Knock(), <Ending.KNOCK_WON: 'knock_won'>)

For every action: ``why_illegal(action)`` says why it is not allowed (None when it is), ``apply(action)``
plays it and returns the frozen :class:`ActionRecord` (raising :class:`IllegalActionError`, state
unchanged, when it is illegal), and ``legal_actions()`` lists every legal action. The deal is part of the
state (``deck``), so a hand replays exactly from its record. Bad set-up arguments raise
:class:`~tonk_rules.errors.SetupError`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from tonk_rules.cards import Card
from tonk_rules.engine import legality, moves
from tonk_rules.engine.actions import Action, ActionRecord, Discard, Draw, Hit, Knock, Spread
from tonk_rules.engine.result import HandResult
from tonk_rules.engine.turn import Phase, TableSpread, Turn
from tonk_rules.errors import IllegalActionError, SetupError
from tonk_rules.ruleset import Ruleset, Settlement, core
from tonk_rules.ruleset import position_vector as pf
from tonk_rules.ruleset.melds import mask_of
from tonk_rules.terms import MeldKind, Pile

__all__ = ["Hand", "Phase", "TableSpread", "Turn"]


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
    turn: Turn = field(default_factory=Turn)
    #: The position as the rules' facts read it (ruleset/position_vector.py ``P_*``, the layout the kernel's
    #: state holds too), kept up to date with the lists above by every change of the hand: ``position_facts
    #: (hand.position, seat)`` is what a rule knows of the position.
    position: list[int] = field(default_factory=list, repr=False, compare=False)
    # the actions legal_actions() last generated, with the step they were generated at: apply() need not
    # check again an action taken from that very list (move generation keeps only what legality allows)
    _generated: tuple[int, tuple[Action, ...]] | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.position:  # a hand made at a position (a bot's sample of one): its vector, from its lists
            self.position = position_of(self)

    def copy(self) -> Hand:
        """An independent copy to play on: every list that play changes is new, while the rules, the cards,
        the action records and the result (all frozen) are shared. A search copies a hand at every step, where
        ``copy.deepcopy`` spent most of its time walking those frozen values."""
        twin = Hand(self.ruleset, self.players, self.dealer, self.deck, self.stakes, self.reshuffle_seed,
                    [list(cards) for cards in self.hands], list(self.stock), list(self.discard),
                    [TableSpread(s.number, s.owner, s.kind, list(s.cards), s.targets) for s in self.spreads],
                    self.current, list(self.turns_taken), list(self.hit_locks), list(self.history), self.result,
                    self.deal_tonks, self.reshuffles, self.turn.copy(), list(self.position))
        twin._generated = self._generated  # a tuple of frozen actions, tied to the step: still true of the copy
        return twin

    # --- the deal ----------------------------------------------------------------------------------------
    @classmethod
    def deal(
        cls,
        ruleset: Ruleset,
        players: Sequence[str],
        dealer: int,
        deck: Sequence[Card],
        stakes: Sequence[int] | None = None,
        reshuffle_seed: int = 0,
    ) -> Hand:
        """Deal from ``deck`` (top card first), run the deal check, and return the hand ready to play."""
        _check_setup(ruleset, players, dealer, deck, reshuffle_seed)
        n = len(players)
        stakes = list(stakes) if stakes is not None else [1] * n
        why = ruleset.why_not_stakes(stakes, n)
        if why:
            raise SetupError(why)
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
        hand.position = position_of(hand)
        hand.deal_tonks = ruleset.deal_check.holders(hand.hands, ruleset.deal.values)
        if hand.deal_tonks:
            settlement = ruleset.settle_deal(hand.hands, hand.stakes)
            if settlement is not None:
                hand._end(settlement)
        return hand

    @classmethod
    def shuffled(cls, ruleset: Ruleset, players: Sequence[str], dealer: int, rng: random.Random,
                 stakes: Sequence[int] | None = None) -> Hand:
        """Deal a deck shuffled by ``rng`` (which also draws the seed of any later reshuffle)."""
        if not isinstance(rng, random.Random):
            raise SetupError(f"rng must be a random.Random, not {type(rng).__name__}")
        deck = list(ruleset.deal.deck)
        rng.shuffle(deck)
        return cls.deal(ruleset, players, dealer, deck, stakes, reshuffle_seed=rng.randrange(2**31))

    # --- queries ------------------------------------------------------------------------------------------
    def count(self, player: int) -> int:
        return self.ruleset.deal.count(self.hands[player])

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def phase(self) -> Phase:
        """Where the current player is in their turn; ``Phase.OVER`` once the hand has ended."""
        return Phase.OVER if self.result is not None else self.turn.phase

    @property
    def first_turn_binds(self) -> bool:
        """The variant restricts the hand's first turn, and this is it (no turn has ended yet)."""
        return self.ruleset.deal.first_turn_binds(not any(self.turns_taken))

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` is not allowed for the current player now, or None when it is."""
        return legality.why_illegal(self, self._as_jokers_held(action))

    def legal_actions(self) -> list[Action]:
        """Every legal action of the current player, generated for the turn's phase."""
        actions = moves.legal_actions(self)
        self._generated = (len(self.history), tuple(actions))
        return actions

    def _as_jokers_held(self, action: Action) -> Action:
        """``action`` with each joker it names made the joker it must be: the jokers are alike, so a ``Jk`` typed
        or recorded is one the player holds, or the one on top of the pile drawn from."""
        if isinstance(action, Draw):
            if action.card is None or not action.card.joker:
                return action
            pile = self.discard if action.source is Pile.DISCARD else self.stock
            return Draw(action.source, pile[-1]) if pile and pile[-1].joker else action
        if not isinstance(action, Spread | Hit | Discard):
            return action
        cards = action.cards if isinstance(action, Spread) else (action.card,)
        if not any(c.joker for c in cards):
            return action
        spare = [c for c in self.hands[self.current] if c.joker and c not in cards]
        held = tuple(c if not c.joker or c in self.hands[self.current] or not spare else spare.pop(0) for c in cards)
        if isinstance(action, Spread):
            return Spread(held)
        return Hit(held[0], action.spread) if isinstance(action, Hit) else Discard(held[0])

    # --- applying actions ---------------------------------------------------------------------------------
    def apply(self, action: Action) -> ActionRecord:
        """Play ``action`` for the current player; raise :class:`IllegalActionError` (state unchanged)."""
        action = self._as_jokers_held(action)
        if not self._was_generated(action):
            if not isinstance(action, Knock | Draw | Spread | Hit | Discard):
                raise TypeError(f"not an action: {action!r} (expected Knock, Draw, Spread, Hit or Discard; "
                                "parse_action() reads the text form)")
            why = legality.why_illegal(self, action)
            if why is not None:
                raise IllegalActionError(f"{self.players[self.current]} may not {action}: {why}")
        player = self.current
        if isinstance(action, Draw):
            action = self._draw(action)
        elif isinstance(action, Knock):
            counts = [self.ruleset.deal.count(h) for h in self.hands]
            self._end(self.ruleset.settle_knock(counts, player, self.stakes))
        elif isinstance(action, Spread):
            self._spread(action)
        elif isinstance(action, Hit):
            self._hit(action)
        else:
            self._discard(action)
        record = ActionRecord(len(self.history) + 1, player, action)
        self.history.append(record)
        return record

    def _was_generated(self, action: Action) -> bool:
        """Is ``action`` (this very object) one that legal_actions() generated for the current state?"""
        generated = self._generated
        if generated is None or generated[0] != len(self.history):
            return False
        for candidate in generated[1]:  # noqa: SIM110 (a loop is 4x any() over a generator: every action runs it)
            if candidate is action:
                return True
        return False

    def _draw(self, action: Draw) -> Draw:
        rules = self.ruleset
        if action.source is Pile.DISCARD:
            card = self.discard.pop(-action.depth)  # the cards above it stay on the pile, in order
            self.turn.drew(card, rules.taken_discard.straight_into_spread)
        else:
            if self.stock:
                card = self.stock.pop()
            elif rules.stock.reshuffles(len(self.discard)):
                self.stock = legality.reshuffled_pile(self)
                self.discard = self.discard[-1:]
                self.reshuffles += 1
                card = self.stock.pop()
            else:  # the hand ends on the empty stock
                self._end(rules.settle_stock_out([rules.deal.count(h) for h in self.hands], self.stakes))
                return moves.DRAW_STOCK
            self.turn.drew(None, rules.taken_discard.straight_into_spread)
        self.hands[self.current].append(card)
        P = self.position
        P[pf.P_STOCK_N], P[pf.P_DISCARD_N] = len(self.stock), len(self.discard)
        self._moved(self.current, (card,), into_hand=True)
        return moves.DRAWN[action.source, card] if action.depth == 1 else moves.draw_at(action.depth, card)

    def _spread(self, action: Spread) -> None:
        melds = self.ruleset.melds
        kind = melds.classify(action.cards) or MeldKind.RUN  # legal, so never None
        mine = self.hands[self.current]
        for card in action.cards:
            mine.remove(card)
        cards = self._ordered(action.cards)
        self.spreads.append(TableSpread(len(self.spreads) + 1, self.current, kind, cards,
                                        melds.extenders(kind, cards)))
        P, k = self.position, len(self.spreads) - 1
        P[pf.P_SPREADS_N] = k + 1
        P[pf.P_SPREADS_LAID + self.current] += 1
        P[pf.P_SP_OWNER + k], P[pf.P_SP_RUN + k], P[pf.P_SP_MASK + k] = (self.current, int(kind is MeldKind.RUN),
                                                                        mask_of(cards))
        self._moved(self.current, action.cards, into_hand=False)
        self._laid(action.cards, new_spread=True)

    def _hit(self, action: Hit) -> None:
        target = self.spreads[action.spread - 1]
        self.hands[self.current].remove(action.card)
        target.cards = self._ordered([*target.cards, action.card])
        target.targets = self.ruleset.melds.extenders(target.kind, target.cards)
        owner = target.owner
        self.hit_locks[owner] = core.locks_after_hit(self.hit_locks[owner], owner == self.current)
        P = self.position
        P[pf.P_SP_MASK + action.spread - 1] |= 1 << int(action.card)
        P[pf.P_LOCKS + owner] = self.hit_locks[owner]
        self._moved(self.current, (action.card,), into_hand=False)
        self._laid((action.card,), new_spread=False)

    def _laid(self, cards: tuple[Card, ...], new_spread: bool) -> None:
        """After a spread or hit: the turn moves on, and a player with no cards left is out."""
        self.turn.laid(cards, new_spread)
        if not self.hands[self.current]:
            self._go_out(by_discard=False)

    def _ordered(self, cards: Sequence[Card]) -> list[Card]:
        """Cards of a spread in table order: a book by suit, a run by rank (a high ace last)."""
        melds = self.ruleset.melds
        wild = melds.wild_order(cards)
        if wild is not None:  # each wild card where it stands
            return wild
        if all(c.rank == cards[0].rank for c in cards):
            return sorted(cards, key=lambda c: c.suit)
        ordered = sorted(cards, key=lambda c: melds.ranks.index(c.rank))
        positions = melds.run_positions(cards)
        if positions is not None and positions[-1] == len(melds.ranks):
            ordered = [*ordered[1:], ordered[0]]
        return ordered

    def _discard(self, action: Discard) -> None:
        player = self.current
        self.hands[player].remove(action.card)
        self.discard.append(action.card)
        P = self.position
        P[pf.P_DISCARD_N] = len(self.discard)
        self._moved(player, (action.card,), into_hand=False)
        if not self.hands[player]:
            self._go_out(by_discard=True)
            return
        self.turns_taken[player] += 1
        self.hit_locks[player] = core.locks_after_turn(self.hit_locks[player])
        self.current = (player + 1) % len(self.players)
        self.turn = Turn()
        P[pf.P_TURNS_TAKEN + player], P[pf.P_LOCKS + player] = self.turns_taken[player], self.hit_locks[player]
        P[pf.P_CURRENT], P[pf.P_FIRST_TURN] = self.current, 0

    def _moved(self, seat: int, cards: Sequence[Card], into_hand: bool) -> None:
        """The position vector after ``cards`` came into ``seat``'s hand (``into_hand``) or left it."""
        P, mask, count = self.position, mask_of(cards), self.ruleset.deal.count(cards)
        if into_hand:
            P[pf.P_HANDS + seat] |= mask
            P[pf.P_COUNTS + seat] += count
        else:
            P[pf.P_HANDS + seat] &= ~mask
            P[pf.P_COUNTS + seat] -= count

    # --- the end ------------------------------------------------------------------------------------------
    def _go_out(self, by_discard: bool) -> None:
        counts = [self.ruleset.deal.count(h) for h in self.hands]
        self._end(self.ruleset.settle_out(counts, self.current, by_discard, self.turn.new_spread, self.stakes))

    def _end(self, settlement: Settlement) -> None:
        self.result = HandResult(
            ending=settlement.ending, winners=settlement.winners, counts=settlement.counts,
            payments=settlement.payments, net=settlement.net, players=self.players, knocker=settlement.knocker)


def position_of(hand: Hand) -> list[int]:
    """The position vector (ruleset/position_vector.py ``P_*``) of ``hand``, from its lists: made at the deal,
    then kept up to date by each change (a test compares the two after every action)."""
    P = [0] * pf.P_SIZE
    P[pf.P_PLAYERS], P[pf.P_CURRENT] = len(hand.players), hand.current
    P[pf.P_STOCK_N], P[pf.P_DISCARD_N], P[pf.P_SPREADS_N] = len(hand.stock), len(hand.discard), len(hand.spreads)
    P[pf.P_FIRST_TURN] = int(not any(hand.turns_taken))
    for seat, cards in enumerate(hand.hands):
        P[pf.P_HANDS + seat], P[pf.P_COUNTS + seat] = mask_of(cards), hand.ruleset.deal.count(cards)
        P[pf.P_TURNS_TAKEN + seat], P[pf.P_LOCKS + seat] = hand.turns_taken[seat], hand.hit_locks[seat]
    for k, spread in enumerate(hand.spreads):
        P[pf.P_SP_OWNER + k], P[pf.P_SP_RUN + k] = spread.owner, int(spread.kind is MeldKind.RUN)
        P[pf.P_SP_MASK + k] = mask_of(spread.cards)
        P[pf.P_SPREADS_LAID + spread.owner] += 1
    return P


def _check_setup(ruleset: Ruleset, players: Sequence[str], dealer: int, deck: Sequence[Card],
                 reshuffle_seed: int) -> None:
    """Refuse set-up arguments that do not describe a table under ``ruleset`` (a :class:`SetupError`)."""
    if not isinstance(ruleset, Ruleset):
        raise SetupError(f"ruleset must be a compiled Ruleset (see load_ruleset), not {type(ruleset).__name__}")
    if isinstance(players, str) or not isinstance(players, Sequence) or not all(isinstance(p, str) and p
                                                                                 for p in players):
        raise SetupError("players must be a list of non-empty names")
    n = len(players)
    if len(set(players)) != n:
        raise SetupError("two players have the same name")
    if (why := ruleset.why_not_seat(n)) is not None:
        raise SetupError(why)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
        raise SetupError(f"dealer must be a seat number 0..{n - 1}, not {dealer!r}")
    if isinstance(reshuffle_seed, bool) or not isinstance(reshuffle_seed, int):
        raise SetupError(f"reshuffle_seed must be a whole number, not {reshuffle_seed!r}")
    if isinstance(deck, str | bytes) or not all(isinstance(c, Card) for c in deck):
        raise SetupError("the deck must be a sequence of cards (tonk_rules.cards.Card, e.g. parse_card('5H'))")
    if sorted(deck) != sorted(ruleset.deal.deck):
        raise SetupError("the deck must hold exactly the variant's cards, each once")
