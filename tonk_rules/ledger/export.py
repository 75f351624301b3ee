"""A ledger out: JSON (everything, re-importable: the table at the start and every event) and CSV.

    >>> import tempfile, pathlib
    >>> from tonk_rules.ledger.session_ledger import HandEntry, Ledger
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> ledger = Ledger.create(folder / "a.sqlite", variant_ref="pagat", seats=["Ann", "Bob"], stakes=[2, 2],
    ...                        currency="chips")
    >>> _ = ledger.record(HandEntry("settled", "knock_won", ("Ann", "Bob"), (2, 2), (3, 9), ("Ann",), "Ann",
    ...                             (("Bob", "Ann", 2),)))
    >>> export_csv(ledger).splitlines()[1]
    '1,settled,knock_won,Ann,Ann,3,2,2,yes,chips,0,0'

The import (:mod:`tonk_rules.ledger.json_import`) replays the events into a new ledger and requires the
result to be this very export: its numbering, dealers, seats, nets and balances are checked by the code
that made them, and every hand's payments by settling it again with the rules then in force.
"""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

from tonk_rules.ledger.session_ledger import Ledger

EXPORT_FORMAT = "tonk-ledger-export/2"
#: An export is read whole; a real evening's export is a few hundred KiB at most.
MAX_EXPORT_BYTES = 64 * 1024 * 1024
CSV_COLUMNS = ("hand", "kind", "ending", "dealer", "player", "count", "stake", "net", "winner", "currency",
               "bank_cut", "iou")
#: What Excel needs to read a CSV file as UTF-8 (without it, Cyrillic names come out garbled)
BYTE_ORDER_MARK = "\ufeff"


def shared_ref(ref: str) -> str:
    r"""A variant reference as an export shares it: a built-in name as it is, a house file by its file name
    alone. The export goes to the players; the folders of the game master's machine are not theirs to see,
    and nothing reads the file again (the ledger, and the export, hold the full rules).

    >>> shared_ref("/home/gm/evenings/house.yaml"), shared_ref("C:\\gm\\house.yaml"), shared_ref("russian")
    ('house.yaml', 'house.yaml', 'russian')
    """
    return re.split(r"[\\/]", ref)[-1]


def _rules(meta: dict[str, str]) -> dict[str, Any]:
    return {"ref": shared_ref(meta["variant"]), "title": meta["variant_title"], "sha256": meta["variant_sha256"],
            "variant": json.loads(meta["variant_json"])}


def _shared_hand(hand: dict[str, Any]) -> dict[str, Any]:
    """A hand as the export shares it: the record a played hand keeps names its variant as :func:`shared_ref`."""
    record = hand["detail"].get("record")
    if not isinstance(record, dict) or not isinstance(record.get("variant"), str):
        return hand
    return {**hand, "detail": {**hand["detail"], "record": {**record, "variant": shared_ref(record["variant"])}}}


def _events_and_start(ledger: Ledger, events: list[dict[str, Any]]) -> tuple[list[dict[str, Any]],
                                                                              list[dict[str, Any]]]:
    """The events as the export writes them, and the seats at the start (walked back from the seats now)."""
    from tonk_rules.ledger.corrections import correction_events, corrections
    from tonk_rules.ledger.money import rows_by_event

    fixes: dict[int, list[dict[str, Any]]] = {}
    own = correction_events(ledger)  # corrections that are events of their own: carried at that event
    for fix in corrections(ledger):
        if fix["id"] not in own:
            fixes.setdefault(fix["event"], []).append(fix)
    # a hand corrected by an event of its own is exported as first recorded (the events correct it again)
    first: dict[int, dict[str, Any]] = {}
    for event in events:
        if event["kind"] == "correct":
            first.setdefault(int(event["detail"]["hand_event"]), event["detail"]["original"])
    moved = rows_by_event(ledger.db)
    known = {p["name"]: p for p in ledger.players()}
    seats: list[list[Any]] = [[n, s] for n, s in ledger.seated()]
    out: list[dict[str, Any]] = []
    for event in reversed(events):
        detail, kind, name = event["detail"], event["kind"], event["name"]
        item: dict[str, Any] = {"event": event["event"], "kind": kind, "at": event["at"],
                                "undone_by": event["undone_by"]}
        after_seats = seats
        if "before" in detail and kind != "rules":
            seats = detail["before"]["seats"]
        elif kind == "join" and event["undone_by"] is None:  # a join the first ledger format logged bare
            seats = [s for s in seats if s[0] != name]
        elif kind == "leave" and event["undone_by"] is None:
            seats = _seat_again(ledger, seats, name, event["after_hand"], known)
        if kind == "hand":
            item["hand"] = _shared_hand(event["hand"])
            if event["event"] in fixes:  # a corrected hand: as first recorded, then each correction
                item["original"] = _shared_hand(fixes[event["event"]][0]["original"])
                item["corrections"] = [{"kind": f["kind"], "reason": f["reason"], "at": f["at"],
                                        **({"amended": _shared_hand(f["amended"])} if f["amended"] else {})}
                                       for f in fixes[event["event"]]]
            elif event["event"] in first:
                item["original"] = _shared_hand(first[event["event"]])
        elif kind == "join":
            order = [n for n, _ in after_seats]
            stake = dict((n, s) for n, s in after_seats).get(name, known[name]["stake"] if name in known else 1)
            inferred_after = order[order.index(name) - 1] if name in order and order.index(name) > 0 else None
            item.update(name=name, stake=detail.get("stake", stake), after=detail.get("after", inferred_after),
                        player=detail.get("player"))
        elif kind == "leave":
            item["name"] = name
        elif kind == "rules":
            item["rules"] = {"ref": shared_ref(detail["ref"]), "title": detail["title"], "sha256": detail["sha256"],
                             "variant": detail["variant"]}
            item["diff"] = detail["diff"]
        elif kind == "correct":
            item["number"] = detail["hand"]
            item["correction"] = {"kind": detail["kind"], "reason": detail["reason"], "at": event["at"],
                                  **({"amended": _shared_hand(detail["amended"])} if detail["amended"] else {})}
        elif kind == "money":
            item["money"] = {k: v for k, v in detail.items() if k != "before"}
        else:
            item["undoes"] = detail["event"]
        if kind in ("hand", "correct") and event["event"] in moved:
            item["moved"] = [m.data() for m in moved[event["event"]]]
        out.append(item)
    start = [{"name": n, "player": known[n]["player"] if n in known else None, "stake": s} for n, s in seats]
    return list(reversed(out)), start


def _seat_again(ledger: Ledger, seats: list[list[Any]], name: str, after_hand: int,
                known: dict[str, dict[str, Any]]) -> list[list[Any]]:
    """Before a leave the first format logged bare: the player sat where the last hand before it had them."""
    earlier = [h for h in ledger.hands() if h["number"] <= after_hand and name in h["players"]]
    seats = [list(s) for s in seats]
    if earlier:
        order = earlier[-1]["players"]
        before = [n for n in order[:order.index(name)] if any(s[0] == n for s in seats)]
        at = max((i + 1 for i, s in enumerate(seats) if before and s[0] == before[-1]), default=0)
        seats.insert(at, [name, earlier[-1]["stakes"][name]])
    else:
        seats.append([name, known[name]["stake"]])
    return seats


def export_data(ledger: Ledger) -> dict[str, Any]:
    """Everything in the ledger as plain data: the table at the start, every event, and where it stands."""
    meta = ledger.meta
    logged = ledger.events()
    events, start_seats = _events_and_start(ledger, logged)
    # the rules at the start: those the first change of rules replaced, or the rules now
    first_rules = next((e["detail"]["before"] for e in logged if e["kind"] == "rules"), meta)
    return {
        "format": EXPORT_FORMAT,
        "title": meta.get("title") or None,
        "currency": ledger.currency,
        "created": meta["created"],
        "start": {"first_dealer": meta["first_dealer"], "seats": start_seats, "rules": _rules(first_rules)},
        "events": events,
        "rules": _rules(meta),
        "players": ledger.players(),
        "hands": [_shared_hand(h) for h in ledger.hands()],
        "balances": ledger.balances(),
        "next_dealer": ledger.next_dealer(),
    }


def export_json(ledger: Ledger) -> str:
    return json.dumps(export_data(ledger), indent=2, ensure_ascii=False) + "\n"


#: What a spreadsheet reads as the start of a formula (OWASP's list for CSV injection): a text cell that begins so
#: is written with a leading ``'``, which the spreadsheet shows as text and never runs.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """A cell as the CSV export writes it: numbers as they are (a negative net stays a number), text that a
    spreadsheet would run as a formula (``+cmd|…``, ``@SUM(…)``, ``=1+1``) behind a ``'``.

    >>> csv_cell(-2), csv_cell("Ann"), csv_cell("=HYPERLINK(1)"), csv_cell("-2")
    (-2, 'Ann', "'=HYPERLINK(1)", "'-2")
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return f"'{value}"
    return value


def export_csv(ledger: Ledger, *, byte_order_mark: bool = False) -> str:
    """One row per player per hand: summing ``net`` by player gives the balances. ``count`` is empty where
    the hand was entered without it (quick entry); the currency is a column of its own (a label). A text cell
    (a name, the currency) that a spreadsheet would run as a formula is neutralised (:func:`csv_cell`). With an
    economy (:mod:`tonk_rules.ledger.money`), ``bank_cut`` is what the player paid the house of the hand (its cut
    or fee; 0 once the hand is void) and ``iou`` the IOU the hand left (what the player owes from it, negative:
    what is owed to them); ``net`` stays the Ruleset's payments."""
    from tonk_rules.ledger.money import iou_deltas, rows_of

    hand_events = dict(ledger.db.execute(
        "SELECT after_hand + 1, id FROM events WHERE kind = 'hand' AND undone_by IS NULL").fetchall())
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    currency = ledger.currency
    for hand in ledger.hands():
        event = hand_events.get(hand["number"])
        rows = rows_of(ledger.db, hand=event) if event is not None else []
        owed = iou_deltas(rows)
        for name in hand["players"]:
            count = hand["counts"][name]
            cut = sum(m.amount if m.payer == name else -m.amount for m in rows
                      if m.kind in ("cut", "fee") and name in (m.payer, m.receiver))
            iou = sum(a if debtor == name else -a for (debtor, creditor), a in owed.items()
                      if name in (debtor, creditor))
            writer.writerow([csv_cell(cell) for cell in (
                hand["number"], hand["kind"], hand["ending"], hand["dealer"], name, "" if count is None else count,
                hand["stakes"][name], hand["net"][name], "yes" if name in hand["winners"] else "no", currency,
                cut, iou)])
    return (BYTE_ORDER_MARK if byte_order_mark else "") + out.getvalue()
