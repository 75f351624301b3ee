"""Cards: parsing and printing in English, Unicode and Russian notation.

A card is a small integer (0..51) wrapped in :class:`Card`, so that it hashes, sorts and indexes tables
cheaply in the engine's hot path while still printing as a card::

    >>> from tonk_rules.cards import parse_card, parse_cards
    >>> parse_card("10S"), parse_card("Дч"), parse_card("A♣")
    (Card('10S'), Card('QH'), Card('AC'))
    >>> str(parse_card("TD")), str(parse_card("Тт"))  # Latin T is a ten; Cyrillic Т is the Russian ace
    ('10D', 'AC')
    >>> parse_card("10п").format("unicode"), parse_card("QH").format("russian")
    ('10♠', 'Дч')
    >>> [str(c) for c in parse_cards("10п 8б 8ч")]
    ['10S', '8D', '8H']

A token that mixes the alphabets is refused, never guessed (a Latin T with a Cyrillic т is a ten or an ace)::

    >>> parse_card("Tт")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tonk_rules.errors.MixedAlphabetsError: 'Tт' mixes Latin and Cyrillic letters: ...ten of clubs ...ace of clubs...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from tonk_rules.errors import CardError, MixedAlphabetsError

#: Ranks 1..13: ace, 2..10, jack, queen, king.
RANKS: tuple[int, ...] = tuple(range(1, 14))
#: Suit indexes in display order: spades, hearts, diamonds, clubs.
SUITS: tuple[int, ...] = (0, 1, 2, 3)

CardStyle = Literal["english", "unicode", "russian"]
CARD_STYLES: tuple[CardStyle, ...] = ("english", "unicode", "russian")

RANK_NAMES: dict[CardStyle, tuple[str, ...]] = {
    "english": ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"),
    "unicode": ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"),
    "russian": ("", "Т", "2", "3", "4", "5", "6", "7", "8", "9", "10", "В", "Д", "К"),
}
#: The rank names a variant file writes (``deck.ranks``), in rank order, ace low.
RANK_ORDER: tuple[str, ...] = RANK_NAMES["english"][1:]
SUIT_NAMES: dict[CardStyle, tuple[str, ...]] = {
    "english": ("S", "H", "D", "C"),
    "unicode": ("♠", "♥", "♦", "♣"),
    "russian": ("п", "ч", "б", "т"),
}

# Every accepted spelling of a rank or suit (upper-cased), to its index.
_RANK_TOKENS: dict[str, int] = {}
_SUIT_TOKENS: dict[str, int] = {}
for _style in CARD_STYLES:
    for _rank in RANKS:
        _RANK_TOKENS[RANK_NAMES[_style][_rank].upper()] = _rank
    for _suit in SUITS:
        _SUIT_TOKENS[SUIT_NAMES[_style][_suit].upper()] = _suit
_RANK_TOKENS["T"] = 10  # "T" for ten in English; the Russian "Т" (Cyrillic) is the ace
_RANK_TOKENS["1"] = 1  # the 2001 text writes the low ace as "[один]"
_SUIT_TOKENS.update({"♤": 0, "♡": 1, "♢": 2, "♧": 3})  # the outline suit glyphs too

ACCEPTED_FORMS = "rank then suit: 10S QH AC TD, 10♠ Q♥ A♣, or Russian 10п Дч Тт Вб Кт (a joker: Jk or Дж)"

#: Jokers (``deck.jokers``, at most :data:`MAX_JOKERS`) are cards ``FIRST_JOKER ..``, after the 52: rank
#: :data:`JOKER_RANK` (no rank of a run or a book), ``suit`` the joker's number 0..3, count value 0 (unless
#: ``deck.values`` says otherwise). A joker is written ``Jk`` (``Дж`` in Russian) whichever it is: the jokers
#: are alike, so a list of cards gives each ``Jk`` the next joker not yet named (:func:`parse_cards`); ``Jk2``
#: names the second one where it matters (a hand record can name them so).
FIRST_JOKER = 52
MAX_JOKERS = 4
JOKER_RANK = 14
N_CARDS = FIRST_JOKER + MAX_JOKERS
JOKER_NAMES: dict[CardStyle, str] = {"english": "Jk", "unicode": "Jk", "russian": "Дж"}
_JOKER_TOKENS = ("JK", "JOKER", "ДЖ", "ДЖОКЕР")


class Card(int):
    """One card of the 52-card deck; ``int(card) == (rank - 1) * 4 + suit``.

    ``rank`` (1 ace .. 13 king), ``suit`` (0 spades, 1 hearts, 2 diamonds, 3 clubs) and ``value`` (its count
    in a hand: ace 1, 2..10 face value, jack/queen/king 10) are plain attributes, set once: the engine reads
    them in its hot path.
    """

    rank: int
    suit: int
    value: int

    def __new__(cls, index: int) -> Card:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < N_CARDS:
            raise CardError(f"a card index is a whole number 0..{N_CARDS - 1}, not {index!r}")
        card = super().__new__(cls, index)
        card.rank = min(index // 4 + 1, JOKER_RANK)
        card.suit = index % 4
        card.value = 0 if card.rank == JOKER_RANK else min(card.rank, 10)
        return card

    @property
    def joker(self) -> bool:
        return self.rank == JOKER_RANK

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return Card, (int(self),)

    def format(self, style: CardStyle = "english") -> str:
        if self.rank == JOKER_RANK:
            return JOKER_NAMES[style]
        return RANK_NAMES[style][self.rank] + SUIT_NAMES[style][self.suit]

    def __str__(self) -> str:
        return self.format("english")

    def __repr__(self) -> str:
        return f"Card({self.format('english')!r})"


#: The 52 cards, indexed by their integer value.
DECK: tuple[Card, ...] = tuple(Card(i) for i in range(52))
#: Count value of each card, indexed by card integer (for the engine's hot path).
VALUES: tuple[int, ...] = tuple(c.value for c in DECK)
#: The jokers a deck may hold (``deck.jokers``), in order.
JOKERS: tuple[Card, ...] = tuple(Card(FIRST_JOKER + i) for i in range(MAX_JOKERS))
#: Every card by its number: the 52, then the jokers (``ALL_CARDS[int(card)] == card``).
ALL_CARDS: tuple[Card, ...] = DECK + JOKERS


def card_value(rank: str) -> int:
    """The count value of a rank as a variant file writes it (``"A"``, ``"10"``, ``"K"``) where no house value
    is set: ace 1, two to ten face value, jack, queen and king 10.

    >>> card_value("A"), card_value("7"), card_value("Q")
    (1, 7, 10)
    """
    return min(RANK_ORDER.index(rank) + 1, 10)


def value_table(house: Mapping[Any, int]) -> tuple[int, ...]:
    """Each card's count value by card number: :data:`VALUES`, with the ranks ``house`` names (a variant's
    ``deck.values``) at their house value.

    >>> value_table({"K": 13})[51], value_table({})[51], value_table({"A": 11})[0], value_table({"Joker": 5})[52]
    (13, 10, 11, 5)
    """
    return (*(house.get(RANK_ORDER[c.rank - 1], c.value) for c in DECK), *(house.get("Joker", 0) for _ in JOKERS))


def make_card(rank: int, suit: int) -> Card:
    return DECK[(rank - 1) * 4 + suit]


def parse_card(token: str) -> Card:
    """Parse one card; raise :class:`CardError` naming the token and the accepted forms."""
    if not isinstance(token, str):
        raise CardError(f"a card is written as text ({ACCEPTED_FORMS}), not {type(token).__name__} {token!r}")
    text = token.strip()
    if len(text) < 2:
        raise CardError(f"unknown card {token!r}: expected {ACCEPTED_FORMS}").coded("unknown_card", token=token)
    if _has_latin(text) and _has_cyrillic(text):
        readings = _readings(text)
        raise MixedAlphabetsError(_mixed_alphabets(token, readings)).coded(
            "mixed_alphabets" if readings else "mixed_alphabets_no_card", token=token, readings=readings)
    card = _read(text)
    if card is None:
        raise CardError(f"unknown card {token!r}: expected {ACCEPTED_FORMS}").coded("unknown_card", token=token)
    return card


def _read(text: str) -> Card | None:
    upper = text.upper()
    if upper in _JOKER_TOKENS:
        return JOKERS[0]
    if upper[:-1] in _JOKER_TOKENS and upper[-1:] in ("1", "2", "3", "4"):  # Jk2: the second joker
        return JOKERS[int(upper[-1]) - 1]
    rank = _RANK_TOKENS.get(text[:-1].upper())
    suit = _SUIT_TOKENS.get(text[-1].upper())
    return None if rank is None or suit is None else make_card(rank, suit)


# Letters that look alike in the two alphabets: a Latin T beside a Cyrillic т may be either a ten or an ace.
_LATIN_LOOKS = "ABCEHKMOPTXaceopxy"
_CYRILLIC_LOOKS = "АВСЕНКМОРТХасеорху"
_TO_CYRILLIC = str.maketrans(_LATIN_LOOKS, _CYRILLIC_LOOKS)
_TO_LATIN = str.maketrans(_CYRILLIC_LOOKS, _LATIN_LOOKS)
_RANK_WORDS = ("", "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen",
               "king")
_SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")


def _has_latin(text: str) -> bool:
    return any("A" <= ch <= "Z" or "a" <= ch <= "z" for ch in text)


def _has_cyrillic(text: str) -> bool:
    return any("\u0400" <= ch <= "\u04ff" for ch in text)


def card_name(card: Card) -> str:
    """The card in words: ``ten of clubs`` (``joker``)."""
    return "joker" if card.rank == JOKER_RANK else f"{_RANK_WORDS[card.rank]} of {_SUIT_WORDS[card.suit]}"


def _readings(text: str) -> tuple[tuple[str, Card], ...]:
    """Every card a token mixing the alphabets could mean: its look-alike letters read all as Latin, and all
    as Cyrillic (``("Latin", card)``, ``("Cyrillic", card)``; a reading that is no card is left out)."""
    readings: list[tuple[str, Card]] = []
    for alphabet, spelled in (("Latin", text.translate(_TO_LATIN)), ("Cyrillic", text.translate(_TO_CYRILLIC))):
        card = _read(spelled)  # (a joker is written in one alphabet: Jk or Дж; never a reading of a mixed token)
        if card is not None and card.rank != JOKER_RANK and card not in [c for _, c in readings]:
            readings.append((alphabet, card))
    return tuple(readings)


def _mixed_alphabets(token: str, readings: Sequence[tuple[str, Card]]) -> str:
    """Why a token mixing Latin and Cyrillic letters is refused, with every card it could mean (a wrong guess
    would silently change a payment)."""
    head = f"{token!r} mixes Latin and Cyrillic letters"
    if not readings:
        return f"{head}, and is no card either way: expected {ACCEPTED_FORMS}"
    meant = " or the ".join(f"{card_name(card)} ({card.format('english')} / {card.format('russian')}) read as "
                        f"{alphabet}" for alphabet, card in readings)
    return f"{head}: it could be the {meant}; type it in one alphabet"


def parse_cards(text: str | list[str]) -> list[Card]:
    """Parse cards separated by spaces or commas (or a list of tokens)."""
    if isinstance(text, str):
        tokens = text.replace(",", " ").split()
    elif isinstance(text, list | tuple):
        tokens = list(text)
    else:
        raise CardError(f"cards are written as text ({ACCEPTED_FORMS}), not {type(text).__name__} {text!r}")
    return distinct_jokers([parse_card(t) for t in tokens])


def jokers_alike(cards: Sequence[Card]) -> list[Card]:
    """``cards`` sorted, every joker as the first one: to compare sets of cards where the jokers are alike."""
    return sorted(JOKERS[0] if c.rank == JOKER_RANK else c for c in cards)


def distinct_jokers(cards: Sequence[Card], named: Sequence[Card] = ()) -> list[Card]:
    """``cards`` with each joker made one not named before (in ``named`` or earlier in ``cards``): the jokers
    are alike, so ``Jk Jk`` are two of them. A joker named by its number (``Jk2``) keeps it where it is free.

    >>> [int(c) for c in distinct_jokers(parse_cards("Jk") + parse_cards("5S Jk"))]
    [52, 16, 53]
    """
    used = {c for c in named if c.rank == JOKER_RANK}
    out = []
    for card in cards:
        if card.rank == JOKER_RANK:
            if card in used:
                card = next((j for j in JOKERS if j not in used), card)  # a fifth joker stays a repeat: refused
            used.add(card)
        out.append(card)
    return out


def format_cards(cards: Sequence[Card], style: CardStyle = "english") -> str:
    return " ".join(c.format(style) for c in cards)


def hand_count(cards: Sequence[Card], values: Sequence[int] = VALUES) -> int:
    """The count of a hand: the sum of its card values (``values``: each card's by number, a variant's
    :func:`value_table`; the standard values when left out)."""
    return sum(map(values.__getitem__, cards))


def cards_to_deal(players: int, hand_size: int, upcard: bool) -> int:
    """How many cards a deal takes: every hand, and the upcard where there is one.

    The one statement of the deck's capacity: the variant check, :class:`~tonk_rules.ruleset.Ruleset` (and
    through it the simulator, the odds and the CLI) all ask this function.
    """
    return players * hand_size + (1 if upcard else 0)


def why_not_deal(players: int, hand_size: int, upcard: bool, deck_size: int) -> str | None:
    """Why a deck of ``deck_size`` cards cannot deal this table (None: it can).

    >>> why_not_deal(11, 5, True, 52)
    '11 players x 5 cards + the upcard = 56 cards, but the deck has 52'
    """
    needed = cards_to_deal(players, hand_size, upcard)
    if needed <= deck_size:
        return None
    return (f"{players} players x {hand_size} cards{' + the upcard' if upcard else ''} = {needed} cards, "
            f"but the deck has {deck_size}")
