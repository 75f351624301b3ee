"""Numbers as each language writes them: Russian plural forms and Russian digit grouping.

English output keeps ``1,234.5``, ``+1.74 pt``; Russian output uses one convention throughout: a no-break space between
thousands and a comma as the decimal mark (``1 234,5``), and the interval's two ends split by a semicolon
(``[−1,78; −1,70]``) so that the decimal comma stays unambiguous; a difference of two rates is in
«п. п.» (percentage points), not «pt».

    >>> players_word(3, "ru"), players_word(1, "ru"), players_word(5, "ru"), players_word(22, "ru")
    ('игрока', 'игрок', 'игроков', 'игрока')
    >>> in_lang("400,000 hands: 3.06% vs 1.32% (-1.74 pt [-1.78, -1.70])", "ru")
    '400\\xa0000 hands: 3,06% vs 1,32% (-1,74 п.\\xa0п. [-1,78; -1,70])'
    >>> in_lang("400,000 hands [1.5, 2.5]", "en")
    '400,000 hands [1.5, 2.5]'
"""

from __future__ import annotations

import re

from tonk_rules.words.numbers import PERCENTAGE_POINTS

_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_DECIMAL = re.compile(r"(?<=\d)\.(?=\d)")
#: "pt" after a number (a cell's marks ✱ and † may follow it): the unit of a difference of two rates
_POINTS = re.compile(r"(?<=\d) pt(?=[\s✱†\]),;.]|$)")
_INTERVAL = re.compile(r"\[([-+−]?\d[\d\s\xa0,]*%?), ([-+−]?\d[\d\s\xa0,]*%?)\]")


def plural_ru(n: int, one: str, few: str, many: str) -> str:
    """The Russian form for ``n``: 1, 21 → ``one``; 2–4, 22–24 → ``few``; 0, 5–20, 25… → ``many``."""
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def players_word(n: int, lang: str) -> str:
    """"players" after the number ``n``."""
    return plural_ru(n, "игрок", "игрока", "игроков") if lang == "ru" else ("player" if n == 1 else "players")


def in_lang(text: str, lang: str) -> str:
    """``text``'s numbers (written the English way) in ``lang``'s convention (see the module docstring)."""
    if lang != "ru":
        return text
    text = _THOUSANDS.sub("\xa0", text)
    text = _DECIMAL.sub(",", text)
    text = _POINTS.sub(" " + PERCENTAGE_POINTS[lang], text)
    return _INTERVAL.sub(r"[\1; \2]", text)
