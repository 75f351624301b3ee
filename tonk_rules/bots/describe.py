"""What a player does, in sentences: :func:`describe_player` for a bot spec at a variant's table.

The report and ``tonk tune`` print these. A reckoner's knock is described by what it decides in a few
positions, asked of its compiled rule itself (:mod:`tonk_rules.kernel.reckoner_nb`), so the words cannot
drift from the play: the highest count it knocks with when the others hold a full hand on the first turns,
after some turns, and when one of them is down to two cards.

    >>> from tonk_rules.ruleset.compile import load_ruleset
    >>> print(describe_player("greedy:knock=4", load_ruleset("pagat")))  # doctest: +NORMALIZE_WHITESPACE
    Knocks when its count is at most 4 (after 30 turns of its own, whenever it may). Lays every spread it
    can, the biggest first; hits with its highest card; takes the discard only when it makes a meld or a
    hit; discards its highest card.
    >>> describe_player("random", load_ruleset("pagat"))
    'Picks uniformly at random among the legal actions.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from tonk_rules.kernel import layout as L
from tonk_rules.kernel.seats import BLIND_SLACK, POLICY_COLUMNS
from tonk_rules.ruleset import Ruleset, slots
from tonk_rules.ruleset.core import STOCK_END, TAKEN_FREE

GREEDY_PLAY = ("Lays every spread it can, the biggest first; hits with its highest card; takes the discard only "
               "when it makes a meld or a hit; discards its highest card.")
#: The counts a described knock threshold is searched over.
MAX_COUNT = 80
#: How a spec becomes the seat it plays at a table: ``(ruleset, players, specs) -> [(name, params)]``. The
#: tuned defaults live a floor above the bots (:func:`tonk_rules.sim.tuning.seats_for`, which registers
#: itself here when it is imported); without it a spec's own parameters over the declared defaults are
#: described.
SeatResolver = Callable[[Ruleset, int, Sequence[Any]], Sequence[tuple[str, Mapping[str, int]]]]
resolvers: list[SeatResolver] = []


def describe_player(spec: str, ruleset: Ruleset, players: int | None = None) -> str:
    """Sentences saying what the player ``spec`` does at a ``players``-seat table of ``ruleset`` (default:
    3, or the nearest size it seats), with the parameters it plays there (a default's tuned ones)."""
    from tonk_rules.bots.specs import bot_seats, parse_spec

    parsed = parse_spec(spec)
    if players is None:
        players = min(max(3, ruleset.min_players), ruleset.max_players)
    if resolvers:
        [(name, given)] = resolvers[-1](ruleset, players, [parsed])
    else:
        name, given = parsed.name, parsed.params
    [(name, params)] = bot_seats([(name, given)])
    if name == "random":
        return "Picks uniformly at random among the legal actions."
    if name == "greedy":
        return _greedy(params)
    if name == "casual":
        return ("Knocks as people say they do: at a count of 5 or less on its first turn, one more each turn after, "
                f"up to 8 (after {params.get('patience', 30)} turns, whenever it may). " + GREEDY_PLAY)
    if name == "montecarlo":
        seen = "over the hands of a session" if params.get("memory", 1) else "this hand"
        return (f"Searches each decision: deals the cards it cannot see at random, consistently with what it has "
                f"seen, {params.get('rollouts', 'a budget of')} playouts shared among its legal moves, plays each "
                "move out with every other seat played as what it has seen that seat do (the default player, "
                f"casual, greedy or random; {seen}), and plays the move that paid most where it clearly beats the "
                "default player's own choice; otherwise it plays as the default player.")
    return _reckoner(ruleset, players, params)


def _greedy(params: Mapping[str, int]) -> str:
    knock, patience = params.get("knock", 5), params.get("patience", 30)
    when = f"knocks when its count is at most {knock}"
    if params.get("alt_share"):
        share = params["alt_share"] / 10
        when += f" ({100 - share:g}% of hands; at most {params['alt_knock']} in the other {share:g}%)"
    if knock == 0:
        when = "knocks only with a count of 0"
    return f"{when[0].upper()}{when[1:]} (after {patience} turns of its own, whenever it may). {GREEDY_PLAY}"


def _reckoner(ruleset: Ruleset, players: int, params: Mapping[str, Any]) -> str:
    from tonk_rules.bots.greedy import tables_and_packed
    from tonk_rules.bots.reckoner import compiled_kernel
    from tonk_rules.kernel import reckoner_nb as kernel

    compiled_kernel()  # (numba present, or one clear message)
    tables, packed = tables_and_packed(ruleset)
    row = np.zeros(L.PARAM_COLUMNS, np.int64)
    columns = POLICY_COLUMNS["reckoner"]
    row[: len(columns)] = [int(params[key]) for key in columns]
    hand = int(tables.params[slots.R_HAND_SIZE])
    won = kernel.knock_net(packed, players, 0, 0)
    caught = kernel.knock_net(packed, players, 0, 1)

    def highest(size: int, turns: int, short: int | None = None) -> int | None:
        S = np.zeros(L.STATE_SIZE, np.int64)
        S[L.S_PLAYERS], S[L.S_STOCK_N] = players, 52 - players * hand
        for q in range(1, players):
            S[L.O_HANDS + q] = (1 << (short if short is not None and q == 1 else size)) - 1
            S[L.O_TURNS_TAKEN + q] = turns
        unseen = kernel.unseen_cards(S, 0, packed)
        found = None
        for count in range(MAX_COUNT + 1):
            S[L.O_COUNTS] = count
            if kernel.knock_gain(S, 0, row, unseen, packed) * 100.0 >= row[0]:
                found = count
        return found

    def at_most(count: int | None) -> str:
        return "never" if count is None else f"at most {count}"

    early, later, short = highest(hand, 0), highest(hand, 4), highest(hand, 4, short=2)
    margin = params["knock_margin"] / 100
    read = "" if params["slack"] == BLIND_SLACK else (
        ", the cards each took from the pile and still holds, and its last discard (its other cards believed worth at "
        f"most {params['slack']} more)")
    sentences = [
        f"Knocks when the knock's expected payoff under these rules reaches {margin:+.2f} stakes: a won knock pays "
        f"it {won:+d}, one caught by a single player {caught:+d}, and it judges the chance of being caught by the "
        f"others' hand sizes, their turns{read} and the cards still unseen. At {players} players that means knocking "
        f"with a count of {at_most(early)} while the others hold {hand} cards on their first turn, "
        f"{at_most(later)} after four turns each, and {at_most(short)} once one of them is down to 2 cards "
        f"(after {params['patience']} turns of its own, whenever it may).",
    ]
    if params["hold"] > 0 and not ruleset.spreading.must_spread:
        sentences.append(f"Keeps a spread worth {params['hold']} or less in hand instead of laying it, unless "
                         "laying it empties its hand; lays bigger ones, the biggest first.")
    else:
        sentences.append("Lays every spread it can, the biggest first.")
    sentences.append("Hits with its highest card.")
    take = (f"takes the discard when it makes a meld or a hit, or when it is worth {params['take']} or less and below "
            "its highest card that is in no meld")
    if params["stall"] > 0 and int(tables.params[slots.R_STOCK]) == STOCK_END:
        take += (f"; with {params['stall']} or fewer stock cards left it takes the discard whenever it does not "
                 "expect to hold the lowest count, to keep the hand going")
    sentences.append(take[0].upper() + take[1:] + ".")
    sentences.append("Discards the card worth least to keep: its value against the unseen cards that would still "
                     f"make a meld with it ({params['hope'] / 10:g} points each while the stock is full), "
                     "keeping cards the others could hit onto a spread a little longer"
                     + (", and where the rules allow it, that can be the card it just took." if
                        int(tables.params[slots.R_TAKEN]) == TAKEN_FREE else "."))
    return " ".join(sentences)
