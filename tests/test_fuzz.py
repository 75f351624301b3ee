"""Fuzzing the two file readers: whatever the bytes, only the project's own errors come out, quickly.

Inputs: random bytes, random YAML-ish text, and valid variant files and hand records mutated (bit flips,
truncation, deep nesting, random tags, duplicated and dropped lines). Each input goes through the real
path a user's file takes: written to disk, read by the variant loader and by the record reader (and
replayed when it reads as a record). The bound per input is generous (60 s): it catches a hang or an
exponential blow-up, not a slow or busy machine.
"""

from __future__ import annotations

import contextlib
import copy
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tonk_rules.errors import TonkError
from tonk_rules.records import load_record, parse_record, replay
from tonk_rules.variant.loader import load_variant
from tonk_rules.yamlio import read_yaml_file

ROOT = Path(__file__).resolve().parent.parent
SEEDS = [p.read_bytes() for p in sorted((ROOT / "variants").glob("*.yaml"))]
SEEDS += [p.read_bytes() for p in sorted((ROOT / "examples").glob("*.yaml"))]
BOUND_SECONDS = 60.0
#: A short budget in the default run; the full one is marked slow (run by `pytest -m slow` and .ci/run).
BUDGETS = [pytest.param(12, id="quick"), pytest.param(60, id="full", marks=pytest.mark.slow)]


def fuzz(budget: int, strategy: st.SearchStrategy[Any], check: Callable[[Any], None]) -> None:
    """Run ``check`` on ``budget`` examples drawn from ``strategy``."""
    run = given(strategy)(check)
    settings(max_examples=budget, deadline=None, suppress_health_check=[HealthCheck.too_slow])(run)()

YAMLISH = st.lists(st.sampled_from(list("{}[]:,-&*!|>'\"#%@`?<=~.\\ \n\t") +
                                    ["a", "b", "1", "0", "true", "null", "!!int", "!!binary", "!x", "<<", "---",
                                     "...", "&a", "*a", "1:30", "\x00", "\x1b", "é", "♠", "extends: ",
                                     "format: tonk-hand/1\n", "actions:\n  - ", "Ann: "]),
                   max_size=120).map("".join)
TAGS = ["!!int ", "!!float ", "!!bool ", "!!binary ", "!!timestamp ", "!!python/object:os.system ", "!shout ",
        "!!set ", "!!omap ", "&x ", "*x ", "<<: ", "!!str ", "!!null ", "!!map ", "!!seq "]


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    data = bytearray(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["flip", "truncate", "nest", "tag", "duplicate", "drop", "splice"]))
        if not data:
            break
        at = draw(st.integers(0, len(data) - 1))
        if kind == "flip":
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif kind == "truncate":
            del data[at:]
        elif kind == "nest":
            depth = draw(st.integers(50, 1200))
            opener, closer = draw(st.sampled_from([(b"[", b"]"), (b"{a: ", b"}")]))
            data[at:at] = opener * depth + b"1" + closer * depth
        elif kind == "tag":
            data[at:at] = draw(st.sampled_from(TAGS)).encode()
        else:
            lines = bytes(data).split(b"\n")
            i = draw(st.integers(0, len(lines) - 1))
            if kind == "duplicate":
                lines.insert(i, lines[i])
            elif kind == "drop":
                del lines[i]
            else:
                lines.insert(i, draw(st.binary(max_size=40)))
            data = bytearray(b"\n".join(lines))
    return bytes(data)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


def read_both(folder: Path, data: bytes) -> None:
    """Read ``data`` as a variant file and as a hand record; anything but a TonkError fails the test."""
    path = folder / "input.yaml"
    path.write_bytes(data)
    start = time.perf_counter()
    with contextlib.suppress(TonkError):  # any other exception fails the test
        load_variant(path)
    with contextlib.suppress(TonkError):
        replay(load_record(path))
    elapsed = time.perf_counter() - start
    assert elapsed < BOUND_SECONDS, f"{elapsed:.1f} s for {data[:200]!r}"


@pytest.mark.parametrize("budget", BUDGETS)
def test_random_bytes(folder: Path, budget: int) -> None:
    fuzz(budget, st.binary(max_size=600), lambda data: read_both(folder, data))


@pytest.mark.parametrize("budget", BUDGETS)
def test_yamlish_text(folder: Path, budget: int) -> None:
    fuzz(budget, YAMLISH, lambda text: read_both(folder, text.encode("utf-8", "surrogatepass")))


@pytest.mark.parametrize("budget", BUDGETS)
def test_mutated_valid_files(folder: Path, budget: int) -> None:
    fuzz(budget, mutated(), lambda data: read_both(folder, data))


PLAIN = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                 max_size=4),
                     max_leaves=20)
ODD = st.recursive(PLAIN | st.sets(st.integers(), max_size=3) | st.tuples(st.integers()),
                   lambda inner: st.dictionaries(st.text(max_size=5) | st.integers(), inner, max_size=3),
                   max_leaves=8)


def _example_record() -> dict[str, object]:
    doc = read_yaml_file(ROOT / "examples" / "example-1.yaml", limit=1 << 20)
    assert isinstance(doc.data, dict)
    return doc.data


def _paths(node: object, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    out = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += _paths(value, (*path, i))
    return out


@pytest.mark.parametrize("budget", BUDGETS)
def test_records_given_as_data_with_one_value_replaced(budget: int) -> None:
    """The API: a valid record with any one value replaced by any data (even sets and integer keys)."""
    fuzz(budget, st.data(), _replace_one_value)


def _replace_one_value(data: st.DataObject) -> None:
    record = copy.deepcopy(_example_record())
    path = data.draw(st.sampled_from(_paths(record)[1:]))
    node: Any = record
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = data.draw(ODD)
    with contextlib.suppress(TonkError):
        replay(parse_record(record, ROOT / "examples"))
