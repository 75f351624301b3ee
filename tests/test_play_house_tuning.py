"""`tonk play` of a house file plays at once (issue 24, item 1): while the house rules are tuned in the
background, the bots play the parent variant's tuned values and say so; the first hand after the tuning
lands plays the house-tuned values (said once); a failed or stopped tuning is said; with no tuned values
anywhere in the chain the declared defaults play, said too; each hand record names the parameters played."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml

from tonk_rules.bots.specs import BotSpec
from tonk_rules.ruleset.compile import load_ruleset
from tonk_rules.sim import background_tuning, reckoner_tuning, tuning, tuning_cache
from tonk_rules.sim.reckoner_tuning import TunedReckoner
from tonk_rules.table.table_setup import ruleset_for

#: Values the fake tuning "measures" for the house rules: unlike any variant's, so a hand shows which played.
HOUSE_VALUES = {**reckoner_tuning.default_params(), "knock_margin": 300, "caution": 0, "hope": 0}


@pytest.fixture(autouse=True)
def empty_tuning_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TONK_CACHE_DIR", str(tmp_path / "cache"))
    # values another test tuned for equal rules stay in this process's memory, not in this cache
    tuning.tuned.cache_clear()
    tuning.tuned_reckoner.cache_clear()
    yield
    tuning.STAND_INS.clear()
    tuning.tuned.cache_clear()
    tuning.tuned_reckoner.cache_clear()


def house_file(tmp_path: Path, extra: str = "") -> Path:
    house = tmp_path / "house.yaml"
    house.write_text(f"extends: pagat\ntitle: House\nknocking:\n  max_count: 20\n{extra}", encoding="utf-8")
    return house


def child(code: str) -> background_tuning.Background:
    """A real child process running ``code``, as the tuning child is run (its output kept in a log)."""
    log = Path(tuning_cache.cache_dir().parent / "child.log")
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("wb") as out:
        process = subprocess.Popen([sys.executable, "-c", code], stdout=out, stderr=out)
    return background_tuning.Background(process, log)


def never_finishes(calls: list[tuple[str, str, int, Sequence[str]]]) -> Callable[..., background_tuning.Background]:
    def start(ref: str, digest: str, players: int, kinds: Sequence[str]) -> background_tuning.Background:
        calls.append((ref, digest, players, tuple(kinds)))
        return child("import time; time.sleep(120)")
    return start


def lands_at_once(ref: str, digest: str, players: int, kinds: Sequence[str]) -> background_tuning.Background:
    """A tuning that has finished by the time it is asked: it wrote HOUSE_VALUES into the cache."""
    value = TunedReckoner(dict(HOUSE_VALUES), "reckoner:hope=8", 0.001, (-0.01, 0.01), 3000)
    tuning_cache.write_entry(tuning_cache.cache_file("reckoner", digest, players), value.to_json())
    done = child("pass")
    done.process.wait()
    return done


def fails(ref: str, digest: str, players: int, kinds: Sequence[str]) -> background_tuning.Background:
    failed = child("import sys; print('tonk: something went wrong in the tuning', file=sys.stderr); sys.exit(1)")
    failed.process.wait()
    return failed


def sitting(house: Path, hands: int, starter: Callable[..., background_tuning.Background],
            players: str = "B1=bot:reckoner,B2=bot:reckoner,Ann") -> tuple[list[str], list[dict[str, Any]]]:
    """Play ``hands`` hands (the first listed move every time); the stderr notes, and each hand's record."""
    from tonk_rules.cli.terminal_play import ANOTHER, run_terminal_game

    notes: list[str] = []
    answers = iter(["y"] * (hands - 1) + ["n"])
    record = house.parent / "hand.yaml"
    run_terminal_game(variant=str(house), players=players, seed=3, dealer=None, stakes=[], style="english",
                      record_file=str(record), ledger_path=None, echo=lambda _: None, misuse=ValueError,
                      ask=lambda prompt: next(answers) if prompt == ANOTHER else "1", note=notes.append,
                      starter=starter)
    paths = [record] + [record.with_name(f"hand-{n}.yaml") for n in range(2, hands + 1)]
    return notes, [yaml.safe_load(p.read_text(encoding="utf-8")) for p in paths]


def pagat_reckoner(players: int) -> dict[str, int]:
    return tuning.tuned_reckoner(load_ruleset("pagat"), players).params


def played(record: dict[str, Any], seat: str) -> BotSpec:
    """The spec a bot seat played, as its record's source names it."""
    from tonk_rules.bots.specs import parse_spec

    bots = record["source"].split("; bots: ", 1)[1].split(";")[0]
    specs = dict(part.split(" ", 1) for part in bots.split(", "))
    return parse_spec(specs[seat])


def test_the_first_hand_plays_at_once_on_the_parents_values_and_says_so(tmp_path: Path) -> None:
    house = house_file(tmp_path)
    calls: list[tuple[str, str, int, Sequence[str]]] = []
    notes, records = sitting(house, 1, never_finishes(calls))
    pagat = pagat_reckoner(3)
    assert pagat != HOUSE_VALUES
    said = "\n".join(notes)
    assert f"the bots play pagat's tuned values (reckoner {reckoner_tuning.short(pagat)}) for now" in said
    assert "Tuning them runs in the background at low priority" in said
    # the tuning was started for exactly these rules and this table, and nothing was tuned here meanwhile
    assert calls == [(str(house), tuning.play_digest(ruleset_for(str(house))), 3, ("reckoner",))]
    assert not list((tmp_path / "cache").glob("tuning/reckoner-*"))
    assert played(records[0], "B1") == BotSpec("reckoner", pagat)
    assert "borrowed" in records[0]["source"] and "reckoner from pagat" in records[0]["source"]
    # the sitting ended with the tuning unfinished: it was stopped, and said so
    assert any("was stopped unfinished" in line for line in notes)
    assert tuning.STAND_INS == {}


def test_from_the_hand_after_the_tuning_lands_the_bots_play_the_house_values(tmp_path: Path) -> None:
    house = house_file(tmp_path)
    notes, records = sitting(house, 3, lands_at_once)
    assert played(records[0], "B1") == BotSpec("reckoner", pagat_reckoner(3))
    for record in records[1:]:
        assert played(record, "B2") == BotSpec("reckoner", HOUSE_VALUES)
        assert "borrowed" not in record["source"]
    landed = [line for line in notes if "from this hand on they play" in line]
    assert landed == [f"tonk: the bots are tuned to the rules of {house}: from this hand on they play reckoner "
                      f"{reckoner_tuning.short(HOUSE_VALUES)}."]
    assert not any("stopped" in line for line in notes)


def test_a_failed_tuning_is_said_and_the_bots_keep_the_parents_values(tmp_path: Path) -> None:
    house = house_file(tmp_path)
    notes, records = sitting(house, 2, fails)
    assert any("failed (tonk: something went wrong in the tuning); they go on playing pagat's tuned values" in line
               for line in notes)
    assert played(records[1], "B1") == BotSpec("reckoner", pagat_reckoner(3))


def test_a_table_the_parent_has_no_values_for_plays_the_declared_defaults_and_says_so(tmp_path: Path) -> None:
    tuned_sizes = {entry["players"] for entry in reckoner_tuning.shipped().values() if entry["variant"] == "pagat"}
    assert 7 not in tuned_sizes
    house = house_file(tmp_path, "players:\n  min: 2\n  max: 7\n")
    seats = ",".join(f"B{i}=bot:reckoner" for i in range(1, 7)) + ",Ann"
    notes, records = sitting(house, 1, never_finishes([]), players=seats)
    defaults = reckoner_tuning.default_params()
    assert any(f"their declared defaults (no variant {house} extends has tuned values at 7 players) "
               f"(reckoner {reckoner_tuning.short(defaults)})" in line for line in notes)
    assert played(records[0], "B3") == BotSpec("reckoner", defaults)


def test_rules_already_tuned_start_nothing_and_say_nothing(tmp_path: Path) -> None:
    calls: list[tuple[str, str, int, Sequence[str]]] = []
    house = tmp_path / "same.yaml"  # plays as pagat: pagat's shipped values are its own
    house.write_text("extends: pagat\ntitle: Same\n", encoding="utf-8")
    notes, records = sitting(house, 1, never_finishes(calls))
    assert calls == [] and notes == []
    assert played(records[0], "B1") == BotSpec("reckoner", pagat_reckoner(3))
    assert "borrowed" not in records[0]["source"]


def test_a_fixed_bot_needs_no_tuning(tmp_path: Path) -> None:
    calls: list[tuple[str, str, int, Sequence[str]]] = []
    notes, records = sitting(house_file(tmp_path), 1, never_finishes(calls),
                             players="B1=bot:greedy:knock=4,B2=bot:random,Ann")
    assert calls == [] and notes == []
    assert played(records[0], "B1") == BotSpec("greedy", {"knock": 4})


def test_the_tuning_child_refuses_rules_that_changed_since_the_game_began(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    house = house_file(tmp_path)
    assert background_tuning.main([str(house), "0" * 16, "3", "reckoner"]) == background_tuning.CHANGED
    assert "was changed since the game began" in capsys.readouterr().err
    assert background_tuning.main([str(house), "x", "three", "reckoner"]) == 2
    assert not list((tmp_path / "cache").glob("tuning/*"))


@pytest.mark.slow  # a real house tuning in a low-priority child (5 s of CPU, a minute on a busy machine)
def test_the_tuning_child_tunes_the_house_rules_into_the_cache(tmp_path: Path) -> None:
    """The real child, as `tonk play` starts it: at low priority, into the tuning cache the game reads."""
    house = house_file(tmp_path)
    rules = ruleset_for(str(house))
    assert tuning.known("reckoner", rules, 2) is None
    child = background_tuning.start(str(house), tuning.play_digest(rules), 2, ["reckoner"])
    child.process.wait(timeout=600)
    assert child.failure() is None, child.log.read_text(encoding="utf-8")
    assert child.stop() is False and not child.log.exists()  # finished: nothing to stop, its log removed
    found = tuning.known("reckoner", rules, 2)
    assert isinstance(found, TunedReckoner) and found.hands == reckoner_tuning.HOUSE_HANDS
