"""Shared helpers: hands with a chosen deal, and variants written on the fly."""

from __future__ import annotations

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
