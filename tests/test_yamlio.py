"""The hardened reader on its own: plain data, positions, and what it refuses."""

from __future__ import annotations

from pathlib import Path

import pytest
from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tonk_rules.errors import YamlReadError
from tonk_rules.yamlio import MAX_DEPTH, MAX_PROBLEMS, read_limited, read_yaml_text


def read(text: str) -> object:
    return read_yaml_text("f.yaml", text, limit=1 << 20).data


def problems(text: str) -> list[tuple[int, int, str]]:
    with pytest.raises(YamlReadError) as info:
        read_yaml_text("f.yaml", text, limit=1 << 20)
    return [(d.line, d.column, d.message) for d in info.value.diagnostics]


def test_plain_values_follow_yaml_1_2_core() -> None:
    assert read("a: 1:30\nb: 2001-12-14\nc: yes\nd: 012\ne: 0x1F\nf: ~\ng: -3\nh: 2.5\ni: TRUE\nj: '7'\nk: =\n") == {
        "a": "1:30", "b": "2001-12-14", "c": "yes", "d": 12, "e": "0x1F", "f": None, "g": -3, "h": 2.5, "i": True,
        "j": "7", "k": "="}


def test_plain_tags_are_read_and_impossible_ones_refused() -> None:
    assert read("a: !!str 5\nb: !!int '7'\nc: !!float 3\nd: !!bool true\ne: !!null ''\n") == {
        "a": "5", "b": 7, "c": 3.0, "d": True, "e": None}
    assert [m for _, _, m in problems("a: !!int five\nb: !!bool maybe\n")] == [
        "'five' cannot be read as !!int; write the value without the tag",
        "'maybe' cannot be read as !!bool; write the value without the tag"]


def test_every_duplicate_key_is_reported_where_it_is() -> None:
    found = problems("a: 1\nb:\n  c: 1\n  c: 2\na: 3\n")
    assert found == [(4, 3, "duplicate key 'c' (first given at line 3)"),
                     (5, 1, "duplicate key 'a' (first given at line 1)")]


def test_positions_of_values_and_keys() -> None:
    doc = read_yaml_text("f.yaml", "top:\n  - x\n  - {k: v}\n", limit=100)
    assert doc.where(("top", 1, "k")) == (3, 9)
    assert doc.where(("top", 1, "k"), key=True) == (3, 6)
    assert doc.where(("top", 5)) == (2, 3)  # an absent item: its nearest located ancestor


def test_nesting_is_bounded_without_recursion() -> None:
    assert read("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    [(line, col, message)] = problems("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert (line, col, message) == (1, MAX_DEPTH + 1, f"nested more than {MAX_DEPTH} levels deep")
    assert problems("a: " + "{a: " * 100_000 + "}" * 100_000)  # far deeper than Python's recursion limit


def test_problems_are_capped_with_a_closing_line() -> None:
    found = problems("a: 1\n" * 500)
    assert len(found) == MAX_PROBLEMS + 1
    assert found[-1][2] == f"more problems follow; only the first {MAX_PROBLEMS} are shown"


def test_control_characters_are_located() -> None:
    assert problems("a: ok\nb: x\x00y\n")[0][:2] == (2, 5)
    assert problems("a: ok\nb: \x1b[2J\n")[0][:2] == (2, 4)


def test_reads_at_most_limit_plus_one_bytes(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    with big.open("wb") as out:
        out.truncate(50 * 1024 * 1024)  # sparse: says 50 MB; the reader must stop at the limit
    with pytest.raises(YamlReadError, match="file is larger than 1 KiB"):
        read_limited(big, 1024)
    assert read_limited(big, 50 * 1024 * 1024) == bytes(50 * 1024 * 1024)[:50 * 1024 * 1024]


# JSON escapes characters beyond the BMP as surrogate pairs, which YAML does not take: the BMP only here
TEXT = st.characters(max_codepoint=0xFFFF, exclude_categories=("Cs",))


@settings(max_examples=examples(50), deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(TEXT, max_size=10),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(TEXT, max_size=6), inner,
                                                                                max_size=4),
                    max_leaves=15))
def test_whatever_json_writes_reads_back_equal(value: object) -> None:
    """JSON is YAML 1.2: plain data written as JSON reads back unchanged (no YAML 1.1 surprises)."""
    import json

    assert read_yaml_text("f.yaml", json.dumps(value), limit=1 << 20).data == value


def test_binary_data_is_one_line_without_positions() -> None:
    """/proc/self/environ as a variant: one line, not one per NUL (whose columns would tell the lengths)."""
    found = problems("HOME=/root\x00PATH=/usr/bin\x00SECRET=hunter2\x00" * 30)
    assert found == [(0, 0, "the file holds NUL bytes: it is binary data, not YAML text")]
