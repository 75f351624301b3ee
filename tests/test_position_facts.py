"""What a rule knows of the position is computed once (ruleset/position_vector.py), for both engines.

The reference engine keeps the position vector (``Hand.position``) up to date as cards move, and the kernel
compiles the same function to read its own state; both must give every rule the same facts, and a new fact
must be one index and one entry of the function, in the same place.
"""

from __future__ import annotations

import inspect
import random
import re
from collections.abc import Iterator

import pytest

from tonk_rules import Hand, load_ruleset
from tonk_rules.engine.hand import position_of
from tonk_rules.ruleset import position_vector as pf
from tonk_rules.variant.loader import builtin_names

FACTS = sorted((value, name) for name, value in vars(pf).items() if name.startswith("FACT_"))


def played(name: str, table: int, seed: int) -> Iterator[Hand]:
    """A seeded hand of random legal actions (knocks rarer, so hands run long), at the ``table``-th table size
    the variant seats (wrapping round): the hand itself at each of its states, before each action (checked
    there, not copied: a copy of every state cost seconds)."""
    rules = load_ruleset(name)
    sizes = rules.table_sizes()
    players = sizes[table % len(sizes)]
    rng = random.Random(seed)
    hand = Hand.shuffled(rules, [f"p{i}" for i in range(players)], dealer=seed % players, rng=rng)
    for _ in range(200):
        if hand.result is not None:
            return
        yield hand
        actions = hand.legal_actions()
        quiet = [a for a in actions if type(a).__name__ != "Knock"] or actions
        hand.apply(rng.choice(quiet if rng.random() < 0.97 else actions))


def test_the_facts_are_numbered_in_the_order_the_function_returns_them() -> None:
    """Each entry of position_facts' tuple is marked with its FACT_ name, in FACT_ order, one per index."""
    assert [value for value, _ in FACTS] == list(range(len(FACTS))), "number the FACT_ indices 0, 1, 2, …"
    marked = re.findall(r"#\s*(FACT_\w+)", inspect.getsource(pf.position_facts))
    assert marked == [name for _, name in FACTS], (
        "ruleset/position_vector.py: give each FACT_ index its entry in position_facts' tuple, at that place, "
        "marked with its name")
    assert len(pf.position_facts([0] * pf.P_SIZE, 0)) == len(FACTS)


@pytest.mark.parametrize("name", builtin_names())
def test_the_engine_keeps_its_position_vector_up_to_date(name: str) -> None:
    """After every action, ``Hand.position`` is what the hand's lists say (the deal made it from them)."""
    for seed in range(3):
        for hand in played(name, seed, seed):
            assert hand.position == position_of(hand), f"{name}, seed {seed}: after {hand.history[-1:]}"


def test_a_position_vector_that_drifts_is_found() -> None:
    hand = list(played("pagat", 1, 1))[-1]
    hand.position[pf.P_COUNTS + hand.current] += 1
    assert hand.position != position_of(hand)


@pytest.mark.parametrize("name", ["pagat", "russian"])
def test_the_kernel_reads_the_same_facts_from_its_state(name: str) -> None:
    """The kernel's compilation of position_facts, on its state of a position, gives every seat the facts
    the engine computes from its position vector."""
    pytest.importorskip("numba")
    from tonk_rules.kernel.rollout import encode, state_from_hand
    from tonk_rules.kernel.rules_nb import position_facts_of
    from tonk_rules.kernel.tables import tables_of

    tables = tables_of(load_ruleset(name))
    compared = 0
    for seed in range(4):
        for step, hand in enumerate(played(name, seed, seed)):
            if step % 3:
                continue
            S = encode(tables, state_from_hand(hand))
            for seat in range(len(hand.players)):
                assert tuple(position_facts_of(S, seat)) == pf.position_facts(hand.position, seat), (
                    f"{name}, seed {seed}, seat {seat}")
                compared += 1
    assert compared > 50
