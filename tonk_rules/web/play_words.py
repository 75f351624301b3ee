"""The play pages' words in English and Russian (``tonk play --web``): moves, the table, the end of a hand.

A name stands alone in every sentence (never declined); a noun after a number takes its form through
:func:`~tonk_rules.words.numbers.fill`; cards are written in the page's notation (``10♠`` in English, ``10п`` in
Russian). The reasons of refused moves are the Ruleset's (:mod:`tonk_rules.web.play_refusals`).

    >>> say("ru", "cards_n", n=3)
    '3 карты'
    >>> say("en", "cards_n", n=1)
    '1 card'
"""

from __future__ import annotations

from typing import Any

from tonk_rules.words.numbers import fill

LANGS = ("en", "ru")

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Tonk: {variant}", "hand_no": "Hand {number}", "dealer": "dealer: {name}",
        "your_turn": "Your turn", "turn_of": "{name} to play", "bot_thinking": "{name} (computer) is about to play",
        "your_hand": "Your hand", "count": "count {n}", "upcard": "Discard pile", "empty": "empty",
        "stock": "Stock: {n} {n:card|cards}", "spreads": "Spreads", "no_spreads": "No spreads yet.",
        "others": "At the table", "cards_n": "{n} {n:card|cards}", "you": "you", "computer": "computer",
        "moves": "Your moves", "draw_stock": "Draw from the stock", "draw_discard": "Take {card} from the pile",
        "knock": "Knock", "spread": "Lay {cards}", "hit": "Add {card} to spread {number}",
        "discard": "Discard {card}", "not_allowed": "Not allowed: {why}", "stale": "The table has moved on "
        "since this page was shown: look again and choose.", "wait": "Waiting for {name}.",
        "over": "The hand is over", "winners": "Won by {names}", "nobody_won": "Nobody won",
        "pays": "{payer} pays {amount} to {receiver}", "nobody_pays": "Nobody pays.",
        "net": "This hand", "scores": "Scores after {n} {n:hand|hands}", "next": "Deal the next hand",
        "record": "Download the hand record (tonk-hand/1)", "replay": "Replay it with: tonk replay FILE",
        "history": "Last moves", "idle": "{name} was away too long: the default player played for them.",
        "gone": "No connection to the server… the page will update itself when it answers again.",
        "ending": "Ending: {ending}", "nothing": "—",
        "did_draw_stock": "{name} drew from the stock", "did_draw_discard": "{name} took {card} from the pile",
        "did_knock": "{name} knocked", "did_spread": "{name} laid {cards}",
        "did_hit": "{name} added {card} to spread {number}", "did_discard": "{name} discarded {card}",
        "not_found": "There is no such seat: ask the host for your link.",
        "unknown_language": "There is no such language here: lang=en or lang=ru.", "language": "English",
        "too_many": "Too many requests at once: wait a moment and try again.",
        "too_big": "That is more than a form may send.",
        "error": "Something went wrong on the server; nothing was changed. Try again.",
        "no_record": "The hand is not over yet: its record comes at its end.",
        "no_such_hand": "This table has no such hand.",
        "not_kept": "The hand could not be added to the table's ledger: download its record and give it to the "
                    "game master.",
        "play_heading": "Play on phones", "play_open": "Open {table} for play",
        "play_links": "Each player's link (send each only their own):", "play_none": "No table is open for play.",
        "kept": "Each hand played goes into the table's ledger.",
    },
    "ru": {
        "title": "Тонк: {variant}", "hand_no": "Раздача {number}", "dealer": "сдаёт: {name}",
        "your_turn": "Ваш ход", "turn_of": "Ходит: {name}", "bot_thinking": "Сейчас походит: {name} (компьютер)",
        "your_hand": "Ваши карты", "count": "очков: {n}", "upcard": "Куча", "empty": "пусто",
        "stock": "В колоде: {n} {n:карта|карты|карт}", "spreads": "Выкладки", "no_spreads": "Выкладок пока нет.",
        "others": "За столом", "cards_n": "{n} {n:карта|карты|карт}", "you": "вы", "computer": "компьютер",
        "moves": "Ваши ходы", "draw_stock": "Взять из колоды", "draw_discard": "Взять {card} из кучи",
        "knock": "Открыться", "spread": "Выложить {cards}", "hit": "Добавить {card} к выкладке {number}",
        "discard": "Сбросить {card}", "not_allowed": "Нельзя: {why}", "stale": "Пока страница была открыта, "
        "за столом походили: посмотрите ещё раз и выберите ход.", "wait": "Ждём хода: {name}.",
        "over": "Раздача окончена", "winners": "{n:Победитель|Победители|Победители}: {names}",
        "nobody_won": "Никто не выиграл",
        "pays": "{payer} платит {amount} → {receiver}", "nobody_pays": "Никто не платит.",
        "net": "За раздачу", "scores": "Счёт после {n} {n:раздачи|раздач|раздач}", "next": "Сдать следующую",
        "record": "Скачать запись раздачи (tonk-hand/1)", "replay": "Повторить её: tonk replay ФАЙЛ",
        "history": "Последние ходы", "idle": "{name}: слишком долго не было хода, за игрока сходил компьютер.",
        "gone": "Нет связи с сервером… Страница обновится сама, когда он ответит.",
        "ending": "Итог: {ending}", "nothing": "—",
        # the moves in the present tense and the winners as a noun: a past-tense verb has a gender, and a
        # name does not say its own ("Аня: взял из колоды")
        "did_draw_stock": "{name}: берёт из колоды", "did_draw_discard": "{name}: берёт {card} из кучи",
        "did_knock": "{name}: открывается", "did_spread": "{name}: выкладывает {cards}",
        "did_hit": "{name}: добавляет {card} к выкладке {number}", "did_discard": "{name}: сбрасывает {card}",
        "not_found": "Такого места нет: попросите у хозяина стола вашу ссылку.",
        "unknown_language": "Такого языка здесь нет: lang=en или lang=ru.", "language": "Русский",
        "too_many": "Слишком много запросов сразу: подождите немного и повторите.",
        "too_big": "Форма не может отправить столько.",
        "error": "На сервере что-то пошло не так; ничего не изменилось. Попробуйте ещё раз.",
        "no_record": "Раздача ещё идёт: запись будет в её конце.",
        "no_such_hand": "Такой раздачи за этим столом нет.",
        "not_kept": "Раздачу не удалось добавить в журнал стола: скачайте её запись и отдайте мастеру.",
        "play_heading": "Игра на телефонах", "play_open": "Открыть стол {table} для игры",
        "play_links": "Ссылка каждого игрока (каждому — только его):", "play_none": "Ни один стол не открыт для игры.",
        "kept": "Каждая сыгранная раздача попадает в журнал стола.",
    },
}


def say(lang: str, key: str, **values: Any) -> str:
    """The words ``key`` in ``lang``, ``values`` put in."""
    return fill(WORDS[lang][key], lang, **values)
