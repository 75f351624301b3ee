"""``tonk replay``: replaying a recorded hand step by step."""

from __future__ import annotations

import json

import click


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print only the result, as JSON.")
@click.option("--cards", type=click.Choice(["unicode", "english", "russian"]), default="unicode",
              show_default=True, help="How to print cards.")
def replay(file: str, as_json: bool, cards: str) -> None:
    """Replay the hand record FILE: check every step, print the hand and its result.

    An illegal step or a checkpoint that disagrees with the play stops the replay with exit status 1.
    """
    from tonk_rules.engine.record import load_record
    from tonk_rules.engine.record import replay as replay_record

    record = load_record(file)
    hand = replay_record(record, style=cards, echo=None if as_json else click.echo)  # type: ignore[arg-type]
    assert hand.result is not None
    if as_json:
        click.echo(json.dumps(hand.result.to_json(), indent=2, ensure_ascii=False))
    else:
        for line in hand.result.describe():
            click.echo(line)
