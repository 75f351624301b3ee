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
from tonk_rules.words.numbers import fill_line
from tonk_rules.words.player_words import PLAYER_LINES

GREEDY_PLAY = PLAYER_LINES["greedy_play"]["en"]
#: The counts a described knock threshold is searched over.
MAX_COUNT = 80
#: How a spec becomes the seat it plays at a table: ``(ruleset, players, specs) -> [(name, params)]``. The
#: tuned defaults live a floor above the bots (:func:`tonk_rules.sim.tuning.seats_for`, which registers
#: itself here when it is imported); without it a spec's own parameters over the declared defaults are
#: described.
SeatResolver = Callable[[Ruleset, int, Sequence[Any]], Sequence[tuple[str, Mapping[str, int]]]]
resolvers: list[SeatResolver] = []


def describe_player(spec: str, ruleset: Ruleset, players: int | None = None, lang: str = "en") -> str:
    """Sentences saying what the player ``spec`` does at a ``players``-seat table of ``ruleset`` (default:
    3, or the nearest size it seats), with the parameters it plays there (a default's tuned ones), in ``lang``
    (the words: :mod:`tonk_rules.words.player_words`; numbers written the English way)."""
    from tonk_rules.bots.specs import bot_seats, parse_spec

    parsed = parse_spec(spec)
    if players is None:
        players = min(max(3, ruleset.min_players), ruleset.max_players)
    if resolvers:
        [(name, given)] = resolvers[-1](ruleset, players, [parsed])
    else:
        name, given = parsed.name, parsed.params
    [(name, params)] = bot_seats([(name, given)])

    def said(key: str, **values: Any) -> str:
        return fill_line(PLAYER_LINES, key, lang, **values)

    if name == "random":
        return said("random")
    if name == "greedy":
        return _greedy(params, said)
    if name == "casual":
        return said("casual", patience=params.get("patience", 30)) + said("greedy_play")
    if name == "montecarlo":
        seen = said("seen_session") if params.get("memory", 1) else said("seen_hand")
        budget = said("budget_n", n=params["rollouts"]) if "rollouts" in params else said("budget")
        return said("montecarlo", budget=budget, seen=seen)
    return _reckoner(ruleset, players, params, said)


#: A line of :data:`~tonk_rules.words.player_words.PLAYER_LINES` in the description's language, values put in.
Said = Callable[..., str]


def _greedy(params: Mapping[str, int], said: Said) -> str:
    knock, patience = params.get("knock", 5), params.get("patience", 30)
    when = said("greedy_when", knock=knock)
    if params.get("alt_share"):
        share = params["alt_share"] / 10
        when += said("greedy_alt", main=100 - share, share=share, alt_knock=params["alt_knock"])
    if knock == 0:
        when = said("greedy_zero")
    return f"{when[0].upper()}{when[1:]}" + said("after_patience", patience=patience) + said("greedy_play")


def _reckoner(ruleset: Ruleset, players: int, params: Mapping[str, Any], said: Said) -> str:
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
        return said("never") if count is None else said("at_most", count=count)

    early, later, short = highest(hand, 0), highest(hand, 4), highest(hand, 4, short=2)
    margin = params["knock_margin"] / 100
    read = "" if params["slack"] == BLIND_SLACK else said("reckoner_read", slack=params["slack"])
    sentences = [
        said("reckoner_knock", margin=f"{margin:+.2f}", won=f"{won:+d}", caught=f"{caught:+d}", read=read,
             players=players, early=at_most(early), hand=hand, later=at_most(later), short=at_most(short),
             patience=params["patience"]),
    ]
    if params["hold"] > 0 and not ruleset.spreading.must_spread:
        sentences.append(said("hold", hold=params["hold"]))
    else:
        sentences.append(said("lay_all"))
    sentences.append(said("hits"))
    take = said("take", take=params["take"])
    if params["stall"] > 0 and int(tables.params[slots.R_STOCK]) == STOCK_END:
        take += said("stall", stall=params["stall"])
    sentences.append(take + said("end"))
    sentences.append(said("discard", hope=params["hope"] / 10)
                     + (said("discard_taken") if int(tables.params[slots.R_TAKEN]) == TAKEN_FREE else said("end")))
    return " ".join(sentences)
