"""A rules sheet: a variant's sentences (:mod:`tonk_rules.words.sheet_lines`) under its title, each marked
where it differs from the parent variant. Its words are the rules' own (:mod:`tonk_rules.words`): nothing
here is worded.

    >>> from tonk_rules.sheets.variant_view import load_view
    >>> sheet = build_sheet(load_view("classic-pc"), "en")
    >>> [block.heading for block in sheet.blocks][:2]
    ['Players, cards and the deal', 'Tonk on the deal']
    >>> [line.text for line in sheet.blocks[0].lines if line.differs]
    ['For exactly 2 players.']
"""

from __future__ import annotations

from dataclasses import dataclass

from tonk_rules.sheets.variant_view import VariantView
from tonk_rules.words import LANGS, WORDS
from tonk_rules.words.sheet_lines import Block, Line, rank_word, sheet_blocks

__all__ = ["Block", "Line", "Sheet", "build_sheet", "rank_word"]


@dataclass(frozen=True)
class Sheet:
    lang: str
    title: str
    intro: tuple[str, ...]
    blocks: tuple[Block, ...]
    mark: str


def build_sheet(view: VariantView, lang: str) -> Sheet:
    """The rules sheet of ``view`` in ``lang`` ("en" or "ru")."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (expected one of {', '.join(LANGS)})")
    w = WORDS[lang]
    # headed by the variant's title, as the table knows it; the file (or built-in) it came from is a small note
    intro = [w["variant_line"].format(name=view.name)]
    if view.parent_name is not None:
        intro.append(w["extends"].format(parent=view.parent_name))
    blocks = sheet_blocks(view.values, view.differs, lang)
    return Sheet(lang, f"{w['game']} — {w['title_suffix']}: {view.variant.title_in(lang)}", tuple(intro), blocks,
                 w["differs_mark"])
