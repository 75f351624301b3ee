"""Copying one array into another of the same shape, in the kernel.

A loop, not numba's slice assignment (``dst[:] = src``): that one checks the shapes at run time and so compiles
its error message (the formatting of integers and strings into a ``ValueError``) into every entry of the kernel
that copies an array; the copies here are between arrays of one layout, whose shapes agree by construction.
Measured: 1.4 s of the kernel's compile and a share of each entry's finalizing (docs/speed.md).
"""

from __future__ import annotations

from tonk_rules.kernel.jit import njit_inline


@njit_inline
def copy_into(dst, src):  # type: ignore[no-untyped-def]
    """``dst[:] = src`` for two 1-D arrays of one length."""
    for i in range(dst.shape[0]):
        dst[i] = src[i]
