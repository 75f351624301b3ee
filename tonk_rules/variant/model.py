"""The variant model: every rule dimension of Tonk as a pydantic v2 model.

A resolved variant file validates into :class:`Variant`. Every field is required (a root file states every
dimension; a child file inherits the rest from its parent), and every section may carry ``source`` and
``source_for``: where each rule comes from (a quotation from a registered source, or an assumption).

The numbered comments refer to the dimension table in docs/rules.md.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, model_validator

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
from tonk_rules.variant.sources import Source

RankName = Literal["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]



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

    min: int = Field(ge=2, description="Fewest players.")
    max: int = Field(ge=2, description="Most players; players x hand size + upcard must fit the deck.")


class Dealer(Section):
    """(2) Who deals first and next."""

    first: FirstDealer = Field(
        description="high_card_cut: each player cuts a card, the highest deals; agreed: the table chooses."
    )
    rotation: DealerRotation = Field(
        description="Who deals the next hand: left (the player left of the dealer) or winner (the hand's winner)."
    )
    after_void: AfterVoid | None = Field(
        description="After a void deal or void hand: the next dealer deals, or the same dealer deals again "
        "(null where no hand can be void)."
    )


class Deck(Section):
    """The cards in play (four suits of each listed rank)."""

    ranks: list[RankName] = Field(
        min_length=3,
        description="Ranks in the deck, ace to king. Removing ranks (e.g. 8, 9, 10) makes the ranks "
        "either side of the gap consecutive for runs.",
    )


class Deal(Section):
    """(3) The deal."""

    hand_size: int = Field(ge=1, le=13, description="Cards dealt to each player.")
    upcard: bool = Field(
        description="true: the next card is turned up to start the discard pile; false: the first player "
        "must draw from the stock and the first discard starts the pile."
    )
    first_turn: FirstTurn = Field(
        description="free: the first player of the hand plays an ordinary turn; draw_from_stock: on that first "
        "turn they may not knock and must draw from the stock."
    )


class DealCheck(Section):
    """(4, 6) Tonk on the deal: which initial hands qualify and what several qualifying hands mean."""

    enabled: bool = Field(description="false: there is no deal check at all.")
    at_most: int | None = Field(description="A count at or below this is a deal tonk (null: no low tonk).")
    at_least: int | None = Field(description="A count at or above this is a deal tonk (null: no high tonk).")
    several: SeveralDealTonks | None = Field(
        description="Several deal tonks: all_paid (every holder is paid by every non-holder) or void "
        "(a draw: no payments, the cards are thrown in and the next dealer deals); null without a deal check."
    )


class Knocking(Section):
    """(7, 8) When a player may knock and when a knock succeeds."""

    timing: KnockTiming = Field(
        description="start_of_turn: as the turn's first action, instead of drawing; before_draw: any time "
        "before drawing (after laying spreads, where spreads come before the draw)."
    )
    max_count: int | None = Field(description="Knock only with a count at or below this (null: any count).")
    min_turns: int = Field(ge=0, description="Knock only after this many of one's own turns (0: at once).")
    hit_lock: bool = Field(
        description="A player whose spread was hit may not knock on their next turn; each hit adds a turn."
    )
    wins_when: KnockWinsWhen = Field(
        description="The knock succeeds when the knocker's count is strictly lowest, or lowest or tied."
    )


class Drawing(Section):
    """(11) Where a player may draw from."""

    sources: list[Pile] = Field(
        min_length=1, description="Piles a player may draw the top card of: stock and/or discard."
    )


class HeldBook(_Strict):
    """A book that may be held in hand under must_spread: exactly ``size`` cards of ``rank``."""

    rank: RankName = Field(description="The book's rank.")
    size: int = Field(ge=3, le=4, description="The exact number of cards of that rank that may be held.")


class Spreading(Section):
    """(12) When spreads and hits may be laid, and whether held spreads must be laid."""

    timing: SpreadTiming = Field(
        description="after_draw: between drawing and discarding; before_draw: before drawing."
    )
    must_spread: bool = Field(description="true: it is illegal to keep a book or run in hand at the end of a turn.")
    may_hold_books: list[HeldBook] = Field(
        description="With must_spread: books that may be kept in hand, each a rank and an exact size "
        "(pagat: three aces; four aces must be laid)."
    )


class Melds(Section):
    """(14, 15) What a spread is."""

    book_sizes: list[int] = Field(min_length=1, description="Allowed book sizes (cards of one rank): 3 and/or 4.")
    run_min: int = Field(ge=3, description="Fewest cards in a run (consecutive cards of one suit).")
    ace: AceRank = Field(
        description="low: A-2-3 only; low_or_high: also Q-K-A. Runs never wrap (no K-A-2)."
    )


class Hitting(Section):
    """(16, 17) Adding single cards to spreads on the table."""

    runs: HitPermission = Field(
        description="Hits on runs (at either end): on anyone's runs, only one's own, or none."
    )
    books: HitPermission = Field(description="Hits on books (the fourth card): likewise.")


class TakenDiscard(Section):
    """(13) What may be done with a card taken from the discard pile."""

    rule: TakenDiscardPolicy = Field(
        description="free; not_discarded_this_turn (unless it is the only card left); straight_into_spread "
        "(the next action must lay it in a new spread or hit with it)."
    )


class StockExhaustion(Section):
    """(20) What happens when a player wants to draw from the empty stock."""

    when_empty: StockPolicy = Field(
        description="end_lowest_wins: the hand ends and the lowest count is paid; reshuffle: the discard "
        "pile but its top card becomes the new stock; void: the hand is void, no payments."
    )
    ties: StockTies | None = Field(
        description="With end_lowest_wins, several lowest counts: all are paid, or the hand is void (null "
        "otherwise)."
    )


class Stakes(Section):
    """(21) Stakes."""

    mode: StakesMode = Field(
        description="uniform: one agreed stake; per_player: each player names their own stake, and each "
        "payment rule says whose stake it is paid at."
    )


class Scoring(Section):
    """Play for stakes, or to a points target."""

    mode: ScoringMode = Field(
        description="stakes: payments are money; points: each hand's net (stake 1) is added to a score and "
        "the session ends when a player reaches the target."
    )
    target: int | None = Field(description="Points target (points mode only; null with stakes).")


class PaymentRule(_Strict):
    """Each payer pays each receiver (never themselves) `stakes` stakes, at the payer's or receiver's stake."""

    payer: Role = Field(description="Who pays (see receiver).")
    receiver: Role = Field(
        description="winners: who won the event (deal tonk holders; the knocker; the player out; the lowest "
        "count; after a caught knock the lowest other players); others: everyone not a winner; knocker; "
        "at_or_below_knocker / above_knocker: the other players by their count against the knocker's."
    )
    stakes: int = Field(ge=1, description="How many stakes each payer pays each receiver.")
    stake_of: StakeOf | None = Field(
        None, description="Whose stake is used: given with per-player stakes only (left out with one stake)."
    )


class PaymentEvent(Section):
    rules: list[PaymentRule] = Field(description="Payment rules for this ending, all applied.")


class Payments(_Strict):
    """(5, 9, 10, 18, 19, 20) Who pays whom, per way a hand can end."""

    deal_tonk: PaymentEvent = Field(description="Deal tonk: winners are the holders.")
    knock_won: PaymentEvent = Field(description="A successful knock: the winner is the knocker.")
    knock_caught: PaymentEvent = Field(
        description="A caught knock: winners are the lowest among the other players (a knocker never collects)."
    )
    out_by_discard: PaymentEvent = Field(description="Going out by discarding one's last card.")
    out_by_spread: PaymentEvent = Field(
        description="Going out without a final discard, having laid a new spread in that turn."
    )
    out_by_hit: PaymentEvent = Field(
        description="Going out without a final discard, with no new spread in that turn (hits only)."
    )
    stock_exhausted: PaymentEvent = Field(description="The hand ended on the empty stock: winners are the lowest.")


class Variant(_Strict):
    """A fully resolved variant: every rule dimension stated."""

    title: str = Field(min_length=1, description="A one-line title.")
    description: str = Field(description="What this variant is and where it comes from.")
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

    @model_validator(mode="after")
    def _cross_checks(self, info: ValidationInfo) -> Variant:
        # The loader turns off this check and runs it itself, to locate each problem at its own key.
        if not (info.context or {}).get("defer_cross_checks"):
            from tonk_rules.variant.checks import cross_field_problems

            problems = cross_field_problems(self)
            if problems:
                raise ValueError("; ".join(f"{path.split('|')[0]}: {message}" for path, message in problems))
        return self
