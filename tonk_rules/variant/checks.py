"""Cross-field checks of a variant: rules that no single field can state.

Each problem is returned as ``(key paths, message)``: the paths, separated by ``|``, are the keys whose
combination is wrong, first the one named in the message. The loader points at whichever of them the most
derived file wrote, so a house rule that breaks a parent's value is blamed, not the parent.
Options that would have no effect are errors too: a table that writes them believes they do something.
"""

from __future__ import annotations

from tonk_rules.variant.model import RANK_ORDER, Variant

_KNOCK_ROLES = {"knocker", "at_or_below_knocker", "above_knocker"}


def _rank_value(rank: str) -> int:
    return min(RANK_ORDER.index(rank) + 1, 10)


def possible_counts(variant: Variant) -> tuple[int, int]:
    """The lowest and highest count a dealt hand can have in this deck."""
    values = sorted(_rank_value(r) for r in variant.deck.ranks for _ in range(4))
    n = variant.deal.hand_size
    return sum(values[:n]), sum(values[-n:])


def cross_field_problems(v: Variant) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    add = problems.append

    if v.players.max < v.players.min:
        add(("players.max|players.min", f"max ({v.players.max}) is below min ({v.players.min})"))
    if len(set(v.deck.ranks)) != len(v.deck.ranks):
        add(("deck.ranks", "a rank is listed twice"))
    deck_size = 4 * len(set(v.deck.ranks))
    needed = v.players.max * v.deal.hand_size + (1 if v.deal.upcard else 0)
    if needed > deck_size:
        add((
            "players.max|deal.hand_size|deal.upcard|deck.ranks",
            f"{v.players.max} players x {v.deal.hand_size} cards"
            f"{' + the upcard' if v.deal.upcard else ''} = {needed} cards, but the deck has {deck_size}",
        ))

    low, high = possible_counts(v)
    dc = v.deal_check
    if dc.enabled:
        if dc.at_most is None and dc.at_least is None:
            add(("deal_check", "enabled but neither at_most nor at_least is set: no hand could qualify"))
        if dc.at_most is not None and not low <= dc.at_most <= high:
            add((
                "deal_check.at_most|deal.hand_size|deck.ranks",
                f"{dc.at_most} is outside the possible counts {low}..{high}",
            ))
        if dc.at_least is not None and not low <= dc.at_least <= high:
            add((
                "deal_check.at_least|deal.hand_size|deck.ranks",
                f"{dc.at_least} is outside the possible counts {low}..{high}",
            ))
        if dc.at_most is not None and dc.at_least is not None and dc.at_most >= dc.at_least:
            add((
                "deal_check.at_least|deal_check.at_most",
                f"at_least ({dc.at_least}) must be above at_most ({dc.at_most})",
            ))
    else:
        for key in ("at_most", "at_least"):
            if getattr(dc, key) is not None:
                add((
                    f"deal_check.{key}|deal_check.enabled",
                    "has no effect while the deal check is disabled (set it to null)",
                ))

    k = v.knocking
    if k.max_count is not None and not 0 <= k.max_count <= high:
        add(("knocking.max_count", f"{k.max_count} is outside the possible counts 0..{high}"))
    if k.hit_lock and v.hitting.runs == "none" and v.hitting.books == "none":
        add((
            "knocking.hit_lock|hitting.runs|hitting.books",
            "has no effect: hitting is not allowed (hitting.runs and hitting.books are none)",
        ))

    if len(set(v.drawing.sources)) != len(v.drawing.sources):
        add(("drawing.sources", "a source is listed twice"))
    if "stock" not in v.drawing.sources and not v.deal.upcard:
        add(("drawing.sources|deal.upcard", "without an upcard the first player must draw from the stock"))
    if "discard" not in v.drawing.sources and v.taken_discard.rule != "free":
        add(("taken_discard.rule|drawing.sources", "has no effect: drawing from the discard pile is not allowed"))

    if v.taken_discard.rule == "straight_into_spread" and v.spreading.timing == "before_draw":
        add((
            "taken_discard.rule|spreading.timing",
            "straight_into_spread needs spreads after the draw (spreading.timing)",
        ))
    if v.spreading.may_hold_books and not v.spreading.must_spread:
        add((
            "spreading.may_hold_books|spreading.must_spread",
            "has no effect unless must_spread is true (set it to [])",
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
    if k.timing == "before_draw" and v.spreading.timing == "after_draw":
        add((
            "knocking.timing|spreading.timing",
            "before_draw is the same as start_of_turn when spreads come after the draw",
        ))

    m = v.melds
    if any(size not in (3, 4) for size in m.book_sizes) or len(set(m.book_sizes)) != len(m.book_sizes):
        add(("melds.book_sizes", f"must be distinct sizes among 3 and 4, got {m.book_sizes}"))
    if m.run_min > len(v.deck.ranks):
        add(("melds.run_min|deck.ranks", f"{m.run_min} is longer than the {len(v.deck.ranks)} ranks in the deck"))
    if m.ace == "low_or_high" and ("A" not in v.deck.ranks or "K" not in v.deck.ranks):
        add(("melds.ace|deck.ranks", "low_or_high needs both the ace and the king in the deck"))

    sc = v.scoring
    if sc.mode == "points":
        if sc.target is None or sc.target < 1:
            add(("scoring.target|scoring.mode", "points scoring needs a positive target"))
        if v.stakes.mode == "per_player":
            add(("stakes.mode|scoring.mode", "per_player stakes have no meaning when playing to points"))
    elif sc.target is not None:
        add(("scoring.target|scoring.mode", "has no effect with stakes scoring (set it to null)"))

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
    return problems
