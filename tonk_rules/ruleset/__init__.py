"""The compiled, frozen :class:`Ruleset`: what the engine consults, and nothing else.

    >>> from tonk_rules.ruleset import compile_ruleset
    >>> from tonk_rules.variant.loader import load_variant
    >>> ruleset = compile_ruleset(load_variant("pagat").variant)
    >>> ruleset.deal_check.qualifies([])
    False
    >>> ruleset.hitting.why_not("book", own=False) is None
    True
"""

from __future__ import annotations

from dataclasses import dataclass

from tonk_rules.cards import RANK_NAMES, make_card
from tonk_rules.ruleset.melds import MeldRules
from tonk_rules.ruleset.payments import CompiledRule, Payment, PaymentSchedule, net_of
from tonk_rules.ruleset.strategies import (
    DealCheckRule,
    DealerRule,
    DealRule,
    DrawRule,
    GoingOutRule,
    HitRule,
    KnockRule,
    SpreadRule,
    StockRule,
    TakenDiscardRule,
)
from tonk_rules.variant.model import Variant

__all__ = ["Payment", "PaymentSchedule", "Ruleset", "compile_ruleset", "net_of"]

_RANK_BY_NAME = {name: rank for rank, name in enumerate(RANK_NAMES["english"]) if name}


@dataclass(frozen=True)
class Ruleset:
    min_players: int
    max_players: int
    deal: DealRule
    dealer: DealerRule
    deal_check: DealCheckRule
    knocking: KnockRule
    drawing: DrawRule
    spreading: SpreadRule
    hitting: HitRule
    taken_discard: TakenDiscardRule
    going_out: GoingOutRule
    stock: StockRule
    per_player_stakes: bool
    points_target: int | None
    payments: PaymentSchedule

    @property
    def melds(self) -> MeldRules:
        return self.spreading.melds


def compile_ruleset(v: Variant) -> Ruleset:
    """Compile a validated variant into strategy objects (done once; play never touches pydantic)."""
    ranks = tuple(sorted(_RANK_BY_NAME[r] for r in set(v.deck.ranks)))
    deck = tuple(make_card(rank, suit) for rank in ranks for suit in range(4))
    melds = MeldRules(
        book_sizes=frozenset(v.melds.book_sizes),
        run_min=v.melds.run_min,
        ace_high=v.melds.ace == "low_or_high",
        ranks=ranks,
    )
    schedule = PaymentSchedule(
        rules={
            name: tuple(
                CompiledRule(r.payer, r.receiver, r.stakes, r.stake_of == "payer")
                for r in getattr(v.payments, name).rules
            )
            for name in type(v.payments).model_fields
        }
    )
    return Ruleset(
        min_players=v.players.min,
        max_players=v.players.max,
        deal=DealRule(hand_size=v.deal.hand_size, upcard=v.deal.upcard, deck=deck),
        dealer=DealerRule(rotation=v.dealer.rotation, after_void=v.dealer.after_void, first=v.dealer.first),
        deal_check=DealCheckRule(
            enabled=v.deal_check.enabled,
            at_most=v.deal_check.at_most,
            at_least=v.deal_check.at_least,
            several_void=v.deal_check.several == "void",
        ),
        knocking=KnockRule(
            before_draw=v.knocking.timing == "before_draw",
            max_count=v.knocking.max_count,
            min_turns=v.knocking.min_turns,
            hit_lock=v.knocking.hit_lock,
            ties_win=v.knocking.wins_when == "lowest_or_tied",
        ),
        drawing=DrawRule(from_stock="stock" in v.drawing.sources, from_discard="discard" in v.drawing.sources),
        spreading=SpreadRule(
            before_draw=v.spreading.timing == "before_draw",
            must_spread=v.spreading.must_spread,
            may_hold_ranks=frozenset(_RANK_BY_NAME[r] for r in v.spreading.may_hold_books_of),
            melds=melds,
        ),
        hitting=HitRule(runs=v.hitting.runs, books=v.hitting.books),
        taken_discard=TakenDiscardRule(mode=v.taken_discard.rule),
        going_out=GoingOutRule(),
        stock=StockRule(when_empty=v.stock_exhaustion.when_empty, ties_void=v.stock_exhaustion.ties == "void"),
        per_player_stakes=v.stakes.mode == "per_player",
        points_target=v.scoring.target if v.scoring.mode == "points" else None,
        payments=schedule,
    )
