"""The words of every refusal a page shows, by its code (:class:`~tonk_rules.errors.Refusal`), in English and
Russian, and the form field it is said beside.

The command line says a refusal as its exception's English ``str()``, which names the option it is about
(``--hand Ann: ...``); a page says it from the code and its values, in the event's language, beside the field
the refusal names: nothing here reads the English sentence. A noun after a number takes its form through
:func:`~tonk_rules.words.numbers.fill` (``{n:one|few|many}``); cards are written in the page's notation
(``5S`` in English, ``5п`` in Russian, as the rules sheet writes them); names and typed text are put in as
given, never a file's content.

    >>> from tonk_rules.cards import parse_card
    >>> from tonk_rules.errors import Refusal
    >>> twice = Refusal("card_in_two_hands", "cards", "Bob", {"card": parse_card("QH"), "name": "Bob", "other": "Ann"})
    >>> say(twice, "en")
    "QH is given in both Ann's and Bob's hands; a deck has each card once"
    >>> say(twice, "ru")
    'карта Дч дана и игроку Ann, и игроку Bob; в колоде каждая карта одна'
    >>> field_of(twice, ["Ann", "Bob", "Cy"])
    'cards_1'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tonk_rules.cards import ACCEPTED_FORMS, Card, card_name, format_cards
from tonk_rules.errors import Refusal, TonkError
from tonk_rules.ruleset.table_bounds import ONE_STAKE, POINTS_STAKES, STAKE_NOT_WHOLE
from tonk_rules.table.names import canonical
from tonk_rules.words import RULE_WORDS
from tonk_rules.words.numbers import fill
from tonk_rules.words.refusal_table import KNOCK_REFUSALS

#: How a Russian page asks for a card: the Russian notation first (every one of them is read).
_FORMS_RU = "достоинство, потом масть: 10п Дч Тт Вб Кт (или 10♠ Q♥ A♣, 10S QH AC TD; джокер: Дж)"

#: Each code's words: ``{name}`` a value as the page writes it, ``{n:one|other}`` / ``{n:one|few|many}`` the
#: noun after a number, ``{names_n}`` how many a list ``{names}`` (or ``{cards}``) holds.
WORDS: dict[str, dict[str, str]] = {
    # the form itself (tonk_rules/web/forms.py)
    "form_no_ending": {"en": "say how the hand ended", "ru": "укажите, чем кончилась раздача"},
    "form_no_player": {"en": "say who knocked or went out", "ru": "укажите, кто открылся или вышел"},
    "form_count_not_number": {"en": "{name}'s count is a whole number, not {text!r}",
                              "ru": "{name}: очки — целое число, а не «{text}»"},
    "form_tonk_not_deal": {"en": "a deal tonk is marked, but the hand did not end on the deal",
                           "ru": "отмечен тонк на руках, но раздача кончилась не тонком на раздаче"},
    "form_spread_not_out": {"en": "'without a final discard' and 'a new spread' describe a player going out",
                            "ru": "«без последнего сброса» и «новая выкладка» бывают, только когда игрок вышел"},
    "form_spread_needs_no_discard": {
        "en": "a new spread as the last cards means the player went out without a final discard",
        "ru": "если последние карты — новая выкладка, игрок вышел без последнего сброса: отметьте и это"},
    "no_deal_tonk": {"en": "no tonk on the deal: nobody pays, play the hand",
                     "ru": "тонка на раздаче нет: никто не платит, играйте раздачу"},
    # cards (tonk_rules/cards.py)
    "unknown_card": {"en": "unknown card {token!r}: expected " + ACCEPTED_FORMS,
                     "ru": "нет такой карты: «{token}»; пишите " + _FORMS_RU},
    "mixed_alphabets": {"en": "{token!r} mixes Latin and Cyrillic letters: it could be the {readings}; type it in "
                              "one alphabet",
                        "ru": "в «{token}» смешаны латинские и русские буквы: это может быть {readings}; наберите "
                              "карту одним алфавитом"},
    "mixed_alphabets_no_card": {"en": "{token!r} mixes Latin and Cyrillic letters, and is no card either way: "
                                      "expected " + ACCEPTED_FORMS,
                                "ru": "в «{token}» смешаны латинские и русские буквы, и ни так, ни так это не карта; "
                                      "пишите " + _FORMS_RU},
    # the table's input (tonk_rules/table/settle.py, stake_options.py)
    "hand_form": {"en": "write the name, '=' and the cards: {option!r}", "ru": "напишите имя, «=» и карты: «{option}»"},
    "count_form": {"en": "write the name, '=' and the count: {option!r}", "ru": "напишите имя, «=» и очки: «{option}»"},
    "bad_name": {"en": "{name!r} cannot be a seat name", "ru": "«{name}» не может быть именем за столом"},
    "hand_twice": {"en": "{name}'s cards are given twice", "ru": "карты игрока {name} даны дважды"},
    "count_twice": {"en": "{name}'s count is given twice", "ru": "очки игрока {name} даны дважды"},
    "card_twice_in_hand": {"en": "{card} is given twice in the same hand; a deck has each card once",
                           "ru": "карта {card} дана дважды в одной руке; в колоде каждая карта одна"},
    "card_in_two_hands": {"en": "{card} is given in both {other}'s and {name}'s hands; a deck has each card once",
                          "ru": "карта {card} дана и игроку {other}, и игроку {name}; в колоде каждая карта одна"},
    "too_few_hands": {"en": "give every player's cards: at least two players",
                      "ru": "дайте карты каждого игрока: хотя бы двух"},
    "count_not_whole": {"en": "a count is a whole number from 0 to {most}", "ru": "очки — целое число от 0 до {most}"},
    "tonk_twice": {"en": "{name} is marked twice as holding a deal tonk",
                   "ru": "тонк на руках у игрока {name} отмечен дважды"},
    "cards_and_count": {"en": "{name} has both cards and a count: give one",
                        "ru": "у игрока {name} даны и карты, и очки: оставьте одно"},
    "not_seated": {"en": "not seated: {names} (seated: {seated})", "ru": "не за столом: {names} (за столом: {seated})"},
    "tonk_not_on_deal": {"en": "a deal tonk is marked, but the hand did not end on the deal",
                         "ru": "отмечен тонк на руках, но раздача кончилась не тонком на раздаче"},
    "tonk_with_cards": {"en": "a deal tonk marked settles the deal by its holders alone: clear the counts and cards",
                        "ru": "отмеченный тонк на руках решает раздачу сам: сотрите очки и карты"},
    "deal_lacks_cards": {"en": "give every player's dealt cards (none for {names}), or mark only the holders of a "
                               "deal tonk",
                         "ru": "дайте сданные карты каждого игрока (нет карт: {names}) или отметьте только тех, у "
                               "кого тонк на руках"},
    "deal_counts": {"en": "counts do not show a deal tonk: give the cards, or mark the holders of a deal tonk",
                    "ru": "по очкам тонк на раздаче не виден: дайте карты или отметьте, у кого тонк на руках"},
    "counts_lacking": {"en": "every player's count decides the payment: give the count or the cards of {names}",
                       "ru": "выплату решают очки каждого игрока: дайте очки или карты "
                             "{names_n:игрока|игроков|игроков} {names}"},
    "too_few_players": {"en": "name every player: at least two", "ru": "назовите всех игроков: хотя бы двух"},
    "stake_not_whole": {"en": STAKE_NOT_WHOLE,
                        "ru": "ставка — целое число не меньше 1, а не «{stake}»"},
    "stake_too_high": {"en": "a stake is at most {most:,}", "ru": "ставка — не больше {most}"},
    "stake_form": {"en": "give one stake for everyone, or one per player",
                   "ru": "дайте одну ставку на всех или по ставке каждому"},
    "stake_twice": {"en": "{name} has two stakes", "ru": "у игрока {name} две ставки"},
    "stakes_missing": {"en": "no stake for {names} (give every player's stake, or one for all)",
                       "ru": "нет ставки у {names_n:игрока|игроков|игроков} {names} (дайте ставку каждому или одну "
                             "на всех)"},
    "stakes_refused": {"en": "the table's stakes do not suit its rules",
                       "ru": "ставки за столом не подходят к его правилам"},
    "unknown_ending": {"en": "say how the hand ended", "ru": "укажите, чем кончилась раздача"},
    "game_over": {"en": "the session is over: {leaders} reached the points target ({target}); start a new session "
                        "for a new game",
                  "ru": "игра окончена: у {leaders_n:игрока|игроков|игроков} {leaders} не меньше {target} "
                        "{target:очка|очков|очков}; для новой игры начните новую сессию"},
    "match_over": {"en": "the match is over: {leaders} won {target} {target:hand|hands}; start a new session for a "
                         "new match",
                   "ru": "матч окончен: {leaders_n:игрок|игроки|игроки} {leaders} {leaders_n:выиграл|выиграли|"
                         "выиграли} {target} {target:сдачу|сдачи|сдач}; для нового матча начните новую сессию"},
    # what the rules allow (the Ruleset's checks, as tonk_rules/table/settle.py asks them)
    "not_in_deck": {"en": "{cards} not in this variant's deck",
                    "ru": "в колоде этого варианта нет {cards_n:карты|карт|карт} {cards}"},
    "deal_size": {"en": "{held} {held:card|cards}, but the deal gives {size} to each player",
                  "ru": "{held} {held:карта|карты|карт}, а при сдаче каждый получает {size} {size:карту|карты|карт}"},
    "too_many_cards": {"en": "{held} {held:card|cards}; a hand holds at most {size} between turns",
                       "ru": "{held} {held:карта|карты|карт}, а между ходами на руках не больше {size} "
                             "{size:карты|карт|карт}"},
    "count_too_high": {"en": "no hand of this variant counts more than {most} ({cards_most} cards of its deck at most)",
                       "ru": "ни одна рука этого варианта не набирает больше {most} {most:очка|очков|очков} (на руках "
                             "не больше {cards_most} {cards_most:карты|карт|карт} его колоды)"},
    "count_negative": {"en": "a count is never negative", "ru": "очки не бывают отрицательными"},
    "seats_exactly": {"en": "this variant seats exactly {least} players, not {n}",
                      "ru": "в этот вариант играют ровно {least} {least:игрок|игрока|игроков}, а не {n}"},
    "seats_range": {"en": "this variant seats {least} to {most} players, not {n}",
                    "ru": "в этот вариант играют от {least} до {most} игроков, а не {n}"},
    "no_deal_check": {"en": "this variant has no deal check (no tonk on the deal)",
                      "ru": "в этом варианте нет проверки сдачи (тонка на раздаче не бывает)"},
    "out_others_empty": {"en": "{names} also {names_n:holds|hold} no cards",
                         "ru": "карт нет и у {names_n:игрока|игроков|игроков} {names}, а выйти мог только один"},
    "out_holds_cards": {"en": "{player} still holds {cards}", "ru": "у игрока {player} ещё есть карты: {cards}"},
    "out_holds_count": {"en": "{player} still holds a count of {count}",
                        "ru": "у игрока {player} на руках ещё {count} {count:очко|очка|очков}"},
    "empty_hand": {"en": "no cards, but only a player who went out holds none",
                   "ru": "нет карт, но без карт бывает только вышедший игрок"},
    # the game master's console (event/event_folder.py, ledger/session_ledger.py, ledger/corrections.py,
    # web/routes_gm.py)
    "bad_table_name": {"en": "a table's name is 1 to 32 lower-case letters, digits, '-' or '_', starting with a "
                             "letter or digit: {table!r}",
                       "ru": "имя стола — от 1 до 32 строчных латинских букв, цифр, «-» или «_», первый знак — "
                             "буква или цифра: «{table}»"},
    "table_exists": {"en": "the event already has a table {table!r}", "ru": "в событии уже есть стол «{table}»"},
    "stray_ledger": {"en": "{table}.sqlite in the event folder is the ledger of no table of this event: move it "
                           "away first",
                     "ru": "в папке события уже есть журнал для стола «{table}», не принадлежащий ни одному "
                           "столу события: сначала уберите его из папки"},
    "too_many_tables": {"en": "an event has at most {most} tables",
                        "ru": "в событии может быть не больше {most} {most:стола|столов|столов}"},
    "seated_elsewhere": {"en": "{name} is already seated at table {table}: move them instead",
                         "ru": "{name} уже сидит за столом {table}: пересадите игрока"},
    "import_seated_elsewhere": {"en": "{name} is already seated at table {table}",
                                "ru": "{name} уже сидит за столом {table}"},
    "already_at_table": {"en": "{name} is already at table {table}", "ru": "{name} уже за столом {table}"},
    "not_at_table": {"en": "{name} is not at table {table} (seated: {seated})",
                     "ru": "{name} не сидит за столом {table} (за столом: {seated})"},
    "already_seated": {"en": "{name} is already at the table", "ru": "{name} уже за этим столом"},
    "table_full": {"en": "this variant seats at most {most} players",
                   "ru": "в этот вариант играют не больше {most} {most:игрока|игроков|игроков}"},
    "not_seated_here": {"en": "{name} is not at the table (seated: {seated})",
                        "ru": "{name} не сидит за этим столом (за столом: {seated})"},
    "cannot_leave": {"en": "{name} cannot leave: this variant needs at least {least} players at the table; let "
                           "someone join first, or end the session",
                     "ru": "{name} не может выйти из-за стола: за столом должно остаться не меньше {least} "
                           "{least:игрока|игроков|игроков}; сначала посадите кого-нибудь или закончите сессию"},
    "same_rules": {"en": "these are the rules the table plays already: nothing to change",
                   "ru": "стол уже играет по этим правилам: менять нечего"},
    "no_hand": {"en": "there is no hand {number} (hands so far: {hands})",
                "ru": "раздачи {number} нет (всего раздач: {hands})"},
    "no_reason": {"en": "say why the hand is corrected (1 to {most} characters)",
                  "ru": "укажите причину исправления (от 1 до {most} {most:знака|знаков|знаков})"},
    "already_void": {"en": "hand {number} is already void", "ru": "раздача {number} уже аннулирована"},
    "void_not_amended": {"en": "hand {number} is void: a void hand is not amended",
                         "ru": "раздача {number} аннулирована: аннулированную раздачу не исправляют"},
    "played_not_amended": {"en": "hand {number} was played in the engine from a hand record: void it instead",
                           "ru": "раздача {number} сыграна в программе по записи раздачи: её можно только "
                                 "аннулировать"},
    "amend_players": {"en": "the amended hand must have hand {number}'s players and stakes ({names})",
                      "ru": "у исправленной раздачи должны быть игроки и ставки раздачи {number} ({names})"},
    "house_too_big": {"en": "the house-rule file is larger than {most} KiB",
                      "ru": "файл домашних правил больше {most} КБ"},
    "choose_rules": {"en": "choose the built-in rules or give a house-rule file",
                     "ru": "выберите встроенные правила или дайте файл домашних правил"},
    "seat_twice": {"en": "a seat name is given twice", "ru": "одно имя за столом дано дважды"},
    "first_dealer_not_seated": {"en": "first dealer {name!r} is not seated (seats: {seated})",
                                "ru": "первый сдающий «{name}» не за столом (за столом: {seated})"},
    "new_rules_seats_exactly": {"en": "the table as seated cannot play the new rules: they seat exactly {least} "
                                      "players, and {n} are seated",
                                "ru": "стол в нынешнем составе не может играть по новым правилам: в них играют "
                                      "ровно {least} {least:игрок|игрока|игроков}, а за столом {n}"},
    "new_rules_seats_range": {"en": "the table as seated cannot play the new rules: they seat {least} to {most} "
                                    "players, and {n} are seated",
                              "ru": "стол в нынешнем составе не может играть по новым правилам: в них играют от "
                                    "{least} до {most} игроков, а за столом {n}"},
    "new_rules_stakes_uniform": {
        "en": "the table as seated cannot play the new rules: " + ONE_STAKE,
        "ru": "стол в нынешнем составе не может играть по новым правилам: в них у всех одна ставка, а у игроков за "
              "столом ставки разные"},
    "new_rules_stakes_points": {"en": "the table as seated cannot play the new rules: " + POINTS_STAKES,
                                "ru": "стол в нынешнем составе не может играть по новым правилам: в них играют на "
                                      "очки, и ставка у всех 1"},
    "stakes_uniform": {"en": ONE_STAKE,
                       "ru": "в этом варианте у всех одна ставка: дайте всем игрокам одинаковую ставку"},
    "stakes_points": {"en": POINTS_STAKES,
                      "ru": "в этом варианте играют на очки: ставка у всех 1"},
    # refusals at start of `tonk serve` (tonk_rules/event/serve_lock.py, tonk_rules/web/keys.py), after the path
    "event_served": {"en": "this event is already served by another `tonk serve` (process {pid}, at {where}); stop "
                           "it first (two servers on one event could record a form twice)",
                     "ru": "это событие уже открыто другим сервером (процесс {pid}, адрес: {where}); сначала "
                           "остановите его (два сервера на одно событие могли бы записать одну форму дважды)"},
    "keys_damaged": {"en": "the server's keys file is damaged; restore it from a copy, or remove it to make new "
                           "secrets (every printed table link and the console's link then change)",
                     "ru": "файл ключей сервера повреждён; восстановите его из копии или удалите, чтобы сделать "
                           "новые секреты (тогда все напечатанные ссылки столов и ссылка пульта сменятся)"},
    "keys_unreadable": {"en": "the server's keys file cannot be read",
                        "ru": "файл ключей сервера не читается (права доступа или диск)"},
    "keys_unwritable": {"en": "the server's keys file cannot be written",
                        "ru": "файл ключей сервера не записать (права доступа или диск)"},
    # a pasted house file (tonk_rules/event/house_rules.py), located as `tonk check` locates it
    "house_unknown_key_guess": {"en": "the house-rule file: line {line}: unknown key {name!r}; did you mean {guess!r}?",
                                "ru": "файл домашних правил, строка {line}: неизвестный ключ «{name}»; может быть, "
                                      "имелось в виду «{guess}»?"},
    "house_unknown_key": {"en": "the house-rule file: line {line}: unknown key {name!r}",
                          "ru": "файл домашних правил, строка {line}: неизвестный ключ «{name}»"},
    "house_unknown_variant_guess": {"en": "the house-rule file: line {line}: unknown variant {name!r}; did you mean "
                                          "{guess!r}?",
                                    "ru": "файл домашних правил, строка {line}: нет встроенных правил «{name}»; "
                                          "может быть, имелось в виду «{guess}»?"},
    "house_unknown_variant": {"en": "the house-rule file: line {line}: unknown variant {name!r}",
                              "ru": "файл домашних правил, строка {line}: нет встроенных правил «{name}»"},
    # any other problem: named by its line and key, the value not said back
    "house_problem": {"en": "the house-rule file: line {line}: the value of {key} does not fit; `tonk check` on "
                            "the file says why",
                      "ru": "файл домашних правил, строка {line}: значение ключа «{key}» не подходит; проверьте его "
                            "по описанию правил"},
    "correct_number": {"en": "give the number of the hand to correct", "ru": "укажите номер исправляемой раздачи"},
    "no_table": {"en": "the event has no table {table!r}", "ru": "в этом событии нет стола «{table}»"},
    "nothing_to_undo": {"en": "there is nothing to undo at this table", "ru": "за этим столом отменять нечего"},
    "undo_moved_on": {"en": "the table has changed since the undo was shown: nothing was taken back",
                      "ru": "за столом что-то изменилось, пока вы смотрели: ничего не отменено"},
    "undo_not_yours": {"en": "the last change at this table is the game master's: only the console takes it back",
                       "ru": "последнее изменение за этим столом сделал мастер: отменить его можно только в пульте"},
    "move_moved_on": {"en": "{name}'s move cannot be taken back: table {table} has changed since",
                      "ru": "пересадку не отменить ({name}): за столом {table} с тех пор что-то изменилось"},
    "rules_moved_on": {"en": "the table's rules changed since the preview: look again",
                       "ru": "правила стола изменились после предпросмотра: посмотрите ещё раз"},
    "hand_moved_on": {"en": "another writer has just recorded a hand at this table: this one would be hand {n}, "
                            "not {number}; nothing was recorded: check the history, record again if yours is a "
                            "different hand",
                      "ru": "за этим столом только что записали другую раздачу: эта стала бы раздачей № {n}, а не "
                            "№ {number}; ничего не записано: посмотрите историю и запишите ещё раз, если ваша "
                            "раздача другая"},
    # the event's economy (tonk_rules/event/evening_money.py, tonk_rules/event/purses.py)
    "past_debt_limit_leave": {"en": "this hand would take a player past the debt limit ({names}): the player must "
                                    "leave the table; nothing was recorded",
                              "ru": "эта раздача выводит за предел долга ({names}): игрок должен покинуть стол; "
                                    "ничего не записано"},
    "past_debt_limit_iou": {"en": "this hand would take a player past the debt limit ({names}): the game master may "
                                  "allow an IOU; nothing was recorded",
                            "ru": "эта раздача выводит за предел долга ({names}): мастер может разрешить долговую "
                                  "расписку; ничего не записано"},
    "over_limit_leave": {"en": "{name}: this hand takes them {count} past the debt limit; the player must leave the "
                               "table",
                         "ru": "{name}: раздача выводит за предел долга, не хватает {count}; игрок должен покинуть "
                               "стол"},
    "over_limit_iou": {"en": "{name}: this hand takes them {count} past the debt limit; the game master may allow "
                             "an IOU",
                       "ru": "{name}: раздача выводит за предел долга, не хватает {count}; мастер может разрешить "
                             "долговую расписку"},
    "no_economy": {"en": "this event has no economy: add one first",
                   "ru": "у этого события нет экономики: сначала задайте её"},
    "no_buy_in": {"en": "this event's economy has no buy-ins", "ru": "в экономике этого события нет докупки"},
    "no_such_player": {"en": "{name} has never sat at a table of this event",
                       "ru": "{name}: этот игрок ни разу не сидел за столом этого события"},
    # a pasted economy file (tonk_rules/event/economy.py): its first problem, located, the key named as typed
    "economy_problem": {"en": "the economy file: line {line}: {key} does not fit; the form's example shows every "
                              "key (`tonk event economy` on the file lists every problem)",
                        "ru": "файл экономики: строка {line}: значение {key} не подходит; образец над полем "
                              "показывает все ключи и их значения"},
    "economy_line": {"en": "the economy file: line {line} does not fit; compare it with the form's example "
                           "(`tonk event economy` on the file says why)",
                     "ru": "файл экономики: строка {line} не подходит; сравните её с образцом над полем"},
    "economy_not_mapping": {"en": "the economy file: line {line}: it is a list of keys and values, as in the "
                                  "form's example",
                            "ru": "файл экономики: строка {line}: нужны ключи и значения, как в образце над полем"},
    "money_amount": {"en": "an amount is a whole number from 1 to 1,000,000",
                     "ru": "сумма — целое число от 1 до 1 000 000"},
    "money_nothing": {"en": "nothing to move: an amount above 0 is needed",
                      "ru": "нечего передавать: нужна сумма больше нуля"},
    "no_iou": {"en": "{name} owes {other} nothing", "ru": "долга нет: {name} → {other}"},
    "iou_smaller": {"en": "{name} owes {other} {most}, less than {count}",
                    "ru": "долг {name} → {other}: {most}, это меньше, чем {count}"},
    "settle_past_limit": {"en": "{name} has {held}: paying {count} would take them past the debt limit; settle it in "
                                "kind instead",
                          "ru": "{name}: в кошельке {held}, выплата {count} выведет за предел долга; погасите долг "
                                "вещью или услугой"},
    "stake_needed": {"en": "at “{table}” each player has a stake of their own: give {name}'s stake",
                     "ru": "за столом «{table}» у каждого своя ставка: укажите ставку ({name})"},
    # a table the server cannot use now (tonk_rules/web/unavailable.py): named by its title, the others go on
    "ledger_busy": {"en": "this table is busy: another program is writing its ledger; nothing was changed; try "
                          "again in a moment",
                    "ru": "стол занят: его журнал сейчас пишет другая программа; ничего не изменено; попробуйте "
                          "ещё раз через минуту"},
    "table_busy": {"en": "table {table!r} is busy: another program is writing its ledger; nothing was changed; "
                         "try again in a moment",
                   "ru": "стол «{table}» занят: его журнал сейчас пишет другая программа; ничего не изменено; "
                         "попробуйте ещё раз через минуту"},
    "table_ledger_missing": {"en": "table {table!r}: this table's ledger cannot be read: its file is no longer in "
                                   "the event folder (removed or renamed); tell the game master",
                             "ru": "стол «{table}»: журнал этого стола не читается: его файла больше нет в папке "
                                   "события (удалён или переименован); скажите ведущему"},
    "table_ledger_damaged": {"en": "table {table!r}: this table's ledger cannot be read: its file is damaged or cut "
                                   "short; the game master restores it from a copy or an export",
                             "ru": "стол «{table}»: журнал этого стола не читается: файл повреждён или обрезан; "
                                   "ведущий восстановит его из копии или выгрузки"},
    "table_ledger_not_ledger": {"en": "table {table!r}: this table's ledger cannot be read: its file is not a "
                                      "ledger (replaced by another file?); tell the game master",
                                "ru": "стол «{table}»: журнал этого стола не читается: на месте журнала другой "
                                      "файл; скажите ведущему"},
    "table_ledger_no_permission": {"en": "table {table!r}: this table's ledger cannot be read: the server may not "
                                         "open its file (permissions); tell the game master",
                                   "ru": "стол «{table}»: журнал этого стола не читается: серверу не разрешено "
                                         "открыть его файл (права доступа); скажите ведущему"},
    "table_ledger_unreadable": {"en": "table {table!r}: this table's ledger cannot be read: the disk or the file "
                                      "refused; tell the game master",
                                "ru": "стол «{table}»: журнал этого стола не читается: диск или файл не дали его "
                                      "прочитать; скажите ведущему"},
    "knock_refused": {"en": "the rules do not allow this knock", "ru": "правила не разрешают так открыться"},
}

#: The refusals of a rule (the knock's, as the table's checks give them): worded by the rule, in the one table
#: the engine and the table tools read too (tonk_rules/words/refusal_table.py).
WORDS.update({code: {"en": RULE_WORDS[path].refusals[name], "ru": RULE_WORDS[path].refusals_ru[name]}
              for code, (path, name) in KNOCK_REFUSALS.items()})

#: A refusal without a code (none is known to reach a page: tests/test_web_refusals.py tries every input).
UNCODED = {"ru": "так раздачу записать нельзя: проверьте, что введено"}

_RANKS_RU = ("", "туз", "двойка", "тройка", "четвёрка", "пятёрка", "шестёрка", "семёрка", "восьмёрка", "девятка",
             "десятка", "валет", "дама", "король")
_SUITS_RU = ("пик", "червей", "бубен", "треф")


def _style(lang: str) -> Any:
    return "russian" if lang == "ru" else "english"


def _readings(readings: Sequence[tuple[str, Card]], lang: str) -> str:
    """The cards a token mixing the alphabets could mean, each with the alphabet that reads it so."""
    if lang == "ru":
        return ", или ".join(f"{_RANKS_RU[c.rank]} {_SUITS_RU[c.suit]} ({c.format('russian')}), если буквы "
                            f"{'латинские' if alphabet == 'Latin' else 'русские'}" for alphabet, c in readings)
    return " or the ".join(f"{card_name(c)} ({c.format('english')} / {c.format('russian')}) read as {alphabet}"
                           for alphabet, c in readings)


def _values(params: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The refusal's values as the page writes them: cards in its notation, lists joined (``{key}_n``: how many)."""
    out: dict[str, Any] = {}
    for key, value in params.items():
        if key == "readings":
            out[key] = _readings(value, lang)
        elif isinstance(value, Card):
            out[key] = value.format(_style(lang))
        elif isinstance(value, tuple | list) and value and all(isinstance(v, Card) for v in value):
            out[key], out[f"{key}_n"] = format_cards(value, _style(lang)), len(value)
        elif isinstance(value, tuple | list):
            out[key], out[f"{key}_n"] = ", ".join(map(str, value)), len(value)
        elif isinstance(value, str):
            out[key] = value[:40]  # typed text, said back as typed (escaped by the page), never at length
        else:
            out[key] = value
    return out


def say(refusal: Refusal, lang: str) -> str:
    """The refusal in ``lang`` (``en`` or ``ru``; another language reads English)."""
    words = WORDS[refusal.code]
    return fill(words.get(lang, words["en"]), lang if lang in words else "en", **_values(refusal.params, lang))


def field_of(refusal: Refusal, names: Sequence[str]) -> str:
    """The form field the refusal is said beside (``how`` where it is about the hand as a whole)."""
    if refusal.about == "player":
        return "player"
    seats = [canonical(n) for n in names]
    if refusal.about in ("count", "cards", "tonk") and refusal.player is not None and \
            canonical(refusal.player) in seats:
        return f"{refusal.about}_{seats.index(canonical(refusal.player))}"
    return "how"


def in_language(error: Exception, lang: str) -> str | None:
    """The error's refusal in ``lang`` where it has a code with words (None: say its English ``str()``)."""
    refusal = error.refusal if isinstance(error, TonkError) else None
    return say(refusal, lang) if refusal is not None and refusal.code in WORDS else None


def said(error: TonkError, names: Sequence[str], lang: str) -> tuple[str, str]:
    """The field and the words of a refusal of the form, the table's input or the rules, in ``lang``."""
    if error.refusal is None or error.refusal.code not in WORDS:
        return "how", UNCODED.get(lang, str(error))
    return field_of(error.refusal, names), say(error.refusal, lang)


#: A variant file's problem (:class:`~tonk_rules.errors.Diagnostic`) in Russian, by what it says: a key or a
#: built-in unknown (with the likely one), an empty value; any other named by its key.
_DIAGNOSTIC_RU = (
    (r"unknown key '([^']+)'; did you mean '([^']+)'\?", "неизвестный ключ «{0}»; может быть, имелось в виду «{1}»?"),
    (r"unknown key '([^']+)'", "неизвестный ключ «{0}»"),
    (r"unknown variant '([^']+)'; did you mean '([^']+)'\?", "нет встроенных правил «{0}»; может быть, имелось в "
                                                             "виду «{1}»?"),
    (r"unknown variant '([^']+)'", "нет встроенных правил «{0}» (путь к файлу пишется с .yaml или с /)"),
    (r"must not be empty", "значение не может быть пустым"),
)


def diagnostic_in(problem: Any, lang: str) -> str:
    """A variant file's problem as ``tonk check`` prints it (``FILE:LINE:COL: …``), its words in ``lang``."""
    if lang != "ru":
        return str(problem)
    import re

    said = "значение не подходит"
    for pattern, words in _DIAGNOSTIC_RU:
        if found := re.match(pattern, problem.message):
            said = words.format(*found.groups())
            break
    where = f"{problem.file}: " if problem.line == 0 else f"{problem.file}:{problem.line}:{problem.column}: "
    key = f" (ключ: {problem.key_path})" if problem.key_path else ""
    return where + said + key
