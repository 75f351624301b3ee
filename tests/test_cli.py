"""The `tonk` command line as a user meets it: outputs, exit statuses, and clear errors without tracebacks."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import yaml
from tablekit import tonk  # in this process; the entry point's own tests start real ones

from tonk_rules.variant.diff import variant_diff
from tonk_rules.variant.loader import load_variant

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def test_variants_lists_name_then_title() -> None:
    out = tonk("variants").stdout.splitlines()
    assert any(line.startswith("russian ") and "JNM" in line for line in out)
    assert len(out) == 7


def test_schema_command_prints_the_checked_in_schema() -> None:
    assert tonk("schema").stdout == (ROOT / "schemas" / "variant.schema.json").read_text(encoding="utf-8")


def test_show_with_provenance_and_check_of_the_output(tmp_path: Path) -> None:
    shown = tonk("show", "russian-2001", "--provenance").stdout
    assert "# source nsk-2001: Novosibirsk translation (ru, 2001)" in shown
    assert "король,туз" in shown and "assumed: the 2001 text" in shown
    path = tmp_path / "resolved.yaml"
    path.write_text(shown, encoding="utf-8")
    proc = tonk("check", str(path))
    assert proc.returncode == 0 and "ok" in proc.stdout


def test_check_all_bundled_variants() -> None:
    proc = tonk("check", *sorted(str(p) for p in (ROOT / "variants").glob("*.yaml")))
    assert proc.returncode == 0, proc.stderr


def test_diff_json_keeps_types_titles_and_counts() -> None:
    data = json.loads(tonk("diff", "russian", "pagat", "--format", "json").stdout)
    assert data["left"] == {"name": "russian", "title": 'Russian rules (JNM "Black Company" LARP, Novosibirsk)'}
    assert data["right"]["title"] == "Pagat / common US rules"
    rows = {r["value"]: r for r in data["rows"]}
    assert {"players.max", "hitting.books", "payments.knock_caught"} <= set(rows)
    assert (rows["players.max"]["left"]["value"], rows["players.max"]["right"]["value"]) == (10, 3)
    assert rows["deal_check.at_most"]["right"]["value"] is None
    assert isinstance(rows["payments.knock_caught"]["left"]["value"], list)
    assert data["differ"] == sum(r["differs"] for r in data["rows"])
    assert data["agree_by_assumption"] == sum(not r["differs"] for r in data["rows"]) > 0
    quoted = rows["players.max"]["right"]
    assert quoted["kind"] == "quoted" and data["sources"][str(quoted["source"])]["quote"].startswith("PELAAJIEN")


def test_diff_markdown_is_a_table_with_each_quotation_once() -> None:
    markdown = tonk("diff", "russian", "pagat", "--format", "markdown").stdout
    lines = markdown.splitlines()
    header = lines.index("| value | russian | pagat |")
    assert lines[header + 1] == "|---|---|---|"
    body = [line for line in lines[header + 2:] if line.startswith("| ")]
    assert body and all(line.count(" | ") == 2 and line.endswith(" |") for line in body)
    assert markdown.count("PELAAJIEN MÄÄRÄ") == 1


def test_diff_at_80_columns_fits_and_never_breaks_a_word() -> None:
    proc = subprocess.run([sys.executable, "-m", "tonk_rules", "diff", "russian", "pagat"], capture_output=True,
                          text=True, cwd=ROOT, env={**os.environ, "COLUMNS": "80"})
    out = proc.stdout
    assert proc.returncode == 0 and max(len(line) for line in out.splitlines()) <= 80
    printed = out.split()
    assert "at_or_below_knocker" in printed and "not_discarded_this_turn" in printed
    report = variant_diff(load_variant("russian"), load_variant("pagat"))
    for source in report.sources:
        for word in source.describe().split():
            assert word in printed, word  # every word of every quotation printed whole
    heading = out.splitlines()[0]
    assert "values differ" in heading and "agree only by assumption" in heading
    assert out.count("«PELAAJIEN") == 1  # each quotation once


def test_unknown_variant_gets_one_clear_message() -> None:
    proc = tonk("show", "pagatt")
    assert proc.returncode == 1
    assert "unknown variant 'pagatt'; did you mean 'pagat'?" in proc.stderr


def test_replay_first_example_prints_croakers_win_and_both_payments() -> None:
    proc = tonk("replay", str(EXAMPLES / "example-1.yaml"))
    assert proc.returncode == 0, proc.stderr
    assert "Ending: knock won; winner(s): Croaker" in proc.stdout
    assert "Counts: Croaker 9, Goblin 10, Elmo 24" in proc.stdout
    assert "Goblin pays Croaker 1" in proc.stdout and "Elmo pays Croaker 1" in proc.stdout


def test_replay_json_has_the_documented_keys() -> None:
    result = json.loads(tonk("replay", str(EXAMPLES / "example-2.yaml"), "--json").stdout)
    assert result == {
        "ending": "knock_won", "winners": ["Goblin"], "counts": {"Croaker": 11, "Goblin": 5, "Elmo": 15},
        "payments": [{"from": "Croaker", "to": "Goblin", "amount": 1}, {"from": "Elmo", "to": "Goblin", "amount": 1}],
        "net": {"Croaker": -1, "Goblin": 2, "Elmo": -1},
        "cards": "unicode", "hands": {"Croaker": "6♥ 5♥", "Goblin": "4♣ A♠", "Elmo": "7♥ 5♦ 2♦ A♦"},
        "spreads": [{"owner": "Croaker", "cards": "8♠ 9♠ 10♠ J♠"}, {"owner": "Goblin", "cards": "10♣ J♣ Q♣"}],
    }


def test_replay_json_cards_follow_the_cards_option() -> None:
    result = json.loads(tonk("replay", str(EXAMPLES / "example-2.yaml"), "--json", "--cards", "russian").stdout)
    assert result["cards"] == "russian"
    assert result["hands"]["Goblin"] == "4т Тп"
    assert result["spreads"][1] == {"owner": "Goblin", "cards": "10т Вт Дт"}


def test_replay_of_the_example_as_printed_fails_at_the_checkpoint() -> None:
    proc = tonk("replay", str(EXAMPLES / "example-2-as-printed.yaml"))
    assert proc.returncode == 1
    assert "step 10: checkpoint differs from the play" in proc.stderr
    assert "Goblin's hand: stated A♠ 4♦, actual A♠ 4♣" in proc.stderr
    assert "spreads in front of Goblin: stated 10♦ J♦ Q♦, actual 10♣ J♣ Q♣" in proc.stderr


def test_replay_illegal_step_names_the_step_and_reason(tmp_path: Path) -> None:
    data = yaml.safe_load((EXAMPLES / "example-1.yaml").read_text(encoding="utf-8"))
    data["actions"][1] = {"Croaker": "discard 10ч"}
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    proc = tonk("replay", str(path))
    assert proc.returncode == 1
    assert "step 2: Croaker may not discard 10H: 10H is not in your hand" in proc.stderr


def test_replay_bad_card_and_missing_file(tmp_path: Path) -> None:
    data = yaml.safe_load((EXAMPLES / "example-1.yaml").read_text(encoding="utf-8"))
    data["deal"]["upcard"] = "11т"
    path = tmp_path / "bad-card.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    proc = tonk("replay", str(path))
    assert proc.returncode == 1
    assert re.search(r"bad-card\.yaml:\d+:\d+: unknown card '11т'.* \(at deal\.upcard\)", proc.stderr), proc.stderr
    missing = tonk("replay", str(tmp_path / "nope.yaml"))
    assert missing.returncode == 1 and "nope.yaml: no such file" in missing.stderr


def test_replay_refuses_a_changed_variant(tmp_path: Path) -> None:
    data = yaml.safe_load((EXAMPLES / "example-1.yaml").read_text(encoding="utf-8"))
    data["variant_sha256"] = "0" * 64
    path = tmp_path / "stale.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    proc = tonk("replay", str(path))
    assert proc.returncode == 1 and "has changed since the hand was recorded" in proc.stderr
