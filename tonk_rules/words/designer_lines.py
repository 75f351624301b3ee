"""The house-rule designer's words (``/rules`` of ``tonk serve``), by language: its pages, its buttons, its
refusals and what its play check says (numbers and their nouns through :func:`~tonk_rules.words.numbers.fill`).
Values typed in a file (``high_card_cut``, ``true``) and commands (``tonk check``) stand as they are typed.

    >>> from tonk_rules.words.numbers import fill_line
    >>> fill_line(DESIGN_LINES, "progress", "ru", done="1 000", total="40 000", n=40_000)
    '1 000 из 40 000 сдач'
"""

from __future__ import annotations

#: ``{key: {"en": …, "ru": …}}``; ``{n:forms}`` picks a noun's form after the number ``n``.
DESIGN_LINES: dict[str, dict[str, str]] = {
    "index_title": {"en": "House rules", "ru": "Домашние правила"},
    "index_intro": {
        "en": "Start from a built-in variant: every rule is a field with its allowed values, the parent's value and "
              "its source. Check the form to see tonk check's messages, the rules sheet and what differs from the "
              "parent; download the house file when it is valid.",
        "ru": "Начните со встроенного варианта: каждое правило — поле с допустимыми значениями, значением исходного "
              "варианта и его источником. Проверьте форму, чтобы увидеть сообщения tonk check, правила и отличия от "
              "исходного варианта; скачайте файл домашних правил, когда он годен."},
    "default_title": {"en": "House rules based on {parent}", "ru": "Домашние правила на основе «{parent}»"},
    "based_on": {"en": "Based on", "ru": "На основе"},
    "only_changes": {"en": "A field left at the parent's value is not written; the file says only what it changes.",
                     "ru": "Поле со значением исходного варианта в файл не пишется: файл говорит только о том, что "
                           "он меняет."},
    "valid": {"en": "The house file is valid: tonk check accepts it.",
              "ru": "Файл домашних правил годен: tonk check его принимает."},
    "differs": {"en": "What differs from {parent}", "ru": "Отличия от «{parent}»"},
    "rule": {"en": "rule", "ru": "правило"},
    "yours": {"en": "yours", "ru": "ваше"},
    "nothing_differs": {"en": "Nothing differs from {parent} yet.", "ru": "Пока ничем не отличается от «{parent}»."},
    "sheet": {"en": "The rules sheet", "ru": "Правила"},
    "file": {"en": "The file", "ru": "Файл"},
    "not_valid": {"en": "The house file is not valid yet (as tonk check says):",
                  "ru": "Файл домашних правил пока не годен (так говорит tonk check):"},
    "title_label": {"en": "Title", "ru": "Название"},
    "parents_mark": {"en": " (the parent's)", "ru": " (как в исходном)"},
    "check": {"en": "Check", "ru": "Проверить"},
    "play": {"en": "What does this change in play?", "ru": "Что это меняет в игре?"},
    "download": {"en": "Download the house file", "ru": "Скачать файл домашних правил"},
    "one_line": {"en": "write the value on one line, without a comment (# …), or leave the parent's",
                 "ru": "запишите значение в одну строку, без комментария (# …), или оставьте значение исходного "
                       "варианта"},
    "no_parent": {"en": "no such built-in variant; start from one listed on /rules",
                  "ru": "такого встроенного варианта нет; начните с одного из перечисленных на /rules"},
    "no_source": {"en": "no source", "ru": "без источника"},
    "assumed": {"en": "assumed: {why}", "ru": "предположение: источники этого не говорят"},
    "quoted_other": {"en": "{label}: «{quote}»", "ru": "источник {ref}: «{quote}»"},
    "quoted_foreign": {"en": "{label}: «{quote}»", "ru": "источник {ref} (цитата на другом языке)"},
    "busy": {"en": "another check is playing on this server; ask again when it has finished",
             "ru": "на этом сервере уже идёт другая проверка; спросите снова, когда она закончится"},
    "no_table_size": {"en": "{why}", "ru": "у этих правил и исходных нет общего числа игроков за столом"},
    # the play check (web/design_play.py)
    "failed": {"en": "The check could not play: {why}", "ru": "Проверка не смогла сыграть: {why}"},
    "playing": {"en": "Playing {parent} and your rules on the same deals…",
                "ru": "Играются «{parent}» и ваши правила на одних и тех же раздачах…"},
    "progress": {"en": "{done} of {total} {n:hand|hands}", "ru": "{done} из {total} {n:сдачи|сдач|сдач}"},
    "changes": {"en": "What it changes in play", "ru": "Что это меняет в игре"},
    "gone": {"en": "This check is no longer kept; check again.",
             "ru": "Эта проверка больше не хранится; проверьте снова."},
    "same_play": {"en": "Your rules play exactly as {parent} on every one of these {count} deals: the change never "
                        "came into play with the default players.",
                  "ru": "Ваши правила играются точно как «{parent}» на каждой из этих {count} {n:раздачи|раздач|"
                        "раздач}: с игроками по умолчанию изменение ни разу не применилось."},
    "figure": {"en": "{name}: {was} in {parent}, {now} with yours ({change}).",
               "ru": "{name}: {was} в «{parent}», {now} с вашими правилами ({change})."},
    "unsettled": {"en": "Not settled by {count} hands (their 95% interval includes no change): {names}.",
                  "ru": "Не решено за {count} {n:сдачу|сдачи|сдач} (95%-й интервал включает отсутствие изменения): "
                        "{names}."},
    "how_played": {"en": "{count} hands each, {players} players, every seat {bot}; brackets: 95% intervals of the "
                         "difference, {paired}; pt: percentage points.",
                   "ru": "По {count} {n:сдаче|сдачи|сдач}, {players} {players:игрок|игрока|игроков}, на каждом месте "
                         "{bot}; в скобках: 95%-е интервалы разницы, {paired}; п.\xa0п.: процентные пункты."},
    "paired": {"en": "paired per deal", "ru": "попарно по раздачам"},
    "unpaired": {"en": "unpaired (your rules deal different cards)",
                 "ru": "без пар (ваши правила сдают другие карты)"},
    "mean_turns": {"en": "mean turns", "ru": "среднее число ходов"},
    "position_net": {"en": "position {n} mean net", "ru": "место {n}: средний выигрыш"},
    "yes": {"en": "yes", "ru": "да"},
    "no": {"en": "no", "ru": "нет"},
}
