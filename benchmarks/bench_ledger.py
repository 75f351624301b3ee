"""Benchmark: the session ledger — hands recorded per second (one durable transaction each), reading the
balances and the history, exporting, importing (every event replayed and checked); and settling a hand
through the Ruleset.

Run: python benchmarks/bench_ledger.py   (prints its figures; not a test)
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from tonk_rules.ledger.export import export_csv, export_json
from tonk_rules.ledger.json_import import import_json
from tonk_rules.ledger.session_ledger import HandEntry, Ledger
from tonk_rules.table.settle import HowItEnded, parse_hands, settle_hand

SEATS = ("Костоправ", "Гоблин", "Элмо", "Одноглазый")


def entry(i: int) -> HandEntry:
    winner = SEATS[i % 4]  # a knock the rules settle so: every hand is settled again when recorded
    return HandEntry("settled", "knock_won", SEATS, (1, 1, 1, 1), tuple(3 if n == winner else 20 for n in SEATS),
                     (winner,), winner, tuple((n, winner, 1) for n in SEATS if n != winner), {"hands": {}})


def main(hands: int = 300) -> None:
    with tempfile.TemporaryDirectory() as folder:
        ledger = Ledger.create(Path(folder) / "bench.sqlite", variant_ref="russian", seats=list(SEATS),
                               stakes=[1, 1, 1, 1], currency="крона", first_dealer=SEATS[0])
        start = time.perf_counter()
        for i in range(hands):
            ledger.record(entry(i))
        elapsed = time.perf_counter() - start
        print(f"record: {hands} hands in {elapsed:.2f} s = {hands / elapsed:,.0f} hands/s "
              f"({1000 * elapsed / hands:.1f} ms per durable transaction)")
        for label, read in (("balances", ledger.balances), ("history", ledger.hands),
                            ("export csv", lambda: export_csv(ledger)), ("export json", lambda: export_json(ledger))):
            runs = []
            for _ in range(5):
                start = time.perf_counter()
                read()
                runs.append(time.perf_counter() - start)
            print(f"{label} of {hands} hands: {1000 * statistics.median(runs):.1f} ms (median of 5)")
        exported = export_json(ledger)
        start = time.perf_counter()
        import_json(Path(folder) / "copy.sqlite", exported).close()
        print(f"import of {hands} hands (replayed, checked, one fsync): {time.perf_counter() - start:.2f} s")
        ledger.close()
    table = parse_hands(["Croaker=5п 4т", "Goblin=3п 3т 2п Тт Тч", "Elmo=7п 7ч 6б 2т 2б"])
    settle_hand("russian", table, HowItEnded("knock", "Croaker"), [])
    runs = []
    for _ in range(2000):
        start = time.perf_counter()
        settle_hand("russian", table, HowItEnded("knock", "Goblin"), [1, 1, 1])
        runs.append(time.perf_counter() - start)
    print(f"settle a caught knock (checks + Ruleset): {1e6 * statistics.median(runs):.0f} µs (median of 2000)")


if __name__ == "__main__":
    main()
