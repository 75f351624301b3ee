"""What ``tonk event money|standings|economy|…`` print of the evening's money, in the event's language (English
or Russian): every purse (who is out), the bank, the open IOUs; names never declined, numbers through ``fill``."""

from __future__ import annotations

from typing import Any

from tonk_rules.words.numbers import fill_line

#: every line of these commands, in English and in Russian (names never declined; numbers through ``fill``)
MONEY_LINES: dict[str, dict[str, str]] = {
    "heading": {"en": "The evening's money ({currency}):", "ru": "Деньги вечера (валюта: {currency}):"},
    "out": {"en": "out: at the debt limit", "ru": "выбыл: достиг предела долга"},
    "bank": {"en": "Bank: {bank}; handed out: {handed_out}; {n} {n:buy-in|buy-ins}",
             "ru": "Банк: {bank}; выдано: {handed_out}; докупок: {n}"},
    "ious": {"en": "Open IOUs:", "ru": "Открытые расписки:"},
    "no_ious": {"en": "No open IOUs.", "ru": "Открытых расписок нет."},
    "set": {"en": "The economy is set; purses handed out at {n} {n:table|tables}.",
            "ru": "Экономика задана; кошельки выданы за столами: {n}."},
    "issued": {"en": "{name} is handed {amount} (at {table}).", "ru": "Выдано: {name}, {amount} (стол {table})."},
    "bought": {"en": "{name} buys in: {amount} (at {table}).", "ru": "Докупка: {name}, {amount} (стол {table})."},
    "settled": {"en": "IOU {debtor} → {creditor}: {amount} paid back.",
                "ru": "Расписка {debtor} → {creditor}: возвращено {amount}."},
    "forgiven": {"en": "IOU {debtor} → {creditor}: {amount} settled in kind.",
                 "ru": "Расписка {debtor} → {creditor}: {amount} погашено вещью или услугой."},
    "no_economy": {"en": "This event has no economy: balances run as they always did.",
                   "ru": "У этого события нет экономики: счёт ведётся как прежде."},
}


def say(key: str, lang: str, **values: Any) -> str:
    return fill_line(MONEY_LINES, key, lang, **values)


def money_lines(ev: Any) -> list[str]:
    """The evening's money as the terminal prints it: every purse (who is out), the bank, the open IOUs."""
    from tonk_rules.event.evening_money import evening

    lang = ev.language
    economy = ev.economy
    if economy is None:
        return [say("no_economy", lang)]
    money = evening(ev)
    lines = [say("heading", lang, currency=ev.currency)]
    width = max((len(n) for n in money.purses), default=0)
    for name, purse in sorted(money.purses.items(), key=lambda item: (-item[1], item[0])):
        out = f"  ({say('out', lang)})" if money.is_out(name, economy) else ""
        lines.append(f"  {name:<{width}}  {purse:>6}{out}")
    lines.append(say("bank", lang, bank=money.bank, handed_out=money.handed_out, n=sum(money.buy_ins.values())))
    if money.ious:
        lines.append(say("ious", lang))
        lines += [f"  {debtor} → {creditor}: {amount}" for (debtor, creditor), amount in sorted(money.ious.items())]
    else:
        lines.append(say("no_ious", lang))
    return lines


def money_json(ev: Any) -> dict[str, Any] | None:
    """The evening's money as ``--json`` prints it (None without an economy)."""
    from tonk_rules.event.evening_money import evening

    economy = ev.economy
    if economy is None:
        return None
    money = evening(ev)
    return {"purses": money.purses, "bank": money.bank, "handed_out": money.handed_out,
            "out": sorted(n for n in money.purses if money.is_out(n, economy)), "buy_ins": money.buy_ins,
            "ious": [{"debtor": d, "creditor": c, "amount": a} for (d, c), a in sorted(money.ious.items())],
            "economy": economy.data()}
