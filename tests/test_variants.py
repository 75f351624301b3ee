"""Built-in variants: they load, compile, carry provenance, and russian and pagat differ where RULES.md says."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from tonk_rules.cards import parse_cards
from tonk_rules.ruleset import compile_ruleset
from tonk_rules.terms import SeveralDealTonks
from tonk_rules.variant.loader import builtin_names, load_variant
from tonk_rules.variant.render import variant_diff, variant_yaml
from tonk_rules.variant.schema import schema_text

ROOT = Path(__file__).resolve().parent.parent
EXPECTED = {"russian", "russian-2001", "classic-pc", "pagat", "pagat-no-upcard", "pagat-must-spread",
            "pagat-spread-bonus"}


def test_all_required_builtins_exist() -> None:
    assert set(builtin_names()) >= EXPECTED


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_builtin_loads_compiles_and_states_every_source(name: str) -> None:
    loaded = load_variant(name)
    compile_ruleset(loaded.variant)
    sections = [k for k, v in loaded.variant.model_dump().items() if isinstance(v, dict) and k != "payments"]
    sections += [f"payments.{k}" for k in loaded.variant.payments.model_dump()]
    for section in sections:
        source = loaded.provenance.get(section, "")
        assert source and not source.startswith("set in"), f"{name}: {section} has no source"
        assert source.startswith(("assumed:", "000", "001", "002", "003", "004")), (name, section, source)


def test_children_list_only_what_differs() -> None:
    for name in builtin_names():
        data = yaml.safe_load((ROOT / "variants" / f"{name}.yaml").read_text(encoding="utf-8"))
        if "extends" in data:
            parent = load_variant(data["extends"]).variant.model_dump()
            for section, body in data.items():
                if isinstance(body, dict):
                    changed = {k: v for k, v in body.items() if k != "source"}
                    same = {k: v for k, v in changed.items() if parent[section].get(k) == v}
                    assert len(same) < len(changed) or section == "deal_check", (name, section, same)


def test_schema_file_is_not_stale() -> None:
    checked_in = (ROOT / "schemas" / "variant.schema.json").read_text(encoding="utf-8")
    assert checked_in == schema_text(), "regenerate with: tonk schema > schemas/variant.schema.json"


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
    assert "table.yaml" in loaded.provenance["deal_check"]
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
        "    rules: [{payer: knocker, receiver: winners, stakes: 2, stake_of: receiver}]\n", encoding="utf-8")
    schedule = compile_ruleset(load_variant(tmp_path / "lowest.yaml").variant).payments
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
    assert again.variant == loaded.variant  # with provenance, the sources come back too


# --- russian against pagat: each row of the RULES.md matrix where they differ ----------------------------

@pytest.fixture(scope="module")
def rus() -> object:
    return compile_ruleset(load_variant("russian").variant)


@pytest.fixture(scope="module")
def pag() -> object:
    return compile_ruleset(load_variant("pagat").variant)


def test_row1_players(rus, pag) -> None:  # type: ignore[no-untyped-def]
    assert (rus.max_players, pag.max_players) == (10, 4)


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


def test_row13_taken_discard(rus, pag) -> None:  # type: ignore[no-untyped-def]
    card = parse_cards("QC")[0]
    assert rus.taken_discard.why_not_discard(card, card, hand_size=3) is not None
    assert rus.taken_discard.why_not_discard(card, card, hand_size=1) is None  # the last card
    assert pag.taken_discard.why_not_discard(card, card, hand_size=3) is None


def test_row17_hitting_books(rus, pag) -> None:  # type: ignore[no-untyped-def]
    assert rus.hitting.why_not("book", own=True) is not None
    assert pag.hitting.why_not("book", own=False) is None


def test_row18_going_out_without_discard(rus, pag) -> None:  # type: ignore[no-untyped-def]
    args = {"winners": (0,), "knocker": None, "counts": [0, 5, 7], "stakes": [1, 1, 1]}
    assert [p.amount for p in rus.payments.settle("out_by_spread", **args)] == [1, 1]
    assert [p.amount for p in pag.payments.settle("out_by_spread", **args)] == [2, 2]


def test_diff_russian_pagat_lists_every_matrix_difference() -> None:
    rows = variant_diff(load_variant("russian"), load_variant("pagat"))
    dims = {r["dimension"] for r in rows}
    assert {"players.max", "dealer.first", "deal_check.at_most", "deal_check.several", "hitting.books",
            "taken_discard.rule", "payments.knock_caught", "payments.out_by_spread", "payments.out_by_hit",
            "stock_exhaustion.when_empty"} <= dims
    json.dumps(rows)
    assert not variant_diff(load_variant("pagat"), load_variant("pagat"))
