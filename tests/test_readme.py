"""The README and the guides under docs/ cannot drift: the sections table in docs/house-rules.md is generated
from the model, every code block that is a command or a file is exercised, and every relative link leads to
a file (and, with `#anchor`, a heading) that exists.

Blocks are found generically in README.md and every docs/*.md, so new sections and new guides are covered
without editing this test:
- ```sh blocks: every line that runs `tonk` is run (in a scratch folder holding a copy of `examples/` and
  `variants/`) and must exit 0, unless it names an input file that does not exist (`my-table.yaml`) or its
  comment says "(not run by tests: <reason>)" (a simulation that takes minutes);
- ```yaml blocks: a block whose first key is `format` is a hand record and must replay to its end; one whose
  first key is `extends` or `title` is a variant file and must load;
- ```json blocks must parse; ```python blocks run and must exit 0.
A block that cannot be exercised (an output sample, a fragment) is marked on the line before it with
`<!-- not run: <reason> -->`, and any other language is refused here until someone says how to check it.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from tablekit import tonk  # in this process; the shell lines start real ones

from tonk_rules.records import load_record, replay
from tonk_rules.variant.docs import GUIDE, START, replace_table
from tonk_rules.variant.loader import load_variant

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
TEXTS = {path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8") for path in DOCS}
FENCE = re.compile(r"(?P<before>[^\n]*)\n```(?P<lang>[\w-]*)\n(?P<body>.*?)\n```", re.S)
CHECKED = {"sh", "yaml", "json", "python"}
#: Turns a hung command into a failure; not a speed limit (a loaded shared machine runs a command for minutes).
HANG_SECONDS = 900


@functools.cache  # the docs are read once per process; the scan takes about 0.1 s and several case lists ask
def blocks() -> tuple[tuple[str, str, str], ...]:
    """(FILE:LINE, language, text) of every fenced block not marked `<!-- not run: ... -->`, in every doc."""
    found = []
    for name, text in TEXTS.items():
        for match in FENCE.finditer(text):
            if match.group("before").strip().startswith("<!-- not run:"):
                continue
            line = text.count("\n", 0, match.start("body"))
            found.append((f"{name}:{line}", match.group("lang"), match.group("body")))
    return tuple(found)


def _ids(kind: str) -> list[tuple[str, str]]:
    return [(line, body) for line, lang, body in blocks() if lang == kind]


def test_sections_table_is_generated_from_the_model() -> None:
    guide = TEXTS[GUIDE]
    assert START in guide, f"{GUIDE} has lost its sections table"
    assert replace_table(guide) == guide, f"regenerate with: python -m tonk_rules.variant.docs {GUIDE}"


def test_every_block_has_a_known_kind() -> None:
    unknown = [(where, lang) for where, lang, _ in blocks() if lang not in CHECKED]
    assert not unknown, f"blocks of kinds not checked here (check them or mark them not run): {unknown}"
    assert {"sh", "yaml"} <= {lang for _, lang, _ in blocks()}


LINK = re.compile(r"(?<!!)\[[^\]]*\]\((?P<target>[^)\s]+)\)")
HEADING = re.compile(r"^#{1,6} (?P<title>.+)$", re.M)


def _anchor(title: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")


def _headings(text: str) -> set[str]:
    without_code = re.sub(r"```.*?```", "", text, flags=re.S)  # a `# comment` in a block is no heading
    return {_anchor(m.group("title")) for m in HEADING.finditer(without_code)}


def test_anchor_follows_githubs_rule() -> None:
    assert _anchor("Hand records (`tonk-hand/1`)") == "hand-records-tonk-hand1"
    assert _anchor("Loading, the kernel, the engine and simulation") == "loading-the-kernel-the-engine-and-simulation"


LINKS = [(name, m.group("target")) for name, text in TEXTS.items() for m in LINK.finditer(text)
         if not re.match(r"[a-z]+:", m.group("target"))]  # http:, https:, mailto: are not checked here


def test_the_readme_links_every_guide() -> None:
    linked = {target.split("#")[0] for name, target in LINKS if name == "README.md"}
    assert {name for name in TEXTS if name != "README.md"} <= linked


@pytest.mark.parametrize(("name", "target"), LINKS, ids=[f"{n}->{t}" for n, t in LINKS])
def test_relative_link_leads_somewhere(name: str, target: str) -> None:
    path, _, anchor = target.partition("#")
    doc = (ROOT / name).parent / path if path else ROOT / name
    assert doc.exists(), f"{name}: link to {target}: no file {doc.relative_to(ROOT)}"
    if anchor:
        assert doc.suffix == ".md", f"{name}: link to {target}: an anchor into a file that is not Markdown"
        assert anchor in _headings(doc.read_text(encoding="utf-8")), f"{name}: link to {target}: no such heading"


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("readme")
    for name in ("examples", "variants"):
        shutil.copytree(ROOT / name, folder / name)
    return folder


def _tonk_lines(body: str) -> list[str]:
    lines = []
    # a command continued with a trailing backslash is one command, as the shell reads it
    for raw in re.sub(r"\\\n\s*", " ", body).splitlines():
        code, _, comment = raw.partition(" #")  # trailing comments explain, they are not run
        code = code.strip()
        if re.match(r"tonk(\s|$)", code):
            # a line too slow for the suite says so in its comment: "(not run by tests: <reason>)"
            lines.append(code if "not run by tests:" not in comment else f"{code}  # {comment.strip()}")
    return lines


def _missing_input(line: str, cwd: Path) -> str | None:
    words = shlex.split(line.split(">", 1)[0])
    for word in words[1:]:
        if not word.startswith("-") and re.search(r"\.(ya?ml|json)$", word) and not (cwd / word).exists():
            return word
    return None


SH_LINES = [(n, line) for n, body in _ids("sh") for line in _tonk_lines(body)]
#: What only a shell reads (a redirection, a pipe, a second command, a variable): such a line runs in bash, with
#: the installed ``tonk`` (as does the house-file test below: the entry point stays run); a plain one runs here.
SHELL = re.compile(r"[|&;<>$`*?(){}\\]")
#: Commands that play thousands of hands (in worker processes, several variants or one-rule points, each
#: tuned on first use): marked slow. The default run covers each of them in its own test file
#: (test_simulate, test_report, test_sweep, test_ladder, test_tuning, test_design), at a few hundred hands.
SLOW_COMMAND = re.compile(r"^tonk (simulate|compare|sweep|ladder|tune|design)\b")


@pytest.mark.parametrize(("where", "line"), [
    pytest.param(where, line, id=line, marks=[pytest.mark.slow] if SLOW_COMMAND.match(line) else [])
    for where, line in SH_LINES])
def test_readme_command_runs(where: str, line: str, scratch: Path) -> None:
    created = re.match(r"tonk new (\S+)", line)
    if created:
        (scratch / created.group(1)).unlink(missing_ok=True)
    if "not run by tests:" in line:
        pytest.skip(f"{where}: marked {line.split('#', 1)[1].strip()}")
    missing = _missing_input(line.replace(created.group(1), "", 1) if created else line, scratch)
    if missing is not None:
        pytest.skip(f"{where}: needs {missing}, which is the reader's own file")
    if not SHELL.search(line):  # one plain command: run in this process (a new one costs about 0.8 s of CPU)
        proc = tonk(*shlex.split(line)[1:], cwd=scratch)
        assert proc.returncode == 0, f"{where}: {line}\n{proc.stderr}"
        return
    bindir = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": bindir + os.pathsep + os.environ.get("PATH", ""), "COLUMNS": "100"}
    proc = subprocess.run(["bash", "-c", f"set -o pipefail; {line}"], capture_output=True, text=True, cwd=scratch,
                          env=env, timeout=HANG_SECONDS)
    assert proc.returncode == 0, f"{where}: {line}\n{proc.stderr}"
    assert "Traceback" not in proc.stderr


def test_the_house_file_the_readme_starts_is_then_checked(scratch: Path) -> None:
    """`tonk new my-table.yaml` in the tour makes the next line's `tonk check my-table.yaml` meaningful."""
    lines = [line for _, line in SH_LINES]
    if "tonk new my-table.yaml --extends russian" in lines:
        (scratch / "my-table.yaml").unlink(missing_ok=True)
        bindir = Path(sys.executable).parent
        subprocess.run([str(bindir / "tonk"), "new", "my-table.yaml", "--extends", "russian"], cwd=scratch,
                       check=True, capture_output=True)
        proc = subprocess.run([str(bindir / "tonk"), "check", "my-table.yaml"], cwd=scratch, capture_output=True,
                              text=True)
        assert proc.returncode == 0, proc.stderr


YAML_BLOCKS = _ids("yaml")


@pytest.mark.parametrize(("where", "body"), YAML_BLOCKS, ids=[n for n, _ in YAML_BLOCKS])
def test_readme_yaml_block_loads(where: str, body: str, scratch: Path) -> None:
    data = yaml.safe_load(body)
    assert isinstance(data, dict) and data, f"{where}: not a mapping"
    first = next(iter(data))
    path = scratch / f"readme-{where.replace('/', '-').replace(':', '-')}.yaml"
    path.write_text(body + "\n", encoding="utf-8")
    if first == "format":
        hand = replay(load_record(path))  # every step and checkpoint must hold
        assert hand.result is not None, f"{where}: the hand does not end"
    elif first in ("extends", "title"):
        load_variant(path)
    else:
        pytest.fail(f"{where}: a yaml block starting with {first!r} is neither a variant nor a record")


@pytest.mark.parametrize(("where", "body"), _ids("json"))
def test_readme_json_block_parses(where: str, body: str) -> None:
    json.loads(body)


@pytest.mark.parametrize(("where", "body"), _ids("python"))
def test_readme_python_block_runs(where: str, body: str, scratch: Path) -> None:
    proc = subprocess.run([sys.executable, "-c", body], capture_output=True, text=True, cwd=scratch,
                          timeout=HANG_SECONDS)
    assert proc.returncode == 0, f"{where}:\n{proc.stderr}"
