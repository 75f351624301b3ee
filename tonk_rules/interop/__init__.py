"""Tonk for outside tools: any variant file as an OpenSpiel game and a PettingZoo environment.

The tools see the same hands the reference engine plays (:class:`~tonk_rules.engine.hand.Hand`), with the
chance made explicit: the deal is one chance node per card dealt, and each draw from the stock (a reshuffled
one too) is a chance node over the cards the stock may hold. A seat's view of the game is built from its
:class:`~tonk_rules.bots.Observation` only.

- :mod:`tonk_rules.interop.game_rules`: a variant (a built-in name or a path) and a table size, checked;
- :mod:`tonk_rules.interop.action_codes`: every action of a variant as one whole number;
- :mod:`tonk_rules.interop.chance_hand`: one hand with its chance nodes, the core both tools wrap;
- :mod:`tonk_rules.interop.seat_view`: a seat's observation as text and as a fixed-size vector;
- :mod:`tonk_rules.interop.openspiel_game`: the registered OpenSpiel game ``python_tonk`` (extra
  ``[openspiel]``);
- :mod:`tonk_rules.interop.openspiel_bot`: ``ProjectBot``, any of the project's bots as a ``pyspiel.Bot``;
- :mod:`tonk_rules.interop.pettingzoo_env`: ``env(variant=..., players=...)``, a PettingZoo AEC environment
  (extra ``[pettingzoo]``).

The modules of the two tools import them when loaded, so this package imports neither (see docs/interop.md).
"""
