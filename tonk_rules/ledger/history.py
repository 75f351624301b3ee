"""A ledger's history in plain lines: every event in order, what an undo took back marked "(undone)".

    >>> hand = {"number": 1, "kind": "settled", "dealer": "Ann", "ending": "knock_won", "winners": ["Bob"],
    ...         "payments": [{"from": "Ann", "to": "Bob", "amount": 1}]}
    >>> for line in history_lines([
    ...                {"event": 1, "kind": "hand", "hand": hand, "undone_by": None, "name": None, "detail": {}},
    ...                {"event": 2, "kind": "join", "name": "Cy", "undone_by": 3, "detail": {}},
    ...                {"event": 3, "kind": "undo", "name": "Cy", "undone_by": None,
    ...                 "detail": {"said": "Cy joining the table"}}]):
    ...     print(line)
    #1 settled, dealt by Ann: knock won, won by Bob: Ann -> Bob 1
      -- Cy joined (undone)
      -- undo: took back Cy joining the table
"""

from __future__ import annotations

from typing import Any

from tonk_rules.ledger.money import Movement
from tonk_rules.ledger.stored_rules import describe_diff, titled_in
from tonk_rules.words.ledger_lines import RU, ending, money_row, movement, payment, ru
from tonk_rules.words.ledger_lines import winners as winners_of


def hand_line(hand: dict[str, Any], lang: str = "en") -> str:
    if lang == "ru":
        pays = "; ".join(payment("ru", p["from"], p["to"], p["amount"]) for p in hand["payments"])
        return ru("hand", number=hand["number"], kind=RU.get(hand["kind"], hand["kind"]), dealer=hand["dealer"],
                  ending=ending("ru", hand["ending"]), winners=winners_of("ru", hand["winners"]),
                  payments=pays or RU["no_payments"])
    winners = ", ".join(hand["winners"]) or "nobody"
    pays = "; ".join(f"{p['from']} -> {p['to']} {p['amount']}" for p in hand["payments"]) or "no payments"
    return (f"#{hand['number']} {hand['kind']}, dealt by {hand['dealer']}: {hand['ending'].replace('_', ' ')}, "
            f"won by {winners}: {pays}")


def _rows_line(lang: str, rows: list[Movement]) -> list[str]:
    """What the economy moved with a hand or a correction (its cut, an IOU), on one line under it."""
    return [f"       {'; '.join(money_row(lang, m.kind, m.payer, m.receiver, m.amount) for m in rows)}"] if rows else []


def _purses(detail: dict[str, Any]) -> str | None:
    """A ``purses`` event's names with what each was handed (from its rows)."""
    rows = detail.get("rows")
    if detail.get("what") != "purses" or not isinstance(rows, list):
        return None
    return ", ".join(f"{r.get('receiver')} {r.get('amount')}" for r in rows if isinstance(r, dict))


def history_lines(events: list[dict[str, Any]], voided: frozenset[int] = frozenset(), lang: str = "en",
                  money: dict[int, list[Movement]] | None = None) -> list[str]:
    """One line per event (a rules change: one more per changed value); hands of the events ``voided``
    (corrected by the game master, :mod:`tonk_rules.ledger.corrections`) are marked "(void)". ``lang``: the
    language of the lines (English, or Russian for a Russian event). ``money``: the economy's rows by the event
    that made them (:func:`~tonk_rules.ledger.money.rows_by_event`): a hand's cut and IOUs, what a correction
    moved, each on a line under its event."""
    money = money or {}
    if lang == "ru":
        return _history_ru(events, voided, money)
    lines: list[str] = []
    for event in events:
        undone = " (undone)" if event["undone_by"] is not None else ""
        kind, detail = event["kind"], event["detail"]
        if kind == "hand":
            # a hand taken back keeps its line, indented, so that `#N` lines are the hands that stand
            void = " (void)" if event["event"] in voided else ""
            lines.append(f"  {hand_line(event['hand'])}{undone}{void}" if undone else hand_line(event["hand"]) + void)
            lines += _rows_line(lang, money.get(event["event"], []))
        elif kind in ("join", "leave"):
            lines.append(f"  -- {event['name']} {'joined' if kind == 'join' else 'left'}{undone}")
        elif kind == "rules":
            lines.append(f"  -- rules changed to {detail['title']} ({detail['ref']}){undone}:")
            lines += [f"       {line}" for line in describe_diff(detail["diff"])]
        elif kind == "correct":
            what = "voided" if detail["kind"] == "void" else "amended"
            lines.append(f"  -- hand {detail['hand']} {what} ({detail['reason']}){undone}")
            lines += _rows_line(lang, money.get(event["event"], []))
        elif kind == "money":
            lines.append(f"  -- {detail.get('said', 'money')}{undone}")
        else:
            lines.append(f"  -- undo: took back {detail['said']}")
    return lines


def _history_ru(events: list[dict[str, Any]], voided: frozenset[int], money: dict[int, list[Movement]]) -> list[str]:
    """:func:`history_lines` in Russian: what an undo took back said again from the event it took back."""
    by_id = {event["event"]: event for event in events}
    lines: list[str] = []
    for event in events:
        undone = RU["undone"] if event["undone_by"] is not None else ""
        kind, detail = event["kind"], event["detail"]
        if kind == "hand":
            void = RU["voided"] if event["event"] in voided else ""
            said = hand_line(event["hand"], "ru")
            lines.append(f"  {said}{undone}{void}" if undone else said + void)
            lines += _rows_line("ru", money.get(event["event"], []))
        elif kind in ("join", "leave"):
            lines.append(ru(kind, name=event["name"], undone=undone))
        elif kind == "rules":
            lines.append(ru("rules", title=titled_in(detail["ref"], detail["title"], "ru"), ref=detail["ref"],
                            undone=undone))
            lines += [f"       {line}" for line in describe_diff(detail["diff"])]
        elif kind == "correct":
            lines.append(ru("correct", hand=detail["hand"], what=RU[f"correct_{detail['kind']}"],
                            reason=detail["reason"], undone=undone))
            lines += _rows_line("ru", money.get(event["event"], []))
        elif kind == "money":
            lines.append(ru("money", said=movement("ru", detail, _purses(detail)), undone=undone))
        else:
            lines.append(ru("undo", said=_taken_back(by_id.get(detail.get("event")), detail)))
    return lines


def taken_back_ru(took: dict[str, Any]) -> str:
    """What an undo took back (as :meth:`~tonk_rules.ledger.session_ledger.Ledger.undo` returns it), in Russian."""
    kind = took["kind"]
    if kind == "hand":
        return ru("undo_hand", number=took["hand"]["number"])
    if kind in ("join", "leave"):
        return ru(f"undo_{kind}", name=took["name"])
    if kind == "money" and isinstance(took.get("detail"), dict):
        return movement("ru", took["detail"], _purses(took["detail"]))
    return ru("undo_rules_any") if kind == "rules" else ru("undo_other", event=took["event"])


def _taken_back(event: dict[str, Any] | None, detail: dict[str, Any]) -> str:
    if event is None:
        return ru("undo_other", event=detail.get("event", "?"))
    kind = event["kind"]
    if kind == "hand":
        return ru("undo_hand", number=event["hand"]["number"])
    if kind in ("join", "leave"):
        return ru(f"undo_{kind}", name=event["name"])
    if kind == "rules":
        return ru("undo_rules", title=titled_in(event["detail"]["ref"], event["detail"]["title"], "ru"))
    if kind == "correct":
        return ru("undo_correct", hand=event["detail"]["hand"])
    if kind == "money":
        return movement("ru", event["detail"], _purses(event["detail"]))
    return ru("undo_other", event=event["event"])
