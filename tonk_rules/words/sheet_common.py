"""The rules sheet's own words, tied to no one rule: headings, the title, what every variant shares.

A rule's sentences are its field's words (:data:`tonk_rules.words.RULE_WORDS`), and so is its place on the
sheet (``RuleWords.on_sheet``, gathered in :data:`tonk_rules.words.SAID`): a rule with a sentence of its own is
its words in its section's module, and nothing here or in the sheet's builder.
"""

from __future__ import annotations

from typing import Any

LANGS: tuple[str, ...] = ("en", "ru")

SHEET_WORDS: dict[str, dict[Any, Any]] = {
    "en": {
        "title_suffix": "rules sheet",
        "game": "Tonk",
        "variant_line": "Variant: {name}",
        "h.cards": "Players, cards and the deal",
        "h.deal_check": "Tonk on the deal",
        "h.turn": "Your turn",
        "h.knock": "Knocking",
        "h.stock": "When the stock runs out",
        "h.pay": "Stakes and payments",
        "extends": "Based on «{parent}»; the rules marked ★ differ from it.",
        "differs_mark": "★",
        "suits": "Suits: {suits}.",
        "or": " or ",
        "out": "You go out when your hand is empty: by discarding your last card, or by laying it in a spread or "
               "a hit. The hand ends at once.",
        "knocking.knock": "To knock, lay your hand face up; everyone shows their hand and the counts are compared.",
    },
    "ru": {
        "title_suffix": "правила",
        "game": "Тонк",
        "variant_line": "Вариант: {name}",
        "h.cards": "Игроки, карты и раздача",
        "h.deal_check": "Тонк на раздаче",
        "h.turn": "Ход",
        "h.knock": "Как открыться",
        "h.stock": "Когда колода кончилась",
        "h.pay": "Ставки и выплаты",
        "extends": "Основано на «{parent}»; правила, помеченные ★, отличаются от него.",
        "differs_mark": "★",
        "suits": "Масти: {suits}.",
        "or": " или ",
        "out": "Кто избавился от всех карт – сбросом последней карты или выкладкой – выиграл, сдача кончается сразу.",
        "knocking.knock": "Открыться – значит открыть свои карты и объявить сумму очков; остальные тоже открывают "
                          "карты, очки сравниваются.",
    },
}

#: Russian suit names in the seeds' order of letters (п т б ч) and English ones, by suit index (S H D C).
SUIT_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("♠ spades (S)", "♥ hearts (H)", "♦ diamonds (D)", "♣ clubs (C)"),
    "ru": ("п – пики ♠", "ч – черви ♥", "б – бубны ♦", "т – трефы ♣"),
}
