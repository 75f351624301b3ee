"""Compiling a validated variant (pydantic model) into the frozen :class:`~tonk_rules.ruleset.Ruleset`.

Done once per variant; play never touches pydantic. Every rule field of the model is read here (a test
changes each field and checks that the Ruleset changes), and only documentation fields are not.

    >>> from tonk_rules.variant.loader import load_variant
    >>> compile_ruleset(load_variant("pagat").variant).deal.hand_size
    5
"""

from __future__ import annotations

from pathlib import Path

from tonk_rules.cards import RANK_NAMES, make_card
from tonk_rules.ruleset import Ruleset
from tonk_rules.ruleset.melds import MeldRules
from tonk_rules.ruleset.payments import CompiledRule, PaymentSchedule
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
from tonk_rules.terms import AceRank, Ending, ScoringMode, StakesMode
from tonk_rules.variant.loader import load_variant
from tonk_rules.variant.model import Variant

__all__ = ["compile_ruleset", "load_ruleset"]

_RANK_BY_NAME = {name: rank for rank, name in enumerate(RANK_NAMES["english"]) if name}


def compile_ruleset(v: Variant) -> Ruleset:
    """Compile a validated variant into rule objects."""
    ranks = tuple(sorted(_RANK_BY_NAME[r] for r in set(v.deck.ranks)))
    deck = tuple(make_card(rank, suit) for rank in ranks for suit in range(4))
    melds = MeldRules(
        book_sizes=frozenset(v.melds.book_sizes),
        run_min=v.melds.run_min,
        ace_high=v.melds.ace is AceRank.LOW_OR_HIGH,
        ranks=ranks,
    )
    schedule = PaymentSchedule(
        rules={
            Ending(name): tuple(CompiledRule(r.payer, r.receiver, r.stakes, r.stake_of)
                                for r in getattr(v.payments, name).rules)
            for name in type(v.payments).model_fields
        }
    )
    return Ruleset(
        min_players=v.players.min,
        max_players=v.players.max,
        deal=DealRule(hand_size=v.deal.hand_size, upcard=v.deal.upcard, deck=deck, first_turn=v.deal.first_turn),
        dealer=DealerRule(first=v.dealer.first, rotation=v.dealer.rotation, after_void=v.dealer.after_void),
        deal_check=DealCheckRule(
            enabled=v.deal_check.enabled,
            at_most=v.deal_check.at_most,
            at_least=v.deal_check.at_least,
            several=v.deal_check.several,
        ),
        knocking=KnockRule(
            timing=v.knocking.timing,
            max_count=v.knocking.max_count,
            min_turns=v.knocking.min_turns,
            hit_lock=v.knocking.hit_lock,
            wins_when=v.knocking.wins_when,
        ),
        drawing=DrawRule(sources=frozenset(v.drawing.sources)),
        spreading=SpreadRule(
            timing=v.spreading.timing,
            must_spread=v.spreading.must_spread,
            may_hold_books=frozenset((_RANK_BY_NAME[b.rank], b.size) for b in v.spreading.may_hold_books),
            melds=melds,
        ),
        hitting=HitRule(runs=v.hitting.runs, books=v.hitting.books),
        taken_discard=TakenDiscardRule(policy=v.taken_discard.rule),
        going_out=GoingOutRule(),
        stock=StockRule(when_empty=v.stock_exhaustion.when_empty, ties=v.stock_exhaustion.ties),
        per_player_stakes=v.stakes.mode is StakesMode.PER_PLAYER,
        points_target=v.scoring.target if v.scoring.mode is ScoringMode.POINTS else None,
        payments=schedule,
    )


def load_ruleset(name_or_path: str | Path) -> Ruleset:
    """Load a built-in variant by name, or a variant file by path, and compile it.

    Raises :class:`~tonk_rules.errors.VariantError` listing every problem of the file.

        >>> load_ruleset("russian").deal_check.at_most
        15
    """
    return compile_ruleset(load_variant(name_or_path).variant)
