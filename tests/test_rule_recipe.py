"""The parts of a new rule that only these tests ask for (docs/adding-a-rule.md, "what the suite says when a
step is left out"): the default player using what the rule offers, and the judgement of when the rule matters
(its checks row). The third, an in-play count that never moves, is tests/test_in_play.py's
``test_every_kernel_count_moves_in_some_play``."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel, create_model

from tonk_rules import load_ruleset
from tonk_rules.bots.specs import parse_specs
from tonk_rules.engine.encoding import action_key
from tonk_rules.engine.hand import Hand
from tonk_rules.kernel import layout as L
from tonk_rules.kernel import play_hands
from tonk_rules.kernel.batch import plan_hand
from tonk_rules.kernel.tables import seating
from tonk_rules.sim.panel import DEFAULT_PLAYER
from tonk_rules.sim.tuning import seats_for
from tonk_rules.variant.added import added_rule, added_sources
from tonk_rules.variant.checks import DEPENDENT_OPTIONS, NO_ROW
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
