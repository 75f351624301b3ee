"""``tonk event economy|money|purse|buy-in|settle``: the evening's money from the terminal, the same functions
the console calls (tonk_rules.event.evening_money), each line in the event's language."""

from __future__ import annotations

import json

import click

from tonk_rules.cli.event_commands import event, open_event
from tonk_rules.cli.money_lines import money_json, money_lines, say


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
