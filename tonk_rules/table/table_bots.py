"""The players of ``tonk play --players``: the person's name, and bots given as ``bot:SPEC`` or ``NAME=bot:SPEC``.

    >>> seats = parse_players("Ann,bot:greedy:knock=5,Goblin=bot:greedy:knock=5")
    >>> [(s.name, s.spec) for s in seats]
    [('Ann', None), ('Greedy-2', 'greedy:knock=5'), ('Goblin', 'greedy:knock=5')]

A SPEC is what the simulator takes (``random``, ``greedy``, ``greedy:knock=5``, ...), parsed by
:mod:`tonk_rules.bots.specs` and resolved for the rules and the table size as the simulator resolves it
(:func:`tonk_rules.sim.tuning.seats_for`: ``reckoner``, the default player, and plain ``greedy`` are tuned
to the variant; ``bot`` with no spec is ``reckoner``); the bot is the bots
package's own, built with the game's seed, and it sees only :func:`tonk_rules.bots.observe` of its seat,
never the other hands or the stock.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tonk_rules.bots import BOT_CLASSES, Bot, observe
from tonk_rules.bots.explain import why_move
from tonk_rules.bots.observation import Observation
from tonk_rules.bots.specs import BotSpec, parse_spec
from tonk_rules.engine.actions import Action
from tonk_rules.engine.hand import Hand
from tonk_rules.errors import BotSpecError, TableInputError
from tonk_rules.ruleset import Ruleset
from tonk_rules.sim import stages
from tonk_rules.sim.table_size import DEFAULT_PLAYERS
from tonk_rules.sim.tuning import seats_for
from tonk_rules.table.names import canonical, why_names_clash
from tonk_rules.table.play import Player
from tonk_rules.table.table_setup import why_bad_name

#: The bot a seat gets from ``bot`` or ``NAME=bot:`` with no spec: the default player, tuned to the rules.
DEFAULT_BOT = "reckoner"
#: The person's seat when ``--players`` is not given, and the default players' names beside it.
PERSON = "You"
DEFAULT_NAMES = ("Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")


@dataclass(frozen=True)
class SeatSpec:
    name: str
    spec: str | None  # None: the person


def parse_players(text: str, *, several_people: bool = False) -> list[SeatSpec]:
    """``NAME,bot:SPEC,NAME=bot:SPEC``: exactly one person, every other seat a bot (``several_people``: at
    least one person, as at a table played from several phones)."""
    seats: list[SeatSpec] = []
    for i, item in enumerate(p.strip() for p in text.split(",")):
        if item in ("bot", "bot:"):  # a bot with no spec: the default player
            item = "bot:" + DEFAULT_BOT
        if item.startswith("bot:"):  # a spec may hold '=' itself (bot:greedy:knock=5)
            spec, name = item[4:], f"{item[4:].split(':')[0].capitalize()}-{i + 1}"  # "Greedy-2": one name
        else:
            name, eq, spec = item.partition("=")
            if eq and not spec.startswith("bot:"):
                raise TableInputError(f"--players {item!r}: write NAME=bot:SPEC for a named bot")
            spec = (spec[4:] or DEFAULT_BOT) if eq else ""
        name = canonical(name)
        if why := why_bad_name(name):
            raise TableInputError(f"--players: {why}")
        if spec:
            check_spec(spec)
        seats.append(SeatSpec(name, spec or None))
    names = [s.name for s in seats]
    if len(set(names)) != len(names):
        raise TableInputError("--players: a name is given twice")
    if why := why_names_clash(names):
        raise TableInputError(f"--players: {why}")
    people = [s.name for s in seats if s.spec is None]
    if several_people and not people:
        raise TableInputError("--players: give at least one person's name (bots fill the other seats)")
    if len(people) != 1 and not several_people:
        raise TableInputError(f"--players: give exactly one person's name and bots for the other seats "
                              f"(people: {', '.join(people) or 'none'})")
    return seats


def usual_players(rules: Ruleset) -> int:
    """The table a first hand is dealt at: 3 players where the rules seat 3 (the number ``tonk simulate``
    seats, and the smallest the sources play most), else the nearest number they seat (the smaller of two)."""
    sizes = rules.table_sizes()
    return min(sizes, key=lambda n: (abs(n - DEFAULT_PLAYERS), n))


def default_seats(rules: Ruleset) -> list[SeatSpec]:
    """``tonk play VARIANT`` with no ``--players``: the person (:data:`PERSON`) first, then the default
    player in every other seat of :func:`usual_players`, named Bob, Cy, ..."""
    return [SeatSpec(PERSON, None)] + [SeatSpec(DEFAULT_NAMES[i] if i < len(DEFAULT_NAMES) else f"Bot-{i + 2}",
                                                DEFAULT_BOT) for i in range(usual_players(rules) - 1)]


def check_spec(spec: str) -> BotSpec:
    try:
        parsed = parse_spec(spec)
    except BotSpecError as exc:
        raise TableInputError(f"--players: {exc}") from None
    if parsed.name not in BOT_CLASSES:
        raise TableInputError(f"--players: bot {parsed.name!r} cannot sit at a terminal table "
                              f"(bots here: {', '.join(BOT_CLASSES)})")
    return parsed


@dataclass
class SeatedBot:
    """A bots-package bot in a seat: it is shown only its seat's observation and the legal moves."""

    bot: Bot
    label: str  # the spec it plays, every parameter given (the tuned ones too)

    def choose(self, hand: Hand, seat: int) -> Action:
        return self.bot.choose(observe(hand, seat), hand.legal_actions())

    def why(self, before: Observation, legal: Sequence[Action], action: Action) -> str:
        """Why it chose ``action`` in the position ``before`` (:func:`tonk_rules.bots.explain.why_move`)."""
        return why_move(self.bot.name, self.bot.params(), before, legal, action)


def make_bot(spec: str, seed: int, rules: Ruleset, players: int) -> Player:
    """The bot of ``spec`` at a ``players``-seat table of ``rules``."""
    parsed = check_spec(spec)
    [(name, params)] = seats_for(rules, players, [parsed])
    bot = BOT_CLASSES[name](**params, seed=seed)
    # a bot of its own makes the move: the seated bot's random stream stays where the seed put it
    stages.ready_to_decide(name, lambda: _one_move(BOT_CLASSES[name](**params, seed=seed), rules, players))
    return SeatedBot(bot, str(BotSpec(name, dict(params))))  # every parameter it plays: a record can say so


def _one_move(bot: Bot, rules: Ruleset, players: int) -> None:
    """One decision of ``bot`` on a shuffled hand of its own (its compiled decision is built by it)."""
    hand = Hand.shuffled(rules, [f"seat {i + 1}" for i in range(players)], 0, random.Random(0))
    bot.choose(observe(hand, hand.current), hand.legal_actions())
