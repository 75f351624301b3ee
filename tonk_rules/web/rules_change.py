"""What a change of a table's rules changes, shown before anything is written: the rules that differ (as
``tonk diff`` finds them, :func:`tonk_rules.variant.diff.variant_diff`), each said as the rules sheet says it
in the event's language, as the table plays now and as it would play after the change.

    >>> from tonk_rules.ledger.stored_rules import StoredRules
    >>> from tonk_rules.variant.loader import load_variant
    >>> now, then = (StoredRules.of(load_variant(n), n) for n in ("russian", "russian-2001"))
    >>> change = rules_change(now, then, "en")
    >>> change.paths[:2], len(change.now) == len(change.then) > 0
    (('melds.ace', 'taken_discard.rule'), True)
"""

from __future__ import annotations

from dataclasses import dataclass

from tonk_rules.ledger.stored_rules import StoredRules
from tonk_rules.sheets.rules_sheet import Line, build_sheet
from tonk_rules.sheets.variant_view import VariantView
from tonk_rules.variant.diff import label_of, rule_values, variant_diff
from tonk_rules.variant.loader import LoadedVariant


@dataclass(frozen=True)
class RulesChange:
    """The rules that differ (``paths``: as ``tonk diff`` names them) and the sheet's sentences about them."""

    paths: tuple[str, ...]
    now: tuple[Line, ...]  # the sentences of the current rules that the change alters
    then: tuple[Line, ...]  # the same sentences under the new rules


def _loaded(rules: StoredRules) -> LoadedVariant:
    return LoadedVariant(rules.ref, rules.variant, {}, ())


def _lines(rules: StoredRules, differs: frozenset[str], lang: str) -> tuple[Line, ...]:
    view = VariantView(_loaded(rules), rule_values(rules.variant), None, differs)
    return tuple(line for block in build_sheet(view, lang).blocks for line in block.lines if line.differs)


def rules_change(now: StoredRules, then: StoredRules, lang: str) -> RulesChange:
    """What changing from ``now`` to ``then`` changes, in ``lang``."""
    report = variant_diff(_loaded(now), _loaded(then))
    paths = tuple(dict.fromkeys(label_of(row.path) for row in report.rows if row.differs))
    differs = frozenset(paths)
    return RulesChange(paths, _lines(now, differs, lang), _lines(then, differs, lang))
