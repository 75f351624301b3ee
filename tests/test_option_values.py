"""One way to read a value: `--vary`/`--with` values are read as a variant file reads them (YAML 1.2, within
its limits), only rule keys may be given, and every refusal names the option and the key as typed."""

from __future__ import annotations

import json

import pytest
from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from tablekit import run

from tonk_rules.errors import SimulationError
from tonk_rules.sim.sweep import parse_vary, parse_with
from tonk_rules.yamlio import read_yaml_text


def test_values_read_as_yaml_1_2_as_in_a_variant_file() -> None:
    assert parse_vary("deal_check.at_most=012,014") == ("deal_check.at_most", [12, 14])  # not octal 10 and 12
    assert parse_vary("deal_check.at_most=1:30,13_0") == ("deal_check.at_most", ["1:30", "13_0"])  # text
    assert parse_vary("deal.upcard=yes,true") == ("deal.upcard", ["yes", True])


@settings(max_examples=examples(100))
@given(st.text(alphabet="0123456789_:.+-eEaxyzontrufl", min_size=1, max_size=12))
def test_an_option_value_is_what_the_same_text_is_in_a_variant_file(text: str) -> None:
    try:
        in_file = read_yaml_text("h.yaml", f"deal_check:\n  at_most: {text}\n", limit=4096).data
    except Exception:  # noqa: BLE001 - text a file refuses is refused as an option too
        with pytest.raises(SimulationError):
            parse_vary(f"deal_check.at_most={text}")
        return
    assert parse_vary(f"deal_check.at_most={text}")[1] == [in_file["deal_check"]["at_most"]]


@pytest.mark.parametrize("option, text, said", [
    ("--vary", "extends=pagat", "--vary extends: not a rule"),
    ("--vary", "title=Mine", "--vary title: not a rule"),
    ("--with", "foo.bar=1", "--with foo.bar: 'foo' is not a rule"),
    ("--with", "deal.foo=1", "--with deal.foo: 'foo' is not a rule of deal"),
    ("--vary", "deal_check.at_most.x=1", "deal_check.at_most is a value"),
    ("--vary", "deal_check.at_most=" + "1" * 100_000, "--vary deal_check.at_most: a value of 100,000 characters"),
    ("--vary", "deal_check.at_most=" + "1" * 5_000, "has too many digits"),
    ("--vary", "deal_check.at_most=*a", "not a single value"),
])
def test_refusals_name_the_key_as_typed_in_one_line_before_anything_plays(option: str, text: str,
                                                                         said: str) -> None:
    proc = run("sweep", "russian", "--vary", "deal_check.at_most=13", *([option, text] if option == "--with"
                                                                         else []),
               *(["--vary", text] if option == "--vary" else []), "--hands", "10")
    assert proc.returncode == 2, proc.stderr
    assert said in proc.stderr and "tonk-sweep-" not in proc.stderr and "/tmp" not in proc.stderr, proc.stderr
    assert len(proc.stderr) < 600


def test_with_takes_one_value() -> None:
    with pytest.raises(SimulationError, match="--with dealer.after_void: give one value"):
        parse_with("dealer.after_void=next,same")


def test_a_sweep_plays_the_values_a_file_would() -> None:
    proc = run("sweep", "russian", "--vary", "deal_check.at_most=012,014", "--hands", "10", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["vary"] == {"deal_check.at_most": [12, 14]}
