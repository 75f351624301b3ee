"""The pages' own words in English and Russian (the rules' sentences come from the sheets, the refusals from
the Ruleset, both as the table tools say them)."""

from __future__ import annotations

from collections.abc import Sequence

from tonk_rules.words.numbers import fill

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "tables": "Tables", "standings": "Standings", "player": "Player", "total": "Total", "at": "At",
        "next_dealer": "Next dealer", "hands": "Hands", "seats": "Seats", "balance": "Balance",
        "stake": "stake", "record": "Record a hand", "how": "How did the hand end?", "knock": "Knock",
        "out": "Went out", "stock_out": "Stock ran out", "deal": "Tonk on the deal", "who": "Who?",
        "count": "Count", "cards": "Cards (instead of the count)", "tonk": "Holds a tonk",
        "no_discard": "without a final discard", "new_spread": "the last cards were a new spread",
        "check": "Check who pays", "confirm": "Save this hand", "back": "Change it", "pays": "pays",
        "nobody_pays": "Nobody pays.", "history": "History", "dealt_by": "dealt by", "won_by": "won by",
        "void": "void", "amended": "amended", "sheet": "Rules sheet", "print": "Print (A4)",
        "gm": "Game master", "recorded": "Recorded as hand", "already": "Already recorded as hand",
        "retry": "Another phone has just recorded a hand at this table. Check the history; if yours is a "
                 "different hand, send it again.",
        "send_again": "Send again", "undo": "Undo the last event", "undone": "Undone:",
        "read_only": "Read only: ask the game master for this table's link to record here.",
        "event_link": "Event link (read only)", "table_link": "Link for this table's helpers",
        "new_table": "New table", "name": "Name (a-z, 0-9)", "title": "Title", "variant": "Built-in rules",
        "house": "or a house-rule file (YAML)", "players": "Players, comma-separated", "first_dealer":
        "First dealer (optional)", "create": "Create", "join": "Sit down", "leave": "Leave", "move": "Move to",
        "rules": "Change rules", "correct": "Correct a hand", "hand_no": "Hand number", "reason": "Why",
        "void_it": "Void it", "amend_it": "Amend it with the hand below", "export": "Export", "import": "Import "
        "an export as a new table", "done": "Done.", "refused": "Refused", "not_seated": "not seated",
        "no_hands": "No hands yet.", "lan": "Phones on the venue Wi-Fi open", "game_over": "Game over",
        "error": "Something went wrong on the server; nothing was changed. Try again.",
        "not_found": "There is no such page.", "forbidden": "You may not do that here.",
        "too_many": "Too many requests at once: wait a moment and try again.",
        "too_big": "That is more than a form may send.", "expired": "This form has expired: reload the page "
        "and send it again.", "after": "after", "corrections": "Corrections", "was": "was", "now": "now",
        "ends": "ending",
    },
    "ru": {
        "tables": "Столы", "standings": "Итоги", "player": "Игрок", "total": "Итог", "at": "Стол",
        "next_dealer": "Сдаёт следующим", "hands": "Раздач", "seats": "Места", "balance": "Баланс",
        "stake": "ставка", "record": "Записать раздачу", "how": "Чем кончилась раздача?", "knock": "Открылся",
        "out": "Вышел", "stock_out": "Кончилась колода", "deal": "Тонк на раздаче", "who": "Кто?",
        "count": "Очки", "cards": "Карты (вместо очков)", "tonk": "Тонк на руках",
        "no_discard": "без последнего сброса", "new_spread": "последние карты — новая выкладка",
        "check": "Проверить, кто платит", "confirm": "Сохранить раздачу", "back": "Исправить", "pays": "платит",
        "nobody_pays": "Никто не платит.", "history": "История", "dealt_by": "сдавал", "won_by": "выиграл",
        "void": "аннулирована", "amended": "исправлена", "sheet": "Правила", "print": "Печать (A4)",
        "gm": "Мастер", "recorded": "Записана раздача", "already": "Уже записана раздача",
        "retry": "Другой телефон только что записал раздачу за этим столом. Проверьте историю; если ваша "
                 "раздача другая, отправьте её ещё раз.",
        "send_again": "Отправить ещё раз", "undo": "Отменить последнее", "undone": "Отменено:",
        "read_only": "Только просмотр: чтобы записывать, попросите у мастера ссылку этого стола.",
        "event_link": "Ссылка события (просмотр)", "table_link": "Ссылка для помощников этого стола",
        "new_table": "Новый стол", "name": "Имя (a-z, 0-9)", "title": "Название", "variant": "Встроенные правила",
        "house": "или файл домашних правил (YAML)", "players": "Игроки через запятую", "first_dealer":
        "Первый сдающий (необязательно)", "create": "Создать", "join": "Сесть", "leave": "Встать",
        "move": "Пересадить за", "rules": "Сменить правила", "correct": "Исправить раздачу",
        "hand_no": "Номер раздачи", "reason": "Причина", "void_it": "Аннулировать",
        "amend_it": "Исправить на раздачу ниже", "export": "Экспорт", "import": "Импорт экспорта как нового стола",
        "done": "Готово.", "refused": "Отказ", "not_seated": "не за столом", "no_hands": "Раздач пока нет.",
        "lan": "Телефоны в Wi-Fi площадки открывают", "game_over": "Игра окончена",
        "error": "На сервере что-то пошло не так; ничего не изменено. Попробуйте ещё раз.",
        "not_found": "Такой страницы нет.", "forbidden": "Здесь это вам нельзя.",
        "too_many": "Слишком много запросов сразу: подождите и попробуйте снова.",
        "too_big": "Это больше, чем может отправить форма.", "expired": "Форма устарела: обновите страницу и "
        "отправьте ещё раз.", "after": "после", "corrections": "Исправления", "was": "было", "now": "стало",
        "ends": "исход",
    },
}

ENDINGS: dict[str, dict[str, str]] = {
    "en": {"knock_won": "knock won", "knock_caught": "knock caught", "out_by_discard": "out by discard",
           "out_by_spread": "out by spread", "out_by_hit": "out by hit", "deal_tonk": "tonk on the deal",
           "deal_void": "deal void", "stock_exhausted": "stock ran out", "stock_void": "stock ran out, void"},
    "ru": {"knock_won": "открывшийся выиграл", "knock_caught": "открывшийся пойман", "out_by_discard": "вышел сбросом",
           "out_by_spread": "вышел выкладкой", "out_by_hit": "вышел подкладкой", "deal_tonk": "тонк на раздаче",
           "deal_void": "раздача аннулирована", "stock_exhausted": "кончилась колода",
           "stock_void": "кончилась колода, без выплат"},
}


#: After "Game over": who reached the points target, in each language (a noun after a number in its forms).
_REACHED = {"en": "{leaders} reached the points target ({target})",
            "ru": "у {leaders_n:игрока|игроков|игроков} {leaders} не меньше {target} {target:очка|очков|очков}"}


def reached(lang: str, leaders: Sequence[str], target: int | None) -> str:
    """Who ended the game by reaching the points target, in ``lang``."""
    return fill(_REACHED.get(lang, _REACHED["en"]), lang if lang in _REACHED else "en", leaders=", ".join(leaders),
                leaders_n=len(leaders), target=target)


def words(lang: str) -> dict[str, str]:
    return WORDS.get(lang, WORDS["en"])


def ending_word(lang: str, ending: str) -> str:
    return ENDINGS.get(lang, ENDINGS["en"]).get(ending, ending.replace("_", " "))
