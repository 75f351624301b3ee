"""Mistakes that get a hint (issue 39, item 7): a YAML file that does not parse is answered with the line to change
and what to change there, in variant files (`tonk check`) and session files; a value where a list is expected,
with the list written out."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablekit import run

HOUSE = "extends: pagat\ntitle: House\n"


@pytest.mark.parametrize(("text", "line", "hint"), [
    # a tab used for indentation (the parser: "found character that cannot start any token")
    (HOUSE + "knocking:\n\tmax_count: 7\n", 4, "line 4 starts with a tab: indent with spaces"),
    (HOUSE + "knocking:\n  max_count: 7\n\tties_win: true\n", 5, "line 5 starts with a tab: indent with spaces"),
    # a key under a section line left commented (the parser: "did not find expected key", at line 4)
    (HOUSE + "# knocking:\n  max_count: 7\n", 3,
     "the indented key max_count (line 4) has no section above it; perhaps the section line is commented out: "
     "line 3 '# knocking:', remove its '#'"),
    (HOUSE + "  max_count: 7\n", 3,
     "line 3: the indented key max_count has no section line above it; un-indent it, or add the section line"),
    # a missing space after a colon (the parser blames the line after it)
    (HOUSE + "knocking:\n  max_count:7\n  ties_win: true\n", 4, "line 4: put a space after the colon: 'max_count: 7'"),
    (HOUSE + "max_count:7\n", 3, "line 3: put a space after the colon: 'max_count: 7'"),
    # an unclosed bracket or quote (the parser blames the next line, or the end of the file)
    (HOUSE + "melds:\n  book_sizes: [3, 4\nknocking:\n  max_count: 7\n", 4,
     "line 4 opens a '[' that is never closed: close it with ']' (book_sizes: [3, 4])"),
    ("extends: pagat\ntitle: \"House\nknocking:\n  max_count: 7\n", 2,
     "line 2 opens a quote (\") that is never closed: end the value with \""),
    ("extends: pagat\ntitle: 'Ann''s house\n", 2, "line 2 opens a quote (') that is never closed"),
])
def test_a_yaml_mistake_names_the_line_to_change(tmp_path: Path, text: str, line: int, hint: str) -> None:
    house = tmp_path / "house.yaml"
    house.write_text(text, encoding="utf-8")
    proc = run("check", str(house))
    assert proc.returncode == 1
    first = proc.stderr.splitlines()[0]
    assert first.startswith(f"{house}:{line}:1: YAML syntax error: {hint}"), proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_mistake_the_hints_do_not_know_keeps_the_parsers_words(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text(HOUSE + "knocking: a: b\n", encoding="utf-8")
    proc = run("check", str(house))
    assert proc.returncode == 1
    assert f"{house}:3:" in proc.stderr and "mapping values are not allowed" in proc.stderr


def test_a_value_where_a_list_is_expected_is_shown_as_a_list(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text(HOUSE + "melds:\n  book_sizes: 3, 4\n", encoding="utf-8")
    proc = run("check", str(house))
    assert proc.returncode == 1
    assert f"{house}:4:15: expected a list, got string '3, 4': write it as [3, 4] (at melds.book_sizes)" in proc.stderr


SESSION = "format: tonk-session/1\nvariant: russian\ncurrency: crowns\nstakes: 1\n"


@pytest.mark.parametrize(("seats", "where", "message"), [
    ("seats:\n\t- Ann\n  - Bob\n", ":6:1:", "YAML syntax error: line 6 starts with a tab: indent with spaces"),
    ("seats: [Ann, Bob\n", ":5:1:", "YAML syntax error: line 5 opens a '[' that is never closed"),
    ("seats: Ann, Bob\n", ":5:8:", "expected a list, got string 'Ann, Bob': write it as [Ann, Bob] (at seats)"),
])
def test_a_session_files_mistakes_get_the_same_hints(tmp_path: Path, seats: str, where: str, message: str) -> None:
    plan = tmp_path / "table.yaml"
    plan.write_text(SESSION + seats, encoding="utf-8")
    proc = run("session", "create", str(tmp_path / "t.sqlite"), "--from", str(plan))
    assert proc.returncode == 1
    assert f"{plan}{where} {message}" in proc.stderr
    assert not (tmp_path / "t.sqlite").exists()  # nothing made


def test_a_commented_section_line_below_another_section_is_named(tmp_path: Path) -> None:
    """The keys under "# knocking:" fall into the section above (players): YAML parses it, the key is unknown
    there, and the message names the commented line to change."""
    house = tmp_path / "house.yaml"
    house.write_text(HOUSE + "players:\n  min: 2\n# knocking:\n  max_count: 7\n", encoding="utf-8")
    proc = run("check", str(house))
    assert proc.returncode == 1
    assert (f"{house}:6:3: unknown key 'max_count'; expected one of: source, source_for, min, max; perhaps the "
            "section line above it is commented out: line 5 '# knocking:', remove its '#' (at players.max_count)"
            ) in proc.stderr
