"""The dispatcher of a kernel function that only the kernel's compiled code calls (:func:`~tonk_rules.kernel.jit.njit`).

Such a function is compiled without numba's entry points from Python, so calling it from Python would jump to
no code at all; this class turns that call into a :class:`TypeError` that says what to do. Imported only when
the kernel is first compiled or loaded (it imports numba).
"""

from __future__ import annotations

from typing import Any, NoReturn

from numba.core.registry import CPUDispatcher


class KernelOnly(CPUDispatcher):
    """A numba dispatcher whose function has no entry point from Python (numba types it, and compiles calls to
    it, as any other)."""

    def __call__(self, *args: Any, **kwargs: Any) -> NoReturn:
        name = f"{self.py_func.__module__}.{self.py_func.__qualname__}"
        raise TypeError(f"{name} is compiled for the kernel's own calls only (kernel/jit.py njit); decorate it "
                        "with njit_entry to call it from Python")
