"""numba, when it can be imported, and where its compiled kernel is cached on disk.

The kernel is compiled once and cached (``cache=True``), so a second process loads machine code instead of
compiling. numba checks only a function's own file for changes, while the kernel's functions also bake in
constants from ``layout.py`` and each other; the cache therefore lives in a directory named by a hash of
all the kernel's compiled sources (and the numba version), so any edit starts a fresh cache, and suffixed by
the optimisation level when ``NUMBA_OPT`` sets another than numba's default (:func:`opt_suffix`). The
directory is, in order: ``$NUMBA_CACHE_DIR/tonk-kernel-HASH`` when that variable is set; the package's own
``__pycache__`` when writable (a source checkout or a user install); else the user cache directory
(``$XDG_CACHE_HOME`` or ``~/.cache``)``/tonk-rules``; else the system temporary directory.

A cache cannot break a run: an entry that fails to load (a truncated file, an edited one, a FIFO in its
place) is discarded with one line on stderr and the function compiled again, and a cache that cannot be
written leaves the run uncached (:func:`_guarded`).

    >>> cache_dir().name.startswith("tonk-kernel-")
    True
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import inspect
import os
import sys
import tempfile
from collections.abc import Callable, Collection, Iterator
from importlib import metadata, util
from pathlib import Path
from types import FunctionType, ModuleType
from typing import Any

# numba itself is imported only when the kernel is first used (it takes a few hundred milliseconds).
AVAILABLE = util.find_spec("numba") is not None
NUMBA_VERSION = metadata.version("numba") if AVAILABLE else "none"

HERE = Path(__file__).resolve().parent
#: The modules whose compiled code is cached, and the constants they bake in.
COMPILED_SOURCES = ("jit.py", "layout.py", "prng_nb.py", "rules_nb.py", "play_nb.py", "policies_nb.py", "reshuffle.py",
                    "copy_nb.py", "search_nb.py", "search_model_nb.py", "search_budget_nb.py", "reckoner_nb.py",
                    # the rules written once in plain Python, which the kernel compiles: arithmetic, melds and
                    # who pays whom; the engine's action keys, whose constants it bakes in
                    "../ruleset/core.py", "../ruleset/slots.py", "../ruleset/meld_masks.py", "../ruleset/who_pays.py",
                    "../ruleset/position_vector.py", "../engine/encoding.py")
#: The modules whose tables the kernel bakes in as constants without compiling them: the in-play slots
#: (kernel/in_play.py, which layout.py names) and the rule that each hit refusal code names (ruleset/rule_objects.py).
BAKED_SOURCES = ("in_play.py", "../ruleset/rule_objects.py")


def source_hash() -> str:
    digest = hashlib.sha256(NUMBA_VERSION.encode())
    for name in COMPILED_SOURCES + BAKED_SOURCES:
        digest.update((HERE / name).read_bytes())
    return digest.hexdigest()[:16]


def _writable(path: Path) -> bool:
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / f".probe-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
        return True
    except OSError:
        return False


def opt_suffix() -> str:
    """``""`` at numba's default optimisation; ``-opt1`` (and so on) under another ``NUMBA_OPT``: numba's cache
    index does not record the level, so a build at another level lives in a directory of its own, and a
    person's cache never holds the tests' quicker-to-compile, slower-to-run build (``tests/conftest.py``)."""
    level = "".join(ch for ch in os.environ.get("NUMBA_OPT", "").strip() if ch.isalnum())
    return "" if level in ("", "3") else f"-opt{level}"


@functools.cache
def cache_dir() -> Path:
    """Where the compiled kernel is cached (see the module docstring)."""
    name = f"tonk-kernel-{source_hash()}{opt_suffix()}"
    if os.environ.get("NUMBA_CACHE_DIR"):
        return Path(os.environ["NUMBA_CACHE_DIR"]) / name
    xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    for base in (HERE / "__pycache__", Path(xdg) / "tonk-rules", Path(tempfile.gettempdir()) / "tonk-rules"):
        if _writable(base / name):
            return base / name
    return Path(tempfile.gettempdir()) / name


@contextlib.contextmanager
def cache_location() -> Iterator[None]:
    """While a kernel function is decorated, point numba's cache at :func:`cache_dir`."""
    from numba.core import config

    previous = getattr(config, "CACHE_DIR", "")
    setattr(config, "CACHE_DIR", str(cache_dir()))  # noqa: B010 (numba's config has no type stubs)
    try:
        yield
    finally:
        setattr(config, "CACHE_DIR", previous)  # noqa: B010


#: Whether this process has said that the cache could not be used (it says so once, in one line).
_warned: set[str] = set()


def _warn_once(kind: str, line: str) -> None:
    if kind not in _warned:
        _warned.add(kind)
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.write(f"tonk: {line}"[:80] + "\n")  # 80 columns, no path: one line a person reads
            sys.stderr.flush()


def _discard(cache: Any, index: Path | None, exc: BaseException) -> None:
    """Forget what the cache of one function holds (an empty index: numba compiles again and saves anew)."""
    _warn_once("load", "the compiled-kernel cache could not be read; discarded, compiling again")
    try:
        cache.flush()
    except Exception:  # an index that cannot even be rewritten: removed, or left for numba to overwrite
        if index is not None:
            with contextlib.suppress(OSError):
                index.unlink()


def _not_regular(path: Path) -> bool:
    return path.is_symlink() or (path.exists() and not path.is_file())


def _guarded(dispatcher: Any) -> Any:
    """``dispatcher`` whose disk cache cannot break a run: an entry that fails to load (a truncated or edited
    file, something that is not a regular file in its place) is discarded with one line of warning and the
    function compiled again; a save that fails (a full or read-only disk) leaves the run to go on uncached."""
    cache = getattr(dispatcher, "_cache", None)
    if cache is None or not hasattr(cache, "load_overload"):
        return dispatcher
    index_path = getattr(getattr(cache, "_cache_file", None), "_index_path", None)
    index = Path(index_path) if isinstance(index_path, str) else None
    load, save = cache.load_overload, cache.save_overload

    def load_overload(sig: Any, target_context: Any) -> Any:
        try:
            if index is not None and _not_regular(index):
                # a FIFO would block the read forever, a folder fail it: neither is an index numba wrote
                with contextlib.suppress(OSError):
                    index.unlink()
                raise FileExistsError(f"{index} is not a regular file")
            return load(sig, target_context)
        except Exception as exc:  # anything a damaged pickle raises; KeyboardInterrupt still ends the run
            _discard(cache, index, exc)
            return None

    def save_overload(sig: Any, data: Any) -> None:
        try:
            save(sig, data)
        except Exception:
            _warn_once("save", "the compiled kernel could not be cached; the next run compiles it again")

    cache.load_overload, cache.save_overload = load_overload, save_overload
    return dispatcher


def _cached(fn: Callable[..., Any], **options: Any) -> Any:
    """``numba.njit(cache=True, **options)(fn)``, cached in :func:`cache_dir` and :func:`_guarded`. numba picks a
    function's cache directory when it is decorated, so the directory is set here, whoever imports the module
    (the kernel's API, a test, or pytest collecting doctests)."""
    import numba

    with cache_location():
        dispatcher = numba.njit(cache=True, **options)(fn)
    return _guarded(dispatcher)


def njit_inline(fn: Callable[..., Any]) -> Any:
    """:func:`njit` for a small helper that is worth inlining into its callers at numba's level."""
    return _cached(fn, inline="always")


def njit(fn: Callable[..., Any]) -> Any:
    """``numba.njit(cache=True)`` for a function that only the kernel's compiled code calls, cached in
    :func:`cache_dir`: compiled on first use, then loaded from disk.

    It is compiled without numba's entry points from Python (a CPython and a C wrapper, which numba would
    otherwise lower, optimise and turn into machine code of their own for every such function, though only its
    callers' linked copy ever runs: 1.4 s of the kernel's compile, docs/speed.md); a call from Python raises
    :class:`TypeError` (:class:`~tonk_rules.kernel.kernel_only.KernelOnly`). A function that Python calls is
    decorated :func:`njit_entry`.
    """
    from tonk_rules.kernel.kernel_only import KernelOnly

    dispatcher = _cached(fn, no_cpython_wrapper=True, no_cfunc_wrapper=True)
    dispatcher.__class__ = KernelOnly  # the same object, whose call from Python now says what is wrong
    return dispatcher


def njit_entry(fn: Callable[..., Any]) -> Any:
    """:func:`njit` for a function that Python calls too: the kernel's entries (``play_batch``, ``mc_choice``,
    ``rollouts``, ``feature_counts``) and the helpers that the reference engine's bots and the tests call."""
    return _cached(fn)


def compiled_copy(module: ModuleType, inline: Collection[str] = (), entries: Collection[str] = (),
                  **replace: Any) -> ModuleType:
    """The functions of a plain-Python ``module``, compiled, calling each other compiled.

    numba compiles a call only to another compiled function, so the module's own functions cannot simply be
    wrapped: its source is run again, from its own file, in a namespace of its own; ``replace`` overrides
    names there (a compile-time constant, a primitive the kernel has faster); then every function defined
    there becomes its :func:`njit` (those named in ``inline``: :func:`njit_inline`; in ``entries``, which
    Python calls too: :func:`njit_entry`) compilation, lazily, on first call. The module itself stays plain
    Python for the reference engine: one source, run both ways. The cache knows the copy by the module's file
    (listed in :data:`COMPILED_SOURCES`), so a process makes one copy of a module, with one ``replace``.
    """
    path = inspect.getfile(module)
    namespace: dict[str, Any] = {"__name__": module.__name__, "__file__": path}
    with open(path, encoding="utf-8") as source:
        exec(compile(source.read(), path, "exec", dont_inherit=True), namespace)  # its own file: the cache knows it
    functions = {name for name, value in namespace.items()
                 if isinstance(value, FunctionType) and value.__globals__ is namespace}
    unknown = (set(inline) | set(entries) | set(replace)) - set(namespace)
    if unknown:
        raise ValueError(f"compiled_copy({module.__name__}): no {sorted(unknown)} in the module")
    namespace.update(replace)
    for name in functions - set(replace):
        compile_as = njit_inline if name in inline else njit_entry if name in entries else njit
        namespace[name] = compile_as(namespace[name])
    copy = ModuleType(f"{module.__name__} (compiled)", module.__doc__)  # a module: numba resolves its attributes
    copy.__dict__.update((name, value) for name, value in namespace.items() if not name.startswith("__"))
    return copy
