"""Where a rule comes from: the sources registry and the two kinds of ``source`` a variant file writes.

A value is either *quoted* from a source in the registry (``tonk_rules/variant/sources.yaml``)::

    source: {ref: jnm, quote: "для двух или более игроков"}

or *assumed*, with the reason, where the sources are silent::

    source: {assumed: "the sources do not say who deals first"}

    >>> registry()["nsk-2001"].label
    'Novosibirsk translation (ru, 2001)'
    >>> Quote(ref="jnm", quote="стандартная колода").describe()
    'JNM "Black Company" LARP rules (ru, undated): «стандартная колода»'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Annotated, Any

import yaml
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, WithJsonSchema


@dataclass(frozen=True)
class SourceInfo:
    """One entry of the registry."""

    id: str
    title: str
    language: str
    year: int | None
    seed: str
    origin: str
    covers: str
    silent: str

    @property
    def label(self) -> str:
        """How users see the source: title, language and year, never a bare id."""
        return f"{self.title} ({self.language}, {self.year or 'undated'})"


@cache
def registry() -> dict[str, SourceInfo]:
    """The sources registry shipped with the package, by id."""
    text = resources.files("tonk_rules.variant").joinpath("sources.yaml").read_text(encoding="utf-8")
    data: dict[str, dict[str, Any]] = yaml.safe_load(text)
    return {
        key: SourceInfo(id=key, title=v["title"], language=v["language"], year=v["year"], seed=str(v["seed"]),
                        origin=" ".join(v["origin"].split()), covers=" ".join(v["covers"].split()),
                        silent=" ".join(v["silent"].split()))
        for key, v in data.items()
    }


def _known(ref: str) -> str:
    if ref not in registry():
        raise ValueError(f"unknown source {ref!r} (sources: {', '.join(registry())})")
    return ref


SourceId = Annotated[
    str,
    AfterValidator(_known),
    WithJsonSchema({"enum": list(registry()), "description": "A source id from the sources registry "
                    "(`tonk sources` lists them)."}),
]


class Quote(BaseModel):
    """A value stated by a source: its id and a quotation (with ``…`` where words are left out)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    ref: SourceId
    quote: str = Field(min_length=1, description="The source's own words, as printed.")
    note: str | None = Field(None, description="How the quotation settles the value, where that needs saying.")

    def describe(self) -> str:
        text = f"{registry()[self.ref].label}: «{self.quote}»"
        return f"{text} ({self.note})" if self.note else text


class Assumption(BaseModel):
    """A value the sources do not give: the file author's choice, with the reason."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    assumed: str = Field(min_length=1, description="Why this value, where the sources are silent.")

    def describe(self) -> str:
        return f"assumed: {self.assumed}"


Source = Quote | Assumption
