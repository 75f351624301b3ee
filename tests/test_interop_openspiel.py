"""Every built-in, a house file and every example house file (examples/house: jokers and wild cards, deuces
wild, card values, the top two discards, a match to seven hands won) as the OpenSpiel game ``python_tonk``:
OpenSpiel's own checks (``random_sim_test``, the shipped ``api_test``), the engine's legal actions and
settlement, the deal fixed by a seed, no hidden card in a seat's view, jokers in the deck, the chance outcomes,
the tensors and the actions, a golden playthrough with jokers wild, and OpenSpiel's IS-MCTS playing the
project's bots through ``evaluate_bots``. Needs the ``[openspiel]`` extra; run by ``python -m pytest -m
interop``."""

from __future__ import annotations

import os
import random
import unittest
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.integration_tests import api_test  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots, generate_playthrough  # noqa: E402
from open_spiel.python.bots.uniform_random import UniformRandomBot  # noqa: E402

from tonk_rules.cards import JOKERS, parse_card, parse_cards  # noqa: E402
from tonk_rules.engine.actions import Discard, Hit, Knock, Spread  # noqa: E402
from tonk_rules.engine.hand import position_of  # noqa: E402
from tonk_rules.interop.action_codes import DRAW_STOCK, ActionCodes  # noqa: E402
from tonk_rules.interop.chance_hand import ChanceHand  # noqa: E402
from tonk_rules.interop.game_rules import InteropSetupError, rules_for  # noqa: E402
from tonk_rules.interop.openspiel_bot import ProjectBot, ismcts_bot  # noqa: E402
from tonk_rules.interop.openspiel_game import TonkGame, TonkState  # noqa: E402
from tonk_rules.interop.seat_view import INFORMATION_STATE, TensorLayout  # noqa: E402
from tonk_rules.variant.loader import builtin_names  # noqa: E402

pytestmark = pytest.mark.interop

#: every built-in at every table size from 2 to 6 that it seats
TABLES = [(name, n) for name in builtin_names() for n in rules_for(name, 2).table_sizes() if n <= 6]

HOUSE = """\
extends: pagat
stock_exhaustion:
  when_empty: reshuffle
  source: {assumed: "a house rule: the discards but the top are shuffled into a new stock"}
"""


ROOT = Path(__file__).resolve().parent.parent
#: the example house files by name (examples/house/*.yaml): each plays as a game of its own
HOUSE_FILES = {path.stem: str(path) for path in sorted((ROOT / "examples" / "house").glob("*.yaml"))}
#: where the playthrough of jokers wild is kept (regenerate with TONK_UPDATE_GOLDEN=1)
PLAYTHROUGH = Path(__file__).parent / "interop_playthroughs" / "jokers-wild.txt"


def load(variant: str, players: int) -> TonkGame:
    """The game of a built-in, an example house file (by its name) or a variant file's path."""
    variant = HOUSE_FILES.get(variant, variant)
    game = pyspiel.load_game("python_tonk", {"variant": variant, "players": players})
    assert isinstance(game, TonkGame)
    return game


def run_api_test(game: Any) -> None:
    """OpenSpiel's shipped API test (``open_spiel/integration_tests/api_test.py``) on ``game``: the checks it
    makes of every registered game on a sample of 400 of its states."""
    case = type("PythonTonkApiTest", (api_test.EnforceAPIOnPartialTreeBase,),
                {"game_name": "python_tonk", "game": game})
    result = unittest.TextTestRunner(stream=open("/dev/null", "w"), verbosity=0).run(  # noqa: SIM115
        unittest.TestLoader().loadTestsFromTestCase(case))
    assert result.wasSuccessful(), [str(e[1]) for e in result.failures + result.errors]
    assert result.testsRun >= 5


def step(state: Any, rng: random.Random, knock: float = 1.0) -> None:
    """One node: a uniform chance outcome, or a random legal action (a knock kept with probability ``knock``)."""
    if state.is_chance_node():
        outcomes, _ = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choice(outcomes))
        return
    legal = state.legal_actions()
    calm = [a for a in legal if a != 0] if rng.random() >= knock else legal
    state.apply_action(rng.choice(calm or legal))


def play(state: Any, rng: random.Random, knock: float = 1.0, stop: int | None = None) -> Any:
    """Play on (see :func:`step`) to the end, or to the decision after ``stop`` decisions."""
    decisions = 0
    while not state.is_terminal():
        if not state.is_chance_node():
            if stop is not None and decisions >= stop:
                break
            decisions += 1
        step(state, rng, knock)
    return state


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_openspiels_own_checks_pass_on_every_built_in(variant: str, players: int) -> None:
    game = load(variant, players)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    run_api_test(game)


def test_a_house_file_is_a_game_and_its_reshuffle_is_chance(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    game = pyspiel.load_game(f"python_tonk(variant={path},players=2)")
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    run_api_test(game)
    # play until the stock runs out (knocking rarely): the draw from the empty stock is a chance node over the
    # discard pile but its top card, and the engine's reshuffle count goes up
    rng = random.Random(3)
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            hand = state.table.hand
            if state.is_chance_node() and hand is not None and not hand.stock:
                outcomes = {game.ruleset.deal.deck[o] for o, _ in state.chance_outcomes()}
                assert outcomes == set(hand.discard[:-1])
                before = hand.reshuffles
                state.apply_action(rng.choice(sorted(o for o, _ in state.chance_outcomes())))
                assert state.table.hand.reshuffles == before + 1
                return
            step(state, rng, knock=0.0)
    pytest.fail("no hand of twenty reached a reshuffle")


def test_the_example_house_files_are_all_here() -> None:
    assert set(HOUSE_FILES) >= {"jokers-wild", "deuces-wild", "faces-by-rank", "top-two-discards", "first-to-seven"}


@pytest.mark.parametrize(("variant", "players"), [(name, n) for name in HOUSE_FILES for n in (2, 3)])
def test_openspiels_own_checks_pass_on_every_example_house_file(variant: str, players: int) -> None:
    game = load(variant, players)
    deck = game.ruleset.deal.deck
    # the game follows the deck (jokers make it 54 cards): the chance outcomes, the actions and the tensors
    assert game.max_chance_outcomes() == len(deck)
    assert game.num_distinct_actions() == ActionCodes(game.ruleset).size
    assert game.information_state_tensor_size() == TensorLayout(game.ruleset, players, INFORMATION_STATE).size
    assert len(game.new_initial_state().chance_outcomes()) == len(deck)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    run_api_test(game)


@pytest.mark.parametrize("variant", ["pagat", "russian", "pagat-must-spread", "pagat-no-upcard", *HOUSE_FILES])
def test_legal_actions_are_the_engines_and_returns_its_settlement(variant: str) -> None:
    game = load(variant, 3)
    codes = game.codes
    rng = random.Random(variant)
    endings = set()
    for _ in range(15):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                hand = state.table.hand
                engine = hand.legal_actions()
                assert sorted({codes.encode(a) for a in engine}) == state.legal_actions()
                for code in state.legal_actions():
                    assert hand.why_illegal(codes.decode(code)) is None
                for other in range(game.players):
                    if other != state.current_player():
                        assert state.legal_actions(other) == []
            step(state, rng, knock=0.1)
            hand = state.table.hand
            if hand is not None:
                assert hand.position == position_of(hand)  # the chance moves kept the engine's position
        result = state.table.hand.result
        assert result is not None
        assert state.returns() == [float(n) for n in result.net]
        assert sum(state.returns()) == 0
        endings.add(result.ending)
    assert len(endings) >= 2


def test_the_deal_and_every_draw_are_reproducible_from_the_seed() -> None:
    game = load("russian", 4)

    def history(seed: int) -> list[int]:
        bots = [UniformRandomBot(p, np.random.RandomState(seed + p)) for p in range(4)]
        state = game.new_initial_state()
        evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(seed))
        return [int(a) for a in state.history()]

    assert history(11) == history(11)
    assert history(11)[:10] != history(12)[:10]
    deal = history(11)[:20]
    assert len(set(deal)) == 20  # a card dealt once: each deal node's outcomes are the cards not yet dealt


def test_a_deal_node_offers_only_the_cards_not_yet_dealt() -> None:
    state = load("pagat", 2).new_initial_state()
    seen: list[int] = []
    while state.is_chance_node() and state.table.hand is None:
        outcomes = [o for o, _ in state.chance_outcomes()]
        assert len(outcomes) == 52 - len(seen) and not set(outcomes) & set(seen)
        assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
        seen.append(outcomes[len(seen) % len(outcomes)])
        state.apply_action(seen[-1])
    assert len(seen) == 11  # two hands of five and the upcard


def _permute_hidden(state: TonkState, seat: int, rng: random.Random) -> TonkState:
    """A copy of ``state`` whose other hands and stock hold the same number of cards, dealt anew from the
    cards ``seat`` cannot see there."""
    twin = state.clone()
    hand = twin.table.hand
    others = [s for s in range(len(hand.hands)) if s != seat]
    pool = [c for s in others for c in hand.hands[s]] + list(hand.stock)
    rng.shuffle(pool)
    for s in others:
        size = len(hand.hands[s])
        hand.hands[s], pool = pool[:size], pool[size:]
    hand.stock = pool
    hand.position = position_of(hand)
    return twin


def holder(state: TonkState, card: int) -> int:
    """The seat holding ``card``, or -1 (the stock, the pile, a spread, or not in the deck)."""
    return next((s for s, cards in enumerate(state.table.hand.hands) if card in cards), -1)


@pytest.mark.parametrize(("variant", "players"), [
    ("pagat", 3), ("russian", 5), ("classic-pc", 2), ("jokers-wild", 3), ("jokers-wild", 2), ("deuces-wild", 3),
    ("top-two-discards", 3), ("faces-by-rank", 2), ("first-to-seven", 2)])
def test_no_hidden_card_reaches_a_seats_information_state(variant: str, players: int) -> None:
    game = load(variant, players)
    rng = random.Random(players)
    changed = jokers_moved = 0
    for start in range(12):
        state = game.new_initial_state()
        play(state, rng, knock=0.05, stop=start * 3)
        if state.is_terminal():
            continue
        for seat in range(players):
            twin = _permute_hidden(state, seat, rng)
            assert twin.information_state_string(seat) == state.information_state_string(seat)
            assert twin.information_state_tensor(seat) == state.information_state_tensor(seat)
            assert twin.observation_string(seat) == state.observation_string(seat)
            assert twin.observation_tensor(seat) == state.observation_tensor(seat)
            other = (seat + 1) % players
            moved = set(twin.table.hand.hands[other]) != set(state.table.hand.hands[other])
            changed += moved and twin.observation_string(other) != state.observation_string(other)
            jokers_moved += any(holder(twin, j) != holder(state, j) for j in JOKERS)
    assert changed > 10  # the permutation did move cards, and a seat holding them sees it
    if game.ruleset.deal.deck[-1] in JOKERS:
        assert jokers_moved > 3  # a joker went to another hand or the stock, and no seat's view told where


@pytest.mark.parametrize("variant", ["pagat", "jokers-wild", "deuces-wild", "top-two-discards"])
def test_a_resampled_state_keeps_the_seats_view_and_deals_the_rest_anew(variant: str) -> None:
    game = load(variant, 3)
    state = play(game.new_initial_state(), random.Random(5), knock=0.0, stop=12)
    assert not state.is_terminal()
    seat = state.current_player()
    sampler = np.random.RandomState(0).random_sample
    worlds = [state.resample_from_infostate(seat, sampler) for _ in range(6)]
    for world in worlds:
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.legal_actions() == state.legal_actions()
    hidden = {tuple(map(tuple, w.table.hand.hands)) for w in worlds}
    assert len(hidden) > 1


@pytest.mark.parametrize("spec", ["reckoner", "montecarlo:rollouts=20"])
def test_ismcts_plays_the_default_and_the_search_player_through_evaluate_bots(spec: str) -> None:
    game = load("classic-pc", 2)

    def hand(seed: int) -> list[float]:
        bots = [ismcts_bot(game, simulations=8, seed=seed), ProjectBot(game, 1, spec, seed=seed)]
        return list(evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(seed)))

    results = [hand(seed) for seed in range(3)]
    for returns in results:
        assert sum(returns) == 0
        assert abs(returns[0]) <= game.max_utility()
    assert hand(0) == results[0]  # the seeds fix every sampled world, rollout and card


@pytest.mark.parametrize("spec", ["greedy", "montecarlo:rollouts=20", "random"])
def test_project_bots_take_a_seat_beside_openspiels_random_bot(spec: str) -> None:
    game = load("russian", 3)
    bots = [ProjectBot(game, 0, spec, seed=1), UniformRandomBot(1, np.random.RandomState(1)),
            UniformRandomBot(2, np.random.RandomState(2))]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(4))
    assert sum(returns) == 0


@pytest.mark.parametrize(("params", "words"), [
    ({"variant": "pagat-no-such"}, "unknown variant 'pagat-no-such'"),
    ({"variant": "pagat", "players": 7}, "cannot seat 7 players"),
    ({"variant": "russian", "max_turns": 0}, "max_turns must be"),
])
def test_a_bad_parameter_is_one_clear_message(params: dict[str, Any], words: str) -> None:
    with pytest.raises(InteropSetupError, match=words):
        pyspiel.load_game("python_tonk", params)
    game = load("pagat", 2)
    with pytest.raises(InteropSetupError, match="unknown bot 'reckonr'"):
        ProjectBot(game, 0, "reckonr")
    with pytest.raises(InteropSetupError, match="seat number 0..1"):
        ProjectBot(game, 2, "greedy")


def test_the_ace_of_spades_on_the_pile_is_written() -> None:
    """Card number 0 is the ace of spades, not "no card": the upcard and the pile's top say it."""
    state = load("pagat", 2).new_initial_state()
    for card in range(1, 11):  # two hands of five, then the upcard
        state.apply_action(card)
    state.apply_action(0)
    text = state.information_state_string(0)
    assert "upcard AS" in text and "pile AS of 1" in text
    assert "pile AS of 1" in state.observation_string(1)


def test_knock_is_action_zero_and_a_seat_can_knock_first() -> None:
    state = play(load("pagat", 2).new_initial_state(), random.Random(0), stop=0)
    if not state.is_terminal():
        assert state.table.codes.decode(0) == Knock()
        assert (0 in state.legal_actions()) == (state.table.hand.why_illegal(Knock()) is None)


def test_the_public_observation_is_every_seats_and_the_private_one_only_the_own_hand() -> None:
    from open_spiel.python.observation import make_observation

    game = load("russian", 3)
    public = make_observation(game, pyspiel.IIGObservationType(
        public_info=True, perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE))
    private = make_observation(game, pyspiel.IIGObservationType(
        public_info=False, perfect_recall=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER))
    state = play(game.new_initial_state(), random.Random(8), knock=0.0, stop=9)
    assert not state.is_terminal()
    texts = [public.string_from(state, seat).split(" | ", 1)[1] for seat in range(3)]
    assert texts[0] == texts[1] == texts[2]  # the same table for every seat, but for the "seat k" that leads
    vectors = []
    for seat in range(3):
        hand = state.table.hand.hands[seat]
        assert private.string_from(state, seat) == f"seat {seat} of 3 | hand {' '.join(map(str, sorted(hand)))}"
        public.set_from(state, seat)
        assert "hand" not in public.dict and public.dict["seat"][seat] == 1
        vectors.append(public.tensor[3:].copy())  # all but the seat's own one-hot, which comes first
    assert all(np.array_equal(vectors[0], v) for v in vectors[1:])


# --- house rules: jokers and wild cards, card values, a match to N hands won ---------------------------------

WILD_STRESS = """\
extends: pagat
melds:
  ace: low_or_high
  wild: ['2', Joker]
  wild_most: 2
  wild_hits: true
  source_for:
    ace: {assumed: "a test table: every wild-card rule at its widest"}
    wild: {assumed: "a test table: every wild-card rule at its widest"}
    wild_most: {assumed: "a test table: every wild-card rule at its widest"}
    wild_hits: {assumed: "a test table: every wild-card rule at its widest"}
deck:
  jokers: 1
  source_for:
    jokers: {assumed: "a test table: every wild-card rule at its widest"}
"""


def test_jokers_are_cards_of_the_deck_for_chance_the_actions_and_the_tensors() -> None:
    game, plain = load("jokers-wild", 3), load("pagat", 3)
    jokers = JOKERS[:2]
    assert game.max_chance_outcomes() == 54 and plain.max_chance_outcomes() == 52
    state = game.new_initial_state()
    outcomes = [o for o, _ in state.chance_outcomes()]
    assert outcomes == list(range(54))
    assert [state.action_to_string(pyspiel.PlayerId.CHANCE, o) for o in (52, 53)] == ["chance: Jk1", "chance: Jk2"]
    # every card piece of the tensors has a place for each joker: two more numbers per piece of one card set
    pieces = dict(TensorLayout(game.ruleset, 3, INFORMATION_STATE).pieces)
    assert pieces["hand"] == pieces["dealt"] == pieces["drawn"] == pieces["discard_top"] == 54
    assert pieces["discarded"] == pieces["taken"] == pieces["spreads"] == 3 * 54
    card_pieces = 1 + 3 * 3 + 3  # the pile's top; each seat's discards, takes and spreads; hand, dealt, drawn
    assert game.information_state_tensor_size() == plain.information_state_tensor_size() + 2 * card_pieces
    # each joker is an action of its own, and OpenSpiel tells actions apart by their strings
    codes = game.codes
    texts = [codes.text(code) for code in range(codes.size)]
    assert len(set(texts)) == codes.size
    assert [codes.text(codes.encode(Discard(j))) for j in jokers] == ["discard Jk1", "discard Jk2"]
    assert codes.text(codes.encode(Hit(jokers[1], 3))) == "hit Jk2 on 3"
    gap = Spread((parse_card("6D"), jokers[1], parse_card("8D")))  # a run whose gap the joker fills
    assert codes.text(codes.encode(gap)) == "spread 6D Jk2(=7D) 8D"
    # a state's strings and tensors say which joker a seat holds
    state = play(game.new_initial_state(), random.Random(1), knock=0.0, stop=0)
    while not state.is_terminal() and not set(state.table.hand.hands[state.current_player()]) & set(jokers):
        state = play(game.new_initial_state(), random.Random(len(state.history())), knock=0.0, stop=0)
    seat = state.current_player()
    held = sorted(set(state.table.hand.hands[seat]) & set(jokers))
    text = state.information_state_string(seat)
    assert all(f"Jk{int(j) - 51}" in text.split(" | hand ")[-1] for j in held)
    tensor = state.information_state_tensor(seat)
    hand_at = TensorLayout(game.ruleset, 3, INFORMATION_STATE).offsets["hand"]
    assert [tensor[hand_at + int(j)] for j in jokers] == [float(j in held) for j in jokers]


@pytest.mark.parametrize("variant", ["jokers-wild", "deuces-wild", "wild-at-its-widest"])
def test_every_meld_a_hand_can_lay_has_an_action_number(variant: str, tmp_path: Path) -> None:
    """The numbering lists every meld holding a wild card, a run with a gap one fills too (the whole deck's
    melds_in list cannot: it stops at a hand's most melds, and a deck holds every gap's card)."""
    if variant == "wild-at-its-widest":
        path = tmp_path / "wild.yaml"
        path.write_text(WILD_STRESS, encoding="utf-8")
        variant = str(path)
    rules = load(variant, 2).ruleset
    codes = ActionCodes(rules)
    assert len(codes.meld_index) == len(codes.melds)  # each meld once
    rng = random.Random(variant)
    laid_wild = 0
    for _ in range(600):
        hand = rng.sample(codes.deck, rng.randint(3, 10))
        for meld in rules.melds.melds_in(hand):
            action = codes.decode(codes.encode(Spread(meld)))
            assert isinstance(action, Spread) and set(action.cards) == set(meld)
            laid_wild += bool(set(meld) & rules.melds.wild)
    assert laid_wild > 100
    for meld in rng.sample(codes.melds, 200):  # and every number is a meld of the rules
        assert rules.melds.classify(meld) is not None


FOUR_JOKERS = """\
extends: russian
deck:
  jokers: 4
  values: {Joker: 15}
  source_for:
    jokers: {assumed: "a test table: the most jokers a deck may hold, none wild"}
    values: {assumed: "a test table: a joker that is not wild counts 15"}
"""


def test_four_jokers_make_a_game_of_56_cards(tmp_path: Path) -> None:
    path = tmp_path / "four-jokers.yaml"
    path.write_text(FOUR_JOKERS, encoding="utf-8")
    game = load(str(path), 4)
    assert game.max_chance_outcomes() == 56 and len(game.new_initial_state().chance_outcomes()) == 56
    assert dict(TensorLayout(game.ruleset, 4, INFORMATION_STATE).pieces)["hand"] == 56
    assert [game.codes.text(game.codes.encode(Discard(j))) for j in JOKERS] == [f"discard Jk{i}" for i in range(1, 5)]
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize(("variant", "players", "house"), [
    ("faces-by-rank", 2, {"JS": 11, "QS": 12, "KS": 13, "10S": 10}), ("four-jokers", 3, {"Jk3": 15, "KS": 10})])
def test_returns_are_the_hands_paid_with_the_house_card_values(
        variant: str, players: int, house: dict[str, int], tmp_path: Path) -> None:
    """faces-by-rank: J 11, Q 12, K 13; four jokers, none wild, each 15. The counts the engine settled by are
    the house's, and the returns are its settlement."""
    if variant == "four-jokers":
        variant = str(tmp_path / "four-jokers.yaml")
        Path(variant).write_text(FOUR_JOKERS, encoding="utf-8")
    game = load(variant, players)
    values = game.ruleset.deal.values
    assert {card: values[int(parse_card(card))] for card in house} == house
    changed = {c for c in game.ruleset.deal.deck if values[int(c)] != c.value}  # the cards the house values anew
    rng = random.Random(4)
    knocks = counted = 0
    for _ in range(30):
        state = play(game.new_initial_state(), rng, knock=0.3)
        hand = state.table.hand
        result = hand.result
        assert state.returns() == [float(n) for n in result.net]
        if result.ending.value.startswith("knock"):
            knocks += 1
            assert list(result.counts) == [sum(values[int(c)] for c in cards) for cards in hand.hands]
            counted += any(changed & set(cards) for cards in hand.hands)
    assert knocks >= 3 and counted >= 2


def test_the_cards_below_the_top_within_reach_are_in_every_view() -> None:
    """top-two-discards: the card under the pile's top may be taken, so every seat sees which it is."""
    game = load("top-two-discards", 3)
    layout = TensorLayout(game.ruleset, 3, INFORMATION_STATE)
    below = layout.offsets["discard_below"]
    assert dict(layout.pieces)["discard_below"] == 52
    assert "discard_below" not in dict(TensorLayout(load("pagat", 3).ruleset, 3, INFORMATION_STATE).pieces)
    rng = random.Random(6)
    seen = taken = 0
    for _ in range(4):
        state = game.new_initial_state()
        while not state.is_terminal():
            hand = state.table.hand
            if not state.is_chance_node() and len(hand.discard) >= 2 and rng.random() < 0.5:
                second = hand.discard[-2]
                for seat in range(3):
                    assert f"(below it {second})" in state.observation_string(seat)
                    tensor = state.information_state_tensor(seat)
                    assert [i for i in range(52) if tensor[below + i]] == [int(second)]
                seen += 1
                taken += game.codes.first_deeper in state.legal_actions()
            step(state, rng, knock=0.05)
    assert seen > 10 and taken > 5


def test_a_match_to_seven_is_one_hand_a_game_played_and_paid_as_its_base() -> None:
    """first-to-seven is pagat with a match to seven hands won: a game is one hand of it (a match is a
    sequence of games), played and paid as pagat's, whatever the match's score."""
    match, base = load("first-to-seven", 2), load("pagat", 2)
    assert match.ruleset.wins_target == 7 and base.ruleset.wins_target is None
    assert match.num_distinct_actions() == base.num_distinct_actions()
    assert match.max_utility() == base.max_utility()
    for seed in range(4):
        a, b = match.new_initial_state(), base.new_initial_state()
        rng = random.Random(seed)
        while not a.is_terminal():
            assert a.legal_actions() == b.legal_actions()
            assert a.information_state_string(0) == b.information_state_string(0)
            step(a, random.Random(rng.random()), knock=0.2)
            b.apply_action(a.history()[-1])
        assert b.is_terminal() and a.returns() == b.returns()


@pytest.mark.parametrize("spec", ["reckoner", "montecarlo:rollouts=20"])
def test_ismcts_plays_the_project_bots_with_jokers_wild_through_evaluate_bots(spec: str) -> None:
    game = load("jokers-wild", 2)

    def hand(seed: int) -> tuple[list[float], list[int]]:
        bots = [ismcts_bot(game, simulations=8, seed=seed), ProjectBot(game, 1, spec, seed=seed)]
        state = game.new_initial_state()
        returns = list(evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(seed)))
        return returns, [int(a) for a in state.history()]

    results = [hand(seed) for seed in range(3)]
    for returns, _ in results:
        assert sum(returns) == 0 and abs(returns[0]) <= game.max_utility()
    assert any({52, 53} & set(history) for _, history in results)  # a joker was in play
    assert hand(0) == results[0]  # the seeds fix every card, world and rollout


@pytest.mark.parametrize("variant", sorted(HOUSE_FILES))
def test_project_bots_play_every_example_house_file_through_evaluate_bots(variant: str) -> None:
    """The project's greedy player (its knock given, so that nothing is tuned) and montecarlo beside OpenSpiel's
    IS-MCTS at three seats: every action they choose has its number (a wild spread, a take from below the
    top), and the returns are the engine's settlement."""
    game = load(variant, 3)
    for seed in range(2):
        bots = [ProjectBot(game, 0, "greedy:knock=5", seed=seed), ismcts_bot(game, simulations=4, seed=seed),
                ProjectBot(game, 2, "montecarlo:rollouts=4:knock=5", seed=seed)]
        state = game.new_initial_state()
        returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(seed))
        assert list(returns) == [float(n) for n in state.table.hand.result.net] and sum(returns) == 0


def test_a_playthrough_with_jokers_wild_is_the_one_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """OpenSpiel's own playthrough (every state's strings, tensors and legal actions) of a seeded hand of
    jokers wild in which a joker fills a run's gap, against the text kept in tests/interop_playthroughs."""
    monkeypatch.chdir(ROOT)  # the game's string names the house file by its path from the repository
    text = generate_playthrough.playthrough(
        "python_tonk(variant=examples/house/jokers-wild.yaml,players=2)", None, seed=26)
    assert 'Apply action "spread 6D Jk2(=7D) 8D"' in text
    if os.environ.get("TONK_UPDATE_GOLDEN"):
        PLAYTHROUGH.parent.mkdir(exist_ok=True)
        PLAYTHROUGH.write_text(text, encoding="utf-8")
    assert PLAYTHROUGH.exists(), f"missing {PLAYTHROUGH}; run with TONK_UPDATE_GOLDEN=1"
    assert text == PLAYTHROUGH.read_text(encoding="utf-8")


NINE_CARDS_JOKERS_WILD = """\
extends: {base}
deal:
  hand_size: 9
  source_for:
    hand_size: {{assumed: "a test table: jokers wild, nine cards each"}}
"""


# A hand of ten with eight spades in a row and both jokers holds 189 melds, far more than a hand without wild
# cards can (most_melds(10) = 70): the engine's meld list grows for wild cards (meld_masks), so every one is
# listed and each has an action number.
def test_a_big_hand_with_both_jokers_wild_has_its_legal_actions(tmp_path: Path) -> None:
    path = tmp_path / "nine.yaml"
    path.write_text(NINE_CARDS_JOKERS_WILD.format(base=HOUSE_FILES["jokers-wild"]), encoding="utf-8")
    table = ChanceHand(rules_for(str(path), 2), 2)
    deck = list(table.codes.deck)
    mine = [*parse_cards("AS 2S 3S 4S 5S 6S 7S 8S"), JOKERS[0]]  # a count of 36: no deal check voids it
    others = parse_cards("AH 2H 3H AD 2D 3D AC 2C 3C 4H")
    for seat in table.order[:table.to_deal - 1]:
        table.apply_chance(deck.index((mine if seat == 0 else others).pop(0)))
    table.apply_chance(deck.index(others.pop(0)))  # the upcard
    table.apply_code(DRAW_STOCK)
    table.apply_chance(deck.index(JOKERS[1]))
    assert len(table.hand.hands[0]) == 10
    spreads = [table.codes.decode(c) for c in table.legal_codes() if c >= table.codes.first_spread]
    # 21 natural runs of spades; with either joker (x 2): 28 runs it extends (a span of two or more natural
    # cards) and 56 in which it stands for a spade between that the hand holds (left out: 5S Jk 7S)
    assert len(spreads) == 21 + 2 * (28 + 56)
