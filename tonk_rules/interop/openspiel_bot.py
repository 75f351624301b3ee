"""Any of the project's bots as an OpenSpiel bot, so that OpenSpiel's agents play ours (extra
``[openspiel]``).

    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import evaluate_bots
    from open_spiel.python.bots.uniform_random import UniformRandomBot
    from tonk_rules.interop.openspiel_bot import ProjectBot

    game = pyspiel.load_game("python_tonk", {"variant": "pagat", "players": 2})
    bots = [ProjectBot(game, 0, "reckoner"), UniformRandomBot(1, np.random.RandomState(0))]
    evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(1))

``spec`` is a bot spec as the ``tonk`` command takes it (``reckoner``, ``greedy:knock=5``,
``montecarlo:rollouts=100``): a spec without parameters plays the tuned default for the variant and table
size, as ``tonk simulate`` seats it. The bot is given what its seat observes
(:func:`~tonk_rules.bots.observe`) and the engine's legal actions, exactly as the project's runners give them.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from tonk_rules.bots import BOT_CLASSES, Bot
from tonk_rules.bots.specs import BotSpec, parse_spec
from tonk_rules.errors import BotSpecError
from tonk_rules.interop.game_rules import InteropSetupError
from tonk_rules.interop.openspiel_game import TonkGame, TonkState
from tonk_rules.sim.tuning import seats_for


def project_bot(game: TonkGame, spec: str | BotSpec, seed: int = 0) -> Bot:
    """The project's bot ``spec`` for ``game``'s variant and table size (tuned defaults filled in)."""
    if isinstance(spec, str):
        try:
            spec = parse_spec(spec)
        except BotSpecError as exc:
            raise InteropSetupError(str(exc)) from None
    [(name, params)] = seats_for(game.ruleset, game.players, [spec])
    bot: Bot = BOT_CLASSES[name](seed=seed, **params)
    return bot


class ProjectBot(pyspiel.Bot):  # type: ignore[misc,unused-ignore]
    """Seat ``player`` of ``game`` (a ``python_tonk`` game) played by the project's bot ``spec``."""

    def __init__(self, game: TonkGame, player: int, spec: str | BotSpec, seed: int = 0) -> None:
        super().__init__()
        if not isinstance(game, TonkGame):
            raise InteropSetupError(f"ProjectBot plays python_tonk games, not {game}")
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < game.players:
            raise InteropSetupError(f"player must be a seat number 0..{game.players - 1}, not {player!r}")
        self.game, self.player = game, player
        self.bot = project_bot(game, spec, seed)

    def step(self, state: TonkState) -> int:
        table = state.table
        if table.current() != self.player:
            raise ValueError(f"ProjectBot for seat {self.player} asked to move for seat {table.current()}")
        obs = table.observation(self.player)
        assert obs is not None  # a seat moves only once the deal is over
        action = self.bot.choose(obs, table.engine_legal())
        return table.codes.encode(action)

    def restart_at(self, state: Any) -> None:  # the bot keeps no memory between decisions: nothing to reset
        pass

    def inform_action(self, state: Any, player: int, action: int) -> None:  # it reads the state afresh at each step
        pass

    def restart(self) -> None:
        pass


class SeatedISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc,unused-ignore]
    """OpenSpiel's own IS-MCTS (``open_spiel.python.algorithms.ismcts``), unchanged, with the two hooks that
    ``evaluate_bots`` calls and it lacks (``restart_at``, ``inform_action``: it searches afresh at every step,
    so both do nothing). Its worlds come from ``TonkState.resample_from_infostate``."""

    def restart_at(self, state: Any) -> None:
        pass

    def inform_action(self, state: Any, player: int, action: int) -> None:
        pass


def ismcts_bot(game: TonkGame, simulations: int, seed: int = 0, uct_c: float = 2.0) -> SeatedISMCTS:
    """IS-MCTS with ``simulations`` per decision, each leaf valued by one random playout; seeded by ``seed``."""
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    bot = SeatedISMCTS(game, evaluator, uct_c, simulations, random_state=np.random.RandomState(seed + 1))
    # OpenSpiel's default sampler draws its seed from the machine: a stream of the bot's own keeps a seed
    # fixing every world it samples
    worlds = np.random.RandomState(seed + 2)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, worlds.random_sample))
    return bot
