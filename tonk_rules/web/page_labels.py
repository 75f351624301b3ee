"""The pages' own words in English and Russian (the rules' sentences come from the sheets, the refusals from
the Ruleset, both as the table tools say them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tonk_rules.ledger.stored_rules import titled_in
from tonk_rules.words.ledger_lines import ENDINGS as HAND_ENDINGS
from tonk_rules.words.ledger_lines import local_time as ledger_time
from tonk_rules.words.ledger_lines import winners
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
        "send_again": "Send again", "undo": "Undo the last hand…", "undone": "Undone:",
        "undo_gm": "Undo the last change at this table…", "undo_it": "Yes, undo it", "keep_it": "No, keep it",
        "nothing_to_undo": "There is nothing to undo at this table.",
        "not_yours": "The last change at this table is the game master's ({what}): only the console takes it "
                     "back.",
        "moved_on": "The table has changed since the undo was shown: nothing was taken back. Look again.",
        "rules_preview": "Change the rules of {table} to “{title}”?", "rules_differ": "What changes",
        "rules_now": "now", "rules_then": "after the change", "rules_same": "No rule differs.",
        "rules_confirm": "Yes, change the rules", "current": "now", "amend_was": "The hand as recorded",
        "amend_heading": "Correct hand {number}", "move_it": "Move",
        "stake_if": "Stake (where the table needs one)", "voided_hand": "Voided hand {number}: {what}.",
        "amended_hand": "Amended hand {number}: it was {was}; now {now}.",
        "read_only": "Read only: ask the game master for this table's link to record here.",
        "event_link": "Event link (read only)", "table_link": "Link for this table's helpers",
        "new_table": "New table", "name": "Name (a-z, 0-9)", "title": "Title", "variant": "Built-in rules",
        "house": "or a house-rule file (YAML)", "players": "Players, comma-separated", "first_dealer":
        "First dealer (optional)", "create": "Create", "join": "Sit down", "leave": "Leave",
        "move": "Move to another table",
        "rules": "Change rules", "correct": "Correct a hand", "hand_no": "Hand number", "reason": "Why",
        "void_it": "Void it", "amend_it": "Amend it with the hand below", "export": "Export", "import": "Import "
        "an export as a new table", "done": "Done.", "refused": "Refused", "not_seated": "not seated",
        "no_hands": "No hands yet.", "lan": "Phones on the venue Wi-Fi open", "game_over": "Game over",
        "error": "Something went wrong on the server; nothing was changed. Try again.",
        "not_found": "There is no such page.", "forbidden": "You may not do that here.",
        "unknown_language": "There is no such language here: lang=en or lang=ru.",
        "too_many": "Too many requests at once: wait a moment and try again.",
        "too_big": "That is more than a form may send.", "expired": "This form has expired: reload the page "
        "and send it again.", "after": "after", "corrections": "Corrections", "was": "was", "now": "now",
        "ends": "ending",
        "gone": "No connection to the server… What you see may be out of date; the page will update itself "
                "when the server answers again.",
        "play_tables": "Play a table on phones (each player's own link)",
    },
    "ru": {
        "tables": "Столы", "standings": "Итоги", "player": "Игрок", "total": "Итог", "at": "Стол",
        "next_dealer": "Сдаёт следующим", "hands": "Раздач", "seats": "Места", "balance": "Баланс",
        "stake": "ставка", "record": "Записать раздачу", "how": "Чем кончилась раздача?", "knock": "Открылся",
        "out": "Вышел", "stock_out": "Кончилась колода", "deal": "Тонк на раздаче", "who": "Кто?",
        "count": "Очки", "cards": "Карты (вместо очков)", "tonk": "Тонк на руках",
        "no_discard": "без последнего сброса", "new_spread": "последние карты — новая выкладка",
        "check": "Проверить, кто платит", "confirm": "Сохранить раздачу", "back": "Исправить", "pays": "→",
        "nobody_pays": "Никто не платит.", "history": "История", "dealt_by": "сдавал", "won_by": "выиграл",
        "void": "аннулирована", "amended": "исправлена", "sheet": "Правила", "print": "Печать (А4)",
        "gm": "Мастер", "recorded": "Записана раздача", "already": "Уже записана раздача",
        "retry": "Другой телефон только что записал раздачу за этим столом. Проверьте историю; если ваша "
                 "раздача другая, отправьте её ещё раз.",
        "send_again": "Отправить ещё раз", "undo": "Отменить последнюю раздачу…", "undone": "Отменено:",
        "undo_gm": "Отменить последнее изменение за этим столом…", "undo_it": "Да, отменить",
        "keep_it": "Нет, оставить", "nothing_to_undo": "За этим столом отменять нечего.",
        "not_yours": "Последнее изменение за этим столом сделал мастер ({what}): отменить его можно только в "
                     "пульте мастера.",
        "moved_on": "За столом что-то изменилось, пока вы смотрели: ничего не отменено. Посмотрите ещё раз.",
        "rules_preview": "Сменить правила стола «{table}» на «{title}»?", "rules_differ": "Что меняется",
        "rules_now": "сейчас", "rules_then": "после смены", "rules_same": "Ни одно правило не меняется.",
        "rules_confirm": "Да, сменить правила", "current": "сейчас", "amend_was": "Раздача, как она записана",
        "amend_heading": "Исправить раздачу {number}", "move_it": "Пересадить",
        "stake_if": "Ставка (если стол её требует)", "voided_hand": "Аннулирована раздача {number}: {what}.",
        "amended_hand": "Исправлена раздача {number}: было — {was}; стало — {now}.",
        "read_only": "Только просмотр: чтобы записывать, попросите у мастера ссылку этого стола.",
        "event_link": "Ссылка события (просмотр)", "table_link": "Ссылка для помощников этого стола",
        "new_table": "Новый стол", "name": "Имя стола (строчные латинские буквы и цифры)", "title": "Название",
        "variant": "Встроенные правила", "house": "или текст файла домашних правил",
        "players": "Игроки через запятую", "first_dealer":
        "Первый сдающий (необязательно)", "create": "Создать", "join": "Сесть", "leave": "Встать",
        "move": "Пересадить за другой стол", "rules": "Сменить правила", "correct": "Исправить раздачу",
        "hand_no": "Номер раздачи", "reason": "Причина", "void_it": "Аннулировать",
        "amend_it": "Исправить на раздачу ниже", "export": "Экспорт", "import": "Импорт экспорта как нового стола",
        "done": "Готово.", "refused": "Отказ", "not_seated": "не за столом", "no_hands": "Раздач пока нет.",
        "lan": "Телефоны в Wi-Fi площадки открывают", "game_over": "Игра окончена",
        "error": "На сервере что-то пошло не так; ничего не изменено. Попробуйте ещё раз.",
        "not_found": "Такой страницы нет.", "forbidden": "Здесь это вам нельзя.",
        "unknown_language": "Такого языка здесь нет: lang=en или lang=ru.",
        "too_many": "Слишком много запросов сразу: подождите и попробуйте снова.",
        "too_big": "Это больше, чем может отправить форма.", "expired": "Форма устарела: обновите страницу и "
        "отправьте ещё раз.", "after": "после", "corrections": "Исправления", "was": "было", "now": "стало",
        "ends": "исход",
        "gone": "Нет связи с сервером… Данные на странице могут быть устаревшими; она обновится сама, когда "
                "сервер снова ответит.",
        "play_tables": "Сыграть за столом на телефонах (у каждого игрока своя ссылка)",
    },
}

#: Words added for issue 38 (every word in the event's language): the export's formats, the payment line's
#: arrow form that needs no case of a name, local times.
WORDS["en"].update({"export_json": "JSON", "export_csv": "CSV", "export_text": "JSON", "to_amount": "",
                    "at_time": "%Y-%m-%d %H:%M", "qr": "QR code", "ok": "OK"})
WORDS["ru"].update({"export_json": "полный (для импорта)", "export_csv": "таблица", "export_text": "Текст экспорта",
                    "to_amount": ":", "at_time": "%d.%m.%Y %H:%M", "qr": "код для камеры телефона", "ok": "Хорошо"})

#: How a hand ended: the ledger's words (:mod:`tonk_rules.words.ledger_lines`).
ENDINGS = HAND_ENDINGS


#: After "Game over": who reached the points target, in each language (a noun after a number in its forms).
_REACHED = {"en": "{leaders} reached the points target ({target})",
            "ru": "у {leaders_n:игрока|игроков|игроков} {leaders} не меньше {target} {target:очка|очков|очков}"}


#: After "Game over" in a match to N hands won: who won it.
_MATCH_WON = {"en": "{leaders} won the match ({target} {target:hand|hands} won)",
        "ru": "матч выиграл{leaders_n:|и|и} {leaders} ({target} {target:сдача|сдачи|сдач})"}


def reached(lang: str, leaders: Sequence[str], target: int | None, match: bool = False) -> str:
    """Who ended the game by reaching the points target (``match``: who won the match to ``target`` hands
    won), in ``lang``."""
    words = _MATCH_WON if match else _REACHED
    return fill(words.get(lang, words["en"]), lang if lang in words else "en", leaders=", ".join(leaders),
                leaders_n=len(leaders), target=target)


def words(lang: str) -> dict[str, str]:
    return WORDS.get(lang, WORDS["en"])


def ending_word(lang: str, ending: str) -> str:
    return ENDINGS.get(lang, ENDINGS["en"]).get(ending, ending.replace("_", " "))


#: What an undo takes back, by the event's kind: ``ask`` (the confirmation) and ``said`` (after it), each
#: worded so that a name stands alone, never declined (``{name}``, ``{title}``, table titles as given).
_UNDO: dict[str, dict[str, dict[str, str]]] = {
    "en": {
        "hand": {"ask": "Undo hand {number}: {what}?", "said": "hand {number}: {what}"},
        "join": {"ask": "Undo the seating of {name} at this table?", "said": "{name} sitting down at the table"},
        "leave": {"ask": "Undo {name} leaving this table?", "said": "{name} leaving the table"},
        "move": {"ask": "Undo the move of {name} from “{source}” to “{target}”?",
                 "said": "the move of {name} from “{source}” to “{target}”"},
        "rules": {"ask": "Undo the change of rules to “{title}”?", "said": "the change of rules to “{title}”"},
        "correction": {"ask": "", "said": "the correction of hand {number}"},
        "correct": {"ask": "Undo the correction of hand {number} ({what})?",
                    "said": "the correction of hand {number} ({what})"},
        "money": {"ask": "Undo this: {what}?", "said": "{what}"},
    },
    "ru": {
        "hand": {"ask": "Отменить раздачу {number}: {what}?", "said": "раздача {number}: {what}"},
        "join": {"ask": "Отменить посадку за этот стол: {name}?", "said": "посадка за стол: {name}"},
        "leave": {"ask": "Отменить уход из-за этого стола: {name}?", "said": "уход из-за стола: {name}"},
        "move": {"ask": "Отменить пересадку: {name}, «{source}» → «{target}»?",
                 "said": "пересадка: {name}, «{source}» → «{target}»"},
        "rules": {"ask": "Отменить смену правил на «{title}»?", "said": "смена правил на «{title}»"},
        "correction": {"ask": "", "said": "исправление раздачи {number}"},
        "correct": {"ask": "Отменить исправление раздачи {number} ({what})?",
                    "said": "исправление раздачи {number} ({what})"},
        "money": {"ask": "Отменить: {what}?", "said": "{what}"},
    },
}
_WON = {"en": ("{ending}, won by {winners}", "{ending}, nobody won"),
        "ru": ("{ending}, {n:выиграл|выиграли|выиграли} {winners}", "{ending}, никто не выиграл")}


def hand_words(lang: str, hand: dict[str, Any]) -> str:
    """A hand as a confirmation names it: how it ended and who won (``out by discard, won by Ворон``)."""
    lang = lang if lang in _WON else "en"
    winners = [str(w) for w in hand.get("winners") or ()]
    ending = ending_word(lang, str(hand["ending"]))
    return fill(_WON[lang][0 if winners else 1], lang, ending=ending, winners=", ".join(winners), n=len(winners))


def undo_words(lang: str, event: dict[str, Any], form: str, titles: dict[str, str] | None = None) -> str:
    """The event an undo takes back (as :func:`tonk_rules.ledger.undo.last_event` gives it; a join or a leave
    that is half of a move names the move, its tables by title), as the confirmation asks it (``form="ask"``)
    or the notice says it (``"said"``)."""
    lang = lang if lang in _UNDO else "en"
    kind = str(event["kind"])
    detail: dict[str, Any] = event.get("detail") or {}
    titles = titles or {}
    hand: dict[str, Any] = event.get("hand") or {}
    move = detail.get("move")
    if move and kind in ("join", "leave"):
        kind = "move"
    title = titled_in(str(detail.get("ref", "")), detail.get("title", ""), lang)
    values = {"name": event.get("name") or "", "title": title, "number": hand.get("number", ""),
              "what": hand_words(lang, hand) if kind == "hand" else _correction_words(lang, detail)
              if kind == "correct" else money_words(lang, detail) if kind == "money" else "",
              "source": titles.get(move["from"], move["from"]) if move else "",
              "target": titles.get(move["to"], move["to"]) if move else ""}
    return fill(_UNDO[lang][kind][form], lang, **values)


def won_words(lang: str, names: Sequence[str]) -> str:
    """Who won a hand, the verb agreeing in number with them (``выиграл Ворон``, ``выиграли Ворон, Шёпот``)."""
    return winners(lang, names)


def local_time(lang: str, at: str) -> str:
    """A time the ledger keeps (ISO, UTC) as the game master's clock shows it, in ``lang``'s usual form."""
    return ledger_time(at, lang)


_CORRECTED = {"en": {"void": "voided: {reason}", "amend": "amended: {reason}"},
              "ru": {"void": "аннулирована: {reason}", "amend": "исправлена: {reason}"}}


def _correction_words(lang: str, detail: dict[str, Any]) -> str:
    """What a correction did, with its reason as typed (a reason is the game master's own words)."""
    lang = lang if lang in _CORRECTED else "en"
    return _CORRECTED[lang][str(detail.get("kind", "void"))].format(reason=detail.get("reason", ""))


def money_words(lang: str, detail: dict[str, Any]) -> str:
    """A movement of money as a confirmation names it (:mod:`tonk_rules.web.money_words`)."""
    from tonk_rules.web.money_words import movement_words

    return movement_words(lang, detail)
