"""A table's ledger in words, in English and in Russian: how a hand ended, who paid whom, the history's lines and
the corrections'. Names stand after a colon, an arrow or in a list, never declined; a noun after a number, and
a word about a list of winners, agree with it through :func:`~tonk_rules.words.numbers.fill`. Times are the
ledger's (UTC), shown on the local clock.

    >>> winners("ru", ["Ворон"]), winners("ru", ["Ворон", "Шёпот"]), winners("ru", [])
    ('выиграл Ворон', 'выиграли Ворон, Шёпот', 'никто не выиграл')
    >>> payment("ru", "Гоблин", "Костоправ", 1, "крона")
    'Гоблин → Костоправ: 1 (крона)'
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from tonk_rules.words.numbers import fill

#: How a hand ended, as a person reads it.
ENDINGS: dict[str, dict[str, str]] = {
    "en": {"knock_won": "knock won", "knock_caught": "knock caught", "out_by_discard": "out by discard",
           "out_by_spread": "out by spread", "out_by_hit": "out by hit", "deal_tonk": "tonk on the deal",
           "deal_void": "deal void", "stock_exhausted": "stock ran out", "stock_void": "stock ran out, void"},
    "ru": {"knock_won": "открывшийся выиграл", "knock_caught": "открывшийся пойман", "out_by_discard": "вышел сбросом",
           "out_by_spread": "вышел выкладкой", "out_by_hit": "вышел подкладкой", "deal_tonk": "тонк на раздаче",
           "deal_void": "раздача аннулирована", "stock_exhausted": "кончилась колода",
           "stock_void": "кончилась колода, без выплат"},
}

#: The Russian lines (the English ones are the ledger's own, unchanged since they were first printed).
RU: dict[str, str] = {
    # a settled hand (``tonk event record``)
    "ending": "Исход: {ending}; {winners}",
    "counts": "Очки: {counts}",
    "counts_not_given": "Очки: не указаны (выплату решают те, у кого тонк на раздаче)",
    "not_given": "не указаны",
    "net": "Итог раздачи: {net}",
    "no_deal_tonk": "Тонка на раздаче нет: никто не платит, играйте раздачу.",
    "void": "Раздача аннулирована: никто не платит.",
    # the history (``tonk event history``)
    "hand": "№{number} ({kind}), сдавал {dealer}: {ending}, {winners}: {payments}",
    "no_payments": "без выплат",
    "settled": "записана", "played": "сыграна",
    "undone": " (отменено)", "voided": " (аннулирована)",
    "join": "  -- посадка за стол: {name}{undone}",
    "leave": "  -- уход из-за стола: {name}{undone}",
    "rules": "  -- смена правил: «{title}» ({ref}){undone}:",
    "undo": "  -- отмена: {said}",
    "undo_hand": "раздача №{number}",
    "undo_join": "посадка за стол: {name}",
    "undo_leave": "уход из-за стола: {name}",
    "undo_rules": "смена правил: «{title}»",
    "undo_other": "событие {event}",
    "undo_rules_any": "смена правил",
    "undid": "Отменено: {said}.",
    # corrections
    "hand_said": "раздача №{number} ({ending}, {winners})",
    "correction_void": "  -- {at}: раздача №{number} аннулирована (причина: {reason}); была: {was}",
    "correction_amend": "  -- {at}: раздача №{number} исправлена (причина: {reason}); была: {was}; стала: {now}",
    "corrected_void": "Раздача №{number} аннулирована",
    "corrected_amend": "Раздача №{number} исправлена",
    # the evening's money (an event of its own; a hand's or a correction's movements on a line under it)
    "money": "  -- {said}{undone}",
    "correct": "  -- раздача №{hand} {what} (причина: {reason}){undone}",
    "correct_void": "аннулирована", "correct_amend": "исправлена",
    "undo_correct": "исправление раздачи №{hand}",
}

#: Local times as each language writes them.
TIME_FORMS = {"en": "%Y-%m-%d %H:%M", "ru": "%d.%m.%Y %H:%M"}


def ending(lang: str, code: str) -> str:
    """How a hand ended (``knock_won``) in ``lang``."""
    return ENDINGS.get(lang, ENDINGS["en"]).get(code, code.replace("_", " "))


def winners(lang: str, names: Sequence[str]) -> str:
    """Who won, the noun agreeing with how many (a name itself never declined)."""
    if lang != "ru":
        return f"won by {', '.join(names) or 'nobody'}"
    if not names:
        return "никто не выиграл"
    return fill("{n:выиграл|выиграли|выиграли} {names}", lang, n=len(names), names=", ".join(names))


def payment(lang: str, payer: str, receiver: str, amount: int, currency: str | None = None) -> str:
    """One payment: ``Гоблин → Костоправ: 1 (крона)`` (the currency a label, never an inflected word)."""
    said = f"{payer} → {receiver}: {amount}" if lang == "ru" else f"{payer} pays {receiver} {amount}"
    return f"{said} ({currency})" if currency else said


def local_time(at: str, lang: str) -> str:
    """A time the ledger keeps (ISO, UTC) on this computer's clock, as ``lang`` writes it."""
    try:
        moment = datetime.fromisoformat(at)
    except (TypeError, ValueError):
        return str(at)
    if moment.tzinfo is None:  # the ledger writes UTC
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone().strftime(TIME_FORMS.get(lang, TIME_FORMS["en"]))


def ru(key: str, /, **values: Any) -> str:
    """The Russian line ``key`` with ``values`` put in."""
    return fill(RU[key], "ru", **values)


#: a movement of money by what it was (the ``what`` of its ``money`` event's detail)
MOVEMENTS = {
    "en": {"purses": "purses handed out: {names}", "issue": "money handed out: {name}, {amount}",
           "buy_in": "buy-in: {name}, {amount}", "settle": "IOU paid back: {debtor} → {creditor}, {amount}",
           "forgive": "IOU settled in kind: {debtor} → {creditor}, {amount}", "": "a movement of money"},
    "ru": {"purses": "выданы кошельки: {names}", "issue": "выданы деньги: {name}, {amount}",
           "buy_in": "докупка: {name}, {amount}", "settle": "долг возвращён: {debtor} → {creditor}, {amount}",
           "forgive": "долг закрыт вещью или услугой: {debtor} → {creditor}, {amount}", "": "движение денег"},
}

#: one row of money a hand or a correction moved, by its kind (``{payer}``/``{receiver}``: a name or an account)
MONEY_ROWS = {
    "en": {"issue": "handed out: {receiver}, {amount}", "buy_in": "buy-in: {receiver}, {amount}",
           "cut": "house cut: {payer} → {receiver}, {amount}", "fee": "house fee: {payer} → {receiver}, {amount}",
           "iou": "IOU: {payer} → {receiver}, {amount}", "settle": "IOU paid back: {payer} → {receiver}, {amount}",
           "forgive": "IOU settled in kind: {payer} → {receiver}, {amount}"},
    "ru": {"issue": "выдано: {receiver}, {amount}", "buy_in": "докупка: {receiver}, {amount}",
           "cut": "доля заведения: {payer} → {receiver}, {amount}",
           "fee": "плата заведению: {payer} → {receiver}, {amount}",
           "iou": "расписка: {payer} → {receiver}, {amount}",
           "settle": "долг возвращён: {payer} → {receiver}, {amount}",
           "forgive": "долг закрыт вещью или услугой: {payer} → {receiver}, {amount}"},
}

#: the economy's own accounts (``@bank``, ``@outside``) as a person reads them
ACCOUNTS = {"en": {"@bank": "the bank", "@outside": "the game master"},
            "ru": {"@bank": "банк", "@outside": "мастер"}}


def movement(lang: str, detail: dict[str, Any], names: str | None = None) -> str:
    """A ``money`` event (its detail) as the history, an undo or a notice names it; ``names``: the purses'
    line (``Ann 30, Bob 30``) where the caller has their amounts.

        >>> movement("ru", {"what": "buy_in", "name": "Гоблин", "amount": 30})
        'докупка: Гоблин, 30'
    """
    lang = lang if lang in MOVEMENTS else "en"
    template = MOVEMENTS[lang].get(str(detail.get("what", "")), MOVEMENTS[lang][""])
    if names is None:
        names = ", ".join(map(str, detail.get("names") or []))
    return fill(template, lang, names=names, name=str(detail.get("name", "")), amount=detail.get("amount", ""),
                debtor=str(detail.get("debtor", "")), creditor=str(detail.get("creditor", "")))


def money_row(lang: str, kind: str, payer: str, receiver: str, amount: int) -> str:
    """One row of money (a hand's cut, an IOU, …), the economy's accounts named in ``lang``.

        >>> money_row("ru", "cut", "Гоблин", "@bank", 1)
        'доля заведения: Гоблин → банк, 1'
    """
    lang = lang if lang in MONEY_ROWS else "en"
    accounts = ACCOUNTS[lang]
    template = MONEY_ROWS[lang].get(kind, "{payer} → {receiver}, {amount}")
    return fill(template, lang, payer=accounts.get(payer, payer), receiver=accounts.get(receiver, receiver),
                amount=amount)
