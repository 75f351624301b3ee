"""``tonk replay``: replaying recorded hands step by step."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, cast

import click

from tonk_rules.cli.problems import echo_problems
from tonk_rules.cli.terminal import plain

if TYPE_CHECKING:
    from tonk_rules.cards import CardStyle


@click.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print only the result, as JSON (one file only).")
@click.option("--cards", type=click.Choice(["unicode", "english", "russian"]), default="unicode",
              show_default=True, help="How to print cards, in the steps and in the JSON's hands and spreads.")
def replay(files: tuple[str, ...], as_json: bool, cards: str) -> None:
    """Replay the hand records FILES: check every step, print the hand and its result.

    An unreadable record, an illegal step or a checkpoint that disagrees with the play is reported as
    FILE:LINE:COL: step N: message, and the exit status is 1. With several files each is replayed in turn
    and a closing line counts them.
    """
    from tonk_rules.errors import TonkError
    from tonk_rules.records import load_record
    from tonk_rules.records import replay as replay_record

    if as_json and len(files) > 1:
        raise click.UsageError("--json prints one result: give one file")
    style = cast("CardStyle", cards)  # click.Choice allows only the three styles
    failed = 0
    for file in files:
        if len(files) > 1:
            click.echo(f"== {plain(file)}")
        try:
            record = load_record(file)
            hand = replay_record(record, style=style, echo=None if as_json else (lambda line: click.echo(plain(line))))
        except TonkError as exc:
            failed += 1
            echo_problems(exc)
            continue
        assert hand.result is not None
        if as_json:
            from tonk_rules.cards import format_cards

            result = hand.result.to_json()
            result["cards"] = cards
            result["hands"] = {name: format_cards(hand.hands[i], style) for i, name in enumerate(hand.players)}
            result["spreads"] = [{"owner": hand.players[s.owner], "cards": format_cards(s.cards, style),
                                  **({"shown": hand.ruleset.melds.show(s.cards, style)}  # each wild card's stand
                                     if hand.ruleset.melds.stands_for(s.cards) else {})}
                                 for s in hand.spreads]
            click.echo(json.dumps(result, indent=2, ensure_ascii=False))
        else:
            for line in hand.result.describe():
                click.echo(plain(line))
    if len(files) > 1:
        click.echo(f"{len(files)} files: {len(files) - failed} replayed, {failed} invalid",
                   err=bool(failed))
    if failed:
        raise click.exceptions.Exit(1)
