"""The rules an outside tool plays: a variant, named as a built-in or given as a file path, and a table size
it seats, checked once with one clear message each.

    >>> rules_for("pagat", 3).table_sizes()
    (2, 3)
    >>> rules_for("pagat", 7)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tonk_rules.interop.game_rules.InteropSetupError: variant 'pagat' cannot seat 7 players: this variant seats 2 ...
"""

from __future__ import annotations

from pathlib import Path

from tonk_rules.errors import SetupError, VariantError
from tonk_rules.ruleset import Ruleset, compile_ruleset
from tonk_rules.variant.loader import load_variant


class InteropSetupError(SetupError):
    """A parameter of an OpenSpiel game or a PettingZoo environment that does not describe a Tonk table."""


def rules_for(variant: str | Path, players: int) -> Ruleset:
    """The compiled rules of ``variant`` (a built-in name or a variant file's path) for ``players`` seats;
    :class:`InteropSetupError` saying what is wrong otherwise."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise InteropSetupError(f"players must be a whole number, not {players!r}")
    if not isinstance(variant, str | Path) or not str(variant):
        raise InteropSetupError(f"variant must be a built-in name or a variant file's path, not {variant!r}")
    try:
        rules = compile_ruleset(load_variant(str(variant)).variant)
    except VariantError as exc:
        raise InteropSetupError(f"variant {str(variant)!r} cannot be loaded: {one_line(exc)}") from None
    why = rules.why_not_seat(players) or rules.why_not_deal(players)
    if why is not None:
        raise InteropSetupError(f"variant {str(variant)!r} cannot seat {players} players: {why}")
    return rules


def one_line(exc: Exception) -> str:
    """An error's message on one line (a variant file's problems are listed one per line)."""
    return "; ".join(line.strip() for line in str(exc).splitlines() if line.strip())
