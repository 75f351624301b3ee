"""A ledger out and back in: JSON (everything, re-importable) and CSV (one row per player per hand).

    >>> import tempfile, pathlib
    >>> from tonk_rules.table.ledger import HandEntry
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> ledger = Ledger.create(folder / "a.sqlite", variant_ref="pagat", seats=["Ann", "Bob"], stakes=[2, 2],
    ...                        currency="chips")
    >>> _ = ledger.record(HandEntry("settled", "knock_won", ("Ann", "Bob"), (2, 2), (3, 9), ("Ann",), "Ann",
    ...                             (("Bob", "Ann", 2),)))
    >>> copy = import_json(folder / "b.sqlite", export_json(ledger))
    >>> export_json(copy) == export_json(ledger)
    True
    >>> export_csv(ledger).splitlines()[1]
    '1,settled,knock_won,Ann,Ann,3,2,2,yes'
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from tonk_rules.errors import LedgerError
from tonk_rules.table.ledger import Ledger
from tonk_rules.table.ledger_db import create_database, transaction
from tonk_rules.variant.loader import load_variant

EXPORT_FORMAT = "tonk-ledger-export/1"
#: An export is read whole; a real evening's export is a few hundred KiB at most.
MAX_EXPORT_BYTES = 64 * 1024 * 1024
CSV_COLUMNS = ("hand", "kind", "ending", "dealer", "player", "count", "stake", "net", "winner")


def export_data(ledger: Ledger) -> dict[str, Any]:
    """Everything in the ledger as plain data."""
    meta = ledger.meta
    return {
        "format": EXPORT_FORMAT,
        "title": meta.get("title") or None,
        "variant": ledger.variant_ref,
        "variant_sha256": meta["variant_sha256"],
        "currency": ledger.currency,
        "first_dealer": meta["first_dealer"],
        "created": meta["created"],
        "players": ledger.players(),
        "seating": ledger.seating_log(),
        "hands": ledger.hands(),
        "balances": ledger.balances(),
        "next_dealer": ledger.next_dealer(),
    }


def export_json(ledger: Ledger) -> str:
    return json.dumps(export_data(ledger), indent=2, ensure_ascii=False) + "\n"


def export_csv(ledger: Ledger) -> str:
    """One row per player per hand: summing ``net`` by player gives the balances."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for hand in ledger.hands():
        for name in hand["players"]:
            writer.writerow([hand["number"], hand["kind"], hand["ending"], hand["dealer"], name, hand["counts"][name],
                             hand["stakes"][name], hand["net"][name], "yes" if name in hand["winners"] else "no"])
    return out.getvalue()


def import_json(path: str | Path, text: str) -> Ledger:
    """A new ledger at ``path`` holding exactly what ``text`` (an export) holds, replayed in order."""
    path = Path(path)
    existed = path.exists()
    try:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise LedgerError(f"not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg}); "
                              "give the file `tonk session export --format json` wrote") from None
        if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
            raise LedgerError(f"not a ledger export (expected format {EXPORT_FORMAT})")
        return _rebuild(path, data)
    except (KeyError, TypeError, ValueError, AttributeError, LedgerError) as exc:
        if not existed and path.exists():  # a half-built new file would pass for a ledger later
            for leftover in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
                leftover.unlink(missing_ok=True)
        if isinstance(exc, LedgerError):
            raise
        what = f"the key {exc}" if isinstance(exc, KeyError) else "a value of the wrong kind"
        raise LedgerError(f"not a complete ledger export: {what} is missing or wrong "
                          f"(was it edited? export again with `tonk session export --format json`)") from None


def _rebuild(path: Path, data: dict[str, Any]) -> Ledger:
    """Check the export's own arithmetic, then write its rows into a new ledger in one transaction."""
    names = {p["name"] for p in data["players"]}
    totals = dict.fromkeys(names, 0)
    for hand in data["hands"]:
        for p in hand["payments"]:
            if p["from"] not in names or p["to"] not in names or int(p["amount"]) < 1:
                raise LedgerError(f"hand {hand['number']}: a payment between unknown players or of no amount")
            totals[p["from"]] -= p["amount"]
            totals[p["to"]] += p["amount"]
    if totals != data["balances"]:
        raise LedgerError("the export's balances are not the sum of its payments: it was edited or damaged")
    if load_variant(data["variant"], named=True).digest != data["variant_sha256"]:
        raise LedgerError(f"the rules of {data['variant']} changed since this export was made")
    meta = {"variant": data["variant"], "variant_sha256": data["variant_sha256"], "currency": data["currency"],
            "title": data["title"] or "", "first_dealer": data["first_dealer"], "next_dealer": data["next_dealer"],
            "created": data["created"]}
    db = create_database(Path(path), meta)
    seats = iter(range(len(data["players"])))
    with transaction(db):
        db.executemany("INSERT INTO players (name, player, stake, seat) VALUES (?, ?, ?, ?)",
                       [(p["name"], p["player"], p["stake"], next(seats) if p["seated"] else None)
                        for p in data["players"]])
        for h in data["hands"]:
            db.execute("INSERT INTO hands (number, kind, ending, dealer, next_dealer, seats, stakes, counts, winners, "
                       "knocker, detail, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (h["number"], h["kind"], h["ending"], h["dealer"], h["next_dealer"],
                        *(json.dumps(h[k], ensure_ascii=False) for k in ("players", "stakes", "counts", "winners")),
                        h["knocker"], json.dumps(h["detail"], ensure_ascii=False), h["recorded_at"]))
            db.executemany("INSERT INTO payments (hand, payer, receiver, amount) VALUES (?, ?, ?, ?)",
                           [(h["number"], p["from"], p["to"], p["amount"]) for p in h["payments"]])
        db.executemany("INSERT INTO seating (after_hand, name, change, at) VALUES (?, ?, ?, ?)",
                       [(s["after_hand"], s["name"], s["change"], s["at"]) for s in data["seating"]])
    return Ledger(Path(path), db)
