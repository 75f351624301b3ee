"""Cross-field checks of a variant: rules that no single field can state.

Each problem is returned as ``(key paths, message)``: the paths, separated by ``|``, are the keys whose
combination is wrong, first the one named in the message. The loader points at whichever of them the most
derived file wrote, so a house rule that breaks a parent's value is blamed, not the parent.
Options that would have no effect are errors too: a table that writes them believes they do something.
Every such "X only matters when Y" pair is one row of :data:`DEPENDENT_OPTIONS`; the same row says when X
must then be given, and what X is when it has no effect (``neutral``). An X that a house file merely
inherits, and that its own change of Y leaves without effect, is reset to that neutral value by the loader
instead (``variant/inherited.py``).

The checks read a variant's sections (:class:`~tonk_rules.variant.sections.VariantSections`), not the
model's :class:`~tonk_rules.variant.model.Variant`: the model runs them from its validator, so they sit
below it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tonk_rules.cards import card_value, why_not_deal
from tonk_rules.terms import HitPermission, Pile, ScoringMode, SeveralDealTonks, StakesMode, StockPolicy, StockTies
from tonk_rules.variant.sections import VariantSections

_KNOCK_ROLES = {"knocker", "at_or_below_knocker", "above_knocker"}


def _rank_value(rank: str, variant: VariantSections) -> int:
    house: dict[str, int] = {str(r): n for r, n in variant.deck.values.items()}
    return house.get(rank, 0 if rank == "Joker" else card_value(rank))


def possible_counts(variant: VariantSections) -> tuple[int, int]:
    """The lowest and highest count a dealt hand can have in this deck (at its values, deck.values)."""
    values = sorted([*(_rank_value(r, variant) for r in variant.deck.ranks for _ in range(4)),
                     *[_rank_value("Joker", variant)] * variant.deck.jokers])
    n = variant.deal.hand_size
    return sum(values[:n]), sum(values[-n:])


def can_be_void(v: VariantSections) -> bool:
    """Whether a hand can end void (no payments, redeal) under these rules."""
    return ((v.deal_check.enabled and v.deal_check.several is SeveralDealTonks.VOID)
            or v.stock_exhaustion.when_empty in (StockPolicy.VOID, StockPolicy.RESHUFFLE)  # nothing to reshuffle
            or (v.stock_exhaustion.when_empty is StockPolicy.END_LOWEST_WINS
                and v.stock_exhaustion.ties is StockTies.VOID))


def _stake_of_paths(v: VariantSections) -> list[str]:
    return [f"payments.{name}.rules.{i}.stake_of" for name in type(v.payments).model_fields
            for i, rule in enumerate(getattr(v.payments, name).rules) if rule.stake_of is not None]


def _stake_of_missing(v: VariantSections) -> list[str]:
    return [f"payments.{name}.rules.{i}.stake_of" for name in type(v.payments).model_fields
            for i, rule in enumerate(getattr(v.payments, name).rules) if rule.stake_of is None]


def _if(path: str, test: Callable[[VariantSections], bool]) -> Callable[[VariantSections], list[str]]:
    return lambda v: [path] if test(v) else []


_PAY_ONE = [{"payer": "others", "receiver": "winners", "stakes": 1}]
_NO_DEAL_CHECK = {"deal_check": {"enabled": False}}
_RESHUFFLE = {"stock_exhaustion": {"when_empty": "reshuffle"}, "dealer": {"after_void": "next"}}


@dataclass(frozen=True)
class Example:
    """A house file that shows a row at work: ``parent`` (a built-in, or ``middle`` written over it first)
    gives the option an effect; ``change`` switches the row's condition off; ``own`` is the option written by
    the house file itself. tests/test_house_drop.py loads both forms of every row's example: the inherited
    option is dropped with a note, the written one refused at its line."""

    parent: str
    change: dict[str, Any]
    own: dict[str, Any]
    middle: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Dependent:
    """One "X only matters when Y" pair: ``option`` has an effect only when ``condition`` holds.

    ``set_at`` lists where the option is set to something other than ``neutral`` (an error when the condition
    does not hold); with ``required``, ``unset_at`` lists where it is left at ``neutral`` although the
    condition holds (an error too: the rules would have a gap).
    """

    option: str
    neutral: str  # what to write when it has no effect
    condition: str  # the condition in words, naming its keys
    condition_keys: tuple[str, ...]
    holds: Callable[[VariantSections], bool]
    set_at: Callable[[VariantSections], list[str]]
    unset_at: Callable[[VariantSections], list[str]] | None = None  # given: the option is required when it matters
    example: Example = field(kw_only=True)  # a house file that shows the row (tests/test_house_drop.py)


DEPENDENT_OPTIONS: tuple[Dependent, ...] = (
    Dependent("deal_check.at_most", "null", "the deal check is enabled (deal_check.enabled)",
              ("deal_check.enabled",), lambda v: v.deal_check.enabled,
              _if("deal_check.at_most", lambda v: v.deal_check.at_most is not None),
              example=Example("russian", _NO_DEAL_CHECK, {"deal_check": {"at_most": 15}})),
    Dependent("deal_check.at_least", "null", "the deal check is enabled (deal_check.enabled)",
              ("deal_check.enabled",), lambda v: v.deal_check.enabled,
              _if("deal_check.at_least", lambda v: v.deal_check.at_least is not None),
              example=Example("russian", _NO_DEAL_CHECK, {"deal_check": {"at_least": 49}})),
    Dependent("deal_check.several", "null", "the deal check is enabled (deal_check.enabled)",
              ("deal_check.enabled",), lambda v: v.deal_check.enabled,
              _if("deal_check.several", lambda v: v.deal_check.several is not None),
              _if("deal_check.several", lambda v: v.deal_check.several is None),
              example=Example("russian", _NO_DEAL_CHECK, {"deal_check": {"several": "all_paid"}})),
    Dependent("payments.deal_tonk.rules", "[]", "the deal check is enabled (deal_check.enabled)",
              ("deal_check.enabled",), lambda v: v.deal_check.enabled,
              _if("payments.deal_tonk.rules", lambda v: bool(v.payments.deal_tonk.rules)),
              example=Example("russian", _NO_DEAL_CHECK, {"payments": {"deal_tonk": {"rules": _PAY_ONE}}})),
    Dependent("stock_exhaustion.ties", "null", "the hand ends at the empty stock (stock_exhaustion.when_empty "
              "is end_lowest_wins)", ("stock_exhaustion.when_empty",),
              lambda v: v.stock_exhaustion.when_empty is StockPolicy.END_LOWEST_WINS,
              _if("stock_exhaustion.ties", lambda v: v.stock_exhaustion.ties is not None),
              _if("stock_exhaustion.ties", lambda v: v.stock_exhaustion.ties is None),
              example=Example("russian", _RESHUFFLE, {"stock_exhaustion": {"ties": "all_paid"}})),
    Dependent("payments.stock_exhausted.rules", "[]", "the hand ends at the empty stock "
              "(stock_exhaustion.when_empty is end_lowest_wins)", ("stock_exhaustion.when_empty",),
              lambda v: v.stock_exhaustion.when_empty is StockPolicy.END_LOWEST_WINS,
              _if("payments.stock_exhausted.rules", lambda v: bool(v.payments.stock_exhausted.rules)),
              example=Example("russian", _RESHUFFLE, {"payments": {"stock_exhausted": {"rules": _PAY_ONE}}})),
    Dependent("dealer.after_void", "null", "a hand can be void (deal_check.several, stock_exhaustion.when_empty "
              "or stock_exhaustion.ties is void, or the stock is reshuffled)",
              ("deal_check.several", "stock_exhaustion.when_empty", "stock_exhaustion.ties"), can_be_void,
              _if("dealer.after_void", lambda v: v.dealer.after_void is not None),
              _if("dealer.after_void", lambda v: v.dealer.after_void is None),
              example=Example("pagat", {"deal_check": {"several": "all_paid"}}, {"dealer": {"after_void": "same"}})),
    Dependent("spreading.may_hold_books", "[]", "spreads must be laid (spreading.must_spread)",
              ("spreading.must_spread",), lambda v: v.spreading.must_spread,
              _if("spreading.may_hold_books", lambda v: bool(v.spreading.may_hold_books)),
              example=Example("pagat-must-spread",
                              {"spreading": {"must_spread": False}},
                              {"spreading": {"may_hold_books": [{"rank": "A", "size": 3}]}})),
    Dependent("knocking.hit_lock", "false", "hitting is allowed (hitting.runs or hitting.books)",
              ("hitting.runs", "hitting.books"),
              lambda v: v.hitting.runs is not HitPermission.NONE or v.hitting.books is not HitPermission.NONE,
              _if("knocking.hit_lock", lambda v: v.knocking.hit_lock),
              example=Example("pagat",
                              {"hitting": {"runs": "none", "books": "none"}},
                              {"knocking": {"hit_lock": True}},
                              middle={"knocking": {"hit_lock": True}})),
    Dependent("hitting.books", "none", "a book can take another card (melds.book_sizes has both 3 and 4)",
              ("melds.book_sizes",), lambda v: {3, 4} <= set(v.melds.book_sizes),
              _if("hitting.books", lambda v: v.hitting.books is not HitPermission.NONE),
              example=Example("pagat", {"melds": {"book_sizes": [3]}}, {"hitting": {"books": "anyone"}})),
    Dependent("knocking.timing", "start_of_turn", "spreads come before the draw (spreading.timing)",
              ("spreading.timing",), lambda v: v.spreading.timing == "before_draw",
              _if("knocking.timing", lambda v: v.knocking.timing == "before_draw"),
              example=Example("classic-pc",
                              {"spreading": {"timing": "after_draw"}},
                              {"knocking": {"timing": "before_draw"}})),
    Dependent("taken_discard.rule", "free", "players may draw from the discard pile (drawing.sources)",
              ("drawing.sources",), lambda v: Pile.DISCARD in v.drawing.sources,
              _if("taken_discard.rule", lambda v: v.taken_discard.rule != "free"),
              example=Example("russian",
                              {"drawing": {"sources": ["stock"]}},
                              {"taken_discard": {"rule": "not_discarded_this_turn"}})),
    Dependent("scoring.target", "null", "playing to points (scoring.mode)", ("scoring.mode",),
              lambda v: v.scoring.mode is not ScoringMode.STAKES,  # points, or a match to N hands won
              _if("scoring.target", lambda v: v.scoring.target is not None),
              _if("scoring.target", lambda v: v.scoring.target is None),
              example=Example("pagat",
                              {"scoring": {"mode": "stakes"}},
                              {"scoring": {"target": 100}},
                              middle={"scoring": {"mode": "points", "target": 100}})),
    Dependent("stakes.mode", "uniform", "playing for stakes (scoring.mode is stakes; points count stake 1)",
              ("scoring.mode",), lambda v: v.scoring.mode is ScoringMode.STAKES,
              _if("stakes.mode", lambda v: v.stakes.mode is StakesMode.PER_PLAYER),
              example=Example("russian-2001",
                              {"scoring": {"mode": "points", "target": 100}},
                              {"stakes": {"mode": "per_player"}})),
    Dependent("payments.*.rules.*.stake_of", "left out", "each player names a stake (stakes.mode is per_player)",
              ("stakes.mode",), lambda v: v.stakes.mode is StakesMode.PER_PLAYER, _stake_of_paths,
              _stake_of_missing,
              example=Example("russian-2001",
                              {"stakes": {"mode": "uniform"}},
                              {"payments": {"knock_won": {"rules": [{**_PAY_ONE[0], "stake_of": "payer"}]}}})),
    Dependent("drawing.discard_depth", "1", "players may draw from the discard pile (drawing.sources)",
              ("drawing.sources",), lambda v: Pile.DISCARD in v.drawing.sources,
              _if("drawing.discard_depth", lambda v: v.drawing.discard_depth != 1),
              example=Example("pagat",
                              {"drawing": {"sources": ["stock"]}},
                              {"drawing": {"discard_depth": 2}},
                              middle={"drawing": {"discard_depth": 2}})),
)

#: Rules added to the model since the first ledgers (``added_rule``) that no other rule can make meaningless,
#: each with why: every added rule has a row above or a line here (tests/test_rule_recipe.py asks), so the
#: judgement of when a new rule matters is made, not forgotten.
NO_ROW: dict[str, str] = {
    "deck.values": "every count reads the card values (deal checks, knocks, the empty stock, payments by count): "
                   "no other rule can leave them without effect",
    "deck.jokers": "a joker is dealt and counted at its value whether or not it is wild, so the jokers always "
                   "matter; a wild Joker without jokers is refused by the model itself (melds.wild's check)",
    "melds.wild": "meaningful whenever the deck holds the wild cards; a wild rank the deck lacks (or Joker with "
                  "deck.jokers: 0) is refused by the model's own check, not reset with a note",
    "melds.wild_most": "without wild cards it is refused by the model's own check (it would have no effect), "
                       "not reset with a note",
    "melds.wild_hits": "without wild cards it is refused by the model's own check (it would have no effect), "
                       "not reset with a note",
}


def options_without_effect(v: VariantSections) -> list[tuple[Dependent, str]]:
    """Every option ``v`` sets that has no effect, with its row: ``(row, key path)``."""
    return [(row, path) for row in DEPENDENT_OPTIONS if not row.holds(v) for path in row.set_at(v)]


def no_effect_message(row: Dependent, path: str) -> str:
    fix = "leave it out" if row.neutral == "left out" else f"set it to {row.neutral}"
    return f"{_name(row, path)} has no effect unless {row.condition}; {fix}"


def dependent_option_problems(v: VariantSections) -> list[tuple[str, str]]:
    """The rows of :data:`DEPENDENT_OPTIONS` that ``v`` breaks, as ``(key paths, message)``."""
    problems = []
    for row in DEPENDENT_OPTIONS:
        blame = "|".join(row.condition_keys)
        if row.holds(v):
            for path in row.unset_at(v) if row.unset_at else []:
                problems.append((f"{path}|{blame}", f"{_name(row, path)} must be given when {row.condition}"))
        else:
            problems += [(f"{path}|{blame}", no_effect_message(row, path)) for path in row.set_at(v)]
    return problems


def _name(row: Dependent, path: str) -> str:
    return path if "*" in row.option else row.option


def _wild_problem(v: VariantSections) -> tuple[str, str] | None:
    """What is wrong with the wild cards (melds.wild and the rules of their use), or None."""
    m = v.melds
    if not m.wild:
        if m.wild_most != 1 or m.wild_hits:
            return ("melds.wild_most|melds.wild_hits|melds.wild",
                    "melds.wild_most and melds.wild_hits matter only with wild cards (melds.wild): they would have "
                    "no effect")
        return None
    if len(set(m.wild)) != len(m.wild):
        return ("melds.wild", "a wild card is listed twice")
    if "Joker" in m.wild and not v.deck.jokers:
        return ("melds.wild|deck.jokers", "melds.wild names Joker, but deck.jokers is 0: there is no joker to be wild")
    if unknown := [r for r in m.wild if r != "Joker" and r not in v.deck.ranks]:
        return ("melds.wild|deck.ranks", f"melds.wild names {', '.join(unknown)}, which deck.ranks does not hold")
    if not 1 <= m.wild_most <= 2:
        return ("melds.wild_most", f"melds.wild_most ({m.wild_most}) is 1 or 2: a spread holds at least two natural "
                                   "cards")
    return None


def cross_field_problems(v: VariantSections) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    add = problems.append

    if v.players.max < v.players.min:
        add(("players.max|players.min", f"max ({v.players.max}) is below min ({v.players.min})"))
    if len(set(v.deck.ranks)) != len(v.deck.ranks):
        add(("deck.ranks", "a rank is listed twice"))
    if why := why_not_deal(v.players.max, v.deal.hand_size, v.deal.upcard, 4 * len(set(v.deck.ranks)) + v.deck.jokers):
        add(("players.max|deal.hand_size|deal.upcard|deck.ranks|deck.jokers", why))
    if wild_problem := _wild_problem(v):
        add(wild_problem)
    if "Joker" in v.deck.values and not v.deck.jokers:
        add(("deck.values|deck.jokers", "deck.values gives the jokers a value, but deck.jokers is 0: there is "
                                        "no joker, so it would have no effect"))
    if unknown := [r for r in v.deck.values if r not in v.deck.ranks and r != "Joker"]:
        add(("deck.values|deck.ranks", f"deck.values gives a value to {', '.join(unknown)}, which deck.ranks does "
                                       "not hold: it would have no effect"))

    low, high = possible_counts(v)
    dc = v.deal_check
    if dc.enabled:
        if dc.at_most is None and dc.at_least is None:
            add(("deal_check", "enabled but neither at_most nor at_least is set: no hand could qualify"))
        for key in ("at_most", "at_least"):
            value = getattr(dc, key)
            if value is not None and not low <= value <= high:
                add((
                    f"deal_check.{key}|deal.hand_size|deck.ranks",
                    f"deal_check.{key} ({value}) is outside the counts a dealt hand can have with these ranks "
                    f"(deck.ranks) and {v.deal.hand_size} cards (deal.hand_size): {low}..{high}",
                ))
        if dc.at_most is not None and dc.at_least is not None and dc.at_most >= dc.at_least:
            add((
                "deal_check.at_least|deal_check.at_most",
                f"at_least ({dc.at_least}) must be above at_most ({dc.at_most})",
            ))

    k = v.knocking
    lowest_card = min([*(_rank_value(r, v) for r in v.deck.ranks), *[_rank_value("Joker", v)] * min(1, v.deck.jokers)],
                      default=1)
    if k.max_count is not None and k.max_count < lowest_card:
        # a player who still holds a card has a count of at least that card's value
        add(("knocking.max_count|deck.ranks",
             f"knocking.max_count ({k.max_count}) is below {lowest_card}, the lowest count of a hand that "
             "still holds a card: nobody could ever knock"))
    elif k.max_count is not None and k.max_count >= high:
        add(("knocking.max_count|deal.hand_size|deck.ranks",
             f"knocking.max_count ({k.max_count}) must be below the highest count a hand can have with these "
             f"ranks (deck.ranks) and {v.deal.hand_size} cards (deal.hand_size), {high}: at or above it, it has "
             "no effect"))

    if len(set(v.drawing.sources)) != len(v.drawing.sources):
        add(("drawing.sources", "a source is listed twice"))
    if "stock" not in v.drawing.sources and not v.deal.upcard:
        add(("drawing.sources|deal.upcard", "without an upcard the first player must draw from the stock"))

    if v.taken_discard.rule == "straight_into_spread" and v.spreading.timing == "before_draw":
        add((
            "taken_discard.rule|spreading.timing",
            "straight_into_spread needs spreads after the draw (spreading.timing)",
        ))
    for i, held in enumerate(v.spreading.may_hold_books):
        if held.size not in v.melds.book_sizes:
            add((f"spreading.may_hold_books.{i}.size|melds.book_sizes",
                 f"has no effect: {held.size} cards are not a book (melds.book_sizes is {v.melds.book_sizes})"))
        if held.rank not in v.deck.ranks:
            add((f"spreading.may_hold_books.{i}.rank|deck.ranks", f"has no effect: {held.rank} is not in the deck"))
    if len({(b.rank, b.size) for b in v.spreading.may_hold_books}) != len(v.spreading.may_hold_books):
        add(("spreading.may_hold_books", "a book is listed twice"))
    if v.deal.first_turn == "draw_from_stock" and "stock" not in v.drawing.sources:
        add(("deal.first_turn|drawing.sources", "draw_from_stock needs drawing from the stock (drawing.sources)"))

    m = v.melds
    if any(size not in (3, 4) for size in m.book_sizes) or len(set(m.book_sizes)) != len(m.book_sizes):
        add(("melds.book_sizes", f"must be distinct sizes among 3 and 4, got {m.book_sizes}"))
    if m.run_min > len(v.deck.ranks):
        add(("melds.run_min|deck.ranks", f"{m.run_min} is longer than the {len(v.deck.ranks)} ranks in the deck"))
    if m.ace == "low_or_high" and ("A" not in v.deck.ranks or "K" not in v.deck.ranks):
        add(("melds.ace|deck.ranks", "low_or_high needs both the ace and the king in the deck"))

    if v.scoring.mode is ScoringMode.POINTS and v.scoring.target is not None and v.scoring.target < 1:
        add(("scoring.target", f"must be a positive number of points, got {v.scoring.target}"))
    if v.scoring.mode is ScoringMode.WINS and v.scoring.target is not None and v.scoring.target < 1:
        add(("scoring.target", f"must be a positive number of hands won, got {v.scoring.target}"))

    for name in type(v.payments).model_fields:
        rules = getattr(v.payments, name).rules
        for i, rule in enumerate(rules):
            where = f"payments.{name}.rules.{i}"
            for side in ("payer", "receiver"):
                role = getattr(rule, side)
                knock_ok = name == "knock_caught" or (name == "knock_won" and role == "knocker")
                if role in _KNOCK_ROLES and not knock_ok:
                    add((f"{where}.{side}", f"role {role.value!r} does not exist when the hand ends by {name}"))
            if rule.payer == rule.receiver:
                add((where, f"payer and receiver are both {rule.payer.value!r}: nobody would pay"))
    problems += dependent_option_problems(v)
    return problems
