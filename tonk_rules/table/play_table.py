"""A table of people and bots playing a sitting of hands: the one session API of terminal and web play.

``tonk play`` in a terminal and ``tonk play --web`` in the browser both seat their players here and ask it
the same questions: whose turn it is, the legal moves of a seat (in the order they are listed), why a move
is refused (the Ruleset's own words, through :meth:`Hand.why_illegal`), a move made, a bot's move, and the
running scores of the sitting. Nothing of the rules is decided anywhere else.

Hand N of a sitting is dealt from ``seed + N - 1`` and the bots of hand N are seeded from that seed and
their seat, so a sitting is replayed exactly from its seed and the moves made.

    >>> from tonk_rules.table.table_bots import SeatSpec
    >>> from tonk_rules.table.table_setup import ruleset_for
    >>> table = PlayTable(ruleset_for("pagat"), [SeatSpec("Ann", None), SeatSpec("Bob", "random")], seed=7)
    >>> hand = table.deal()
    >>> table.number, table.people
    (1, [0])
    >>> while not hand.over:
    ...     seat = table.whose_turn()
    ...     _ = table.bot_move() if table.is_bot(seat) else table.move(seat, table.moves(seat)[0])
    >>> sum(table.scores), table.finished
    (0, 1)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from tonk_rules.bots.observation import Observation, observe
from tonk_rules.engine.actions import Action, ActionRecord
from tonk_rules.engine.hand import Hand
from tonk_rules.errors import IllegalActionError, SetupError
from tonk_rules.ruleset import Ruleset
from tonk_rules.table.play import Player, ordered_moves
from tonk_rules.table.table_bots import DEFAULT_BOT, SeatSpec, make_bot

#: Why a seat may not move when it is not its turn (the engine's refusals say the rest).
NOT_YOUR_TURN = "it is not your turn"
HAND_OVER = "the hand is over"

BotMaker = Callable[[str, int, Ruleset, int], Player]


def fresh_seed() -> int:
    """A seed for a sitting nobody chose one for, from 63 bits: every finished hand's record shows its deal, and
    from a seed of 31 bits (about two thousand million) a player could search out the seed that dealt it and
    so know every later hand of the sitting, each dealt from the next seed."""
    return random.SystemRandom().randrange(2**63)


class MoveRefused(IllegalActionError):
    """A move a seat may not make now; ``why`` is the Ruleset's reason (or :data:`NOT_YOUR_TURN`)."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


@dataclass
class PlayTable:
    """Seats (a person's ``spec`` is None, a bot's its spec), the hand being played, the sitting's scores."""

    ruleset: Ruleset
    seats: Sequence[SeatSpec]
    seed: int = 0
    dealer: int | None = None  # the first hand's dealer (None: the last seat deals first)
    stakes: list[int] | None = None
    make: BotMaker = make_bot
    #: hands dealt so far (the hand being played is number ``number``)
    number: int = field(init=False, default=0)
    #: hands finished and booked into :attr:`scores`
    finished: int = field(init=False, default=0)
    scores: list[int] = field(init=False)
    hand: Hand | None = field(init=False, default=None)
    bots: dict[int, Player] = field(init=False, default_factory=dict)
    #: the default player standing in for a person who left their seat idle (made when first needed)
    stand_ins: dict[int, Player] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        n = len(self.seats)
        if (why := self.ruleset.why_not_seat(n)) is not None:
            raise SetupError(why)
        if self.dealer is None:
            self.dealer = n - 1
        self.scores = [0] * n

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def people(self) -> list[int]:
        """The seats people play."""
        return [i for i, s in enumerate(self.seats) if s.spec is None]

    def is_bot(self, seat: int) -> bool:
        return self.seats[seat].spec is not None

    @property
    def hand_seed(self) -> int:
        return (self.seed + self.number - 1) % 2**64

    # --- the deal ------------------------------------------------------------------------------------------
    def deal(self, dealer: int | None = None) -> Hand:
        """Deal the next hand (by ``dealer``, or the dealer the rules passed the deal to); the hand before
        must be over."""
        if self.hand is not None and not self.hand.over:
            raise IllegalActionError("the hand being played is not over")
        if dealer is not None:
            self.dealer = dealer
        assert self.dealer is not None
        self.number += 1
        seed, n = self.hand_seed, len(self.seats)
        self.hand = Hand.shuffled(self.ruleset, self.names, self.dealer, random.Random(seed), self.stakes)
        self.bots = {i: self.make(s.spec, seed + i + 1, self.ruleset, n) for i, s in enumerate(self.seats)
                     if s.spec is not None}
        self.stand_ins = {}
        self._book_if_over()  # a deal tonk ends the hand at once
        return self.hand

    def _playing(self) -> Hand:
        if self.hand is None:
            raise IllegalActionError("no hand has been dealt yet")
        return self.hand

    # --- questions -----------------------------------------------------------------------------------------
    def whose_turn(self) -> int | None:
        """The seat to move, None once the hand is over."""
        hand = self._playing()
        return None if hand.over else hand.current

    def observation(self, seat: int) -> Observation:
        """All that ``seat`` may know now (its pages and its bot are built from this alone)."""
        return observe(self._playing(), seat)

    def moves(self, seat: int) -> list[Action]:
        """The legal moves of ``seat`` in the order they are listed (none when it is not its turn)."""
        hand = self._playing()
        return ordered_moves(hand) if not hand.over and hand.current == seat else []

    def why_not(self, seat: int, action: Action) -> str | None:
        """Why ``seat`` may not make ``action`` now (None: it may), in the Ruleset's words."""
        hand = self._playing()
        if hand.over:
            return HAND_OVER
        if hand.current != seat:
            return NOT_YOUR_TURN
        return hand.why_illegal(action)

    # --- moves ---------------------------------------------------------------------------------------------
    def move(self, seat: int, action: Action) -> ActionRecord:
        """Make ``seat``'s move; :class:`MoveRefused` (nothing changed) with the reason when it may not."""
        if (why := self.why_not(seat, action)) is not None:
            raise MoveRefused(why)
        done = self._playing().apply(action)
        self._book_if_over()
        return done

    def bot_move(self) -> ActionRecord:
        """The move of the bot whose turn it is."""
        seat = self.whose_turn()
        if seat is None or seat not in self.bots:
            raise IllegalActionError("it is not a bot's turn")
        return self.move(seat, self.player(seat).choose(self._playing(), seat))

    def play_for(self, seat: int) -> ActionRecord:
        """The default player's move for a person's seat left idle (its turn; it sees only that seat)."""
        if self.whose_turn() != seat:
            raise MoveRefused(NOT_YOUR_TURN)
        return self.move(seat, self.player(seat).choose(self._playing(), seat))

    def player(self, seat: int) -> Player:
        """Who chooses the moves of ``seat`` when the table does: its bot, or for a person's seat the default
        player standing in (made when first needed, seeded by the hand and the seat)."""
        if seat in self.bots:
            return self.bots[seat]
        if seat not in self.stand_ins:
            self.stand_ins[seat] = self.make(DEFAULT_BOT, self.hand_seed + seat + 1, self.ruleset, len(self.seats))
        return self.stand_ins[seat]

    def _book_if_over(self) -> None:
        """Once the hand ends: its net into the scores, the deal passed as the rules say."""
        hand = self._playing()
        if hand.result is None or self.finished == self.number:
            return
        self.finished = self.number
        for seat, net in enumerate(hand.result.net):
            self.scores[seat] += net
        self.dealer = self.ruleset.dealer.next_dealer(hand.dealer, len(self.seats), hand.result.winners,
                                                      hand.result.void)

    def bot_labels(self) -> list[tuple[str, str]]:
        """Each bot seat's name and the spec it plays (every parameter), for a hand record's ``source``."""
        return [(self.names[i], bot.label) for i, bot in sorted(self.bots.items())]
