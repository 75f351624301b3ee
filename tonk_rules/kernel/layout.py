"""Numeric layout shared by the compiled kernel and its Python wrappers (plain integers only).

A hand's whole state is one ``int64`` vector (``S_*`` scalars and ``O_*`` blocks), so a rollout copies a
state with one array copy; a ruleset is one ``int64`` parameter vector (``R_*``) plus a few small tables
(:mod:`tonk_rules.kernel.tables`). Cards are ``0..51`` as in :mod:`tonk_rules.cards`; a set of cards is a
52-bit mask. The kernel's own ending codes (``E_*``) are fixed here and mapped to
:class:`tonk_rules.terms.Ending` by name in Python, so reordering the enum cannot corrupt a cached kernel.

The compiled modules read it as one module alias, ``from tonk_rules.kernel import layout as L``, and
``L.NAME``: numba freezes a module's attribute as a compile-time constant, as it does a name imported alone
(an offset folds into the address it reads, an array becomes a constant array), so the alias costs nothing.

Changing this file (or kernel/in_play.py, whose table gives the ``IP_*`` slots) changes the cache key of the
compiled kernel (:mod:`tonk_rules.kernel.jit`).
"""

from __future__ import annotations

from tonk_rules.engine import encoding
from tonk_rules.kernel.in_play import SLOTS as IN_PLAY_SLOTS
from tonk_rules.ruleset import core, meld_masks, slots, who_pays

MAX_PLAYERS = 16
MAX_SPREADS = 18  # 52 cards / 3
MAX_LEGAL = 512
MAX_CARDS = 56  # 52 and up to four jokers (deck.jokers): the stock's and the discard pile's room

# --- ruleset parameters: the rules' own vector (tonk_rules.ruleset.slots R_*), first in the packed tables ---
N_PARAMS = slots.N_PARAMS

HIT_ANYONE, HIT_OWN, HIT_NONE = core.HIT_ANYONE, core.HIT_OWN, core.HIT_NONE  # the rules' own codes
TAKEN_FREE, TAKEN_NOT_THIS_TURN, TAKEN_STRAIGHT = core.TAKEN_FREE, core.TAKEN_NOT_THIS_TURN, core.TAKEN_STRAIGHT
STOCK_END, STOCK_RESHUFFLE, STOCK_VOID = core.STOCK_END, core.STOCK_RESHUFFLE, core.STOCK_VOID

# --- payment roles ---------------------------------------------------------------------------------------
ROLE_WINNERS, ROLE_OTHERS, ROLE_KNOCKER = core.ROLE_WINNERS, core.ROLE_OTHERS, core.ROLE_KNOCKER
ROLE_AT_OR_BELOW, ROLE_ABOVE = core.ROLE_AT_OR_BELOW, core.ROLE_ABOVE
MAX_PAY_RULES = 8  # per ending; each rule a row of ruleset.who_pays's pay table (payer, receiver, stakes, whose stake)

# --- the packed tables (one int64 vector: params first, then T_* blocks) ---------------------------------
T_PAY = N_PARAMS  # [(ending * MAX_PAY_RULES + rule) * who_pays.RULE_SIZE + j]: each ending's rules, as rows
T_PAY_N = T_PAY + 9 * MAX_PAY_RULES * who_pays.RULE_SIZE  # rules per ending
T_MELDS = T_PAY_N + 9  # the meld table (ruleset.meld_masks.M_*), read by the compiled meld functions
T_POS = T_MELDS + meld_masks.M_POS  # rank (1..13) -> run position, -1 when not in the deck
T_VALUES = T_MELDS + meld_masks.M_SIZE  # each card's count value by card number (deck.values over the standard)
#: the deck's cards as one mask (every card of ``deck.ranks`` in four suits, and the ``deck.jokers``): what a
#: player may count as unseen (the reckoner's belief)
T_DECK = T_VALUES + 64
#: the deck's distinct card values, ascending: how many, each value, and the mask of the deck's cards of that
#: value (a belief sums a pool's values by value, a popcount each, instead of card by card)
T_VALUE_KINDS = T_DECK + 1
T_VALUE_OF = T_VALUE_KINDS + 1
T_CARDS_OF = T_VALUE_OF + MAX_CARDS
#: the knocker's net of a knock, [seat * MAX_PLAYERS + catchers] (reckoner_nb.knock_net), at the number of
#: players in T_KNOCK_FOR; 0 there: not filled (the packed tables leave it so; a batch of hands, all at one
#: table size, fills its own copy once: reckoner_nb.with_knock_nets)
T_KNOCK_FOR = T_CARDS_OF + MAX_CARDS
T_KNOCK_NETS = T_KNOCK_FOR + 1
T_SIZE = T_KNOCK_NETS + MAX_PLAYERS * MAX_PLAYERS

# --- endings (the kernel's own codes) -------------------------------------------------------------------
E_DEAL_TONK, E_DEAL_VOID, E_KNOCK_WON, E_KNOCK_CAUGHT = 0, 1, 2, 3
E_OUT_BY_DISCARD, E_OUT_BY_SPREAD, E_OUT_BY_HIT, E_STOCK_EXHAUSTED, E_STOCK_VOID = 4, 5, 6, 7, 8
N_ENDINGS = 9
ENDING_NAMES = ("deal_tonk", "deal_void", "knock_won", "knock_caught", "out_by_discard", "out_by_spread",
                "out_by_hit", "stock_exhausted", "stock_void")

# --- errors the kernel reports instead of raising ---------------------------------------------------------
ERR_NONE, ERR_STUCK, ERR_TOO_LONG, ERR_ILLEGAL, ERR_TOO_MANY = 0, 1, 2, 3, 4

# --- state vector: scalars (S_*) --------------------------------------------------------------------------
S_PLAYERS = 0
S_CURRENT = 1
S_STOCK_N = 2
S_DISCARD_N = 3
S_SPREADS_N = 4
S_RESHUFFLES = 5
S_RESHUFFLE_SEED = 6
S_OVER = 7
S_ENDING = 8
S_KNOCKER = 9  # -1: none
S_ACTIONS = 10
S_TURNS = 11  # turns begun
S_ERROR = 12
S_FIRST_TURN = 13  # 1 while the hand's first turn is being played
S_DREW = 14  # the card the current turn drew (from either pile), or -1: which spread used a drawn card
#: The turn so far: the rules' own turn vector (tonk_rules.ruleset.slots TURN_*), which the engine's Turn
#: holds too and the same functions of ruleset.core keep up to date; a new per-turn value is a slot there.
O_TURN = 16  # (15 free for a new scalar; the turn block ends the scalars)
S_DRAWN = O_TURN + slots.TURN_DRAWN
S_ACTED = O_TURN + slots.TURN_ACTED
S_TAKEN = O_TURN + slots.TURN_TAKEN  # a card, or -1
S_PENDING = O_TURN + slots.TURN_PENDING  # a taken card that must go straight into a spread, or -1
S_NEW_SPREAD = O_TURN + slots.TURN_NEW_SPREAD
N_SCALARS = O_TURN + slots.TURN_SIZE

# --- state vector: blocks (O_*) ---------------------------------------------------------------------------
O_HANDS = N_SCALARS  # card mask per seat
O_COUNTS = O_HANDS + MAX_PLAYERS  # count per seat
O_TURNS_TAKEN = O_COUNTS + MAX_PLAYERS
O_LOCKS = O_TURNS_TAKEN + MAX_PLAYERS
O_STAKES = O_LOCKS + MAX_PLAYERS
O_WINNERS = O_STAKES + MAX_PLAYERS  # 0/1 per seat
O_NET = O_WINNERS + MAX_PLAYERS
O_STOCK = O_NET + MAX_PLAYERS  # cards, top = O_STOCK + stock_n - 1
O_DISCARD = O_STOCK + MAX_CARDS  # cards, top = O_DISCARD + discard_n - 1
O_SP_OWNER = O_DISCARD + MAX_CARDS
O_SP_RUN = O_SP_OWNER + MAX_SPREADS  # 1: run, 0: book
O_SP_MASK = O_SP_RUN + MAX_SPREADS  # cards
O_SP_KEY = O_SP_MASK + MAX_SPREADS  # a book's rank (1..13) or a run's suit
O_SP_POS = O_SP_KEY + MAX_SPREADS  # a run's run-order positions (ace low at 0) as a bitmask
O_SPREADS_LAID = O_SP_POS + MAX_SPREADS  # per seat: the spreads on the table it laid
O_IN_PLAY = O_SPREADS_LAID + MAX_PLAYERS  # per rule dimension (IP_*): the times it came into play this hand
N_IN_PLAY = len(IN_PLAY_SLOTS)  # one per entry of kernel/in_play.py that the kernel counts
#: What every seat has seen the others do this hand, kept by the play loop (policies_nb.play_key) and, for a
#: bot, from its Observation's history (bots.public_memory): per seat the cards it took from the discard pile
#: and still holds, and the value of its last discard this hand (0 before its first). Public, so a player
#: may read them (the reckoner's knock does).
O_KEPT = O_IN_PLAY + N_IN_PLAY
O_SHED = O_KEPT + MAX_PLAYERS
STATE_SIZE = O_SHED + MAX_PLAYERS

#: Where the state holds each slot of the position vector (tonk_rules.ruleset.position_vector P_*): the kernel
#: compiles position_facts with these offsets (kernel/rules_nb.py), so the facts of a position read the state
#: itself; a P_ slot missing here stops the kernel's import with its name.
POSITION_SLOTS = {
    "P_PLAYERS": S_PLAYERS, "P_CURRENT": S_CURRENT, "P_STOCK_N": S_STOCK_N, "P_DISCARD_N": S_DISCARD_N,
    "P_SPREADS_N": S_SPREADS_N, "P_FIRST_TURN": S_FIRST_TURN, "P_HANDS": O_HANDS, "P_COUNTS": O_COUNTS,
    "P_TURNS_TAKEN": O_TURNS_TAKEN, "P_LOCKS": O_LOCKS, "P_SPREADS_LAID": O_SPREADS_LAID, "P_SP_OWNER": O_SP_OWNER,
    "P_SP_RUN": O_SP_RUN, "P_SP_MASK": O_SP_MASK,
}

#: Where the state holds each value that ruleset.who_pays.settle reads and writes, as its ``at`` (indexed by
#: who_pays.AT_*): the compiled settlement reads and writes the state itself.
PAY_SEATS = tuple(offset for _, offset in sorted({
    who_pays.AT_PLAYERS: S_PLAYERS, who_pays.AT_KNOCKER: S_KNOCKER, who_pays.AT_WON: O_WINNERS,
    who_pays.AT_COUNT: O_COUNTS, who_pays.AT_STAKE: O_STAKES, who_pays.AT_NET: O_NET}.items()))

# --- rules that came into play (IP_*): the slots are kernel/in_play.py's (its table's order); these are the names
# the kernel's code counts by hand. A dimension counted only by a refused hit needs none (in_play.refused_hit_slots).
IP_UPCARD = IN_PLAY_SLOTS["deal.upcard"]
IP_FIRST_TURN = IN_PLAY_SLOTS["deal.first_turn"]
IP_DC_LOW = IN_PLAY_SLOTS["deal_check.at_most"]
IP_DC_HIGH = IN_PLAY_SLOTS["deal_check.at_least"]
IP_DC_SEVERAL = IN_PLAY_SLOTS["deal_check.several"]
IP_KN_TIMING = IN_PLAY_SLOTS["knocking.timing"]
IP_KN_MAX = IN_PLAY_SLOTS["knocking.max_count"]
IP_KN_MIN_TURNS = IN_PLAY_SLOTS["knocking.min_turns"]
IP_KN_HIT_LOCK = IN_PLAY_SLOTS["knocking.hit_lock"]
IP_KN_TIES = IN_PLAY_SLOTS["knocking.wins_when"]
IP_SOURCES = IN_PLAY_SLOTS["drawing.sources"]
IP_SP_TIMING = IN_PLAY_SLOTS["spreading.timing"]
IP_SP_MUST = IN_PLAY_SLOTS["spreading.must_spread"]
IP_SP_HOLD = IN_PLAY_SLOTS["spreading.may_hold_books"]
IP_BOOK_SIZES = IN_PLAY_SLOTS["melds.book_sizes"]
IP_RUN_MIN = IN_PLAY_SLOTS["melds.run_min"]
IP_ACE = IN_PLAY_SLOTS["melds.ace"]
IP_HIT_RUNS = IN_PLAY_SLOTS["hitting.runs"]
IP_HIT_BOOKS = IN_PLAY_SLOTS["hitting.books"]
IP_TAKEN = IN_PLAY_SLOTS["taken_discard.rule"]
IP_STOCK_EMPTY = IN_PLAY_SLOTS["stock_exhaustion.when_empty"]
IP_STOCK_TIES = IN_PLAY_SLOTS["stock_exhaustion.ties"]
IP_DEPTH = IN_PLAY_SLOTS["drawing.discard_depth"]
IP_VALUES = IN_PLAY_SLOTS["deck.values"]
IP_JOKERS = IN_PLAY_SLOTS["deck.jokers"]
IP_WILD = IN_PLAY_SLOTS["melds.wild"]
IP_WILD_MOST = IN_PLAY_SLOTS["melds.wild_most"]
IP_WILD_HITS = IN_PLAY_SLOTS["melds.wild_hits"]

# --- canonical action keys: the engine's encoding (tonk_rules.engine.encoding), under the kernel's names ---
KIND_SHIFT, KIND_MASK, PAYLOAD = encoding.KIND_SHIFT, encoding.KIND_MASK, encoding.PAYLOAD
K_KNOCK, K_DRAW_STOCK, K_DRAW_DISCARD = encoding.KNOCK, encoding.DRAW_STOCK, encoding.DRAW_DISCARD
K_SPREAD, K_HIT, K_DISCARD = encoding.SPREAD, encoding.HIT, encoding.DISCARD

# --- policies -----------------------------------------------------------------------------------------------
POLICY_RANDOM, POLICY_GREEDY = 0, 1
#: (2 is montecarlo's: tonk_rules.kernel.search_nb.POLICY_MONTECARLO)
POLICY_RECKONER, POLICY_CASUAL = 3, 4
#: Columns of a seat's row of parameters (``knocks``): the widest policy's (the reckoner's).
PARAM_COLUMNS = 8

# --- what every seat sees of a choice (tonk_rules.kernel.search_nb.action_feature numbers it) --------------
#: hand sizes 1, 2, .., 7 or more
SIZE_BUCKETS = 7
#: at a turn's start (nothing drawn yet): knock, stock, pile, spread, hit, discard (the kinds' own order)
START_CHOICES = 6
#: after the draw: spread, hit, a discard by (value 1..10, taken this turn, extends a spread), anything else
MID_CHOICES = 43
MID_FEATURES = 2 * SIZE_BUCKETS * START_CHOICES
N_FEATURES = MID_FEATURES + SIZE_BUCKETS * MID_CHOICES
#: a montecarlo sample's cap on the values of a seat's unseen cards, where it has none
NO_CAP = 99
#: Hands in one session of a run: hands ``k * SESSION .. (k + 1) * SESSION - 1`` of a run (by hand number, so
#: however the run is split) are one evening at one table, over which a montecarlo seat that remembers keeps
#: its posterior of each other seat (as ``tonk_rules.sim.design_figures.SESSION``'s sessions)
SESSION = 20
