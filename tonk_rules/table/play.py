"""A person plays a hand against bots in a plain terminal: the table shown, legal moves numbered.

The game talks through two functions, ``say(line)`` and ``ask(prompt) -> str`` (``input`` in the terminal), so
the same code runs under a pseudo-terminal in the tests. A move is a number from the list, or typed:
``knock``, ``draw`` (from the one pile allowed now; where both are, it asks which), ``draw stock``, ``draw
discard``, ``spread 8п 8б 8ч``, ``hit 5S on 1``, ``discard Дч`` (or just the card to discard), with cards in
English, Unicode or Russian notation; Russian verbs work too (``открыться``, ``колода``, ``куча``,
``выложить``, ``добавить 5п на 1``, ``сбросить Дч``). A mistyped or illegal move is explained and asked again;
nothing changes until a move is legal. ``why`` says why each bot made the moves it made since the person's
last move (:mod:`tonk_rules.bots.explain`).

    >>> import random
    >>> from tonk_rules.table.table_setup import ruleset_for
    >>> from tonk_rules.engine.hand import Hand
    >>> hand = Hand.shuffled(ruleset_for("pagat"), ["Ann", "Bob"], 1, random.Random(4))
    >>> read_move("discard 10п", hand)
    Discard(card=Card('10S'))
    >>> read_move("3", hand) == ordered_moves(hand)[2]
    True
    >>> read_move("²", hand)
    Traceback (most recent call last):
    ...
    tonk_rules.errors.TableInputError: there is no move '²': choose 1 to 3

Every line typed gets an answer: any Unicode, a number of any length and a line of any size (longer than
:data:`MAX_LINE` is refused unread).
"""

from __future__ import annotations

import re
import textwrap
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from tonk_rules.bots.observation import Observation, observe
from tonk_rules.cards import Card, CardStyle, format_cards, parse_card, parse_cards
from tonk_rules.engine.actions import Action, ActionRecord, Discard, Draw, Hit, Knock, Spread
from tonk_rules.engine.hand import Hand
from tonk_rules.errors import CardError, MixedAlphabetsError, TableInputError
from tonk_rules.terms import Pile

#: What a move may be, said when a word is neither a move nor a card.
MOVE_FORMS = "a move's number, knock, draw, draw stock, draw discard, spread CARDS, hit CARD on N, discard CARD"
#: Lines of at most 80 characters: an 80-column terminal shows them unbroken.
HELP = ("Type the number of a move, or the move itself:\n"
        "  knock | draw | draw stock | draw discard | spread CARDS | hit CARD on N\n"
        "  discard CARD (or just the card)\n"
        "'why': why each bot made its moves since your last one.\n"
        "Cards: 10S QH AC, 10♠ Q♥ A♣ or 10п Дч Тт.\n"
        "Russian: открыться, колода, куча, выложить, добавить CARD на N, сбросить CARD.\n"
        "'quit' leaves the table.")
WIDTH = 80
#: The longest line read as a move; the longest real move (a spread of 13 cards) is under 60 characters.
MAX_LINE = 200
#: A bot that has not chosen within this many seconds is shown as thinking.
THINKING_AFTER_S = 0.4
_NUMBER = re.compile(r"[0-9]{1,6}")  # ASCII digits only: '²' and '٣' are not move numbers to int()
_ENGLISH_CARD = re.compile(r"(?<![\w])(10|[2-9JQKA])([SHDC])(?![\w])")

_VERBS = {
    "knock": "knock", "k": "knock", "открыться": "knock", "тонк": "knock",
    "draw": "draw", "взять": "draw",
    "stock": "stock", "колода": "stock", "колоды": "stock",
    "pile": "discard-pile", "take": "discard-pile", "куча": "discard-pile", "кучи": "discard-pile",
    "spread": "spread", "выложить": "spread",
    "hit": "hit", "добавить": "hit",
    "discard": "discard", "сбросить": "discard", "сброс": "discard",
}


class Player(Protocol):
    """A bot at the table: picks one of the legal moves of ``seat`` in ``hand`` (seeing only what it may)."""

    label: str

    def choose(self, hand: Hand, seat: int) -> Action: ...


@runtime_checkable
class Explaining(Player, Protocol):
    """A bot that can say why it chose ``action`` among ``legal`` in the position ``before`` it saw (words that
    follow "Bob knocks: ")."""

    def why(self, before: Observation, legal: Sequence[Action], action: Action) -> str: ...


@dataclass(frozen=True)
class BotMove:
    """A bot's move as ``why`` explains it: the seat, what it saw before, its legal moves, the move made."""

    seat: int
    before: Observation
    legal: tuple[Action, ...]
    action: Action


class QuitGame(Exception):
    """The person typed quit."""


def ordered_moves(hand: Hand) -> list[Action]:
    """The legal moves as they are listed and numbered: the engine's order, except that discards and hits come
    in the order of the person's hand as shown (suits together, then rank)."""
    legal = hand.legal_actions()
    discards = iter(sorted((a for a in legal if isinstance(a, Discard)), key=lambda a: (a.card.suit, a.card.rank)))
    hits = iter(sorted((a for a in legal if isinstance(a, Hit)), key=lambda a: (a.spread, a.card.suit, a.card.rank)))
    return [next(discards) if isinstance(a, Discard) else next(hits) if isinstance(a, Hit) else a for a in legal]


def _shown(text: str, width: int = 40) -> str:
    """What was typed, quoted and cut to ``width`` characters: a message never repeats a pasted page."""
    text = text.strip()
    return repr(text) if len(text) <= width else repr(text[:width]) + f"... ({len(text):,} characters)"


def _move_number(word: str, hand: Hand, count: int) -> int:
    if not _NUMBER.fullmatch(word):
        raise TableInputError(f"there is no move {_shown(word)}: choose 1 to {count}")
    number = int(word)
    if not 1 <= number <= count:
        raise TableInputError(f"there is no move {number}: choose 1 to {count}")
    return number


def read_move(text: str, hand: Hand) -> Action:
    """The move ``text`` stands for (a number from the list, or a move in words); raise TableInputError."""
    if len(text) > MAX_LINE:
        raise TableInputError(f"that line has {len(text):,} characters; a move is at most {MAX_LINE}")
    words = text.strip().split()
    if not words:
        raise TableInputError("type a move (or 'help')")
    legal = ordered_moves(hand)
    if len(words) == 1 and words[0].isdigit():
        return legal[_move_number(words[0], hand, len(legal)) - 1]
    verb = _VERBS.get(words[0].lower())
    rest = words[1:]
    try:
        if verb is None:
            if len(words) == 1:
                try:
                    return Discard(parse_card(words[0]))  # a card alone: discard it
                except CardError as exc:
                    # a word, not a mistyped card such as 11Ж (nor Tт, whose own message says why)
                    if not isinstance(exc, MixedAlphabetsError) and not any("0" <= ch <= "9" for ch in words[0]):
                        raise TableInputError(f"{_shown(words[0])} is not a move or a card; type {MOVE_FORMS} "
                                              "(or 'help')") from None
                    raise
            raise TableInputError(f"cannot read {_shown(text)}; type 'help' for the moves")
        if verb == "knock" and not rest:
            return Knock()
        if verb == "draw" and not rest:
            return _draw_alone(hand, legal)
        if verb == "draw" and len(rest) == 1 and _VERBS.get(rest[0].lower()) in ("stock", "discard-pile", "discard"):
            return Draw(Pile.STOCK if _VERBS[rest[0].lower()] == "stock" else Pile.DISCARD)
        if (verb == "draw" and len(rest) == 2 and _VERBS.get(rest[0].lower()) in ("discard-pile", "discard")
                and _NUMBER.fullmatch(rest[1])):  # a card below the top (drawing.discard_depth): draw discard 2
            return Draw(Pile.DISCARD, None, int(rest[1]))
        if verb == "stock" and not rest:
            return Draw(Pile.STOCK)
        if verb == "discard-pile" and not rest:
            return Draw(Pile.DISCARD)
        if verb == "spread" and rest:
            return Spread(tuple(parse_cards(rest)))
        if verb == "hit" and len(rest) == 3 and rest[1].lower() in ("on", "на"):
            if not hand.spreads:
                raise TableInputError("there is no spread on the table to hit yet")
            if not _NUMBER.fullmatch(rest[2]):
                raise TableInputError(f"hit CARD on N: N is a spread's number (1 to {len(hand.spreads)}), "
                                      f"not {_shown(rest[2])}")
            return Hit(parse_card(rest[0]), int(rest[2]))
        if verb == "hit" and len(rest) == 1 and len(hand.spreads) == 1:
            return Hit(parse_card(rest[0]), 1)
        if verb == "discard" and len(rest) == 1:
            return Discard(parse_card(rest[0]))
    except CardError as exc:
        raise TableInputError(str(exc)) from None
    raise TableInputError(f"cannot read {_shown(text)}; type 'help' for the moves")


def _draw_alone(hand: Hand, legal: Sequence[Action]) -> Action:
    """``draw`` with no pile: the one pile a draw is allowed from now, or a question naming both. Where no
    draw is allowed, a draw from the stock, whose refusal says why."""
    piles = [a.source for a in legal if isinstance(a, Draw)]
    if Pile.STOCK in piles and Pile.DISCARD in piles:
        raise TableInputError("draw from which pile, the stock or the discard pile? type 'draw stock' or "
                              "'draw discard'")
    return Draw(piles[0] if piles else Pile.STOCK)


@dataclass
class TerminalGame:
    """One hand at the terminal: ``person`` is the seat the person plays; every other seat has a bot."""

    hand: Hand
    person: int
    bots: dict[int, Player]
    say: Callable[[str], None]
    ask: Callable[[str], str]
    style: CardStyle = "unicode"
    variant_name: str = ""
    #: The bots' moves since the person's last move, for ``why``.
    since: list[BotMove] = field(default_factory=list)
    #: How a move is made: the sitting's (:meth:`tonk_rules.table.play_table.PlayTable.move`, which books a
    #: finished hand's scores), or, alone, the hand's own ``apply``.
    mover: Callable[[int, Action], ActionRecord] | None = None

    def make(self, seat: int, action: Action) -> ActionRecord:
        return self.hand.apply(action) if self.mover is None else self.mover(seat, action)

    def tell(self, text: str, indent: str = "", *, cards: bool = True) -> None:
        """Say ``text`` in lines of at most 80 characters, cards in English notation shown in the chosen one."""
        shown = _ENGLISH_CARD.sub(lambda m: parse_card(m.group(0)).format(self.style), text) if cards else text
        for line in shown.splitlines():
            for part in textwrap.wrap(line, WIDTH, initial_indent=indent, subsequent_indent=indent + "  ",
                                      break_on_hyphens=False) or [""]:
                self.say(part)

    def cards(self, cards: Sequence[Card]) -> str:
        return format_cards(tuple(cards), self.style) or "-"

    def show_table(self) -> None:
        hand, names = self.hand, self.hand.players
        self.say("")
        self.say(f"=== {self.variant_name} · dealer {names[hand.dealer]} · {names[hand.current]} to play ===")
        top = hand.discard[-1].format(self.style) if hand.discard else "empty"
        self.say(f"Stock: {len(hand.stock)} cards    Discard pile top: {top}")
        depth = hand.ruleset.drawing.discard_depth
        if depth > 1 and len(hand.discard) > 1:  # the cards below the top that may be taken, next one first
            below = [c.format(self.style) for c in reversed(hand.discard[-depth:-1])]
            self.say(f"Below it, in reach: {' '.join(below)}")
        if hand.spreads:
            self.say("Spreads on the table:")
            for s in hand.spreads:
                self.say(f"  {s.number}. {names[s.owner]}: {hand.ruleset.melds.show(s.cards, self.style)} ({s.kind})")
        else:
            self.say("Spreads on the table: none")
        # a seat name holds no ':', so "Greedy-3: 2 cards" cannot be read two ways
        others = ", ".join(f"{names[p]}: {_cards_text(len(hand.hands[p]))}" for p in range(len(names))
                           if p != self.person)
        self.say(f"Others: {others}")
        mine = sorted(hand.hands[self.person], key=lambda c: (c.suit, c.rank))  # suits together: runs show
        self.say(f"Your hand ({names[self.person]}): {self.cards(mine)}   "
                 f"count {hand.count(self.person)}")

    def move_text(self, action: Action) -> str:
        if isinstance(action, Draw) and action.source == "discard" and len(self.hand.discard) >= action.depth:
            deep = f" {action.depth}" if action.depth > 1 else ""
            return f"draw discard{deep} ({self.hand.discard[-action.depth].format(self.style)})"
        return action.text(self.style)

    def person_turn(self) -> None:
        hand = self.hand
        while hand.current == self.person and not hand.over:
            self.show_table()
            legal = ordered_moves(hand)
            self.say("Your moves:")
            for i, action in enumerate(legal, 1):
                self.say(f"  {i:>2}. {self.move_text(action)}")
            self.ask_until_legal()

    def ask_until_legal(self) -> None:
        while True:
            text = self.ask("Your move (number or move, 'help'): ")
            word = text.strip().lower() if len(text) <= MAX_LINE else ""
            if word in ("quit", "exit", "выход"):
                raise QuitGame
            if word in ("help", "?", "помощь"):
                self.tell(HELP, cards=False)
                continue
            if word in ("why", "почему"):
                self.explain()
                continue
            try:
                action = read_move(text, self.hand)
            except TableInputError as exc:
                self.tell(f"✗ {exc}", "  ", cards=False)  # about what was typed: as typed
                continue
            why = self.hand.why_illegal(action)
            if why is not None:
                self.tell(f"✗ not allowed: {why}", "  ")
                continue
            done = self.make(self.person, action)
            self.since.clear()
            self.say(f"  You: {done.action.text(self.style)}")
            return

    def bot_turn(self) -> None:
        hand, seat = self.hand, self.hand.current
        before, legal = observe(hand, seat), tuple(hand.legal_actions())  # what `why` explains it by
        action = self.decide(seat)
        done = self.make(seat, action)
        self.since.append(BotMove(seat, before, legal, done.action))
        self.say(f"  {hand.players[seat]}: {self.public(done.action)}")

    def explain(self) -> None:
        """``why``: each bot move since the person's last move, with the reason that bot gives for it."""
        if not self.since:
            self.tell("No bot has moved since your last move.", "  ")
            return
        for move in self.since:
            bot = self.bots[move.seat]
            who = f"{self.hand.players[move.seat]} {self.public(move.action)}"
            if isinstance(bot, Explaining):
                self.tell(f"{who}: {bot.why(move.before, move.legal, move.action)}", "  ")
            else:
                self.tell(f"{who} (this bot does not say why).", "  ")

    def decide(self, seat: int) -> Action:
        """The bot's choice; one that takes longer than :data:`THINKING_AFTER_S` is shown as thinking, so a
        slow bot (montecarlo, or any bot's first move while the kernel compiles) never looks like a hang."""
        outcome: list[Action | BaseException] = []

        def choose() -> None:
            try:
                outcome.append(self.bots[seat].choose(self.hand, seat))
            except BaseException as exc:  # handed to the game's thread, which raises it
                outcome.append(exc)

        worker = threading.Thread(target=choose, daemon=True)
        worker.start()
        worker.join(THINKING_AFTER_S)
        if worker.is_alive():
            self.say(f"  {self.hand.players[seat]} is thinking…")
            while worker.is_alive():
                worker.join(0.1)  # short waits: Ctrl-C still reaches the game
        result = outcome[0]
        if isinstance(result, BaseException):
            raise result
        return result

    def public(self, action: Action) -> str:
        """What the table sees of a bot's move (a card drawn from the stock stays hidden)."""
        if isinstance(action, Draw) and action.source == "stock":
            return "draws from the stock"
        if isinstance(action, Draw):
            return f"takes {action.card.format(self.style) if action.card else 'the top card'} from the discard pile"
        if isinstance(action, Knock):
            return "knocks"
        if isinstance(action, Spread):
            return f"spreads {self.cards(action.cards)}"
        if isinstance(action, Hit):
            return f"hits {action.card.format(self.style)} on spread {action.spread}"
        return f"discards {action.card.format(self.style)}"

    def play(self) -> Hand:
        hand, names = self.hand, self.hand.players
        you = "" if names[self.person] == "You" else f" You are {names[self.person]}."  # not "You are You."
        self.say(f"Dealer: {names[hand.dealer]}.{you}")
        while not hand.over:
            if hand.current == self.person:
                self.person_turn()
            else:
                self.bot_turn()
        self.show_end()
        return hand

    def show_end(self) -> None:
        hand, names = self.hand, self.hand.players
        assert hand.result is not None
        self.say("")
        self.say("=== The hand is over ===")
        for p, cards in enumerate(hand.hands):
            self.say(f"  {names[p]:<12} {self.cards(cards):<24} count {hand.count(p)}")
        for line in result_lines(hand):
            self.say(line)
        if self.person in hand.result.winners:
            self.say("You win!")
        elif not hand.result.void:
            self.say("You lose this one.")


def _cards_text(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def result_lines(hand: Hand) -> list[str]:
    """How the hand ended, for the table: one payment line per payer (all they pay, to whom), then the net."""
    result, names = hand.result, hand.players
    assert result is not None
    who = ", ".join(names[w] for w in result.winners) or "nobody"
    lines = [f"Ending: {result.ending.value.replace('_', ' ')}; winner(s): {who}",
             "Counts: " + ", ".join(f"{names[i]} {c}" for i, c in enumerate(result.counts))]
    owed: dict[int, dict[int, int]] = {}
    for p in result.payments:  # in the order payers first pay; one payer's payments to one receiver added up
        owed.setdefault(p.payer, {})
        owed[p.payer][p.receiver] = owed[p.payer].get(p.receiver, 0) + p.amount
    for payer, to in owed.items():
        total = sum(to.values())
        if len(to) == 1:
            (receiver, amount), = to.items()
            lines.append(f"  {names[payer]} pays {amount} to {names[receiver]}")
        else:
            parts = ", ".join(f"{amount} to {names[receiver]}" for receiver, amount in to.items())
            lines.append(f"  {names[payer]} pays {total}: {parts}")
    lines.append("Net: " + ", ".join(f"{names[i]} {n:+d}" for i, n in enumerate(result.net)))
    return lines
