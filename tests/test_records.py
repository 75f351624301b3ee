"""Hand records: the checked-in schema, valid records replaying unchanged, located problems."""

from __future__ import annotations

from pathlib import Path

import pytest

from tonk_rules.errors import RecordError
from tonk_rules.records import load_record, replay
from tonk_rules.records.record_schema import schema_text

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def test_record_schema_file_is_not_stale() -> None:
    checked_in = (ROOT / "schemas" / "hand-record.schema.json").read_text(encoding="utf-8")
    assert checked_in == schema_text(), \
        "regenerate with: python -m tonk_rules.records.record_schema > schemas/hand-record.schema.json"


@pytest.mark.parametrize("name, winner", [("example-1.yaml", "Croaker"), ("example-2.yaml", "Goblin")])
def test_examples_replay_unchanged(name: str, winner: str) -> None:
    hand = replay(load_record(EXAMPLES / name))
    assert hand.result is not None and [hand.players[w] for w in hand.result.winners] == [winner]


def test_a_second_actions_key_is_refused_not_obeyed(tmp_path: Path) -> None:
    text = (EXAMPLES / "example-1.yaml").read_text(encoding="utf-8") + "actions:\n  - Croaker: knock\n"
    path = tmp_path / "twice.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError) as info:
        load_record(path)
    [problem] = info.value.diagnostics
    assert (problem.line, problem.message) == (len(text.splitlines()) - 1, "duplicate key 'actions' (first given at "
                                                                             "line 16)")


def test_checkpoint_differences_each_get_their_own_located_line() -> None:
    with pytest.raises(RecordError) as info:
        replay(load_record(EXAMPLES / "example-2-as-printed.yaml"))
    lines = [str(d) for d in info.value.diagnostics]
    assert len(lines) == 2
    assert all("step 10: checkpoint differs from the play: " in line for line in lines)
    assert any("Goblin's hand: stated A♠ 4♦, actual A♠ 4♣ (at actions.9.checkpoint.hands.Goblin)" in line
               for line in lines)
