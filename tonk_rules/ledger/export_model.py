"""The ledger export format (``tonk-ledger-export/2``) as a pydantic model; its JSON Schema is checked in as
``schemas/ledger-export.schema.json`` (``tonk session schema --export`` prints it).

Strict: an amount is an integer (``true`` is not 1), a stake at least 1, an ending one the rules know, a
name as a seat name may be; unknown keys are refused. What the model cannot see (hands numbered 1, 2, …,
balances equal to the sum of the payments, the dealer chain, the variant's seat minimum) the import
checks by replaying the events (:mod:`tonk_rules.ledger.json_import`).
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from tonk_rules.terms import Ending

SCHEMA_ID = "urn:tonk-rules:schema:ledger-export"
Name = Annotated[str, Field(min_length=1, max_length=40)]
Stake = Annotated[int, Field(ge=1, le=1_000_000)]
#: Limits far above any evening and far below SQLite's 64-bit integers: a number beyond them is no record
Amount = Annotated[int, Field(ge=1, le=10**12)]
Net = Annotated[int, Field(ge=-(10**15), le=10**15)]
Count = Annotated[int, Field(ge=0, le=1000)]
Serial = Annotated[int, Field(ge=1, le=10**9)]
Moment = Annotated[str, Field(max_length=64)]  # an ISO 8601 time, as the ledger writes it
ENDINGS: list[str] = [e.value for e in Ending]
_ENDING_SCHEMA: dict[str, Any] = {"enum": list(ENDINGS)}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, populate_by_name=True)


class Payment(_Strict):
    payer: Name = Field(alias="from")
    to: Name
    amount: Amount


class Hand(_Strict):
    """A hand as ``tonk session history --json`` shows it."""

    number: Serial
    kind: Literal["settled", "played"]
    ending: str = Field(json_schema_extra=_ENDING_SCHEMA)
    winners: list[Name]
    counts: dict[Name, Count | None]
    payments: list[Payment]
    net: dict[Name, Net]
    knocker: Name | None
    dealer: Name
    next_dealer: Name
    players: list[Name] = Field(min_length=2)
    stakes: dict[Name, Stake]
    detail: dict[str, Any]
    recorded_at: Moment

    @field_validator("ending")
    @classmethod
    def _known_ending(cls, value: str) -> str:
        if value not in ENDINGS:
            raise ValueError(f"not an ending the rules know ({', '.join(ENDINGS)})")
        return value


class Rules(_Strict):
    """Rules as a ledger keeps them: the full resolved variant, its title and digest, where it was read."""

    ref: str = Field(max_length=4096)
    title: str = Field(max_length=500)
    sha256: str = Field(pattern="^[0-9a-f]{64}$")
    variant: dict[str, Any]


class Seat(_Strict):
    name: Name
    player: str | None = Field(max_length=80)
    stake: Stake


class Player(Seat):
    seated: bool


class Start(_Strict):
    first_dealer: Name
    seats: list[Seat] = Field(min_length=2)
    rules: Rules


class Correction(_Strict):
    """The game master voided or amended the hand (``amended``: the hand after an amend)."""

    kind: Literal["void", "amend"]
    reason: str = Field(min_length=1, max_length=200)
    at: Moment
    amended: Hand | None = None


class Event(_Strict):
    """One event: a hand (``hand``; a corrected hand also ``original``, as first recorded, and its
    ``corrections`` in order), a join (``name``, ``stake``, ``after``, ``player``), a leave (``name``),
    a change of rules (``rules``, ``diff``), an undo (``undoes``: the event it took back), a correction of its
    own (``number``, ``correction``) or a movement of money (``money``)."""

    event: Serial
    kind: Literal["hand", "join", "leave", "rules", "undo", "correct", "money"]
    at: Moment
    undone_by: Serial | None
    hand: Hand | None = None
    original: Hand | None = None
    corrections: list[Correction] | None = None
    name: Name | None = None
    stake: Stake | None = None
    after: Name | None = None
    player: str | None = Field(None, max_length=80)
    rules: Rules | None = None
    diff: list[dict[str, Any]] | None = None
    undoes: Serial | None = None
    #: a correction that is an event of its own (``kind: correct``): the hand it corrects, and what it did
    number: Serial | None = None
    correction: Correction | None = None
    #: a movement of money (``kind: money``): what the economy did, as :mod:`tonk_rules.ledger.money` keeps it
    money: dict[str, Any] | None = None
    #: what the economy moved with a hand or a correction (the bank's cut, IOUs, what a void gives back)
    moved: list[dict[str, Any]] | None = None


class LedgerExport(_Strict):
    """A whole session: the table at the start, every event in order, and where it stands."""

    format: Literal["tonk-ledger-export/2"]
    title: str | None = Field(max_length=500)
    currency: str = Field(min_length=1, max_length=40)
    created: Moment
    start: Start
    events: list[Event]
    rules: Rules
    players: list[Player]
    hands: list[Hand]
    balances: dict[Name, Net]
    next_dealer: Name


def export_schema() -> dict[str, Any]:
    from tonk_rules.variant.schema import drop_generated

    schema = LedgerExport.model_json_schema(by_alias=True)
    drop_generated(schema)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": SCHEMA_ID,
            "title": "tonk-rules ledger export", **{k: v for k, v in schema.items() if k != "title"}}


def export_schema_text() -> str:
    return json.dumps(export_schema(), indent=2, ensure_ascii=False) + "\n"
