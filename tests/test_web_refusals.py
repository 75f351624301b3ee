"""A refusal of the hand form reads in the event's language, beside the field it is about, and records nothing:
the form's own, the table's input, the cards and the rules' (tonk_rules/web/refusal_words.py)."""

from __future__ import annotations

import ast
import html
import random
import re
from pathlib import Path
from typing import Any

import pytest
import sources
from budgets import examples
from webkit import Phone, app_for

from tonk_rules.cards import DECK, parse_card
from tonk_rules.errors import CardError, Refusal
from tonk_rules.event.event_folder import Event
from tonk_rules.ledger.session_ledger import Ledger
from tonk_rules.ruleset import core
from tonk_rules.ruleset.rule_objects import HIT_REFUSAL_CODES
from tonk_rules.table.settle import KNOCK_CODES
from tonk_rules.web.refusal_words import UNCODED, WORDS, say
from tonk_rules.words.refusal_table import HIT_REFUSALS, KNOCK_REFUSALS

#: the seats of each language's event: t1 plays russian, t3 a house rule that knocks only with 7 or less
SEATS = {"ru": (("Костоправ", "Гоблин", "Элмо"), ("Душечка", "Лейтенант"), ("Ворон", "Молчун")),
         "en": (("Ann", "Bob", "Cy"), ("Ivy", "Jo"), ("Kim", "Lu"))}
HOUSE = "extends: russian\ntitle: Our house\nknocking:\n  max_count: 7\n"

#: (case, table, form, field, Russian words, English words as the page says them now)
CASES = [
    ("count not a number", "t1", {"how": "knock", "player": 0, "count_0": "3", "count_1": "many", "count_2": "4"},
     "count_1", "Гоблин: очки — целое число, а не «many»", "Bob's count is a whole number, not 'many'"),
    ("card given twice", "t1", {"how": "deal", "cards_0": "5S 6S 7S 8S 9S", "cards_1": "5п 2H 3H 4H 6H",
                                "cards_2": "2C 3C 4C 5C 6C"},
     "cards_1", "карта 5п дана и игроку Костоправ, и игроку Гоблин; в колоде каждая карта одна",
     "5S is given in both Ann's and Bob's hands; a deck has each card once"),
    ("wrong number of cards", "t1", {"how": "deal", "cards_0": "5S 6S 7S 8S", "cards_1": "KS 2H 3H 4H 6H",
                                     "cards_2": "2C 3C 4C 5C 6C"},
     "cards_0", "4 карты, а при сдаче каждый получает 5 карт", "4 cards, but the deal gives 5 to each player"),
    ("no ending chosen", "t1", {"count_0": "3", "count_1": "19", "count_2": "4"},
     "how", "укажите, чем кончилась раздача", "say how the hand ended"),
    ("a knock the rules refuse", "t3", {"how": "knock", "player": 0, "count_0": "9", "count_1": "20"},
     "player", "открыться можно только с 7 очками или меньше (у вас 9 очков)",
     "a knock needs a count of 7 or less (you have 9)"),
    ("a count no hand has", "t1", {"how": "knock", "player": 0, "count_0": "99", "count_1": "19", "count_2": "4"},
     "count_0", "ни одна рука этого варианта не набирает больше 60 очков (на руках не больше 6 карт его колоды)",
     "no hand of this variant counts more than 60 (6 cards of its deck at most)"),
    ("no tonk on the deal", "t1", {"how": "deal", "cards_0": "2S 3S 4S 5S 6S", "cards_1": "2H 3H 4H 5H 6H",
                                   "cards_2": "2C 3C 4C 5C 6C"},
     "how", "тонка на раздаче нет: никто не платит, играйте раздачу",
     "no tonk on the deal: nobody pays, play the hand"),
    ("a card mistyped", "t1", {"how": "stock_out", "count_0": "3", "cards_1": "Кп Zq", "count_2": "4"},
     "cards_1", "нет такой карты: «Zq»; пишите достоинство, потом масть: 10п Дч Тт Вб Кт (или 10♠ Q♥ A♣, 10S QH AC "
     "TD; джокер: Дж)", "unknown card 'Zq': expected rank then suit: 10S QH AC TD, 10♠ Q♥ A♣, or Russian 10п Дч Тт "
     "Вб Кт (a joker: Jk or Дж)"),
    ("a count missing", "t1", {"how": "knock", "player": 0, "count_0": "3", "count_1": "19"},
     "count_2", "выплату решают очки каждого игрока: дайте очки или карты игрока Элмо",
     "every player's count decides the payment: give the count or the cards of Cy"),
]


def make(folder: Path, lang: str) -> Event:
    event = Event.create(folder / "night", title="Вечер" if lang == "ru" else "Night", language=lang, currency="кр")
    first, house_seats, pc = SEATS[lang]
    event.add_table("t1", variant_ref="russian", seats=list(first), stakes=[1, 1, 1])
    (folder / "house.yaml").write_text(HOUSE, encoding="utf-8")
    event.add_table("t3", variant_ref=str(folder / "house.yaml"), seats=list(house_seats), stakes=[1, 1])
    event.add_table("t4", variant_ref="classic-pc", seats=list(pc), stakes=[1, 1])
    return event


def seats_of(lang: str, table: str) -> tuple[str, ...]:
    return SEATS[lang][{"t1": 0, "t3": 1, "t4": 2}[table]]


def filled(form: dict[str, Any], names: tuple[str, ...]) -> dict[str, str]:
    return {k: names[v] if k == "player" else str(v) for k, v in form.items()}


def refusals(page: str) -> list[tuple[str, str]]:
    """Each refusal on the page with the field it stands beside (the last field before it)."""
    found = []
    for match in re.finditer(r'<p class="refusal"[^>]*>([^<]*)</p>', page):
        fields = re.findall(r'name="(\w+)"', page[:match.start()])
        found.append((fields[-1], html.unescape(match.group(1))))
    return found


def hands(event: Event, table: str) -> list[dict[str, Any]]:
    with Ledger.open(event.ledger_path(table)) as led:
        return led.hands()


LATIN = re.compile(r"[A-Za-z]")


def latin_words(text: str, allowed: tuple[str, ...] = ()) -> list[str]:
    """The words of ``text`` with a Latin letter in them that are neither a card nor one of ``allowed``."""
    left = []
    for word in re.findall(r"[^\s«»(),;:—]+", text):
        if LATIN.search(word) and word.strip("'.") not in allowed:
            try:
                parse_card(word)
            except CardError:
                left.append(word)
    return left


@pytest.fixture(scope="module", params=["ru", "en"])
def night(request: Any, tmp_path_factory: Any) -> tuple[str, Event, Any]:
    lang = request.param
    event = make(tmp_path_factory.mktemp(f"night-{lang}"), lang)
    return lang, event, app_for(event.folder)


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_a_refusal_reads_in_the_events_language_beside_its_field(night: Any, case: Any) -> None:
    lang, event, app = night
    _, table, form, field, russian, english = case
    phone = Phone(app).at_table(table)
    sent = {**phone.hand_form(table), **filled(form, seats_of(lang, table))}
    checked = phone.post(f"/t/{table}/check", sent)
    assert checked.status_code == 422
    assert refusals(checked.text) == [(field, russian if lang == "ru" else english)]
    recorded = phone.post(f"/t/{table}/record", sent)
    assert recorded.status_code == 422 and refusals(recorded.text) == [(field, russian if lang == "ru" else english)]
    assert hands(event, table) == []  # nothing recorded
    for key, value in sent.items():  # the form comes back as it was sent
        if key.startswith(("count_", "cards_")):
            assert f'name="{key}" maxlength="120" value="{html.escape(value)}"' in recorded.text or \
                   f'name="{key}" value="{html.escape(value)}"' in recorded.text


def test_cards_are_said_in_the_pages_notation(night: Any) -> None:
    lang, _, app = night
    phone = Phone(app).at_table("t1")
    typed = {"how": "out", "player": "0", "count_1": "3", "cards_0": "QH"}  # went out, yet holds a queen of hearts
    page = phone.post("/t/t1/check", {**phone.hand_form("t1"), **filled({**typed, "player": 0}, seats_of(lang, "t1"))})
    name = seats_of(lang, "t1")[0]
    said = {"ru": f"у игрока {name} ещё есть карты: Дч", "en": f"{name} still holds QH"}[lang]
    assert page.status_code == 422 and refusals(page.text) == [("player", said)]


#: the typed words of :func:`_random_form` that are no card (said back as typed)
TYPED = ("x", "Tт", "Zq", "11S", "Аs")


def _random_form(rng: random.Random, names: tuple[str, ...]) -> dict[str, str]:
    """A form much as a hurried table fills it in: mostly an ending and its player, counts or cards for most."""
    how = rng.choice(["knock", "out", "stock_out", "deal"] * 6 + ["", "fold"])
    form = {"how": how, "player": rng.choice(names) if rng.random() < 0.9 else ""}
    for i in range(len(names)):
        pick = rng.random()
        if pick < 0.45 and how != "deal":
            form[f"count_{i}"] = rng.choice(["0", "3", "15", "61", "99", "5000", TYPED[0], "-1", "٣"])
        elif pick < 0.9:
            cards = rng.sample(DECK[:24], rng.choice([0, 1, 4, 5, 5, 5, 6, 7]))
            tokens = [c.format(rng.choice(["english", "russian", "unicode"])) for c in cards]
            if rng.random() < 0.1:
                tokens.append(rng.choice(TYPED[1:]))
            form[f"cards_{i}"] = " ".join(tokens)
        if rng.random() < 0.05:
            form[f"tonk_{i}"] = "1"
    for flag in ("no_discard", "new_spread"):
        if rng.random() < 0.05:
            form[flag] = "1"
    return form


@pytest.mark.property  # random forms, a third of them in the default run (tests/budgets.py)
def test_no_refusal_a_russian_page_shows_is_left_in_english(tmp_path: Path) -> None:
    """Forms drawn at random (seeded) at every table of a Russian event: each refusal is worded from its code
    in Russian, with no English word left (names and cards aside), never the words of an uncoded refusal."""
    event = make(tmp_path, "ru")
    app = app_for(event.folder, writes=(1000.0, 1000.0))  # one phone sends far more forms than a table would
    rng = random.Random(20261202)
    codes_seen = 0
    forms = examples(80)  # per table
    for table in ("t1", "t3", "t4"):
        phone = Phone(app).at_table(table)
        names = seats_of("ru", table)
        base = phone.hand_form(table)
        for _ in range(forms):
            page = phone.post(f"/t/{table}/check", {**base, **_random_form(rng, names)})
            assert page.status_code in (200, 422), page.text[:300]
            for _, text in refusals(page.text):
                codes_seen += 1
                assert text != UNCODED["ru"]
                assert latin_words(text, TYPED) == [], text  # what was typed is said back as typed
    assert codes_seen > forms * 150 // 80  # most random forms are refused (at the full 240 forms: over 150)
    assert all(hands(event, t) == [] for t in ("t1", "t3", "t4"))  # /check records nothing


def _codes_in_source() -> set[str]:
    """Every refusal code the package raises: the literal codes of each ``.coded(...)``, and the knock codes."""
    codes = set(KNOCK_CODES.values()) | {"knock_refused", "no_deal_tonk"}
    for path in sources.modules():
        for node in ast.walk(sources.tree(path)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "coded":
                first = node.args[0] if node.args else None
                for part in (first.body, first.orelse) if isinstance(first, ast.IfExp) else (first,):
                    if isinstance(part, ast.Constant) and isinstance(part.value, str):
                        codes.add(part.value)
    return codes


def test_every_code_has_words_in_both_languages() -> None:
    raised = _codes_in_source()
    assert len(raised) > 40
    assert raised - set(WORDS) == set(), "a refusal code without words: add it to tonk_rules/web/refusal_words.py"
    assert {code for code, words in WORDS.items() if set(words) != {"en", "ru"}} == set()
    knock = {getattr(core, n) for n in dir(core) if n.startswith("KNOCK_") and n != "KNOCK_OK"}
    assert knock == set(KNOCK_CODES), "a knock refusal of core without a code in rule_objects.KNOCK_REFUSAL_CODES"


#: values for every placeholder of the words, in Russian (a name, a card, a number), to say each code with
SAMPLE = {"name": "Гоблин", "other": "Элмо", "player": "Костоправ", "names": ("Гоблин", "Элмо"),
          "seated": ("Гоблин", "Элмо", "Костоправ"), "card": parse_card("QH"), "cards": (parse_card("QH"),),
          "count": 7, "most": 60, "held": 4, "size": 5, "least": 2, "n": 11, "max_count": 5, "min_turns": 1,
          "turns_taken": 0, "locked_turns": 2, "cards_most": 6, "token": "Ьы", "text": "много", "option": "Гоблин",
          "stake": "ноль", "leaders": ("Гоблин",), "target": 100, "table": "стол1", "number": 3, "hands": 2,
          "readings": (("Latin", parse_card("10C")), ("Cyrillic", parse_card("AC"))),
          "line": 2, "key": "ключ", "guess": "ключи", "pid": 4242, "where": "127.0.0.1:8000"}


@pytest.mark.parametrize("code", sorted(WORDS))
def test_the_russian_words_leave_no_english_word(code: str) -> None:
    template = re.sub(r"\{[^}]*\}", " ", WORDS[code]["ru"])
    assert latin_words(template) == [], f"{code}: English left in {WORDS[code]['ru']!r}"
    said = say(Refusal(code, params=SAMPLE), "ru")
    assert "{" not in said and latin_words(said) == [], said
    assert say(Refusal(code, params=SAMPLE), "en")  # the English says it too, every placeholder filled


def test_the_check_of_english_words_can_fail() -> None:
    assert latin_words("ставка — целое число, not «ноль»") == ["not"]
    assert latin_words("карты: 10S QH Дч, игрок Ann", allowed=("Ann",)) == []


def test_a_hand_after_the_game_is_over_is_refused_in_russian(tmp_path: Path) -> None:
    event = Event.create(tmp_path / "night", title="Вечер", language="ru", currency="кр")
    (tmp_path / "points.yaml").write_text("extends: russian\nscoring:\n  mode: points\n  target: 1\n", encoding="utf-8")
    event.add_table("t1", variant_ref=str(tmp_path / "points.yaml"), seats=["Гоблин", "Элмо"], stakes=[1, 1])
    phone = Phone(app_for(event.folder)).at_table("t1")
    won = {"how": "knock", "player": "Гоблин", "count_0": "3", "count_1": "19"}
    assert phone.post("/t/t1/record", {**phone.hand_form("t1"), **won}).status_code == 303
    over = phone.post("/t/t1/record", {**phone.hand_form("t1"), **won})
    assert over.status_code == 400
    assert "игра окончена: у игрока Гоблин не меньше 1 очка; для новой игры начните новую сессию" in over.text
    assert len(hands(event, "t1")) == 1
    table = phone.get("/t/t1").text  # and the table's page says the game is over, in Russian
    assert "Игра окончена: у игрока Гоблин не меньше 1 очка" in table and "reached the points target" not in table


@pytest.mark.parametrize(("lang", "said"), [("ru", "в этом событии нет стола «nope»"),
                                            ("en", "the event has no table &#39;nope&#39;")])
def test_a_table_that_is_not_there_is_said_in_the_events_language(tmp_path: Path, lang: str, said: str) -> None:
    event = make(tmp_path, lang)
    phone = Phone(app_for(event.folder))
    for url in ("/t/nope", "/t/T1"):  # no such table; a name no table can have
        page = phone.get(url)
        assert page.status_code == 404
        assert said.replace("nope", url.rsplit("/", 1)[1]) in page.text
        if lang == "ru":
            assert "the event has no table" not in page.text


def test_each_refusal_is_worded_in_one_table() -> None:
    """The engine, the table tools and the pages word a knock's or a hit's refusal from one table: no other
    module of the package writes a refusal's rule and name again (three hand-kept copies before)."""
    written = {f'("{path}", "{name}")': [] for path, name in [*KNOCK_REFUSALS.values(), *HIT_REFUSALS.values()]}
    for path in sources.modules():
        for pair, where in written.items():
            if pair in sources.text(path):
                where.append(path.relative_to(sources.PACKAGE).as_posix())
    assert {pair: where for pair, where in written.items() if where != ["words/refusal_table.py"]} == {}
    assert set(KNOCK_CODES.values()) == set(KNOCK_REFUSALS), "every knock refusal the engine names is worded"
    assert set(KNOCK_REFUSALS) <= set(WORDS), "the pages word every knock refusal the engine does"
    assert set(HIT_REFUSAL_CODES.values()) == set(HIT_REFUSALS)
