"""The tables each finding of a comparison is checked with: the panel of :mod:`tonk_rules.sim.panel` (the
default, casual and search tables) or the check table the user gave. Apart from :mod:`~tonk_rules.report.build`
so that the report's model can word them without importing the builder back (no import circle)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tonk_rules.bots.specs import BotSpec
from tonk_rules.report.findings_build import PANEL_WORDS
from tonk_rules.sim.panel import panel_tables, search_hands

if TYPE_CHECKING:
    from tonk_rules.report.build import Plan


@dataclass(frozen=True)
class CheckTable:
    """A table the findings are checked with: its panel name, seats and hands (0: the main run is it)."""

    name: str
    seats: tuple[BotSpec, ...]
    hands: int

    def said(self, lang: str) -> str:
        bots = _seats_text(self.seats)
        n = f"{self.hands:,}" if lang == "en" else f"{self.hands:,}".replace(",", "\u00a0")
        return PANEL_WORDS[lang][self.name].format(bots=bots, n=n)


def _seats_text(seats: Sequence[BotSpec]) -> str:
    """Seats as said: ``greedy ×3``, or each seat where they differ."""
    texts = [str(s) for s in seats]
    if len(set(texts)) == 1:
        return f"{texts[0]} ×{len(texts)}"
    first, *rest = texts
    return f"{first}, " + ", ".join(rest) if len(set(rest)) > 1 else f"{first}, {rest[0]} ×{len(rest)}"


def check_tables(plan: Plan) -> list[CheckTable]:
    """The tables each finding is checked with: the ``check`` table the user gave, else the panel
    (:mod:`tonk_rules.sim.panel`: default, casual and search tables; the default table is the main run where
    the main seats are it). None without one-rule-run hands (``probe_hands`` 0)."""
    if not plan.probe_hands:
        return []
    if plan.check:
        return [CheckTable("check", plan.check, plan.probe_hands)]
    out = []
    for table in panel_tables(plan.players):
        hands = search_hands(plan.probe_hands) if table.name == "search" else plan.probe_hands
        if table.name == "default" and tuple(str(s) for s in table.seats) == tuple(str(s) for s in plan.seats):
            hands = 0
        out.append(CheckTable(table.name, table.seats, hands))
    return out
