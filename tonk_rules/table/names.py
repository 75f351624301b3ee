"""One name per person: seat names compared as people read them, not as code points.

A name is kept and looked up in NFC (``Élmo`` typed decomposed, as macOS keyboards send it, is the same
seat as ``Élmo`` composed; likewise й and ё). Two *different* names that read as one — they differ only by
look-alike letters of different alphabets (Latin ``Ann``, Cyrillic-A ``Аnn``), by case, by invisible
characters or by full-width forms — cannot sit at one table: the second is refused, naming both, so that
nobody ends up paying themselves ("Аnn pays Ann 1").

    >>> canonical("E\\u0301lmo") == "Élmo"
    True
    >>> why_clash("\\u0410nn", ["Ann", "Bob"])  # doctest: +ELLIPSIS
    "'Аnn' and 'Ann' read as one name: they differ only by look-alike letters ... (Cyrillic А for Latin A); ..."
    >>> why_clash("ann", ["Ann"])
    "'ann' and 'Ann' read as one name: they differ only by case; give names that differ in more"
    >>> why_clash("Élmo", ["Elmo"]) is None  # an accent is a letter of its own
    True
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

#: Letters of the Cyrillic and Greek alphabets that print like a Latin letter, mapped to that letter (upper
#: and lower case each to its own look-alike: Greek Η reads as H, η as n).
LOOK_ALIKES = {
    # Cyrillic
    "А": "A", "В": "B", "Е": "E", "Ё": "Ë", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T",
    "У": "Y", "Х": "X", "І": "I", "Ї": "Ï", "Ј": "J", "Ѕ": "S", "Ԁ": "D", "Ԛ": "Q", "Ԝ": "W", "Ү": "Y", "Ӏ": "I",
    "а": "a", "в": "b", "е": "e", "ё": "ë", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t",
    "у": "y", "х": "x", "і": "i", "ї": "ï", "ј": "j", "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ү": "y", "ӏ": "l",
    "һ": "h", "ɡ": "g",
    # Greek
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O", "Ρ": "P",
    "Τ": "T", "Υ": "Y", "Χ": "X", "α": "a", "β": "b", "γ": "y", "ε": "e", "ι": "i", "κ": "k", "ν": "v", "ο": "o",
    "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ω": "w", "η": "n",
}

#: Characters that print as nothing or as blank space without being a space (besides the format characters,
#: Unicode category Cf, which :func:`~tonk_rules.table.table_setup.why_bad_name` refuses in a name).
_INVISIBLE = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0") | frozenset(map(chr, range(0xFE00, 0xFE10)))


def canonical(name: str) -> str:
    """``name`` as a ledger keeps it and looks it up: NFC."""
    return unicodedata.normalize("NFC", name)


def _visible(name: str) -> str:
    return "".join(ch for ch in name if ch not in _INVISIBLE and unicodedata.category(ch) != "Cf")


def _latin(name: str) -> str:
    return "".join(LOOK_ALIKES.get(ch, ch) for ch in name)


def skeleton(name: str) -> str:
    """What ``name`` reads as: full-width forms folded (NFKC), invisible characters dropped, look-alike
    letters of other alphabets as the Latin letter, case folded. Two names with one skeleton read as one."""
    return unicodedata.normalize("NFC", _latin(_visible(unicodedata.normalize("NFKC", name)))).casefold()


def _how_they_differ(a: str, b: str) -> str:
    if (_visible(a) != a or _visible(b) != b) and _visible(a) == _visible(b):
        return "invisible characters"
    if a.casefold() == b.casefold():
        return "case"
    if unicodedata.normalize("NFKC", a) == unicodedata.normalize("NFKC", b):
        return "full-width or other compatibility forms of the same letters"
    for x, y in zip(a, b, strict=False):
        if x != y and LOOK_ALIKES.get(x, x).casefold() == LOOK_ALIKES.get(y, y).casefold():
            first, second = (x, y) if x in LOOK_ALIKES else (y, x)
            script = unicodedata.name(first, "").split(" ")[0].capitalize()
            return (f"look-alike letters of different alphabets ({script} {first} for "
                    f"{unicodedata.name(second, '').split(' ')[0].capitalize()} {second})")
    return "look-alike letters, case or invisible characters"


def why_clash(name: str, others: Iterable[str]) -> str | None:
    """Why ``name`` cannot join ``others`` (None when it can): it reads as one of them, spelled differently.
    The same name exactly (after NFC) is not a clash: it is the same person."""
    mine, shape = canonical(name), skeleton(name)
    for other in others:
        if canonical(other) != mine and skeleton(other) == shape:
            return (f"{mine!r} and {canonical(other)!r} read as one name: they differ only by "
                    f"{_how_they_differ(mine, canonical(other))}; give names that differ in more")
    return None


def why_names_clash(names: Iterable[str]) -> str | None:
    """Why these names cannot sit together (None when they can): two of them read as one."""
    seen: list[str] = []
    for name in names:
        if why := why_clash(name, seen):
            return why
        seen.append(name)
    return None
