"""Who pays whom, written once in whole numbers: the payment rules of an ending applied to a hand's seats.

The reference engine runs :func:`settle` as plain Python (:meth:`~tonk_rules.ruleset.payments.PaymentSchedule.settle`:
every hand the engine plays, and ``tonk settle``); the compiled kernel runs numba's compilation of this very
source (:func:`tonk_rules.kernel.jit.compiled_copy`, in :mod:`tonk_rules.kernel.rules_nb`) at the end of each
hand (``play_nb.end_hand``) and for the default player's estimate of a knock (``reckoner_nb.knock_net``). So
every function takes and returns whole numbers only, plus the vectors below and, to list the payments, an
``out`` list, and calls only functions of this module (and :func:`core.holds_role`, whom each role is).

The rules of one ending are rows of a *pay table*: ``RULE_SIZE`` whole numbers per rule, ``PAYER`` and
``RECEIVER`` (a ``core.ROLE_*`` code), ``STAKES`` and ``PAYERS_STAKE`` (1: at the payer's stake, 0: at the
receiver's). :func:`rule_rows` lays them out; the engine keeps each ending's rows, the kernel packs every
ending's into its tables (``kernel/layout.py`` ``T_PAY``), and both hand :func:`settle` where the ending's rows
begin and how many there are.

The seats are one vector ``V`` and a tuple ``at`` of where it holds each value (``AT_*`` index ``at``): the
number of players, the knocker's seat, and four blocks of one entry per seat (won, count, stake, net). The
engine and the default player's estimate lay out a vector of their own (:func:`seat_offsets`,
:func:`seats_vector`); the kernel hands its state vector, with where the state holds each value
(``kernel/layout.py`` ``PAY_SEATS``), so the compiled settlement reads and writes the state itself.

    >>> rows = rule_rows([(core.ROLE_OTHERS, core.ROLE_WINNERS, 1, 0)])  # every other pays each winner 1
    >>> at = seat_offsets(3)
    >>> V = seats_vector(winners=(0,), knocker=0, counts=(9, 10, 24), stakes=(1, 1, 1))
    >>> out: list[tuple[int, int, int]] = []
    >>> settle(rows, 0, 1, V, at, out), out, nets(V, at)
    (2, [(1, 0, 1), (2, 0, 1)], [2, -1, -1])
"""

from __future__ import annotations

from collections.abc import Iterable, MutableSequence, Sequence

from tonk_rules.ruleset import core

# --- a row of the pay table: one payment rule --------------------------------------------------------------
PAYER = 0  # a core.ROLE_* code
RECEIVER = 1  # a core.ROLE_* code
STAKES = 2  # how many stakes each payer pays each receiver
PAYERS_STAKE = 3  # 1: at the payer's stake; 0: at the receiver's
RULE_SIZE = 4
#: The columns a rule has had from the first; a column added since (a rule that pays some other way) holds 0
#: wherever its rule pays as before, so a variant that leaves it at 0 keeps the digest that the shipped tuned
#: values are keyed by (``sim/tuning.py`` ``play_digest`` reads the later columns only where one is not 0).
FIRST_COLUMNS = 4

# --- where the seats' vector holds each value: the indices of ``at`` ----------------------------------------
AT_PLAYERS = 0  # the number of players
AT_KNOCKER = 1  # the knocker's seat, -1 where nobody knocked
AT_WON = 2  # [seat] 1 for a winner, else 0
AT_COUNT = 3  # [seat] its count
AT_STAKE = 4  # [seat] its stake
AT_NET = 5  # [seat] its net: what it wins, negative where it loses

#: Whom a role is (the kernel compiles this module with core.holds_role compiled, under this name).
holds_role = core.holds_role


def rule_rows(rules: Iterable[tuple[int, int, int, int]]) -> list[int]:
    """The rows of the pay table for one ending's ``rules``, each ``(payer, receiver, stakes, payers_stake)``."""
    rows = []
    for payer, receiver, stakes, payers_stake in rules:
        row = [0] * RULE_SIZE
        row[PAYER], row[RECEIVER], row[STAKES], row[PAYERS_STAKE] = payer, receiver, stakes, payers_stake
        rows.extend(row)
    return rows


def seat_offsets(players: int) -> tuple[int, int, int, int, int, int]:
    """``at`` for a vector of this module's own layout: the players, the knocker, then each seat's won flag,
    count, stake and net, one block of ``players`` entries each (:func:`seats_vector` lays one out)."""
    return 0, 1, 2, 2 + players, 2 + 2 * players, 2 + 3 * players


def seats_vector(winners: Iterable[int], knocker: int, counts: Sequence[int], stakes: Sequence[int]) -> list[int]:
    """The seats' vector of :func:`seat_offsets`'s layout for ``len(counts)`` players: ``winners`` are seats,
    ``knocker`` is -1 where nobody knocked; every net 0."""
    players = len(counts)
    at = seat_offsets(players)
    V = [0] * (at[AT_NET] + players)
    V[at[AT_PLAYERS]], V[at[AT_KNOCKER]] = players, knocker
    for seat in winners:
        if 0 <= seat < players:  # (a seat that is not at the table wins nothing)
            V[at[AT_WON] + seat] = 1
    for seat in range(players):
        V[at[AT_COUNT] + seat], V[at[AT_STAKE] + seat] = counts[seat], stakes[seat]
    return V


def nets(V: Sequence[int], at: Sequence[int]) -> list[int]:
    """Each seat's net in ``V`` (after :func:`settle`)."""
    return [V[at[AT_NET] + seat] for seat in range(V[at[AT_PLAYERS]])]


def holds(V: Sequence[int], at: Sequence[int], role: int, seat: int) -> bool:
    """Whether ``seat`` holds payment ``role`` (a ``core.ROLE_*`` code) at the table ``V``."""
    knocker = V[at[AT_KNOCKER]]
    return holds_role(role, V[at[AT_WON] + seat] == 1, seat, knocker, V[at[AT_COUNT] + seat],
                      V[at[AT_COUNT] + knocker] if knocker >= 0 else 0)


def settle(pay: Sequence[int], first: int, n_rules: int, V: MutableSequence[int], at: Sequence[int],
           out: MutableSequence[tuple[int, int, int]] | None) -> int:
    """Apply the ``n_rules`` rules whose rows begin at ``pay[first]``: under each rule in turn, each payer
    (by seat) pays each receiver (by seat; never themselves) the rule's stakes at the payer's or the
    receiver's stake. Each payment is added to the nets of ``V`` and, where ``out`` is a list, appended to it as
    ``(payer, receiver, amount)``; returns how many payments there are. (The kernel passes ``out=None``, and
    numba compiles the listing away.)"""
    players = V[at[AT_PLAYERS]]
    paid = 0
    for i in range(n_rules):
        rule = first + i * RULE_SIZE
        payer_role, receiver_role = pay[rule + PAYER], pay[rule + RECEIVER]
        stakes, payers_stake = pay[rule + STAKES], pay[rule + PAYERS_STAKE]
        for a in range(players):
            if not holds(V, at, payer_role, a):
                continue
            for b in range(players):
                if a != b and holds(V, at, receiver_role, b):
                    amount = stakes * (V[at[AT_STAKE] + a] if payers_stake else V[at[AT_STAKE] + b])
                    V[at[AT_NET] + a] -= amount
                    V[at[AT_NET] + b] += amount
                    paid += 1
                    if out is not None:
                        out.append((a, b, amount))
    return paid
