"""Every built-in, a house file and every example house file (examples/house: jokers and wild cards, deuces
wild, card values, the top two discards, a match to seven hands won) as a PettingZoo AEC environment:
PettingZoo's own ``api_test`` and ``seed_test``, spaces that follow the deck (jokers make it 54 cards), action
masks that are the engine's legal actions, rewards that are its settlement, and no hidden card in an agent's
observation. Needs the ``[pettingzoo]`` extra; run by ``python -m pytest -m interop``.
(``performance_benchmark`` times the machine, so it is run by hand, not here: docs/speed.md.)"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from tonk_rules.cards import JOKERS  # noqa: E402
from tonk_rules.engine.hand import position_of  # noqa: E402
from tonk_rules.interop.game_rules import InteropSetupError, rules_for  # noqa: E402
from tonk_rules.interop.pettingzoo_env import env, raw_env  # noqa: E402
from tonk_rules.variant.loader import builtin_names  # noqa: E402

# PettingZoo's api_test suggests a Box or Discrete observation; a dict with an action mask is what its own card
# games return too
pytestmark = [pytest.mark.interop, pytest.mark.filterwarnings("ignore:Observation:UserWarning")]

#: every built-in at the smallest and the largest table it seats, up to 6
TABLES = sorted({(name, n) for name in builtin_names() for sizes in [rules_for(name, 2).table_sizes()]
                 for n in (sizes[0], max(s for s in sizes if s <= 6))})

ROOT = Path(__file__).resolve().parent.parent
#: the example house files by name (examples/house/*.yaml)
HOUSE_FILES = {path.stem: str(path) for path in sorted((ROOT / "examples" / "house").glob("*.yaml"))}

HOUSE = """\
extends: pagat
deal:
  hand_size: 7
  source: {assumed: "a house rule: seven cards each"}
"""


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_pettingzoos_own_checks_pass_on_every_built_in(variant: str, players: int) -> None:
    api_test(env(variant=variant, players=players), num_cycles=300)
    seed_test(lambda: env(variant=variant, players=players), num_cycles=300)


def test_a_house_file_is_an_environment(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    api_test(env(variant=str(path), players=3), num_cycles=300)
    seed_test(lambda: env(variant=str(path), players=3), num_cycles=300)
    e = env(variant=str(path), players=3)
    e.reset(seed=1)
    assert [len(h) for h in e.unwrapped.table.hand.hands] == [7, 7, 7]  # the house's changed value is played
    # seven cards make a tonk on the deal likelier: with this seed the first deal settles the hand, which
    # leaves no agent a decision, so reset deals past it and keeps its nets
    e.reset(seed=0)
    settled = e.unwrapped.settled_on_the_deal
    assert settled and all(sum(net) == 0 for net in settled)  # paid, or void (several tonks on one deal)
    assert not any(e.unwrapped.terminations.values()) and e.agent_selection == "player_0"


@pytest.mark.parametrize(("variant", "players"), [(name, n) for name in HOUSE_FILES for n in (2, 3)])
def test_pettingzoos_own_checks_pass_on_every_example_house_file(variant: str, players: int) -> None:
    path = HOUSE_FILES[variant]
    api_test(env(variant=path, players=players), num_cycles=300)
    seed_test(lambda: env(variant=path, players=players), num_cycles=300)


def test_jokers_widen_the_spaces_and_reach_the_observation() -> None:
    e, plain = env(variant=HOUSE_FILES["jokers-wild"], players=3), env(variant="pagat", players=3)
    raw = e.unwrapped
    assert len(raw.codes.deck) == 54
    assert e.action_space("player_0").n == raw.codes.size > plain.action_space("player_0").n
    shape = e.observation_space("player_0")["observation"].shape
    assert shape == (raw.layout.size,) == (plain.observation_space("player_0")["observation"].shape[0] + 26,)
    hand_at = raw.layout.offsets["hand"]
    seen = 0
    for seed in range(20):
        e.reset(seed=seed)
        for seat, agent in enumerate(raw.possible_agents):
            observation = e.observe(agent)["observation"]
            held = set(raw.table.hand.hands[seat])
            assert [observation[hand_at + int(j)] for j in JOKERS[:2]] == [float(j in held) for j in JOKERS[:2]]
            seen += bool(held & set(JOKERS))
    assert seen >= 3  # some seat was dealt a joker, and its observation says which


def episode(e: Any, seed: int, rng: random.Random) -> tuple[list[int], dict[str, float]]:
    """One hand: random legal actions; the actions taken and each agent's final reward."""
    e.reset(seed=seed)
    taken: list[int] = []
    total: dict[str, float] = {}
    for agent in e.agent_iter():
        observation, reward, termination, truncation, _ = e.last()
        total[agent] = total.get(agent, 0.0) + reward
        if termination or truncation:
            e.step(None)
            continue
        action = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
        taken.append(action)
        e.step(action)
    return taken, total


@pytest.mark.parametrize(("variant", "players"), [("russian", 4), *((name, 3) for name in HOUSE_FILES)])
def test_masks_are_the_engines_legal_actions_and_rewards_its_settlement(variant: str, players: int) -> None:
    e = env(variant=HOUSE_FILES.get(variant, variant), players=players)
    raw = e.unwrapped
    rng = random.Random(2)
    for seed in range(10):
        e.reset(seed=seed)
        total = dict.fromkeys(raw.possible_agents, 0.0)
        for agent in e.agent_iter():
            observation, reward, termination, truncation, _ = e.last()
            total[agent] += reward
            if termination or truncation:
                e.step(None)
                continue
            hand = raw.table.hand
            legal = np.flatnonzero(observation["action_mask"]).tolist()
            assert legal == sorted({raw.codes.encode(a) for a in hand.legal_actions()})
            for other in raw.possible_agents:
                if other != agent:
                    assert not raw.observe(other)["action_mask"].any()
            e.step(rng.choice(legal))
            assert hand.position == position_of(hand)
        result = raw.table.hand.result
        assert result is not None
        assert list(total.values()) == [float(n) for n in result.net]
        assert sum(result.net) == 0


def test_the_seed_fixes_every_card_and_a_new_seed_deals_anew() -> None:
    first = episode(env(variant="pagat", players=3), 5, random.Random(0))
    again = episode(env(variant="pagat", players=3), 5, random.Random(0))
    assert first == again
    e1, e2 = env(variant="pagat", players=3), env(variant="pagat", players=3)
    e1.reset(seed=5)
    e2.reset(seed=6)
    assert e1.unwrapped.table.dealt != e2.unwrapped.table.dealt


@pytest.mark.parametrize("variant", ["pagat", "jokers-wild", "deuces-wild", "top-two-discards", "faces-by-rank"])
def test_no_hidden_card_reaches_an_agents_observation(variant: str) -> None:
    e = env(variant=HOUSE_FILES.get(variant, variant), players=3)
    raw = e.unwrapped
    rng = random.Random(7)
    checked = 0
    for seed in range(8):
        e.reset(seed=seed)
        total = dict.fromkeys(raw.possible_agents, 0.0)
        for agent in e.agent_iter():
            observation, reward, termination, truncation, _ = e.last()
            total[agent] += reward
            if termination or truncation:
                e.step(None)
                continue
            hand = raw.table.hand
            for watcher in range(3):
                before = {a: raw.observe(a) for a in raw.possible_agents}
                kept = [list(h) for h in hand.hands], list(hand.stock)
                others = [s for s in range(3) if s != watcher]
                pool = [c for s in others for c in hand.hands[s]] + list(hand.stock)
                rng.shuffle(pool)
                for s in others:
                    size = len(hand.hands[s])
                    hand.hands[s], pool = pool[:size], pool[size:]
                hand.stock = pool
                name = raw.possible_agents[watcher]
                after = raw.observe(name)
                assert np.array_equal(after["observation"], before[name]["observation"])
                assert np.array_equal(after["action_mask"], before[name]["action_mask"])
                hand.hands, hand.stock = kept  # put the cards back before the hand plays on
                checked += 1
            e.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    assert checked > 50


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"variant": "no-such-variant"}, "unknown variant 'no-such-variant'"),
    ({"variant": "classic-pc", "players": 3}, "cannot seat 3 players"),
    ({"variant": "pagat", "max_turns": -1}, "max_turns must be"),
])
def test_a_bad_parameter_is_one_clear_message(kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(InteropSetupError, match=words):
        env(**kwargs)
    e = raw_env()
    e.reset(seed=0)
    with pytest.raises(ValueError, match="is not legal now"):
        e.step(e.codes.size - 1 if e.codes.size - 1 not in e.table.legal_codes() else 0)
