"""What a comparison plays: its :class:`Plan` (the main run, strategic depth, the one-rule and check runs)
and the tables each finding is checked with (:func:`check_tables`: the panel of :mod:`tonk_rules.sim.panel`,
the default, casual and search tables, or the check table the user gave), with their names in words.

Below :mod:`~tonk_rules.report.build`, :mod:`~tonk_rules.report.findings_build` and
:mod:`~tonk_rules.report.report_model`, which all read the plan, so none of them imports another back."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tonk_rules.bots.specs import BotSpec
from tonk_rules.sim.panel import panel_tables, search_hands
from tonk_rules.sim.skill import Trace
from tonk_rules.words.numbers import fill

#: How a panel table is named in a finding (``{bots}``: its seats; ``{count}``: its hands, written; ``{n:…}``: the
#: noun's form for that number).
PANEL_WORDS = {
    "en": {"default": "the default table ({bots})", "casual": "the casual table ({bots})",
           "search": "the search table ({bots}, {count} {n:hand|hands})", "check": "{bots}",
           "interval": "There, {b} − {a}: {diff}."},
    "ru": {"default": "стол по умолчанию ({bots})", "casual": "стол любителей ({bots})",
           "search": "стол с поиском ({bots}, {count} {n:сдача|сдачи|сдач})", "check": "{bots}",
           "interval": "Там {b} − {a}: {diff}."},
}


@dataclass(frozen=True)
class Plan:
    """What to simulate: the main run, strategic depth, and the one-rule and check runs (``probe_hands``
    hands each; 0 leaves them out)."""

    hands: int
    depth_hands: int
    players: int
    seed: int
    seats: tuple[BotSpec, ...]
    strong: BotSpec
    weak: BotSpec
    probe_hands: int = 0
    check: tuple[BotSpec, ...] = ()
    lang: str = "en"
    skill: Trace | None = None  # the skill trace each variant plays (tonk_rules.sim.skill); None: none

    def settings(self) -> dict[str, Any]:
        return {"seed": self.seed, "hands": self.hands, "players": self.players,
                "bots": [str(s) for s in self.seats],
                "depth": {"hands": self.depth_hands, "strong": str(self.strong), "weak": str(self.weak)},
                "probes": {"hands": self.probe_hands, "check_bots": [str(s) for s in self.check]},
                "panel": [{"table": t.name, "bots": [str(s) for s in t.seats], "hands": t.hands or self.hands}
                          for t in check_tables(self)],
                **({"skill": self.skill.settings()} if self.skill is not None else {})}


@dataclass(frozen=True)
class CheckTable:
    """A table the findings are checked with: its panel name, seats and hands (0: the main run is it)."""

    name: str
    seats: tuple[BotSpec, ...]
    hands: int

    def said(self, lang: str) -> str:
        bots = _seats_text(self.seats)
        count = f"{self.hands:,}" if lang == "en" else f"{self.hands:,}".replace(",", "\u00a0")
        return fill(PANEL_WORDS[lang][self.name], lang, bots=bots, count=count, n=self.hands)


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
