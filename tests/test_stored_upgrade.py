"""Stored data outlives upgrades: a ledger and a hand record written today open and replay after the rules
model gains a rule (added with a default that plays as before), with their digests unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from pydantic import create_model
from tablekit import ROOT, run

import tonk_rules.ledger.stored_rules as ledger_rules
import tonk_rules.variant.loader as loader
from tonk_rules.ledger.export import export_json
from tonk_rules.ledger.json_import import import_json
from tonk_rules.ledger.session_ledger import Ledger
from tonk_rules.variant.canonical import added_rule, canonical_rules
from tonk_rules.variant.model import Variant
from tonk_rules.variant.sources import Assumption

BONUS_SOURCE = {"assumed": "the sources pay nothing more for a knock"}


def upgraded_model() -> type[Variant]:
    """Today's model with one more rule in ``knocking``: a bonus for a knock, 0 (today's play) by default."""
    knocking = Variant.model_fields["knocking"].annotation
    assert isinstance(knocking, type)
    with_bonus = create_model("Knocking", __base__=knocking,
                              knock_bonus=(int, added_rule(0, since="test", description="Paid on a knock.",
                                                           source=BONUS_SOURCE)))
    return create_model("Variant", __base__=Variant, knocking=(with_bonus, ...))


@pytest.fixture
def written_today(tmp_path: Path) -> tuple[Path, Path, str]:
    digest = loader.load_variant("russian").digest
    record = yaml.safe_load((ROOT / "examples" / "example-2.yaml").read_text(encoding="utf-8"))
    record["variant_sha256"] = digest
    record_file = tmp_path / "hand.yaml"
    record_file.write_text(yaml.safe_dump(record, allow_unicode=True), encoding="utf-8")
    ledger = tmp_path / "night.sqlite"
    made = run("session", "create", str(ledger), "--variant", "russian", "--players", "Croaker,Goblin,Elmo",
               "--stake", "1", "--currency", "crowns", "--first-dealer", "Elmo")
    assert made.returncode == 0, made.stderr
    assert run("session", "add-played", str(ledger), str(record_file)).returncode == 0
    return ledger, record_file, digest


def test_a_ledger_and_a_record_open_and_replay_after_the_model_gains_a_rule(
        written_today: tuple[Path, Path, str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    ledger, record_file, digest = written_today
    with Ledger.open(ledger) as led:
        before = led.balances()
    upgraded = upgraded_model()
    monkeypatch.setattr(loader, "Variant", upgraded)
    monkeypatch.setattr(ledger_rules, "Variant", upgraded)
    monkeypatch.setattr(ledger_rules, "_COMPILED", {})

    loaded = loader.load_variant("russian")  # the built-in file does not name the new rule
    assert type(loaded.variant) is upgraded and loaded.variant.knocking.knock_bonus == 0  # type: ignore[attr-defined]
    assert loaded.digest == digest

    with Ledger.open(ledger) as led:  # its stored rules lack the field: the default fills it
        assert type(led.stored_rules().variant) is upgraded
        assert led.stored_rules().digest == digest
        assert led.balances() == before
        exported = export_json(led)  # and its export imports as the same data (the rules kept without the field)
        with import_json(tmp_path / "copy.sqlite", exported) as copy:
            assert export_json(copy) == exported
    replayed = run("replay", str(record_file))
    assert replayed.returncode == 0, replayed.stderr
    assert "Goblin" in replayed.stdout
    recorded = run("session", "record", str(ledger), "--count", "Croaker=3", "--count", "Goblin=19",
                   "--count", "Elmo=4", "--knock", "Croaker")
    assert recorded.returncode == 0, recorded.stderr
    assert run("session", "history", str(ledger)).stdout.count("#") == 2


def test_an_added_rule_left_out_of_the_root_files_has_its_default_and_its_source(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """No variant file names the new rule: every variant plays its default, and the value's provenance (what
    ``tonk show --provenance`` reports) is the source added_rule gives, as stated by the root file; a
    source that is no source is refused where the rule is declared."""
    monkeypatch.setattr(loader, "Variant", upgraded_model())
    for name in ("russian", "pagat-no-upcard"):
        loaded = loader.load_variant(name)
        said = loaded.provenance["knocking.knock_bonus"]
        assert said.source == Assumption(**BONUS_SOURCE) and said.file == loaded.chain[-1]
        assert loaded.variant.knocking.knock_bonus == 0  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="assumed"):
        added_rule(0, since="test", description="x", source={"assumd": "a typo"})


def test_a_variant_that_uses_the_new_rule_has_a_new_digest(monkeypatch: pytest.MonkeyPatch) -> None:
    upgraded = upgraded_model()
    monkeypatch.setattr(loader, "Variant", upgraded)
    today = loader.load_variant("russian")
    data = today.variant.model_dump(mode="json")
    data["knocking"]["knock_bonus"] = 2
    changed = upgraded.model_validate(data)
    assert "knock_bonus" not in canonical_rules(today.variant)["knocking"]
    assert canonical_rules(changed)["knocking"]["knock_bonus"] == 2
    assert loader.LoadedVariant("x", changed, {}, ()).digest != today.digest


def test_a_rule_added_without_a_default_still_fails_loudly(written_today: tuple[Path, Path, str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The guard the convention needs: a required new field is refused in one line, never a traceback."""
    ledger, _, _ = written_today
    knocking = Variant.model_fields["knocking"].annotation
    assert isinstance(knocking, type)
    required = create_model("Knocking", __base__=knocking, knock_bonus=(int, ...))
    monkeypatch.setattr(ledger_rules, "Variant", create_model("Variant", __base__=Variant,
                                                              knocking=(required, ...)))
    shown = run("session", "balances", str(ledger))
    assert shown.returncode != 0 and "knocking.knock_bonus" in shown.stderr


def test_a_schema_2_ledger_with_corrections_opens_with_the_same_balances(tmp_path: Path) -> None:
    """tests/ledgers/v2-corrected.sqlite (written before corrections were events of their own, and before the
    economy's movements of money) reads as it did: the same balances, dealer and corrections, the file untouched
    by every reading command; the next correction makes it take on the new kinds of event."""
    import shutil

    from tonk_rules.ledger.corrections import corrections, void_hand

    path = tmp_path / "v2.sqlite"
    shutil.copy(ROOT / "tests" / "ledgers" / "v2-corrected.sqlite", path)
    kept = path.read_bytes()
    for command in (["balances"], ["history"], ["export", "--format", "json"]):
        assert run("session", command[0], str(path), *command[1:]).returncode == 0
    assert path.read_bytes() == kept
    with Ledger.open(path) as led:
        assert led.balances() == {"Ann": 0, "Bob": -3, "Di": 1, "Cy": 2} and led.next_dealer() == "Di"
        assert [(c["hand"], c["kind"]) for c in corrections(led)] == [(2, "void"), (1, "amend")]
        assert led.meta["schema_version"] == "2"
        void_hand(led, 4, "written twice")
        assert led.meta["schema_version"] == "3" and led.balances() == {"Ann": 1, "Bob": -2, "Di": -1, "Cy": 2}
