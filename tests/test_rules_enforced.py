"""Every rule is enforced: for every leaf field of the variant model, some hand plays differently.

For each field (walked from the model by tests/model_fields.py: a new field is covered without editing this
file), the test searches, on the compiled kernel, a valid change of its value (in some built-in) and a seeded
hand whose legal moves (the bots' action trace), ending, counts or payments differ between the two values;
a seat count or stakes that one value refuses and the other plays count too. It then confirms the very same
hands on the reference engine: under both values the engine plays exactly what the kernel played. So a field
that is read but not enforced — by the kernel, by the engine, or by both — fails here, by name.

Session rules (who deals next, the points target) govern a sequence of hands, which only the engine plays
(:class:`~tonk_rules.engine.session.Session`; the kernel plays independent hands, see
``tonk_rules/kernel/batch.py``): for those the test plays seeded sessions on the engine.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np
import pytest
from model_fields import FIELD_IDS, FIELDS, Path, changes, compiled, get, label
from pydantic.fields import FieldInfo

from tonk_rules import kernel
from tonk_rules.engine.session import Session
from tonk_rules.errors import TonkError
from tonk_rules.kernel import api
from tonk_rules.kernel.batch import HandBatch
from tonk_rules.kernel.seats import SeatSpec
from tonk_rules.kernel.tables import KernelTables
from tonk_rules.ruleset import Ruleset, slots
from tonk_rules.ruleset.rule_objects import KnockRule
from tonk_rules.sim import reference

#: Fields that govern a session, not a hand: the kernel never sees them (the reason is above), the engine's
#: Session must. The same set as ``tonk_rules.kernel.tables.SESSION_FIELDS`` plus the points target.
SESSION_ONLY = {"dealer.first", "dealer.rotation", "dealer.after_void", "scoring.target"}
HANDS = 200  # hands searched per seat set-up (the kernel plays them in milliseconds)
#: hands searched first: where these already hold CONFIRM differing hands, they are the ones a search of all
#: HANDS finds first (a hand is a function of the seed and its number: tonk_rules/kernel/batch.py), and the
#: other hands are not played (about a second of this file's CPU); else all HANDS are searched, as before
FIRST = 25
CONFIRM = 3  # differing hands of a set-up replayed on the engine
SETUPS = 2  # set-ups whose differing hands are replayed
BASES_CONFIRMED = 3  # variants (a built-in, or one changed by tests/model_fields.py) in which that is done
#: The default run confirms one base per field (every field still searched and replayed on the engine); the
#: slow tier (.ci/run) all three: the further bases cost half of this file's time and have never found more.
BUDGETS = [pytest.param(1, id="quick"), pytest.param(BASES_CONFIRMED, id="full", marks=pytest.mark.slow)]
SEED = 7
Play = Callable[..., HandBatch]
Outcome = tuple[Any, ...] | str


#: What a player would notice of a hand: how it ended, who won, the counts, the payments, how many actions
#: and turns it took and who knocked (and, on the engine check, every action: the trace).
NOTICED = ("ending", "winners", "counts", "net", "actions", "turns", "knocker")


@pytest.fixture(autouse=True)
def _tables_compiled_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search plays each ruleset many times: compile its kernel tables once (as ``kernel/rollout.py``
    does; the Ruleset is frozen and hashes by value)."""
    monkeypatch.setattr(api, "tables_of", functools.lru_cache(maxsize=64)(api.tables_of))


def _play(play: Play, ruleset: Ruleset, seats: Sequence[SeatSpec], stakes: list[int] | None, n: int,
          first_hand: int = 0, trace: bool = False) -> HandBatch | str:
    """The hands played, or the refusal's message when the rules do not play this set-up."""
    try:
        return play(ruleset, seats, n, SEED, stakes, 0, first_hand, trace=trace, max_actions=400)
    except TonkError as exc:
        return f"refused: {exc}"


def _differences(a: HandBatch, b: HandBatch) -> list[int]:
    """The hands (indexes) that the two batches played differently."""
    differs = np.zeros(len(a), np.bool_)
    for name in NOTICED:
        x, y = getattr(a, name), getattr(b, name)
        differs |= (x != y).reshape(len(a), -1).any(axis=1)
    if a.trace is not None and b.trace is not None:
        differs |= np.array([not np.array_equal(s, t) for s, t in zip(a.trace, b.trace, strict=True)])
    return [int(i) for i in np.flatnonzero(differs)]


def _setups(a: Ruleset, b: Ruleset) -> Iterator[tuple[list[SeatSpec], list[int] | None]]:
    """Seat set-ups to try, the cheapest first: every seat count either ruleset plays; random bots (they
    explore the legal moves), greedy bots that never knock (they play to the stock's end) and knock early;
    one stake, two each, and stakes per player."""
    counts = sorted({a.min_players, b.min_players, a.max_players, b.max_players, 2, 3} & set(range(2, 7)))
    bots: list[SeatSpec] = [("random", {}), ("greedy", {"knock": 0}), ("greedy", {"knock": 10})]
    for n in counts:
        for bot in bots:
            for stakes in (None, [2] * n, list(range(1, n + 1))):
                yield [bot] * n, stakes
        yield [bots[s % 3] for s in range(n)], None


Found = list[tuple[list[SeatSpec], list[int] | None, int]]


def _differing_hands(a: Ruleset, b: Ruleset) -> Found:
    """Set-ups and hand indexes where the kernel plays ``a`` and ``b`` differently (-1: one refuses the
    set-up): up to :data:`CONFIRM` hands from each of up to :data:`SETUPS` set-ups, so that the engine is
    checked on more than the first difference (which may come from a bot's choice, not from the rule)."""
    found: Found = []
    for seats, stakes in _setups(a, b):
        first_a = _play(kernel.play_hands, a, seats, stakes, FIRST)
        first_b = _play(kernel.play_hands, b, seats, stakes, FIRST)
        if not isinstance(first_a, str) and not isinstance(first_b, str):
            early = _differences(first_a, first_b)[:CONFIRM]
            if len(early) == CONFIRM:  # the hands all HANDS would give first (a hand depends on its number only)
                found += [(seats, stakes, i) for i in early]
                if len({(str(s), str(t)) for s, t, _ in found}) >= SETUPS:
                    break
                continue
        on_a = _play(kernel.play_hands, a, seats, stakes, HANDS)
        on_b = _play(kernel.play_hands, b, seats, stakes, HANDS)
        if isinstance(on_a, str) or isinstance(on_b, str):
            if on_a != on_b and not (isinstance(on_a, str) and isinstance(on_b, str)):
                found.append((seats, stakes, -1))
        else:
            found += [(seats, stakes, i) for i in _differences(on_a, on_b)[:CONFIRM]]
        if len({(str(s), str(t)) for s, t, _ in found}) >= SETUPS:
            break
    return found


def _engine_agrees(ruleset: Ruleset, seats: list[SeatSpec], stakes: list[int] | None, i: int) -> bool:
    """The reference engine plays hand ``i`` of this set-up action for action as the kernel (or refuses it
    as the kernel does)."""
    fast = _play(kernel.play_hands, ruleset, seats, stakes, 1, first_hand=max(i, 0), trace=True)
    ref = _play(reference.play_hands, ruleset, seats, stakes, 1, first_hand=max(i, 0), trace=True)
    if isinstance(fast, str) or isinstance(ref, str):
        return isinstance(fast, str) and isinstance(ref, str)
    return not _differences(fast, ref)


def _session(ruleset: Ruleset, players: int, first_dealer: int | None, seed: int) -> Outcome:
    """Dealers, results and balances of a seeded session of random play (or the refusal)."""
    rng = random.Random(seed)
    try:
        session = Session(ruleset, [f"p{s}" for s in range(players)], first_dealer=first_dealer)
        dealers, over = [], []
        for _ in range(20):
            if session.over:
                break
            hand = session.new_hand(rng)
            dealers.append(hand.dealer)
            while not hand.over:
                legal = hand.legal_actions()
                hand.apply(legal[rng.randrange(len(legal))] if rng.random() < 0.9 else legal[0])
            session.finish_hand(hand)
            over.append(session.over)
        return tuple(dealers), tuple(over), tuple(session.balances)
    except TonkError as exc:
        return f"refused: {exc}"


def _session_differs(a: Ruleset, b: Ruleset) -> bool:
    for players in sorted({a.min_players, b.min_players, 3} & set(range(2, 7))):
        for first_dealer in (None, 0):
            for seed in range(3):
                if _session(a, players, first_dealer, seed) != _session(b, players, first_dealer, seed):
                    return True
    return False


@pytest.mark.parametrize("bases", BUDGETS)
@pytest.mark.parametrize(("path", "info"), FIELDS, ids=FIELD_IDS)
def test_changing_the_field_changes_play_on_the_kernel_and_the_engine(path: Path, info: FieldInfo,
                                                                       bases: int) -> None:
    enforced(path, info, bases)


def enforced(path: Path, info: FieldInfo, bases: int) -> None:
    """Some change of the field plays differently on the kernel, and the engine plays those very hands as the
    kernel did, in ``bases`` variants (or all those tried, if fewer differ)."""
    name = ".".join(path)
    tried: list[str] = []
    confirmed: set[str] = set()  # the bases whose differing hands the engine replayed
    for data, where, value, variation in changes(path, info):
        if data["title"] in confirmed:
            continue
        a, b = compiled(data), compiled(variation)
        assert a is not None and b is not None
        if name in SESSION_ONLY:
            if _session_differs(a, b):
                return
            tried.append(label(where, get(data, where), value, data))
            continue
        found = _differing_hands(a, b)
        if not found:
            tried.append(label(where, get(data, where), value, data))
            continue
        for seats, stakes, i in found:
            for ruleset in (a, b):
                assert _engine_agrees(ruleset, seats, stakes, i), (
                    f"{name}: the kernel plays {label(where, get(data, where), value, data)} differently on hand "
                    f"{i} ({seats}, stakes {stakes}), but the reference engine does not play as the kernel: the "
                    "engine does not enforce this rule as the kernel does")
        confirmed.add(data["title"])
        if len(confirmed) == bases:
            return
    if confirmed:
        return
    where = "the engine's sessions" if name in SESSION_ONLY else "the kernel"
    pytest.fail(f"{name}: no change of this field changes any hand on {where} — the rule is not enforced "
                f"(tried {len(tried)} changes, e.g. {tried[:3]})")


def _field(name: str) -> tuple[Path, FieldInfo]:
    return next((p, info) for p, info in FIELDS if ".".join(p) == name)


def test_a_rule_the_kernel_reads_but_does_not_enforce_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """The experiment of issue 13: the kernel ignores the hit lock (its table says "off" whatever the rule)."""
    real = api.tables_of

    def ignoring_the_hit_lock(ruleset: Ruleset) -> KernelTables:
        tables = real(ruleset)
        params = tables.params.copy()
        params[slots.R_KN_HIT_LOCK] = 0
        return dataclasses.replace(tables, params=params)

    monkeypatch.setattr(api, "tables_of", ignoring_the_hit_lock)
    with pytest.raises(pytest.fail.Exception, match="knocking.hit_lock: no change of this field changes any hand"):
        enforced(*_field("knocking.hit_lock"), BASES_CONFIRMED)


def test_a_rule_the_engine_does_not_enforce_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine forgets the knock limit (the kernel keeps it): the engine disagrees with the kernel."""
    real = KnockRule.refusal  # what engine/legality asks (move generation included)

    def ignoring_the_limit(self: KnockRule, turn: Sequence[int], facts: Sequence[int], **state: Any) -> int:
        return int(real(dataclasses.replace(self, max_count=None), turn, facts, **state))

    monkeypatch.setattr(KnockRule, "refusal", ignoring_the_limit)
    with pytest.raises(AssertionError, match="knocking.max_count: .* the engine does not enforce"):
        enforced(*_field("knocking.max_count"), BASES_CONFIRMED)
