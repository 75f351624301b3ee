"""The malformed-file corpus: each file under tests/malformed/ names the line and message it must produce."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tonk_rules.errors import VariantError
from tonk_rules.variant.loader import load_variant

CORPUS = Path(__file__).parent / "malformed"
SPECIAL = {
    "empty.yaml": [(1, "file is empty")],
    "not-utf8.yaml": [(1, "not UTF-8 text: byte 0xff cannot be decoded")],
    "too-large.yaml": [(1, "file is larger than 64 KiB")],
}


def expectations(path: Path) -> list[tuple[str, int, str]]:
    """(file, line, message) from `# expect [FILE:]LINE: message` comments."""
    if path.name in SPECIAL:
        return [(path.name, line, message) for line, message in SPECIAL[path.name]]
    found = re.findall(r"^# expect (?:([\w.-]+):)?(\d+): (.*)$", path.read_text(encoding="utf-8"), flags=re.M)
    return [(file or path.name, int(line), message) for file, line, message in found]


FILES = sorted(CORPUS.glob("*.yaml"))


def test_corpus_is_large_enough() -> None:
    assert len(FILES) >= 30
    assert all(expectations(f) for f in FILES), "every corpus file states what it must produce"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_malformed_file_reports_line_and_message(path: Path) -> None:
    with pytest.raises(VariantError) as info:
        load_variant(path)
    diagnostics = info.value.diagnostics
    for file, line, message in expectations(path):
        assert any(d.line == line and message in d.message and Path(d.file).name == file
                   for d in diagnostics), f"expected line {line}: {message!r}; got:\n{info.value}"


def test_every_problem_is_reported_not_only_the_first() -> None:
    with pytest.raises(VariantError) as info:
        load_variant(CORPUS / "several-errors.yaml")
    assert len(info.value.diagnostics) == 2


def test_diagnostic_format_is_file_line_col_with_key_path() -> None:
    with pytest.raises(VariantError) as info:
        load_variant(CORPUS / "unknown-nested-key.yaml")
    text = str(info.value)
    assert re.fullmatch(r".*unknown-nested-key\.yaml:4:3: unknown key 'hand_sise'; did you mean 'hand_size'\? "
                        r"\(at deal\.hand_sise\)", text), text


def test_alias_bomb_is_refused_quickly(tmp_path: Path) -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i-1}"] * 9) + "]" for i in range(1, 12)]
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text("\n".join(lines) + "\n", encoding="utf-8")
    start = time.perf_counter()
    with pytest.raises(VariantError, match="anchors and aliases"):
        load_variant(bomb)
    # a bound against expansion (9**12 items), not a speed figure: a loaded machine stays far below it
    assert time.perf_counter() - start < 60.0


def test_check_command_prints_every_diagnostic_without_traceback() -> None:
    files = [str(CORPUS / "several-errors.yaml"), str(CORPUS / "not-utf8.yaml")]
    proc = subprocess.run([sys.executable, "-m", "tonk_rules", "check", *files], capture_output=True, text=True)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert "several-errors.yaml:3:8: unknown key 'upcrad'" in proc.stderr
    assert "several-errors.yaml:5:8: expected integer, got string 'many'" in proc.stderr
    assert "not-utf8.yaml:1:1: not UTF-8 text" in proc.stderr
    assert proc.stderr.splitlines()[-1] == "2 files: 0 valid, 2 invalid"


def test_every_required_dependent_option_has_a_corpus_file_that_leaves_it_out() -> None:
    """The one table of "X only matters when Y" pairs (variant/checks.py): each row that makes its option
    required where it matters is shown by a file that leaves it out. (Each row's option *having no effect*
    is shown by the house file of the row's own example: tests/test_house_drop.py.)"""
    from tonk_rules.variant.checks import DEPENDENT_OPTIONS

    texts = {path.name: path.read_text(encoding="utf-8", errors="replace").splitlines()[0] for path in FILES}
    for row in DEPENDENT_OPTIONS:
        option = row.option.split(".*")[0]
        if row.unset_at is not None:
            needed = [n for n, first in texts.items() if n.startswith(("required-", "points-")) and option in first
                      and "must be given" in first]
            assert needed, f"no tests/malformed file shows {row.option} missing where it matters"
