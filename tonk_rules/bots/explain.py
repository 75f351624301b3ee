"""Why a bot made one move, in words, for the position it made it in: ``tonk play``'s ``why``.

The default player's knock is explained by asking its compiled rule itself
(:func:`tonk_rules.kernel.reckoner_nb.knock_gain`), as :func:`~tonk_rules.bots.describe.describe_player`
does for a few typical positions, but here for the position the bot saw: the highest count it knocks with
there, beside the count it held. Its other moves are said in :func:`describe_player`'s words for that kind
of move, with what the table can see (the card taken, its value). Another bot's move is explained by that
bot's whole description. Nothing the table cannot see is revealed, except that a count held at a knock is
shown (the hand ends there and every count is shown anyway) and that a count was above the knock's limit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from tonk_rules.bots.describe import MAX_COUNT, describe_player
from tonk_rules.bots.observation import Observation
from tonk_rules.engine.actions import Action, Discard, Draw, Hit, Knock, Spread
from tonk_rules.kernel import layout as L
from tonk_rules.kernel.seats import POLICY_COLUMNS
from tonk_rules.terms import Pile

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def why_move(bot: str, params: Mapping[str, int], before: Observation, legal: Sequence[Action],
             action: Action) -> str:
    """Why the bot ``bot`` (its kind: ``reckoner``, ``greedy``, ...) playing ``params`` chose ``action`` among
    ``legal`` in the position ``before`` (what its seat saw just before): words that follow "Bob knocks: "."""
    if bot != "reckoner":
        spec = bot + "".join(f":{key}={value}" for key, value in params.items())
        words = describe_player(spec, before.ruleset, len(before.hand_sizes))
        return f"it plays as {bot}: {words}"
    could_knock = any(isinstance(a, Knock) for a in legal)
    if isinstance(action, Knock):
        return _knocked(params, before, len(legal))
    move = _reckoner_move(params, before, action)
    if could_knock:  # a turn's first move, where it could have knocked: why it did not, then why this move
        return _not_knocked(params, before) + " " + move[0].upper() + move[1:]
    return move


def knock_limit(params: Mapping[str, int], before: Observation) -> int | None:
    """The highest count with which the default player playing ``params`` knocks in the position ``before``
    (its own count replaced; ``None``: it would knock with no count), by its compiled rule."""
    from tonk_rules.bots.greedy import seen_state, tables_and_packed
    from tonk_rules.bots.reckoner import compiled_kernel
    from tonk_rules.kernel import reckoner_nb as kernel

    compiled_kernel()  # (numba present, or one clear message)
    tables, packed = tables_and_packed(before.ruleset)
    row = np.zeros(L.PARAM_COLUMNS, np.int64)
    columns = POLICY_COLUMNS["reckoner"]
    row[: len(columns)] = [int(params[key]) for key in columns]
    S = seen_state(before, tables)
    me = before.seat
    unseen = kernel.unseen_cards(S, me, packed)
    found = None
    for count in range(MAX_COUNT + 1):
        S[L.O_COUNTS + me] = count
        if kernel.knock_gain(S, me, row, unseen, packed) * 100.0 >= row[0]:
            found = count
    return found


def _others(before: Observation) -> str:
    """The other seats as the knock rule weighs them: how many, their hand sizes and completed turns."""
    others = [q for q in range(len(before.hand_sizes)) if q != before.seat]
    sizes = [before.hand_sizes[q] for q in others]
    turns = [before.turns_taken[q] for q in others]
    who = "one opponent" if len(others) == 1 else f"{_word(len(others))} opponents"

    def cards(size: int) -> str:
        return "1 card" if size == 1 else f"{size} cards"

    def after(turn: int) -> str:
        return "on their first turn" if turn == 0 else f"after {turn} turn{'s' if turn != 1 else ''}"

    if len(set(turns)) == 1:
        each = " each" if len(others) > 1 and turns[0] else ""
        sizes_said = _listed([str(n) for n in sizes]) + (" card" if sizes == [1] else " cards")
        return f"with {who} holding {sizes_said} {after(turns[0])}{each}"
    return f"with {who} holding " + _listed([f"{cards(n)} {after(t)}" for n, t in zip(sizes, turns, strict=True)])


def _knocked(params: Mapping[str, int], before: Observation, choices: int) -> str:
    patience, count = params["patience"], before.count
    if before.turns_taken[before.seat] >= patience:
        return (f"after {patience} turns of its own the default player knocks whenever it may; its count was "
                f"{count}.")
    if choices == 1:
        return f"a knock was its only move; its count was {count}."
    limit = knock_limit(params, before)
    if limit is not None and count <= limit:
        return f"a count of {count}, at or below the {limit} the default player knocks at here, {_others(before)}."
    return (f"a count of {count}: a knock here is worth at least the {params['knock_margin'] / 100:+.2f} stakes it "
            f"asks for, by the chance that the others hold less, {_others(before)}.")


def _not_knocked(params: Mapping[str, int], before: Observation) -> str:
    limit = knock_limit(params, before)
    if limit is None:
        return (f"it did not knock, as the default player knocks with no count here, {_others(before)} (a knock "
                f"would be caught too often to be worth the {params['knock_margin'] / 100:+.2f} stakes it asks "
                "for).")
    return (f"it did not knock, as the default player knocks here only with a count of {limit} or less, "
            f"{_others(before)}, and its count was higher.")


def _reckoner_move(params: Mapping[str, int], before: Observation, action: Action) -> str:
    """Why the default player made a move other than a knock: the words of its description for that move."""
    late = before.turns_taken[before.seat] >= params["patience"]
    if isinstance(action, Draw):
        top = before.discard_top
        rule = (f"the default player takes the discard when it makes a meld or a hit, or when it is worth "
                f"{params['take']} or less and below its highest card that is in no meld")
        if late:
            rule = (f"after {params['patience']} turns of its own the default player takes the discard only when "
                    "it makes a meld")
        if top is None:
            return "the discard pile is empty."
        if action.depth > 1 and len(before.discard_seen) >= action.depth:  # (drawing.discard_depth)
            deep = before.discard_seen[-action.depth].format("english")
            return (f"the default player takes a card from under the top of the discard pile when it makes a meld "
                    f"or a hit and the top does not; {deep} does.")
        card, worth = top.format("english"), before.ruleset.deal.values[top]
        if action.source == Pile.DISCARD:
            if not late and worth > params["take"]:
                return f"{rule}; worth {worth}, {card} makes a meld or a hit for it."
            return f"{rule}."
        return f"{rule}, and {card} (worth {worth}) did neither."
    if isinstance(action, Spread):
        if params["hold"] > 0 and not before.ruleset.spreading.must_spread:
            return (f"the default player lays the biggest spread it can, but keeps one worth {params['hold']} or "
                    "less in hand unless laying it empties its hand.")
        return "the default player lays every spread it can, the biggest first."
    if isinstance(action, Hit):
        return "the default player hits with its highest card."
    if isinstance(action, Discard):
        return ("the default player discards the card worth least to keep: its value against the unseen cards "
                "that would still make a meld with it, keeping cards the others could hit onto a spread a little "
                "longer.")
    return "it is the default player's only move here."


def _word(n: int) -> str:
    return _NUMBERS[n] if n < len(_NUMBERS) else str(n)


def _listed(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]

