"""Which rule words each refusal of a knock or a hit, written once: the engine's rule objects
(:mod:`tonk_rules.ruleset.rule_objects`), the table tools (:mod:`tonk_rules.table.settle`) and the event's pages
(:mod:`tonk_rules.web.refusal_words`) all read this table, so a refusal cannot be worded by one rule in play and
by another at the table.

A refusal's code (the one :class:`~tonk_rules.errors.Refusal` carries, and a page looks its words up by) maps
to the rule that refuses it, ``section.key``, and the refusal's name among that rule's words
(:attr:`~tonk_rules.words.fields.RuleWords.refusals`, and ``refusals_ru``). A hit's rule is that of the spread's
kind: ``{kind}`` is ``run`` or ``book``.

    >>> from tonk_rules.words import refusal
    >>> refusal(*KNOCK_REFUSALS["knock_too_early"], min_turns=1, turns_taken=0)
    'a knock is allowed only after 1 turn (you have had 0)'
    >>> HIT_REFUSALS["hit_only_own"][0].format(kind="book")
    'hitting.books'
"""

from __future__ import annotations

#: Each refusal of a knock: code -> (rule, refusal).
KNOCK_REFUSALS: dict[str, tuple[str, str]] = {
    "knock_after_draw": ("knocking.timing", "after_draw"),
    "knock_not_first": ("knocking.timing", "not_first"),
    "knock_too_high": ("knocking.max_count", "too_high"),
    "knock_too_early": ("knocking.min_turns", "too_early"),
    "knock_hit_locked": ("knocking.hit_lock", "locked"),
    "knock_first_turn": ("deal.first_turn", "knock"),
    "knock_holds_spread": ("spreading.must_spread", "knock"),
}

#: Each refusal of a hit: code -> (rule, with ``{kind}`` for the spread's kind, refusal).
HIT_REFUSALS: dict[str, tuple[str, str]] = {
    "hit_not_allowed": ("hitting.{kind}s", "none"),
    "hit_only_own": ("hitting.{kind}s", "own"),
}
