"""Rules that came into play: the kernel's counts, checked against a recount on the reference engine, for
every rule dimension of the model, and said in words where a rule never came into play."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import numpy as np
import pytest
from tablekit import tonk

from tests.model_fields import FIELD_IDS, FIELDS, changes, compiled
from tonk_rules import load_ruleset
from tonk_rules.bots.specs import parse_specs
from tonk_rules.engine.actions import Discard, Draw, Hit, Knock, Spread
from tonk_rules.engine.encoding import action_key
from tonk_rules.engine.hand import Hand
from tonk_rules.engine.legality import Legality
from tonk_rules.kernel import layout as L
from tonk_rules.kernel import play_hands
from tonk_rules.kernel.batch import plan_hand
from tonk_rules.kernel.in_play import IN_PLAY, dimension_of, kernel_dimensions, refused_hit_slots
from tonk_rules.kernel.tables import seating
from tonk_rules.ruleset import Ruleset, core, rule_objects
from tonk_rules.sim.in_play_tally import hands_in_play, in_play_sentence
from tonk_rules.sim.panel import DEFAULT_PLAYER
from tonk_rules.sim.tally import Tally
from tonk_rules.sim.tuning import seats_for
from tonk_rules.terms import MeldKind, Pile
from tonk_rules.variant.loader import builtin_names

UNEXERCISED = "this comparison cannot say what it does"  # the sentence for a rule that never came into play


def _table(ruleset: Ruleset, tuned: bool = True) -> list[tuple[str, dict[str, int]]]:
    """The default table at 3 seats (else 2, else 4): tuned to the variant, or (``tuned=False``, for the many
    changed variants, which would each be tuned first) with the default player's own parameters."""
    for players in (3, 2, 4):
        if ruleset.why_not_seat(players) is None and ruleset.why_not_deal(players) is None:
            specs = parse_specs(",".join([DEFAULT_PLAYER] * players))
            if tuned:
                return list(seats_for(ruleset, players, specs))
            return [(s.name, dict(s.params)) for s in specs]
    raise AssertionError("no table size seats this variant")


def _recount(ruleset: Ruleset, seats: list[tuple[str, dict[str, int]]], hands: int,
             seed: int) -> tuple[np.ndarray, np.ndarray]:  # type: ignore[type-arg]
    """Per hand, replayed on the reference engine from the kernel's trace: re-discarded taken cards, hits on
    runs and on books, books laid or hit, runs of exactly run_min laid, draws from the empty stock, knocks that
    tied the lowest other count (the kernel's counts of these in a variant where nothing refuses them)."""
    batch = play_hands(ruleset, seats, hands, seed, trace=True)
    assert batch.trace is not None
    out = np.zeros((hands, L.N_IN_PLAY), np.int64)
    deck = seating(ruleset).deck
    for row, keys in enumerate(batch.trace):
        plan = plan_hand(deck, len(seats), seed, row, 0)
        hand = Hand.deal(ruleset, [f"s{i}" for i in range(len(seats))], plan.dealer, plan.deck, [1] * len(seats),
                         plan.reshuffle_seed)
        taken = None
        for key in keys:
            action = next(a for a in hand.legal_actions() if action_key(a) == key)
            me = hand.current
            if isinstance(action, Knock):
                others = min(hand.count(p) for p in range(len(seats)) if p != me)
                out[row, L.IP_KN_TIES] += hand.count(me) == others
            elif isinstance(action, Draw):
                if action.source is Pile.DISCARD:
                    taken = hand.discard[-1]
                elif not hand.stock:
                    out[row, L.IP_STOCK_EMPTY] += 1
            elif isinstance(action, Discard):
                out[row, L.IP_TAKEN] += action.card == taken
                taken = None
            elif isinstance(action, Hit):
                book = hand.spreads[action.spread - 1].kind is MeldKind.BOOK
                out[row, L.IP_HIT_BOOKS if book else L.IP_HIT_RUNS] += 1
                out[row, L.IP_BOOK_SIZES] += book
            elif isinstance(action, Spread):
                book = len({c // 4 for c in action.cards}) == 1
                out[row, L.IP_BOOK_SIZES] += book
                out[row, L.IP_RUN_MIN] += not book and len(action.cards) == ruleset.melds.run_min
            hand.apply(action)
    assert batch.in_play is not None
    return out, batch.in_play


RECOUNTED = (L.IP_KN_TIES, L.IP_STOCK_EMPTY, L.IP_TAKEN, L.IP_HIT_BOOKS, L.IP_HIT_RUNS, L.IP_BOOK_SIZES,
             L.IP_RUN_MIN)


def test_kernel_counts_agree_with_a_recount_on_the_reference_engine() -> None:
    """pagat refuses none of these (a taken card is free, anyone may hit anything), so each count is exactly
    the events recounted; random seats do all of them."""
    ruleset = load_ruleset("pagat")
    patient = ("greedy", {"knock": 0, "patience": 1000})  # never knocks: the stock runs out
    seen = np.zeros(L.N_IN_PLAY, np.int64)
    for seats in ([("random", {}), ("greedy", {"knock": 3}), ("random", {})], [patient, patient]):
        expected, counted = _recount(ruleset, seats, 120, seed=11)
        for slot in RECOUNTED:
            assert counted[:, slot].tolist() == expected[:, slot].tolist(), kernel_dimensions()[slot]
        seen += expected.sum(axis=0)
    for slot in RECOUNTED:
        assert seen[slot] > 0, kernel_dimensions()[slot]  # the recount saw each kind of event


def test_a_refused_option_counts_where_the_rule_refuses_it() -> None:
    """russian keeps a taken card this turn: every turn that took from the discard pile (and kept more than
    that card) had its discard refused, so the rule came into play; pagat's free rule, with the default
    table, hardly ever (it lays what it takes)."""
    for name, at_least in (("russian", 0.2), ("pagat", 0.0)):
        ruleset = load_ruleset(name)
        batch = play_hands(ruleset, _table(ruleset), 400, seed=3)
        assert batch.in_play is not None
        took = batch.in_play[:, L.IP_SOURCES] > 0
        share = (batch.in_play[:, L.IP_TAKEN] > 0).mean()
        assert share >= at_least
        if name == "russian":
            assert ((batch.in_play[:, L.IP_TAKEN] > 0) <= took).all()  # never without a take


def _refused_hits(hand: Hand) -> set[str]:
    """The rules that refused a hit at this decision on the reference engine (a card of the hand, or the
    pending card alone, that extends a spread the hitting rules refuse it), each named by its refusal code."""
    check = Legality(hand)
    if check.why_no_spread_or_hit() is not None:
        return set()
    cards = [check.pending] if check.pending is not None else hand.hands[hand.current]
    out = set()
    for target in hand.spreads:
        code = hand.ruleset.hitting.refusal(target.kind, target.owner == hand.current, check.turn, check.facts)
        if code != core.HIT_OK and any(card in target.targets for card in cards):
            out.add(rule_objects.hit_refusal_rule(code, target.kind))
    return out


def test_a_refused_hit_is_counted_under_the_rule_its_refusal_code_names() -> None:
    """Each hit refusal code of ruleset/core.py is counted by the kernel in the slot of the rule its words name
    (a new code is counted so with no kernel edit), and where it changes play: russian refuses hits on books,
    classic-pc hits on others' runs; per hand, the kernel's count of each hitting rule is the hits laid under
    it and the decisions at which it refused one, recounted on the reference engine."""
    slots = refused_hit_slots()
    for code in rule_objects.hit_refusal_codes():
        for run, kind in enumerate((MeldKind.BOOK, MeldKind.RUN)):
            assert slots[code * 2 + run] == IN_PLAY[rule_objects.hit_refusal_rule(code, kind)].slot, (code, kind)
    counted_rules = {rule_objects.hit_refusal_rule(code, kind) for code in rule_objects.hit_refusal_codes()
                     for kind in MeldKind}
    for name, refused, players in (("russian", "hitting.books", 3), ("classic-pc", "hitting.runs", 2)):
        ruleset = load_ruleset(name)
        seats = [("random", {}), ("greedy", {"knock": 3}), ("random", {})][:players]
        batch = play_hands(ruleset, seats, 60, seed=7, trace=True)
        assert batch.trace is not None and batch.in_play is not None
        deck = seating(ruleset).deck
        refusals = 0
        for row, keys in enumerate(batch.trace):
            plan = plan_hand(deck, len(seats), 7, row, 0)
            hand = Hand.deal(ruleset, ["a", "b", "c"][:players], plan.dealer, plan.deck, [1] * players,
                             plan.reshuffle_seed)
            expected = dict.fromkeys(counted_rules, 0)
            for key in keys:
                for rule in _refused_hits(hand):
                    expected[rule] += 1
                    refusals += rule == refused
                action = next(a for a in hand.legal_actions() if action_key(a) == key)
                if isinstance(action, Hit):
                    expected[f"hitting.{hand.spreads[action.spread - 1].kind}s"] += 1
                hand.apply(action)
            assert {rule: int(batch.in_play[row, IN_PLAY[rule].slot]) for rule in counted_rules} == expected, row
        assert refusals > 0, name  # the rule refused hits there, and the kernel counted them


def _key(path: tuple[str, ...]) -> str:
    return ".".join(path[:2])


def _tally(ruleset: Ruleset, seats: list[tuple[str, dict[str, int]]]) -> Tally:
    return Tally.of(play_hands(ruleset, seats, 200, seed=5), len(seats))


@functools.cache
def _builtin_tallies() -> tuple[Tally, ...]:
    """The built-ins at their tuned default tables: the same for every field, so played once per process."""
    return tuple(_tally(ruleset, _table(ruleset)) for ruleset in map(load_ruleset, builtin_names()))


@pytest.mark.parametrize(("path", "info"), FIELDS, ids=FIELD_IDS)
def test_every_rule_dimension_is_exercised_somewhere_or_said_to_be_unexercised(path, info) -> None:  # type: ignore[no-untyped-def]
    """For each rule dimension of the model: it has a count (kernel/in_play.py); with the default table, in
    the built-ins and in each valid change of that dimension, it came into play in some variant, or the
    report's sentence names it as one that never did."""
    key = _key(path)
    d = dimension_of(key)
    changed = [r for *_, data in list(changes(path, info))[:8] if (r := compiled(data)) is not None]
    tallies = [*_builtin_tallies(), *(_tally(ruleset, _table(ruleset, tuned=False)) for ruleset in changed)]
    said = in_play_sentence(f"«{key}»", [("x", t, key) for t in tallies[:1]])
    if d.how == "not_in_a_hand":
        assert "does not change how one hand plays" in said
        return
    counted = [hands_in_play(t, key) for t in tallies]
    if d.how == "every_hand":
        assert counted == [t.hands for t in tallies]
    if not any(counted):
        for t in tallies:
            assert UNEXERCISED in in_play_sentence(f"«{key}»", [("x", t, key)])
    else:
        assert UNEXERCISED not in in_play_sentence(f"«{key}»", [("x", t, key) for t in tallies])


def test_the_table_has_no_dimension_the_model_lacks() -> None:
    keys = {_key(p) for p, _ in FIELDS}
    sections = {k.split(".")[0] + "." for k in keys}
    assert set(IN_PLAY) <= keys | sections
    assert {d.slot for d in IN_PLAY.values() if d.how == "kernel"} == set(range(L.N_IN_PLAY))


def test_simulate_json_names_a_rule_that_never_came_into_play(tmp_path: Path) -> None:
    """The done-when check: a house rule's parent compared with it says how often the rule came into play."""
    house = tmp_path / "house.yaml"
    house.write_text("extends: russian\ntitle: russian, a taken card may be discarded\n"
                     "taken_discard:\n  rule: free\n", encoding="utf-8")
    out = tonk("simulate", "russian", str(house), "--hands", "3000", "--json")  # in this process: quicker
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    [rule] = data["rules_that_differ"]
    assert rule["rule"] == "taken_discard.rule"
    russian, mine = rule["hands"]["russian"], rule["hands"][str(house)]
    assert russian > 300  # refusals of the taken card's discard
    assert "taken_discard.rule" in rule["said"]
    assert data["variants"]["russian"]["rules_in_play"]["taken_discard.rule"]["hands"] == russian
    assert mine < russian


EXAMPLE_HOUSE_FILES = sorted((Path(__file__).resolve().parent.parent / "examples" / "house").glob("*.yaml"))


@functools.cache
def _example_tallies() -> tuple[Tally, ...]:
    """The example house files (examples/house/), each at its default table."""
    return tuple(_tally(ruleset, _table(ruleset)) for ruleset in map(load_ruleset, EXAMPLE_HOUSE_FILES))


@pytest.mark.parametrize("key", sorted(kernel_dimensions().values()))
def test_every_kernel_count_moves_in_some_play(key: str) -> None:
    """A dimension the kernel counts (kernel/in_play.py) whose count is declared but never incremented would
    pass the test above as "never came into play" (and ``tonk compare`` would name the rule as a cause, then
    say in the next line that it never came into play). Its count moves somewhere: in the built-ins or the
    example house files at their default tables, or in a change of its own field at a default, a random or a
    never-knocking table."""
    slot = IN_PLAY[key].slot
    if any(t.in_play_hands[slot] for t in (*_builtin_tallies(), *_example_tallies())):
        return
    path, info = next((p, i) for p, i in FIELDS if _key(p) == key)
    for *_, data in list(changes(path, info))[:8]:
        if (ruleset := compiled(data)) is None:
            continue
        table = _table(ruleset, tuned=False)
        patient = ("greedy", {"knock": 0, "patience": 1000})  # never knocks: the stock runs out
        for seats in (table, [("random", {})] * len(table), [patient] * len(table)):
            batch = play_hands(ruleset, seats, 1000, seed=5)  # (rare events: a knock holding a book kept)
            if batch.in_play is not None and batch.in_play[:, slot].any():
                return
    pytest.fail(f"the in-play count of {key} never moved: count it where the rule comes into play (kernel/"
                "play_nb.py for an event, rules_nb.legal_keys for a refusal; docs/adding-a-rule.md step 8)")
