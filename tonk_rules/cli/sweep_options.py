"""What ``tonk sweep`` and ``tonk design`` share: the ``--out`` folder, the ``--vary``/``--with`` texts, the
result's output.

Public API: :func:`checked_out_dir` (``--out`` and ``--force``, checked before anything plays),
:func:`parsed_options` (each option's texts parsed, a bad one a usage error naming its option),
:func:`emit_result` (notes on stderr, files into the folder, JSON on stdout).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import click

from tonk_rules.cli.terminal import plain


def checked_out_dir(out_dir: str | None, force: bool, names: list[str] | None = None,
                    what: str = "sweep") -> Path | None:
    """``--out`` must be a new (or empty) directory unless ``--force``; checked before anything plays.
    ``names``: the files the command writes there (default: the sweep's)."""
    if out_dir is None:
        if force:
            raise click.BadParameter("--force only lets --out overwrite; there is no --out",
                                     param_hint="'--force'")
        return None
    path = Path(out_dir)
    if path.exists() and not path.is_dir():
        raise click.BadParameter(f"{plain(out_dir)} exists and is not a directory", param_hint="'--out'")
    if path.is_dir() and any(path.iterdir()) and not force:
        raise click.BadParameter(f"{plain(out_dir)} is not empty; choose a new directory or add --force to "
                                 f"overwrite the {what} files in it", param_hint="'--out'")
    from tonk_rules.outputs import why_not_writable_folder
    from tonk_rules.report.sweep_report import sweep_file_names

    # a folder that cannot be created or written, or a file of ours that is a device or a folder, even with --force
    if why := why_not_writable_folder(path, sweep_file_names() if names is None else names, force=True):
        raise click.BadParameter(plain(why), param_hint="'--out'")
    return path


def parsed_options(options: Iterable[tuple[str, Callable[[str], Any], Iterable[str]]]) -> dict[str, tuple[Any, ...]]:
    """Each option's texts parsed (``(name, parse, texts)``): a text that does not parse is a usage error
    naming its option; a ``--with`` key given twice likewise."""
    from tonk_rules.errors import SimulationError

    parsed: dict[str, tuple[Any, ...]] = {}
    for option, parse, texts in options:
        texts = tuple(texts)
        for text in texts:
            if why := _why_control(text):
                raise click.BadParameter(why, param_hint=f"'{option}'")
        try:
            parsed[option] = tuple(parse(text) for text in texts)
        except SimulationError as exc:
            raise click.BadParameter(plain(str(exc)), param_hint=f"'{option}'") from None
    companions = parsed.get("--with", ())
    if len({key for key, _ in companions}) != len(companions):
        raise click.BadParameter("a key is given twice", param_hint="'--with'")
    return parsed


def _why_control(text: str) -> str | None:
    """Why ``text`` is refused as one option's value: a control character (a line break pasted with it would
    cut the text short where the values are read, silently dropping the rest)."""
    import unicodedata

    for at, char in enumerate(text):
        if unicodedata.category(char) == "Cc":
            return (f"{plain(text[:at])!r} is followed by a control character ({char!r}, character {at + 1}): "
                    "give KEY=V1,V2,… on one line")
    return None


def emit_result(data: dict[str, Any], folder: Path | None, write: Callable[[dict[str, Any], Path], list[Path]],
          as_json: bool) -> list[Path] | None:
    """A sweep's or a design's result out: its notes on stderr, its files into ``folder`` (when given), and
    its JSON on stdout with ``as_json`` (then None: nothing more to print); else the files written."""
    for line in data.get("notes", []):
        click.echo(plain(line), err=True)
    written = write(data, folder) if folder is not None else []
    if as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return None
    return written
