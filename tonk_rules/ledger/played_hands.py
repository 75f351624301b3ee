"""Hands played in the engine, on their way into a ledger: from a hand record file, or a hand just played.

The one place the table tools touch hand records (``tonk-hand/1``), so that their move to
``tonk_rules.records`` changed only these imports.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tonk_rules.engine.hand import Hand
from tonk_rules.errors import LedgerError
from tonk_rules.outputs import write_atomic
from tonk_rules.records import hand_to_record, load_record, replay

if TYPE_CHECKING:
    from tonk_rules.ledger.session_ledger import HandEntry, Ledger

__all__ = ["add_played_hand", "entry_from_hand", "entry_from_record", "hand_to_record", "write_record"]


def entry_from_hand(hand: Hand, record: dict[str, Any]) -> HandEntry:
    """The ledger entry of a finished hand (its record kept as the entry's detail)."""
    from tonk_rules.ledger.session_ledger import HandEntry

    result = hand.result
    if result is None:
        raise LedgerError("the hand is not over")
    names = hand.players
    return HandEntry(
        "played", str(result.ending), tuple(names), tuple(hand.stakes), tuple(result.counts),
        tuple(names[w] for w in result.winners), None if result.knocker is None else names[result.knocker],
        tuple((names[p.payer], names[p.receiver], p.amount) for p in result.payments), {"record": record},
        dealer=names[hand.dealer])


def entry_from_record(path: str | Path, ledger: Ledger) -> tuple[HandEntry, list[str]]:
    """Replay the record at ``path`` and check it belongs to this table (rules, seats, stakes)."""
    record = load_record(path)
    if record.variant.digest != ledger.meta["variant_sha256"]:
        raise LedgerError(f"{path}: the hand was played under other rules ({record.variant.name}) than the "
                          f"session's ({ledger.variant_ref})")
    seated = ledger.seated()
    if list(record.players) != [n for n, _ in seated]:
        raise LedgerError(f"{path}: the hand's players ({', '.join(record.players)}) are not the players at the "
                          f"table in seat order ({', '.join(n for n, _ in seated)})")
    if list(record.stakes) != [s for _, s in seated]:
        raise LedgerError(f"{path}: the hand's stakes {list(record.stakes)} are not the table's "
                          f"{[s for _, s in seated]}")
    hand = replay(record)
    data = record.doc.data  # as the hardened reader read it (not a second, unchecked read of the file)
    assert hand.result is not None
    return entry_from_hand(hand, data), hand.result.describe()


def write_record(hand: Hand, variant_ref: str, digest: str, path: str | Path,
                 source: str | None = None) -> dict[str, Any]:
    """Write the hand record of a played hand (``tonk replay`` replays it exactly); return it as data."""
    import yaml

    record = hand_to_record(hand, variant_ref, digest, source=source)
    text = yaml.safe_dump(record, sort_keys=False, allow_unicode=True, width=110)
    write_atomic(path, f"# a hand played with `tonk play`\n{text}")
    return record


def add_played_hand(ledger: Ledger, hand: Hand, record: dict[str, Any], record_file: str | Path | None) -> int:
    """Add a hand just played (``tonk play --session``) to ``ledger``, losing it in no case.

    The hand is written as a record file first (``record_file``, or one beside the ledger), then recorded
    in one transaction. If the ledger refuses it (another terminal recorded a hand meanwhile and the deal
    passed on, a player joined, the rules changed), the error says why and where the record is kept:
    ``tonk session add-played`` adds it once the table agrees. A record file this function made is removed
    once the hand is in the ledger (the ledger keeps the record).
    """
    import yaml

    from tonk_rules.errors import TableInputError

    kept = Path(record_file) if record_file is not None else None
    if kept is None:
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
        kept = ledger.path.with_name(f"{ledger.path.stem}-played-{stamp}.yaml")
        try:
            write_atomic(kept, "# a hand played with `tonk play --session`, kept until the ledger holds it\n"
                         + yaml.safe_dump(record, sort_keys=False, allow_unicode=True, width=110))
        except TableInputError:
            kept = None  # the ledger's folder is not writable: the ledger itself is the only copy then
    try:
        number = ledger.record(entry_from_hand(hand, record))
    except LedgerError as exc:
        where = (f"its record is kept in {kept} (`tonk session add-played {ledger.path} {kept}` adds it once the "
                 "table agrees)") if kept is not None else "its record could not be written beside the ledger"
        raise LedgerError(f"the hand was not added to {ledger.path}: {exc}; {where}") from None
    if record_file is None and kept is not None:
        kept.unlink(missing_ok=True)
    return number
