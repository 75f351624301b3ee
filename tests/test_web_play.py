"""``tonk play --web`` (issue 42): a seat's page, its moves as buttons, the Ruleset's refusals in the page's
language, a double tap moving once, a stale page refused, bots after a visible pause, an idle seat played by
the default player, the end of a hand with its record (replayable), and no hidden card in any response: a
seat's every response is byte-identical when the other seats' hidden cards and the stock are permuted."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from starlette.testclient import TestClient

from tonk_rules.engine.hand import Hand
from tonk_rules.records import load_record
from tonk_rules.records import replay as replay_record
from tonk_rules.table.play_table import PlayTable
from tonk_rules.table.table_bots import SeatSpec
from tonk_rules.table.table_setup import ruleset_for
from tonk_rules.variant.loader import load_variant
from tonk_rules.web.play_host import PlayHost
from tonk_rules.web.play_refusals import knows, say_refusal
from tonk_rules.web.play_routes import create_play_app

KEY = re.compile(r'name="key" value="([^"]+)"')
BUTTON = re.compile(r'<button type="submit" name="move" value="([^"]+)" class="([^"]+)"')
REFUSAL = re.compile(r'<p class="refusal" role="alert">([^<]*)</p>')
CYRILLIC_OR_NAME = re.compile(r"[A-Za-z]{2,}")


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def make_host(variant: str, seats: list[SeatSpec], *, seed: int = 1, lang: str = "en", idle_s: float | None = None,
              clock: Clock | None = None, hand: Hand | None = None) -> tuple[PlayHost, Any]:
    table = PlayTable(ruleset_for(variant), seats, seed=seed)
    table.deal()
    if hand is not None:
        table.hand = hand
    host = PlayHost(table, variant, load_variant(variant).digest, idle_s=idle_s, clock=clock or Clock())
    host.tokens = [f"seat-secret-{i}" for i in range(len(seats))]  # the same links in every run of a test
    return host, create_play_app({"t": host}, lang=lang, variant=variant)


def url(seat: int, tail: str = "", table: str = "t") -> str:
    return f"/p/{table}/s/seat-secret-{seat}{tail}"


def client(app: Any) -> TestClient:
    return TestClient(app, base_url="http://127.0.0.1:8000", follow_redirects=False)


def buttons(page: str) -> list[tuple[str, bool]]:
    return [(move, " no" not in kind) for move, kind in BUTTON.findall(page)]


def test_a_seat_page_shows_its_hand_the_table_and_its_moves_and_no_other_hand() -> None:
    host, app = make_host("pagat", [SeatSpec("Ann", None), SeatSpec("Bob", None)], seed=3)
    hand = host.table.hand
    assert hand is not None
    with client(app) as c:
        for seat in (0, 1):
            page = c.get(url(seat)).text
            mine = {card.format("unicode") for card in hand.hands[seat]}
            theirs = {card.format("unicode") for card in hand.hands[1 - seat]} - mine
            shown = set(re.findall(r'<span class="card(?: red)?">([^<]+)</span>', page))
            assert mine <= shown and not theirs & shown
            assert ("Your turn" in page) == (hand.current == seat)
            assert ("Your moves" in page) == (hand.current == seat)
        assert c.get(url(7)).status_code == 404 and c.get("/p/t/s/seat-secret-0x").status_code == 404
        assert "There is no such seat" in c.get("/p/other/s/seat-secret-0").text


def test_a_bots_seat_has_no_page() -> None:
    host, app = make_host("pagat", [SeatSpec("Ann", None), SeatSpec("Bob", "random")])
    with client(app) as c:
        assert c.get(url(1)).status_code == 404


@pytest.mark.parametrize(("lang", "said"), [("en", "Not allowed: "), ("ru", "Нельзя: ")])
def test_a_refused_move_says_the_rulesets_reason_in_the_pages_language(lang: str, said: str) -> None:
    # pagat: the first player must draw from the stock on the first turn? Knock after drawing is refused anyway
    host, app = make_host("pagat", [SeatSpec("Ann", None), SeatSpec("Bob", None)], seed=5, lang=lang)
    hand = host.table.hand
    assert hand is not None
    seat = hand.current
    with client(app) as c:
        page = c.get(url(seat)).text
        allowed = [move for move, ok in buttons(page) if ok]
        assert "knock" in [m for m, _ in buttons(page)] and "draw stock" in allowed
        c.post(url(seat, "/move"), data={"key": KEY.search(page).group(1), "move": "draw stock"})  # type: ignore[union-attr]
        page = c.get(url(seat)).text
        answer = c.post(url(seat, "/move"), data={"key": KEY.search(page).group(1), "move": "knock"})  # type: ignore[union-attr]
        assert answer.status_code == 409
        why = hand.why_illegal(__import__("tonk_rules.engine.actions", fromlist=["Knock"]).Knock())
        assert why is not None
        text = REFUSAL.search(answer.text).group(1)  # type: ignore[union-attr]
        assert text.startswith(said) and say_refusal(why, lang) in text.replace("&#39;", "'")
        if lang == "ru":
            assert not CYRILLIC_OR_NAME.search(text), text  # no English word in a Russian refusal
        assert len(hand.history) == 1  # nothing changed


def test_a_double_tap_moves_once_and_a_stale_page_is_refused() -> None:
    host, app = make_host("pagat", [SeatSpec("Ann", None), SeatSpec("Bob", None)], seed=8)
    hand = host.table.hand
    assert hand is not None
    seat = hand.current
    with client(app) as c:
        key = KEY.search(c.get(url(seat)).text).group(1)  # type: ignore[union-attr]
        first = c.post(url(seat, "/move"), data={"key": key, "move": "draw stock"})
        again = c.post(url(seat, "/move"), data={"key": key, "move": "draw stock"})
        assert first.status_code == again.status_code == 303 and len(hand.history) == 1
        stale = c.post(url(seat, "/move"), data={"key": key, "move": f"discard {hand.hands[seat][0]}"})
        assert stale.status_code == 409 and "moved on" in stale.text and len(hand.history) == 1


def test_a_draw_naming_a_card_never_says_the_top_of_the_stock() -> None:
    host, app = make_host("pagat", [SeatSpec("Ann", None), SeatSpec("Bob", None)], seed=8)
    hand = host.table.hand
    assert hand is not None
    seat, top = hand.current, hand.stock[-1]
    guess = next(c for c in hand.ruleset.deal.deck if c != top and c not in hand.hands[seat])
    with client(app) as c:
        key = KEY.search(c.get(url(seat)).text).group(1)  # type: ignore[union-attr]
        answer = c.post(url(seat, "/move"), data={"key": key, "move": f"draw stock {guess}"})
    assert answer.status_code == 303  # drawn as a plain draw from the stock: no word about the card
    assert len(hand.history) == 1 and hand.hands[seat][-1] == top


def test_the_live_part_answers_only_when_the_table_changed() -> None:
    host, app = make_host("pagat", [SeatSpec("Ann", None), SeatSpec("Bob", None)], seed=8)
    with client(app) as c:
        first = c.get(url(0, "/live"))
        version = first.headers["x-version"]
        assert c.get(url(0, f"/live?v={version}")).status_code == 204
        seat = host.table.whose_turn()
        c.post(url(seat, "/move"), data={"key": host.key(), "move": "draw stock"})  # type: ignore[arg-type]
        changed = c.get(url(0, f"/live?v={version}"))
        assert changed.status_code == 200 and changed.headers["x-version"] != version


def test_a_bot_moves_after_its_pause_and_an_idle_seat_is_played_with_a_note() -> None:
    clock = Clock()
    host, app = make_host("pagat", [SeatSpec("Ann", None), SeatSpec("Bob", "random")], seed=2, idle_s=30,
                          clock=clock)
    table = host.table
    hand = table.hand
    assert hand is not None
    steps = 0
    while not hand.over and steps < 200:
        steps += 1
        seat = table.whose_turn()
        assert not host.tick()  # nothing is due at once: a bot's turn shows first, a person has time
        clock.now += 0.5
        assert not host.tick()  # nor half a pause later
        clock.now += 30 if seat == 0 else 0.5
        assert host.tick()
    assert hand.over
    with client(app) as c:
        page = c.get(url(0)).text
    assert "Ann was away too long: the default player played for them." in page


def test_the_end_shows_every_hand_and_the_record_replays(tmp_path: Path) -> None:
    host, app = make_host("russian", [SeatSpec("Ann", None), SeatSpec("Bob", None), SeatSpec("Cy", None)], seed=4,
                          lang="ru")
    table = host.table
    hand = table.hand
    assert hand is not None
    rng = random.Random(1)
    with client(app) as c:
        while not hand.over:
            seat = table.whose_turn()
            assert seat is not None
            page = c.get(url(seat)).text
            move = rng.choice([m for m, ok in buttons(page) if ok])
            assert c.post(url(seat, "/move"), data={"key": KEY.search(page).group(1), "move": move}).status_code == 303  # type: ignore[union-attr]
        page = c.get(url(1)).text
        assert "Раздача окончена" in page
        assert all(card.format("russian") in page for cards in hand.hands for card in cards)
        record = c.get(url(1, "/hand-1.yaml"))
        assert record.status_code == 200 and "attachment" in record.headers["content-disposition"]
        (tmp_path / "hand.yaml").write_text(record.text, encoding="utf-8")
        replayed = replay_record(load_record(tmp_path / "hand.yaml"), echo=None)
        assert replayed.result == hand.result
        assert yaml.safe_load(record.text)["format"] == "tonk-hand/1"
        assert c.get(url(1, "/hand-2.yaml")).status_code == 404
        nxt = c.post(url(1, "/next"), data={"key": KEY.search(page).group(1)})  # type: ignore[union-attr]
        again = c.post(url(2, "/next"), data={"key": KEY.search(page).group(1)})  # type: ignore[union-attr]
        assert nxt.status_code == again.status_code == 303 and table.number == 2
        assert f"{table.scores[0]:+d}" in c.get(url(0)).text


# --- no hidden card reaches a client ---------------------------------------------------------------------------
def permuted(hand: Hand, seat: int, kept_stock: int, rng: random.Random) -> Hand:
    """The same deal but for the other seats' cards and the stock below its top ``kept_stock`` cards,
    shuffled among themselves (what seat ``seat`` cannot see)."""
    rules, n = hand.ruleset, len(hand.players)
    order = rules.deal.deal_order(n, hand.dealer)
    deck = list(hand.deck)
    hidden = [i for i, s in enumerate(order) if s != seat]
    rest = len(order) + (1 if rules.deal.upcard else 0)
    hidden += list(range(rest + kept_stock, len(deck)))
    cards = [deck[i] for i in hidden]
    rng.shuffle(cards)
    for i, card in zip(hidden, cards, strict=True):
        deck[i] = card
    return Hand.deal(rules, hand.players, hand.dealer, deck, hand.stakes, hand.reshuffle_seed)


def seat_zero_responses(hand: Hand, lang: str, draws: int) -> list[bytes]:
    """Every response seat 0 gets while seat 0 plays (the first allowed non-knock button, and a tap on a refused
    one each turn) and the others draw from the stock and throw that card, until ``draws`` cards have left the
    stock."""
    seats = [SeatSpec("Ann", None), SeatSpec("Bob", None), SeatSpec("Cy", None)]
    host, app = make_host("russian", seats, seed=9, lang=lang, hand=hand)
    table = host.table
    got: list[bytes] = []
    with client(app) as c:
        stock = len(hand.stock)
        while not hand.over and len(hand.stock) > stock - draws:
            seat = table.whose_turn()
            if seat != 0:
                drawn_key = host.key()
                host.move(seat, "draw stock", drawn_key)
                host.move(seat, f"discard {hand.hands[seat][-1]}", host.key())
                got.append(c.get(url(0, "/live")).content)
                continue
            page = c.get(url(0))
            got += [page.content, c.get(url(0, "/live")).content]
            offered = buttons(page.text)
            key = KEY.search(page.text).group(1)  # type: ignore[union-attr]
            for move, ok in offered:
                if not ok:
                    got.append(c.post(url(0, "/move"), data={"key": key, "move": move}).content)
                    break
            move = next(m for m, ok in offered if ok and m != "knock")
            got.append(c.post(url(0, "/move"), data={"key": key, "move": move}).content)
    return got


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_seats_every_response_is_the_same_whatever_the_hidden_cards(lang: str) -> None:
    rules = ruleset_for("russian")
    base = Hand.shuffled(rules, ["Ann", "Bob", "Cy"], 2, random.Random(21))
    kept = 20  # the cards anyone draws in this test come from the top of the stock, the same in each deal
    deals = [permuted(base, 0, kept, random.Random(k)) for k in range(4)]
    deals = [d for d in deals if not d.over]
    assert len(deals) >= 2
    assert len({tuple(map(tuple, d.hands[1:])) for d in deals}) == len(deals)  # the hidden cards do differ
    runs = [seat_zero_responses(d, lang, kept - 1) for d in deals]
    assert len(runs[0]) > 10
    assert all(run == runs[0] for run in runs[1:])


def test_a_rules_refusal_is_said_with_its_numbers_in_russian() -> None:
    from tonk_rules.words import refusal

    english = refusal("knocking.min_turns", "too_early", min_turns=2, turns_taken=1)
    assert say_refusal(english, "ru") == "открыться можно только после 2 своих ходов (сделано ходов: 1)"
    assert say_refusal(english, "en") == english


def test_every_rule_refusal_has_its_russian_words_beside_its_english_ones() -> None:
    # kept with the rule's words (words/), not in the web's tables: the same values filled into both
    import string

    from tonk_rules.words import RULE_WORDS

    def names(template: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(template) if name}

    for path, words in RULE_WORDS.items():
        assert set(words.refusals_ru) == set(words.refusals), path
        for name, english in words.refusals.items():
            assert names(words.refusals_ru[name]) == names(english), (path, name)
    assert say_refusal("drawing from the discard pile is not allowed in this variant", "ru") == (
        "брать карту из кучи в этом варианте нельзя")


def test_every_refusal_met_in_play_has_russian_words() -> None:
    from tonk_rules.engine.actions import Discard, Draw, Hit, Knock
    from tonk_rules.terms import Pile

    unknown: set[str] = set()
    for variant in ("pagat", "russian", "classic-pc"):
        rules = ruleset_for(variant)
        n = 2 if variant == "classic-pc" else 3
        for seed in range(6):
            rng = random.Random(seed)
            hand = Hand.shuffled(rules, [f"P{i}" for i in range(n)], 0, rng)
            while not hand.over:
                tries = [Knock(), Draw(Pile.STOCK), Draw(Pile.DISCARD), *(Discard(c) for c in hand.hands[hand.current])]
                tries += [Hit(c, s.number) for c in hand.hands[hand.current] for s in hand.spreads]
                for action in tries:
                    why = hand.why_illegal(action)
                    if why is not None and not knows(why):
                        unknown.add(why)
                hand.apply(rng.choice(hand.legal_actions()))
    assert not unknown


# --- the command ------------------------------------------------------------------------------------------------
def start_web_play(*args: str) -> tuple[Any, dict[str, str]]:
    """``tonk play ... --web`` in a process of its own; its links by name once it serves."""
    import os
    import subprocess
    import sys
    import time

    import httpx
    from tablekit import ROOT

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen([sys.executable, "-m", "tonk_rules", "play", *args], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, env=env)
    links: dict[str, str] = {}
    deadline = time.monotonic() + 90
    assert server.stdout is not None
    while time.monotonic() < deadline:
        line = server.stdout.readline()
        if not line:
            break
        if found := re.match(r"  (\S+): (http://\S+)$", line.rstrip()):
            links[found.group(1)] = found.group(2)
        if line.startswith(("Only this computer", "Открыть её можно только")):
            for _ in range(100):
                try:
                    httpx.get(next(iter(links.values())), timeout=1)
                    return server, links
                except httpx.HTTPError:
                    time.sleep(0.2)
    server.kill()
    raise AssertionError(f"tonk play --web did not start: {server.communicate()[0]}")


def test_tonk_play_web_prints_a_link_per_person_that_opens_that_seat() -> None:
    import httpx
    from webkit import free_port

    server, links = start_web_play("pagat", "--web", "--port", str(free_port()), "--players", "Ann,Bob,bot:random",
                                   "--seed", "3", "--lang", "ru")
    try:
        assert sorted(links) == ["Ann", "Bob"] and links["Ann"] != links["Bob"]
        page = httpx.get(links["Bob"], timeout=5)
        assert page.status_code == 200 and "Bob (вы)" in page.text and "Ваши карты" in page.text
        assert "content-security-policy" in page.headers  # the event server's guard
    finally:
        server.terminate()
        server.wait(10)


@pytest.mark.parametrize("lan", [False, True])
def test_tonk_play_web_prints_its_lines_in_the_pages_language(lan: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    from tonk_rules.table.table_bots import DEFAULT_BOT
    from tonk_rules.web import play_server

    monkeypatch.setattr(play_server, "bind", lambda host, port: None)
    monkeypatch.setattr(play_server, "run_app", lambda app, sock: None)
    monkeypatch.setattr(play_server, "lan_address", lambda: "127.0.0.1")  # no network: its line is said too
    web = play_server.set_up(variant="pagat", players="Аня,bot:random", seed=5, dealer=None, stakes=[], lang="ru",
                             idle_s=30, misuse=ValueError)
    said: list[str] = []
    play_server.serve_play(web, port=8123, lan=lan, echo=said.append)
    text = "\n".join(said)
    assert text.startswith(f"Тонк: {load_variant('pagat').variant.title_ru}, зерно случайности 5")
    assert "Каждый открывает свою ссылку" in text and "остановить: Ctrl+C" in text and "30 с" in text
    assert ("У этого компьютера нет адреса" in text) == lan
    # nothing English but the names (a bot's, the default player's), commands, options and links
    allowed = {"tonk", "play", "web", "seed", "players", "lan", "Ctrl", "Random", DEFAULT_BOT}
    english = {w for w in re.findall(r"[A-Za-z]{3,}", re.sub(r"http://\S+", "", text)) if w not in allowed}
    assert not english, english


@pytest.mark.parametrize(("args", "said"), [
    (["--lan"], "--lan is an option of --web"),
    (["--web", "--record", "x.yaml"], "--record is for the terminal"),
    (["--web", "--players", "bot,bot"], "at least one person"),
    (["--web", "--idle", "1"], "--idle 1: give seconds from 5 to 86400"),
])
def test_tonk_play_web_refuses_what_it_cannot_do(args: list[str], said: str) -> None:
    from tablekit import run

    result = run("play", "pagat", *args)
    assert result.returncode == 2 and said in result.stderr, result


def test_a_house_file_is_played_and_its_downloaded_record_replays_with_tonk_replay(tmp_path: Path,
                                                                                   monkeypatch: Any) -> None:
    from tablekit import run

    from tonk_rules.web.play_server import set_up

    (tmp_path / "ours.yaml").write_text("extends: russian\ntitle: Ours\nknocking: {max_count: 40}\n",
                                        encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    web = set_up(variant="ours.yaml", players="Ann,Bob", seed=6, dealer=None, stakes=[], lang="en", idle_s=None,
                 misuse=ValueError)
    host = web.host
    host.tokens = ["seat-secret-0", "seat-secret-1"]
    hand = host.table.hand
    assert hand is not None
    with client(web.app) as c:
        assert "Tonk: Ours" in c.get(url(0, table="table")).text  # the file's own title
        while not hand.over:
            seat = host.table.whose_turn()
            page = c.get(url(seat, table="table")).text  # type: ignore[arg-type]
            move = "knock" if ("knock", True) in buttons(page) else next(m for m, ok in buttons(page) if ok)
            c.post(url(seat, "/move", "table"), data={"key": KEY.search(page).group(1), "move": move})  # type: ignore[arg-type, union-attr]
        (tmp_path / "hand-1.yaml").write_text(c.get(url(0, "/hand-1.yaml", "table")).text, encoding="utf-8")
    replayed = run("replay", str(tmp_path / "hand-1.yaml"))
    assert replayed.returncode == 0, replayed.stderr
    assert "Net:" in replayed.stdout or "net" in replayed.stdout.lower()


# --- the game master's event ------------------------------------------------------------------------------------
def test_the_game_masters_event_opens_a_table_for_play_and_its_hands_go_into_the_ledger(tmp_path: Path) -> None:
    import time

    from webkit import Phone, app_for, make_event

    event = make_event(tmp_path / "night", language="ru")
    app = app_for(event.folder)
    with Phone(app).client as _:
        gm = Phone(app).as_gm()
        assert Phone(app).get("/gm/play").status_code == 403  # only the game master opens a table
        assert 'href="/gm/play"' in gm.get("/gm").text  # the console leads there
        console = gm.get("/gm/play")
        assert console.status_code == 200 and 'action="/gm/play/t1"' in console.text
        assert gm.post("/gm/play/t1", {}, csrf=False).status_code == 403  # its form's CSRF token is checked
        assert gm.post("/gm/play/t1", {}).status_code == 303
        links = re.findall(r'<a href="http://127\.0\.0\.1:8000(/p/t1/s/[^"]+)">', gm.get("/gm/play").text)
        assert len(links) == 3  # Ann, Bob, Cy: every seat a person
        host = app.state.tables.hosts["t1"]
        hand = host.table.hand
        phone = gm.client  # a seat's link is all a phone needs (the secret is in it)
        assert "Ваши карты" in phone.get(links[0]).text
        while not hand.over:
            seat = host.table.whose_turn()
            page = phone.get(links[seat]).text
            move = "knock" if ("knock", True) in buttons(page) else next(m for m, ok in buttons(page) if ok)
            phone.post(links[seat] + "/move", data={"key": KEY.search(page).group(1), "move": move})  # type: ignore[union-attr]
        deadline = time.monotonic() + 20
        while host.unkept and time.monotonic() < deadline:
            time.sleep(0.05)
        with event.ledger("t1", writable=False) as led:
            hands = led.hands()
        assert len(hands) == 1 and hand.result is not None
        net = hands[0]["net"]
        assert (list(net.values()) if isinstance(net, dict) else net) == list(hand.result.net)
        # the next hand is dealt by the dealer the ledger names next
        with event.ledger("t1", writable=False) as led:
            assert led.next_dealer() == host.table.names[host.table.dealer or 0]


def test_a_house_files_bots_play_borrowed_values_while_its_own_are_tuned(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from test_play_house_tuning import house_file, never_finishes

    from tonk_rules.sim import tuning
    from tonk_rules.web.play_server import set_up

    monkeypatch.setenv("TONK_CACHE_DIR", str(tmp_path / "cache"))
    tuning.tuned.cache_clear()
    tuning.tuned_reckoner.cache_clear()
    calls: list[Any] = []
    notes: list[str] = []
    try:
        web = set_up(variant=str(house_file(tmp_path)), players="Ann,bot", seed=3, dealer=None, stakes=[],
                     lang="en", idle_s=None, misuse=ValueError, note=notes.append, starter=never_finishes(calls))
        assert len(calls) == 1 and "the bots play pagat's tuned values" in notes[0]
        host = web.host
        while not host.table.hand.over:  # type: ignore[union-attr]
            if host.table.whose_turn() == 0:
                host.move(0, str(host.table.moves(0)[0]), host.key())
            else:
                host.since = -10.0
                assert host.tick()
        assert "borrowed while" in host.records[1]["source"]
        web.tuning.end()
        assert any("stopped unfinished" in n for n in notes)
    finally:
        tuning.STAND_INS.clear()
        tuning.tuned.cache_clear()
        tuning.tuned_reckoner.cache_clear()


@pytest.mark.parametrize(("move", "key"), [("rm -rf /", None), ("draw stock", "no key"), ("next", None)])
def test_a_forged_move_is_refused_in_russian_on_a_russian_page(move: str, key: str | None) -> None:
    host, app = make_host("pagat", [SeatSpec("Ann", None), SeatSpec("Bob", None)], seed=5, lang="ru")
    hand = host.table.hand
    assert hand is not None
    seat = hand.current
    with client(app) as c:
        page_key = KEY.search(c.get(url(seat)).text).group(1)  # type: ignore[union-attr]
        if move == "next":  # the next hand asked for while this one is played
            answer = c.post(url(seat, "/next"), data={"key": page_key})
        elif key == "no key":
            answer = c.post(url(seat, "/move"), data={"move": move})
        else:
            answer = c.post(url(seat, "/move"), data={"key": page_key, "move": move})
    assert answer.status_code == 409
    text = REFUSAL.search(answer.text).group(1).replace("&#39;", "'")  # type: ignore[union-attr]
    assert text.startswith("Нельзя: ")
    assert not CYRILLIC_OR_NAME.search(text.replace(move, "")), text  # the sender's own text aside
    assert len(hand.history) == 0


@pytest.mark.parametrize("tail", ["/move", "/next"])
def test_a_visit_to_a_moves_address_goes_back_to_the_seat_and_moves_nothing(tail: str) -> None:
    # the address bar reads .../move after a refused move: opening it again is no server error
    host, app = make_host("pagat", [SeatSpec("Ann", None), SeatSpec("Bob", None)], seed=5)
    hand = host.table.hand
    assert hand is not None
    with client(app) as c:
        for method in ("GET", "HEAD"):
            answer = c.request(method, url(0, tail))
            assert answer.status_code == 303 and answer.headers["location"] == url(0)
        assert c.get(url(0, tail), follow_redirects=True).status_code == 200
        assert c.get(f"/p/t/s/made-up{tail}").status_code == 404
    assert len(hand.history) == 0


def test_a_house_file_given_by_its_absolute_path_shows_no_path_on_the_phones(tmp_path: Path) -> None:
    from tonk_rules.web.play_server import set_up

    house = tmp_path / "ours.yaml"
    house.write_text("extends: russian\nknocking: {max_count: 40}\n", encoding="utf-8")
    web = set_up(variant=str(house), players="Аня,Боря", seed=6, dealer=None, stakes=[], lang="ru", idle_s=None,
                 misuse=ValueError)
    web.host.tokens = ["seat-secret-0", "seat-secret-1"]
    with client(web.app) as c:
        page = c.get(url(0, table="table")).text
    web.tuning.end()  # two people: nothing was tuned, nothing left running
    # a file with no title is named after itself, in the page's language (as the loader names it)
    assert f"<title>Тонк: ours, на основе правил «{load_variant('russian').variant.title_ru}»</title>" in page
    assert str(tmp_path) not in page and "/ours.yaml" not in page


@pytest.mark.parametrize(("lang", "house"), [("ru", ""), ("en", ""), ("ru", "title: Ours\ntitle_ru: Наши\n")])
def test_tonk_play_web_shows_the_variants_title_in_the_pages_language(tmp_path: Path, lang: str, house: str,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from tonk_rules.web.play_server import set_up

    monkeypatch.chdir(tmp_path)
    (tmp_path / "ours.yaml").write_text(f"extends: pagat\n{house}", encoding="utf-8")
    variant = "ours.yaml" if house else "pagat"
    web = set_up(variant=variant, players="Ann,Bob", seed=6, dealer=None, stakes=[], lang=lang, idle_s=None,
                 misuse=ValueError)
    web.host.tokens = ["seat-secret-0", "seat-secret-1"]
    with client(web.app) as c:
        page = c.get(url(0, table="table")).text
    web.tuning.end()
    title = "Наши" if house else load_variant("pagat").variant.title_in(lang)
    assert f"<title>{'Тонк' if lang == 'ru' else 'Tonk'}: {title}</title>" in page


def test_a_sitting_nobody_seeded_is_dealt_from_a_seed_too_large_to_search() -> None:
    # every finished hand's record shows its deal: from a 31-bit seed a player could search out the seed
    # and know every later hand (hand N is dealt from seed + N - 1)
    from tonk_rules.web.play_server import set_up

    seeds = []
    for _ in range(8):
        web = set_up(variant="pagat", players="Ann,Bob", seed=None, dealer=None, stakes=[], lang="en",
                     idle_s=None, misuse=ValueError)
        web.tuning.end()
        seeds.append(web.host.table.seed)
    assert len(set(seeds)) == 8 and max(seeds) >= 2**40 and max(seeds) < 2**64


def test_a_russian_page_says_the_moves_and_the_winners_whatever_a_players_gender() -> None:
    # «Аня: взял из колоды», «Выиграл: Аня»: a past-tense verb has a gender, a name does not say its own
    from tonk_rules.web.play_words import WORDS

    gendered = re.compile(r"\b\w+(?:л|ла|лся|лась)\b")
    for key in ("did_draw_stock", "did_draw_discard", "did_knock", "did_spread", "did_hit", "did_discard",
                "winners"):
        assert not gendered.search(WORDS["ru"][key].replace("{name}", "").replace("{names}", "")), WORDS["ru"][key]
    host, app = make_host("pagat", [SeatSpec("Аня", None), SeatSpec("Боря", None)], seed=4, lang="ru")
    hand = host.table.hand
    assert hand is not None
    while not hand.over:
        seat = host.table.whose_turn()
        assert seat is not None
        moves = [str(m) for m in host.table.moves(seat)]
        host.move(seat, "knock" if "knock" in moves else moves[0], host.key())
    with client(app) as c:
        page = c.get(url(0)).text
    said = re.sub(r"<[^>]+>", " ", page)
    assert not re.search(r"(?:Аня|Боря): \w+(?:л|лся)\b", said) and "Выиграл:" not in said, said
    assert re.search(r"Победител[ьи]: ", said)


@pytest.mark.parametrize(("lang", "playing", "none"), [
    ("ru", "Раздача ещё идёт", "Такой раздачи за этим столом нет."),
    ("en", "The hand is not over yet", "This table has no such hand."),
])
def test_the_record_of_a_hand_that_does_not_exist_is_said_to_be_no_such_hand(lang: str, playing: str,
                                                                                none: str) -> None:
    _, app = make_host("pagat", [SeatSpec("Ann", None), SeatSpec("Bob", None)], lang=lang)
    with client(app) as c:
        still = c.get(url(0, "/hand-1.yaml"))
        assert still.status_code == 404 and playing in still.text and none not in still.text
        for number in ("0", "2", "99999", "123456789012"):
            page = c.get(url(0, f"/hand-{number}.yaml"))
            assert page.status_code == 404 and none in page.text and playing not in page.text, number


def test_each_phone_chooses_its_pages_language_and_keeps_it() -> None:
    # a server started in English; one phone asks for Russian once (?lang=ru) and reads Russian from then on,
    # its refusals and the live part too, with the variant's Russian title; the other phone stays English
    host, _ = make_host("pagat", [SeatSpec("Ann", None), SeatSpec("Bob", None)], seed=5)
    app = create_play_app({"t": host}, lang="en", variant="Pagat",
                          titles={"en": "Pagat", "ru": load_variant("pagat").variant.title_in("ru")})
    hand = host.table.hand
    assert hand is not None
    seat = hand.current
    with client(app) as ru, client(app) as en:
        asked = ru.get(url(seat) + "?lang=ru")
        assert '<html lang="ru">' in asked.text and "Правила Пагата" in asked.text
        assert "tonk_lang=ru" in asked.headers["set-cookie"] and 'hreflang="en">English</a>' in asked.text
        page = ru.get(url(seat)).text  # kept: no ?lang= on the later pages
        assert '<html lang="ru">' in page and "Your turn" not in page and "Ваш ход" in page
        assert "Ваш ход" in ru.get(url(seat, "/live")).text  # what the page refreshes itself with
        ru.post(url(seat, "/move"), data={"key": KEY.search(page).group(1), "move": "draw stock"})  # type: ignore[union-attr]
        page = ru.get(url(seat)).text
        answer = ru.post(url(seat, "/move"), data={"key": KEY.search(page).group(1), "move": "knock"})  # type: ignore[union-attr]
        assert answer.status_code == 409 and REFUSAL.search(answer.text).group(1).startswith("Нельзя: ")  # type: ignore[union-attr]
        other = en.get(url(1 - seat)).text
        assert '<html lang="en">' in other and "<title>Tonk: Pagat</title>" in other
        assert 'hreflang="ru">Русский</a>' in other
        back = ru.get(url(seat) + "?lang=en")
        assert '<html lang="en">' in back.text and '<html lang="en">' in ru.get(url(seat)).text
        unknown = ru.get(url(seat) + "?lang=fr")
        assert unknown.status_code == 400 and "lang=ru" in unknown.text and len(hand.history) == 1
