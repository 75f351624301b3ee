"""Numbers in words: the one place a number picks its noun's form, in English and in Russian.

A template writes ``{n}`` for the number and ``{n:one|other}`` (English) or ``{n:one|few|many}`` (Russian)
for the word that follows it, so a sentence reads right for every ``n``:

    >>> fill("after {n} {n:turn|turns}", "en", n=1)
    'after 1 turn'
    >>> fill("после {n} {n:своего хода|своих ходов|своих ходов}", "ru", n=1)
    'после 1 своего хода'
    >>> fill("после {n} {n:своего хода|своих ходов|своих ходов}", "ru", n=21)
    'после 21 своего хода'
    >>> [plural(n, "ru", ("игрок", "игрока", "игроков")) for n in (1, 3, 5, 11, 22)]
    ['игрок', 'игрока', 'игроков', 'игроков', 'игрока']
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from typing import Any

#: How many forms a noun has after a number, by language: English one/other, Russian one/few/many.
FORMS = {"en": 2, "ru": 3}
#: Percentage points after a difference of two rates, by language ("+1.74 pt", "+1,74 п. п."; a no-break space
#: keeps the Russian abbreviation whole).
PERCENTAGE_POINTS = {"en": "pt", "ru": "п.\xa0п."}


def plural(n: int, lang: str, forms: Sequence[str]) -> str:
    """The form of a noun after the number ``n`` in ``lang``: English ``(one, other)``; Russian
    ``(one, few, many)``: 1, 21 → one; 2–4, 22–24 → few; 0, 5–20, 25… → many."""
    if len(forms) != FORMS[lang]:
        raise ValueError(f"{lang} needs {FORMS[lang]} forms after a number, not {len(forms)}: {'|'.join(forms)}")
    if lang == "en":
        return forms[0] if n == 1 else forms[1]
    if n % 10 == 1 and n % 100 != 11:
        return forms[0]
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return forms[1]
    return forms[2]


class _Formatter(string.Formatter):
    """``str.format`` that reads a format spec with ``|`` in it as the forms of a noun after the number."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            return plural(int(value), self.lang, format_spec.split("|"))
        return str(super().format_field(value, format_spec))


def fill(template: str, lang: str, /, **values: Any) -> str:
    """``template`` with ``values`` put in, each ``{name:forms}`` as the form for that number (see above)."""
    return _Formatter(lang).format(template, **values)


def fill_line(lines: Mapping[str, Mapping[str, str]], key: str, lang: str, /, **values: Any) -> str:
    """The line ``key`` of a table of lines by language (``{key: {"en": …, "ru": …}}``) in ``lang``, English
    where it has none, with ``values`` put in by :func:`fill`."""
    words = lines[key]
    lang = lang if lang in words else "en"
    return fill(words[lang], lang, **values)
