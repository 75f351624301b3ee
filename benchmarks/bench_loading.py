"""Benchmark: loading, validating and compiling every built-in variant in one process, and CLI start-up.

Run: python benchmarks/bench_loading.py   (prints its figures; not a test)
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time


def time_loading(repeats: int = 20) -> tuple[float, float]:
    from tonk_rules.ruleset import compile_ruleset
    from tonk_rules.variant import loader

    start = time.perf_counter()
    for name in loader.builtin_names():
        compile_ruleset(loader.load_variant(name).variant)
    first = time.perf_counter() - start
    runs = []
    for _ in range(repeats):
        start = time.perf_counter()
        for name in loader.builtin_names():
            compile_ruleset(loader.load_variant(name).variant)
        runs.append(time.perf_counter() - start)
    return first, statistics.median(runs)


def time_command(args: list[str], repeats: int = 10) -> float:
    runs = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True)
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def main() -> None:
    import_start = time.perf_counter()
    import tonk_rules.variant.loader  # noqa: F401  (pydantic, jsonschema, yaml)
    imports = time.perf_counter() - import_start
    first, warm = time_loading()
    bare = time_command([sys.executable, "-c", "pass"])
    help_ = time_command([sys.executable, "-m", "tonk_rules", "--help"])
    print(f"imports (pydantic, jsonschema, PyYAML, models):      {imports * 1000:7.1f} ms")
    print(f"all 7 built-ins, load+validate+compile, first time:  {first * 1000:7.1f} ms (includes schema build)")
    print(f"all 7 built-ins, load+validate+compile, median warm: {warm * 1000:7.1f} ms")
    print(f"python -c pass:                                      {bare * 1000:7.1f} ms")
    print(f"tonk --help:                                         {help_ * 1000:7.1f} ms")
    print(f"CLI start-up overhead:                               {(help_ - bare) * 1000:7.1f} ms")


if __name__ == "__main__":
    main()
