"""``tonk event economy|money|purse|buy-in|settle``: the evening's money from the terminal, the same functions
the console calls (tonk_rules.event.evening_money), each line in the event's language."""

from __future__ import annotations

import json
from typing import Any

import click

from tonk_rules.cli.event_commands import event, open_event
from tonk_rules.words.numbers import fill

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
    words = MONEY_LINES[key]
    lang = lang if lang in words else "en"
    return fill(words[lang], lang, **values)


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


def _echo(lines: list[str]) -> None:
    from tonk_rules.cli.terminal import plain

    for text in lines:
        click.echo(plain(text))


@event.command("economy")
@click.argument("folder", type=click.Path(file_okay=False))
@click.argument("file", type=click.Path(dir_okay=False))
def event_economy(folder: str, file: str) -> None:
    """Give the event in FOLDER the economy in FILE (format tonk-economy/1: purses, bank, debt limit, buy-ins;
    schema: `tonk event economy-schema`). Players without a purse are handed theirs, on top of their balance."""
    from tonk_rules.errors import YamlReadError
    from tonk_rules.event.economy import MAX_ECONOMY_BYTES, EconomyFileError, economy_from_text
    from tonk_rules.event.evening_money import set_economy
    from tonk_rules.safe_read import decode, read_limited

    ev = open_event(folder)
    try:
        economy = economy_from_text(file, decode(file, read_limited(file, MAX_ECONOMY_BYTES, what="economy file")))
    except (EconomyFileError, YamlReadError) as exc:
        click.echo(str(exc), err=True)
        raise SystemExit(1) from None
    tables = set_economy(ev, economy)
    _echo([say("set", ev.language, n=len(tables)), *money_lines(ev)])


@event.command("economy-schema")
def event_economy_schema() -> None:
    """Print the JSON Schema of economy files (schemas/economy.schema.json)."""
    from tonk_rules.event.economy import economy_schema_text

    click.echo(economy_schema_text(), nl=False)


@event.command("money")
@click.argument("folder", type=click.Path(file_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
def event_money(folder: str, as_json: bool) -> None:
    """Every player's purse (who is out), the bank's takings and the open IOUs."""
    ev = open_event(folder)
    if as_json:
        click.echo(json.dumps(money_json(ev), indent=2, ensure_ascii=False))
        return
    _echo(money_lines(ev))


@event.command("purse")
@click.argument("folder", type=click.Path(file_okay=False))
@click.argument("player")
@click.argument("amount", type=click.IntRange(1, 1_000_000))
def event_purse(folder: str, player: str, amount: int) -> None:
    """Hand PLAYER AMOUNT more (a purse of their own, a reward): an event at their table, undone on the console."""
    from tonk_rules.event.evening_money import issue_purse

    ev = open_event(folder)
    done = issue_purse(ev, player, amount)
    _echo([say("issued", ev.language, **done), *money_lines(ev)])


@event.command("buy-in")
@click.argument("folder", type=click.Path(file_okay=False))
@click.argument("player")
def event_buy_in(folder: str, player: str) -> None:
    """PLAYER buys back in: the economy's buy-in handed out (its price paid to the bank outside the game)."""
    from tonk_rules.event.evening_money import buy_in

    ev = open_event(folder)
    done = buy_in(ev, player)
    _echo([say("bought", ev.language, **done), *money_lines(ev)])


@event.command("settle")
@click.argument("folder", type=click.Path(file_okay=False))
@click.argument("debtor")
@click.argument("creditor")
@click.argument("amount", type=click.IntRange(1, 1_000_000))
@click.option("--in-kind", is_flag=True, help="Settled with an item or a favour: no coins move.")
def event_settle(folder: str, debtor: str, creditor: str, amount: int, in_kind: bool) -> None:
    """DEBTOR pays back AMOUNT of an IOU to CREDITOR (from their purse, or --in-kind)."""
    from tonk_rules.event.evening_money import settle_iou

    ev = open_event(folder)
    done = settle_iou(ev, debtor, creditor, amount, in_kind=in_kind)
    _echo([say("forgiven" if in_kind else "settled", ev.language, **{k: v for k, v in done.items() if k != "table"}),
           *money_lines(ev)])
