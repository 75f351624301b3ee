"""The compiled kernel's API: reproducible chunks, clear refusals, every Ruleset field mapped, the cache."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, cast

import numpy as np
import pytest

from tonk_rules import kernel
from tonk_rules.errors import BotSpecError, KernelError
from tonk_rules.kernel import jit
from tonk_rules.kernel.tables import SESSION_FIELDS, tables_of
from tonk_rules.ruleset import Ruleset, compile_ruleset, slots
from tonk_rules.ruleset.params import COMPUTED
from tonk_rules.sim import reference
from tonk_rules.sim import runner as sim_runner
from tonk_rules.variant.loader import builtin_names, load_variant

RUSSIAN = compile_ruleset(load_variant("russian").variant)
SEATS: list[tuple[str, dict[str, int]]] = [("greedy", {"knock": 5}), ("random", {}), ("greedy", {})]


def test_any_chunking_of_a_run_gives_the_same_hands() -> None:
    whole = kernel.play_hands(RUSSIAN, SEATS, 300, seed=42)
    parts = [kernel.play_hands(RUSSIAN, SEATS, b - a, seed=42, first_hand=a) for a, b in ((0, 7), (7, 150), (150, 300))]
    for name in ("ending", "net", "counts", "actions", "dealer"):
        assert np.array_equal(getattr(whole, name), np.concatenate([getattr(p, name) for p in parts]))
    assert whole.net.sum(axis=1).tolist() == [0] * 300
    assert whole.dealer[:6].tolist() == [0, 1, 2, 0, 1, 2]
    other = kernel.play_hands(RUSSIAN, SEATS, 300, seed=43)
    assert not np.array_equal(whole.net, other.net)


@pytest.mark.parametrize(("seats", "error", "message"), [
    ([("alphago", {})] * 2, BotSpecError, "unknown bot 'alphago'"),
    ([("greedy", {"knock": -2})] * 2, BotSpecError, "knock must be"),
    ([("greedy", {"nerve": 2})] * 2, BotSpecError, "nerve"),
    ([("random", {})] * 3, KernelError, "seats exactly 2 players, not 3"),
])
def test_bad_requests_are_refused_with_a_reason(seats: Any, error: type[Exception], message: str) -> None:
    two_seats = compile_ruleset(load_variant("classic-pc").variant)
    for runner in (kernel.play_hands, reference.play_hands):
        with pytest.raises(error, match=message):
            runner(two_seats, seats, 3, seed=1)


def test_unequal_stakes_need_a_per_player_variant() -> None:
    with pytest.raises(KernelError, match="one agreed stake"):
        kernel.play_hands(RUSSIAN, SEATS, 3, seed=1, stakes=[1, 2, 1])
    for runner in (kernel.play_hands, reference.play_hands):
        with pytest.raises(KernelError, match="one agreed stake"):
            runner(RUSSIAN, SEATS, 3, seed=1, stakes=[2, 1, 1])
    per_player = compile_ruleset(load_variant("russian-2001").variant)
    batch = kernel.play_hands(per_player, SEATS, 50, seed=1, stakes=[1, 2, 3])
    assert batch.net.sum() == 0


# --- every Ruleset field reaches the kernel's tables -------------------------------------------------------
class Recorder:
    """Wraps a Ruleset (and its nested rule objects) and records every field path read."""

    def __init__(self, obj: object, path: str, log: set[str]) -> None:
        self._obj, self._path, self._log = obj, path, log

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._obj, name)
        path = self._path + name
        self._log.add(path)
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            return Recorder(value, path + ".", self._log)
        return value


def leaf_fields(obj: object, prefix: str = "") -> set[str]:
    out = set()
    for field in dataclasses.fields(obj):  # type: ignore[arg-type]
        if not field.init:
            continue
        value = getattr(obj, field.name)
        if dataclasses.is_dataclass(value) and not isinstance(value, type) and dataclasses.fields(value):
            out |= leaf_fields(value, prefix + field.name + ".")
        else:
            out.add(prefix + field.name)
    return out


def unmapped(ruleset: Ruleset) -> set[str]:
    log: set[str] = set()
    tables_of(cast(Ruleset, Recorder(ruleset, "", log)))
    return {f for f in leaf_fields(ruleset) - log if not f.startswith(SESSION_FIELDS)}


@pytest.mark.parametrize("name", builtin_names())
def test_every_ruleset_field_is_mapped_into_the_kernel_tables(name: str) -> None:
    assert unmapped(compile_ruleset(load_variant(name).variant)) == set(), (
        "give these a slot and its line in ruleset/slots.py READ (or read them in kernel/tables.py)")


def test_a_new_ruleset_field_that_the_kernel_ignores_fails_the_mapping_test() -> None:
    extended = dataclasses.make_dataclass("Extended", [("surprise", int)], bases=(Ruleset,), frozen=True)
    values = {f.name: getattr(RUSSIAN, f.name) for f in dataclasses.fields(RUSSIAN)}
    assert unmapped(extended(**values, surprise=3)) == {"surprise"}


def test_every_parameter_slot_is_declared_with_how_it_is_read() -> None:
    """A slot ``R_*`` added to ruleset/slots.py without its line in ``slots.READ`` would stay neutral for
    every ruleset: both engines would read a rule they were never given."""
    declared = {name: value for name, value in vars(slots).items() if name.startswith("R_")}
    unread = {name for name, value in declared.items() if value not in slots.READ and value not in COMPUTED}
    assert unread == set(), "say in ruleset/slots.py READ where these slots are read from"
    assert len(set(declared.values())) == len(declared) and max(declared.values()) < slots.N_PARAMS, "slots overlap"
    assert not set(slots.READ) & set(COMPUTED)


def compiled_slot_reads(sources: dict[str, str]) -> set[str]:
    """The ``R_*`` slots the compiled sources read (as ``R[R_NAME]`` or ``tb[R_NAME]``)."""
    return {name for text in sources.values() for name in re.findall(r"\[(R_\w+)\]", text)}


def test_every_parameter_slot_is_read_by_the_compiled_kernel() -> None:
    """A slot filled from the Ruleset that no compiled function reads is dead weight that looks like a rule
    (the meld rules are read from the meld table, ``layout.T_MELDS``, not from ``R_*`` slots)."""
    sources = {name: (jit.HERE / name).read_text(encoding="utf-8") for name in jit.COMPILED_SOURCES
               if name not in ("jit.py", "layout.py", "../ruleset/slots.py")}
    declared = {name for name in vars(slots) if name.startswith("R_")}
    assert declared - compiled_slot_reads(sources) == set(), (
        "read these slots in ruleset/core.py or the kernel, or drop them from ruleset/slots.py")
    sources["../ruleset/core.py"] = sources["../ruleset/core.py"].replace("[R_STOCK_TIES_VOID]", "[0]")
    assert declared - compiled_slot_reads(sources) == {"R_STOCK_TIES_VOID"}  # the test can fail


def test_every_compiled_module_is_in_the_kernels_cache_key() -> None:
    """A module of compiled functions left out of ``jit.COMPILED_SOURCES`` would not invalidate the disk
    cache when it changes: the next run would load the old machine code."""
    compiled = {path.name for path in jit.HERE.glob("*.py") if "@njit" in path.read_text(encoding="utf-8")}
    assert compiled, "no compiled module found"
    missing = compiled - set(jit.COMPILED_SOURCES)
    assert not missing, f"add to kernel/jit.py COMPILED_SOURCES: {sorted(missing)}"


@pytest.mark.skipif(not jit.AVAILABLE, reason="numba is not installed")
def test_a_function_only_the_kernel_calls_refuses_a_call_from_python_in_words() -> None:
    """A kernel function compiled without numba's entry points from Python (``jit.njit``) has no machine code
    for such a call, which would crash the process; it is refused by a TypeError naming the fix, while the
    kernel's compiled code calls it as before (``hand_seed`` is mix64 twice: the Python mirror's number)."""
    from tonk_rules import prng
    from tonk_rules.kernel import prng_nb

    with pytest.raises(TypeError, match=r"prng_nb\.mix64 is compiled for the kernel's own calls only .*njit_entry"):
        prng_nb.mix64(np.uint64(5))
    assert int(prng_nb.hand_seed(np.uint64(7), np.int64(3))) == prng.hand_seed(7, 3)


def test_a_slot_read_as_the_wrong_kind_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(slots.READ, slots.R_HAND_SIZE, ("knocking.max_count", slots.AS_INT))
    with pytest.raises(KernelError, match="knocking.max_count must be int, not None"):
        tables_of(compile_ruleset(load_variant("pagat").variant))


# --- without numba, and the cache ----------------------------------------------------------------------
def test_without_numba_the_reference_engine_plays_with_a_notice(monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(kernel, "AVAILABLE", False)
    sim_runner._notice.cache_clear()
    batch = sim_runner.play_hands(RUSSIAN, SEATS, 20, seed=5)
    batch2 = sim_runner.play_hands(RUSSIAN, SEATS, 20, seed=5)
    monkeypatch.setattr(kernel, "AVAILABLE", True)
    fast = sim_runner.play_hands(RUSSIAN, SEATS, 20, seed=5)
    assert np.array_equal(batch.net, fast.net) and np.array_equal(batch2.ending, fast.ending)
    err = capsys.readouterr().err
    assert err.count("numba is not installed") == 1 and len(err.splitlines()) == 1


def test_the_cache_goes_to_a_writable_place(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(jit, "cache_dir", jit.cache_dir.__wrapped__)
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "mine"))
    assert jit.cache_dir().parent == tmp_path / "mine"
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(jit, "HERE", tmp_path / "read-only-package")
    monkeypatch.setattr(jit, "_writable", lambda p: "read-only-package" not in str(p))
    monkeypatch.setattr(jit, "source_hash", lambda: "0123")
    monkeypatch.delenv("NUMBA_OPT", raising=False)
    assert jit.cache_dir() == tmp_path / "xdg" / "tonk-rules" / "tonk-kernel-0123"
    # another optimisation level (the tests' NUMBA_OPT=1) never shares a directory with the default's build
    monkeypatch.setenv("NUMBA_OPT", "1")
    assert jit.cache_dir() == tmp_path / "xdg" / "tonk-rules" / "tonk-kernel-0123-opt1"
    monkeypatch.setenv("NUMBA_OPT", "3")
    assert jit.cache_dir() == tmp_path / "xdg" / "tonk-rules" / "tonk-kernel-0123"


def test_a_second_process_loads_the_kernel_from_the_cache() -> None:
    kernel.play_hands(RUSSIAN, SEATS, 2, seed=1)  # compiled (or loaded) in this process: the cache is filled
    code = ("from tonk_rules import kernel; import tonk_rules.ruleset as r, tonk_rules.variant.loader as v; "
            "from tonk_rules.kernel import policies_nb; "
            "kernel.play_hands(r.compile_ruleset(v.load_variant('pagat').variant), [('greedy', {})] * 2, 2, 1); "
            "print(len(policies_nb.play_batch.stats.cache_hits), len(policies_nb.play_batch.stats.cache_misses))")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout.split()
    assert out == ["1", "0"], "the second process compiled the kernel again"


def test_points_variants_play_at_stake_one() -> None:
    from tonk_rules.variant.model import Variant

    data = load_variant("russian").variant.model_dump()
    data["scoring"].update(mode="points", target=20)
    points = compile_ruleset(Variant.model_validate(data))
    for runner in (kernel.play_hands, reference.play_hands):
        with pytest.raises(KernelError, match="plays to points"):
            runner(points, SEATS, 3, seed=1, stakes=[2, 2, 2])
    assert kernel.play_hands(points, SEATS, 30, seed=1).net.sum() == 0
