"""The sections of the variant model: every rule dimension of Tonk as a pydantic v2 model.

:class:`VariantSections` holds every section of a variant, each checked on its own;
:class:`tonk_rules.variant.model.Variant` adds the checks across sections (:mod:`tonk_rules.variant.checks`,
which read these sections, so they live below the model that runs them). Every field is required (a root
file states every dimension; a child file inherits the rest from its parent), and every section may carry
``source`` and ``source_for``: where each rule comes from (a quotation from a registered source, or an
assumption).

The numbered comments refer to the dimension table in docs/rules.md. Each rule field's description is its
words' (:func:`tonk_rules.words.description`), with its refusals and its rules-sheet sentences.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tonk_rules.cards import MAX_JOKERS
from tonk_rules.terms import (
    AceRank,
    AfterVoid,
    DealerRotation,
    FirstDealer,
    FirstTurn,
    HitPermission,
    KnockTiming,
    KnockWinsWhen,
    Pile,
    Role,
    ScoringMode,
    SeveralDealTonks,
    SpreadTiming,
    StakeOf,
    StakesMode,
    StockPolicy,
    StockTies,
    TakenDiscardPolicy,
)
from tonk_rules.variant.added import added_rule
from tonk_rules.variant.sources import Source
from tonk_rules.words import description as about

RankName = Literal["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
#: What deck.values gives a value: a rank, or the jokers (deck.jokers).
ValueName = Literal["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "Joker"]
#: A card's count value where a house file sets it (deck.values): a whole number of points, 0 to 25.
CardValue = Annotated[int, Field(ge=0, le=25)]



class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Section(_Strict):
    """A rule section. ``source`` and ``source_for`` are provenance (see ``variant/provenance.py``); the
    loader takes them out before validating the rules, so a resolved variant carries rules only."""

    source: Source | None = Field(
        None,
        description="Where the keys this file sets here come from: {ref: <source id>, quote: \"...\"} or "
        "{assumed: \"<reason>\"} where the sources are silent. Alone in a section: cites every key unchanged.",
    )
    source_for: dict[str, Source] = Field(
        default_factory=dict, description="A source for single keys of this section, e.g. {after_void: {assumed: ...}}."
    )

    @model_validator(mode="after")
    def _source_for_names_keys(self) -> Section:
        unknown = set(self.source_for) - set(type(self).model_fields) - {"source", "source_for"}
        if unknown:
            raise ValueError(f"source_for names keys this section does not have: {', '.join(sorted(unknown))}")
        return self


class Players(Section):
    """(1) How many may sit at the table."""

    min: int = Field(ge=2, description=about("players.min"))
    max: int = Field(ge=2, description=about("players.max"))


class Dealer(Section):
    """(2) Who deals first and next."""

    first: FirstDealer = Field(description=about("dealer.first"))
    rotation: DealerRotation = Field(description=about("dealer.rotation"))
    after_void: AfterVoid | None = Field(description=about("dealer.after_void"))


class Deck(Section):
    """The cards in play (four suits of each listed rank)."""

    ranks: list[RankName] = Field(
        min_length=3,
        description=about("deck.ranks"),
    )
    values: dict[ValueName, CardValue] = added_rule(
        {}, since="2026-12-07", description=about("deck.values"),
        source={"assumed": "the sources count an ace 1, two to ten at face value, jack, queen and king 10 each"})
    jokers: Annotated[int, Field(ge=0, le=MAX_JOKERS)] = added_rule(
        0, since="2026-12-07", description=about("deck.jokers"),
        source={"assumed": "the sources play one standard 52-card deck without jokers"})


class Deal(Section):
    """(3) The deal."""

    hand_size: int = Field(ge=1, le=13, description=about("deal.hand_size"))
    upcard: bool = Field(description=about("deal.upcard"))
    first_turn: FirstTurn = Field(description=about("deal.first_turn"))


class DealCheck(Section):
    """(4, 6) Tonk on the deal: which initial hands qualify and what several qualifying hands mean."""

    enabled: bool = Field(description=about("deal_check.enabled"))
    at_most: int | None = Field(description=about("deal_check.at_most"))
    at_least: int | None = Field(description=about("deal_check.at_least"))
    several: SeveralDealTonks | None = Field(description=about("deal_check.several"))


class Knocking(Section):
    """(7, 8) When a player may knock and when a knock succeeds."""

    timing: KnockTiming = Field(description=about("knocking.timing"))
    max_count: int | None = Field(description=about("knocking.max_count"))
    min_turns: int = Field(ge=0, description=about("knocking.min_turns"))
    hit_lock: bool = Field(description=about("knocking.hit_lock"))
    wins_when: KnockWinsWhen = Field(description=about("knocking.wins_when"))


class Drawing(Section):
    """(11) Where a player may draw from."""

    sources: list[Pile] = Field(min_length=1, description=about("drawing.sources"))
    discard_depth: Annotated[int, Field(ge=1, le=52)] = added_rule(
        1, since="2026-12-07", description=about("drawing.discard_depth"),
        source={"assumed": "the sources let a player take only the top discard; taking one of the top N is a "
                           "house rule (the Tunk game takes either of the top two)"})


class HeldBook(_Strict):
    """A book that may be held in hand under must_spread: exactly ``size`` cards of ``rank``."""

    rank: RankName = Field(description=about("HeldBook.rank"))
    size: int = Field(ge=3, le=4, description=about("HeldBook.size"))


class Spreading(Section):
    """(12) When spreads and hits may be laid, and whether held spreads must be laid."""

    timing: SpreadTiming = Field(description=about("spreading.timing"))
    must_spread: bool = Field(description=about("spreading.must_spread"))
    may_hold_books: list[HeldBook] = Field(description=about("spreading.may_hold_books"))


class Melds(Section):
    """(14, 15) What a spread is."""

    book_sizes: list[int] = Field(min_length=1, description=about("melds.book_sizes"))
    run_min: int = Field(ge=3, description=about("melds.run_min"))
    ace: AceRank = Field(description=about("melds.ace"))
    wild: list[ValueName] = added_rule(
        [], since="2026-12-07", description=about("melds.wild"),
        source={"assumed": "the sources have no wild cards: every card stands for itself"})
    wild_most: int = added_rule(
        1, since="2026-12-07", description=about("melds.wild_most"),
        source={"assumed": "the common house choice of rummy tables: one wild card in a spread, the rest natural"})
    wild_hits: bool = added_rule(
        False, since="2026-12-07", description=about("melds.wild_hits"),
        source={"assumed": "the common house choice: a wild card goes down in a new spread, not as a hit"})


class Hitting(Section):
    """(16, 17) Adding single cards to spreads on the table."""

    runs: HitPermission = Field(description=about("hitting.runs"))
    books: HitPermission = Field(description=about("hitting.books"))


class TakenDiscard(Section):
    """(13) What may be done with a card taken from the discard pile."""

    rule: TakenDiscardPolicy = Field(description=about("taken_discard.rule"))


class StockExhaustion(Section):
    """(20) What happens when a player wants to draw from the empty stock."""

    when_empty: StockPolicy = Field(description=about("stock_exhaustion.when_empty"))
    ties: StockTies | None = Field(description=about("stock_exhaustion.ties"))


class Stakes(Section):
    """(21) Stakes."""

    mode: StakesMode = Field(description=about("stakes.mode"))


class Scoring(Section):
    """Play for stakes, or to a points target."""

    mode: ScoringMode = Field(description=about("scoring.mode"))
    target: int | None = Field(description=about("scoring.target"))


class PaymentRule(_Strict):
    """Each payer pays each receiver (never themselves) `stakes` stakes, at the payer's or receiver's stake."""

    payer: Role = Field(description=about("PaymentRule.payer"))
    receiver: Role = Field(description=about("PaymentRule.receiver"))
    stakes: int = Field(ge=1, description=about("PaymentRule.stakes"))
    stake_of: StakeOf | None = Field(
        None, description=about("PaymentRule.stake_of")
    )


class PaymentEvent(Section):
    rules: list[PaymentRule] = Field(description=about("PaymentEvent.rules"))


class Payments(_Strict):
    """(5, 9, 10, 18, 19, 20) Who pays whom, per way a hand can end."""

    deal_tonk: PaymentEvent = Field(description=about("payments.deal_tonk"))
    knock_won: PaymentEvent = Field(description=about("payments.knock_won"))
    knock_caught: PaymentEvent = Field(description=about("payments.knock_caught"))
    out_by_discard: PaymentEvent = Field(description=about("payments.out_by_discard"))
    out_by_spread: PaymentEvent = Field(description=about("payments.out_by_spread"))
    out_by_hit: PaymentEvent = Field(description=about("payments.out_by_hit"))
    stock_exhausted: PaymentEvent = Field(description=about("payments.stock_exhausted"))


#: The keys of a variant that name it rather than rule it: left out of its digest and of every rules diff.
NAMING_KEYS = frozenset({"title", "description", "title_ru", "description_ru"})


class VariantSections(_Strict):
    """Every section of a resolved variant, each checked on its own (:class:`~tonk_rules.variant.model.Variant`
    adds the checks across sections)."""

    title: str = Field(min_length=1, description="A one-line title.")
    description: str = Field(description="What this variant is and where it comes from.")
    # The title and description in Russian, for the pages and sheets of a Russian event. Each belongs to the
    # file that gives the English one: a file that sets ``title`` without ``title_ru`` inherits no Russian title.
    title_ru: str | None = Field(None, min_length=1, description="The one-line title in Russian (optional).")
    description_ru: str | None = Field(None, min_length=1, description="The description in Russian (optional).")
    players: Players
    dealer: Dealer
    deck: Deck
    deal: Deal
    deal_check: DealCheck
    knocking: Knocking
    drawing: Drawing
    spreading: Spreading
    melds: Melds
    hitting: Hitting
    taken_discard: TakenDiscard
    stock_exhaustion: StockExhaustion
    stakes: Stakes
    scoring: Scoring
    payments: Payments

    def title_in(self, lang: str) -> str:
        """The title as a reader of ``lang`` reads it (English where the file gives none in ``lang``)."""
        return self.title_ru if lang == "ru" and self.title_ru else self.title

    def description_in(self, lang: str) -> str:
        """The description as a reader of ``lang`` reads it (English where the file gives none in ``lang``)."""
        return self.description_ru if lang == "ru" and self.description_ru else self.description
