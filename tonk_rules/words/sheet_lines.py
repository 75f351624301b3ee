"""A rules sheet's sentences, composed from a variant's rule values: blocks of plain sentences, each tied to
the rules it says.

Nothing here is written per variant or per language: every sentence comes from a rule's words
(:data:`tonk_rules.words.RULE_WORDS`), and the payments are described from the variant's payment rules. A
rule with a sentence of its own needs nothing here: its words name its block (``RuleWords.on_sheet``). The lines below
compose several rules into one sentence, or depend on another rule's value. The table tools print these
blocks as a sheet (:mod:`tonk_rules.sheets.rules_sheet`); the compare report pairs two variants' lines.

    >>> from tonk_rules.variant.loader import load_variant
    >>> from tonk_rules.variant.diff import rule_values
    >>> blocks = sheet_blocks(rule_values(load_variant("pagat").variant), frozenset(), "en")
    >>> [block.heading for block in blocks][:2]
    ['Players, cards and the deal', 'Tonk on the deal']
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from tonk_rules.cards import JOKER_NAMES, RANK_NAMES, RANK_ORDER, card_value
from tonk_rules.terms import PAID_ENDINGS, Ending, Role, ScoringMode, StakesMode, StockPolicy
from tonk_rules.words import LANGS, SAID, SUIT_WORDS, WORDS, fill, sentence

# suit indexes in the order each language lists them (the seeds write п т б ч)
_SUIT_ORDER = {"en": (0, 1, 2, 3), "ru": (0, 3, 2, 1)}
_RANK_INDEX = {name: i + 1 for i, name in enumerate(RANK_ORDER)}


@dataclass(frozen=True)
class Line:
    """One sentence; ``differs`` marks it as changed from the parent variant."""

    text: str
    paths: tuple[str, ...]
    differs: bool = False
    label: str = ""  # a lead-in printed in bold (the ending a payment line is about)


@dataclass(frozen=True)
class Block:
    heading: str
    lines: tuple[Line, ...]


def rank_word(rank: str, lang: str) -> str:
    """A rank as the language writes it: ``Q`` in English, ``Д`` in Russian."""
    return RANK_NAMES["russian" if lang == "ru" else "english"][_RANK_INDEX[rank]]


class _Builder:
    def __init__(self, values: Mapping[str, Any], differs: Collection[str], lang: str) -> None:
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r} (expected one of {', '.join(LANGS)})")
        self.values, self.differs, self.lang, self.w = values, differs, lang, WORDS[lang]

    def v(self, path: str) -> Any:
        return self.values[path]

    def line(self, text: str, *paths: str, label: str = "") -> Line:
        return Line(text, paths, any(p in self.differs for p in paths), label)

    def say(self, path: str) -> Line:
        """The sentence for the value at ``path``: the words for that value (an enum, a flag, ``None``), else
        the path's template with the value as ``{n}`` (:func:`tonk_rules.words.sentence`)."""
        return self.line(sentence(path, self.v(path), self.lang), path)

    def said(self, block: str) -> list[Line]:
        """The sentences of the rules ``block`` says on their own (``words.SAID``), in order."""
        return [self.say(path) for path in SAID.get(block, ())]

    def ranks(self, ranks: list[str]) -> str:
        return ", ".join(rank_word(r, self.lang) for r in ranks)

    # --- blocks ---------------------------------------------------------------------------------------------
    def cards(self) -> Block:
        w, v = self.w, self.v
        lo, hi = v("players.min"), v("players.max")
        lines = [self.line((w["players.exact"] if lo == hi else w["players.range"]).format(min=lo, max=hi),
                           "players.min", "players.max")]
        ranks = [r for r in RANK_ORDER if r in v("deck.ranks")]
        missing = [r for r in RANK_ORDER if r not in ranks]
        jokers = v("deck.jokers") if "deck.jokers" in self.values else 0
        deck = w["deck.short"] if missing else w["deck.full.jokers"] if jokers else w["deck.full"]
        lines.append(self.line(deck.format(size=4 * len(ranks), ranks=self.ranks(ranks), missing=self.ranks(missing)),
                               "deck.ranks", "deck.jokers"))
        house = v("deck.values") if "deck.values" in self.values else {}
        if house:  # a house file's values: every rank in the deck with its value, so nothing is left to guess
            said = ", ".join(f"{rank_word(r, self.lang)}={house.get(r, card_value(r))}" for r in ranks)
            if v("deck.jokers"):
                said += f", {JOKER_NAMES['russian' if self.lang == 'ru' else 'english']}={house.get('Joker', 0)}"
            lines.append(self.line(w["values.house"].format(values=said), "deck.values", "deck.ranks"))
        else:
            lines.append(self.line(w["values"].format(ace=rank_word("A", self.lang),
                                                      faces=self.ranks([r for r in ("J", "Q", "K") if r in ranks])),
                                   "deck.ranks", "deck.values"))
        if jokers:
            lines.append(self.line(fill(w["deck.jokers.some"], self.lang, n=jokers, value=house.get("Joker", 0)),
                                   "deck.jokers", "deck.values"))
        suits = SUIT_WORDS[self.lang]
        lines.append(self.line(w["suits"].format(suits=", ".join(suits[i] for i in _SUIT_ORDER[self.lang]))))
        lines += self.said("cards")
        if v("dealer.after_void") is not None:  # null where no hand can be void
            lines.append(self.say("dealer.after_void"))
        return Block(w["h.cards"], tuple(lines))

    def deal_check(self) -> Block:
        w, v = self.w, self.v
        if not v("deal_check.enabled"):
            return Block(w["h.deal_check"], (self.say("deal_check.enabled"),))
        which = []
        if v("deal_check.at_most") is not None:
            which.append(fill(w["deal_check.low"], self.lang, n=v("deal_check.at_most")))
        if v("deal_check.at_least") is not None:
            which.append(fill(w["deal_check.high"], self.lang, n=v("deal_check.at_least")))
        rule = self.line(w["deal_check.rule"].format(which=w["deal_check.or"].join(which)),
                         "deal_check.enabled", "deal_check.at_most", "deal_check.at_least")
        if v("deal_check.several") is None:  # cannot happen in a valid variant (variant/checks.py)
            return Block(w["h.deal_check"], (rule,))
        return Block(w["h.deal_check"], (rule, self.say("deal_check.several")))

    def turn(self) -> Block:
        w, v = self.w, self.v
        sources = v("drawing.sources")
        draw = "drawing.both" if len(sources) == 2 else f"drawing.{sources[0]}"
        books = w["or"].join(str(n) for n in sorted(v("melds.book_sizes")))
        lines = [self.say("knocking.timing"), self.line(w[draw], "drawing.sources"), self.say("spreading.timing"),
                 self.line(w["melds"].format(books=books, run_min=v("melds.run_min")),
                           "melds.book_sizes", "melds.run_min"),
                 self.say("melds.ace")]
        if v("melds.wild") if "melds.wild" in self.values else []:  # wild cards, where the house has them
            jk = JOKER_NAMES["russian" if self.lang == "ru" else "english"]
            said = ", ".join(jk if c == "Joker" else rank_word(c, self.lang) for c in v("melds.wild"))
            lines.append(self.line(fill(w["wild"], self.lang, cards=said, most=v("melds.wild_most")),
                                   "melds.wild", "melds.wild_most"))
            if any(c != "Joker" for c in v("melds.wild")):  # a wild rank: its cards may stand for themselves
                lines.append(self.line(w["wild_rank"], "melds.wild"))
            lines.append(self.line(w["wild_hits.yes" if v("melds.wild_hits") else "wild_hits.no"], "melds.wild_hits"))
        held = v("spreading.may_hold_books")
        if v("spreading.must_spread"):
            books = w["or"].join(w["spreading.held_book"].format(size=b["size"], rank=rank_word(b["rank"], self.lang))
                                 for b in held)
            except_ = w["spreading.except"].format(books=books) if held else ""
            text = w[("spreading.must_spread", True)].replace("{except}", except_)
            lines.append(self.line(text, "spreading.must_spread", "spreading.may_hold_books"))
        else:
            lines.append(self.say("spreading.must_spread"))
        lines += [*self.said("turn"), self.line(w["out"])]
        return Block(w["h.turn"], tuple(lines))

    def knock(self) -> Block:
        return Block(self.w["h.knock"], (self.line(self.w["knocking.knock"]), *self.said("knock")))

    def stock(self) -> Block:
        lines = [self.say("stock_exhaustion.when_empty")]
        if self.v("stock_exhaustion.when_empty") == StockPolicy.END_LOWEST_WINS:
            lines.append(self.say("stock_exhaustion.ties"))
        return Block(self.w["h.stock"], tuple(lines))

    def payments(self) -> Block:
        w, v = self.w, self.v
        lines = [self.say("stakes.mode")]
        if v("scoring.mode") == ScoringMode.POINTS:
            lines.append(self.line(w["scoring.points"].format(n=v("scoring.target")), "scoring.mode", "scoring.target"))
        elif v("scoring.mode") == ScoringMode.WINS:  # (a target of None is refused by the checks: shown as 0)
            lines.append(self.line(fill(w["scoring.wins"], self.lang, n=v("scoring.target") or 0), "scoring.mode",
                                   "scoring.target"))
        else:
            lines.append(self.say("scoring.mode"))
        per_player = v("stakes.mode") == StakesMode.PER_PLAYER
        for ending in PAID_ENDINGS:
            if ending == Ending.DEAL_TONK and not v("deal_check.enabled"):
                continue  # no deal check: this ending cannot happen
            if ending == Ending.STOCK_EXHAUSTED and v("stock_exhaustion.when_empty") != StockPolicy.END_LOWEST_WINS:
                continue
            path = f"payments.{ending.value}"
            rules = v(path)
            said = [self._payment(ending, rule, per_player) for rule in rules] or [w["pay.nothing"]]
            text = " ".join(said)
            if ending == Ending.KNOCK_CAUGHT:
                text += " " + w["knock_caught.note"]
            lines.append(self.line(text, path, "stakes.mode", label=w["ending." + ending.value]))
        return Block(w["h.pay"], tuple(lines))

    def _payment(self, ending: Ending, rule: dict[str, Any], per_player: bool) -> str:
        w = self.w
        payer, _ = self._role(rule["payer"], ending)
        _, receiver = self._role(rule["receiver"], ending)
        n = rule["stakes"]
        amount = w["amount.1"] if n == 1 else w["amount.2"] if n == 2 else w["amount.n"].format(n=n)
        whose = w[("whose", rule["stake_of"])] if per_player and rule.get("stake_of") else ""
        return str(w["pay"].format(payer=payer, receiver=receiver, amount=amount, whose=whose))

    def _role(self, role: str, ending: Ending) -> tuple[str, str]:
        if role != Role.WINNERS:
            return self.w[("role", role)]  # type: ignore[no-any-return]
        key = "out" if ending.value.startswith("out_") else ending.value
        return self.w[("winners", key)]  # type: ignore[no-any-return]


def sheet_blocks(values: Mapping[str, Any], differs: Collection[str], lang: str) -> tuple[Block, ...]:
    """The sheet's blocks for the rule ``values`` (``section.key`` -> value, :func:`~tonk_rules.variant.diff.
    rule_values`) in ``lang`` ("en" or "ru"); a line about a rule in ``differs`` is marked."""
    b = _Builder(values, differs, lang)
    return (b.cards(), b.deal_check(), b.turn(), b.knock(), b.stock(), b.payments())
