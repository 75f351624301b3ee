"""Every data file inside the package ships in the wheel: each is matched by a ``package-data`` pattern of
pyproject.toml (a file left out installs from a source checkout but not from ``pip install .``, as the
reckoner's shipped tuning once did)."""

from __future__ import annotations

import fnmatch
import os
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tonk_rules"


def test_every_data_file_of_the_package_is_shipped() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]
    left_out = []
    for folder, dirs, files in os.walk(PACKAGE):  # the builtin_* links are walked by their own pattern
        dirs[:] = [d for d in dirs if d != "__pycache__" and not (Path(folder) / d).is_symlink()]
        package = ".".join(Path(folder).relative_to(ROOT).parts)
        for name in files:
            if name.endswith((".py", ".pyc")):
                continue
            path = (Path(folder) / name).relative_to(ROOT).as_posix()
            owners = {p: globs for p, globs in patterns.items() if package == p or package.startswith(p + ".")}
            shipped = any(fnmatch.fnmatch((Path(folder) / name).relative_to(ROOT / Path(*p.split("."))).as_posix(), g)
                          for p, globs in owners.items() for g in globs)
            if not shipped:
                left_out.append(path)
    assert left_out == [], f"add these to [tool.setuptools.package-data] in pyproject.toml: {left_out}"
