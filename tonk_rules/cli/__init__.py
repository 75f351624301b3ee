"""The ``tonk`` command line. Heavy imports (pydantic, rich) wait until a command runs, so ``--help`` is quick.

Every error a user can cause ends as one message on stderr and a non-zero exit status, never a traceback.
"""

from __future__ import annotations

import sys

import click

from tonk_rules.cli.play_commands import replay
from tonk_rules.cli.table_commands import rules, settle
from tonk_rules.cli.table_session_commands import session
from tonk_rules.cli.variant_commands import check, diff, schema, show, variants
from tonk_rules.errors import TonkError


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tonk-rules")
def cli() -> None:
    """Tonk with its rules as data: variant files, a rule engine and hand replays.

    \b
    Examples:
      tonk variants                    list the built-in variants
      tonk show russian --provenance   the full rules with their sources
      tonk diff russian pagat          what differs, side by side
      tonk check my-table.yaml         validate a house-rule file
      tonk replay examples/example-1.yaml
    """


for command in (variants, show, check, schema, diff, replay):
    cli.add_command(command)
for command in (rules, settle, session):
    cli.add_command(command)


def main() -> None:
    try:
        code = cli.main(standalone_mode=False)
        # without standalone mode click returns the status of `Exit` rather than exiting
        sys.exit(code if isinstance(code, int) else 0)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except click.Abort:
        click.echo("Aborted.", err=True)
        sys.exit(1)
    except TonkError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(1)
    except BrokenPipeError:
        sys.exit(0)
