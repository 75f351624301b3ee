"""How long the exact deal-tonk odds take (not a test: it prints figures).

    python benchmarks/bench_odds.py

For every built-in variant with a deal check at every table size it seats, and for ``russian`` with 6- and
7-card hands (house files, up to 7 players), prints the seconds one count takes in this process (a fresh
count: the cache is cleared), or how long it took to refuse past the work bound, and the slowest of each.
"""

from __future__ import annotations

import platform
import tempfile
import time
from pathlib import Path

from tonk_rules.ruleset import Ruleset, compile_ruleset
from tonk_rules.sim import odds
from tonk_rules.variant.loader import builtin_names, load_variant


def _time(ruleset: Ruleset, players: int) -> tuple[float, bool]:
    """Seconds to the answer (or to the refusal), and whether it was refused."""
    odds._odds.cache_clear()
    start = time.perf_counter()
    try:
        odds.deal_tonk_odds(ruleset, players)
    except odds.OddsTooCostly:
        return time.perf_counter() - start, True
    return time.perf_counter() - start, False


def main() -> None:
    print(f"{platform.machine()}, {platform.python_implementation()} {platform.python_version()}; exact deal-tonk "
          f"odds, bound {odds.MAX_STEPS:,} steps")
    with tempfile.TemporaryDirectory() as tmp:
        tables: list[tuple[str, Ruleset]] = [(name, compile_ruleset(load_variant(name).variant))
                                             for name in builtin_names()]
        for cards in (6, 7):
            path = Path(tmp) / f"russian-{cards}-cards.yaml"
            path.write_text(f"extends: russian\nplayers: {{max: 7}}\ndeal: {{hand_size: {cards}}}\n", encoding="utf-8")
            tables.append((path.stem, compile_ruleset(load_variant(path).variant)))
        slowest = slowest_refusal = 0.0
        for name, ruleset in tables:
            if not ruleset.deal_check.enabled:
                continue
            fits = [p for p in range(ruleset.min_players, ruleset.max_players + 1)
                    if p * ruleset.deal.hand_size + int(ruleset.deal.upcard) <= len(ruleset.deal.deck)]
            cells = []
            for players in fits:
                seconds, refused = _time(ruleset, players)
                cells.append(f"{players}: " + (f"refused after {seconds:.2f} s" if refused else f"{seconds:.2f} s"))
                if refused:
                    slowest_refusal = max(slowest_refusal, seconds)
                else:
                    slowest = max(slowest, seconds)
            print(f"{name:<24} " + ", ".join(cells))
        print(f"slowest answer: {slowest:.2f} s; slowest refusal: {slowest_refusal:.2f} s")


if __name__ == "__main__":
    main()
