"""The rules as two vectors of whole numbers: where each value sits, declared once.

A ruleset's values are one parameter vector (``R_*`` slots), and the turn so far is one turn vector
(``TURN_*`` slots). Both engines hold the same two vectors: the reference engine's rule objects and its
:class:`~tonk_rules.engine.turn.Turn`, and the compiled kernel (its packed tables begin with the parameters;
its state holds the turn at ``layout.O_TURN``). The arithmetic of :mod:`tonk_rules.ruleset.core` reads
them by these names, so a new rule value is a slot here, and the functions that read it are the only
code that names it.

This module holds numbers and names only; :mod:`tonk_rules.ruleset.params` fills the parameter vector
from a Ruleset by :data:`READ`.
"""

from __future__ import annotations

# --- rule parameters (R_*) --------------------------------------------------------------------------------
R_HAND_SIZE = 0
R_UPCARD = 1
R_FIRST_TURN_STOCK = 2  # 1: the first turn must draw from the stock
R_DC_ENABLED = 3
R_DC_AT_MOST = 4  # core.NO_LIMIT when absent
R_DC_AT_LEAST = 5  # core.NO_LIMIT when absent
R_DC_SEVERAL_VOID = 6
R_KN_BEFORE_DRAW = 7
R_KN_MAX = 8  # core.NO_LIMIT when absent
R_KN_MIN_TURNS = 9
R_KN_HIT_LOCK = 10
R_KN_TIES_WIN = 11
R_DR_STOCK = 12  # computed (params.COMPUTED): the stock is a draw pile
R_DR_DISCARD = 13  # computed: the discard pile is a draw pile
R_SP_BEFORE_DRAW = 14
R_SP_MUST = 15
R_HIT_RUNS = 16  # core.HIT_* (the meld rules are the meld table of ruleset.meld_masks)
R_HIT_BOOKS = 17
R_TAKEN = 18  # core.TAKEN_*
R_STOCK = 19  # core.STOCK_*
R_STOCK_TIES_VOID = 20
R_DR_DEEPER = 21  # computed: how many discards below the top may be taken (drawing.discard_depth - 1)
N_PARAMS = 32

# How a Ruleset value becomes a slot's int (params.py has one reader for each; a value a reader has no code
# for is an error there, never a default).
AS_INT = "int"
AS_FLAG = "flag"  # a bool: 0/1
AS_OPTIONAL = "optional"  # an int or None: core.NO_LIMIT when None
AS_CHOICE = "choice"  # a two-valued rule enum: 0 for the first value, 1 for the second
AS_OPTIONAL_CHOICE = "optional_choice"  # likewise, or None (the rule cannot apply): 0
AS_HIT = "hit"  # a HitPermission: core.HIT_*
AS_TAKEN = "taken"  # a TakenDiscardPolicy: core.TAKEN_*
AS_STOCK = "stock"  # a StockPolicy: core.STOCK_*

#: slot -> (the Ruleset attribute path it is read from, how it becomes an int). The section (the path's
#: first name) is also the rule object that carries the slot (``RuleObject.params``).
READ: dict[int, tuple[str, str]] = {
    R_HAND_SIZE: ("deal.hand_size", AS_INT),
    R_UPCARD: ("deal.upcard", AS_FLAG),
    R_FIRST_TURN_STOCK: ("deal.first_turn", AS_CHOICE),
    R_DC_ENABLED: ("deal_check.enabled", AS_FLAG),
    R_DC_AT_MOST: ("deal_check.at_most", AS_OPTIONAL),
    R_DC_AT_LEAST: ("deal_check.at_least", AS_OPTIONAL),
    R_DC_SEVERAL_VOID: ("deal_check.several", AS_OPTIONAL_CHOICE),
    R_KN_BEFORE_DRAW: ("knocking.timing", AS_CHOICE),
    R_KN_MAX: ("knocking.max_count", AS_OPTIONAL),
    R_KN_MIN_TURNS: ("knocking.min_turns", AS_INT),
    R_KN_HIT_LOCK: ("knocking.hit_lock", AS_FLAG),
    R_KN_TIES_WIN: ("knocking.wins_when", AS_CHOICE),
    R_SP_BEFORE_DRAW: ("spreading.timing", AS_CHOICE),
    R_SP_MUST: ("spreading.must_spread", AS_FLAG),
    R_HIT_RUNS: ("hitting.runs", AS_HIT),
    R_HIT_BOOKS: ("hitting.books", AS_HIT),
    R_TAKEN: ("taken_discard.policy", AS_TAKEN),
    R_STOCK: ("stock.when_empty", AS_STOCK),
    R_STOCK_TIES_VOID: ("stock.ties", AS_OPTIONAL_CHOICE),
}

# --- the turn so far (TURN_*) -----------------------------------------------------------------------------
# Everything a rule may ask of the current player's turn: a card is its number (NO_CARD: none), a flag 0/1,
# a count itself. core.turn_begin, turn_drew and turn_laid keep it up to date, for both engines.
TURN_DRAWN = 0  # 1 once the player has drawn
TURN_ACTED = 1  # 1 once they have drawn or laid something
TURN_TAKEN = 2  # the card taken from the discard pile this turn
TURN_PENDING = 3  # the taken card while it must still go straight into a spread
TURN_NEW_SPREAD = 4  # 1 once they have laid a new spread (going out without a discard pays by it)
#: The slots that hold a card (NO_CARD: none) and those that hold a flag (0/1); every other one holds a count.
TURN_CARDS = (TURN_TAKEN, TURN_PENDING)
TURN_FLAGS = (TURN_DRAWN, TURN_ACTED, TURN_NEW_SPREAD)
TURN_SIZE = 8  # slots reserved (the kernel's state keeps this many); a new slot takes the next free number
NO_CARD = -1
