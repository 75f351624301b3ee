"""The bot protocol: a bot sees an :class:`~tonk_rules.bots.observation.Observation` and the legal actions.

Every built-in bot class is constructed by keyword parameters (its spec's ``name:key=value`` pairs) plus
``seed``, the start of its random stream, so a runner can build any of them the same way::

    >>> from tonk_rules.bots import BOT_CLASSES
    >>> bot = BOT_CLASSES["greedy"](knock=5, seed=0)
    >>> bot.name, bot.params()
    ('greedy', {'knock': 5, 'patience': 30})
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from tonk_rules.bots.observation import Observation
from tonk_rules.engine.actions import Action


class Bot(Protocol):
    """A player: ``choose`` returns one of ``legal`` (never anything else)."""

    name: str

    def choose(self, obs: Observation, legal: Sequence[Action]) -> Action:
        """Pick one of the legal actions, knowing only ``obs``."""
        ...

    def params(self) -> dict[str, int]:
        """The bot's parameters, as its spec writes them (``greedy:knock=5`` → ``{"knock": 5}``)."""
        ...
