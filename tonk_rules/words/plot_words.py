"""The compare report's plots in words, by language: titles, axes, ticks and notes (numbers and their nouns
through :func:`~tonk_rules.words.numbers.fill`).

    >>> from tonk_rules.words.numbers import fill_line
    >>> fill_line(PLOT_LINES, "position", "ru", n=2)
    'место 2'
    >>> fill_line(PLOT_LINES, "note_one_count", "ru", label="pagat", count=1)
    'pagat: каждое открытие — с суммой 1 (его игроки открываются только так)'
"""

from __future__ import annotations

#: Each plot's title by its file stem (``endings.png`` …), by language.
PLOT_TITLES: dict[str, dict[str, str]] = {
    "endings": {"en": "How hands end", "ru": "Чем кончаются сдачи"},
    "positions": {"en": "Mean net per hand by position", "ru": "Средний выигрыш за сдачу по местам"},
    "knock_counts": {"en": "The knocker's count", "ru": "Сумма очков открывшегося"},
    "depth": {"en": "Strategic depth", "ru": "Стратегическая глубина"},
}

#: The other words of the plots: ``{"en": …, "ru": …}``, a number's noun as ``{n:forms}``.
PLOT_LINES: dict[str, dict[str, str]] = {
    "share_of_hands": {"en": "% of hands", "ru": "% сдач"},
    "position": {"en": "position {n}", "ru": "место {n}"},
    "dealer": {"en": "dealer", "ru": "сдающий"},
    "net_axis": {"en": "mean net per hand (stakes; centred on 0:\na position can lose)",
                 "ru": "средний выигрыш за сдачу (в ставках; ось с центром в 0:\nместо может проигрывать)"},
    "knock_axis": {"en": "the knocker's count", "ru": "сумма очков открывшегося"},
    "knock_share_axis": {"en": "% of knocks (bars: at the count; lines: at or below it)",
                         "ru": "% открытий (столбцы: с этой суммой; линии: с этой или меньшей)"},
    "note_no_knocks": {"en": "{label}: no knocks", "ru": "{label}: открытий не было"},
    "note_one_count": {"en": "{label}: every knock at a count of {count} (its players knock only then)",
                       "ru": "{label}: каждое открытие — с суммой {count} (его игроки открываются только так)"},
    "note_most": {"en": "{label}: {share}% of knocks at a count of {count}",
                  "ru": "{label}: {share}% открытий — с суммой {count}"},
    "depth_axis": {"en": "order of {strong} against {weak} (0: luck only, 1: the strong bot always wins)",
                   "ru": "порядок {strong} против {weak} (0: только везение, 1: сильный бот всегда выигрывает)"},
}
