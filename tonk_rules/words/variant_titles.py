"""The words of a house file's title and description where the file gives none: named after the file, based on
its parent (by the parent's title), in each language. A name stands after a comma or inside «…», never declined.

    >>> house_title("ru", "barracks", "Русские правила")
    'barracks, на основе правил «Русские правила»'
    >>> house_description("en", "barracks.yaml", "Pagat / common US rules")
    'House rules in barracks.yaml, based on Pagat / common US rules.'
"""

from __future__ import annotations

_TITLE = {"en": "{stem}, based on {parent}", "ru": "{stem}, на основе правил «{parent}»"}
_DESCRIPTION = {"en": "House rules in {file}, based on {parent}.",
                "ru": "Домашние правила из файла {file} на основе правил «{parent}»."}


def house_title(lang: str, stem: str, parent: str) -> str:
    """The title of a house file ``stem`` that gives none, in ``lang``."""
    return _TITLE[lang].format(stem=stem, parent=parent or "?")


def house_description(lang: str, file: str, parent: str) -> str:
    """The description of a house file ``file`` that gives none, in ``lang``."""
    return _DESCRIPTION[lang].format(file=file, parent=parent or "?")
