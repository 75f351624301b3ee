"""A table played from phones: the session (:class:`~tonk_rules.table.play_table.PlayTable`), a secret per seat,
moves made once however often they are sent, the bots' moves after a visible pause, and an idle seat played by
the default player.

Every change goes through :meth:`PlayHost.move` / :meth:`PlayHost.tick` under one lock and raises the table's
``version``, which the pages' live part is refreshed by. A move carries the key of the position it was chosen
in (the hand's number and step): the same key sent twice (a double tap, a resend after a dropped connection)
moves once; a key of a position that has passed is refused as such, never played in the position after it.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tonk_rules.engine.actions import Action, Draw, parse_action
from tonk_rules.engine.hand import Hand
from tonk_rules.errors import RecordError, TonkError
from tonk_rules.table.house_tuning import bots_source
from tonk_rules.table.play_table import MoveRefused, PlayTable

#: How long a bot's turn shows before it moves: long enough to see whose turn it is, short enough to play on.
BOT_DELAY_S = 0.8
#: A note kept for the table (a seat played by the default player): the latest few are shown.
NOTES_KEPT = 6


class StaleMove(Exception):
    """A move chosen in a position that has passed (the page was out of date)."""


@dataclass(frozen=True)
class Note:
    """Something the table is told: ``kind`` names its words (play_pages), ``seat`` whom it is about."""

    kind: str
    seat: int
    hand: int


@dataclass
class PlayHost:
    """One table: its session, its seats' secrets, the moves' keys, its notes and version."""

    table: PlayTable
    variant_ref: str  # as a hand record names it (a built-in's name, a house file's path)
    digest: str
    #: a person's turn left this long is played by the default player (None: never)
    idle_s: float | None = None
    bot_delay_s: float = BOT_DELAY_S
    clock: Callable[[], float] = time.monotonic
    #: the title its pages show (the variant's, or the event table's)
    title: str = ""
    #: where a finished hand is kept besides its record (an event table's ledger): called off the event loop
    #: by :meth:`keep_finished`, with the hand and its record
    keep: Callable[[Hand, dict[str, Any]], None] | None = None
    #: before each hand after the first is dealt (a house file's bots take their own tuned values once ready)
    before_deal: Callable[[], None] | None = None
    #: where the bots' values came from, for a record's ``source`` (borrowed while a house file is tuned)
    source_note: Callable[[], str] | None = None
    tokens: list[str] = field(init=False)
    version: int = field(init=False, default=0)
    notes: list[Note] = field(init=False, default_factory=list)
    #: the finished hands' records (hand number -> tonk-hand/1 data)
    records: dict[int, dict[str, Any]] = field(init=False, default_factory=dict)
    #: the keys moved with: (seat, key) -> the move made with it
    done: dict[tuple[int, str], str] = field(init=False, default_factory=dict)
    since: float = field(init=False, default=0.0)  # when the turn to move began
    #: the person's seat the default player has begun a turn for: it finishes that turn, bot-paced
    standing_in: int | None = field(init=False, default=None)
    lock: threading.Lock = field(init=False, default_factory=threading.Lock)
    #: finished hands not yet given to :attr:`keep`
    unkept: list[tuple[Hand, dict[str, Any]]] = field(init=False, default_factory=list)
    keeping: threading.Lock = field(init=False, default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self.tokens = [secrets.token_urlsafe(12) for _ in self.table.seats]
        if self.table.hand is None:
            self.table.deal()
        self._changed()

    def seat_of(self, token: str) -> int | None:
        for seat, known in enumerate(self.tokens):
            if secrets.compare_digest(known, token) and not self.table.is_bot(seat):
                return seat
        return None

    def key(self) -> str:
        """The key of the position now: a move chosen in it carries it."""
        hand = self.table.hand
        assert hand is not None
        return f"{self.table.number}.{len(hand.history)}"

    def _changed(self) -> None:
        self.version += 1
        self.since = self.clock()
        if self.standing_in is not None and self.table.whose_turn() != self.standing_in:
            self.standing_in = None
        hand = self.table.hand
        if hand is not None and hand.over and self.table.number not in self.records:
            from tonk_rules.records import hand_to_record

            extra = self.source_note() if self.source_note is not None else ""
            source = bots_source(self.table.bot_labels(), extra) if self.table.bots else "tonk play --web"
            self.records[self.table.number] = hand_to_record(hand, self.variant_ref, self.digest, source=source)
            if self.keep is not None:
                self.unkept.append((hand, self.records[self.table.number]))

    # --- a person's actions ---------------------------------------------------------------------------------
    def move(self, seat: int, text: str, key: str) -> bool:
        """Make ``seat``'s move ``text`` (an action's text form) chosen at position ``key``; False where that key
        moved already with this very move (nothing done again). :class:`MoveRefused` with the Ruleset's reason,
        :class:`StaleMove` for a passed position (or another move sent with a used key); nothing changes then."""
        try:
            action: Action = parse_action(text)
        except RecordError:
            raise MoveRefused(f"cannot read the move {text[:40]!r}") from None
        if isinstance(action, Draw) and action.card is not None:
            # a card named with a draw is checked against the pile's top, and a refusal would name the top
            # of the stock: a seat chooses the pile, never the card
            action = Draw(action.source)
        with self.lock:
            if self.done.get((seat, key)) == text:
                return False
            if key != self.key():
                raise StaleMove(key)
            self.table.move(seat, action)
            self.standing_in = None  # back at the table: the rest of the turn is the person's
            self._changed()
            self.done[(seat, key)] = text
            return True

    def next_hand(self, seat: int, key: str) -> bool:
        """Deal the next hand (any person may, once the hand is over); False where it was dealt already."""
        with self.lock:
            dealt = key.split(".")[0]
            if (seat, key) in self.done or (dealt.isdigit() and self.table.number > int(dealt)):
                return False  # dealt already (by this tap or another phone's)
            if key != self.key():
                raise StaleMove(key)
            hand = self.table.hand
            if hand is None or not hand.over:
                raise MoveRefused("the hand is not over")
            if self.before_deal is not None:
                self.before_deal()
            self.table.deal()
            self._changed()
            self.done[(seat, key)] = "next"
            return True

    # --- the table's own moves ------------------------------------------------------------------------------
    def due(self) -> bool:
        """Whether :meth:`tick` has a move to make now (a bot after its pause, an idle seat)."""
        seat = self.table.whose_turn()
        if seat is None:
            return False
        waited = self.clock() - self.since
        if self.table.is_bot(seat) or seat == self.standing_in:
            return waited >= self.bot_delay_s
        return self.idle_s is not None and waited >= self.idle_s

    def tick(self) -> bool:
        """Make the move that is due, if any: a bot's, or the default player's for an idle person (noted).

        The player chooses outside the lock (a bot may think for a while; the phones' reads and a returning
        person's move go on meanwhile); its move is made only if the table has not changed since."""
        with self.lock:
            if not self.due():
                return False
            seat, version = self.table.whose_turn(), self.version
            assert seat is not None
            player, hand = self.table.player(seat), self.table.hand
        try:
            action = player.choose(hand, seat)  # type: ignore[arg-type]
        except Exception:
            if self.version != version:  # the person moved while the stand-in read the hand: theirs stands
                return False
            raise
        with self.lock:
            if self.version != version:
                return False
            if not self.table.is_bot(seat):
                if self.standing_in != seat:
                    self.notes = [*self.notes, Note("idle", seat, self.table.number)][-NOTES_KEPT:]
                self.standing_in = seat
            self.table.move(seat, action)
            self._changed()
            return True

    def keep_finished(self) -> None:
        """Give the finished hands to :attr:`keep` (a worker thread calls this: a ledger write waits for the
        disk); one it refuses is noted for the table, its record still downloadable from the page."""
        with self.keeping:  # one keeper at a time, each hand kept once
            while self.unkept:
                hand, record = self.unkept[0]  # taken off the list once kept: "nothing unkept" means kept
                try:
                    assert self.keep is not None
                    self.keep(hand, record)
                except TonkError:
                    self._not_kept()
                self.unkept.pop(0)

    def _not_kept(self) -> None:
        with self.lock:
            seat = self.table.people[0] if self.table.people else 0
            self.notes = [*self.notes, Note("not_kept", seat, self.table.number)][-NOTES_KEPT:]
            self.version += 1
