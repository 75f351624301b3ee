"""Files an earlier version wrote: a variant with a key since renamed is refused with the new name and the
same rule written the new way (never a bare "unknown key"); binary data given as a variant is one line."""

from __future__ import annotations

from pathlib import Path

from tablekit import run


def test_a_renamed_key_says_what_it_is_called_now(tmp_path: Path) -> None:
    old = tmp_path / "old.yaml"
    old.write_text("extends: pagat-must-spread\ntitle: old\nspreading:\n  may_hold_books_of: [A, K]\n",
                   encoding="utf-8")
    proc = run("check", str(old))
    assert proc.returncode == 1
    line = proc.stderr.splitlines()[0] if proc.stderr else proc.stdout.splitlines()[0]
    assert "'may_hold_books_of' was renamed to 'may_hold_books'" in line and "unknown key" not in line
    assert "may_hold_books: [{rank: A, size: 3}, {rank: A, size: 4}, {rank: K, size: 3}" in line
    new = tmp_path / "new.yaml"  # the rule as the message writes it loads
    new.write_text("extends: pagat-must-spread\ntitle: new\nspreading:\n  may_hold_books: [{rank: A, size: 3}, "
                   "{rank: A, size: 4}, {rank: K, size: 3}, {rank: K, size: 4}]\n", encoding="utf-8")
    assert run("check", str(new)).returncode == 0


def test_proc_self_environ_as_a_variant_is_one_line() -> None:
    environ = Path("/proc/self/environ")
    if not environ.exists():
        return
    proc = run("simulate", str(environ), "--hands", "10")
    assert proc.returncode == 1
    assert proc.stderr == f"{environ}: the file holds NUL bytes: it is binary data, not YAML text\n"
