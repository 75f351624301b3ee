"""How often each rule that differs came into play at the main table, in words: a comparison can show a
rule only in the hands where its value made a difference (:mod:`tonk_rules.kernel.in_play`), so a rule
that never came into play with these players is named as one this comparison cannot judge.

    >>> from tonk_rules.sim.tally import Tally
    >>> from tonk_rules.report.rule_changes import RuleChange
    >>> a, b = Tally.empty(3), Tally.empty(3); a.hands = b.hands = 400_000
    >>> change = RuleChange(("taken_discard.rule",), "", "A taken card stays", "You may discard the card you took")
    >>> in_play_lines([change], ("pagat", a), ("house", b))[0].split(" — ")[1]
    'this comparison cannot say what it does.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tonk_rules.kernel.in_play import dimension_of
from tonk_rules.report.rule_changes import RuleChange
from tonk_rules.sim.in_play_tally import hands_in_play, in_play_sentence
from tonk_rules.sim.tally import Tally


def _counted_key(change: RuleChange, tallies: Sequence[Tally]) -> str | None:
    """The key of ``change`` whose coming into play says most (most hands at either table), or None where
    no key is a rule of one hand."""
    keys = [k for k in change.keys if dimension_of(k).how != "not_in_a_hand"]
    if not keys:
        return None
    return max(keys, key=lambda k: max((hands_in_play(t, k) or 0) for t in tallies))


def _subject(key: str) -> str:
    """The rule a count is of, by its key: its words, each side's, are in the list of rules (once)."""
    return f"[{key}]"


def in_play_lines(changes: Sequence[RuleChange], a: tuple[str, Tally], b: tuple[str, Tally],
                  lang: str = "en") -> list[str]:
    """One sentence per rule that differs in play: how often it came into play at each variant's table."""
    out = []
    for change in changes:
        key = _counted_key(change, (a[1], b[1]))
        if key is None:
            continue
        out.append(in_play_sentence(_subject(key), [(a[0], a[1], key), (b[0], b[1], key)], lang))
    return out


def in_play_json(changes: Sequence[RuleChange], a: tuple[str, Tally], b: tuple[str, Tally]) -> list[dict[str, Any]]:
    """Per rule that differs: its keys, the key counted, and the hands in which it came into play at each table."""
    out: list[dict[str, Any]] = []
    for change in changes:
        key = _counted_key(change, (a[1], b[1]))
        out.append({"keys": list(change.keys), "counted": key,
                    "counts": None if key is None else dimension_of(key).counts,
                    "hands": {label: None if key is None else hands_in_play(t, key) for label, t in (a, b)},
                    "of": {label: t.hands for label, t in (a, b)}})
    return out
