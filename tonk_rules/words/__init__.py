"""Each rule field's words, written once: its description, its refusals, its rules-sheet sentences.

The bottom of the house's rooms (it imports only the ground: ``cards``, ``terms``): the variant model reads
its descriptions here, the rule objects their refusals, the rules sheet and the compare report their
sentences. A rule field's words are one :class:`~tonk_rules.words.fields.RuleWords` entry in its section's
module: :mod:`~tonk_rules.words.deal_rules` (players, dealer, deck, deal, deal_check),
:mod:`~tonk_rules.words.turn_rules` (knocking, drawing, spreading, melds, hitting, taken_discard),
:mod:`~tonk_rules.words.stakes_rules` (stock_exhaustion, stakes, scoring, payments). Numbers pick their
noun's form through one function, :func:`~tonk_rules.words.numbers.fill`.

    >>> description("knocking.min_turns")
    "Knock only after this many of one's own turns (0: at once)."
    >>> refusal("knocking.min_turns", "too_early", min_turns=1, turns_taken=0)
    'a knock is allowed only after 1 turn (you have had 0)'
    >>> sentence("knocking.min_turns", 1, "ru")
    'Открыться можно только после 1 своего хода.'
    >>> WORDS["en"][("hitting.books", "own")]
    'You may hit only your own books (with the fourth card).'
"""

from __future__ import annotations

from typing import Any

from tonk_rules.words.deal_rules import DEAL_WORDS
from tonk_rules.words.fields import ANY, RuleWords, flat_sheet_words, sheet_order
from tonk_rules.words.numbers import fill, plural
from tonk_rules.words.sheet_common import LANGS, SHEET_WORDS, SUIT_WORDS
from tonk_rules.words.stakes_rules import PAYMENT_DESCRIPTIONS, PAYMENT_WORDS, STAKES_WORDS
from tonk_rules.words.turn_rules import HELD_BOOK_DESCRIPTIONS, TURN_WORDS

__all__ = ["ANY", "DESCRIPTIONS", "LANGS", "RULE_WORDS", "SAID", "SUIT_WORDS", "WORDS", "SECTION_MODULES", "RuleWords",
           "description", "fill", "plural", "refusal", "sentence"]

#: Each section of the variant model -> the module of this package that holds its fields' words.
SECTION_MODULES: dict[str, str] = {
    **dict.fromkeys(("players", "dealer", "deck", "deal", "deal_check"), "deal_rules"),
    **dict.fromkeys(("knocking", "drawing", "spreading", "melds", "hitting", "taken_discard"), "turn_rules"),
    **dict.fromkeys(("stock_exhaustion", "stakes", "scoring", "payments"), "stakes_rules"),
}

#: ``section.key`` -> the rule field's words. A field of the variant model without an entry here fails
#: tests/test_rule_words.py, which names the module to add it to.
RULE_WORDS: dict[str, RuleWords] = {**DEAL_WORDS, **TURN_WORDS, **STAKES_WORDS}

#: Block of the rules sheet -> the rules it says in a sentence of their own, in the sheet's order (after the
#: block's composed lines): each rule's ``RuleWords.on_sheet`` (and ``sheet_after``).
SAID: dict[str, tuple[str, ...]] = sheet_order(RULE_WORDS)

#: The model's descriptions: each rule field's, and the parts of a held book and of a payment (``Class.field``).
DESCRIPTIONS: dict[str, str] = {**{path: words.description for path, words in RULE_WORDS.items()},
                                **HELD_BOOK_DESCRIPTIONS, **PAYMENT_DESCRIPTIONS}

#: Every word the rules sheet uses, by language: the sheet's own, a payment's, and each field's (keyed as
#: :func:`~tonk_rules.words.fields.flat_sheet_words` says).
WORDS: dict[str, dict[Any, Any]] = {
    lang: {**SHEET_WORDS[lang], **PAYMENT_WORDS[lang], **flat_sheet_words(RULE_WORDS, lang)} for lang in LANGS}


def description(path: str) -> str:
    """The model's description of the field ``path`` (``section.key``, or ``Class.field`` for a part)."""
    return DESCRIPTIONS[path]


def refusal(path: str, name: str, **values: Any) -> str:
    """The engine's words for the refusal ``name`` of the rule ``path``, ``values`` put in (English)."""
    return fill(RULE_WORDS[path].refusals[name], "en", **values)


def sentence(path: str, value: Any, lang: str) -> str:
    """The sheet's sentence of a rule said on its own (see :data:`SAID`) at ``value``, in ``lang``."""
    words = RULE_WORDS[path].sheet(lang)
    return words[value] if value in words else fill(words[ANY], lang, n=value)
