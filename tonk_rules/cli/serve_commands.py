"""``tonk serve EVENT_DIR``: the event's pages for the game master's laptop and the tables' phones."""

from __future__ import annotations

import click


@click.command("serve")
@click.argument("event_dir", type=click.Path(file_okay=False))
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True)
@click.option("--lan", is_flag=True,
              help="Serve the venue's network too (prints the address and a QR code); default: this computer only.")
def serve(event_dir: str, port: int, lan: bool) -> None:
    """Serve the event in EVENT_DIR (made by `tonk event create`) to browsers: the event, every table, the
    rules sheets, and the game master's console (its link, with the secret, is printed at start)."""
    from tonk_rules.cli.event_lines import line
    from tonk_rules.cli.problems import one_line
    from tonk_rules.web.serve import StartError
    from tonk_rules.web.serve import serve as run

    # every refusal at start (not an event, served already, the keys file, the port) is one line of its own
    # cause; the CLI's TonkError handler prints it and exits 1 (in the event's language: here)
    try:
        run(event_dir, port=port, lan=lan, echo=click.echo)
    except StartError as exc:
        if exc.lang == "en":
            raise
        click.echo(line("refused", exc.lang, said=one_line(str(exc))), err=True)
        click.get_current_context().exit(1)
