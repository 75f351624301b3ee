"""An event's economy: the purses the players sit down with, the house's cut, the debt limit and IOUs, buy-ins.

Written by the game master as a small YAML file (``tonk event economy FOLDER economy.yaml``, or pasted on the
console) and kept in ``event.json`` beside the currency, format ``tonk-economy/1``::

    # yaml-language-server: $schema=schemas/economy.schema.json
    format: tonk-economy/1
    purse: 30                 # what each player is handed out; a player of `purses` gets their own
    purses: {Гоблин: 40}
    bank:                     # optional: the house takes a cut of every payment …
      cut_percent: 10
      # fee: 1                # … or a fixed fee per hand, from the hand's winners
    debt_limit: 0             # none (a purse runs without end, as without an economy), 0, or an amount below 0
    at_limit: iou             # leave: the player must leave; iou: the game master may allow an IOU
    buy_in: 30                # optional: what a buy-in hands out (paid to the bank outside the game)

The file is read by the hardened reader (:mod:`tonk_rules.yamlio`), checked against the checked-in schema
``schemas/economy.schema.json`` (generated from :class:`EconomyFile`) and by pydantic; every problem is
reported as ``FILE:LINE:COL: message (at key)``.

    >>> economy = economy_from_text("economy.yaml", "format: tonk-economy/1\\npurse: 30\\nbank: {cut_percent: 10}\\n"
    ...                             "debt_limit: 0\\nat_limit: iou\\n")
    >>> economy.purse_of("Ann"), economy.floor(), economy.cut(7)
    (30, 0, 1)
    >>> try:
    ...     economy_from_text("economy.yaml", "format: tonk-economy/1\\npurse: 30\\nbank: {cut_percent: 150}\\n")
    ... except EconomyFileError as exc:
    ...     print(exc)
    economy.yaml:3:21: cut_percent is a whole number from 1 to 100; got 150 (at bank.cut_percent)
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from tonk_rules.errors import Diagnostic, TonkError, YamlReadError
from tonk_rules.yamlio import YamlDocument, read_yaml_text

FORMAT = "tonk-economy/1"
SCHEMA_ID = "urn:tonk-rules:schema:economy"
MAX_ECONOMY_BYTES = 16 * 1024
#: a sum of money the economy names: a whole number from 0 to a million (strict: ``true`` is not 1)
Amount = Annotated[int, Field(ge=0, le=1_000_000, strict=True)]
Positive = Annotated[int, Field(ge=1, le=1_000_000, strict=True)]


class EconomyFileError(TonkError):
    """An economy that cannot be used; ``diagnostics`` lists every problem found, located."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        self.diagnostics = sorted(diagnostics, key=lambda d: (d.file, d.line, d.column))
        super().__init__("\n".join(str(d) for d in self.diagnostics))


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


_ONE_OF = "the bank takes either cut_percent (1 to 100) or fee (a whole amount of at least 1), not both"


class Bank(_Strict):
    """The house: a share of every payment, or a fixed fee per hand (one of the two)."""

    cut_percent: Annotated[int, Field(ge=1, le=100, strict=True)] | None = Field(
        None, description="The bank's share of every payment, in percent (rounded to whole coins, half up).")
    fee: Positive | None = Field(None, description="A fixed fee per hand, paid by the hand's winners from what "
                                                   "they won (never more than that).")

    @model_validator(mode="after")
    def _one_of(self) -> Bank:
        if (self.cut_percent is None) == (self.fee is None):
            raise ValueError(_ONE_OF)
        return self


class EconomyFile(_Strict):
    """The evening's money: purses, the bank, the debt limit and what happens at it, buy-ins."""

    format: Literal["tonk-economy/1"] = Field(description="The file format and its version.")
    purse: Amount = Field(description="What each player is handed out when the economy starts (or when they "
                                      "first sit down).")
    purses: dict[Annotated[str, Field(min_length=1, max_length=40)], Amount] = Field(
        default_factory=dict, description="A purse of their own for some players, by seat name.")
    bank: Bank | None = Field(None, description="The house and its cut (none: no bank).")
    debt_limit: Literal["none"] | Amount = Field(
        "none", description="How far below zero a purse may go: none (no limit, as without an economy), 0, or "
                            "an amount.")
    at_limit: Literal["leave", "iou"] = Field(
        "leave", description="What happens to a player a hand would take past the debt limit: leave (the hand "
                             "is refused: the player must leave the table) or iou (the game master may allow an "
                             "IOU for what they cannot pay).")
    buy_in: Positive | None = Field(None, description="What a buy-in hands a player (paid to the bank outside "
                                                      "the game; none: no buy-ins).")

    # --- what the economy does ----------------------------------------------------------------------------
    def purse_of(self, name: str) -> int:
        return self.purses.get(name, self.purse)

    def floor(self) -> int | None:
        """The lowest a purse may go (None: no limit)."""
        return None if self.debt_limit == "none" else -int(self.debt_limit)

    def cut(self, amount: int) -> int:
        """The bank's share of a payment of ``amount`` (0 without a share): whole coins, half up."""
        if self.bank is None or self.bank.cut_percent is None:
            return 0
        return (amount * self.bank.cut_percent + 50) // 100

    def data(self) -> dict[str, Any]:
        return self.model_dump(mode="json", exclude_defaults=False)


def economy_schema() -> dict[str, Any]:
    """The JSON Schema of an economy file (checked in as ``schemas/economy.schema.json``)."""
    schema = EconomyFile.model_json_schema()
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": SCHEMA_ID,
            "title": "tonk-rules economy file", **{k: v for k, v in schema.items() if k != "title"}}


def economy_schema_text() -> str:
    return json.dumps(economy_schema(), indent=2, ensure_ascii=False) + "\n"


def _schema_problems(doc: YamlDocument) -> list[Diagnostic]:
    import jsonschema

    from tonk_rules.variant.diagnose import did_you_mean

    keys = list(EconomyFile.model_fields)
    extra = sorted(set(doc.data) - set(keys))
    problems = [doc.diagnostic((key,), f"unknown key {key!r}{did_you_mean(key, keys)}", key=True) for key in extra]
    schema = economy_schema()
    for error in jsonschema.validators.validator_for(schema)(schema).iter_errors(doc.data):
        if error.validator == "additionalProperties" and tuple(error.absolute_path) == ():
            continue
        path = tuple(error.absolute_path)
        message = error.message
        if error.validator == "anyOf" and path[:1] == ("debt_limit",):
            message = f"the debt limit is none, 0 or a whole amount; got {error.instance!r}"
        elif error.validator == "anyOf" and path[:1] == ("bank",):
            path, message = _why_not_bank(error.instance)
        problems.append(doc.diagnostic(path, message))
    return problems


def _why_not_bank(bank: object) -> tuple[tuple[str, ...], str]:
    """Where and why the bank is not one (said once: the schema says it once per member of its union)."""
    if not isinstance(bank, dict):
        return ("bank",), f"the bank is {{cut_percent: N}} or {{fee: N}}; got {bank!r}"
    unknown = [str(k) for k in bank if k not in ("cut_percent", "fee")]
    if unknown:
        return ("bank",), f"the bank takes cut_percent or fee; unknown key {unknown[0]!r}"
    for key, low, high in (("cut_percent", 1, 100), ("fee", 1, 1_000_000)):
        value = bank.get(key)
        if key in bank and (isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high):
            return ("bank", key), f"{key} is a whole number from {low} to {high:,}; got {value!r}"
    return ("bank",), _ONE_OF


def economy_from_text(file: str, text: str) -> EconomyFile:
    """An economy file's text read and checked; refused with every problem located (:class:`EconomyFileError`)."""
    try:
        doc = read_yaml_text(file, text, limit=MAX_ECONOMY_BYTES, what="economy file")
    except YamlReadError as exc:
        raise EconomyFileError(exc.diagnostics) from None
    if not isinstance(doc.data, dict):
        raise EconomyFileError([Diagnostic(file, 1, 1, "an economy file is a mapping of keys (format, purse, "
                                                        "bank, debt_limit, at_limit, buy_in)")])
    problems = _schema_problems(doc)
    if problems:
        raise EconomyFileError(problems)
    try:
        return EconomyFile.model_validate(doc.data)
    except ValidationError as exc:
        raise EconomyFileError([doc.diagnostic(tuple(p for p in err["loc"] if isinstance(p, (str, int))
                                                     and p not in ("int", "constrained-int")),
                                               err["msg"].removeprefix("Value error, "))
                                for err in exc.errors()]) from None


def economy_of(data: Any) -> EconomyFile | None:
    """The economy ``event.json`` keeps (None: an event without one: balances as they always were)."""
    if data is None:
        return None
    return EconomyFile.model_validate(data)
