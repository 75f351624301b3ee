"""Bots: players that act only through what a seated player may see.

``BOT_CLASSES`` maps each built-in bot's name to its class; each is built by keyword parameters and a
``seed`` (see :mod:`tonk_rules.bots.base`). The compiled kernel (:mod:`tonk_rules.kernel`) plays the same
policies, choice for choice.
"""

from __future__ import annotations

from tonk_rules.bots.base import Bot
from tonk_rules.bots.greedy import GreedyBot
from tonk_rules.bots.montecarlo import MonteCarloBot
from tonk_rules.bots.observation import Observation, PublicAction, SpreadView, observe
from tonk_rules.bots.plain_bots import PLAIN_BOT_CLASSES, PlainBotClass
from tonk_rules.bots.random_bot import RandomBot
from tonk_rules.bots.reckoner import CasualBot, ReckonerBot
from tonk_rules.engine.encoding import action_key, canonical

BotClass = PlainBotClass | type[MonteCarloBot]
BOT_CLASSES: dict[str, BotClass] = {**PLAIN_BOT_CLASSES, "montecarlo": MonteCarloBot}

__all__ = [
    "BOT_CLASSES", "Bot", "CasualBot", "GreedyBot", "Observation", "PublicAction", "RandomBot", "ReckonerBot",
    "SpreadView", "action_key", "canonical", "observe",
]
