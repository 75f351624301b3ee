"""Golden playthroughs: fixed-seed hands per built-in variant, printed step by step and compared with the
checked-in text, so that any change of behaviour shows in review. Regenerate with TONK_UPDATE_GOLDEN=1."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from conftest import choose

from tonk_rules import load_ruleset
from tonk_rules.engine.hand import Hand
from tonk_rules.records import hand_to_record, parse_record, replay
from tonk_rules.variant.loader import builtin_names

GOLDEN = Path(__file__).parent / "golden"
SEEDS = (1, 2, 3)


def playthrough(name: str, seed: int) -> str:
    ruleset = load_ruleset(name)
    n = min(3, ruleset.max_players)
    rng = random.Random(seed)
    hand = Hand.shuffled(ruleset, ["North", "East", "South"][:n], dealer=n - 1, rng=rng)
    while not hand.over:
        hand.apply(choose(hand, rng))
    lines: list[str] = [f"# {name}, seed {seed}"]
    replayed = replay(parse_record(hand_to_record(hand, name), Path(".")), style="unicode", echo=lines.append)
    assert replayed.result is not None
    lines += replayed.result.describe()
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", builtin_names())
def test_golden_playthroughs(name: str) -> None:
    text = "".join(playthrough(name, seed) for seed in SEEDS)
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("TONK_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing {path}; run with TONK_UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")
