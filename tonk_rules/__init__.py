"""tonk-rules: the card game Tonk with its rules as data.

The public face, importable from the package itself::

    >>> import random
    >>> from tonk_rules import Hand, load_ruleset
    >>> rules = load_ruleset("russian")          # a built-in name, or a path to a variant file
    >>> hand = Hand.shuffled(rules, ["Ann", "Bob", "Cy"], dealer=0, rng=random.Random(1))
    >>> while not hand.over:
    ...     _ = hand.apply(hand.legal_actions()[0])
    >>> sum(hand.result.net)
    0

Importing the package is light: the engine, cards and rule vocabulary load without pydantic or PyYAML;
:func:`load_variant` and :func:`load_ruleset` (which read YAML and validate with pydantic) are imported on
first use.
"""

from __future__ import annotations

from importlib import metadata
from typing import TYPE_CHECKING, Any

from tonk_rules.cards import Card, parse_card, parse_cards
from tonk_rules.engine.actions import Action, ActionRecord, Discard, Draw, Hit, Knock, Spread, parse_action
from tonk_rules.engine.hand import Hand
from tonk_rules.engine.result import HandResult
from tonk_rules.engine.session import Session
from tonk_rules.engine.turn import Phase
from tonk_rules.errors import (
    CardError,
    IllegalActionError,
    RecordError,
    SetupError,
    TonkError,
    VariantError,
)
from tonk_rules.ruleset import Ruleset, Settlement
from tonk_rules.terms import Ending, Pile

if TYPE_CHECKING:
    from tonk_rules.ruleset.compile import load_ruleset
    from tonk_rules.variant.loader import load_variant

try:
    __version__ = metadata.version("tonk-rules")
except metadata.PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0+unknown"

__all__ = [
    "Action", "ActionRecord", "Card", "CardError", "Discard", "Draw", "Ending", "Hand", "HandResult", "Hit",
    "IllegalActionError", "Knock", "Phase", "Pile", "RecordError", "Ruleset", "Session", "Settlement",
    "SetupError", "Spread", "TonkError", "VariantError", "__version__", "load_ruleset", "load_variant",
    "parse_action", "parse_card", "parse_cards",
]


def __getattr__(name: str) -> Any:
    # loading variants needs pydantic and PyYAML: imported only when asked for
    if name == "load_variant":
        from tonk_rules.variant.loader import load_variant

        return load_variant
    if name == "load_ruleset":
        from tonk_rules.ruleset.compile import load_ruleset

        return load_ruleset
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
