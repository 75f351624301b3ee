"""Rules that came into play: for each rule dimension, what the kernel counts as the rule's value having
changed what was legal or what happened, in one table.

A dimension is a variant file's key (``taken_discard.rule``). Its count is the number of decisions and
events of a hand that it names; :class:`~tonk_rules.kernel.batch.HandBatch.in_play` holds it per hand, and
:mod:`tonk_rules.sim.tally` adds up the hands in which it was at least 1. A refusal counts only where the
rule *alone* refused the action: with that one check lifted, the action would have been legal. Each count
covers every value of the dimension (both sides of a comparison count the same thing), so a rule whose
count is 0 at a table is one whose value made no difference there, whatever it is.

How a dimension is counted (:attr:`InPlay.how`):

- ``kernel``: by the compiled kernel, in the state's ``O_IN_PLAY`` block at index ``slot``
  (:mod:`tonk_rules.kernel.play_nb` for events, :func:`~tonk_rules.kernel.rules_nb.legal_keys` for refusals);
- ``ending``: the hands that ended in one of ``endings`` (the payment rules of an ending are used exactly
  then; the deal check ends a hand exactly when it finds a tonk);
- ``every_hand``: the rule shapes every hand (the deck, the cards dealt);
- ``not_in_a_hand``: the rule governs a sequence of hands or the table (seating, dealer, stakes, points),
  never the play of one hand at stake 1, which is what the simulator plays.

    >>> IN_PLAY["knocking.max_count"].counts
    'a knock refused by the count limit alone'
    >>> dimension_of("payments.knock_caught").endings
    ('knock_caught',)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tonk_rules.kernel import layout as L

How = Literal["kernel", "ending", "every_hand", "not_in_a_hand"]


@dataclass(frozen=True)
class InPlay:
    """How one rule dimension's coming into play is counted (see the module docstring)."""

    how: How
    counts: str  # what one count is, in words
    slot: int = -1  # the kernel's IP_* index (how == "kernel")
    endings: tuple[str, ...] = ()  # the endings (terms.Ending values) that use it (how == "ending")


def _k(slot: int, counts: str) -> InPlay:
    return InPlay("kernel", counts, slot=slot)


_NOT_IN_A_HAND = InPlay("not_in_a_hand", "nothing: it governs the table or a sequence of hands, not the play "
                                         "of one hand at stake 1")

#: Every rule dimension a variant file states, and what counts as its coming into play. Sections whose
#: every key is counted alike are given by their section name and a trailing dot.
IN_PLAY: dict[str, InPlay] = {
    "players.": _NOT_IN_A_HAND,
    "dealer.": _NOT_IN_A_HAND,
    "stakes.": _NOT_IN_A_HAND,
    "scoring.": _NOT_IN_A_HAND,
    "deck.ranks": InPlay("every_hand", "every hand: the ranks are the cards dealt and drawn"),
    "deal.hand_size": InPlay("every_hand", "every hand: the cards each player is dealt"),
    "deal.upcard": _k(L.IP_UPCARD, "the first turn's draw: the first player took the upcard (upcard: true), "
                                   "or found no discard pile to draw from (upcard: false)"),
    "deal.first_turn": _k(L.IP_FIRST_TURN, "a knock or a draw from the discard pile on the hand's first turn "
                                           "(free), or one refused by the first-turn rule alone "
                                           "(draw_from_stock)"),
    "deal_check.enabled": InPlay("ending", "a hand ended by the deal check (a tonk on the deal, paid or void)",
                                 endings=("deal_tonk", "deal_void")),
    "deal_check.at_most": _k(L.IP_DC_LOW, "a dealt hand whose count is at or below at_most (a low tonk on the "
                                          "deal)"),
    "deal_check.at_least": _k(L.IP_DC_HIGH, "a dealt hand whose count is at or above at_least (a high tonk on "
                                            "the deal)"),
    "deal_check.several": _k(L.IP_DC_SEVERAL, "a deal with several tonks at once (paid to all, or void)"),
    "knocking.timing": _k(L.IP_KN_TIMING, "a knock after laying spreads before the draw (before_draw), or one "
                                          "refused by the timing alone (start_of_turn)"),
    "knocking.max_count": _k(L.IP_KN_MAX, "a knock refused by the count limit alone"),
    "knocking.min_turns": _k(L.IP_KN_MIN_TURNS, "a knock refused by the minimum of turns alone"),
    "knocking.hit_lock": _k(L.IP_KN_HIT_LOCK, "a knock by a player whose spread was just hit (no hit lock), or "
                                              "one refused by the hit lock alone"),
    "knocking.wins_when": _k(L.IP_KN_TIES, "a knock whose count tied the lowest count of the others (the rule "
                                           "decides whether it won or was caught)"),
    "drawing.sources": _k(L.IP_SOURCES, "a draw from the discard pile, or a draw refused because its pile is "
                                        "not a draw pile"),
    "spreading.timing": _k(L.IP_SP_TIMING, "a spread or hit laid before the draw (before_draw), or holding the "
                                           "card drawn that turn (after_draw: it could not have come earlier)"),
    "spreading.must_spread": _k(L.IP_SP_MUST, "a knock by a player holding a spread (false: must_spread would "
                                              "refuse it), or a knock, draw or discard refused alone because "
                                              "a spread held must be laid (true)"),
    "spreading.may_hold_books": _k(L.IP_SP_HOLD, "with must_spread, a knock by a player holding a book the "
                                                 "exception lets stay in hand"),
    "melds.book_sizes": _k(L.IP_BOOK_SIZES, "a book laid, or a book hit (to four cards)"),
    "melds.run_min": _k(L.IP_RUN_MIN, "a run laid of exactly run_min cards (a longer minimum refuses it)"),
    "melds.ace": _k(L.IP_ACE, "a run laid or hit that holds the ace above the king (Q-K-A)"),
    "hitting.runs": _k(L.IP_HIT_RUNS, "a hit on a run, or a decision at which the rule refused a card that "
                                      "would extend a run"),
    "hitting.books": _k(L.IP_HIT_BOOKS, "a hit on a book, or a decision at which the rule refused a card that "
                                        "would extend a book"),
    "taken_discard.rule": _k(L.IP_TAKEN, "a card taken from the discard pile and discarded again in the same "
                                         "turn; a discard of the taken card refused (not_discarded_this_turn); "
                                         "a discard refused because the taken card must first go into a spread, "
                                         "or a draw from the discard pile refused because its card could not "
                                         "be laid at once (straight_into_spread)"),
    "stock_exhaustion.when_empty": _k(L.IP_STOCK_EMPTY, "a draw from the empty stock (then the rule ends the "
                                                        "hand, voids it or reshuffles)"),
    "stock_exhaustion.ties": _k(L.IP_STOCK_TIES, "a hand ended at the empty stock with several lowest counts"),
    **{f"payments.{e}": InPlay("ending", f"a hand that ended {e.replace('_', ' ')} (its payments)", endings=(e,))
       for e in L.ENDING_NAMES if e not in ("deal_void", "stock_void")},
}


def dimension_of(key: str) -> InPlay:
    """How the rule dimension ``key`` (a variant file's dotted key) is counted; KeyError for an unknown key."""
    if key in IN_PLAY:
        return IN_PLAY[key]
    section = key.split(".", 1)[0] + "."
    if section in IN_PLAY:
        return IN_PLAY[section]
    raise KeyError(f"no in-play count for the rule dimension {key!r} (kernel/in_play.py)")


def kernel_dimensions() -> dict[int, str]:
    """The kernel's counters: slot -> dimension."""
    return {d.slot: key for key, d in IN_PLAY.items() if d.how == "kernel"}
