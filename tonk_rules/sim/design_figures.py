"""The named figures a design search aims at or keeps within, each measured per hand or per session.

A figure is the mean of one column of per-unit values: a *hand* column (``hand_columns``) has one value per
hand, a *session* column (``session_columns``) one per session of :data:`SESSION` consecutive hands at the
same chairs (the dealer moving on each hand), the way a table plays an evening. Every value is a whole
number, so the sums merge exactly across chunks, and the per-unit values of two rulesets on the same deals
meet in one chunk, which is what makes a paired difference possible (:mod:`tonk_rules.sim.design`).

The game-quality figures are those of Ludii's game evaluation, measured over a session because a Tonk hand
has no running score: *lead changes* (how often the seat ahead changes), *winner clear* (how early the
session's winner takes the lead for good) and *decided at the deal* (hands the deal check ends).

    >>> sorted(FIGURES)[:4]
    ['deal_tonk', 'dealer_edge', 'decided_at_deal', 'ends.deal_tonk']
    >>> figure("turn")
    Traceback (most recent call last):
    ...
    tonk_rules.errors.SimulationError: no figure 'turn'; did you mean turns? (figures: ...)
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from tonk_rules.errors import SimulationError
from tonk_rules.kernel.layout import SESSION as KERNEL_SESSION
from tonk_rules.ruleset import Ruleset
from tonk_rules.sim.odds import OddsTooCostly, deal_tonk_odds
from tonk_rules.sim.tally import ENDINGS, Batch
from tonk_rules.terms import Ending, SeveralDealTonks

#: Hands in one session (an evening's play at one table): the unit of the lead figures, and the hands over which
#: a montecarlo seat remembers what it saw the others do (the kernel's constant).
SESSION = KERNEL_SESSION

Unit = Literal["hand", "session", "trace"]  # trace: measured by its own runs (the skill trace)
Kind = Literal["rate", "mean", "spread"]

#: The per-hand columns, in :func:`hand_columns` order: each ending (0/1), turns, stakes changing hands,
#: the net of the first to play and of the dealer, the deal check (0/1).
HAND_COLUMNS = (*(f"ends.{e}" for e in ENDINGS), "turns", "stakes", "first_net", "dealer_net", "deal_check")
#: The per-session columns, in :func:`session_columns` order.
SESSION_COLUMNS = ("lead_changes", "clear_at")


@dataclass(frozen=True)
class Figure:
    """One named figure: the column it is the mean (or spread) of, and how to say it."""

    name: str
    unit: Unit
    column: str
    kind: Kind
    label: str  # a short name for tables
    definition: str  # one sentence for the report and the docs
    scale: float = 1.0  # the column's mean times this is the figure (clear_at counts hands; the figure is a share)

    @property
    def percent(self) -> bool:
        """Whether the figure is a share printed as a percentage (rates and the winner-clear share)."""
        return self.kind == "rate" or self.name == "winner_clear"


def _figures() -> dict[str, Figure]:
    out = {
        "turns": Figure("turns", "hand", "turns", "mean", "turns per hand",
                        "hand length: the turns begun in a hand (0 when the deal check ends it)"),
        "deal_tonk": Figure("deal_tonk", "hand", f"ends.{Ending.DEAL_TONK}", "rate", "deal tonk",
                            "the share of hands won by a deal tonk (one player's dealt hand qualifies)"),
        "decided_at_deal": Figure("decided_at_deal", "hand", "deal_check", "rate", "decided at the deal",
                                  "the share of hands the deal check ends (a deal tonk, or a deal voided "
                                  "because several hands qualify)"),
        "stakes": Figure("stakes", "hand", "stakes", "mean", "stakes per hand",
                         "the stakes that change hands in a hand (the sum of the winners' takings)"),
        "stakes_spread": Figure("stakes_spread", "hand", "stakes", "spread", "spread of stakes",
                                "the standard deviation of the stakes that change hands per hand"),
        "first_edge": Figure("first_edge", "hand", "first_net", "mean", "first player's edge",
                             "the mean net per hand of the player who plays first (the dealer's left)"),
        "dealer_edge": Figure("dealer_edge", "hand", "dealer_net", "mean", "dealer's edge",
                              "the mean net per hand of the dealer (who plays last)"),
        "lead_changes": Figure("lead_changes", "session", "lead_changes", "mean", f"lead changes per {SESSION}",
                               f"over a session of {SESSION} hands, how often a different player takes the sole "
                               "lead in money"),
        "winner_clear": Figure("winner_clear", "session", "clear_at", "mean", "winner clear after",
                               f"the share of a {SESSION}-hand session played before its winner takes the lead "
                               "for good (lower: the winner is clear earlier; a session ending in a tie for the "
                               "lead counts as 100%)", 1 / SESSION),
    }
    out["skill"] = Figure("skill", "trace", "skill", "mean", "skill",
                          "how much playing better wins: the order the search player (montecarlo) gains each time "
                          "its playouts double, against itself at half the budget (its skill trace: 10 to 80 "
                          "playouts, or to 2,560 with --skill full; 0: a better player wins no more often)")
    for e in ENDINGS:
        out[f"ends.{e}"] = Figure(f"ends.{e}", "hand", f"ends.{e}", "rate", f"ends: {e}",
                                  f"the share of hands that end by {e.replace('_', ' ')}")
    return out


FIGURES: dict[str, Figure] = _figures()


def figure(name: str) -> Figure:
    """The figure named ``name``; an unknown name raises :class:`SimulationError` with the closest names."""
    if name in FIGURES:
        return FIGURES[name]
    close = difflib.get_close_matches(name, list(FIGURES), n=3, cutoff=0.5)
    hint = f"; did you mean {' or '.join(close)}?" if close else ""
    raise SimulationError(f"no figure {name!r}{hint} (figures: {', '.join(FIGURES)})")


def exact_values(ruleset: Ruleset, players: int) -> dict[str, float]:
    """The figures counted exactly (``tonk odds``), by name: the deal check decides each hand from its
    dealt cards alone, so its rates are fixed by the deck and the table size, whatever is played after.
    Several qualifying hands are one deal tonk where they are all paid, a void deal where they void it.
    Empty where the count is too costly (the figures are then only sampled)."""
    try:
        odds = deal_tonk_odds(ruleset, players)
    except OddsTooCostly:
        return {}
    void = ruleset.deal_check.several is SeveralDealTonks.VOID
    deal_tonk = float(odds.exactly_one if void else odds.table)
    return {"deal_tonk": deal_tonk, f"ends.{Ending.DEAL_TONK}": deal_tonk,
            f"ends.{Ending.DEAL_VOID}": float(odds.several) if void else 0.0,
            "decided_at_deal": float(odds.table)}


def hand_columns(batch: Batch, players: int) -> npt.NDArray[np.int64]:
    """One row per hand, the columns of :data:`HAND_COLUMNS`."""
    n = len(batch.ending)
    ending = batch.ending.astype(np.int64)
    endings = np.zeros((n, len(ENDINGS)), np.int64)
    endings[np.arange(n), ending] = 1
    net = batch.net.astype(np.int64)
    dealer = batch.dealer.astype(np.int64)
    rows = np.arange(n)
    first = net[rows, (dealer + 1) % players]
    stakes = np.where(net > 0, net, 0).sum(axis=1)
    check = endings[:, ENDINGS.index(Ending.DEAL_TONK)] + endings[:, ENDINGS.index(Ending.DEAL_VOID)]
    return np.column_stack([endings, batch.turns.astype(np.int64), stakes, first, net[rows, dealer], check])


def session_columns(batch: Batch) -> npt.NDArray[np.int64]:
    """One row per whole session of :data:`SESSION` hands in the batch (it starts at a session's first hand):
    the lead changes, and the hand (1 to SESSION) after which the session's winner leads for good."""
    net = batch.net.astype(np.int64)
    sessions, players = len(net) // SESSION, net.shape[1]
    running = net[:sessions * SESSION].reshape(sessions, SESSION, players).cumsum(axis=1)
    best = running.max(axis=2)
    alone = (running == best[:, :, None]).sum(axis=2) == 1
    leader = np.where(alone, running.argmax(axis=2), -1)  # the seat strictly ahead after each hand, or -1
    # the last sole leader so far (a tie for the lead keeps it): a change is a new one replacing an old one
    hands = np.arange(SESSION)[None, :]
    last_led = np.maximum.accumulate(np.where(leader >= 0, hands, 0), axis=1)
    held = np.take_along_axis(leader, last_led, axis=1)
    changes = ((held[:, 1:] != held[:, :-1]) & (held[:, :-1] >= 0)).sum(axis=1)
    winner = leader[:, -1]
    behind = leader != winner[:, None]
    last_behind = np.where(behind, hands, -1).max(axis=1)  # -1: the winner led after every hand
    clear_at = np.where(winner < 0, SESSION, last_behind + 2)
    return np.column_stack([changes, clear_at]).astype(np.int64)


def describe() -> list[dict[str, Any]]:
    """Every figure's name, unit and definition (for ``--help`` lists, the report and the docs)."""
    return [{"name": f.name, "unit": f.unit, "definition": f.definition} for f in FIGURES.values()]
