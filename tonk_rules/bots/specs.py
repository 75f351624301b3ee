"""Bot specs: the names users type for bots, such as ``greedy``, ``greedy:knock=5``, ``random`` and
``montecarlo:rollouts=200``, parsed and checked into :class:`BotSpec` values.

A spec is a bot name, then optional ``:key=value`` parameters. Unknown bots, unknown parameters and bad
values are errors with one clear message, never silently replaced by defaults. A spec remembers only what
the user gave: the rest is resolved per rule set and table size where specs become seats
(:func:`tonk_rules.sim.tuning.seats_for`), so ``greedy`` is the tuned default and ``greedy:knock=5`` the
fixed bot that knocks at 5 or less.

    >>> spec = parse_spec("greedy:knock=3")
    >>> spec.name, spec.params, str(spec)
    ('greedy', {'knock': 3}, 'greedy:knock=3')
    >>> str(parse_spec("greedy:knock=5")), str(parse_spec("greedy"))
    ('greedy:knock=5', 'greedy')
    >>> parse_spec("montecarlo").params
    {}
    >>> parse_spec("greedy:knok=5")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tonk_rules.errors.BotSpecError: bot 'greedy' has no parameter 'knok' (did you mean 'knock'?); its parameters: ...
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tonk_rules.bots.montecarlo import MONTECARLO_PARAMS, MonteCarloBot
from tonk_rules.bots.plain_bots import PLAIN_BOT_CLASSES, PlainBotClass
from tonk_rules.errors import BotSpecError
from tonk_rules.kernel.seats import KERNEL_POLICIES, SeatSpec


@dataclass(frozen=True)
class Param:
    """One whole-number parameter of a bot: its default (None: the bot's own) and its allowed range."""

    default: int | None
    low: int
    high: int
    help: str


#: Every bot a spec may name, with its parameters.
BOTS: dict[str, dict[str, Param]] = {
    **{name: {key: Param(p.default, p.low, p.high, p.help) for key, p in params.items()}
       for name, params in KERNEL_POLICIES.items()},
    "montecarlo": {key: Param(p.default, p.low, p.high, p.help) for key, p in MONTECARLO_PARAMS.items()},
}
#: Bots the compiled kernel plays itself; the others are played on the reference engine.
KERNEL_BOTS = frozenset(KERNEL_POLICIES)
#: Each bot's class, by name.
BotClass = PlainBotClass | type[MonteCarloBot]
BOT_CLASSES: dict[str, BotClass] = {**PLAIN_BOT_CLASSES, "montecarlo": MonteCarloBot}


@dataclass(frozen=True)
class BotSpec:
    """A bot's name and the parameters the user gave (checked; nothing filled in)."""

    name: str
    params: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.name + "".join(f":{k}={v}" for k, v in sorted(self.params.items()))

    def __hash__(self) -> int:
        return hash(str(self))


def _suggest(word: str, choices: list[str]) -> str:
    close = difflib.get_close_matches(word, choices, n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def parse_spec(text: str) -> BotSpec:
    """Parse one spec; raise :class:`BotSpecError` saying what is wrong."""
    name, *pairs = text.strip().split(":")
    if name not in BOTS:
        raise BotSpecError(f"unknown bot {name!r}{_suggest(name, list(BOTS))}; bots: {', '.join(BOTS)}")
    known = BOTS[name]
    params: dict[str, Any] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key:
            raise BotSpecError(f"in bot spec {text!r}: expected key=value after ':', not {pair!r}")
        if key not in known:
            listed = ", ".join(known) or "none"
            raise BotSpecError(f"bot {name!r} has no parameter {key!r}{_suggest(key, list(known))}; "
                               f"its parameters: {listed}")
        if key in params:
            raise BotSpecError(f"in bot spec {text!r}: {key} is given twice")
        param = known[key]
        try:
            number = int(value)
        except ValueError:
            raise BotSpecError(f"in bot spec {text!r}: {key} must be a whole number, not {value!r}") from None
        if not param.low <= number <= param.high:
            raise BotSpecError(f"in bot spec {text!r}: {key} must be from {param.low} to {param.high}, "
                               f"not {number}")
        params[key] = number
    return BotSpec(name, params)


def parse_specs(text: str) -> list[BotSpec]:
    """Parse a comma-separated list of specs (``greedy,random,greedy:knock=3``)."""
    parts = [p for p in text.split(",")]
    if not all(p.strip() for p in parts):
        raise BotSpecError(f"empty bot spec in {text!r}; give names separated by commas")
    return [parse_spec(p) for p in parts]


def bot_seats(seats: Sequence[SeatSpec]) -> list[tuple[str, dict[str, int]]]:
    """Validate seats ``(name, params)`` by building each bot once; return them with defaults filled in."""
    out = []
    for name, params in seats:
        cls = BOT_CLASSES.get(name)
        if cls is None:
            raise BotSpecError(f"unknown bot {name!r}{_suggest(name, list(BOT_CLASSES))}; "
                               f"bots: {', '.join(BOT_CLASSES)}")
        try:
            bot = cls(**dict(params), seed=0)
        except TypeError as exc:
            raise BotSpecError(f"bot {name!r}: {exc}") from None
        out.append((name, bot.params()))
    return out
