"""`tonk new`: a house-rule file that is valid as written, lists every rule of its parent, and names itself."""

from __future__ import annotations

import contextlib
import re
import subprocess
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from tablekit import run

from tonk_rules.variant.loader import load_variant


def tonk(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``tonk ARGS`` run from ``cwd``, in this process (as ``main`` runs it: a process each is slow)."""
    with contextlib.chdir(cwd):
        proc = run(*args)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def uncomment_rules(text: str) -> str:
    """What a person gets by uncommenting every rule line (everything after the title)."""
    head, _, body = text.partition("\ntitle:")
    title, _, rest = body.partition("\n")
    lines = [line[2:] if line.startswith("# ") else line for line in rest.splitlines()]
    return f"{head}\ntitle:{title}\n" + "\n".join(lines) + "\n"


@pytest.mark.parametrize("parent", ["russian", "pagat", "classic-pc", "russian-2001"])
def test_new_house_file_checks_and_restates_the_parent_exactly(parent: str, tmp_path: Path) -> None:
    proc = tonk("new", "house.yaml", "--extends", parent, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    text = (tmp_path / "house.yaml").read_text(encoding="utf-8")
    assert f"\nextends: {parent}\n" in text
    assert tonk("check", "house.yaml", cwd=tmp_path).returncode == 0
    loaded, base = load_variant(tmp_path / "house.yaml"), load_variant(parent)
    assert loaded.digest == base.digest  # as written it changes nothing
    assert loaded.variant.title == f"house, based on {base.variant.title}"
    # every rule is there, with the parent's value: uncommenting all of them restates the parent exactly
    (tmp_path / "all.yaml").write_text(uncomment_rules(text), encoding="utf-8")
    restated = load_variant(tmp_path / "all.yaml")
    assert restated.digest == base.digest
    assert all(p.file.endswith("all.yaml") for p in restated.provenance.values())


def test_new_points_at_a_schema_that_exists_and_describes_each_key(tmp_path: Path) -> None:
    tonk("new", "h.yaml", "--extends", "pagat", cwd=tmp_path)
    text = (tmp_path / "h.yaml").read_text(encoding="utf-8")
    match = re.match(r"# yaml-language-server: \$schema=(\S+)\n", text)
    assert match is not None
    assert match.group(1) == "variant.schema.json"  # relative: the file and its schema travel together
    path = tmp_path / match.group(1)
    assert path.is_file() and '"title": "tonk-rules variant file"' in path.read_text(encoding="utf-8")
    assert "#   max: 3  # Most players" in text
    assert "# deal_check:  # (4, 6) Tonk on the deal" in text


def test_new_can_write_the_schema_beside_the_file_and_resolves_a_parent_path(tmp_path: Path) -> None:
    (tmp_path / "base.yaml").write_text("extends: pagat\nknocking: {max_count: 10}\n", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    proc = tonk("new", "sub/child.yaml", "--extends", "base.yaml", "--schema-beside", "--title", "Our table",
                cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    text = (tmp_path / "sub" / "child.yaml").read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=variant.schema.json\n")
    assert (tmp_path / "sub" / "variant.schema.json").is_file()
    assert "\nextends: ../base.yaml\ntitle: Our table\n" in text
    assert "#   max_count: 10" in text  # the parent's value, not pagat's
    assert load_variant(tmp_path / "sub" / "child.yaml").variant.knocking.max_count == 10


def test_new_can_point_at_the_installed_schema_instead(tmp_path: Path) -> None:
    assert tonk("new", "h.yaml", "--extends", "pagat", "--schema-installed", cwd=tmp_path).returncode == 0
    match = re.match(r"# yaml-language-server: \$schema=(\S+)\n", (tmp_path / "h.yaml").read_text(encoding="utf-8"))
    assert match is not None and match.group(1).startswith("file://")
    assert Path(unquote(urlparse(match.group(1)).path)).is_file() and not (tmp_path / "variant.schema.json").exists()
    both = tonk("new", "g.yaml", "--extends", "pagat", "--schema-installed", "--schema-beside", cwd=tmp_path)
    assert both.returncode == 2 and "give one" in both.stderr and not (tmp_path / "g.yaml").exists()


def test_new_never_overwrites_and_refuses_an_unknown_parent(tmp_path: Path) -> None:
    (tmp_path / "h.yaml").write_text("keep me\n", encoding="utf-8")
    proc = tonk("new", "h.yaml", "--extends", "pagat", cwd=tmp_path)
    assert proc.returncode == 1 and "already exists" in proc.stderr
    assert (tmp_path / "h.yaml").read_text(encoding="utf-8") == "keep me\n"
    proc = tonk("new", "g.yaml", "--extends", "pagatt", cwd=tmp_path)
    assert proc.returncode == 1 and "did you mean 'pagat'" in proc.stderr
    assert not (tmp_path / "g.yaml").exists()


def test_a_house_file_without_a_title_is_named_after_itself(tmp_path: Path) -> None:
    (tmp_path / "friday-night.yaml").write_text("extends: pagat\nplayers: {max: 4}\n", encoding="utf-8")
    loaded = load_variant(tmp_path / "friday-night.yaml")
    assert loaded.variant.title == "friday-night, based on Pagat / common US rules"


def test_show_digest_is_what_a_record_expects(tmp_path: Path) -> None:
    (tmp_path / "h.yaml").write_text("extends: russian\ndeal_check: {at_most: 13}\n", encoding="utf-8")
    proc = tonk("show", "h.yaml", "--digest", cwd=tmp_path)
    assert proc.returncode == 0 and proc.stdout == load_variant(tmp_path / "h.yaml").digest + "\n"
    assert proc.stdout.strip() != load_variant("russian").digest
    assert re.fullmatch(r"[0-9a-f]{64}\n", proc.stdout)


def test_sources_lists_every_registered_source_with_its_label(tmp_path: Path) -> None:
    proc = tonk("sources", cwd=tmp_path)
    assert proc.returncode == 0
    assert "nsk-2001: Novosibirsk translation (ru, 2001)" in proc.stdout
    assert "silent:" in proc.stdout and "covers:" in proc.stdout


def test_a_record_with_a_stale_digest_names_the_digest_show_prints(tmp_path: Path) -> None:
    (tmp_path / "h.yaml").write_text("extends: russian\ndeal_check: {at_most: 13}\n", encoding="utf-8")
    digest = tonk("show", "h.yaml", "--digest", cwd=tmp_path).stdout.strip()
    (tmp_path / "hand.yaml").write_text(
        "format: tonk-hand/1\nvariant: h.yaml\nvariant_sha256: " + "a" * 64 + "\nplayers: [Ann, Bob]\n"
        "dealer: Bob\ndeal:\n  hands: {Ann: KS QS JD 9H 8C, Bob: AC 2C 3H 4D 9S}\n  upcard: 6D\n"
        "actions:\n  - Ann: knock\n", encoding="utf-8")
    proc = tonk("replay", "hand.yaml", cwd=tmp_path)
    assert proc.returncode == 1 and digest in proc.stderr


def test_check_reports_every_problem_of_a_house_file_at_once(tmp_path: Path) -> None:
    """A typo, a wrong value and two rules that contradict each other are all reported in one run (the
    cross-field checks run on the rest of the file), not the contradictions only once the typo is fixed."""
    house = tmp_path / "house.yaml"
    house.write_text("extends: pagat\nplayers: {min: 9, max: 2}\nknocking:\n  max_count: -3\n"
                     "  min_turns: x\n  bogus: 1\n", encoding="utf-8")
    result = run("check", str(house))
    assert result.returncode == 1
    lines = [line for line in result.stdout.splitlines() + result.stderr.splitlines() if "house.yaml:" in line]
    assert any("unknown key 'bogus'" in line and ":6:3:" in line for line in lines), lines
    assert any("expected integer, got string 'x'" in line and ":5:" in line for line in lines), lines
    assert any("max_count (-3) is below 1" in line and ":4:" in line for line in lines), lines
    assert any("max (2) is below min (9)" in line and ":2:" in line for line in lines), lines
    assert len(lines) == 4, lines


def test_check_does_not_blame_a_rule_on_a_value_it_could_not_read(tmp_path: Path) -> None:
    """A contradiction that involves a value already reported as wrong is not reported again, against the
    parent's value that stands in for it (min 9 against pagat's max would be about a number not written)."""
    house = tmp_path / "house.yaml"
    house.write_text("extends: pagat\nplayers: {min: 9, max: x}\nknocking: {max_count: -3}\n", encoding="utf-8")
    result = run("check", str(house))
    out = result.stdout + result.stderr
    assert result.returncode == 1
    assert "expected integer, got string 'x' (at players.max)" in out
    assert "max_count (-3) is below 1" in out
    assert "below min" not in out, out
