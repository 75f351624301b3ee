"""The players of ``tonk play --players``: the person's name, and bots given as ``bot:SPEC`` or ``NAME=bot:SPEC``.

    >>> seats = parse_players("Ann,bot:random,Goblin=bot:random")
    >>> [(s.name, s.spec) for s in seats]
    [('Ann', None), ('Random 2', 'random'), ('Goblin', 'random')]

Bots are built from their spec with the seed of the game, so a seed fixes every choice.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tonk_rules.engine.actions import Action
from tonk_rules.engine.hand import Hand
from tonk_rules.errors import TableInputError
from tonk_rules.table.play import Player
from tonk_rules.table.table_setup import why_bad_name

# Stand-in until the bots package lands on main: uniformly random legal moves from a seeded stream.
KNOWN_BOTS = ("random",)


@dataclass(frozen=True)
class SeatSpec:
    name: str
    spec: str | None  # None: the person


def parse_players(text: str) -> list[SeatSpec]:
    """``NAME,bot:SPEC,NAME=bot:SPEC``: exactly one person, every other seat a bot."""
    seats: list[SeatSpec] = []
    for i, item in enumerate(p.strip() for p in text.split(",")):
        name, eq, spec = item.partition("=")
        if not eq and item.startswith("bot:"):
            spec, name = item[4:], f"{item[4:].split(':')[0].capitalize()} {i + 1}"
        elif eq:
            if not spec.startswith("bot:"):
                raise TableInputError(f"--players {item!r}: write NAME=bot:SPEC for a named bot")
            spec = spec[4:]
        else:
            spec = ""
        if why := why_bad_name(name):
            raise TableInputError(f"--players: {why}")
        if spec:
            check_spec(spec)
        seats.append(SeatSpec(name, spec or None))
    names = [s.name for s in seats]
    if len(set(names)) != len(names):
        raise TableInputError("--players: a name is given twice")
    people = [s.name for s in seats if s.spec is None]
    if len(people) != 1:
        raise TableInputError(f"--players: give exactly one person's name and bots for the other seats "
                              f"(people: {', '.join(people) or 'none'})")
    return seats


def check_spec(spec: str) -> None:
    if spec.split(":")[0] not in KNOWN_BOTS or ":" in spec:
        raise TableInputError(f"unknown bot {spec!r} (bots: {', '.join(KNOWN_BOTS)})")


@dataclass
class RandomStandIn:
    """Random legal moves (a stand-in for the bots package's players)."""

    rng: random.Random
    label: str = "random"

    def choose(self, hand: Hand, seat: int) -> Action:
        return self.rng.choice(hand.legal_actions())


def make_bot(spec: str, seed: int) -> Player:
    check_spec(spec)
    return RandomStandIn(random.Random(seed))
