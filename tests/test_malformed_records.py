"""The malformed hand-record corpus: each file under tests/malformed_records/ states, in `# expect LINE: message`
comments, the line and message it must produce, whether reading or replaying finds the problem."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tonk_rules.errors import RecordError
from tonk_rules.records import load_record, replay

CORPUS = Path(__file__).parent / "malformed_records"
FILES = sorted(CORPUS.glob("*.yaml"))


def expectations(path: Path) -> list[tuple[int, str]]:
    text = path.read_bytes().decode("utf-8", "replace")
    return [(int(line), message) for line, message in re.findall(r"^# expect (\d+): (.*)$", text, flags=re.M)]


def test_corpus_is_large_enough() -> None:
    assert len(FILES) >= 40
    assert all(expectations(f) for f in FILES), "every corpus file states what it must produce"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_malformed_record_reports_line_and_message(path: Path) -> None:
    with pytest.raises(RecordError) as info:
        replay(load_record(path))
    diagnostics = info.value.diagnostics
    assert diagnostics, "a record problem is always located"
    for line, message in expectations(path):
        assert any(d.line == line and message in d.message and Path(d.file).name == path.name
                   for d in diagnostics), f"expected line {line}: {message!r}; got:\n{info.value}"
