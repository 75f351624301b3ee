"""The rules that differ between two variants, in the rules sheet's sentences (English or Russian).

Both variants' rules-sheet sentences (:func:`tonk_rules.words.sheet_lines.sheet_blocks`, the words the
table tools print) are built, and every sentence whose words differ is paired with the other variant's
sentence about the same rule values; the dotted keys of the values that differ stay beside it as a small
reference. A value no sentence mentions (a rule the sheet leaves out because it cannot apply) is shown by its
key and value.

    >>> from tonk_rules.variant.loader import load_variant
    >>> changes = rule_changes(load_variant("pagat"), load_variant("pagat-no-upcard"), "en")
    >>> [c.keys for c in changes]
    [('deal.upcard',), ('deal.first_turn',)]
    >>> changes[0].left.startswith("The next card is turned face up")
    True
"""

from __future__ import annotations

from dataclasses import dataclass

from tonk_rules.variant.diff import label_of, rule_values, show_value, variant_diff
from tonk_rules.variant.loader import LoadedVariant
from tonk_rules.words.sheet_lines import Block, sheet_blocks

#: Rule values that never change how one hand plays at equal stakes (who deals first, the rotation, the
#: table's size range, per-player stakes, points): the simulator plays independent hands at stake 1.
NOT_IN_PLAY = ("players.", "dealer.", "stakes.", "scoring.")
_NOT_IN_PLAY_NOTE = {"en": "does not change how a hand plays", "ru": "не меняет игру одной сдачи"}


@dataclass(frozen=True)
class RuleChange:
    """One rule sentence that reads differently in the two variants, and the keys of the values behind it."""

    keys: tuple[str, ...]
    heading: str
    left: str
    right: str

    def reference(self, lang: str = "en") -> str:
        """The keys, and a note when the change cannot alter how one hand plays."""
        keys = ", ".join(self.keys)
        return keys if self.in_play else f"{keys} ({_NOT_IN_PLAY_NOTE[lang]})"

    @property
    def in_play(self) -> bool:
        """Whether this change can alter how a hand is played (see :data:`NOT_IN_PLAY`)."""
        return not all(key.startswith(NOT_IN_PLAY) for key in self.keys)


def _blocks(loaded: LoadedVariant, lang: str) -> tuple[Block, ...]:
    return sheet_blocks(rule_values(loaded.variant), frozenset(), lang)


def _lines(blocks: tuple[Block, ...]) -> dict[tuple[str, ...], tuple[str, str]]:
    """Sentence by the keys it is about -> (block heading, the sentence with its lead-in)."""
    out = {}
    for block in blocks:
        for line in block.lines:
            if line.paths:
                out[line.paths] = (block.heading, f"{line.label}: {line.text}" if line.label else line.text)
    return out


def rule_changes(a: LoadedVariant, b: LoadedVariant, lang: str = "en") -> list[RuleChange]:
    """The rules whose values differ between ``a`` and ``b``, as sentences of each (see the module docstring)."""
    differing = [label_of(row.path) for row in variant_diff(a, b).rows if row.differs]
    blocks_a, blocks_b = _blocks(a, lang), _blocks(b, lang)
    left, right = _lines(blocks_a), _lines(blocks_b)
    changes: list[RuleChange] = []
    covered: set[str] = set()
    for paths in dict.fromkeys([*left, *right]):
        keys = tuple(p for p in paths if p in differing)
        if not keys:
            continue
        heading, text_a = left.get(paths, ("", "—"))
        heading_b, text_b = right.get(paths, ("", "—"))
        if text_a == text_b:
            continue
        changes.append(RuleChange(keys, heading or heading_b, text_a, text_b))
        covered.update(keys)
    values_a, values_b = rule_values(a.variant), rule_values(b.variant)
    for key in differing:
        if key not in covered:  # no sentence says it: the value itself
            changes.append(RuleChange((key,), "", f"{key}: {show_value(values_a.get(key))}",
                                      f"{key}: {show_value(values_b.get(key))}"))
    changes = _one_row_per_rule(changes)
    # a sentence only the second variant's sheet has came last: each heading's rules together, in the sheet's
    # order of headings (a heading said twice, far apart, reads as two sections)
    order = {h: i for i, h in enumerate(dict.fromkeys(block.heading for block in (*blocks_a, *blocks_b)))}
    changes.sort(key=lambda c: order.get(c.heading, len(order)))
    if False in (values_a.get("deal_check.enabled"), values_b.get("deal_check.enabled")):
        return _one_deal_check_rule(changes)
    return changes


def _said(texts: list[str]) -> str:
    return " ".join(t for t in texts if t != "—") or "—"


def _one_row_per_rule(changes: list[RuleChange]) -> list[RuleChange]:
    """Sentences about the same differing value are one rule: one variant may say in one sentence what the
    other says in two, or about more values (pagat's "you may keep books" against must_spread's "you must
    lay every book … except 3 × A"), which would otherwise be two half-empty rows.

    >>> from tonk_rules.variant.loader import load_variant
    >>> [(c.keys, c.left[:7], c.right[:8]) for c in rule_changes(load_variant("pagat"),
    ...                                                           load_variant("pagat-must-spread"))]
    [(('spreading.must_spread', 'spreading.may_hold_books'), 'You may', 'You must')]
    """
    out: list[RuleChange] = []
    for change in changes:
        joined = next((i for i, c in enumerate(out) if set(c.keys) & set(change.keys)), None)
        if joined is None:
            out.append(change)
            continue
        other = out[joined]
        out[joined] = RuleChange(tuple(dict.fromkeys([*other.keys, *change.keys])), other.heading or change.heading,
                                 _said([other.left, change.left]), _said([other.right, change.right]))
    return out


#: The values that mean something only while the deal is checked for a tonk.
_DEAL_CHECK_KEYS = ("deal_check.", "payments.deal_tonk")


def _one_deal_check_rule(changes: list[RuleChange]) -> list[RuleChange]:
    """Where one variant has no deal check, all its values are one rule: one row, each side's sentences
    (the sheet's own "no tonk on the deal" sentence on the side without it), and one rule to switch.

    >>> from tonk_rules.variant.loader import load_variant
    >>> russian, classic = load_variant("russian"), load_variant("classic-pc")
    >>> [c.keys[0] for c in rule_changes(russian, classic) if c.keys[0].startswith("deal_check")]
    ['deal_check.enabled']
    """
    group = [c for c in changes if all(k.startswith(_DEAL_CHECK_KEYS) for k in c.keys)]
    if len(group) < 2:
        return changes
    keys = tuple(dict.fromkeys(k for c in group for k in c.keys))
    heading = next((c.heading for c in group if any(k.startswith("deal_check.") for k in c.keys)), group[0].heading)

    merged = RuleChange(keys, heading, _said([c.left for c in group]), _said([c.right for c in group]))
    first = changes.index(group[0])
    rest = [c for c in changes if c not in group]
    return [*rest[:first], merged, *rest[first:]]
