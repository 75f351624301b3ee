"""The evening's money in the event's language: a movement of money as an undo or the history names it, and
the words of the money pages (purses, the bank, IOUs, the console's forms).

Names are never declined (they stand after a colon or an arrow), numbers and plurals go through
:func:`tonk_rules.words.numbers.fill`, and the currency is the game master's own word, shown as a label.

    >>> movement_words("ru", {"what": "buy_in", "name": "Гоблин", "amount": 30})
    'докупка: Гоблин, 30'
    >>> movement_words("en", {"what": "purses", "names": ["Ann", "Bob"]})
    'purses handed out: Ann, Bob'
"""

from __future__ import annotations

from typing import Any

from tonk_rules.words.ledger_lines import MOVEMENTS
from tonk_rules.words.numbers import fill

#: a movement of money by what it was (the words package's, shared with the history)
_MOVEMENT = MOVEMENTS

#: the words of the money on the pages, in each language
MONEY_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "money": "The evening's money", "purse": "Purse", "bank": "Bank", "handed_out": "Handed out",
        "ious": "Open IOUs", "no_ious": "No open IOUs.", "owes": "owes", "out": "out",
        "out_note": "out: at the debt limit", "buy_ins": "{n} {n:buy-in|buy-ins}",
        "economy": "Economy", "economy_help": "An economy file (format tonk-economy/1): purses, bank, debt limit, "
                                              "buy-ins. Purses are handed out to players who have none yet.",
        "set_economy": "Set the economy", "issue": "Hand out money", "amount": "Amount",
        "give": "Hand out", "buy_in": "Buy-in", "sell_buy_in": "Sell a buy-in",
        "settle": "Settle an IOU", "debtor": "Who owes", "creditor": "To whom", "in_kind": "in kind (an item, a "
                                                                                           "favour)",
        "settle_go": "Settle", "allow_iou": "The game master allows an IOU for what cannot be paid",
        "player": "Player", "economy_set": "The economy is set.",
        "cut_share": "house cut: {percent}% of every payment", "cut_fee": "house fee: {fee} a hand",
        "limit_none": "no debt limit", "limit": "debt limit: {limit}", "at_leave": "at the limit the player leaves",
        "at_iou": "at the limit the game master may allow an IOU",
    },
    "ru": {
        "money": "Деньги вечера", "purse": "Кошелёк", "bank": "Банк", "handed_out": "Выдано",
        "ious": "Открытые расписки", "no_ious": "Открытых расписок нет.", "owes": "должен", "out": "выбыл",
        "out_note": "выбыл: достиг предела долга", "buy_ins": "{n} {n:докупка|докупки|докупок}",
        "economy": "Экономика", "economy_help": "Файл экономики (как для команды задания экономики): кошельки, "
                                                "банк, предел долга, докупка. Кошельки выдаются тем, у кого их ещё "
                                                "нет.",
        "set_economy": "Задать экономику", "issue": "Выдать деньги", "amount": "Сумма",
        "give": "Выдать", "buy_in": "Докупка", "sell_buy_in": "Продать докупку",
        "settle": "Погасить расписку", "debtor": "Кто должен", "creditor": "Кому", "in_kind": "вещью или услугой",
        "settle_go": "Погасить", "allow_iou": "Мастер разрешает долговую расписку на то, что нечем заплатить",
        "player": "Игрок", "economy_set": "Экономика задана.",
        "cut_share": "доля заведения: {percent} % каждой выплаты", "cut_fee": "плата заведению: {fee} с раздачи",
        "limit_none": "предела долга нет", "limit": "предел долга: {limit}",
        "at_leave": "на пределе игрок покидает стол", "at_iou": "на пределе мастер может разрешить расписку",
    },
}


def money_words(lang: str) -> dict[str, str]:
    return MONEY_WORDS.get(lang, MONEY_WORDS["en"])


def movement_words(lang: str, detail: dict[str, Any]) -> str:
    """A movement of money (a ``money`` event's detail) as a confirmation or a notice names it."""
    lang = lang if lang in _MOVEMENT else "en"
    what = str(detail.get("what", ""))
    template = _MOVEMENT[lang].get(what, _MOVEMENT[lang][""])
    names = detail.get("names") or []
    return fill(template, lang, names=", ".join(map(str, names)), name=str(detail.get("name", "")),
                amount=detail.get("amount", ""), debtor=str(detail.get("debtor", "")),
                creditor=str(detail.get("creditor", "")))


def economy_lines(lang: str, economy: Any) -> list[str]:
    """The economy in a few words: the house's cut, the debt limit, what happens at it."""
    w = money_words(lang)
    lines = []
    if economy.bank is not None and economy.bank.cut_percent is not None:
        lines.append(fill(w["cut_share"], lang, percent=economy.bank.cut_percent))
    elif economy.bank is not None:
        lines.append(fill(w["cut_fee"], lang, fee=economy.bank.fee))
    floor = economy.floor()
    lines.append(w["limit_none"] if floor is None else fill(w["limit"], lang, limit=-floor))
    if floor is not None:
        lines.append(w["at_iou"] if economy.at_limit == "iou" else w["at_leave"])
    return lines


def money_view(lang: str, economy: Any, money: Any, currency: str) -> dict[str, Any]:
    """What the event page shows of the evening's money, its words filled in: every purse (who is out), the
    bank, what was handed out, the buy-ins, the open IOUs and the economy in a few words."""
    w = money_words(lang)
    rows = [(name, purse, w["out"] if money.is_out(name, economy) else "")
            for name, purse in sorted(money.purses.items(), key=lambda item: (-item[1], item[0]))]
    return {"heading": w["money"], "currency": currency, "player": w["player"], "purse": w["purse"], "rows": rows,
            "bank": f"{w['bank']}: {money.bank} · {w['handed_out']}: {money.handed_out} · "
                    + fill(w["buy_ins"], lang, n=sum(money.buy_ins.values())),
            "ious_heading": w["ious"], "no_ious": w["no_ious"],
            "ious": [(d, c, a) for (d, c), a in sorted(money.ious.items())],
            "economy": " · ".join(economy_lines(lang, economy)), "bank_amount": money.bank,
            "handed_out": money.handed_out}
