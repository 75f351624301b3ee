"""Numeric layout shared by the compiled kernel and its Python wrappers (plain integers only).

A hand's whole state is one ``int64`` vector (``S_*`` scalars and ``O_*`` blocks), so a rollout copies a
state with one array copy; a ruleset is one ``int64`` parameter vector (``R_*``) plus a few small tables
(:mod:`tonk_rules.kernel.tables`). Cards are ``0..51`` as in :mod:`tonk_rules.cards`; a set of cards is a
52-bit mask. The kernel's own ending codes (``E_*``) are fixed here and mapped to
:class:`tonk_rules.terms.Ending` by name in Python, so reordering the enum cannot corrupt a cached kernel.

Changing this file changes the cache key of the compiled kernel (:mod:`tonk_rules.kernel.jit`).
"""

from __future__ import annotations

from tonk_rules.engine import encoding
from tonk_rules.ruleset import core, meld_masks

MAX_PLAYERS = 16
MAX_SPREADS = 18  # 52 cards / 3
MAX_LEGAL = 512
NONE = core.NO_LIMIT  # "no value" for optional thresholds and cards (the rules' own "no limit")

# --- ruleset parameters (R_*) ---------------------------------------------------------------------------
# A slot is declared once, here: its number, and (in READ below) where in the Ruleset its value is and how it
# becomes an int; kernel/tables.py fills every slot of READ from that alone. The few slots computed from
# several values (the draw piles, the book sizes) are tables.COMPUTED, filled there by hand.
R_HAND_SIZE = 0
R_UPCARD = 1
R_FIRST_TURN_STOCK = 2  # 1: the first turn must draw from the stock
R_DC_ENABLED = 3
R_DC_AT_MOST = 4  # NONE when absent
R_DC_AT_LEAST = 5  # NONE when absent
R_DC_SEVERAL_VOID = 6
R_KN_BEFORE_DRAW = 7
R_KN_MAX = 8  # NONE when absent
R_KN_MIN_TURNS = 9
R_KN_HIT_LOCK = 10
R_KN_TIES_WIN = 11
R_DR_STOCK = 12
R_DR_DISCARD = 13
R_SP_BEFORE_DRAW = 14
R_SP_MUST = 15
R_HIT_RUNS = 16  # HIT_* below (the meld rules are read from the meld table, T_MELDS)
R_HIT_BOOKS = 17
R_TAKEN = 18  # TAKEN_* below
R_STOCK = 19  # STOCK_* below
R_STOCK_TIES_VOID = 20
N_PARAMS = 32

# how a Ruleset value becomes a slot's int (kernel/tables.py has one reader for each; a value a reader has no
# code for is a KernelError there, never a default)
AS_INT = "int"
AS_FLAG = "flag"  # a bool: 0/1
AS_OPTIONAL = "optional"  # an int or None: NONE when None
AS_CHOICE = "choice"  # a two-valued rule enum: 0 for the first value, 1 for the second
AS_OPTIONAL_CHOICE = "optional_choice"  # likewise, or None (the rule cannot apply): 0
AS_HIT = "hit"  # a HitPermission: HIT_*
AS_TAKEN = "taken"  # a TakenDiscardPolicy: TAKEN_*
AS_STOCK = "stock"  # a StockPolicy: STOCK_*

#: slot -> (the Ruleset attribute path it is read from, how it becomes an int)
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

HIT_ANYONE, HIT_OWN, HIT_NONE = core.HIT_ANYONE, core.HIT_OWN, core.HIT_NONE  # the rules' own codes
TAKEN_FREE, TAKEN_NOT_THIS_TURN, TAKEN_STRAIGHT = 0, 1, 2
STOCK_END, STOCK_RESHUFFLE, STOCK_VOID = core.STOCK_END, core.STOCK_RESHUFFLE, core.STOCK_VOID

# --- payment roles ---------------------------------------------------------------------------------------
ROLE_WINNERS, ROLE_OTHERS, ROLE_KNOCKER = core.ROLE_WINNERS, core.ROLE_OTHERS, core.ROLE_KNOCKER
ROLE_AT_OR_BELOW, ROLE_ABOVE = core.ROLE_AT_OR_BELOW, core.ROLE_ABOVE
MAX_PAY_RULES = 8  # per ending; each rule: payer role, receiver role, stakes, at the payer's stake (0/1)

# --- the packed tables (one int64 vector: params first, then T_* blocks) ---------------------------------
T_PAY = N_PARAMS  # [(ending * MAX_PAY_RULES + rule) * 4 + j]: payer, receiver, stakes, at payer's stake
T_PAY_N = T_PAY + 9 * MAX_PAY_RULES * 4  # rules per ending
T_MELDS = T_PAY_N + 9  # the meld table (ruleset.meld_masks.M_*), read by the compiled meld functions
T_POS = T_MELDS + meld_masks.M_POS  # rank (1..13) -> run position, -1 when not in the deck
T_SIZE = T_MELDS + meld_masks.M_SIZE

# --- endings (the kernel's own codes) -------------------------------------------------------------------
E_DEAL_TONK, E_DEAL_VOID, E_KNOCK_WON, E_KNOCK_CAUGHT = 0, 1, 2, 3
E_OUT_BY_DISCARD, E_OUT_BY_SPREAD, E_OUT_BY_HIT, E_STOCK_EXHAUSTED, E_STOCK_VOID = 4, 5, 6, 7, 8
N_ENDINGS = 9
ENDING_NAMES = ("deal_tonk", "deal_void", "knock_won", "knock_caught", "out_by_discard", "out_by_spread",
                "out_by_hit", "stock_exhausted", "stock_void")

# --- errors the kernel reports instead of raising ---------------------------------------------------------
ERR_NONE, ERR_STUCK, ERR_TOO_LONG, ERR_ILLEGAL = 0, 1, 2, 3

# --- state vector: scalars (S_*) --------------------------------------------------------------------------
S_PLAYERS = 0
S_CURRENT = 1
S_DRAWN = 2
S_ACTED = 3
S_TAKEN = 4  # card taken from the discard pile this turn, or -1
S_PENDING = 5  # a taken card that must go straight into a spread, or -1
S_NEW_SPREAD = 6
S_STOCK_N = 7
S_DISCARD_N = 8
S_SPREADS_N = 9
S_RESHUFFLES = 10
S_RESHUFFLE_SEED = 11
S_OVER = 12
S_ENDING = 13
S_KNOCKER = 14  # -1: none
S_ACTIONS = 15
S_TURNS = 16  # turns begun
S_ERROR = 17
S_FIRST_TURN = 18  # 1 while the hand's first turn is being played
N_SCALARS = 24

#: The turn's slots, each with the attribute of the engine's turn (:class:`tonk_rules.engine.turn.Turn`) it
#: holds (a card, or -1 for none; a flag as 0/1; a count). A kernel state made from an engine position fills
#: them all from this table (:func:`tonk_rules.kernel.position.encode_turn`), so a new per-turn value is a
#: slot and a line here, and no edit of a bot.
TURN: dict[int, str] = {S_DRAWN: "drawn", S_ACTED: "acted", S_TAKEN: "taken", S_PENDING: "pending",
                        S_NEW_SPREAD: "new_spread"}

# --- state vector: blocks (O_*) ---------------------------------------------------------------------------
O_HANDS = N_SCALARS  # card mask per seat
O_COUNTS = O_HANDS + MAX_PLAYERS  # count per seat
O_TURNS_TAKEN = O_COUNTS + MAX_PLAYERS
O_LOCKS = O_TURNS_TAKEN + MAX_PLAYERS
O_STAKES = O_LOCKS + MAX_PLAYERS
O_WINNERS = O_STAKES + MAX_PLAYERS  # 0/1 per seat
O_NET = O_WINNERS + MAX_PLAYERS
O_STOCK = O_NET + MAX_PLAYERS  # cards, top = O_STOCK + stock_n - 1
O_DISCARD = O_STOCK + 52  # cards, top = O_DISCARD + discard_n - 1
O_SP_OWNER = O_DISCARD + 52
O_SP_RUN = O_SP_OWNER + MAX_SPREADS  # 1: run, 0: book
O_SP_MASK = O_SP_RUN + MAX_SPREADS  # cards
O_SP_KEY = O_SP_MASK + MAX_SPREADS  # a book's rank (1..13) or a run's suit
O_SP_POS = O_SP_KEY + MAX_SPREADS  # a run's run-order positions (ace low at 0) as a bitmask
STATE_SIZE = O_SP_POS + MAX_SPREADS

# --- canonical action keys: the engine's encoding (tonk_rules.engine.encoding), under the kernel's names ---
KIND_SHIFT, KIND_MASK, PAYLOAD = encoding.KIND_SHIFT, encoding.KIND_MASK, encoding.PAYLOAD
K_KNOCK, K_DRAW_STOCK, K_DRAW_DISCARD = encoding.KNOCK, encoding.DRAW_STOCK, encoding.DRAW_DISCARD
K_SPREAD, K_HIT, K_DISCARD = encoding.SPREAD, encoding.HIT, encoding.DISCARD

# --- policies -----------------------------------------------------------------------------------------------
POLICY_RANDOM, POLICY_GREEDY = 0, 1
