"""Settling a hand played with real cards: the table's input checked, then the Ruleset's own settlement.

    >>> seats = parse_hands(["Croaker=5п 4т", "Goblin=3п 3т 2п Тт Тч", "Elmo=7п 7ч 6б 2т 2б"])
    >>> result = settle_hand("russian", seats, HowItEnded("knock", "Croaker"), stakes=[])
    >>> result.to_json()["payments"]
    [{'from': 'Goblin', 'to': 'Croaker', 'amount': 1}, {'from': 'Elmo', 'to': 'Croaker', 'amount': 1}]

Every payment comes from ``ruleset.settle_deal / settle_knock / settle_out / settle_stock_out``: the code the
engine settles its own hands with. This module only checks that the cards describe a hand that can be.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tonk_rules.cards import Card, CardStyle, format_cards, hand_count, parse_cards
from tonk_rules.engine.result import HandResult
from tonk_rules.errors import CardError, TableInputError
from tonk_rules.ruleset import Ruleset
from tonk_rules.ruleset.facts import why_not_stake
from tonk_rules.table.table_setup import MAX_STAKE, ruleset_for, why_bad_name, why_not_stakes

if TYPE_CHECKING:
    from tonk_rules.ruleset.settlement import Settlement


@dataclass(frozen=True)
class HandsAtTable:
    """The seated names in order and the cards each still holds."""

    names: tuple[str, ...]
    cards: tuple[tuple[Card, ...], ...]

    @property
    def counts(self) -> list[int]:
        return [hand_count(c) for c in self.cards]


@dataclass(frozen=True)
class HowItEnded:
    """The ending the table reports: ``deal``, ``knock`` (by ``player``), ``out`` (``player``) or ``stock_out``."""

    kind: str
    player: str | None = None
    by_discard: bool = True
    new_spread: bool = False


@dataclass(frozen=True)
class TableResult:
    """A settlement with the names of the table: prints as ``tonk replay`` prints a result."""

    names: tuple[str, ...]
    settlement: Settlement | None  # None: the deal check found no tonk, the hand is played
    stakes: tuple[int, ...]
    cards: tuple[tuple[Card, ...], ...] = ()

    @property
    def counts(self) -> tuple[int, ...]:
        return self.settlement.counts if self.settlement else ()

    @property
    def hand_result(self) -> HandResult | None:
        """The engine's own result object for this settlement (so it prints exactly as ``tonk replay``)."""
        s = self.settlement
        if s is None:
            return None
        return HandResult(s.ending, s.winners, s.counts, s.payments, s.net, self.names, s.knocker)

    def to_json(self, style: CardStyle = "unicode") -> dict[str, Any]:
        """The object ``tonk replay --json`` prints (``ending`` is null when a deal check finds no tonk), with
        the cards each player held, in ``style``."""
        result = self.hand_result
        if result is None:
            data: dict[str, Any] = {"ending": None, "winners": [], "counts": {}, "payments": [],
                                    "net": dict.fromkeys(self.names, 0)}
        else:
            data = result.to_json()
        data["cards"] = style
        data["hands"] = {n: format_cards(c, style) for n, c in zip(self.names, self.cards, strict=True)}
        return data


def parse_hands(options: list[str]) -> HandsAtTable:
    """``NAME=CARDS`` options, in seat order. Cards in any notation, separated by spaces or commas."""
    names: list[str] = []
    hands: list[tuple[Card, ...]] = []
    seen: dict[Card, str] = {}
    for option in options:
        name, eq, text = option.partition("=")
        name = name.strip()
        if not eq:
            raise TableInputError(f"--hand {option!r}: write NAME=CARDS, e.g. --hand 'Croaker=5п 4т'")
        if why := why_bad_name(name):
            raise TableInputError(f"--hand {option!r}: {why}")
        if name in names:
            raise TableInputError(f"--hand {option!r}: {name} has two --hand options")
        try:
            cards = parse_cards(text)
        except CardError as exc:
            raise TableInputError(f"--hand {name}: {exc}") from None
        for card in cards:
            if card in seen:
                whose = ("twice in the same hand" if seen[card] == name
                         else f"in both {seen[card]}'s and {name}'s hands")
                raise TableInputError(f"--hand {name}: {card} is given {whose}; a deck has each card once")
            seen[card] = name
        names.append(name)
        hands.append(tuple(cards))
    if len(names) < 2:
        raise TableInputError("give every player's cards: at least two --hand NAME=CARDS options")
    return HandsAtTable(tuple(names), tuple(hands))


def parse_stakes(options: list[str], names: tuple[str, ...]) -> list[int]:
    """``--stake N`` (everyone) or ``--stake NAME=N`` for every player; no option: a stake of 1."""
    if not options:
        return [1] * len(names)

    def whole(text: str, what: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            raise TableInputError(f"--stake {what}: {why_not_stake(text)}") from None
        if why := why_not_stake(value):
            raise TableInputError(f"--stake {what}: {why}")
        if value > MAX_STAKE:
            raise TableInputError(f"--stake {what}: a stake is at most {MAX_STAKE:,}")
        return value

    if len(options) == 1 and "=" not in options[0]:
        return [whole(options[0], options[0])] * len(names)
    per: dict[str, int] = {}
    for option in options:
        name, eq, text = option.partition("=")
        if not eq:
            raise TableInputError(f"--stake {option}: give one --stake N for everyone, or --stake NAME=N per player")
        if name not in names:
            raise TableInputError(f"--stake {option}: {name!r} is not seated (seated: {', '.join(names)})")
        if name in per:
            raise TableInputError(f"--stake {option}: {name} has two stakes")
        per[name] = whole(text, option)
    missing = [n for n in names if n not in per]
    if missing:
        raise TableInputError(f"--stake: no stake for {', '.join(missing)} "
                              "(give every player's stake, or one for all)")
    return [per[n] for n in names]


def _seat(hands: HandsAtTable, name: str | None, option: str) -> int:
    if name not in hands.names:
        raise TableInputError(f"{option} {name}: not seated (seated: {', '.join(hands.names)})")
    return hands.names.index(name)


def check_possible(rules: Ruleset, hands: HandsAtTable, how: HowItEnded) -> None:
    """Refuse hands that cannot be at this ending under these rules (the table miscounted or mistyped)."""
    deck = set(rules.deal.deck)
    size = rules.deal.hand_size
    for name, cards in zip(hands.names, hands.cards, strict=True):
        strangers = [c for c in cards if c not in deck]
        if strangers:
            raise TableInputError(f"--hand {name}: {format_cards(strangers)} not in this variant's deck")
        if how.kind == "deal" and len(cards) != size:
            raise TableInputError(f"--hand {name}: {len(cards)} cards, but the deal gives {size} to each player")
        if how.kind != "deal" and len(cards) > size:
            raise TableInputError(f"--hand {name}: {len(cards)} cards; a hand holds at most {size} between turns")
    if why := rules.why_not_seat(len(hands.names)):
        raise TableInputError(why)
    if how.kind == "deal" and not rules.deal_check.enabled:
        raise TableInputError("--deal: this variant has no deal check (no tonk on the deal)")
    empty = [n for n, c in zip(hands.names, hands.cards, strict=True) if not c]
    if how.kind == "out":
        others = [n for n in empty if n != how.player]
        if others:
            raise TableInputError(f"--out {how.player}: {', '.join(others)} also hold no cards")
        if how.player not in empty:
            held = format_cards(hands.cards[hands.names.index(how.player or "")])
            raise TableInputError(f"--out {how.player}: {how.player} still holds {held}")
    elif empty:
        raise TableInputError(f"--hand {empty[0]}: no cards, but only a player who went out holds none (use --out)")
    if how.kind == "knock":
        count = hands.counts[hands.names.index(how.player or "")]
        if why := rules.why_not_knock_with(count):
            raise TableInputError(f"--knock {how.player}: {why}")


def settle_hand(variant_ref: str, hands: HandsAtTable, how: HowItEnded, stakes: list[int]) -> TableResult:
    """Check the table's input and settle it with the variant's Ruleset."""
    rules = ruleset_for(variant_ref)
    if how.kind in ("knock", "out"):
        _seat(hands, how.player, f"--{how.kind}")
    check_possible(rules, hands, how)
    stakes = stakes or [1] * len(hands.names)
    if why := why_not_stakes(rules, stakes, len(hands.names)):
        raise TableInputError(f"--stake: {why}")
    counts = hands.counts
    settlement: Settlement | None
    if how.kind == "deal":
        settlement = rules.settle_deal([list(c) for c in hands.cards], stakes)
    elif how.kind == "knock":
        settlement = rules.settle_knock(counts, hands.names.index(how.player or ""), stakes)
    elif how.kind == "out":
        settlement = rules.settle_out(counts, hands.names.index(how.player or ""), how.by_discard, how.new_spread,
                                      stakes)
    elif how.kind == "stock_out":
        settlement = rules.settle_stock_out(counts, stakes)
    else:
        raise TableInputError(f"unknown ending {how.kind!r}")
    return TableResult(hands.names, settlement, tuple(stakes), hands.cards)


def describe(result: TableResult, currency: str | None = None) -> list[str]:
    """Who pays whom, in plain lines (as ``tonk replay`` prints a result), amounts in ``currency`` if given."""
    hand_result = result.hand_result
    if hand_result is None:
        return ["No tonk on the deal: nobody pays, play the hand."]
    lines = hand_result.describe()
    if hand_result.void:
        lines.insert(2, "The hand is void: nobody pays.")
    if currency:
        lines = [f"{line} {currency}" if line.startswith("  ") and " pays " in line else line for line in lines]
    return lines
