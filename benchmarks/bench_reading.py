"""Benchmark: the hardened reader on real and hostile files — time and peak memory per file.

Run: python benchmarks/bench_reading.py   (prints its figures; not a test)

Figures: reading and checking the example record and a built-in variant (median of repeats); the worst
records that fit under the 256 KiB limit (250 KiB of list items, of actions); files far over the limit
(a 500 MB sparse file, /dev/zero) which must be refused after reading at most limit + 1 bytes, so their
peak memory stays near the limit, not near their size.
"""

from __future__ import annotations

import contextlib
import os
import statistics
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from tonk_rules.errors import TonkError
from tonk_rules.records import load_record, replay
from tonk_rules.variant.loader import load_variant

ROOT = Path(__file__).resolve().parent.parent


def _run(work: Callable[[], object]) -> None:
    with contextlib.suppress(TonkError):  # the expected outcome for the hostile files
        work()


def measure(work: Callable[[], object], repeats: int = 1) -> tuple[float, float]:
    """(median seconds untraced, peak MiB of one traced run) of ``work``."""
    runs = []
    for _ in range(repeats):
        start = time.perf_counter()
        _run(work)
        runs.append(time.perf_counter() - start)
    tracemalloc.start()
    _run(work)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return statistics.median(runs), peak / (1 << 20)


def main() -> None:
    folder = Path(tempfile.mkdtemp())
    example = (ROOT / "examples" / "example-1.yaml").read_text(encoding="utf-8")
    house = folder / "house.yaml"
    house.write_text("extends: pagat\ndeal: {hand_size: 7}\n", encoding="utf-8")
    lists = folder / "list.yaml"
    lists.write_text("format: tonk-hand/1\nsource: [" + "a, " * 85_000 + "a]\n", encoding="utf-8")
    actions = folder / "actions.yaml"
    actions.write_text(example + "  - Croaker: knock\n" * ((250_000 - len(example.encode())) // 19),
                       encoding="utf-8")
    sparse = folder / "sparse.yaml"
    with sparse.open("wb") as out:
        out.truncate(500 * 1024 * 1024)
    load_variant("pagat")  # imports and built-in caches are not what is measured
    cases: list[tuple[str, Callable[[], object], int]] = [
        ("example-1 record: read, check, replay", lambda: replay(load_record(ROOT / "examples" / "example-1.yaml")),
         20),
        ("house file extending pagat: load", lambda: load_variant(house), 20),
        ("250 KiB record of list items (refused)", lambda: load_record(lists), 3),
        ("250 KiB record of 13k actions (refused at step 17)", lambda: replay(load_record(actions)), 3),
        ("500 MB sparse file as a record (refused)", lambda: load_record(sparse), 3),
        ("/dev/zero as a variant (refused)", lambda: load_variant(Path("/dev/zero")), 3),
    ]
    print(f"{'case':<52} {'median':>9} {'peak MiB':>9}")
    for label, work, repeats in cases:
        seconds, peak = measure(work, repeats)
        print(f"{label:<52} {seconds * 1000:>7.1f}ms {peak:>9.1f}")
    os.unlink(sparse)


if __name__ == "__main__":
    main()
