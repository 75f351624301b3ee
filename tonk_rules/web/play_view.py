"""What one seat's page shows, built from that seat's :class:`~tonk_rules.bots.Observation` and the table's public
facts (names, scores, notes) only: never from the other hands or the stock, so no hidden card can reach a page,
its data or its live updates. (The end of a hand shows every hand and the payments: by then they are public.)

The moves are offered as buttons: every legal move, and, at the start of a turn, the knock and both draws, and,
after the draw, a discard of every card, even where the Ruleset refuses them — a tap on one says why, in the
Ruleset's words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tonk_rules.bots.observation import Observation, PublicAction
from tonk_rules.cards import Card, format_cards
from tonk_rules.engine.actions import Action, Discard, Draw, Hit, Knock, Spread
from tonk_rules.engine.hand import Phase
from tonk_rules.engine.result import HandResult
from tonk_rules.terms import Pile
from tonk_rules.web.page_labels import ending_word
from tonk_rules.web.play_words import say

#: Public moves shown in the "last moves" list.
LOG_SHOWN = 6


@dataclass(frozen=True)
class CardView:
    text: str  # in the page's notation
    red: bool


@dataclass(frozen=True)
class MoveButton:
    move: str  # the action's text form, as the form sends it
    label: str
    allowed: bool
    kind: str  # knock, draw, spread, hit, discard: how the button looks


@dataclass(frozen=True)
class SeatLine:
    name: str
    cards: str  # "5 cards"
    to_play: bool
    bot: bool
    me: bool
    score: int


@dataclass(frozen=True)
class SpreadLine:
    number: int
    owner: str
    cards: tuple[CardView, ...]


@dataclass(frozen=True)
class EndView:
    """The end of a hand: every hand shown, the ending, the payments and the net."""

    hands: tuple[tuple[str, tuple[CardView, ...], int], ...]  # name, cards, count
    ending: str
    winners: str
    payments: tuple[str, ...]
    net: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class SeatView:
    lang: str
    title: str
    hand_no: str
    dealer: str
    turn: str
    my_turn: bool
    hand: tuple[CardView, ...]
    count: str
    upcard: CardView | None
    stock: str
    spreads: tuple[SpreadLine, ...]
    seats: tuple[SeatLine, ...]
    moves: tuple[MoveButton, ...]
    log: tuple[str, ...]
    notes: tuple[str, ...]
    scores: str
    key: str
    end: EndView | None
    number: int


def style_of(lang: str) -> str:
    return "russian" if lang == "ru" else "unicode"


def card_view(card: Card, lang: str) -> CardView:
    return CardView(card.format(style_of(lang)), card.suit in (1, 2))  # type: ignore[arg-type]


def _cards(cards: Sequence[Card], lang: str) -> str:
    return format_cards(tuple(cards), style_of(lang))  # type: ignore[arg-type]


def offered(obs: Observation, legal: Sequence[Action]) -> list[tuple[Action, bool]]:
    """The moves a seat's page offers (each with whether the Ruleset allows it now), in the order shown."""
    allowed = {str(a) for a in legal}
    out: list[tuple[Action, bool]] = []
    seen: set[str] = set()

    def add(action: Action) -> None:
        if str(action) not in seen:
            seen.add(str(action))
            out.append((action, str(action) in allowed))

    if obs.phase in (Phase.START, Phase.LAID):
        add(Draw(Pile.STOCK))
        if obs.discard_top is not None:
            add(Draw(Pile.DISCARD))
        add(Knock())
    for action in legal:
        if isinstance(action, Spread | Hit | Draw | Knock):
            add(action)
    if obs.phase.drawn:
        for card in sorted(obs.hand, key=lambda c: (c.suit, c.rank)):
            add(Discard(card))
    return out


def _label(action: Action, obs: Observation, lang: str) -> str:
    if isinstance(action, Draw):
        if action.source is Pile.STOCK:
            return say(lang, "draw_stock")
        top = obs.discard_top
        return say(lang, "draw_discard", card=top.format(style_of(lang)) if top else "")  # type: ignore[arg-type]
    if isinstance(action, Knock):
        return say(lang, "knock")
    if isinstance(action, Spread):
        return say(lang, "spread", cards=_cards(action.cards, lang))
    if isinstance(action, Hit):
        return say(lang, "hit", card=action.card.format(style_of(lang)), number=action.spread)  # type: ignore[arg-type]
    return say(lang, "discard", card=action.card.format(style_of(lang)))  # type: ignore[arg-type]


def _kind(action: Action) -> str:
    return type(action).__name__.lower()


def log_line(public: PublicAction, names: Sequence[str], lang: str) -> str:
    """One public move in words (a card drawn from the stock is never named)."""
    action, name = public.action, names[public.player]
    if isinstance(action, Draw):
        if action.source is Pile.STOCK or action.card is None:
            return say(lang, "did_draw_stock", name=name)
        return say(lang, "did_draw_discard", name=name, card=action.card.format(style_of(lang)))  # type: ignore[arg-type]
    if isinstance(action, Knock):
        return say(lang, "did_knock", name=name)
    if isinstance(action, Spread):
        return say(lang, "did_spread", name=name, cards=_cards(action.cards, lang))
    if isinstance(action, Hit):
        return say(lang, "did_hit", name=name, card=action.card.format(style_of(lang)),  # type: ignore[arg-type]
                   number=action.spread)
    return say(lang, "did_discard", name=name, card=action.card.format(style_of(lang)))  # type: ignore[arg-type]


def end_view(result: HandResult, hands: Sequence[Sequence[Card]], names: Sequence[str], lang: str) -> EndView:
    """The end of a hand, every hand shown (public once the hand is over)."""
    owed: dict[tuple[int, int], int] = {}
    for p in result.payments:
        owed[p.payer, p.receiver] = owed.get((p.payer, p.receiver), 0) + p.amount
    payments = tuple(say(lang, "pays", payer=names[a], amount=n, receiver=names[b]) for (a, b), n in owed.items())
    return EndView(
        hands=tuple((names[i], tuple(card_view(c, lang) for c in sorted(h, key=lambda c: (c.suit, c.rank))),
                     count) for i, (h, count) in enumerate(zip(hands, result.counts, strict=True))),
        ending=say(lang, "ending", ending=ending_word(lang, result.ending.value)),
        winners=say(lang, "winners", names=", ".join(names[w] for w in result.winners), n=len(result.winners))
        if result.winners
        else say(lang, "nobody_won"),
        payments=payments or (say(lang, "nobody_pays"),),
        net=tuple((names[i], n) for i, n in enumerate(result.net)))


def seat_view(obs: Observation, legal: Sequence[Action], *, lang: str, variant: str, names: Sequence[str],
              bots: Sequence[bool], number: int, dealer: int, scores: Sequence[int], finished: int,
              notes: Sequence[str], key: str, end: EndView | None) -> SeatView:
    """Seat ``obs.seat``'s page: its observation, its legal moves, and the table's public facts."""
    me, over = obs.seat, obs.phase is Phase.OVER
    current = None if over else obs.current
    my_turn = current == me
    if current is None:
        turn = say(lang, "over")
    elif my_turn:
        turn = say(lang, "your_turn")
    elif bots[current]:
        turn = say(lang, "bot_thinking", name=names[current])
    else:
        turn = say(lang, "turn_of", name=names[current])
    moves = tuple(MoveButton(str(a), _label(a, obs, lang), ok, _kind(a))
                  for a, ok in (offered(obs, legal) if my_turn else []))
    return SeatView(
        lang=lang, title=say(lang, "title", variant=variant), hand_no=say(lang, "hand_no", number=number),
        dealer=say(lang, "dealer", name=names[dealer]), turn=turn, my_turn=my_turn,
        hand=tuple(card_view(c, lang) for c in sorted(obs.hand, key=lambda c: (c.suit, c.rank))),
        count=say(lang, "count", n=obs.count),
        upcard=card_view(obs.discard_top, lang) if obs.discard_top is not None else None,
        stock=say(lang, "stock", n=obs.stock_size),
        spreads=tuple(SpreadLine(s.number, names[s.owner], tuple(card_view(c, lang) for c in s.cards))
                      for s in obs.spreads),
        seats=tuple(SeatLine(names[i], say(lang, "cards_n", n=obs.hand_sizes[i]), i == current, bots[i], i == me,
                             scores[i]) for i in range(len(names))),
        moves=moves,
        log=tuple(log_line(p, names, lang) for p in obs.history[-LOG_SHOWN:])[::-1],
        notes=tuple(notes),
        scores=say(lang, "scores", n=finished),
        key=key, end=end, number=number)
