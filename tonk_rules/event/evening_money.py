"""The event's economy at work: kept in ``event.json``, added at any moment (from the balances as they stand),
purses handed out, buy-ins sold, IOUs settled, and every hand's movements of money — each one a ledger event.

Every function here takes the open :class:`~tonk_rules.event.event_folder.Event` and writes through its tables'
ledgers, one transaction each: the CLI (``tonk event economy|purse|buy-in|settle|money``) and the console call
the same functions. A movement of money that belongs to no table of its own is written at the table where the
player sits (or last sat): an undo from the console takes it back there.

    >>> import tempfile, pathlib
    >>> from tonk_rules.event.event_folder import Event
    >>> from tonk_rules.event.economy import economy_from_text
    >>> event = Event.create(pathlib.Path(tempfile.mkdtemp()) / "night", title="Night", currency="crowns")
    >>> event.add_table("t1", variant_ref="russian", seats=["Ann", "Bob", "Cy"], stakes=[1, 1, 1])
    >>> set_economy(event, economy_from_text("e.yaml", "format: tonk-economy/1\\npurse: 30\\n"
    ...                                      "bank: {cut_percent: 10}\\n"))
    ['t1']
    >>> money = evening(event)
    >>> money.purses, money.bank, money.handed_out
    ({'Ann': 30, 'Bob': 30, 'Cy': 30}, 0, 90)
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any, Protocol

from tonk_rules.errors import LedgerError
from tonk_rules.event.economy import EconomyFile
from tonk_rules.event.purses import Evening, PastDebtLimit, hand_money
from tonk_rules.ledger.corrections import standing_hand_events
from tonk_rules.ledger.money import OUTSIDE, Movement, add_money, coin_deltas, reversed_rows, rows_of
from tonk_rules.ledger.session_ledger import HandEntry, Ledger


class Event(Protocol):
    """What this module needs of :class:`~tonk_rules.event.event_folder.Event` (which calls it as a player sits
    down): its tables, their ledgers, its economy."""

    @property
    def economy(self) -> EconomyFile | None: ...

    def set_economy(self, economy: EconomyFile) -> None: ...

    def table_names(self) -> list[str]: ...

    def ledger(self, table: str, *, writable: bool = True) -> AbstractContextManager[Ledger]: ...

__all__ = ["PastDebtLimit", "buy_in", "evening", "hand_out_purses", "home_table", "issue_purse", "money_for_amend",
           "money_for_hand", "record_hand", "set_economy", "settle_iou"]


def evening(event: Event) -> Evening:
    """The money of the evening across every table, as it stands now."""
    money = Evening()
    for table in event.table_names():
        with event.ledger(table, writable=False) as led:
            money.add_table(led)
    return money


def _economy(event: Event) -> EconomyFile:
    economy = event.economy
    if economy is None:
        raise LedgerError("this event has no economy: add one first (tonk event economy FOLDER FILE)").coded(
            "no_economy")
    return economy


def _issued(event: Event) -> set[str]:
    """The players who have been handed a purse (at any table)."""
    names: set[str] = set()
    for table in event.table_names():
        with event.ledger(table, writable=False) as led:
            names |= {m.receiver for m in rows_of(led.db) if m.kind == "issue"}
    return names


def set_economy(event: Event, economy: EconomyFile) -> list[str]:
    """Give the event ``economy`` (replacing the one it has), and hand every player who has not had one their
    purse, on top of their balance as it stands (an economy added mid-way starts from the current balances).
    Returns the tables where purses were handed out."""
    event.set_economy(economy)
    return hand_out_purses(event)


def hand_out_purses(event: Event, names: list[str] | None = None) -> list[str]:
    """Each of ``names`` (all the event's players) who has not had a purse yet is handed theirs, at the table
    where they sit (one event per table). Returns the tables written."""
    economy = _economy(event)
    issued = _issued(event)
    homes = _homes(event)
    by_table: dict[str, list[Movement]] = {}
    for name, home in homes.items():
        if (names is None or name in names) and name not in issued and economy.purse_of(name) > 0:
            by_table.setdefault(home, []).append(Movement("issue", OUTSIDE, name, economy.purse_of(name)))
    for table, rows in by_table.items():
        with event.ledger(table) as led:
            said = ", ".join(f"{m.receiver} {m.amount}" for m in rows)
            add_money(led, rows, f"purses handed out: {said}", detail={"what": "purses",
                                                                      "names": [m.receiver for m in rows]})
    return list(by_table)


def _homes(event: Event) -> dict[str, str]:
    """Every player of the event and their home table: where they sit, else the last table they played at."""
    seated_at: dict[str, str] = {}
    last: dict[str, str] = {}
    for table in event.table_names():
        with event.ledger(table, writable=False) as led:
            for player in led.players():
                last[player["name"]] = table
                if player["seated"]:
                    seated_at[player["name"]] = table
    return {name: seated_at.get(name, table) for name, table in last.items()}


def home_table(event: Event, name: str) -> str:
    """Where a movement of ``name``'s money is written: the table they sit at, else the last they played at."""
    home = _homes(event).get(name)
    if home is None:
        raise LedgerError(f"{name} has never sat at a table of this event").coded("no_such_player", name=name)
    return home


def _amount(value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= 1_000_000:
        raise LedgerError("an amount is a whole number from 1 to 1,000,000").coded("money_amount")
    return value


def issue_purse(event: Event, name: str, amount: int) -> dict[str, Any]:
    """The game master hands ``name`` ``amount`` more (a purse of their own, a reward)."""
    _economy(event)
    amount = _amount(amount)
    table = home_table(event, name)
    with event.ledger(table) as led:
        add_money(led, [Movement("issue", OUTSIDE, name, amount)], f"{name} handed {amount}",
                  detail={"what": "issue", "name": name, "amount": amount})
    return {"table": table, "name": name, "amount": amount}


def buy_in(event: Event, name: str) -> dict[str, Any]:
    """``name`` buys back in: the economy's buy-in handed out (its price paid to the bank outside the game)."""
    economy = _economy(event)
    if economy.buy_in is None:
        raise LedgerError("this event's economy has no buy-ins").coded("no_buy_in")
    table = home_table(event, name)
    with event.ledger(table) as led:
        add_money(led, [Movement("buy_in", OUTSIDE, name, economy.buy_in)], f"{name} bought in for {economy.buy_in}",
                  detail={"what": "buy_in", "name": name, "amount": economy.buy_in})
    return {"table": table, "name": name, "amount": economy.buy_in}


def settle_iou(event: Event, debtor: str, creditor: str, amount: int, *, in_kind: bool = False) -> dict[str, Any]:
    """``debtor`` pays back ``amount`` of what they owe ``creditor``: in coins (from their purse, never past the
    debt limit), or ``in_kind`` (an item, a favour: the IOU closes, no coins move)."""
    economy = _economy(event)
    amount = _amount(amount)
    money = evening(event)
    owed = money.ious.get((debtor, creditor), 0)
    if owed == 0:
        raise LedgerError(f"{debtor} owes {creditor} nothing").coded("no_iou", name=debtor, other=creditor)
    if amount > owed:
        raise LedgerError(f"{debtor} owes {creditor} {owed}, less than {amount}").coded(
            "iou_smaller", name=debtor, other=creditor, most=owed, count=amount)
    floor = economy.floor()
    if not in_kind and floor is not None and money.purses.get(debtor, 0) - amount < floor:
        raise LedgerError(f"{debtor} has {money.purses.get(debtor, 0)}: paying {amount} would take them past the "
                          "debt limit; settle it in kind instead").coded(
            "settle_past_limit", name=debtor, held=money.purses.get(debtor, 0), count=amount)
    table = home_table(event, debtor)
    kind = "forgive" if in_kind else "settle"
    with event.ledger(table) as led:
        add_money(led, [Movement(kind, debtor, creditor, amount)],
                  f"{debtor} settled {amount} of an IOU to {creditor}" + (" in kind" if in_kind else ""),
                  detail={"what": kind, "debtor": debtor, "creditor": creditor, "amount": amount})
    return {"table": table, "debtor": debtor, "creditor": creditor, "amount": amount}


def money_for_hand(event: Event, table: str, entry: HandEntry, *, allow_iou: bool = False,
                   number: int | None = None) -> list[Movement]:
    """What the economy moves with ``entry`` at ``table`` (nothing without an economy); refused,
    :class:`PastDebtLimit`, past the debt limit. ``number``: the hand being amended (its own movements are
    taken out of the purses first)."""
    economy = event.economy
    if economy is None:
        return []
    money = evening(event)
    purses = dict(money.purses)
    if number is not None:  # an amended hand: the purses as they were before it
        with event.ledger(table, writable=False) as led:
            hand = led.hands(number)[0]
            for name, amount in hand["net"].items():
                purses[name] = purses.get(name, 0) - amount
            event_id = standing_hand_events(led, number).get(number)
            for name, amount in coin_deltas(rows_of(led.db, hand=event_id)).items():
                purses[name] = purses.get(name, 0) - amount
    return hand_money(economy, purses, list(entry.payments), allow_iou=allow_iou, winners=tuple(entry.winners))


def money_for_amend(event: Event, table: str, number: int, entry: HandEntry, *,
                    allow_iou: bool = False) -> list[Movement] | None:
    """What a correction amending hand ``number`` to ``entry`` moves: the hand's own movements given back, and
    the economy's for the amended hand (None without an economy: the ledger gives back what there was)."""
    if event.economy is None:
        return None
    with event.ledger(table, writable=False) as led:
        hand_event = standing_hand_events(led, number).get(number)
        before = rows_of(led.db, hand=hand_event) if hand_event is not None else []
    return reversed_rows(before) + money_for_hand(event, table, entry, allow_iou=allow_iou, number=number)


def record_hand(event: Event, table: str, entry: HandEntry, *, allow_iou: bool = False,
                expected: int | None = None) -> int:
    """Record ``entry`` at ``table`` with what the economy moves with it (one transaction); returns its number."""
    money = money_for_hand(event, table, entry, allow_iou=allow_iou)
    with event.ledger(table) as led:
        return led.record(entry, expected=expected, money=money)
