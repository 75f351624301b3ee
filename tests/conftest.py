"""Shared helpers: hands with a chosen deal, and variants written on the fly; and, before the test workers
start, the compiled kernel built once (:func:`pytest_configure`)."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import settings

from tonk_rules.engine.actions import Action, Knock, parse_action
from tonk_rules.engine.hand import Hand
from tonk_rules.records import parse_record

# No hypothesis deadline anywhere: a deadline times the machine, and the suite runs on shared, loaded ones.
settings.register_profile("shared-machine", deadline=None)
settings.load_profile("shared-machine")

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


def warm_the_kernel() -> None:
    """Compile every entry of the kernel the suite calls, so that it is in the disk cache: tables of each
    compiled policy (the default player, casual, greedy, random) and of the compiled search, each of them as
    a bot of the reference engine (a decision at a time), and rollouts. With a warm cache this only loads it."""
    from tonk_rules.kernel.jit import AVAILABLE

    if not AVAILABLE:
        return
    from tonk_rules.kernel.rollout import rollout, state_from_hand
    from tonk_rules.ruleset.compile import load_ruleset
    from tonk_rules.sim import reference
    from tonk_rules.sim.runner import play_hands

    pagat = load_ruleset("pagat")  # seats 2 to 3
    play_hands(pagat, [("reckoner", {}), ("casual", {}), ("greedy", {"knock": 5})], 2, 1)
    play_hands(pagat, [("random", {}), ("montecarlo", {"rollouts": 4})], 1, 1)
    reference.play_hands(pagat, [("reckoner", {}), ("casual", {}), ("greedy", {"knock": 5})], 1, 1)
    reference.play_hands(pagat, [("montecarlo", {"rollouts": 4}), ("random", {})], 1, 1)
    hand = Hand.shuffled(pagat, ["a", "b", "c"], 0, random.Random(1))
    rollout(pagat, state_from_hand(hand), [("greedy", {"knock": 5})] * 3, 2, 1)


def _whole_suite(config: pytest.Config) -> bool:
    """The run names no test file or folder: it is the suite (or a tier of it, ``-m slow``)."""
    return config.args_source is pytest.Config.ArgsSource.TESTPATHS


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n logical`` (addopts) spreads the whole suite over one worker per CPU; a run of chosen files stays
    in one process (starting workers would cost more than it saves, on a machine shared with others).
    ``PYTEST_XDIST_AUTO_NUM_WORKERS`` or an explicit ``-n N`` still decide."""
    if _whole_suite(config) or os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # pytest-xdist's own count
    return 0


def pytest_configure(config: pytest.Config) -> None:
    """Before the workers start (``-n``, pytest-xdist), the controller fills an empty kernel cache once:
    else every worker would compile the same kernel at the same time (tens of seconds each, on a machine
    of two cores). Only for a run of the whole suite with an empty cache: a chosen test file does not wait
    for a kernel it may not need, and a warm cache needs nothing."""
    if hasattr(config, "workerinput") or not _whole_suite(config):
        return
    from tonk_rules.sim.progress import kernel_cached

    if not kernel_cached():
        warm_the_kernel()


def make_hand(variant: str, hands: list[str], upcard: str | None = None, stock: str = "",
              stakes: int | dict[str, int] = 1, base: Path = Path(".")) -> Hand:
    """A hand dealt as given; the last player deals, so the first plays first."""
    players = NAMES[: len(hands)]
    deal: dict[str, object] = {"hands": dict(zip(players, hands, strict=True)), "stock": stock}
    if upcard is not None:
        deal["upcard"] = upcard
    record = parse_record({"format": "tonk-hand/1", "variant": variant, "players": players,
                           "dealer": players[-1], "stakes": stakes, "deal": deal, "actions": []}, base)
    return record.new_hand()


def play(hand: Hand, *actions: str) -> Hand:
    for text in actions:
        hand.apply(parse_action(text))
    return hand


@pytest.fixture
def variant_file(tmp_path: Path) -> Callable[[str], str]:
    """Write a small variant file and return its path."""
    counter = iter(range(1000))

    def write(text: str) -> str:
        path = tmp_path / f"v{next(counter)}.yaml"
        path.write_text(text, encoding="utf-8")
        return str(path)

    return write


def choose(hand: Hand, rng: random.Random) -> Action:
    """A random legal action that rarely knocks, so hands reach spreads, hits and the empty stock."""
    actions = hand.legal_actions()
    others = [a for a in actions if not isinstance(a, Knock)]
    if not others or rng.random() < 0.03:
        return rng.choice(actions)
    return rng.choice(others)
