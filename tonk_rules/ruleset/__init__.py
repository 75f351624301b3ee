"""The compiled, frozen :class:`Ruleset` (:mod:`tonk_rules.ruleset.compiled_ruleset`): what the engine consults,
and nothing else; its rule objects, each rule's arithmetic once (:mod:`~tonk_rules.ruleset.core`), and
settlement.

Importing this package loads neither pydantic nor PyYAML: :func:`compile_ruleset` (variant model →
Ruleset) lives in :mod:`tonk_rules.ruleset.compile` and is imported here only when asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tonk_rules.ruleset.compiled_ruleset import Ruleset
from tonk_rules.ruleset.payments import CompiledRule, Payment, PaymentSchedule, net_of
from tonk_rules.ruleset.settlement import Settlement
from tonk_rules.terms import MeldKind

if TYPE_CHECKING:
    from tonk_rules.ruleset.compile import compile_ruleset

__all__ = [
    "CompiledRule", "MeldKind", "Payment", "PaymentSchedule", "Ruleset", "Settlement", "compile_ruleset", "net_of",
]


def __getattr__(name: str) -> Any:
    # compile_ruleset needs the variant model (pydantic): imported only when someone asks for it
    if name == "compile_ruleset":
        from tonk_rules.ruleset.compile import compile_ruleset

        return compile_ruleset
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
