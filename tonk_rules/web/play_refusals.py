"""A refused move, said in the page's language: the Ruleset's own reason, read back from its English words.

The engine says why a move is refused in English (:meth:`Hand.why_illegal`, worded by the rule words of
:mod:`tonk_rules.words` and by :mod:`tonk_rules.engine.legality`). A Russian page says the same reason in
Russian: each English template is matched whole (its values read back: cards, numbers, a pile), and the
Russian template of the same refusal filled with them — the rule's own ``refusals_ru`` (:mod:`tonk_rules.words`),
the engine's below. Nothing here decides a rule: a reason the table does not know is said as the engine said it
(a test plays many hands and finds every refusal it meets in this table).

    >>> say_refusal("there is no spread 3 (spreads on the table: 2)", "ru")
    'выкладки 3 нет (выкладок на столе: 2)'
    >>> say_refusal("QH is not in your hand", "ru")
    'карты Дч нет у вас на руках'
"""

from __future__ import annotations

import re
import string
from functools import cache

from tonk_rules.cards import parse_card
from tonk_rules.errors import CardError
from tonk_rules.words import RULE_WORDS
from tonk_rules.words.numbers import fill

#: The engine's own refusals (engine/legality.py, table/play_table.py): English template -> Russian.
ENGINE_REFUSALS: dict[str, dict[str, str]] = {
    "the hand is over": {"ru": "раздача окончена"},
    "it is not your turn": {"ru": "сейчас не ваш ход"},
    "you have already drawn this turn": {"ru": "в этот ход карта уже взята"},
    "the discard pile is empty": {"ru": "куча пуста"},
    "draw before discarding": {"ru": "сначала возьмите карту, потом сбрасывайте"},
    "{held}, so you may not knock": {"ru": "{held}, поэтому открыться нельзя"},
    "{held} before drawing": {"ru": "{held}, и это нужно сделать до того, как брать карту"},
    "{held} before discarding": {"ru": "{held}, и это нужно сделать до сброса"},
    "you hold a spread ({cards}) that must be laid": {"ru": "у вас на руках выкладка ({cards}), её нужно выложить"},
    "{card} taken from the discard pile must go straight into a spread":
        {"ru": "карту {card}, взятую из кучи, нужно сразу выложить"},
    "{cards} not in your hand": {"ru": "карт {cards} нет у вас на руках"},
    "{card} is not in your hand": {"ru": "карты {card} нет у вас на руках"},
    "a card is listed twice": {"ru": "одна карта указана дважды"},
    "{cards} is neither a book nor a run under these rules":
        {"ru": "{cards} — ни комплект, ни последовательность по этим правилам"},
    "there is no spread {number} (spreads on the table: {count})":
        {"ru": "выкладки {number} нет (выкладок на столе: {count})"},
    "{card} does not extend spread {number} ({cards})": {"ru": "карта {card} не продолжает выкладку {number} "
                                                                 "({cards})"},
    "the top of the discard pile is {card}, not {other}": {"ru": "сверху в куче {card}, а не {other}"},
    # a form no page sends (web/play_routes.py, web/play_host.py): said in the page's language all the same
    "that is not a move": {"ru": "это не ход"},
    "cannot read the move {move}": {"ru": "не удалось прочесть ход {move}"},
    "the hand is not over": {"ru": "раздача ещё не окончена"},
}

#: A pile's name inside a Russian sentence ("из колоды", "из кучи").
_PILES_RU = {"stock": "колоды", "discard": "кучи"}


def _pattern(template: str) -> tuple[re.Pattern[str], list[str]]:
    """A regular expression that matches what ``template`` fills to, and the names of its values in order."""
    out, names = [], []
    for literal, name, spec, _ in string.Formatter().parse(template):
        out.append(re.escape(literal))
        if name is None:
            continue
        if spec and "|" in spec:  # the noun after a number: any of its forms
            out.append("(?:" + "|".join(re.escape(f) for f in spec.split("|")) + ")")
        elif name in names:
            out.append(f"(?P={name})")
        else:
            names.append(name)
            out.append(f"(?P<{name}>.+?)")
    return re.compile("".join(out) + r"\Z", re.S), names


@cache
def _table() -> list[tuple[re.Pattern[str], str]]:
    """(the English pattern, the Russian template), the longer English templates first (the more specific)."""
    pairs: list[tuple[str, str]] = []
    for words in RULE_WORDS.values():
        for name, english in words.refusals.items():
            russian = words.refusals_ru.get(name)
            if russian is not None:
                pairs.append((english, russian))
    pairs += [(english, said["ru"]) for english, said in ENGINE_REFUSALS.items()]
    pairs.sort(key=lambda pair: -len(pair[0]))
    return [(_pattern(english)[0], russian) for english, russian in pairs]


def _in_russian(value: str) -> str:
    """A value read back from an English refusal, as a Russian sentence writes it: cards in Russian notation,
    a pile's name, a nested reason in Russian, numbers as they are."""
    if value in _PILES_RU:
        return _PILES_RU[value]
    words = value.split()
    try:
        return " ".join(parse_card(w).format("russian") for w in words)
    except CardError:
        pass
    return say_refusal(value, "ru")


def say_refusal(reason: str, lang: str) -> str:
    """The engine's English ``reason`` in ``lang`` (``en``: as it is); a reason the table does not know is
    said as the engine said it."""
    if lang != "ru":
        return reason
    for pattern, russian in _table():
        found = pattern.match(reason)
        if found is not None:
            values = {k: _in_russian(v) for k, v in found.groupdict().items()}
            numbers = {k: int(v) for k, v in found.groupdict().items() if v.isdigit()}
            return fill(russian, "ru", **{**values, **numbers})
    return reason


def knows(reason: str) -> bool:
    """Whether ``reason`` has Russian words here (the tests ask it of every refusal met in play)."""
    return any(pattern.match(reason) for pattern, _ in _table())
