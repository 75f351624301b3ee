"""Compiling a validated variant (pydantic model) into the frozen :class:`~tonk_rules.ruleset.Ruleset`.

Done once per variant; play never touches pydantic. Every rule field of the model is read here (a test
changes each field and checks that the Ruleset changes), and only documentation fields are not. A rule
object's plain fields — those with the same name and the same type as a field of its model section — are
copied by :func:`copied`, so a new plain field of a section and of its rule object needs no line here; what
is computed (the deck, the meld rules, a field that changes its name or type) is passed by name.

    >>> from tonk_rules.variant.loader import load_variant
    >>> compile_ruleset(load_variant("pagat").variant).deal.hand_size
    5
"""

from __future__ import annotations

import dataclasses
import typing
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from tonk_rules.cards import JOKERS, RANK_NAMES, make_card, value_table
from tonk_rules.ruleset.compiled_ruleset import Ruleset
from tonk_rules.ruleset.dealer_rule import DealerRule
from tonk_rules.ruleset.melds import MeldRules
from tonk_rules.ruleset.payments import PaymentSchedule
from tonk_rules.ruleset.rule_objects import (
    DealCheckRule,
    DealRule,
    DrawRule,
    GoingOutRule,
    HitRule,
    KnockRule,
    SpreadRule,
    StockRule,
    TakenDiscardRule,
)
from tonk_rules.terms import AceRank, ScoringMode, StakesMode
from tonk_rules.variant.loader import load_variant
from tonk_rules.variant.model import Variant
from tonk_rules.variant.sections import Section

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

__all__ = ["compile_ruleset", "copied", "load_ruleset"]

_RANK_BY_NAME = {name: rank for rank, name in enumerate(RANK_NAMES["english"]) if name}
_Rule = TypeVar("_Rule", bound="DataclassInstance")


@cache
def _init_fields(rule: type[DataclassInstance]) -> dict[str, Any]:
    """The fields ``rule`` takes at construction, with their types."""
    hints = typing.get_type_hints(rule)
    return {f.name: hints[f.name] for f in dataclasses.fields(rule) if f.init}


def copied(rule: type[_Rule], section: Section, **computed: Any) -> _Rule:
    """A ``rule`` object whose fields are ``section``'s fields of the same names and types, but for ``computed``.

    A field of ``rule`` that is not computed must be a field of ``section`` with the same type, else this
    raises TypeError at the first compile (never a default, never a silent conversion); a field of
    ``section`` that no rule object takes is what tests/test_nothing_uncompiled.py reports.

        >>> from tonk_rules.ruleset.rule_objects import DrawRule, HitRule
        >>> from tonk_rules.variant.loader import load_variant
        >>> russian = load_variant("russian").variant
        >>> hits = copied(HitRule, russian.hitting)
        >>> (hits.runs, hits.books) == (russian.hitting.runs, russian.hitting.books)
        True
        >>> copied(DrawRule, russian.drawing)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        TypeError: DrawRule.sources is frozenset[...Pile] but Drawing.sources is list[...Pile]: compute it and ...
    """
    model = type(section).model_fields
    for name, kind in _init_fields(rule).items():
        if name in computed:
            continue
        if name not in model or model[name].annotation != kind:
            where = f"{type(section).__name__}.{name} is {model[name].annotation}" if name in model else (
                f"{type(section).__name__} has no {name}")
            raise TypeError(f"{rule.__name__}.{name} is {kind} but {where}: compute it and pass it by name")
    fields = {n: getattr(section, n) for n in _init_fields(rule) if n not in computed}
    return rule(**fields, **computed)


def compile_ruleset(v: Variant) -> Ruleset:
    """Compile a validated variant into rule objects."""
    ranks = tuple(sorted(_RANK_BY_NAME[r] for r in set(v.deck.ranks)))
    deck = (*(make_card(rank, suit) for rank in ranks for suit in range(4)), *JOKERS[: v.deck.jokers])
    melds = MeldRules(
        book_sizes=frozenset(v.melds.book_sizes),
        run_min=v.melds.run_min,
        ace_high=v.melds.ace is AceRank.LOW_OR_HIGH,
        ranks=ranks,
        wild=frozenset(c for c in deck if ("Joker" if c.joker else RANK_NAMES["english"][c.rank]) in v.melds.wild),
        wild_most=v.melds.wild_most if v.melds.wild else 0,
        wild_hits=v.melds.wild_hits and bool(v.melds.wild),
    )
    return Ruleset(
        min_players=v.players.min,
        max_players=v.players.max,
        deal=copied(DealRule, v.deal, deck=deck, values=value_table(v.deck.values)),
        dealer=copied(DealerRule, v.dealer),
        deal_check=copied(DealCheckRule, v.deal_check),
        knocking=copied(KnockRule, v.knocking),
        drawing=DrawRule(sources=frozenset(v.drawing.sources), discard_depth=v.drawing.discard_depth),
        spreading=copied(
            SpreadRule, v.spreading, melds=melds,
            may_hold_books=frozenset((_RANK_BY_NAME[b.rank], b.size) for b in v.spreading.may_hold_books),
        ),
        hitting=copied(HitRule, v.hitting),
        taken_discard=TakenDiscardRule(policy=v.taken_discard.rule),
        going_out=GoingOutRule(),
        stock=copied(StockRule, v.stock_exhaustion),
        per_player_stakes=v.stakes.mode is StakesMode.PER_PLAYER,
        points_target=v.scoring.target if v.scoring.mode is ScoringMode.POINTS else None,
        payments=PaymentSchedule.of(v),
        wins_target=v.scoring.target if v.scoring.mode is ScoringMode.WINS else None,
    )


def load_ruleset(name_or_path: str | Path) -> Ruleset:
    """Load a built-in variant by name, or a variant file by path, and compile it.

    Raises :class:`~tonk_rules.errors.VariantError` listing every problem of the file.

        >>> load_ruleset("russian").deal_check.at_most
        15
    """
    return compile_ruleset(load_variant(name_or_path).variant)
