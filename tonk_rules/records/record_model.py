"""The ``tonk-hand/1`` hand-record file as a pydantic model: the shape of every key, strictly typed.

    >>> RecordFile.model_validate({"format": "tonk-hand/1", "variant": "pagat", "players": ["Ann", "Bob"],
    ...     "dealer": "Bob", "deal": {"hands": {"Ann": "AS", "Bob": "2S"}}, "actions": []}).stakes
    1

Strict: ``stakes: true``, ``reshuffle_seed: false`` and a count written ``"31"`` are refused, not read as
numbers. What needs the variant (seat counts, hand sizes, the deck) is checked by
:mod:`tonk_rules.records.reader`, which also locates every problem in the file.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictInt, StrictStr

FORMAT = "tonk-hand/1"

#: Cards as text (``10п 8б``, ``10S 8D``) or as a list of card tokens.
Cards = Annotated[
    StrictStr | list[StrictStr],
    Field(description="Cards as text ('10п 8б 8ч', '10S 8D', '10♠ 8♦') or a list of card tokens."),
]
Stake = Annotated[StrictInt, Field(ge=1)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Deal(_Strict):
    """The deal: enough to rebuild the deck order exactly."""

    hands: dict[str, Cards] = Field(description="Each player's dealt cards, in the order dealt to them.")
    upcard: Cards | None = Field(None, description="The card turned up; only when the variant turns one.")
    stock: Cards = Field("", description="The top of the stock, top card first; unlisted cards follow in deck "
                                         "order.")


class Checkpoint(_Strict):
    """What a source states about the hand at this point; replay compares it with the play."""

    hands: dict[str, Cards] = Field(default_factory=dict, description="Player -> the cards in their hand.")
    counts: dict[str, Annotated[StrictInt, Field(ge=0)]] = Field(
        default_factory=dict, description="Player -> the count of their hand.")
    spreads: dict[str, Cards | list[Cards]] = Field(
        default_factory=dict, description="Player -> their spread's cards, or a list of their spreads.")
    discard_top: Cards | None = Field(None, description="The top card of the discard pile.")


def _one_entry(entry: dict[str, Any]) -> dict[str, Any]:
    if len(entry) != 1:
        raise ValueError(f"an entry is one `PLAYER: action` or one `checkpoint: {{...}}`, found {len(entry)} keys")
    (key, value), = entry.items()
    if key == "checkpoint" and not isinstance(value, Checkpoint):
        raise ValueError("a checkpoint is a mapping (hands, counts, spreads, discard_top)")
    if key != "checkpoint" and not isinstance(value, str):
        raise ValueError("an action is text such as 'draw stock', 'discard 10п' or 'knock'")
    return entry


#: The schema of one entry of ``actions`` (put in place by :mod:`tonk_rules.records.record_schema`): a player's key
#: takes text, only ``checkpoint`` takes a mapping.
ENTRY_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "`PLAYER: action text` (knock | draw stock|discard [DEPTH] [CARD] | spread CARD... | "
                   "hit CARD on N | discard CARD), or `checkpoint: {...}`.",
    "minProperties": 1,
    "maxProperties": 1,
    "properties": {"checkpoint": {"$ref": "#/$defs/Checkpoint"}},
    "additionalProperties": {"type": "string"},
}

Entry = Annotated[dict[StrictStr, StrictStr | Checkpoint], AfterValidator(_one_entry)]


class RecordFile(_Strict):
    """One hand: the variant, the seats, the deal and every action, with optional checkpoints."""

    format: Literal["tonk-hand/1"] = Field(description="The record format and its version.")
    source: StrictStr | None = Field(None, description="Where the hand comes from (free text).")
    variant: StrictStr = Field(min_length=1, description="A built-in variant name, or a path relative to the "
                                                         "record.")
    variant_sha256: Annotated[StrictStr, Field(pattern="^[0-9a-f]{64}$")] | None = Field(
        None, description="The resolved rules' digest (`tonk show FILE --digest`); replay refuses changed rules.")
    players: list[StrictStr] = Field(min_length=1, description="Player names in seat order, clockwise.")
    dealer: StrictStr = Field(description="The player who deals this hand.")
    stakes: Stake | dict[str, Stake] = Field(1, description="One stake for everyone, or player -> stake.")
    reshuffle_seed: StrictInt = Field(0, description="Fixes the order of any reshuffled discard pile.")
    deal: Deal
    actions: list[Entry] = Field(description="Every action in order, with optional checkpoints.")
