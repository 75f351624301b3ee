"""``tonk serve`` speaks the event's language: its start-up lines, and its refusals at start (the event served
already, the port taken, the keys file damaged), hold no English word in a Russian event's folder but the
command, its options, the address and the folder; an English event's lines stay as they were."""

from __future__ import annotations

import re
import signal
import socket
from pathlib import Path

import pytest
from test_web_serve_start import tonk_serve
from webkit import free_port, start

from tonk_rules.event.event_folder import Event
from tonk_rules.web.keys import KEYS_FILE

#: what a Russian line may hold in Latin letters: the command and its options, the keys of a keyboard
GIVEN = {"tonk", "serve", "port", "lan", "Ctrl", "C", "Wi-Fi", "Wi", "Fi", "gm", "key",
         "play", "web", "seed", "players"}  # tonk play --web's command and options, as typed


def english_words(text: str, folder: Path) -> list[str]:
    text = text.replace(str(folder / KEYS_FILE), " ").replace(str(folder), " ")
    text = re.sub(r"https?://\S+", " ", text)  # the addresses to open
    return [w for w in re.findall(r"[A-Za-z][A-Za-z-]*", text) if w not in GIVEN]


def _event(tmp_path: Path, lang: str) -> Event:
    return Event.create(tmp_path / f"night-{lang}", title="Вечер", language=lang, currency="крона")


def _lines_of_a_server(folder: Path) -> str:
    server = start(folder, free_port())
    try:
        server.send_signal(signal.SIGTERM)
        out, _ = server.communicate(timeout=30)
    finally:
        server.kill()
    return out


def test_a_russian_events_server_starts_in_russian_and_refuses_a_second_in_russian(tmp_path: Path) -> None:
    event = _event(tmp_path, "ru")
    port = free_port()
    server = start(event.folder, port)
    try:
        second = tonk_serve(event.folder, free_port())
        assert second.returncode == 1 and "уже открыто другим сервером" in second.stderr, second.stderr
        assert english_words(second.stderr, event.folder) == [], second.stderr
    finally:
        server.send_signal(signal.SIGTERM)
        out, _ = server.communicate(timeout=30)
    assert "Пульт мастера:" in out and "Открыть его можно только на этом компьютере" in out, out
    assert english_words(out, event.folder) == [], out


def test_a_russian_events_port_and_keys_refusals_are_russian(tmp_path: Path) -> None:
    event = _event(tmp_path, "ru")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        refused = tonk_serve(event.folder, taken.getsockname()[1])
    assert refused.returncode == 1 and "занят" in refused.stderr and "ошибка:" in refused.stderr, refused.stderr
    assert english_words(refused.stderr, event.folder) == [], refused.stderr
    (event.folder / KEYS_FILE).write_text('{"gm": "abcdefgh", "server": "00')
    damaged = tonk_serve(event.folder, free_port())
    assert damaged.returncode == 1 and "файл ключей сервера повреждён" in damaged.stderr, damaged.stderr
    assert english_words(damaged.stderr, event.folder) == [], damaged.stderr


@pytest.mark.parametrize("lang", ["en"])
def test_an_english_events_server_keeps_its_lines(tmp_path: Path, lang: str) -> None:
    event = _event(tmp_path, lang)
    out = _lines_of_a_server(event.folder)
    assert "Serving the event in" in out and "Game master's console:" in out and "add --lan" in out, out
    assert not re.search(r"[А-Яа-яЁё]", out.replace(str(event.folder), "")), out


def test_the_serve_lines_module_has_russian_for_every_line() -> None:
    from tonk_rules.web.serve_lines import LINES

    for key, words in LINES.items():
        assert words["ru"] and english_words(re.sub(r"\{[^}]*\}", " ", words["ru"]), Path("/x")) == [], key


def test_every_start_line_is_filled_by_the_shared_filler_as_before() -> None:
    # serve_lines.line fills through words.numbers.fill_line (as the event's and the money's lines do): every
    # line in each language reads as str.format made it, numbers (an idle of 2.5 s) included
    import string

    from tonk_rules.web.serve_lines import LINES, line

    for key, words in LINES.items():
        for lang, template in words.items():
            names = {name for _, name, _, _ in string.Formatter().parse(template) if name}
            values = {name: 2.5 if name == "idle" else f"<{name}>" for name in names}
            assert line(key, lang, **values) == template.format(**values), (key, lang)
