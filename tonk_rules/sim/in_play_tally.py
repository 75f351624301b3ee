"""How often each rule came into play at a table, from a :class:`~tonk_rules.sim.tally.Tally`, and the
sentence that says so where it is zero or rare (:mod:`tonk_rules.kernel.in_play` says what counts).

A comparison can only show what a rule does in the hands where its value made a difference; where that
never happened with the players at the table, it cannot say anything about the rule, and says so.

    >>> from tonk_rules.sim.tally import Tally
    >>> t = Tally.empty(3); t.hands = 400_000
    >>> said = in_play_sentence("«You may discard the card you took»", [("pagat", t, "taken_discard.rule")])
    >>> said.split(" — ")
    ['«You may discard the card you took»: came into play in 0 of 400,000 hands with these players', \
'this comparison cannot say what it does.']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tonk_rules.kernel.in_play import IN_PLAY, dimension_of
from tonk_rules.sim.tally import ENDINGS, Tally
from tonk_rules.words.numbers import fill

#: Below this share of hands a rule "came into play rarely": whatever it does moves at most this share.
RARE = 0.01


def hands_in_play(tally: Tally, key: str) -> int | None:
    """The hands of ``tally`` in which rule dimension ``key`` came into play; None where it is not a rule of
    one hand, or the hands were played where nothing counts (the reference engine)."""
    d = dimension_of(key)
    if d.how == "not_in_a_hand":
        return None
    if d.how == "every_hand":
        return tally.hands
    if d.how == "ending":
        return sum(tally.endings[ENDINGS.index(e)] for e in ENDINGS if str(e) in d.endings)
    if tally.in_play_uncounted:
        return None
    return tally.in_play_hands[d.slot]


def events_in_play(tally: Tally, key: str) -> int | None:
    """The decisions and events counted for ``key`` (kernel dimensions; the hands for the others)."""
    d = dimension_of(key)
    if d.how == "kernel":
        return None if tally.in_play_uncounted else tally.in_play_events[d.slot]
    return hands_in_play(tally, key)


def in_play_json(tally: Tally, keys: Sequence[str] | None = None) -> dict[str, Any]:
    """Per rule dimension (``keys``; default: every dimension counted in a hand): hands, their share, events,
    and what counts."""
    out: dict[str, Any] = {}
    for key in keys if keys is not None else [k for k, d in IN_PLAY.items() if d.how in ("kernel", "ending")]:
        hands = hands_in_play(tally, key)
        d = dimension_of(key)
        out[key] = {"hands": hands, "fraction": None if hands is None or not tally.hands else hands / tally.hands,
                    "events": events_in_play(tally, key), "counts": d.counts}
    return out


_WORDS = {
    "en": {"never": "{rule}: came into play in 0 of {n} {hands:hand|hands} with these players — this comparison "
                    "cannot say what it does.",
           "rare": "{rule}: came into play in only {where} with these players — whatever it does moves at most "
                   "that share of hands.",
           "often": "{rule}: came into play in {where}.",
           "hands": "{k} of {n} {hands:hand|hands} ({share})", "in": "{text} in {label}", "and": " and ",
           "not_in_a_hand": "{rule}: does not change how one hand plays, so the simulation cannot show it.",
           "uncounted": "{rule}: not counted (these hands were played on the reference engine)."},
    "ru": {"never": "{rule}: ни разу не применилось за {n} {hands:сдачу|сдачи|сдач} с этими игроками — это "
                    "сравнение не может сказать, "
                    "что оно делает.",
           "rare": "{rule}: применилось лишь в {where} с этими игроками — что бы оно ни делало, оно меняет не "
                   "больше этой доли сдач.",
           "often": "{rule}: применилось в {where}.",
           "hands": "{k} из {n} {hands:сдачи|сдач|сдач} ({share})", "in": "{text} в {label}", "and": " и ",
           "not_in_a_hand": "{rule}: не меняет игру одной сдачи, поэтому моделирование не может его показать.",
           "uncounted": "{rule}: не подсчитано (сдачи сыграны эталонным движком)."},
}


def _number(n: int, lang: str) -> str:
    return f"{n:,}" if lang == "en" else f"{n:,}".replace(",", "\u00a0")


def _share(k: int, n: int) -> str:
    share = 100 * k / n if n else 0.0
    return f"{share:.2g}%" if share < 1 else f"{share:.1f}%"


def in_play_sentence(rule: str, sides: Sequence[tuple[str, Tally, str]], lang: str = "en") -> str:
    """How often ``rule`` (its words) came into play at each side's table (label, tally, dimension key): one
    sentence; it names the rule as unexercised where it never came into play on any side."""
    w = _WORDS[lang]
    counted = [(label, t, hands_in_play(t, key), dimension_of(key).how) for label, t, key in sides]
    if all(how == "not_in_a_hand" for *_, how in counted):
        return w["not_in_a_hand"].format(rule=rule)
    if any(h is None for _, _, h, _ in counted):
        return w["uncounted"].format(rule=rule)
    hands = [(label, t.hands, h or 0) for label, t, h, _ in counted]
    n = max(total for _, total, _ in hands)
    if all(k == 0 for *_, k in hands):
        return fill(w["never"], lang, rule=rule, n=_number(n, lang), hands=n)

    def where(total: int, k: int) -> str:
        return fill(w["hands"], lang, k=_number(k, lang), n=_number(total, lang), hands=total, share=_share(k, total))

    same = len({(total, k) for _, total, k in hands}) == 1
    text = (where(*hands[0][1:]) if same else
            _listed([w["in"].format(label=label, text=where(total, k)) for label, total, k in hands], w["and"]))
    rare = all(total and k / total < RARE for _, total, k in hands)
    return w["rare" if rare else "often"].format(rule=rule, where=text)


def _listed(parts: Sequence[str], and_: str) -> str:
    """``a``, ``a and b``, ``a, b and c``: each side's count where it came into play, in one clause."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + and_ + parts[-1]


def differing_keys(names: Sequence[str]) -> list[str]:
    """The rule dimensions (dotted keys, :func:`~tonk_rules.variant.diff.label_of`) whose values differ between
    the first named variant and any other, in the model's order."""
    from tonk_rules.variant.diff import label_of, variant_diff
    from tonk_rules.variant.loader import load_variant

    loaded = [load_variant(name) for name in names]
    keys: dict[str, None] = {}
    for other in loaded[1:]:
        keys.update((label_of(row.path), None) for row in variant_diff(loaded[0], other).rows if row.differs)
    return list(keys)


def differing_json(labels: Sequence[str], tallies: Sequence[Tally], keys: Sequence[str]) -> list[dict[str, Any]]:
    """For each rule that differs (``keys``): the hands in which it came into play at each variant's table,
    and the sentence that says so (naming it as unexercised where it never came into play)."""
    out = []
    for key in keys:
        sides = [(label, t, key) for label, t in zip(labels, tallies, strict=True)]
        out.append({"rule": key, "counts": dimension_of(key).counts,
                    "hands": {label: hands_in_play(t, key) for label, t in zip(labels, tallies, strict=True)},
                    "said": in_play_sentence(key, sides)})
    return out
