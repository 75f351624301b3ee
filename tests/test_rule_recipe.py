"""The parts of a new rule that only these tests ask for (docs/adding-a-rule.md, "what the suite says when a
step is left out"): the default player using what the rule offers (a new kind of move; a payment that depends
on the knocker's count), and the judgement of when the rule matters (its checks row). The third, an in-play
count that never moves, is tests/test_in_play.py's ``test_every_kernel_count_moves_in_some_play``."""

from __future__ import annotations

import copy
import dataclasses
import functools
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from model_fields import FIELDS, changes, compiled
from pydantic import BaseModel, create_model

from tonk_rules import load_ruleset
from tonk_rules.bots.specs import parse_specs
from tonk_rules.engine.encoding import action_key
from tonk_rules.engine.hand import Hand
from tonk_rules.kernel import layout as L
from tonk_rules.kernel import play_hands, reckoner_nb
from tonk_rules.kernel.batch import plan_hand
from tonk_rules.kernel.seats import POLICY_COLUMNS, kernel_seats
from tonk_rules.kernel.tables import seating, tables_of
from tonk_rules.ruleset import compile_ruleset
from tonk_rules.sim.panel import DEFAULT_PLAYER
from tonk_rules.sim.tuning import seats_for
from tonk_rules.terms import KnockWinsWhen
from tonk_rules.variant.added import added_rule, added_sources
from tonk_rules.variant.checks import DEPENDENT_OPTIONS, NO_ROW
from tonk_rules.variant.loader import builtin_names, load_variant
from tonk_rules.variant.model import Variant
from tonk_rules.variant.sections import VariantSections

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples" / "house").glob("*.yaml"))
MOVE_KINDS = {L.K_KNOCK: "knock", L.K_DRAW_STOCK: "draw stock", L.K_DRAW_DISCARD: "draw discard",
              L.K_SPREAD: "spread", L.K_HIT: "hit", L.K_DISCARD: "discard"}


def _shape(key: int) -> str:
    """A move's kind, and for a take from the discard pile its depth: what a rule may add to the choices."""
    kind = (key >> L.KIND_SHIFT) & L.KIND_MASK
    depth = key & L.PAYLOAD if kind == L.K_DRAW_DISCARD else 0
    return MOVE_KINDS[kind] + (f" {depth + 1}" if depth else "")


def offered_and_taken(house: Path | str, hands: int = 150) -> tuple[set[str], set[str]]:
    """The kinds of move the rules offered the default table, and those it took, over ``hands`` hands
    (the kernel's play, replayed on the reference engine for the moves offered at each decision)."""
    ruleset = load_ruleset(house)
    players = 3 if ruleset.why_not_seat(3) is None else ruleset.min_players
    seats = list(seats_for(ruleset, players, parse_specs(",".join([DEFAULT_PLAYER] * players))))
    batch = play_hands(ruleset, seats, hands, seed=3, trace=True)
    assert batch.trace is not None
    offered, taken = set(), set()
    deck = seating(ruleset).deck
    for row, keys in enumerate(batch.trace):
        plan = plan_hand(deck, players, 3, row, 0)
        hand = Hand.deal(ruleset, [f"s{i}" for i in range(players)], plan.dealer, plan.deck, [1] * players,
                         plan.reshuffle_seed)
        for key in keys:
            legal = {action_key(a): a for a in hand.legal_actions()}
            offered |= {_shape(k) for k in legal}
            taken.add(_shape(int(key)))
            hand.apply(legal[int(key)])
    return offered, taken


@pytest.mark.parametrize("house", EXAMPLES, ids=lambda p: p.stem)
def test_the_default_player_takes_every_kind_of_move_the_house_rules_offer(house: Path) -> None:
    """A rule that offers a new kind of move (a take from below the top of the discard pile) that the default
    player never takes: the default player does not use the rule (teach kernel/reckoner_nb.py when it pays)."""
    offered, taken = offered_and_taken(house)
    assert offered - taken == set(), f"the default player never took these moves the rules offered: {offered - taken}"


def test_the_move_check_tells_the_depths_apart() -> None:
    """(The check above can fail: a take from below the top is a kind of its own, offered only where allowed.)"""
    assert _shape((L.K_DRAW_DISCARD << L.KIND_SHIFT) | 1) == "draw discard 2"
    offered, _ = offered_and_taken("pagat", hands=20)
    assert "draw discard" in offered and "draw discard 2" not in offered


def unjudged(model: type[BaseModel]) -> set[str]:
    """The added rules of ``model`` with neither a checks row (``DEPENDENT_OPTIONS``) nor a line in ``NO_ROW``."""
    rows = {row.option for row in DEPENDENT_OPTIONS}
    return set(added_sources(model)) - rows - set(NO_ROW)


def test_every_added_rule_has_a_checks_row_or_a_reason_for_none() -> None:
    """When another rule can make a new one meaningless (no draws from the discard pile: no depth to take
    from), a house file setting both must be told so; the rule's author writes the row, or says in
    ``variant/checks.py NO_ROW`` why no rule can — the judgement is made, not forgotten."""
    assert unjudged(VariantSections) == set(), "give these a row of DEPENDENT_OPTIONS or a line of NO_ROW"
    assert not set(NO_ROW) & {row.option for row in DEPENDENT_OPTIONS}
    surprise = added_rule(0, since="2026-12-07", description="a rule nobody judged", source={"assumed": "test"})
    extended = create_model("Extended", __base__=VariantSections, surprise=(int, surprise))
    assert unjudged(extended) == {"surprise"}  # the test can fail


def test_tonk_schema_out_replaces_the_file_only_once_the_schema_is_made(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The recipe regenerates the schema with ``tonk schema --out``: a model that cannot be imported yet (a
    field whose words are not written) leaves the checked-in schema as it was, where ``> FILE`` emptied it."""
    from tablekit import run

    import tonk_rules.variant.schema as schema_module

    out = tmp_path / "variant.schema.json"
    assert run("schema", "--out", str(out)).returncode == 0
    written = out.read_text(encoding="utf-8")
    assert written == schema_module.schema_text()

    def unmade() -> str:
        raise KeyError("drawing.discard_depth")  # as about() says a field without words

    monkeypatch.setattr(schema_module, "schema_text", unmade)
    assert run("schema", "--out", str(out)).returncode != 0
    assert out.read_text(encoding="utf-8") == written


@functools.cache
def payment_options() -> dict[tuple[str, ...], Any]:
    """Every added rule that changes what an ending pays for some value of it, wherever it is written
    (``knocking.double_at_most``: a won knock at N or less paid double), with its default."""
    added = added_sources(VariantSections)
    out = {}
    for path, info in FIELDS:
        if ".".join(path) in added and any(_pays_otherwise(base, data) for base, _, _, data in changes(path, info)):
            out[path] = info.default
    return out


def _pays_otherwise(base: dict[str, Any], data: dict[str, Any]) -> bool:
    before, after = compiled(base), compiled(data)
    return before is not None and after is not None and after.payments != before.payments


def payment_variants() -> list[Any]:
    """Every built-in, and every valid value of every payment option (:func:`payment_options`), as variant data:
    the rules a knock is weighed under. (The payment rules' roles are tests/test_reckoner.py's.)"""
    out = [pytest.param(load_variant(name).variant.model_dump(mode="json"), id=name) for name in builtin_names()]
    for path in payment_options():
        info = dict(FIELDS)[path]
        seen: set[str] = set()
        for base, where, value, data in changes(path, info):
            if repr(value) not in seen and _pays_otherwise(base, data):
                seen.add(repr(value))
                out.append(pytest.param(data, id=f"{'.'.join(map(str, where))}={value!r}"))
    return out


def _knock_gain(data: dict[str, Any], players: int, count: int) -> float:
    """The default player's gain of a knock with ``count`` by seat 0 against ``players - 1`` others of 5 cards
    after 3 turns each, under the rules ``data`` (``reckoner_nb.knock_gain``; -1e9 where it deems it hopeless)."""
    packed = tables_of(compile_ruleset(Variant.model_validate(data))).packed()
    S = np.zeros(L.STATE_SIZE, np.int64)
    S[L.S_PLAYERS], S[L.S_STOCK_N] = players, 20
    for q in range(1, players):
        S[L.O_HANDS + q] = (1 << 5) - 1
        S[L.O_TURNS_TAKEN + q] = 3
    S[L.O_COUNTS] = count
    [(_, params)] = kernel_seats([("reckoner", {})])
    row = np.zeros(L.PARAM_COLUMNS, np.int64)
    row[: len(POLICY_COLUMNS["reckoner"])] = [params[k] for k in POLICY_COLUMNS["reckoner"]]
    unseen = 0
    for card in seating(compile_ruleset(Variant.model_validate(data))).deck:
        unseen |= 1 << int(card)
    return float(reckoner_nb.knock_gain(S, 0, row, np.int64(unseen), packed))


def _paid_so(data: dict[str, Any], won: int) -> dict[str, Any]:
    """``data`` whose won knock pays the knocker ``won`` stakes from each other player and whose caught knock
    costs the knocker 1 stake to each catcher, every payment option at its default, nothing else changed: the
    default player's gain under it is ``chances[0] * won * (players - 1) - sum(k * chances[k])`` (its chances
    of being caught by ``k`` players depend on the cards, not the payments)."""
    new = copy.deepcopy(data)
    for path, default in payment_options().items():  # (no payment option: the probe pays as it says)
        node = new
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = default
    whose = "receiver" if data["stakes"]["mode"] == "per_player" else None  # (all stakes are 1 here)
    new["payments"]["knock_won"] = {"rules": [{"payer": "others", "receiver": "winners", "stakes": won,
                                               "stake_of": whose}]}
    new["payments"]["knock_caught"] = {"rules": [{"payer": "knocker", "receiver": "winners", "stakes": 1,
                                                  "stake_of": whose}]}
    return new


def caught_chances(data: dict[str, Any], players: int, count: int) -> list[float] | None:
    """The default player's chances that exactly 0, 1, … of the others catch its knock at ``count`` (two or three
    players), read off its gains under two payments that differ only in what a won knock pays (None: hopeless)."""
    one, two = (_knock_gain(_paid_so(data, won), players, count) for won in (1, 2))
    if one < -1e8:
        return None
    c0 = (two - one) / (players - 1)
    caught = c0 * (players - 1) - one  # the expected number of catchers
    if players == 2:
        return [c0, 1.0 - c0]
    c2 = caught - (1.0 - c0)
    return [c0, 1.0 - c0 - c2, c2]


def expected_knock(data: dict[str, Any], settle_by: dict[str, Any], players: int, count: int) -> float | None:
    """What a knock at ``count`` by seat 0 is worth under ``settle_by``'s own settlement (``tonk settle``), each
    number of catchers weighed by the default player's chances under ``data`` (None: a knock it deems hopeless)."""
    chances = caught_chances(data, players, count)
    if chances is None:
        return None
    ruleset = compile_ruleset(Variant.model_validate(settle_by))
    low = count - 1 if ruleset.knocking.wins_when is KnockWinsWhen.LOWEST_OR_TIED else count  # one that catches it
    gain = 0.0
    for catchers, chance in enumerate(chances):
        counts = [count] + [low if seat <= catchers else count + 5 for seat in range(1, players)]
        gain += chance * ruleset.settle_knock(counts, knocker=0, stakes=[1] * players).net[0]
    return gain


@pytest.mark.parametrize("data", payment_variants())
def test_the_default_player_weighs_a_knock_at_the_count_it_holds(data: dict[str, Any]) -> None:
    """A payment rule that depends on the knocker's count (a won knock at N or less pays double): the default
    player's gain of a knock is what the settlement pays at the count it holds, each outcome weighed by its own
    chances — not what a knock at some other count would pay (kernel/reckoner_nb.py ``knock_gain``)."""
    players = 3 if data["players"]["min"] <= 3 <= data["players"]["max"] else data["players"]["min"]
    assert players in (2, 3), "caught_chances reads the chances of a table of two or three: extend it"
    weighed = 0
    for count in range(1, 31):
        expected = expected_knock(data, data, players, count)
        if expected is None:
            continue
        gain = _knock_gain(data, players, count)
        assert gain == pytest.approx(expected, abs=1e-6), (
            f"a knock at {count} is worth {expected:+.3f} under the rules' payments; the default player weighs it "
            f"{gain:+.3f}: it does not weigh the payment at the count it holds (kernel/reckoner_nb.py knock_gain)")
        weighed += 1
    assert weighed >= 5, "the default player deems almost every knock hopeless"


def test_the_knock_check_tells_the_payments_apart() -> None:
    """(The check above can fail: russian's payments are not pagat's, so pagat's weighing misses them.)"""
    pagat, russian = (load_variant(name).variant.model_dump(mode="json") for name in ("pagat", "russian"))
    expected = expected_knock(pagat, russian, 3, 12)
    assert expected is not None
    assert _knock_gain(pagat, 3, 12) != pytest.approx(expected, abs=1e-6)


def test_a_payment_column_added_at_0_keeps_the_shipped_tuned_values_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    """A payment rule is a new column of the pay table (``who_pays.RULE_SIZE`` grows): where it holds 0 (the rule
    pays as before) every built-in keeps the play digest its shipped tuned values are keyed by, and nothing is
    tuned or rekeyed again; where it is used the rules play otherwise, and the digest says so."""
    from tonk_rules.sim import tuning

    ruleset = load_ruleset("pagat")
    tables = tuning.tables_of(ruleset)
    key = tuning.play_digest(ruleset)

    def widened(fill: int) -> Any:
        column = np.full((*tables.pay.shape[:2], 1), fill, np.int64)
        return dataclasses.replace(tables, pay=np.concatenate([tables.pay, column], axis=2))

    monkeypatch.setattr(tuning, "tables_of", lambda _: widened(0))
    assert tuning.play_digest(ruleset) == key
    monkeypatch.setattr(tuning, "tables_of", lambda _: widened(3))
    assert tuning.play_digest(ruleset) != key
