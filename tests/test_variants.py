"""Built-in variants: they load, compile, carry provenance, and russian and pagat differ where docs/rules.md says."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tonk_rules import load_ruleset
from tonk_rules.cards import parse_cards
from tonk_rules.engine.turn import Turn
from tonk_rules.ruleset import compile_ruleset, position_vector
from tonk_rules.terms import SeveralDealTonks
from tonk_rules.variant.diff import variant_diff
from tonk_rules.variant.loader import builtin_names, load_variant
from tonk_rules.variant.provenance import value_paths
from tonk_rules.variant.render import variant_yaml
from tonk_rules.variant.schema import schema_text
from tonk_rules.variant.sources import Assumption, Quote, registry

ROOT = Path(__file__).resolve().parent.parent
EXPECTED = {"russian", "russian-2001", "classic-pc", "pagat", "pagat-no-upcard", "pagat-must-spread",
            "pagat-spread-bonus"}


def test_all_required_builtins_exist() -> None:
    assert set(builtin_names()) >= EXPECTED


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_value_of_every_builtin_has_a_registered_source_or_a_structured_assumption(name: str) -> None:
    loaded = load_variant(name)
    compile_ruleset(loaded.variant)
    paths = list(value_paths())
    assert len(paths) > 30 and set(loaded.provenance) == set(paths)
    for path in paths:
        source = loaded.provenance[path].source
        assert source is not None, f"{name}: {path} has no source"
        if isinstance(source, Quote):
            assert source.ref in registry() and source.quote.strip(), (name, path)
        else:
            assert isinstance(source, Assumption) and len(source.assumed.split()) >= 4, (name, path)


def test_the_registry_describes_every_source() -> None:
    for info in registry().values():
        assert info.title and info.language and info.origin and info.covers and info.silent
        assert info.id not in info.label  # users read a title, not an id
    assert registry()["nsk-2001"].label == "Novosibirsk translation (ru, 2001)"


def test_children_list_only_what_differs() -> None:
    for name in builtin_names():
        data = yaml.safe_load((ROOT / "variants" / f"{name}.yaml").read_text(encoding="utf-8"))
        if "extends" in data:
            parent = load_variant(data["extends"]).variant.model_dump()
            for section, body in data.items():
                if isinstance(body, dict) and section != "payments":
                    same = {k: v for k, v in body.items() if k in parent[section] and parent[section][k] == v}
                    assert not same, (name, section, same)


def test_a_child_changing_one_key_keeps_its_parents_sources_for_the_others(tmp_path: Path) -> None:
    (tmp_path / "h.yaml").write_text("extends: pagat\ndealer: {rotation: winner}\n", encoding="utf-8")
    loaded, parent = load_variant(tmp_path / "h.yaml"), load_variant("pagat")
    assert loaded.provenance["dealer.first"] == parent.provenance["dealer.first"]
    assert loaded.provenance["dealer.after_void"] == parent.provenance["dealer.after_void"]
    changed = loaded.provenance["dealer.rotation"]
    assert changed.kind == "unsourced" and changed.describe() == f"set in {tmp_path / 'h.yaml'}, no source given"


def test_a_section_with_only_a_source_cites_without_changing() -> None:
    rus, old = load_variant("russian"), load_variant("russian-2001")
    assert old.variant.deal == rus.variant.deal
    assert rus.provenance["deal.hand_size"].source.ref == "jnm"  # type: ignore[union-attr]
    assert old.provenance["deal.hand_size"].source.ref == "nsk-2001"  # type: ignore[union-attr]
    assert old.provenance["players.min"].source.ref == "jnm"  # type: ignore[union-attr]  # 2001 text is silent


def test_schema_file_is_not_stale() -> None:
    checked_in = (ROOT / "schemas" / "variant.schema.json").read_text(encoding="utf-8")
    assert checked_in == schema_text(), "regenerate with: tonk schema --out schemas/variant.schema.json"


def test_builtin_files_carry_the_schema_comment() -> None:
    for path in (ROOT / "variants").glob("*.yaml"):
        assert path.read_text(encoding="utf-8").startswith("# yaml-language-server: $schema=")


def test_house_rule_in_three_lines_loads_from_any_path(tmp_path: Path) -> None:
    deep = tmp_path / "a" / "b"
    deep.mkdir(parents=True)
    (deep / "table.yaml").write_text("extends: russian\ndeal_check:\n  at_most: 13\n", encoding="utf-8")
    loaded = load_variant(deep / "table.yaml")
    assert loaded.variant.deal_check.at_most == 13
    assert loaded.variant.deal_check.at_least == 49
    assert "table.yaml" in loaded.provenance["deal_check.at_most"].file
    assert loaded.provenance["deal_check.at_least"].source == load_variant("russian").provenance[
        "deal_check.at_least"].source
    ruleset = compile_ruleset(loaded.variant)
    assert ruleset.deal_check.qualifies(parse_cards("2S 2H 3D 3C 3S"))  # 13
    assert not ruleset.deal_check.qualifies(parse_cards("2S 2H 3D 3C 4S"))  # 14


def test_relative_parent_path_resolves_against_the_child(tmp_path: Path) -> None:
    (tmp_path / "base.yaml").write_text("extends: pagat\nknocking:\n  max_count: 10\n", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "child.yaml").write_text("extends: ../base.yaml\ndeal:\n  hand_size: 7\n", encoding="utf-8")
    loaded = load_variant(tmp_path / "sub" / "child.yaml")
    assert (loaded.variant.knocking.max_count, loaded.variant.deal.hand_size) == (10, 7)


def test_caught_knocker_pays_only_the_lowest_is_writable(tmp_path: Path) -> None:
    (tmp_path / "lowest.yaml").write_text(
        "extends: pagat\npayments:\n  knock_caught:\n"
        "    rules: [{payer: knocker, receiver: winners, stakes: 2}]\n", encoding="utf-8")
    schedule = load_ruleset(tmp_path / "lowest.yaml").payments
    payments = schedule.settle("knock_caught", winners=(2,), knocker=0, counts=[9, 8, 5], stakes=[1, 1, 1])
    assert [(p.payer, p.receiver, p.amount) for p in payments] == [(0, 2, 2)]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_show_output_is_itself_a_valid_variant_file(name: str, tmp_path: Path) -> None:
    loaded = load_variant(name)
    for provenance in (False, True):
        path = tmp_path / f"shown-{provenance}.yaml"
        path.write_text(variant_yaml(loaded, provenance=provenance), encoding="utf-8")
        again = load_variant(path)
        assert again.digest == loaded.digest
    assert again.variant == loaded.variant
    # with provenance, every value's source comes back
    assert {k: p.source for k, p in again.provenance.items()} == {k: p.source for k, p in loaded.provenance.items()}


# --- russian against pagat: each row of the docs/rules.md matrix where they differ ----------------------------

@pytest.fixture(scope="module")
def rus() -> object:
    return load_ruleset("russian")


@pytest.fixture(scope="module")
def pag() -> object:
    return load_ruleset("pagat")


def test_row1_players(rus, pag) -> None:  # type: ignore[no-untyped-def]
    assert (rus.max_players, pag.max_players) == (10, 3)  # gamerules: «2-3 pelaajaa»


def test_row2_dealer(rus, pag) -> None:  # type: ignore[no-untyped-def]
    assert (rus.dealer.first, pag.dealer.first) == ("agreed", "high_card_cut")


def test_row4_deal_tonk_totals(rus, pag) -> None:  # type: ignore[no-untyped-def]
    low = parse_cards("AS 2S 3S 4S 5S")  # 15
    assert rus.deal_check.qualifies(low) and not pag.deal_check.qualifies(low)
    high = parse_cards("KS KH QD JC 9S")  # 49
    assert rus.deal_check.qualifies(high) and pag.deal_check.qualifies(high)


def test_row6_several_deal_tonks(rus, pag) -> None:  # type: ignore[no-untyped-def]
    assert (rus.deal_check.several, pag.deal_check.several) == (SeveralDealTonks.ALL_PAID, SeveralDealTonks.VOID)


def test_row10_caught_knock_payments(rus, pag) -> None:  # type: ignore[no-untyped-def]
    # knocker 0 with 10; player 1 has 5 (lowest); player 2 has 8 (at or below); player 3 has 20 (above)
    args = {"winners": (1,), "knocker": 0, "counts": [10, 5, 8, 20], "stakes": [1, 1, 1, 1]}
    r = [(p.payer, p.receiver, p.amount) for p in rus.payments.settle("knock_caught", **args)]
    g = [(p.payer, p.receiver, p.amount) for p in pag.payments.settle("knock_caught", **args)]
    assert r == [(0, 1, 2), (0, 2, 2), (3, 1, 1)]  # player 2, between, pays nothing in russian
    assert g == [(0, 1, 2), (0, 2, 2), (0, 1, 1), (2, 1, 1), (3, 1, 1)]  # the lowest collects from everyone


def facts_holding(cards: int) -> tuple[int, ...]:
    """The facts of a position whose seat 0 holds ``cards`` cards (the lowest of the deck)."""
    position = [0] * position_vector.P_SIZE
    position[position_vector.P_HANDS] = (1 << cards) - 1
    return position_vector.position_facts(position, 0)


def test_row13_taken_discard(rus, pag) -> None:  # type: ignore[no-untyped-def]
    card = parse_cards("QC")[0]
    assert rus.taken_discard.why_not_discard(card, card, facts_holding(3)) is not None
    assert rus.taken_discard.why_not_discard(card, card, facts_holding(1)) is None  # the last card
    assert pag.taken_discard.why_not_discard(card, card, facts_holding(3)) is None


def test_row17_hitting_books(rus, pag) -> None:  # type: ignore[no-untyped-def]
    assert rus.hitting.why_not("book", True, Turn().slots, facts_holding(3)) is not None
    assert pag.hitting.why_not("book", False, Turn().slots, facts_holding(3)) is None


def test_row18_going_out_without_discard(rus, pag) -> None:  # type: ignore[no-untyped-def]
    args = {"winners": (0,), "knocker": None, "counts": [0, 5, 7], "stakes": [1, 1, 1]}
    assert [p.amount for p in rus.payments.settle("out_by_spread", **args)] == [1, 1]
    assert [p.amount for p in pag.payments.settle("out_by_spread", **args)] == [2, 2]


def test_diff_russian_pagat_lists_every_matrix_difference() -> None:
    report = variant_diff(load_variant("russian"), load_variant("pagat"))
    differ = {r.path for r in report.rows if r.differs}
    assert {"players.max", "dealer.first", "deal_check.at_most", "deal_check.several", "hitting.books",
            "taken_discard.rule", "payments.knock_caught.rules", "payments.out_by_spread.rules",
            "payments.out_by_hit.rules"} <= differ
    by_assumption = {r.path for r in report.rows if not r.differs}
    assert "stock_exhaustion.when_empty" in by_assumption  # russian assumes it, pagat quotes it
    assert not variant_diff(load_variant("pagat"), load_variant("pagat")).rows


def test_diff_of_a_house_file_with_its_parent_shows_exactly_the_changed_keys(tmp_path: Path) -> None:
    (tmp_path / "my-house.yaml").write_text(
        "extends: russian\ndeal_check: {at_most: 13}\nknocking: {max_count: 20}\n", encoding="utf-8")
    report = variant_diff(load_variant(tmp_path / "my-house.yaml"), load_variant("russian"))
    assert [r.path for r in report.rows] == ["deal_check.at_most", "knocking.max_count"]
    assert report.rows[0].left.kind == "unsourced" and report.rows[0].right.kind == "quoted"
    assert report.left_title == "my-house, based on Russian rules (JNM \"Black Company\" LARP, Novosibirsk)"




def test_the_sources_registry_ships_in_the_wheel_and_is_not_a_variant() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"tonk_rules.variant" = ["sources.yaml"]' in pyproject
    assert "sources" not in builtin_names()


def test_show_with_provenance_keeps_a_house_value_unsourced(tmp_path: Path) -> None:
    (tmp_path / "h.yaml").write_text("extends: russian\ndeal_check: {at_most: 13}\n", encoding="utf-8")
    loaded = load_variant(tmp_path / "h.yaml")
    shown = variant_yaml(loaded, provenance=True)
    assert "# set without a source: deal_check.at_most" in shown
    (tmp_path / "shown.yaml").write_text(shown, encoding="utf-8")
    again = load_variant(tmp_path / "shown.yaml").provenance
    assert again["deal_check.at_most"].source is None
    assert again["deal_check.at_least"].source == loaded.provenance["deal_check.at_least"].source
