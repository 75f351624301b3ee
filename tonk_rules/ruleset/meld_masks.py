"""What a meld is, written once on card bitmasks: books, runs, the high ace, removed ranks, hits, held melds.

The reference engine runs these functions as plain Python (through :class:`~tonk_rules.ruleset.melds.MeldRules`
and :class:`~tonk_rules.ruleset.rule_objects.SpreadRule`, which turn cards into masks and back); the compiled
kernel runs numba's compilation of this very source (:func:`tonk_rules.kernel.jit.compiled_copy`). So every
function takes and returns whole numbers and bools only, plus the rules' table and, to list melds, an ``out``
buffer, and calls only functions of this module.

A set of cards is a mask: bit ``c`` is card ``c`` (rank ``c // 4 + 1``, suit ``c % 4``, as in
:mod:`tonk_rules.cards`). Runs are decided on a suit's *line*: bit ``i`` is the deck's ``i``-th rank (the ace
low, at 0), so the ranks either side of a removed rank are consecutive; with ``ace_high`` the ace may also sit
at position ``n_ranks``, above the king (a run never wraps). The rules come as one list of whole numbers
(:func:`meld_table`): ``M_*`` values and lookups.

    >>> t = meld_table(book_sizes=(3, 4), run_min=3, ace_high=True, ranks=tuple(range(1, 14)))
    >>> def mask(*cards): return sum(1 << c for c in cards)
    >>> q, k, a = 44, 48, 0  # queen, king and ace of spades
    >>> classify(mask(q, k, a), t) == RUN, classify(mask(a, 4, 8), t) == RUN, classify(mask(k, a, 4), t)
    (True, True, 0)
    >>> extends(mask(q, k, a), True, 0, suit_line(mask(q, k, a), 0, t), 40, t)  # the jack below the queen
    True
"""

from __future__ import annotations

from collections.abc import Iterable, MutableSequence, Sequence

# --- the table: M_* values, then lookups -----------------------------------------------------------------
M_BOOK_SIZES = 0  # bit s set: a book may have s cards
M_MIN_BOOK = 1  # the smallest book size
M_RUN_MIN = 2
M_ACE_HIGH = 3  # 1: the ace may also follow the king
M_N_RANKS = 4  # ranks in the deck
M_MUST = 5  # 1: a meld held in hand must be laid (spreading.must_spread)
M_N_SEGMENTS = 6  # blocks of consecutive ranks the deck keeps (M_SEGMENTS)
M_POS = 7  # [rank 1..13] -> line position, -1 when the rank is not in the deck
M_RANK_AT = M_POS + 14  # [line position] -> rank; position n_ranks is the high ace
M_HOLD = M_RANK_AT + 15  # [rank * 5 + cards of that rank held] -> 1: such a book may stay in hand
M_SEGMENTS = M_HOLD + 14 * 5  # [2 * block]: mask, shift of one block of kept ranks (see placed), 7 at most
M_LINE = M_SEGMENTS + 2 * 7  # [13-bit rank mask, bit rank - 1] -> its line
M_WILD = M_LINE + (1 << 13)  # the wild cards (melds.wild) as a mask; 0: none is wild
M_WILD_MOST = M_WILD + 1  # the most wild cards one spread may hold (0 where none is wild)
M_WILD_HITS = M_WILD + 2  # 1: a wild card may be hit onto a spread
M_SIZE = M_WILD + 3
#: Where the table starts in the vector the functions read. The kernel packs the table into its own vector
#: and compiles this module with ``AT`` set to that offset (a compile-time constant, so it costs nothing).
AT = 0

NOT_A_MELD, BOOK, RUN = 0, 1, 2  # what classify returns
JOKER_BITS = 52  # cards 52.. are jokers (deck.jokers): no rank, so in no book or run
SUIT_CARDS = 0x1111111111111  # the 13 cards of suit 0 (shift left by a suit for that suit's)
SUIT_PLACES = 0x11111111111111  # suit 0's places in a placed mask: 13 positions and the high ace
#: The most melds one hand can hold (every book of every rank, every run of every suit): the size of the
#: ``out`` buffer :func:`melds_in` needs (:func:`most_melds` for a hand of known size).
MAX_MELDS = 13 * 5 + 4 * (12 * 13 // 2)


def most_melds(cards: int) -> int:
    """At most how many melds a hand of ``cards`` cards holds: five books (four of three, one of four) per
    three cards, and per suit of k cards k(k-1)/2 runs (a first and a last card) plus k ending at a high ace."""
    return min(MAX_MELDS, 5 * (cards // 3) + cards * (cards + 1) // 2)


def meld_table(book_sizes: Iterable[int], run_min: int, ace_high: bool, ranks: Sequence[int],
               must_spread: bool = False, may_hold_books: Iterable[tuple[int, int]] = (), wild: int = 0,
               wild_most: int = 0, wild_hits: bool = False) -> list[int]:
    """The meld rules as the table every function here reads (``ranks``: the deck's ranks in order, ace
    first; ``may_hold_books``: ``(rank, size)`` pairs, a book of exactly ``size`` cards of ``rank`` may stay in
    hand). A plain list, so the reference engine needs no numpy; the kernel copies it into its int64 vector."""
    sizes = sorted(book_sizes)
    table = [0] * M_SIZE
    table[M_BOOK_SIZES] = sum(1 << s for s in sizes)
    table[M_MIN_BOOK] = sizes[0] if sizes else 5  # no book sizes: more cards than a rank has
    table[M_RUN_MIN] = run_min
    table[M_ACE_HIGH] = int(ace_high)
    table[M_N_RANKS] = len(ranks)
    table[M_MUST] = int(must_spread)
    for rank in range(1, 14):
        table[M_POS + rank] = ranks.index(rank) if rank in ranks else -1
    for i, rank in enumerate(ranks):
        table[M_RANK_AT + i] = rank
    table[M_RANK_AT + len(ranks)] = 1  # the ace above the king (read only where the ace may be high)
    for rank, size in may_hold_books:
        table[M_HOLD + rank * 5 + size] = 1
    blocks = 0
    for i, rank in enumerate(ranks):  # position i takes rank's cards: shifted down by the ranks removed below
        shift = 4 * (rank - 1 - i)
        if i == 0 or shift != table[M_SEGMENTS + 2 * blocks - 1]:
            blocks += 1
            table[M_SEGMENTS + 2 * blocks - 1] = shift
        table[M_SEGMENTS + 2 * blocks - 2] |= 15 << (4 * i)
    table[M_N_SEGMENTS] = blocks
    if wild:  # without wild cards the entries stay 0, so the tables of the rules without them are as before
        table[M_WILD], table[M_WILD_MOST], table[M_WILD_HITS] = wild, wild_most, int(wild_hits)
    for ranks_held in range(1, 1 << 13):  # each rank mask: its lowest rank's position plus the line of the rest
        low = (ranks_held & -ranks_held).bit_length()
        position = table[M_POS + low]
        table[M_LINE + ranks_held] = table[M_LINE + (ranks_held & (ranks_held - 1))] | (
            1 << position if position >= 0 else 0)
    return table


# --- bit arithmetic (the kernel replaces the first two by single machine instructions) ------------------
def popcount(x: int) -> int:
    """How many bits are set (how many cards a mask holds)."""
    return x.bit_count()


def lowest(m: int) -> int:
    """The index of the lowest set bit of a non-zero mask (the lowest card of a set of cards)."""
    return (m & -m).bit_length() - 1


def contiguous(m: int) -> bool:
    """One unbroken block of set bits (consecutive positions)."""
    return m != 0 and ((m + (m & -m)) & m) == 0


def block_around(line: int, p: int) -> tuple[int, int]:
    """(lo, hi) of the block of set bits holding bit ``p`` (which must be set)."""
    lo = p
    while lo > 0 and (line >> (lo - 1)) & 1:
        lo -= 1
    hi = p
    while (line >> (hi + 1)) & 1:
        hi += 1
    return lo, hi


def has_block(line: int, length: int) -> bool:
    """``line`` holds ``length`` consecutive set bits."""
    for _ in range(length - 1):
        line &= line >> 1
    return line != 0


# --- lines ---------------------------------------------------------------------------------------------
def suit_line(hand: int, suit: int, mt: Sequence[int]) -> int:
    """The line (ace low) of ``hand``'s cards of ``suit``.

    Every fourth bit (the suit's cards, rank by rank) is packed into a 13-bit rank mask, which the table
    (``M_LINE``) maps to line positions, closing the gaps of removed ranks.
    """
    x = (hand >> suit) & SUIT_CARDS
    x = (x | (x >> 3)) & 0x0303030303030303
    x = (x | (x >> 6)) & 0x000F000F000F000F
    x = (x | (x >> 12)) & 0x000000FF000000FF
    x = (x | (x >> 24)) & 0xFFFF
    return mt[AT + M_LINE + x]


def placed(hand: int, mt: Sequence[int]) -> int:
    """``hand`` with each card at its place, ``4 * position + suit``: every suit's line at once, the ranks
    either side of a removed rank next to each other, and the aces also above the kings where they may be."""
    found = 0
    for b in range(mt[AT + M_N_SEGMENTS]):
        found |= (hand >> mt[AT + M_SEGMENTS + 2 * b + 1]) & mt[AT + M_SEGMENTS + 2 * b]
    if mt[AT + M_ACE_HIGH]:
        found |= (found & 15) << (4 * mt[AT + M_N_RANKS])
    return found


def run_starts(hand: int, mt: Sequence[int]) -> int:
    """Where runs of ``hand`` start, as places (:func:`placed`): 0 when it holds no run at all (one test for
    all four suits, so most hands are done with runs here)."""
    at = placed(hand, mt)
    starts = at
    for k in range(1, mt[AT + M_RUN_MIN]):
        starts &= at >> (4 * k)
    return starts


def high_line(line: int, n_ranks: int) -> int:
    """The same cards with the ace moved above the king (position ``n_ranks``)."""
    return (line & ~1) | (1 << n_ranks)


def run_line(cards: int, mt: Sequence[int]) -> int:
    """The line of ``cards`` when they are consecutive cards of one suit (ace low, else ace high), else 0."""
    if cards == 0:
        return 0
    suit = lowest(cards) % 4
    if cards & ~(SUIT_CARDS << suit):
        return 0
    line = suit_line(cards, suit, mt)
    if popcount(line) != popcount(cards):  # a rank the deck does not have
        return 0
    if contiguous(line):
        return line
    if mt[AT + M_ACE_HIGH] and line & 1:
        high = high_line(line, mt[AT + M_N_RANKS])
        if contiguous(high):
            return high
    return 0


# --- whole melds ---------------------------------------------------------------------------------------
def classify(cards: int, mt: Sequence[int]) -> int:
    """BOOK, RUN or NOT_A_MELD for ``cards`` laid as a new spread (with wild cards: as :func:`wild_part` reads
    them)."""
    if cards & mt[AT + M_WILD] == 0:
        return _classify_plain(cards, mt)
    w = wild_part(cards, mt)
    if w < 0:
        return NOT_A_MELD
    if w == 0:  # every card stands for itself (natural twos under deuces wild)
        return _classify_plain(cards, mt)
    return _classify_wild(cards & ~w, popcount(w), mt)


def _classify_plain(cards: int, mt: Sequence[int]) -> int:
    """:func:`classify` of cards each standing for itself."""
    if cards >> JOKER_BITS:  # a joker has no rank: it is in no book or run (unless it is wild)
        return NOT_A_MELD
    size = popcount(cards)
    if size == 0:
        return NOT_A_MELD
    rank = lowest(cards) // 4
    if (mt[AT + M_BOOK_SIZES] >> size) & 1 and cards & ~(15 << (4 * rank)) == 0:
        return BOOK
    if size >= mt[AT + M_RUN_MIN] and run_line(cards, mt) != 0:
        return RUN
    return NOT_A_MELD


def extends(cards: int, run: bool, key: int, line: int, card: int, mt: Sequence[int]) -> bool:
    """``card`` may be added to (hit) the spread ``cards``, by the meld rules alone: a book of rank ``key``,
    or (``run``) a run of suit ``key`` whose line, ace low, is ``line`` (the kernel keeps both per spread; a
    run with wild cards: the places it covers, :func:`spread_line`). A card of a wild rank may be hit as itself
    (a two in its place in a run, onto a book of twos), else as a wild card where the rules let one be hit; with
    wild cards the spread it makes must still read (:func:`wild_part`) as a meld of the same kind and key."""
    if (cards >> card) & 1:
        return False
    wild = mt[AT + M_WILD]
    if wild == 0:
        return _extends_natural(cards, run, key, line, card, mt)
    ok = card < JOKER_BITS and _extends_natural(cards, run, key, line, card, mt)
    if not ok and (wild >> card) & 1:  # a wild card hit: where the rules let one be hit, and the spread has room
        ok = _extends_wild(cards, run, mt)
    if not ok:
        return False
    after = cards | (1 << card)
    if classify(after, mt) != (RUN if run else BOOK):
        return False
    return natural_key(after, run, mt) == key


def _extends_natural(cards: int, run: bool, key: int, line: int, card: int, mt: Sequence[int]) -> bool:
    """:func:`extends` by ``card`` standing for itself."""
    if card >= JOKER_BITS:  # a joker that is not wild extends nothing
        return False
    rank = card // 4 + 1
    if not run:
        return rank == key and (mt[AT + M_BOOK_SIZES] >> (popcount(cards) + 1)) & 1 == 1
    position = mt[AT + M_POS + rank]
    if card % 4 != key or position < 0:
        return False
    if (line >> position) & 1 or (rank == 1 and (line >> mt[AT + M_N_RANKS]) & 1):
        return False  # a wild card of the run already stands for it
    m = line | (1 << position)
    if contiguous(m):
        return True
    return mt[AT + M_ACE_HIGH] == 1 and (m & 1) == 1 and contiguous(high_line(m, mt[AT + M_N_RANKS]))


def _extends_wild(cards: int, run: bool, mt: Sequence[int]) -> bool:
    """:func:`extends` by a wild card standing for another card: where wild hits are allowed and the spread
    holds fewer cards standing for others than melds.wild_most."""
    w = wild_part(cards, mt)
    if mt[AT + M_WILD_HITS] == 0 or w < 0 or popcount(w) >= mt[AT + M_WILD_MOST]:
        return False
    if not run:
        return (mt[AT + M_BOOK_SIZES] >> (popcount(cards) + 1)) & 1 == 1
    return wild_window(cards & ~w, popcount(w) + 1, mt) != 0


def extenders(cards: int, run: bool, key: int, line: int, mt: Sequence[int]) -> int:
    """Every card that :func:`extends` the spread, as a mask: the hit targets."""
    found = 0
    rest = mt[AT + M_WILD] & ~cards
    while rest:  # a wild card, where one may be hit
        w = lowest(rest)
        rest &= rest - 1
        if extends(cards, run, key, line, w, mt):
            found |= 1 << w
    if not run:
        for suit in range(4):
            card = (key - 1) * 4 + suit
            if extends(cards, run, key, line, card, mt):
                found |= 1 << card
        return found
    # where the run lies (the high ace above the king; with wild cards, the places they cover); its ends' neighbours
    placed = run_line(cards, mt) if cards & mt[AT + M_WILD] == 0 or wild_part(cards, mt) <= 0 else spread_line(
        cards, mt)
    if placed == 0:
        return found
    lo = lowest(placed)
    hi = lo + popcount(placed) - 1
    for p in (lo - 1, hi + 1):
        if 0 <= p <= mt[AT + M_N_RANKS]:
            card = (mt[AT + M_RANK_AT + p] - 1) * 4 + key
            if extends(cards, run, key, line, card, mt):
                found |= 1 << card
    return found


def book_may_stay(hand: int, rank: int, mt: Sequence[int]) -> bool:
    """The variant lets ``hand`` keep its cards of ``rank`` as they are: a book of exactly that many cards of
    that rank may be held (three aces may be held; four aces must be laid)."""
    return mt[AT + M_HOLD + rank * 5 + popcount((hand >> (4 * (rank - 1))) & 15)] == 1


def books_possible(hand: int, min_book: int) -> bool:
    """Some rank has at least ``min_book`` (3 or 4) cards in ``hand`` (per-rank counts, all at once)."""
    x = hand - ((hand >> 1) & 0x5555555555555)  # 52-bit constants: plain int64 compiled, shorter ints in Python
    x = (x & 0x3333333333333) + ((x >> 2) & 0x3333333333333)  # each nibble: its rank's count, 0..4
    if min_book >= 4:
        return ((x >> 2) & SUIT_CARDS) != 0
    return (((x >> 2) | ((x >> 1) & x)) & SUIT_CARDS) != 0


def held_spread(hand: int, mt: Sequence[int]) -> bool:
    """``hand`` holds a meld that must be laid: the variant says so (``M_MUST``), and the meld is a run or a
    book that may not stay in hand (:func:`book_may_stay`)."""
    if not mt[AT + M_MUST]:
        return False
    min_book = mt[AT + M_MIN_BOOK]
    if books_possible(hand, min_book):
        for r in range(1, 14):
            if popcount((hand >> (4 * (r - 1))) & 15) >= min_book and not book_may_stay(hand, r, mt):
                return True
    if run_starts(hand, mt) != 0:  # a run may never stay in hand
        return True
    # a meld in which a card stands for another may never stay in hand either (the excuse of may_hold_books is
    # for exactly so many natural cards of a rank)
    return mt[AT + M_WILD] != 0 and hand & mt[AT + M_WILD] != 0 and wild_meld_with(hand, -1, mt)


def in_a_meld(hand: int, card: int, mt: Sequence[int]) -> bool:
    """``card`` (in ``hand``) is part of some book or run of ``hand`` (:func:`melds_in` lists a meld with it)."""
    if mt[AT + M_WILD] and hand & mt[AT + M_WILD] and wild_meld_with(hand, card, mt):
        return True
    if card >= JOKER_BITS:  # a joker is in no meld of its own
        return False
    hand = hand & ((1 << JOKER_BITS) - 1)  # the natural melds: a card of a wild rank may stand for itself
    rank, suit = card // 4 + 1, card % 4
    if popcount((hand >> (4 * (rank - 1))) & 15) >= mt[AT + M_MIN_BOOK]:
        return True
    line = suit_line(hand, suit, mt)
    run_min = mt[AT + M_RUN_MIN]
    lo, hi = block_around(line, mt[AT + M_POS + rank])
    if hi - lo + 1 >= run_min:
        return True
    n = mt[AT + M_N_RANKS]
    if mt[AT + M_ACE_HIGH] and line & 1:
        lo, hi = block_around(high_line(line, n), n)
        p = n if rank == 1 else mt[AT + M_POS + rank]
        if lo <= p and hi - lo + 1 >= run_min:
            return True
    return False


def melds_in(hand: int, containing: int, mt: Sequence[int], out: MutableSequence[int], n: int) -> int:
    """Write every meld of ``hand`` (that holds card ``containing``, unless it is -1) into ``out`` from index
    ``n`` on, as masks in ascending order (the canonical order); return the new end (at most
    :data:`MAX_MELDS` are written)."""
    start = n
    full = hand
    hand = hand & ((1 << JOKER_BITS) - 1)  # the natural melds: every card but a joker may stand for itself
    min_book, sizes = mt[AT + M_MIN_BOOK], mt[AT + M_BOOK_SIZES]
    for r in range(1, 14 if books_possible(hand, min_book) else 1):
        nib = (hand >> (4 * (r - 1))) & 15
        if popcount(nib) < min_book:
            continue
        for sub in range(1, 16):
            if sub & ~nib == 0 and (sizes >> popcount(sub)) & 1:
                m = sub << (4 * (r - 1))
                if containing < 0 or (m >> containing) & 1:
                    out[n] = m
                    n += 1
    nr, run_min = mt[AT + M_N_RANKS], mt[AT + M_RUN_MIN]
    starts = run_starts(hand, mt)
    for u in range(4):
        if starts & (SUIT_PLACES << u) == 0:  # no run in this suit
            continue
        line = suit_line(hand, u, mt)
        for high in range(2):
            if high:
                if not (mt[AT + M_ACE_HIGH] and line & 1):
                    break
                line = high_line(line, nr)
            if not has_block(line, run_min):
                continue
            p = 0
            while p <= nr:
                if not (line >> p) & 1:
                    p += 1
                    continue
                lo, hi = block_around(line, p)
                for a in range(lo, hi + 1):
                    for b in range(a + run_min - 1, hi + 1):
                        if high and (b != nr or a == 1):
                            # without the high ace it was listed with the low line; from position 1 up to the
                            # high ace it is the whole suit, the same cards as the low run A..K
                            continue
                        m = 0
                        for q in range(a, b + 1):
                            m |= 1 << ((mt[AT + M_RANK_AT + q] - 1) * 4 + u)
                        if containing < 0 or (m >> containing) & 1:
                            out[n] = m
                            n += 1
                p = hi + 1
    if full & mt[AT + M_WILD]:
        n = wild_melds(full, containing, mt, out, n)
    for i in range(start + 1, n):  # insertion sort: few melds, mostly in order already
        key = out[i]
        j = i - 1
        while j >= start and out[j] > key:
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = key
    return n


# --- wild cards (melds.wild) ------------------------------------------------------------------------------
# A wild card stands for any card of a book or a run; a card of a wild rank (deuces wild) may also stand for
# itself, and then it is natural (wild_part decides which cards of a spread stand for others: the fewest). A
# spread holds at least two natural cards (they say the rank or the suit) and at most M_WILD_MOST cards standing
# for others. A run's wild cards fill its gaps first, then stand for
# the cards above its highest natural card, then below its lowest: so a spread's cards say what each wild
# card stands for, and the same cards are always the same meld.
def highest(m: int) -> int:
    """The index of the highest set bit of a non-zero mask."""
    h = lowest(m)
    while m >> (h + 1):
        h += 1
    return h


def _window(line: int, size: int, top_most: int) -> int:
    """The places of a run of ``size`` cards over the natural cards' ``line`` (wild cards above, then below),
    the highest place at most ``top_most``; 0 where there is none."""
    lo, hi = lowest(line), highest(line)
    if hi - lo + 1 > size:
        return 0
    top = min(hi + size - (hi - lo + 1), top_most)
    bottom = top - size + 1
    if bottom < 0:
        return 0
    return (1 << (top + 1)) - (1 << bottom)


def wild_window(natural: int, wilds: int, mt: Sequence[int]) -> int:
    """The places (positions of the line, the high ace at ``n_ranks``) a run of the cards ``natural`` and
    ``wilds`` wild cards covers; 0 where they make no run (the ace low first, then high)."""
    if popcount(natural) < 2:
        return 0
    suit = lowest(natural) % 4
    if natural & ~(SUIT_CARDS << suit):
        return 0
    line = suit_line(natural, suit, mt)
    if popcount(line) != popcount(natural):  # a rank the deck does not have
        return 0
    n = mt[AT + M_N_RANKS]
    size = popcount(natural) + wilds
    if size < mt[AT + M_RUN_MIN]:
        return 0
    window = _window(line, size, n - 1)
    if window == 0 and mt[AT + M_ACE_HIGH] == 1 and line & 1:
        window = _window(high_line(line, n), size, n)
    return window


def spread_line(cards: int, mt: Sequence[int]) -> int:
    """The line of a run on the table as :func:`extends` takes it: its suit's line, ace low, or, where some of
    its cards stand for others (:func:`wild_part`), the places it covers."""
    w = wild_part(cards, mt) if cards & mt[AT + M_WILD] else 0
    if w <= 0:
        return suit_line(cards, lowest(cards) % 4, mt)
    return wild_window(cards & ~w, popcount(w), mt)


def natural_key(cards: int, run: bool, mt: Sequence[int]) -> int:
    """A spread's key: its book's rank or its run's suit, read from a card standing for itself."""
    w = wild_part(cards, mt) if cards & mt[AT + M_WILD] else 0
    first = lowest(cards & ~w) if w > 0 else lowest(cards)
    return first % 4 if run else first // 4 + 1


def wild_part(cards: int, mt: Sequence[int]) -> int:
    """Which of ``cards`` stand for other cards when they are laid as one spread: 0 when each stands for itself,
    -1 when they make no meld. A joker always stands for another card; a card of a wild rank stands for itself
    where it can (a book of natural twos, a two in its place in a run): the fewest cards stand for others, and
    of as many, the first set in the order of :func:`_nth_subset`, so the same cards are always the same meld."""
    wild = cards & mt[AT + M_WILD]
    forced = (wild >> JOKER_BITS) << JOKER_BITS  # jokers have no rank of their own
    optional = wild & ~forced
    must = popcount(forced)
    if must == 0 and _classify_plain(cards, mt) != NOT_A_MELD:
        return 0
    for j in range(popcount(optional) + 1):
        k = must + j
        if k == 0:
            continue
        if k > mt[AT + M_WILD_MOST]:
            break
        for index in range(_subsets_count(optional, j)):
            ws = forced | _nth_subset(optional, j, index)
            if _classify_wild(cards & ~ws, k, mt) != NOT_A_MELD:
                return ws
    return -1


def _classify_wild(natural: int, wilds: int, mt: Sequence[int]) -> int:
    """:func:`classify` of natural cards with ``wilds`` wild cards among them."""
    if wilds > mt[AT + M_WILD_MOST] or popcount(natural) < 2 or natural >> JOKER_BITS:
        return NOT_A_MELD
    size = popcount(natural) + wilds
    rank = lowest(natural) // 4
    if (mt[AT + M_BOOK_SIZES] >> size) & 1 and natural & ~(15 << (4 * rank)) == 0:
        return BOOK
    if wild_window(natural, wilds, mt) != 0:
        return RUN
    return NOT_A_MELD


def _subsets_count(wild: int, k: int) -> int:
    """How many subsets of ``k`` cards the mask ``wild`` has (0 <= k)."""
    n = popcount(wild)
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


def _nth_subset(wild: int, k: int, index: int) -> int:
    """The ``index``-th subset of ``k`` cards of ``wild`` (in the order of the combinations of its cards)."""
    out = 0
    rest = wild
    while k > 0:
        c = lowest(rest)
        rest &= rest - 1
        without = _subsets_count(rest, k - 1)  # subsets that take c
        if index < without:
            out |= 1 << c
            k -= 1
        else:
            index -= without
    return out


def _canonical(m: int, ws: int, containing: int, mt: Sequence[int]) -> bool:
    """The meld ``m`` holds ``containing`` (unless it is -1) and reads (:func:`wild_part`) with exactly the cards
    ``ws`` standing for others: each meld is listed once, as it is read when laid."""
    return (containing < 0 or ((m >> containing) & 1) == 1) and wild_part(m, mt) == ws


def wild_melds(hand: int, containing: int, mt: Sequence[int], out: MutableSequence[int], n: int) -> int:
    """Write every meld of ``hand`` in which a card stands for another (and that holds ``containing``, unless
    it is -1) into ``out`` from index ``n`` on; return the new end (at most ``len(out)``: it stops there, so a
    list of one says whether there is any, :func:`wild_meld_with`)."""
    if n >= len(out):  # (melds_in hands on a list its natural melds filled)
        return n
    wild = hand & mt[AT + M_WILD]
    most = min(mt[AT + M_WILD_MOST], popcount(wild))
    for k in range(1, most + 1):
        for index in range(_subsets_count(wild, k)):
            ws = _nth_subset(wild, k, index)  # the cards standing for others; the rest of the hand stands for itself
            natural = hand & ~ws & ((1 << JOKER_BITS) - 1)
            for r in range(1, 14):  # books: two or more natural cards of a rank
                nib = (natural >> (4 * (r - 1))) & 15
                if popcount(nib) < 2:
                    continue
                for sub in range(1, 16):
                    if sub & ~nib == 0 and popcount(sub) >= 2:
                        m = (sub << (4 * (r - 1))) | ws
                        if (mt[AT + M_BOOK_SIZES] >> popcount(m)) & 1 and _canonical(m, ws, containing, mt):
                            out[n] = m
                            n += 1
                            if n == len(out):
                                return n
            for u in range(4):  # runs: the natural cards of a suit from one to another, with k wild cards
                suited = natural & (SUIT_CARDS << u)
                rest = suited
                while rest:
                    a = lowest(rest)
                    rest &= rest - 1
                    more = rest
                    while more:
                        b = lowest(more)
                        more &= more - 1
                        span = suited & ((1 << (b + 1)) - (1 << a))
                        inner = span & ~((1 << a) | (1 << b))
                        # with up to k of the cards between left out, a wild card standing in each place (5♠ Jk 7♠
                        # from 5♠ 6♠ 7♠ Jk keeps the six for a book): every run a player may lay, not only the
                        # widest; the first (nothing left out) is the run of every natural card between a and b
                        for d in range(min(k, popcount(inner)) + 1):
                            for j in range(_subsets_count(inner, d)):
                                m = span & ~_nth_subset(inner, d, j)
                                if _classify_wild(m, k, mt) == RUN and _canonical(m | ws, ws, containing, mt):
                                    out[n] = m | ws
                                    n += 1
                                    if n == len(out):
                                        return n
    return n


def wild_meld_with(hand: int, card: int, mt: Sequence[int]) -> bool:
    """``hand`` has a meld in which a card stands for another that holds ``card`` (any such meld where ``card``
    is -1): :func:`wild_melds` lists one (it stops at the first, in a list of one)."""
    return wild_melds(hand, card, mt, [0], 0) > 0
