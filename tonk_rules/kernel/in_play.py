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
  (:mod:`tonk_rules.kernel.play_nb` for events, :func:`~tonk_rules.kernel.rules_nb.legal_keys` for refusals).
  The slots are this table's: each kernel-counted entry's place among them, in the table's order
  (:data:`SLOTS`); ``kernel/layout.py`` names the ones the kernel's code counts by hand (``IP_*``), and a
  refused hit is counted under the rule its refusal code names (:func:`refused_hit_slots`), so a dimension
  counted by a refusal of ``core.hit_refusal`` is its entry here and nothing in the kernel;
- ``ending``: the hands that ended in one of ``endings`` (the payment rules of an ending are used exactly
  then; the deal check ends a hand exactly when it finds a tonk);
- ``every_hand``: the rule shapes every hand (the deck, the cards dealt);
- ``not_in_a_hand``: the rule governs a sequence of hands or the table (seating, dealer, stakes, points),
  never the play of one hand at stake 1, which is what the simulator plays.

    >>> IN_PLAY["knocking.max_count"].counts
    'a knock refused by the count limit alone'
    >>> dimension_of("payments.knock_caught").endings
    ('knock_caught',)
    >>> SLOTS["deal.upcard"], IN_PLAY["hitting.books"].slot == SLOTS["hitting.books"]
    (0, True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from tonk_rules.ruleset import core, rule_objects
from tonk_rules.terms import PAID_ENDINGS, MeldKind

How = Literal["kernel", "ending", "every_hand", "not_in_a_hand"]


@dataclass(frozen=True)
class InPlay:
    """How one rule dimension's coming into play is counted (see the module docstring)."""

    how: How
    counts: str  # what one count is, in words
    slot: int = -1  # the kernel's IP_* index (how == "kernel"): given by the entry's place, see SLOTS
    endings: tuple[str, ...] = ()  # the endings (terms.Ending values) that use it (how == "ending")


def _k(counts: str) -> InPlay:
    return InPlay("kernel", counts)  # its slot: its place among the kernel's entries (SLOTS)


_NOT_IN_A_HAND = InPlay("not_in_a_hand", "nothing: it governs the table or a sequence of hands, not the play "
                                         "of one hand at stake 1")

#: Every rule dimension a variant file states, and what counts as its coming into play; sections whose every
#: key is counted alike are given by their section name and a trailing dot.
_TABLE: dict[str, InPlay] = {
    "players.": _NOT_IN_A_HAND,
    "dealer.": _NOT_IN_A_HAND,
    "stakes.": _NOT_IN_A_HAND,
    "scoring.": _NOT_IN_A_HAND,
    "deck.ranks": InPlay("every_hand", "every hand: the ranks are the cards dealt and drawn"),
    "deal.hand_size": InPlay("every_hand", "every hand: the cards each player is dealt"),
    "deal.upcard": _k("the first turn's draw: the first player took the upcard (upcard: true), "
                                   "or found no discard pile to draw from (upcard: false)"),
    "deal.first_turn": _k("a knock or a draw from the discard pile on the hand's first turn "
                                           "(free), or one refused by the first-turn rule alone "
                                           "(draw_from_stock)"),
    "deal_check.enabled": InPlay("ending", "a hand ended by the deal check (a tonk on the deal, paid or void)",
                                 endings=("deal_tonk", "deal_void")),
    "deal_check.at_most": _k("a dealt hand whose count is at or below at_most (a low tonk on the "
                                          "deal)"),
    "deal_check.at_least": _k("a dealt hand whose count is at or above at_least (a high tonk on "
                                            "the deal)"),
    "deal_check.several": _k("a deal with several tonks at once (paid to all, or void)"),
    "knocking.timing": _k("a knock after laying spreads before the draw (before_draw), or one "
                                          "refused by the timing alone (start_of_turn)"),
    "knocking.max_count": _k("a knock refused by the count limit alone"),
    "knocking.min_turns": _k("a knock refused by the minimum of turns alone"),
    "knocking.hit_lock": _k("a knock by a player whose spread was just hit (no hit lock), or "
                                              "one refused by the hit lock alone"),
    "knocking.wins_when": _k("a knock whose count tied the lowest count of the others (the rule "
                                           "decides whether it won or was caught)"),
    "drawing.sources": _k("a draw from the discard pile, or a draw refused because its pile is "
                                        "not a draw pile"),
    "spreading.timing": _k("a spread or hit laid before the draw (before_draw), or holding the "
                                           "card drawn that turn (after_draw: it could not have come earlier)"),
    "spreading.must_spread": _k("a knock by a player holding a spread (false: must_spread would "
                                              "refuse it), or a knock, draw or discard refused alone because "
                                              "a spread held must be laid (true)"),
    "spreading.may_hold_books": _k("with must_spread, a knock by a player holding a book the "
                                                 "exception lets stay in hand"),
    "melds.book_sizes": _k("a book laid, or a book hit (to four cards)"),
    "melds.run_min": _k("a run laid of exactly run_min cards (a longer minimum refuses it)"),
    "melds.ace": _k("a run laid or hit that holds the ace above the king (Q-K-A)"),
    "hitting.runs": _k("a hit on a run, or a decision at which the rule refused a card that "
                                      "would extend a run"),
    "hitting.books": _k("a hit on a book, or a decision at which the rule refused a card that "
                                        "would extend a book"),
    "taken_discard.rule": _k("a card taken from the discard pile and discarded again in the same "
                                         "turn; a discard of the taken card refused (not_discarded_this_turn); "
                                         "a discard refused because the taken card must first go into a spread, "
                                         "or a draw from the discard pile refused because its card could not "
                                         "be laid at once (straight_into_spread)"),
    "stock_exhaustion.when_empty": _k("a draw from the empty stock (then the rule ends the "
                                                        "hand, voids it or reshuffles)"),
    "stock_exhaustion.ties": _k("a hand ended at the empty stock with several lowest counts"),
    **{f"payments.{e.value}": InPlay("ending", f"a hand that ended {e.value.replace('_', ' ')} (its payments)",
                                     endings=(e.value,)) for e in PAID_ENDINGS},
    # (rules added since: their kernel slots come after every earlier one, so the earlier slots keep their places)
    "drawing.discard_depth": _k("a card taken from below the top of the discard pile (never where only the top "
                                "may be taken)"),
    "deck.values": _k("a hand that ended on its counts (the deal check, a knock, the empty stock) while a "
                      "player held a card whose value is not the standard one (a house value)"),
    "deck.jokers": _k("a hand that ended while a player held a joker"),
    "melds.wild": _k("a spread laid, or a hit, with a wild card in it standing for another card (a natural two "
                     "under deuces wild is not counted)"),
    "melds.wild_most": _k("a spread laid or hit that holds as many wild cards as the rule allows"),
    "melds.wild_hits": _k("a wild card hit onto a spread standing for another card (a refused wild hit, or a two "
                          "hit in its own place, is not counted)"),
}

#: The kernel's counters: each kernel-counted dimension -> its index in the state's ``O_IN_PLAY`` block, its
#: place among them in the table's order (a new one is one entry above: the kernel's block, its size and the
#: batches' arrays follow from here).
SLOTS: dict[str, int] = {key: i for i, key in enumerate(k for k, d in _TABLE.items() if d.how == "kernel")}

#: Every rule dimension a variant file states, and what counts as its coming into play (a kernel-counted
#: one with its slot, :data:`SLOTS`).
IN_PLAY: dict[str, InPlay] = {key: replace(d, slot=SLOTS[key]) if key in SLOTS else d for key, d in _TABLE.items()}


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


#: Hit refusal codes the kernel's table has room for: a code of core.hit_refusal is below this.
MAX_HIT_CODES = 8


def refused_hit_slots() -> tuple[int, ...]:
    """Where the kernel counts a refused hit: for each refusal code of :func:`core.hit_refusal` and each kind
    of spread, at ``code * 2 + run`` (``run`` 1 for a run), the slot of the rule that the code's words name
    (``rule_objects.hit_refusal_rule``). ``rules_nb.legal_keys`` indexes it, so a new refusal code is counted
    under its rule with no kernel edit. A code without words, which the engine refuses to word (a
    contributor's slip that the tests name), is counted under its kind's rule rather than read past the table.

        >>> slots = refused_hit_slots()
        >>> slots[core.HIT_NOT_ALLOWED * 2] == SLOTS["hitting.books"]
        True
        >>> slots[core.HIT_ONLY_OWN * 2 + 1] == SLOTS["hitting.runs"]
        True
    """
    out = [SLOTS["hitting.books"], SLOTS["hitting.runs"]] * MAX_HIT_CODES
    for code in rule_objects.hit_refusal_codes():
        if not core.HIT_OK < code < MAX_HIT_CODES:
            raise ValueError(f"the hit refusal code {code} is outside 1..{MAX_HIT_CODES - 1}: raise "
                             "kernel/in_play.py MAX_HIT_CODES")
        for run, kind in enumerate((MeldKind.BOOK, MeldKind.RUN)):
            rule = rule_objects.hit_refusal_rule(code, kind)
            if rule not in SLOTS:
                raise ValueError(f"the hit refusal code {code} names the rule {rule}, which the kernel does not "
                                 f"count: give it an entry counted by the kernel in kernel/in_play.py")
            out[code * 2 + run] = SLOTS[rule]
    return tuple(out)
