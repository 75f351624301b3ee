"""The policies the compiled kernel plays, their parameters and defaults: declared here once.

The kernel compiles four of the bots (:mod:`tonk_rules.bots`): ``random``, ``greedy``, ``reckoner`` (the
default player, :mod:`tonk_rules.kernel.reckoner_nb`) and ``casual``. Their parameters
live here, below the bots, so that the kernel validates a seat without importing the bots (a lower layer
never imports a higher one); :class:`~tonk_rules.bots.GreedyBot` and the bot specs take their defaults and
ranges from here.

    >>> kernel_seats([("greedy", {"knock": 2}), ("random", {}), ("casual", {})])  # doctest: +NORMALIZE_WHITESPACE
    [('greedy', {'knock': 2, 'patience': 30, 'alt_knock': 0, 'alt_share': 0}), ('random', {}),
     ('casual', {'patience': 30})]

``greedy`` with ``alt_share > 0`` is a *mixture*: each hand it knocks at ``alt_knock`` instead of ``knock``
with probability ``alt_share / 1000``, drawn from the seat's own seed (the tuned default of a variant can be
one, :mod:`tonk_rules.sim.tuning`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tonk_rules.errors import BotSpecError

SeatSpec = tuple[str, Mapping[str, int]]


@dataclass(frozen=True)
class PolicyParam:
    """One whole-number parameter of a compiled policy: its default and allowed range."""

    default: int
    low: int
    high: int
    help: str


#: greedy knocks at the start of a turn with this count or less (unless a variant's tuning says otherwise).
DEFAULT_KNOCK = 5
#: after this many own turns greedy knocks whenever it may (so reshuffle tables always end).
DEFAULT_PATIENCE = 30
#: A mixture's ``alt_share`` is in these units (per mille).
SHARE_UNIT = 1000
#: greedy's parameters in the order of the kernel's ``knocks`` columns (:mod:`tonk_rules.kernel.policies_nb`).
KNOCK_COLUMNS = ("knock", "patience", "alt_knock", "alt_share")

#: The reckoner's parameters in the order of its row of ``knocks`` (:mod:`tonk_rules.kernel.reckoner_nb`).
RECKONER_COLUMNS = ("knock_margin", "caution", "take", "hold", "stall", "hope", "patience", "slack")
#: The reckoner's ``slack`` at which it judges the others' counts by hand sizes and turns only (the rule before
#: it read what they took and threw).
BLIND_SLACK = -1
#: The casual player's (its knock threshold is fixed: 5 on its first turn, up to 8).
CASUAL_COLUMNS = ("patience",)

#: The compiled policies and their parameters.
KERNEL_POLICIES: dict[str, dict[str, PolicyParam]] = {
    "random": {},
    "greedy": {
        "knock": PolicyParam(DEFAULT_KNOCK, 0, 100, "knock at the start of a turn with this count or less"),
        "patience": PolicyParam(DEFAULT_PATIENCE, 1, 1000, "after this many own turns, knock whenever allowed"),
        "alt_knock": PolicyParam(0, 0, 100, "a mixture's other knock threshold (used alt_share per mille of hands)"),
        "alt_share": PolicyParam(0, 0, SHARE_UNIT, "per mille of hands (drawn from the seat's seed) that knock at "
                                                   "alt_knock instead"),
    },
    "reckoner": {
        "knock_margin": PolicyParam(40, -300, 300, "the expected gain of a knock, in hundredths of a stake, it asks "
                                                   "for before knocking"),
        "caution": PolicyParam(40, 0, 90, "how fast it assumes the others' counts fall as they play (percent)"),
        "take": PolicyParam(3, 0, 10, "the highest value of a discard it takes that makes no meld, to replace a "
                                      "higher card"),
        "hold": PolicyParam(0, 0, 40, "the highest value of a spread it keeps in hand where the rules allow (0: "
                                      "lays every spread)"),
        "stall": PolicyParam(0, 0, 52, "stock size at or below which it takes the discard when it does not expect "
                                       "the lowest count (where the hand ends with the stock)"),
        "hope": PolicyParam(15, 0, 60, "tenths of a point a card is worth per unseen card that would complete a "
                                       "meld with it"),
        "patience": PolicyParam(DEFAULT_PATIENCE, 1, 1000, "after this many own turns, knock whenever allowed"),
        "slack": PolicyParam(2, BLIND_SLACK, 15, "how far above another player's last discard it believes that "
                                                 "player's unseen cards are (-1: it judges the others' counts by hand "
                                                 "sizes and turns only, not by what they took and threw)"),
    },
    "casual": {
        "patience": PolicyParam(DEFAULT_PATIENCE, 1, 1000, "after this many own turns, knock whenever allowed"),
    },
}
#: Each policy's parameters in its row's column order.
POLICY_COLUMNS: dict[str, tuple[str, ...]] = {"random": (), "greedy": KNOCK_COLUMNS, "reckoner": RECKONER_COLUMNS,
                                              "casual": CASUAL_COLUMNS}


def kernel_seats(seats: Sequence[SeatSpec]) -> list[tuple[str, dict[str, int]]]:
    """Seats ``(name, params)`` checked against :data:`KERNEL_POLICIES`, with defaults filled in.

    Raises :class:`BotSpecError` for a bot the kernel does not compile or a parameter it does not have or
    cannot take.
    """
    out = []
    for name, params in seats:
        known = KERNEL_POLICIES.get(name)
        if known is None:
            raise BotSpecError(f"unknown bot {name!r} for the compiled kernel; it plays: {', '.join(KERNEL_POLICIES)}")
        out.append((name, checked_params(name, known, params)))
    return out


def checked_params(name: str, known: Mapping[str, PolicyParam], params: Mapping[str, Any]) -> dict[str, int]:
    """Bot ``name``'s ``params`` checked against its declared parameters, with the defaults filled in."""
    full = {key: p.default for key, p in known.items()}
    for key, value in params.items():
        param = known.get(key)
        if param is None:
            raise BotSpecError(f"bot {name!r} has no parameter {key!r}; its parameters: "
                               f"{', '.join(known) or 'none'}")
        if not isinstance(value, int) or isinstance(value, bool) or not param.low <= value <= param.high:
            raise BotSpecError(f"{name}: {key} must be a whole number from {param.low} to {param.high}, "
                               f"not {value!r}")
        full[key] = value
    return full
