"""The hand form: what a phone sends, turned into the options ``tonk event record`` takes, and a refusal
placed beside the field it is about (:func:`tonk_rules.web.refusal_words.said` words every refusal of the form,
the table's input and the rules in the page's language).

Fields: ``how`` (knock, out, stock_out, deal), ``player`` (who knocked or went out), ``no_discard`` and
``new_spread`` (an out), and per seat ``i``: ``count_i`` (quick entry), ``cards_i`` (the cards instead) and
``tonk_i`` (a deal tonk held). ``submission`` is the form's idempotency key, ``expected`` the number the
hand gets if no other hand is recorded first.
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from tonk_rules.errors import TonkError
from tonk_rules.table.settle import HowItEnded

HOWS = ("knock", "out", "stock_out", "deal")
MAX_FIELD = 200
SUBMISSION = re.compile(r"[A-Za-z0-9_-]{16,64}")


class FormError(TonkError):
    """A field that cannot be right, said beside it (``field``: its name in the form; its words, by the code of
    its :attr:`refusal`, in :mod:`tonk_rules.web.refusal_words`)."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(message)
        self.field = field_name


@dataclass(frozen=True)
class HandForm:
    """The form as sent: kept whole so that a refused or retried form comes back as the user left it."""

    values: dict[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, form: dict[str, str]) -> HandForm:
        return cls({k: v[:MAX_FIELD] for k, v in form.items() if isinstance(v, str)})

    def get(self, key: str) -> str:
        return self.values.get(key, "").strip()

    @property
    def submission(self) -> str:
        given = self.get("submission")
        return given if SUBMISSION.fullmatch(given) else ""

    def expected(self) -> int | None:
        text = self.get("expected")
        return int(text) if text.isdigit() and len(text) < 9 else None


def new_submission() -> str:
    return secrets.token_urlsafe(18)


@dataclass(frozen=True)
class Options:
    """What ``tonk event record`` would be given."""

    how: HowItEnded
    hands: list[str]
    counts: list[str]
    tonks: list[str]


def options_of(form: HandForm, names: list[str]) -> Options:
    """The record options the form describes for the players ``names`` (seat ``i`` is ``names[i]``)."""
    how = form.get("how")
    if how not in HOWS:
        raise FormError("how", "say how the hand ended").coded("form_no_ending")
    player = form.get("player") or None
    if how in ("knock", "out") and player not in names:
        raise FormError("player", "say who knocked or went out").coded("form_no_player", "player")
    hands, counts, tonks = [], [], []
    for i, name in enumerate(names):
        cards, count = form.get(f"cards_{i}"), form.get(f"count_{i}")
        if cards:
            hands.append(f"{name}={cards}")
        elif count:
            if not count.isdigit() or len(count) > 4:
                raise FormError(f"count_{i}", f"{name}'s count is a whole number, not {count[:10]!r}").coded(
                    "form_count_not_number", "count", name, name=name, text=count[:10])
            counts.append(f"{name}={int(count)}")
        if form.get(f"tonk_{i}"):
            tonks.append(name)
    if how != "deal" and tonks:
        raise FormError("how", "a deal tonk is marked, but the hand did not end on the deal").coded(
            "form_tonk_not_deal")
    no_discard, new_spread = bool(form.get("no_discard")), bool(form.get("new_spread"))
    if (no_discard or new_spread) and how != "out":
        raise FormError("how", "'without a final discard' and 'a new spread' describe a player going out").coded(
            "form_spread_not_out")
    if new_spread and not no_discard:
        raise FormError("how", "a new spread as the last cards means the player went out without a final discard"
                        ).coded("form_spread_needs_no_discard")
    return Options(HowItEnded(how, player if how in ("knock", "out") else None, by_discard=not no_discard,
                              new_spread=new_spread), hands, counts, tonks)



def one_line(text: str) -> str:
    """``text`` as one line: line breaks, tabs and other control characters folded into single spaces (a name,
    a title or a reason pasted with a line break would otherwise forge a line of the history or an export)."""
    return " ".join("".join(" " if unicodedata.category(ch)[0] == "C" or ch in "\u2028\u2029" else ch
                            for ch in text).split())


#: how each recorded ending is entered on the form, for a hand recorded without its form's own words
_HOW_OF_ENDING = {"knock_won": "knock", "knock_caught": "knock", "out_by_discard": "out", "out_by_spread": "out",
                  "out_by_hit": "out", "deal_tonk": "deal", "deal_void": "deal", "stock_exhausted": "stock_out",
                  "stock_void": "stock_out"}


def values_of_hand(hand: dict[str, Any]) -> dict[str, str]:
    """The hand form filled in as hand ``hand`` was recorded (a correction starts from what it was)."""
    names = list(hand["players"])
    detail = hand.get("detail") or {}
    how = str(detail.get("how") or _HOW_OF_ENDING.get(str(hand["ending"]), ""))
    player = detail.get("player") or hand.get("knocker") or (hand["winners"][0] if how == "out" and hand["winners"]
                                                             else "")
    values = {"how": how, "player": str(player or "")}
    if how == "out" and (detail.get("by_discard") is False or hand["ending"] in ("out_by_spread", "out_by_hit")):
        values["no_discard"] = "1"
    if how == "out" and (detail.get("new_spread") or hand["ending"] == "out_by_spread"):
        values["new_spread"] = "1"
    given = detail.get("hands") or {}
    tonks = set(detail.get("tonks") or (hand["winners"] if how == "deal" else ()))
    counts = hand.get("counts") or {}
    for i, name in enumerate(names):
        if given.get(name):
            values[f"cards_{i}"] = str(given[name])
        elif how != "deal" and counts.get(name) is not None:
            values[f"count_{i}"] = str(counts[name])
        if name in tonks:
            values[f"tonk_{i}"] = "1"
    return values
