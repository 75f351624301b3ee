"""What ``tonk serve`` and ``tonk play --web`` print at start, and their refusals at start, in the event's language.

A name, a path, an address and a process id are put in as they are, after a colon or in parentheses, where
no case is needed.

    >>> line("local_only", "ru")
    'Открыть его можно только на этом компьютере; чтобы телефоны в сети площадки его видели, добавьте --lan.'
    >>> line("port_taken", "ru", port=8000)
    'порт 8000 занят: на нём уже работает другая программа (или другой `tonk serve`); выберите другой: --port'
"""

from __future__ import annotations

from typing import Any

from tonk_rules.errors import TonkError
from tonk_rules.words.numbers import fill_line

#: Every line by its key, in English and in Russian (the English lines are those ``tonk serve`` always printed).
LINES: dict[str, dict[str, str]] = {
    "serving": {"en": "Serving the event in {folder} at {base}/  (stop with Ctrl+C)",
                "ru": "Событие из папки {folder} открыто по адресу {base}/  (остановить: Ctrl+C)"},
    "console": {"en": "Game master's console: {base}/gm?key={key}",
                "ru": "Пульт мастера: {base}/gm?key={key}"},
    "secret": {"en": "  (the key is the game master's secret: it opens table creation, rules changes, corrections, "
                     "import)",
               "ru": "  (ключ — секрет мастера: он открывает создание столов, смену правил, исправления и импорт)"},
    "no_lan_address": {"en": "This computer has no address on a local network (is the Wi-Fi connected?): phones "
                             "cannot reach it yet; serving every address anyway.",
                       "ru": "У этого компьютера нет адреса в локальной сети (подключён ли Wi-Fi?): телефоны пока "
                             "его не видят; сервер всё равно слушает все адреса."},
    "lan_code": {"en": "Phones on this network open the event with this code:",
                 "ru": "Телефоны в этой сети открывают событие по этому коду:"},
    "local_only": {"en": "Only this computer can reach it; add --lan to serve the phones on the venue's network.",
                   "ru": "Открыть его можно только на этом компьютере; чтобы телефоны в сети площадки его видели, "
                         "добавьте --lan."},
    "taken_over": {"en": "{said}.",
                   "ru": "Блокировка сервера, который остановился не сам (процесс {pid}{where}), снята и занята "
                         "этим сервером."},
    "port_taken": {"en": "cannot serve on port {port}: another program (or another `tonk serve`) is serving it; "
                         "choose another with --port",
                   "ru": "порт {port} занят: на нём уже работает другая программа (или другой `tonk serve`); "
                         "выберите другой: --port"},
    "port_denied": {"en": "cannot serve on port {port}: this user may not use it (ports below 1024 need the "
                          "administrator); choose another with --port",
                    "ru": "порт {port} недоступен: порты меньше 1024 открывает только администратор; выберите "
                          "другой: --port"},
    "port_other": {"en": "cannot serve on port {port}: {why}; choose another with --port",
                   "ru": "на порту {port} открыть сервер нельзя (система ответила: {why}); выберите другой: --port"},
    # what ``tonk play VARIANT --web`` prints at start, in its pages' language (--lang)
    "play_serving": {"en": "Tonk: {title}, seed {seed} (tonk play ... --web --seed {seed} deals these hands again). "
                           "Serving at {base}/  (stop with Ctrl+C)",
                     "ru": "Тонк: {title}, зерно случайности {seed} (tonk play ... --web --seed {seed} сдаст те же "
                           "раздачи). Игра открыта по адресу {base}/  (остановить: Ctrl+C)"},
    "play_bots": {"en": "Computer players: {names} ({bot} unless --players said otherwise).",
                  "ru": "Играет компьютер: {names} ({bot}, если --players не назвал другого)."},
    "play_idle": {"en": "A turn left for {idle:g} s is played by the default player, with a note.",
                  "ru": "Ход, оставленный без ответа на {idle:g} с, делает за игрока компьютер, с пометкой."},
    "play_links": {"en": "Each person opens their own link (it is that seat's secret: send each only their own):",
                   "ru": "Каждый открывает свою ссылку (это секрет его места: отправьте каждому только его):"},
    "play_local_only": {"en": "Only this computer can reach it; add --lan to play from phones on this network.",
                        "ru": "Открыть её можно только на этом компьютере; чтобы играть с телефонов в этой сети, "
                              "добавьте --lan."},
}


def line(key: str, lang: str, /, **values: Any) -> str:
    """The line ``key`` in ``lang`` (English where it has none) with ``values`` put in, as every table of lines
    fills them (:func:`~tonk_rules.words.numbers.fill_line`)."""
    return fill_line(LINES, key, lang, **values)


def where_part(lang: str, where: str) -> str:
    """The address a server served, after its process id (nothing where none is known)."""
    if not where:
        return ""
    return f", адрес: {where}" if lang == "ru" else f", at {where}"


def start_refusal(error: TonkError, lang: str) -> str | None:
    """A refusal at start in ``lang``, where it has a code with words (:mod:`tonk_rules.web.refusal_words`),
    after the path it is about as the English line names it (None: its own English line)."""
    from tonk_rules.web.refusal_words import in_language

    said = in_language(error, lang)
    if said is None:
        return None
    return f"{str(error).split(': ', 1)[0]}: {said}"
