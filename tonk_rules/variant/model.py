"""The variant model: every rule dimension of Tonk as a pydantic v2 model.

A resolved variant file validates into :class:`Variant`: the sections of :mod:`tonk_rules.variant.sections`,
each checked on its own, then checked across sections (:mod:`tonk_rules.variant.checks`). Every field is
required (a root file states every dimension; a child file inherits the rest from its parent), and every
section may carry ``source`` and ``source_for``: where each rule comes from (a quotation from a registered
source, or an assumption).

The numbered comments of the sections refer to the dimension table in docs/rules.md.
"""

from __future__ import annotations

from pydantic import ValidationInfo, model_validator

from tonk_rules.variant.checks import cross_field_problems
from tonk_rules.variant.sections import VariantSections


class Variant(VariantSections):
    """A fully resolved variant: every rule dimension stated."""

    @model_validator(mode="after")
    def _cross_checks(self, info: ValidationInfo) -> Variant:
        # The loader turns off this check and runs it itself, to locate each problem at its own key.
        if not (info.context or {}).get("defer_cross_checks"):
            problems = cross_field_problems(self)
            if problems:
                raise ValueError("; ".join(f"{path.split('|')[0]}: {message}" for path, message in problems))
        return self
