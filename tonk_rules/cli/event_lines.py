"""What ``tonk event …`` prints itself, in the event's language (English or Russian).

Each line is a template of :func:`tonk_rules.words.numbers.fill`: a number picks its noun's form there
(``{n:hand|hands}``, ``{n:раздача|раздачи|раздач}``). Names are never declined: the Russian lines put them
after a colon or in «…», where no case is needed. Tables are named by their titles where a person reads them.

    >>> line("hands", "ru", n=21), line("hands", "ru", n=3), line("hands", "en", n=1)
    ('21 раздача', '3 раздачи', '1 hand')
    >>> table_name("t1", "Первый", "ru"), table_name("t1", "t1", "ru")
    ('«Первый» (t1)', '«t1»')
"""

from __future__ import annotations

from typing import Any

from tonk_rules.words.numbers import fill_line

#: The languages' names, as each language says them.
LANGUAGE_NAMES = {"en": {"en": "English", "ru": "Russian"}, "ru": {"en": "английский", "ru": "русский"}}

#: Every line by its key, in English and in Russian.
LINES: dict[str, dict[str, str]] = {
    "created": {
        "en": "created the event {title} in {folder} (language {language}, currency {currency}); "
              "add tables with `tonk event add-table {folder} NAME …`",
        "ru": "событие создано: {title}; папка: {folder}; язык: {language}; валюта: {currency}. "
              "Столы добавляет команда `tonk event add-table {folder} ИМЯ …`",
    },
    "table": {
        "en": "{name} ({title}, {rules}): {seated}; next dealer: {dealer}; {hands}",
        "ru": "стол {table}, правила: {rules}; игроки: {seated}; следующим сдаёт: {dealer}; {hands}",
    },
    "hands": {"en": "{n} {n:hand|hands}", "ru": "{n} {n:раздача|раздачи|раздач}"},
    "refused": {"en": "error: {said}", "ru": "ошибка: {said}"},
    # how a recorded hand ended, misused (cli/settle_input.py's how_it_ended)
    "ending_twice": {"en": "{option} is given {n} times ({names}): a hand ends once, give one {option} NAME",
                     "ru": "{option} дан {n} {n:раз|раза|раз} ({names}): раздача кончается один раз, дайте один "
                           "{option} ИМЯ"},
    "no_ending": {"en": "say how the hand ended: one of --deal, --knock NAME, --out NAME, --stock-out",
                  "ru": "укажите, чем кончилась раздача: одно из --deal, --knock ИМЯ, --out ИМЯ, --stock-out"},
    "several_endings": {"en": "say how the hand ended: one of --deal, --knock NAME, --out NAME, --stock-out "
                              "(not {chosen})",
                        "ru": "укажите, чем кончилась раздача: одно из --deal, --knock ИМЯ, --out ИМЯ, --stock-out "
                              "(а не {chosen_ru})"},
    "out_flags": {"en": "--no-discard and --new-spread describe --out NAME",
                  "ru": "--no-discard и --new-spread бывают только с --out ИМЯ"},
    "new_spread_alone": {"en": "--new-spread describes going out without a discard: give it with --no-discard "
                               "(going out by a discard pays the same whatever was laid that turn)",
                         "ru": "--new-spread — это выход без сброса: дайте его вместе с --no-discard (выход "
                               "сбросом платит одинаково, что бы ни было выложено в этот ход)"},
    "correct_json": {"en": "a correction prints its result as text: drop --json",
                     "ru": "исправление печатается текстом: уберите --json"},
    "void_and_hand": {"en": "--void takes no hand: drop the hand's options, or drop --void to amend it",
                      "ru": "--void не принимает раздачу: уберите её параметры или уберите --void, чтобы исправить"},
    "no_hand": {"en": "there is no hand {number} (hands: 1 to {count})",
                "ru": "раздачи № {number} нет (раздачи: с 1 по {count})"},
    "no_hand_yet": {"en": "there is no hand {number} (no hands yet)",
                    "ru": "раздачи № {number} нет (раздач пока нет)"},
    "amend_played": {"en": "the amended hand has no tonk on the deal: void the hand instead",
                     "ru": "в исправленной раздаче нет тонка на сдаче: вместо этого отмените раздачу (--void)"},
    "nobody": {"en": "nobody", "ru": "никого"},
    "no_tables": {"en": "No tables yet.", "ru": "Столов пока нет."},
    "standings": {"en": "{title} (currency: {currency}):", "ru": "{title} (валюта: {currency}):"},
    "seated_at": {"en": "at {table}", "ru": "за столом {table}"},
    "not_seated": {"en": "not seated", "ru": "ни за каким столом"},
    "recorded": {
        "en": "Recorded as hand {number} at {table}; next dealer: {dealer}.",
        "ru": "Записана раздача № {number}, стол {table}; следующим сдаёт: {dealer}.",
    },
    "already": {
        "en": "Nothing recorded: this key's hand is hand {number} at {table}, recorded already; next dealer: {dealer}.",
        "ru": "Ничего не записано: раздача с этим ключом уже записана, № {number}, стол {table}; следующим сдаёт: "
              "{dealer}.",
    },
    "not_recorded": {"en": "Nothing recorded: the hand is played.",
                     "ru": "Ничего не записано: раздача продолжается."},
    "corrections": {"en": "Corrections:", "ru": "Исправления:"},
    # ``tonk session …`` on a ledger of a Russian event (the English lines are the session's own)
    "session_recorded": {"en": "Recorded as hand {number}.", "ru": "Записана раздача № {number}."},
    "session_already": {"en": "Nothing recorded: this key's hand is hand {number}, recorded already.",
                        "ru": "Ничего не записано: раздача с этим ключом уже записана, № {number}."},
    "session_seated": {"en": "Seated (stake): {seated}", "ru": "За столом (ставка): {seated}"},
    "session_next_dealer": {"en": "Next dealer: {dealer}", "ru": "Следующим сдаёт: {dealer}"},
    "session_title": {"en": "{title} (currency: {currency}):", "ru": "{title} (валюта: {currency}):"},
    "session_no_hands": {"en": "No hands yet.", "ru": "Раздач пока нет."},
    "corrected": {"en": "{said}. Next dealer: {dealer}.", "ru": "{said}. Следующим сдаёт: {dealer}."},
    # a table's ledger that cannot be used, said from the kind of its error (the path as given)
    "ledger_damaged": {"en": "", "ru": "{path}: файл журнала стола повреждён; ничего не изменено; восстановите его "
                                      "из копии или из выгрузки"},
    "ledger_not_ledger": {"en": "", "ru": "{path}: на месте журнала стола другой файл; ничего не изменено"},
    "ledger_no_permission": {"en": "", "ru": "{path}: файл журнала стола не открыть (права доступа)"},
}


def line(key: str, lang: str, /, **values: Any) -> str:
    """The line ``key`` in ``lang`` (English where the language has none) with ``values`` put in."""
    return fill_line(LINES, key, lang, **values)


def ledger_language(ledger: str) -> str:
    """The language of the event whose table ``ledger`` is (``tonk session …`` on it then speaks it), else
    English: a ledger of its own, or a folder that is not an event, reads as it always has."""
    from pathlib import Path

    from tonk_rules.errors import TonkError
    from tonk_rules.event.event_folder import EVENT_FILE, Event

    path = Path(ledger).resolve()
    if not (path.parent / EVENT_FILE).is_file():
        return "en"
    try:
        event = Event.open(path.parent)
        listed = any(event.ledger_path(t).resolve() == path for t in event.table_names())
    except (TonkError, OSError):
        return "en"
    return event.language if listed else "en"


def ledger_refusal(error: Exception, lang: str) -> str | None:
    """A table's ledger that cannot be used, in ``lang`` (None: not such an error, or English)."""
    from tonk_rules.errors import LedgerDamagedError, LedgerPermissionError, NotALedgerError

    key = ("ledger_damaged" if isinstance(error, LedgerDamagedError) else "ledger_not_ledger"
           if isinstance(error, NotALedgerError) else "ledger_no_permission"
           if isinstance(error, LedgerPermissionError) else None)
    if key is None or not LINES[key].get(lang):
        return None
    return line(key, lang, path=str(error).split(": ", 1)[0])


def language_name(code: str, lang: str) -> str:
    """The language ``code``'s name, said in ``lang``."""
    return LANGUAGE_NAMES.get(lang, LANGUAGE_NAMES["en"]).get(code, code)


def table_name(name: str, title: str, lang: str, *, short: bool = False) -> str:
    """A table as a person reads it: its title, with its name (what commands take) where the two differ
    (``short``: the title alone)."""
    if lang == "ru":
        return f"«{title}»" if title == name or short else f"«{title}» ({name})"
    return title if title == name or short else f"{title} ({name})"
