"""The bots that decide without a search of their own, by name: the players a ``montecarlo`` seat believes the
other seats may be (:data:`~tonk_rules.kernel.search.MODELLED`) and plays its samples out with.

Apart from the package's ``BOT_CLASSES`` (which adds ``montecarlo`` itself), so that
:mod:`~tonk_rules.bots.montecarlo` builds its modelled players without importing the package that imports it.
"""

from __future__ import annotations

from tonk_rules.bots.greedy import GreedyBot
from tonk_rules.bots.random_bot import RandomBot
from tonk_rules.bots.reckoner import CasualBot, ReckonerBot

PlainBotClass = type[GreedyBot] | type[RandomBot] | type[ReckonerBot] | type[CasualBot]
#: Each plain bot's class, by name, in the order ``BOT_CLASSES`` lists them (bot lists in messages follow it).
PLAIN_BOT_CLASSES: dict[str, PlainBotClass] = {"random": RandomBot, "greedy": GreedyBot, "reckoner": ReckonerBot,
                                               "casual": CasualBot}
