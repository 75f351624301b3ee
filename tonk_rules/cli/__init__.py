"""The ``tonk`` command line. Heavy imports (pydantic, rich) wait until a command runs, so ``--help`` is quick.

Every error a user can cause ends as one message on stderr and a non-zero exit status, never a traceback.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import sys
from typing import NoReturn

import click

from tonk_rules.cli.design_commands import design
from tonk_rules.cli.event_commands import add_correct_command, event
from tonk_rules.cli.ladder_commands import ladder
from tonk_rules.cli.money_commands import event_money  # noqa: F401  (registers the money commands)
from tonk_rules.cli.play_commands import replay
from tonk_rules.cli.problems import echo_problems, one_line
from tonk_rules.cli.serve_commands import serve
from tonk_rules.cli.sim_commands import compare, odds, simulate
from tonk_rules.cli.sweep_commands import sweep
from tonk_rules.cli.table_commands import play, rules, settle
from tonk_rules.cli.table_session_commands import session
from tonk_rules.cli.tune_commands import tune
from tonk_rules.cli.variant_commands import check, diff, new, schema, show, sources, variants
from tonk_rules.errors import TonkError

#: Errors of writing the output itself: a closed pipe, a full disk or quota, a file too large.
OUTPUT_ERRNOS = frozenset({errno.EPIPE, errno.ENOSPC, errno.EDQUOT, errno.EFBIG})


class _OutputFailed(Exception):
    """Writing the output failed (see :data:`OUTPUT_ERRNOS`); carried past click, which would exit silently."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


class _TonkGroup(click.Group):
    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except OSError as exc:
            if exc.errno in OUTPUT_ERRNOS:
                raise _OutputFailed(exc) from exc
            raise


@click.group(cls=_TonkGroup, context_settings={"help_option_names": ["-h", "--help"]})
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


for command in (variants, show, check, schema, diff, new, sources, replay):
    cli.add_command(command)
for command in (odds, simulate, compare, sweep, design, ladder):
    cli.add_command(command)
for command in (rules, settle, session, play, event, serve):
    cli.add_command(command)
add_correct_command(session, with_table=False)
cli.add_command(tune)


def main(argv: list[str] | None = None) -> None:
    """Run ``tonk``; exit 0 on success, 1 for invalid input, 2 for misuse, 3 for an internal error (and, for a
    ledger that is not damaged but cannot be used now, 4 for a full disk, 5 for no permission to write it, 6
    for a file that is not a ledger: :class:`~tonk_rules.errors.LedgerError`'s ``exit_status``).

    No traceback reaches the user: the project's errors print one line per problem, and anything
    unexpected prints one "internal error" line (``TONK_DEBUG=1`` shows the traceback instead).
    """
    for stream in (sys.stdout, sys.stderr):  # a card symbol must not crash an ASCII-only terminal
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    try:
        code = cli.main(args=argv, standalone_mode=False)
        sys.stdout.flush()  # a full disk must be found here, where it can be reported, not at exit
        # without standalone mode click returns the status of `Exit` rather than exiting
        sys.exit(code if isinstance(code, int) else 0)
    except click.exceptions.Exit as exc:
        _flush_output()
        sys.exit(exc.exit_code)
    except click.ClickException as exc:  # usage errors: exit status 2
        exc.show()
        sys.exit(exc.exit_code)
    except click.Abort:
        click.echo("Aborted.", err=True)
        sys.exit(1)
    except TonkError as exc:
        echo_problems(exc)
        sys.exit(getattr(exc, "exit_status", 1))
    except _OutputFailed as exc:
        # the reader went away (`tonk show x | head -1`) or the disk is full (`> /dev/full`): one line, exit 1
        _output_failed(exc.error)
    except OSError as exc:
        if exc.errno not in OUTPUT_ERRNOS:
            _internal_error(exc)
        _output_failed(exc)
    except KeyboardInterrupt:
        click.echo("Interrupted.", err=True)
        sys.exit(130)
    except Exception as exc:
        _internal_error(exc)


def _flush_output() -> None:
    try:
        sys.stdout.flush()
    except OSError as exc:
        if exc.errno not in OUTPUT_ERRNOS:
            raise
        _output_failed(exc)


def _output_failed(exc: OSError) -> NoReturn:
    """Say once that the output could not be written, and keep Python from failing again on it at exit."""
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    reason = "the reader closed the pipe" if exc.errno == errno.EPIPE else (exc.strerror or "write failed")
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.write(f"tonk: cannot write the output: {reason}\n")
        sys.stderr.flush()
    sys.exit(1)


def _internal_error(exc: BaseException) -> NoReturn:
    if os.environ.get("TONK_DEBUG"):
        raise exc
    click.echo(f"tonk: internal error: {type(exc).__name__}: {one_line(str(exc))[:300]} (this is a bug in "
               "tonk-rules; set TONK_DEBUG=1 to see the traceback)", err=True)
    sys.exit(3)
