"""Every word of a served event in the event's language (issue 38, item 3): the app is crawled as the game master,
a table's helper and a reader would walk it — every link followed, every form sent with each of its buttons as
it stands (a refusal) and the scripted actions done (a hand, an undo, a correction, a move, a rules change, a
pasted house file with a typo) — and no page of a Russian event holds an English word (a word with a Latin
letter) but the names given to it: players, table ids, the currency, card codes, the variant keys and files
named. The same crawl of an English event finds no Cyrillic but the names. A route of the app that the crawl
never reaches fails the test, naming it: a new page is covered by being linked, or listed in ``NOT_CRAWLED``."""

from __future__ import annotations

import html
import re
import time
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, get_args

import pytest
from webkit import Phone, app_for

from tonk_rules.cards import parse_card
from tonk_rules.errors import CardError
from tonk_rules.event.economy import FORMAT as ECONOMY_FORMAT
from tonk_rules.event.economy import Bank, EconomyFile
from tonk_rules.event.event_folder import Event
from tonk_rules.variant.loader import builtin_names
from tonk_rules.variant.model import Variant

#: Routes no event page links to: the static files hold no words, and a played hand's record is a ``tonk-hand/1``
#: file (its keys are the format's, in any language; tests/test_web_play.py replays it). The house-rule designer
#: (``/rules``), a tool of its own that no event page links to, is crawled from its own address.
NOT_CRAWLED = ("/static/{name}", "/play-static/{name}", "/p/{table}/s/{token}/hand-{number}.yaml")

SEATS = {"ru": ("Костоправ", "Гоблин", "Элмо", "Душечка", "Лейтенант", "Ворон", "Молчун", "Шёпот"),
         "en": ("Ann", "Bob", "Cy", "Dee", "Eve", "Kim", "Lu", "Max")}
CURRENCY = {"ru": "крона", "en": "crowns"}
HOUSE = {"ru": "extends: russian\ntitle: Казарма\ntitle_ru: Казарма\nknocking:\n  max_count: 7\n",
         "en": "extends: russian\ntitle: Barracks\nknocking:\n  max_count: 7\n"}
#: a pasted house file with a typo: refused in the event's language, located, with "did you mean"
TYPO = "extends: russian\nknockin:\n  max_count: 7\n"
#: The crawl's server takes every request it sends: it checks words, and the rate limits (tested in
#: tests/test_web_stall.py) would otherwise refuse its later buttons by how fast the machine runs the crawl.
UNLIMITED = {"reads": (1e6, 1e6), "writes": (1e6, 1e6)}
LATIN = re.compile(r"[A-Za-z]")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


class _Words(HTMLParser):
    """A page's words as a person meets them: its text, its title, and the words of its attributes that show."""

    SHOWN = ("placeholder", "title", "aria-label", "alt", "data-said")

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skip = 0
        self.links: list[str] = []
        self.forms: list[dict[str, Any]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag in ("script", "style"):
            self.skip += 1
        self.parts += [a[k] for k in self.SHOWN if k in a]
        if tag == "a" and a.get("href", "").startswith("/"):
            self.links.append(a["href"])
        if a.get("data-src", "").startswith("/"):  # what a page fetches to update itself
            self.links.append(a["data-src"])
        elif tag == "form":
            self.forms.append({"action": a.get("action", ""), "fields": {}, "buttons": []})
        elif self.forms and tag in ("input", "textarea", "select", "button"):
            form = self.forms[-1]
            kind = a.get("type", "")
            if tag == "button" or kind == "submit":
                form["buttons"].append((a.get("name"), a.get("value", ""), a.get("formaction")))
            elif tag == "select":
                form["select"] = a.get("name")
            elif kind not in ("checkbox", "radio") and a.get("name"):
                form["fields"][a["name"]] = a.get("value", "")
        elif tag == "option" and self.forms and self.forms[-1].get("select"):
            form = self.forms[-1]
            form["fields"].setdefault(form.pop("select"), a.get("value", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.parts.append(data)


def _foreign(text: str, lang: str, allowed: set[str]) -> list[str]:
    """The words of ``text`` in the other language's letters that are neither a name, a URL nor a card."""
    letters = LATIN if lang == "ru" else CYRILLIC
    left = []
    text = re.sub(r"https?://\S+", " ", text)  # the links the console shows, to copy or scan
    for word in re.findall(r"[^\s«»(),;:—·|/\"'“”]+", text):
        word = word.strip(".!?…№#*★→{}[]")
        # a file's name (a house file's, as the event keeps it) is a name, as the variant's key is
        if not letters.search(word) or word in allowed or re.fullmatch(r"[\w.-]+\.yaml", word):
            continue
        try:
            parse_card(word)
        except CardError:
            left.append(word)
    return left


def _event(folder: Path, lang: str) -> tuple[Event, Phone]:
    s = SEATS[lang]
    event = Event.create(folder / "night", title="Вечер" if lang == "ru" else "Night", language=lang,
                         currency=CURRENCY[lang])
    event.add_table("t1", variant_ref="russian", seats=list(s[:3]), stakes=[1, 1, 1])
    event.add_table("t2", variant_ref="russian-2001", seats=list(s[3:5]), stakes=[1, 2])
    event.add_table("t4", variant_ref="classic-pc", seats=list(s[5:7]), stakes=[1, 1])
    gm = Phone(app_for(event.folder, **UNLIMITED)).as_gm()
    made = gm.post("/gm/tables", {"name": "t3", "players": f"{s[7]},{s[2]}x", "house": HOUSE[lang]})
    assert made.status_code == 200, made.text
    return event, gm


def _allowed(lang: str, event: Event) -> set[str]:
    event = Event.open(event.folder)
    names = set(SEATS[lang]) | {f"{SEATS[lang][2]}x", CURRENCY[lang], event.title, "t9"}
    names |= {f"{SEATS[lang][0]}z", f"{SEATS[lang][1]}z"}
    # the variant keys the game master typed in a house file, and the keys a "did you mean" offers
    keys = set(re.findall(r"^\s*(\w+):", TYPO + HOUSE[lang], re.M)) | set(Variant.model_fields)
    # the economy form's example: its keys, its choices (at_limit's) and its format's name, as the file is typed
    keys |= set(EconomyFile.model_fields) | set(Bank.model_fields) | {ECONOMY_FORMAT.split("/")[0]}
    keys |= set(get_args(EconomyFile.model_fields["at_limit"].annotation)) | {"none"}  # debt_limit: none
    # a played hand's end names the command that replays its record and the record's format: typed as they are
    commands = {"tonk", "replay", "tonk-hand"}
    # a play page's link to the other language names that language in its own words
    names |= {"English", "Русский"}
    return names | set(event.table_names()) | set(builtin_names()) | keys | commands | _designer_codes()


def _designer_codes() -> set[str]:
    """What the house-rule designer shows as a file types it: each rule's key (``deal_check.at_most``) and its
    parts, the values a choice offers (``high_card_cut``, ``true``, ``null``), a payment's keys and values, the
    sources' ids, the file's keys, the command whose messages it shows and the bot its play check seats."""
    from tonk_rules.sim.panel import DEFAULT_PLAYER
    from tonk_rules.variant.provenance import value_paths
    from tonk_rules.variant.schema import variant_file_schema
    from tonk_rules.variant.sources import registry

    paths = set(value_paths())
    codes = paths | {part for path in paths for part in path.split(".")} | set(registry())
    codes |= set(re.findall(r"'([a-z_]+)'", str(variant_file_schema())))  # every key and choice the schema names
    return codes | {"true", "false", "null", "Joker", "Jk", "A", "J", "Q", "K", "A-2-3", "Q-K-A", "K-A-2", "check",
                    "house", "yaml", "lang=en", "lang=ru", "en", "ru", DEFAULT_PLAYER}  # (the play check's players)


def _script(event: Event, gm: Phone, lang: str) -> list[tuple[str, Any]]:
    """The actions of an evening, each page they answer with kept: a hand checked and saved, an undo asked and
    done, corrections, a move, a rules change previewed and confirmed, a pasted house file with a typo."""
    s = SEATS[lang]
    table = Phone(gm.app).at_table("t1")
    seen: list[tuple[str, Any]] = []

    def keep(url: str, response: Any) -> Any:
        seen.append((url, response))
        return response

    knock = {"how": "knock", "player": s[0], "count_0": "3", "count_1": "19", "count_2": "4"}
    out = {"how": "out", "player": s[1], "count_0": "13", "count_1": "0", "count_2": "24", "no_discard": "1"}
    for hand in (knock, out, knock):
        form = {**table.hand_form("t1"), **hand}
        keep("/t/t1/check", table.post("/t/t1/check", form))
        assert keep("/t/t1/record", table.post("/t/t1/record", form)).status_code == 303
    keep("/t/t1 (recorded)", table.get("/t/t1"))
    asked = keep("/t/t1/undo", table.post("/t/t1/undo", {}))
    event_id = re.search(r'name="event" value="(\d+)"', asked.text)
    assert event_id, asked.text
    keep("/t/t1/undo (done)", table.post("/t/t1/undo", {"event": event_id.group(1)}))
    mistake, typo = ("ошибка", "опечатка") if lang == "ru" else ("mistake", "typo")
    keep("/gm/t/t1/correct", gm.post("/gm/t/t1/correct", {"number": "1", "action": "void", "reason": mistake}))
    keep("/gm/t/t1/amend", gm.post("/gm/t/t1/amend", {"number": "2", "reason": typo}))
    keep("/gm/t/t1/amend (sent)", gm.post("/gm/t/t1/amend?confirm=1", {"number": "2", "reason": typo,
                                                                      **{**out, "count_2": "20"}}))
    keep("/gm/t/t1/seat", gm.post("/gm/t/t1/seat", {"name": s[2], "action": "move", "target": "t2", "stake": "1"}))
    keep("/gm/t/t2/undo", gm.post("/gm/t/t2/undo", {}))
    keep("/gm/t/t2/rules (stakes differ)", gm.post("/gm/t/t2/rules", {"variant": "russian"}))
    preview = keep("/gm/t/t4/rules", gm.post("/gm/t/t4/rules", {"variant": "russian"}))
    digests = {k: re.search(rf'name="{k}" value="([0-9a-f]+)"', preview.text) for k in ("now", "then")}
    assert all(digests.values()), preview.text
    keep("/gm/t/t4/rules (done)", gm.post("/gm/t/t4/rules?confirm=1", {
        "variant": "russian", **{k: m.group(1) for k, m in digests.items() if m}}))
    keep("/gm/tables (typo)", gm.post("/gm/tables", {"name": "t9", "players": f"{s[0]}y,{s[1]}y", "house": TYPO}))
    keep("/gm/t/t3/rules (typo)", gm.post("/gm/t/t3/rules", {"house": TYPO}))
    # the evening's money: an economy set, money handed out, an amount and a file refused
    economy = "format: tonk-economy/1\npurse: 30\nbank: {cut_percent: 10}\ndebt_limit: 0\nat_limit: iou\n"
    keep("/gm/economy", gm.post("/gm/economy", {"economy": economy}))
    keep("/gm/money", gm.post("/gm/money", {"action": "issue", "name": s[0], "amount": "5"}))
    keep("/gm/money (no amount)", gm.post("/gm/money", {"action": "issue", "name": s[0], "amount": "x"}))
    keep("/gm/economy (mistake)", gm.post("/gm/economy", {"economy": "format: tonk-economy/1\npurse: -3\n"}))
    keep("/gm/economy (not keys)", gm.post("/gm/economy", {"economy": "- 30\n"}))
    # a table whose ledger is damaged: said for that table, in the event's language, on every page
    event.add_table("t5", variant_ref="russian", seats=[f"{s[0]}z", f"{s[1]}z"], stakes=[1, 1])
    ledger = event.ledger_path("t5")
    ledger.write_bytes(ledger.read_bytes()[:3000])
    reader = Phone(gm.app)
    for url in ("/nowhere", "/t/t9", "/gm", "/gm/t/t1/export.csv", "/t/t5", "/t/t5/sheet"):
        keep(f"{url} (reader)", reader.get(url))
    keep("/t/t1/record (no token)", reader.post("/t/t1/record", {}, csrf=False))
    keep("/t/t1/record (reader)", reader.post("/t/t1/record", {"how": "knock"}))
    # the house-rule designer: a valid change checked and played (its play check followed to its findings), a
    # value refused beside its field, and an unknown parent
    from tests.test_web_design_form import form_of

    shown = form_of(gm.get("/rules/russian").text)
    keep("/rules/russian (check)", gm.post("/rules/russian", {**shown, "knocking.max_count": "7", "action": "check"}))
    keep("/rules/russian (refused)", gm.post("/rules/russian", {**shown, "deal.hand_size": "x", "action": "check"}))
    played = keep("/rules/russian (play)", gm.post("/rules/russian", {**shown, "deal_check.at_most": "20",
                                                                       "action": "play"}))
    live = re.search(r'data-src="(/rules/play/[^"]+)"', played.text)
    assert live, played.text
    for _ in range(600):  # its findings, once played (a few hundred hands in a thread of the server)
        if "<progress" not in keep(live.group(1), gm.get(live.group(1))).text:
            break
        time.sleep(0.1)
    assert "<progress" not in gm.get(live.group(1)).text, "the play check did not finish"
    keep("/rules/play/gone", gm.get("/rules/play/gone"))
    keep("/rules/nope", gm.get("/rules/nope"))
    return seen


def _crawl(phones: list[Phone], seen: list[tuple[str, Any]], limit: int = 400) -> list[tuple[str, Any]]:
    """Every page reachable from ``/`` and ``/gm`` by each phone: links followed, each form sent once per button
    as it stands."""
    pages: list[tuple[str, Any]] = []
    done: set[tuple[int, str, str]] = set()
    queue: list[tuple[int, str, str, dict[str, str]]] = [(i, "GET", u, {}) for i, _ in enumerate(phones)
                                                         for u in ("/", "/gm", "/t/t1", "/t/t3", "/standings.json",
                                                                   "/rules")]
    queue += [(0, "PAGE", url, {"response": r}) for url, r in seen]
    while queue and len(done) < limit:
        who, method, url, data = queue.pop(0)
        key = (who, method, url + "|" + ",".join(sorted(data)))
        if key in done:
            continue
        done.add(key)
        phone = phones[who]
        response = (data["response"] if method == "PAGE" else phone.get(url) if method == "GET"
                    else phone.post(url, data))
        pages.append((f"{method} {url}", response))
        if response.status_code in (301, 302, 303):
            queue.append((who, "GET", response.headers["location"], {}))
            continue
        if "html" not in response.headers.get("content-type", ""):
            continue
        parsed = _Words()
        parsed.feed(response.text)
        queue += [(who, "GET", link.split("#")[0], {}) for link in parsed.links if not link.startswith("/static")]
        for form in parsed.forms:
            for name, value, formaction in form["buttons"] or [(None, "", None)]:
                sent = {**form["fields"], **({name: value} if name else {})}
                queue.append((who, "POST", formaction or form["action"], sent))
    return pages


def _route_of(url: str, routes: list[str]) -> str | None:
    path = url.split(" ", 1)[1].split("?")[0]
    for route in routes:
        if re.fullmatch(re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(route)), path):
            return route
    return None


@pytest.fixture(scope="module", params=["ru", "en"])
def crawled(request: Any, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Event, list[tuple[str, Any]]]:
    lang = request.param
    from tonk_rules.web import design_play

    design_play.PLAY_HANDS = 40  # the designer's play check: its words, not its figures (a module fixture: no undo)
    event, gm = _event(tmp_path_factory.mktemp(f"words-{lang}"), lang)
    # a table opened for play, by a server of its own (its own rate limits: by the crawl's turn the writes' limit
    # refuses the button, 429, and the seats' pages were never reached); the seat's links are absolute (sent to
    # phones), which the crawl does not follow: its pages are fetched here
    player = Phone(app_for(event.folder, **UNLIMITED)).as_gm()
    opened = player.post("/gm/play/t2", {})
    listed = player.get(opened.headers["location"]) if opened.status_code == 303 else opened
    seat = re.search(r"/p/t2/s/[A-Za-z0-9_-]+", listed.text)
    assert seat, listed.text
    seat_pages = [(url, player.get(url)) for url in (seat.group(0), f"{seat.group(0)}/live", f"{seat.group(0)}/move",
                                                 f"{seat.group(0)}/next", f"{seat.group(0)}/hand-1.yaml",
                                                 "/play-static/play.js")]
    seen = _script(event, gm, lang)
    helper = Phone(gm.app).at_table("t3")
    # checked as pages, not crawled on: their buttons, sent to the crawl's server, would spend its writes' limit
    played = [(f"GET {url}", response) for url, response in [("/gm/play", listed), *seat_pages]]
    return lang, event, [*played, *_crawl([gm, helper, Phone(gm.app)], seen)]


def test_every_page_is_in_the_events_language(crawled: tuple[str, Event, list[tuple[str, Any]]]) -> None:
    lang, event, pages = crawled
    allowed = _allowed(lang, event)
    found = {}
    for url, response in pages:
        if "html" not in response.headers.get("content-type", ""):
            continue
        parsed = _Words()
        parsed.feed(response.text)
        text = html.unescape(" ".join(parsed.parts))
        if url.split(" ")[1].startswith("/rules") and lang == "en":
            # the designer quotes each value's source in its own words, as `tonk show --provenance` does; on a
            # Russian page it quotes only a Russian source (an English quotation would be English words)
            while re.search(r"«[^«»]*»", text):
                text = re.sub(r"«[^«»]*»", " ", text)
        words = _foreign(text, lang, allowed)
        if words:
            found[url] = sorted(set(words))
    assert found == {}, "\n".join(f"{url}: {words}" for url, words in found.items())


def test_the_crawl_reaches_every_route_and_the_refusals(crawled: tuple[str, Event, list[tuple[str, Any]]]) -> None:
    lang, _, pages = crawled
    from tonk_rules.web.app import create_app  # the routes as the app serves them

    app = create_app(crawled[1].folder)
    routes = [route.path for route in app.app.routes]  # the guard wraps the Starlette app
    reached = {_route_of(url, routes) for url, _ in pages}
    assert set(routes) - reached - set(NOT_CRAWLED) == set()
    statuses = {response.status_code for _, response in pages}
    # pages, refusals, conflicts, forbidden, a table that cannot be read
    assert {200, 403, 404, 409, 422, 503}.issubset(statuses), str(sorted(statuses))
    refused = [r.text for url, r in pages if "typo" in url]
    did_you_mean = "может быть, имелось в виду" if lang == "ru" else "did you mean"
    assert refused and all(did_you_mean in html.unescape(text) and "knockin" in text and "2" in text
                           for text in refused), refused
