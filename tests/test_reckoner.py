"""The reckoner (the default player) and the casual player: the reference bots decide exactly as the kernel
plays, the reckoner uses the freedoms a rule gives, its knock depends on the position, and its words
say what it does."""

from __future__ import annotations

import numpy as np
import pytest
from kernel_helpers import assert_identical

from tonk_rules import kernel
from tonk_rules.bots.describe import describe_player
from tonk_rules.bots.specs import parse_spec
from tonk_rules.kernel import layout as L
from tonk_rules.kernel import reckoner_nb
from tonk_rules.kernel.seats import SeatSpec
from tonk_rules.kernel.tables import tables_of
from tonk_rules.ruleset import Ruleset, compile_ruleset, slots
from tonk_rules.ruleset.compile import load_ruleset
from tonk_rules.terms import Ending, Role
from tonk_rules.variant.loader import builtin_names, load_variant

CASES = [(name, players) for name, seats in ((n, load_variant(n).variant.players) for n in builtin_names())
         for players in (2, 3, 5) if seats.min <= players <= seats.max]
#: Every freedom switched on: holding spreads, stalling at the stock, taking low cards, hopeful discards.
FREE: SeatSpec = ("reckoner", {"hold": 20, "stall": 12, "take": 8, "hope": 30, "knock_margin": 60})


def _house(base: str, section: str, key: str, value: object) -> Ruleset:
    from tonk_rules.variant.model import Variant

    data = load_variant(base).variant.model_dump()
    data[section][key] = value
    return compile_ruleset(Variant.model_validate(data))


def _play(ruleset: Ruleset, spec: SeatSpec, hands: int = 40, seed: int = 9) -> dict[str, int]:
    """Reference-engine hands with three bots of ``spec``: how often a spread was legal and the bot did
    neither lay nor hit (``held``), and how often it discarded the card it took this turn (``rediscarded``)."""
    from tonk_rules.bots import BOT_CLASSES, observe
    from tonk_rules.engine.actions import Discard, Hit, Spread
    from tonk_rules.engine.hand import Hand
    from tonk_rules.kernel.batch import plan_hand

    seen = {"held": 0, "rediscarded": 0}
    for index in range(hands):
        plan = plan_hand(ruleset.deal.deck, 3, seed, index, 0)
        bots = [BOT_CLASSES[spec[0]](**spec[1], seed=s) for s in plan.bot_seeds]
        hand = Hand.deal(ruleset, ["a", "b", "c"], plan.dealer, plan.deck, [1, 1, 1], plan.reshuffle_seed)
        while hand.result is None:
            legal = hand.legal_actions()
            obs = observe(hand, hand.current)
            action = bots[hand.current].choose(obs, legal)
            if any(isinstance(a, Spread) for a in legal) and not isinstance(action, (Spread, Hit)):
                seen["held"] += 1
            if isinstance(action, Discard) and action.card == obs.taken_this_turn:
                seen["rediscarded"] += 1
            hand.apply(action)
    return seen


@pytest.mark.parametrize(("name", "players"), CASES)
def test_reckoner_and_casual_play_identically_on_both_engines(name: str, players: int) -> None:
    ruleset = compile_ruleset(load_variant(name).variant)
    mixed: list[SeatSpec] = [("reckoner", {}), ("casual", {}), FREE, ("greedy", {"knock": 3}), ("random", {})]
    assert_identical(ruleset, mixed[:players], 20, seed=players)
    assert_identical(ruleset, [("reckoner", {"knock_margin": 300, "hold": 12, "stall": 30})] * players, 8,
                     seed=50 + players)  # never knocks by payoff: to the stock's end, reshuffles, going out


def test_with_taken_discard_free_it_sometimes_discards_the_card_it_took() -> None:
    free = _play(_house("pagat", "taken_discard", "rule", "free"), FREE)
    refused = _play(_house("pagat", "taken_discard", "rule", "not_discarded_this_turn"), FREE)
    assert free["rediscarded"] > 0
    assert refused["rediscarded"] == 0


def test_with_must_spread_off_it_sometimes_holds_a_spread_and_with_it_on_never() -> None:
    off = _play(_house("pagat", "spreading", "must_spread", False), FREE)
    on = _play(_house("pagat", "spreading", "must_spread", True), FREE)
    assert off["held"] > 0
    assert on["held"] == 0
    assert _play(load_ruleset("pagat"), ("reckoner", {**FREE[1], "hold": 0}))["held"] == 0


def _knocks(count: int, sizes: list[int], turns: int = 3, spec: SeatSpec = ("reckoner", {})) -> bool:
    """Whether the reckoner at seat 0 of a pagat table knocks with ``count`` when the others hold ``sizes``."""
    ruleset = load_ruleset("pagat")
    packed = tables_of(ruleset).packed()
    S = np.zeros(L.STATE_SIZE, np.int64)
    S[L.S_PLAYERS], S[L.S_STOCK_N] = len(sizes) + 1, 20
    for q, size in enumerate(sizes, start=1):
        S[L.O_HANDS + q] = (1 << size) - 1
        S[L.O_TURNS_TAKEN + q] = turns
    S[L.O_HANDS] = 0b1111  # the four aces: only the count (below) and the unseen cards are weighed
    S[L.O_COUNTS] = count
    legal = np.array([np.int64(L.K_KNOCK) << L.KIND_SHIFT, np.int64(L.K_DRAW_STOCK) << L.KIND_SHIFT], np.int64)
    from tonk_rules.kernel.seats import POLICY_COLUMNS, kernel_seats

    [(_, params)] = kernel_seats([spec])
    row = np.zeros(L.PARAM_COLUMNS, np.int64)
    row[: len(POLICY_COLUMNS["reckoner"])] = [params[k] for k in POLICY_COLUMNS["reckoner"]]
    key = reckoner_nb.reckoner_choice(S, legal, 2, row, packed)
    return bool((key >> L.KIND_SHIFT) & L.KIND_MASK == L.K_KNOCK)


def test_its_knock_depends_on_the_others_hand_sizes_not_on_one_count() -> None:
    assert _knocks(8, [5, 5])
    assert not _knocks(8, [5, 1])  # one of them is down to a card: the same count is caught too often
    assert not _knocks(8, [5, 5], spec=("reckoner", {"knock_margin": 300}))
    highest = {size: max((c for c in range(40) if _knocks(c, [size, size])), default=-1) for size in (1, 3, 5)}
    assert highest[1] < highest[3] < highest[5]


def test_knock_payoffs_are_read_from_the_variants_payment_rules() -> None:
    pagat, russian = (tables_of(load_ruleset(name)).packed() for name in ("pagat", "russian"))
    assert reckoner_nb.knock_net(pagat, 3, 0, 0) == 2  # each other player pays 1
    assert reckoner_nb.knock_net(pagat, 3, 0, 1) == -3  # 2 to the catcher, 1 more to the lowest
    assert reckoner_nb.knock_net(russian, 3, 0, 1) == -2  # 2 to the catcher only
    assert reckoner_nb.knock_net(russian, 3, 0, 2) == -4


def _estimate_and_settlement(ruleset: Ruleset, players: int, me: int, catchers: int) -> tuple[int, int]:
    """The reckoner's net of a knock by seat ``me`` that ``catchers`` of the next seats catch (the others hold
    more), and what ``tonk settle`` pays the knocker for that very knock (all stakes 1)."""
    packed = tables_of(ruleset).packed()
    low = 10 if packed[slots.R_KN_TIES_WIN] != 1 else 9  # a count that catches a knock at 10
    after_me = [(seat - me) % players for seat in range(players)]  # 0: the knocker, then the catchers
    counts = [10 if j == 0 else low if j <= catchers else 15 for j in after_me]
    settled = ruleset.settle_knock(counts, knocker=me, stakes=[1] * players)
    return int(reckoner_nb.knock_net(packed, players, me, catchers)), settled.net[me]


def _with_knock_payment(ending: str, payer: str, receiver: str) -> Ruleset | None:
    """pagat whose ``ending`` (a knock's) pays by the one rule ``payer`` pays ``receiver`` 3 stakes (None: no
    variant may say so)."""
    from pydantic import ValidationError

    from tonk_rules.variant.model import Variant

    data = load_variant("pagat").variant.model_dump()
    data["payments"][ending]["rules"] = [{"payer": payer, "receiver": receiver, "stakes": 3, "stake_of": None}]
    try:
        return compile_ruleset(Variant.model_validate(data))
    except ValidationError:
        return None


def test_the_knock_estimate_is_what_the_hand_would_pay() -> None:
    """The reckoner weighs a knock by the variant's own payments: its estimate of each outcome is what the
    settlement pays (every built-in variant, and a knock paid by every pair of roles), so a payment rule the
    engine settles cannot be missing from the reckoner's estimate (both are ``ruleset/who_pays.py``)."""
    houses = [house for ending in ("knock_won", "knock_caught") for payer in Role for receiver in Role
              if (house := _with_knock_payment(ending, payer.value, receiver.value)) is not None]
    assert len(houses) >= 20  # (a pair that pays nobody, or someone themselves, is refused)
    for ruleset in [load_ruleset(name) for name in builtin_names()] + houses:
        for players in range(max(2, ruleset.min_players), min(5, ruleset.max_players) + 1):
            for me in (0, players - 1):
                for catchers in range(players):
                    estimate, settled = _estimate_and_settlement(ruleset, players, me, catchers)
                    assert estimate == settled, (ruleset.payments, players, me, catchers)


def test_describe_player_says_what_each_player_does() -> None:
    pagat = load_ruleset("pagat")
    words = describe_player("reckoner", pagat)
    assert "a won knock pays it +2, one caught by a single player -3" in words
    assert "once one of them is down to 2 cards" in words
    assert "Lays every spread it can" in describe_player("reckoner:hold=0", pagat)
    assert "Keeps a spread worth 9 or less in hand" in describe_player("reckoner:hold=9", pagat)
    must = _house("pagat", "spreading", "must_spread", True)
    assert "Keeps a spread" not in describe_player("reckoner:hold=9", must)  # the rules allow no holding
    assert "with 4 or fewer stock cards left" in describe_player("reckoner:stall=4", pagat)
    assert "at a count of 5 or less on its first turn" in describe_player("casual", pagat)
    assert describe_player("greedy:knock=4", pagat).startswith("Knocks when its count is at most 4")
    assert describe_player("random", pagat) == "Picks uniformly at random among the legal actions."
    assert parse_spec("reckoner:knock_margin=-20").params == {"knock_margin": -20}


def test_the_casual_player_knocks_at_five_to_eight() -> None:
    batch = kernel.play_hands(load_ruleset("russian"), [("casual", {})] * 3, 2000, seed=4)
    knocked = batch.knocker >= 0
    counts = batch.counts[np.flatnonzero(knocked), batch.knocker[knocked]]
    assert counts.max() <= 8
    assert (counts >= 6).any()
    assert {Ending.KNOCK_WON, Ending.KNOCK_CAUGHT} <= set(batch.endings())


def test_a_bot_seat_without_a_spec_is_the_default_player() -> None:
    from tonk_rules.table.table_bots import parse_players

    seats = parse_players("Ann,bot,Goblin=bot:,bot:casual")
    assert [(s.name, s.spec) for s in seats] == [("Ann", None), ("Reckoner-2", "reckoner"), ("Goblin", "reckoner"),
                                                ("Casual-4", "casual")]


def _highest_knock(spec: SeatSpec, shed: int = 0, kept: tuple[int, ...] = ()) -> int:
    """The highest count at which the reckoner at seat 0 of a three-seat pagat table knocks when both others
    hold 5 cards after three turns, each last threw a card worth ``shed`` (0: none yet) and seat 1 took the
    cards ``kept`` from the pile and still holds them."""
    ruleset = load_ruleset("pagat")
    packed = tables_of(ruleset).packed()
    from tonk_rules.kernel.seats import POLICY_COLUMNS, kernel_seats

    [(_, params)] = kernel_seats([spec])
    row = np.zeros(L.PARAM_COLUMNS, np.int64)
    row[: len(POLICY_COLUMNS["reckoner"])] = [params[k] for k in POLICY_COLUMNS["reckoner"]]
    legal = np.array([np.int64(L.K_KNOCK) << L.KIND_SHIFT, np.int64(L.K_DRAW_STOCK) << L.KIND_SHIFT], np.int64)
    highest = -1
    for count in range(40):
        S = np.zeros(L.STATE_SIZE, np.int64)
        S[L.S_PLAYERS], S[L.S_STOCK_N] = 3, 20
        S[L.O_HANDS] = 0b1111  # the four aces: only the count (below) and the unseen cards are weighed
        S[L.O_COUNTS] = count
        for q in (1, 2):
            S[L.O_HANDS + q] = sum(1 << c for c in kept) if q == 1 and kept else 0
            S[L.O_HANDS + q] |= ((1 << (5 - bin(S[L.O_HANDS + q]).count("1"))) - 1) << 4  # the rest: low cards
            S[L.O_TURNS_TAKEN + q], S[L.O_SHED + q] = 3, shed
        S[L.O_KEPT + 1] = sum(1 << c for c in kept)
        key = reckoner_nb.reckoner_choice(S, legal, 2, row, packed)
        if (key >> L.KIND_SHIFT) & L.KIND_MASK == L.K_KNOCK:
            highest = count
    return highest


def test_its_knock_reads_what_the_others_took_and_threw() -> None:
    """With ``slack`` (the default) a player who last threw a low card is believed to hold low cards, so the
    reckoner knocks with less; one who took kings from the pile and holds them holds at least their value, so it
    knocks with more. With ``slack=-1`` (the rule before) neither changes its knock."""
    kings = (48, 49)  # two kings: cards are rank-major (rank 13 is 48..51)
    plain = _highest_knock(("reckoner", {}))
    assert _highest_knock(("reckoner", {}), shed=2) < plain
    assert _highest_knock(("reckoner", {}), kept=kings) > plain
    blind: SeatSpec = ("reckoner", {"slack": -1})
    assert _highest_knock(blind, shed=2) == _highest_knock(blind, kept=kings) == _highest_knock(blind)


def test_the_table_keeps_what_every_seat_saw_as_the_observation_says() -> None:
    """The compiled play loop's record of each seat's taken cards still held and last discard's value
    (``layout.O_KEPT``, ``O_SHED``) is what a bot computes from its Observation, action by action."""
    from tonk_rules.bots import observe
    from tonk_rules.bots.greedy import seen_state, tables_and_packed
    from tonk_rules.bots.reckoner import ReckonerBot
    from tonk_rules.engine.encoding import action_key
    from tonk_rules.engine.hand import Hand
    from tonk_rules.kernel.api import compiled
    from tonk_rules.kernel.batch import plan_hand
    from tonk_rules.kernel.rollout import encode, state_from_hand

    ruleset = load_ruleset("pagat")
    tables, packed = tables_and_packed(ruleset)
    seen_kept = 0
    for index in range(6):
        plan = plan_hand(ruleset.deal.deck, 3, 5, index, 0)
        hand = Hand.deal(ruleset, ["a", "b", "c"], plan.dealer, plan.deck, [1, 1, 1], plan.reshuffle_seed)
        if hand.result is not None:  # a deal tonk: no play
            continue
        S = encode(tables, state_from_hand(hand))
        bots = [ReckonerBot(take=8), ReckonerBot(take=8), ReckonerBot(take=8)]
        while hand.result is None:
            obs = observe(hand, hand.current)
            seen = seen_state(obs, tables)
            for q in range(3):
                assert S[L.O_KEPT + q] == seen[L.O_KEPT + q] and S[L.O_SHED + q] == seen[L.O_SHED + q]
                seen_kept += S[L.O_KEPT + q] != 0
            action = bots[hand.current].choose(obs, hand.legal_actions())
            compiled().play_key(S, action_key(action), packed)
            hand.apply(action)
    assert seen_kept > 0  # some seat held a card it took: the record was tested on something
