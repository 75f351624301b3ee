"""Corrections: the game master voids or amends any earlier hand, and the ledger keeps both versions.

Undo takes back only the last event; a correction reaches any hand that stands. The hand keeps its number;
its original (result, payments) and the correction (what, why, when) go into the ``corrections`` table,
keyed by the hand's event (never reused, so a hand undone later keeps its corrections and a new hand of the
same number has none). A voided hand pays nothing and passes no deal; an amended hand pays what the Ruleset
settles from the amended input (:func:`tonk_rules.ledger.settled_entry.settle_entry`, under the rules in force
when the hand was played). Then the dealers are recomputed from the first hand on, with the variant's own
dealer rule, over the joins, leaves and rules changes as they happened.

    >>> import tempfile, pathlib
    >>> from tonk_rules.ledger.session_ledger import HandEntry, Ledger
    >>> led = Ledger.create(pathlib.Path(tempfile.mkdtemp()) / "t.sqlite", variant_ref="russian",
    ...                     seats=["Ann", "Bob"], stakes=[1, 1], currency="crowns")
    >>> _ = led.record(HandEntry("settled", "knock_won", ("Ann", "Bob"), (1, 1), (3, 9), ("Ann",), "Ann",
    ...                          (("Bob", "Ann", 1),)))
    >>> void_hand(led, 1, "recorded by mistake")["said"]
    'voided hand 1 (knock won, won by Ann)'
    >>> led.balances(), led.next_dealer()
    ({'Ann': 0, 'Bob': 0}, 'Ann')
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any

from tonk_rules.errors import LedgerError
from tonk_rules.ledger.session_ledger import HandEntry, Ledger
from tonk_rules.ledger.state_rows import now, set_next_dealer
from tonk_rules.ledger.stored_rules import StoredRules
from tonk_rules.ledger.undo import describe_hand
from tonk_rules.words.ledger_lines import ending, local_time, ru, winners

_TABLE = """CREATE TABLE IF NOT EXISTS corrections (
    id INTEGER PRIMARY KEY,
    event INTEGER NOT NULL REFERENCES events (id),  -- the hand's event: its identity, never reused
    hand INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('void', 'amend')),
    reason TEXT NOT NULL,
    original TEXT NOT NULL,                           -- JSON: the hand as it stood before
    amended TEXT,                                     -- JSON: the hand after (an amend)
    at TEXT NOT NULL
)"""
MAX_REASON = 200


def _has_table(led: Ledger) -> bool:
    return led.db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'corrections'").fetchone() \
        is not None


def corrections(led: Ledger) -> list[dict[str, Any]]:
    """Every correction, oldest first: ``{"id", "event", "hand", "kind", "reason", "original", "amended", "at"}``."""
    if not _has_table(led):
        return []
    rows = led.db.execute("SELECT id, event, hand, kind, reason, original, amended, at FROM corrections "
                          "ORDER BY id").fetchall()
    return [{"id": i, "event": e, "hand": h, "kind": k, "reason": r, "original": json.loads(o),
             "amended": None if a is None else json.loads(a), "at": at} for i, e, h, k, r, o, a, at in rows]


def voided_events(led: Ledger) -> set[int]:
    return {c["event"] for c in corrections(led) if c["kind"] == "void"}


def _hand_event(led: Ledger, number: int) -> int:
    row = led.db.execute("SELECT id FROM events WHERE kind = 'hand' AND undone_by IS NULL AND after_hand = ?",
                         (number - 1,)).fetchone()
    if row is None or not led.hands(number):
        raise LedgerError(f"there is no hand {number} (hands: 1 to {led.hand_count()})").coded(
            "no_hand", number=number, hands=led.hand_count())
    return int(row[0])


def _check_reason(reason: str) -> str:
    # one line, whatever was typed or pasted: a line break would forge a line of the history and the exports
    reason = " ".join("".join(ch if unicodedata.category(ch)[0] != "C" else " " for ch in reason).split())
    if not reason or len(reason) > MAX_REASON:
        raise LedgerError(f"say why the hand is corrected (1 to {MAX_REASON} characters)").coded("no_reason",
                                                                                                 most=MAX_REASON)
    return reason


def void_hand(led: Ledger, number: int, reason: str, *, at: str | None = None) -> dict[str, Any]:
    """Void hand ``number``: it pays nothing and passes no deal; the dealers after it are recomputed."""
    reason = _check_reason(reason)
    with led.transaction():
        event = _hand_event(led, number)
        if event in voided_events(led):
            raise LedgerError(f"hand {number} is already void").coded("already_void", number=number)
        hand = led.hands(number)[0]
        led.db.execute(_TABLE)
        led.db.execute("INSERT INTO corrections (event, hand, kind, reason, original, amended, at) "
                       "VALUES (?, ?, 'void', ?, ?, NULL, ?)", (event, number, reason, _json(hand), at or now()))
        led.db.execute("DELETE FROM payments WHERE hand = ?", (number,))
        recompute_dealers(led)
    return {"hand": number, "said": f"voided {describe_hand(hand)}"}


def amend_hand(led: Ledger, number: int, entry: HandEntry, reason: str, *, at: str | None = None) -> dict[str, Any]:
    """Replace hand ``number``'s result by ``entry`` (settled for the same players and stakes)."""
    reason = _check_reason(reason)
    with led.transaction():
        event = _hand_event(led, number)
        if event in voided_events(led):
            raise LedgerError(f"hand {number} is void: a void hand is not amended").coded("void_not_amended",
                                                                                            number=number)
        hand = led.hands(number)[0]
        if hand["kind"] != "settled":
            raise LedgerError(f"hand {number} was played in the engine from a hand record: void it instead").coded(
                "played_not_amended", number=number)
        if list(entry.seats) != hand["players"] or list(entry.stakes) != [hand["stakes"][n] for n in hand["players"]]:
            raise LedgerError(f"the amended hand must have hand {number}'s players and stakes "
                              f"({', '.join(hand['players'])})").coded("amend_players", number=number,
                                                                      names=tuple(hand["players"]))
        led.db.execute("UPDATE hands SET ending = ?, counts = ?, winners = ?, knocker = ?, detail = ? "
                       "WHERE number = ?",
                       (entry.ending, _json(dict(zip(entry.seats, entry.counts, strict=True))),
                        _json(list(entry.winners)), entry.knocker, _json(entry.detail), number))
        led.db.execute("DELETE FROM payments WHERE hand = ?", (number,))
        led.db.executemany("INSERT INTO payments (hand, payer, receiver, amount) VALUES (?, ?, ?, ?)",
                           [(number, p, r, a) for p, r, a in entry.payments])
        amended = led.hands(number)[0]
        led.db.execute(_TABLE)
        led.db.execute("INSERT INTO corrections (event, hand, kind, reason, original, amended, at) "
                       "VALUES (?, ?, 'amend', ?, ?, ?, ?)",
                       (event, number, reason, _json(hand), _json(amended), at or now()))
        recompute_dealers(led)
    return {"hand": number, "said": f"amended {describe_hand(hand)} to {describe_hand(amended)}"}


def _initial_rules(led: Ledger) -> StoredRules:
    row = led.db.execute("SELECT detail FROM events WHERE kind = 'rules' AND undone_by IS NULL "
                         "ORDER BY id LIMIT 1").fetchone()
    if row is None:
        return led.stored_rules()
    before = json.loads(row[0])["before"]
    return StoredRules.from_json(before["variant_json"], before["variant"], before["variant_sha256"])


def rules_at(led: Ledger, number: int) -> StoredRules:
    """The rules hand ``number`` was played under (a rules change counts from the hand after it)."""
    rules = _initial_rules(led)
    for after, text in led.db.execute("SELECT after_hand, detail FROM events WHERE kind = 'rules' AND "
                                      "undone_by IS NULL ORDER BY id").fetchall():
        if after < number:
            detail = json.loads(text)
            rules = StoredRules.from_data(detail["ref"], detail["variant"], detail["sha256"])
    return rules


def recompute_dealers(led: Ledger) -> None:
    """Every hand's dealer and the next dealer again, from the first dealer on (inside a transaction).

    A hand played in the engine keeps the dealer its record names; a void hand passes no deal."""
    voided = voided_events(led)
    rules = _initial_rules(led).ruleset
    following = led.meta["first_dealer"]
    rows = led.db.execute("SELECT id, kind, after_hand, name, detail FROM events WHERE undone_by IS NULL "
                          "AND kind != 'undo' ORDER BY id").fetchall()
    for event, kind, after, name, text in rows:
        detail = json.loads(text)
        if kind == "rules":
            rules = StoredRules.from_data(detail["ref"], detail["variant"], detail["sha256"]).ruleset
        elif kind in ("join", "leave"):
            if "before" in detail:
                detail["before"]["next_dealer"] = following
                led.db.execute("UPDATE events SET detail = ? WHERE id = ?", (_json(detail), event))
            seats = [n for n, _ in detail.get("before", {}).get("seats", [])]
            if kind == "leave" and following == name and name in seats:
                following = seats[(seats.index(name) + 1) % len(seats)]
        else:
            hand = led.hands(after + 1)[0]
            names = hand["players"]
            dealer = hand["dealer"] if hand["kind"] == "played" or following not in names else following
            if event in voided:
                nxt = dealer
            else:
                seat_of = {n: i for i, n in enumerate(names)}
                nxt = names[rules.dealer.next_dealer(seat_of[dealer], len(names),
                                                     tuple(seat_of[w] for w in hand["winners"]),
                                                     _void(hand["ending"]))]
            led.db.execute("UPDATE hands SET dealer = ?, next_dealer = ? WHERE number = ?",
                           (dealer, nxt, hand["number"]))
            if "before" in detail:
                detail["before"]["next_dealer"] = dealer
                led.db.execute("UPDATE events SET detail = ? WHERE id = ?", (_json(detail), event))
            following = nxt
    seated = [n for n, _ in led.seated()]
    if following in seated:
        set_next_dealer(led.db, following)


def _void(ending: str) -> bool:
    from tonk_rules.terms import Ending

    return Ending(ending).void


def correction_lines(led: Ledger, lang: str = "en") -> list[str]:
    """One line per correction, as ``tonk session history`` prints them after the events (``lang``: English,
    or Russian for a Russian event, its times on the local clock)."""
    lines = []
    for c in corrections(led):
        if lang == "ru":
            was = hand_said_ru(c["original"])
            lines.append(ru("correction_void", at=local_time(c["at"], "ru"), number=c["hand"], reason=c["reason"],
                            was=was) if c["amended"] is None else
                         ru("correction_amend", at=local_time(c["at"], "ru"), number=c["hand"], reason=c["reason"],
                            was=was, now=hand_said_ru(c["amended"])))
            continue
        what = "voided" if c["kind"] == "void" else "amended"
        lines.append(f"  -- {local_time(c['at'], 'en')}: hand {c['hand']} {what} ({c['reason']}); it was "
                     f"{describe_hand(c['original'])}" + (f", now {describe_hand(c['amended'])}" if c["amended"]
                                                          else ""))
    return lines


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def standing_hand_events(led: Ledger, since: int = 1) -> dict[int, int]:
    """Hand number -> the event that recorded it, for the hands that stand from hand ``since`` on."""
    rows = led.db.execute("SELECT after_hand + 1, id FROM events WHERE kind = 'hand' AND undone_by IS NULL "
                          "AND after_hand >= ?", (since - 1,)).fetchall()
    return {int(number): int(event) for number, event in rows}


def last_correction(led: Ledger) -> int:
    """The id of the latest correction (0: none): with the latest event, what says the ledger changed."""
    if not _has_table(led):
        return 0
    return int(led.db.execute("SELECT COALESCE(MAX(id), 0) FROM corrections").fetchone()[0])


def hand_said_ru(hand: dict[str, Any]) -> str:
    """A hand as a Russian correction line names it: ``раздача №3 (вышел сбросом, выиграл Ворон)``."""
    return ru("hand_said", number=hand["number"], ending=ending("ru", hand["ending"]),
              winners=winners("ru", hand["winners"]))
