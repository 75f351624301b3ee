"""Files the table tools write: the checks and the atomic write of :mod:`tonk_rules.outputs`, where every
command with an output file finds them (kept here so the table modules' imports stay as they are)."""

from __future__ import annotations

from tonk_rules.outputs import why_not_writable, write_atomic

__all__ = ["why_not_writable", "write_atomic"]
