"""Settling a hand played with real cards: the table's input checked, then the Ruleset's own settlement.

    >>> seats = parse_hands(["Croaker=5п 4т", "Goblin=3п 3т 2п Тт Тч", "Elmo=7п 7ч 6б 2т 2б"])
    >>> result = settle_hand("russian", seats, HowItEnded("knock", "Croaker"), stakes=[])
    >>> result.to_json()["payments"]
    [{'from': 'Goblin', 'to': 'Croaker', 'amount': 1}, {'from': 'Elmo', 'to': 'Croaker', 'amount': 1}]

Every payment comes from ``ruleset.settle_deal / settle_knock / settle_out / settle_stock_out``: the code the
engine settles its own hands with. This module only checks that the cards describe a hand that can be.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from tonk_rules.cards import VALUES, Card, CardStyle, distinct_jokers, format_cards, hand_count, parse_cards
from tonk_rules.engine.result import HandResult
from tonk_rules.errors import About, CardError, TableInputError
from tonk_rules.ruleset import Ruleset
from tonk_rules.ruleset.position_vector import FACT_LOCKS, FACT_TURNS_TAKEN
from tonk_rules.ruleset.rule_objects import KNOCK_REFUSAL_CODES
from tonk_rules.ruleset.table_bounds import highest_count, most_cards_held
from tonk_rules.table.table_setup import ruleset_for, why_bad_name, why_not_stakes

if TYPE_CHECKING:
    from tonk_rules.ruleset.settlement import Settlement


@dataclass(frozen=True)
class HandsAtTable:
    """The seated names in order and the cards each still holds.

    Quick entry gives less where less decides the payment: ``given[i]`` is ``"cards"`` (the cards are
    ``cards[i]``), ``"count"`` (only the count, ``known[i]``) or ``"none"`` (nothing: the player who went
    out, or anyone after a going out, where no count changes a payment); ``tonks`` names the deal tonk
    holders of a deal settled without the cards.
    """

    names: tuple[str, ...]
    cards: tuple[tuple[Card, ...], ...]
    given: tuple[str, ...] = ()
    known: tuple[int | None, ...] = ()
    tonks: tuple[str, ...] = ()
    values: tuple[int, ...] = VALUES  # each card's count value (the rules' deal.values: settle_hand sets them)

    def given_as(self, i: int) -> str:
        return self.given[i] if self.given else "cards"

    @property
    def counts(self) -> list[int]:
        """The counts the Ruleset is asked with (0 where nothing was given: only where no count matters)."""
        return [self.known[i] or 0 if self.given_as(i) != "cards" else hand_count(c, self.values)
                for i, c in enumerate(self.cards)]

    @property
    def recorded_counts(self) -> tuple[int | None, ...]:
        """The counts as the table gave them (None: not given)."""
        return tuple(None if self.given_as(i) == "none" else n for i, n in enumerate(self.counts))

    @property
    def quick(self) -> bool:
        return any(self.given_as(i) != "cards" for i in range(len(self.names)))


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
    table: HandsAtTable | None = None  # what the table gave (quick entry: counts, or nothing)

    @property
    def recorded_counts(self) -> tuple[int | None, ...]:
        return self.table.recorded_counts if self.table is not None else self.counts

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
        table = self.table
        data["hands"] = {n: format_cards(c, style) if table is None or table.given_as(i) == "cards" else None
                         for i, (n, c) in enumerate(zip(self.names, self.cards, strict=True))}
        if table is not None and table.quick and result is not None:
            data["counts"] = dict(zip(self.names, self.recorded_counts, strict=True))
        return data


#: The refusal code (:class:`~tonk_rules.errors.Refusal`) of each ``core.KNOCK_*`` refusal of a reported knock:
#: the rule objects' own table, so the table says the refusal the engine would.
KNOCK_CODES = KNOCK_REFUSAL_CODES


def _as_input(error: TableInputError, cause: CardError, about: About, name: str) -> TableInputError:
    """``error`` with the refusal of the card error it says (``cause``), about ``name``'s ``about``."""
    refusal = cause.refusal
    return error.coded(refusal.code if refusal else "unknown_card", about, name,
                       **(refusal.params if refusal else {"token": ""}))


def _given(hands: HandsAtTable, name: str) -> About:
    """The input that gave ``name``'s hand: their cards or their count."""
    return "cards" if hands.given_as(hands.names.index(name)) == "cards" else "count"


def parse_hands(options: list[str], at_least: int = 2) -> HandsAtTable:
    """``NAME=CARDS`` options, in seat order. Cards in any notation, separated by spaces or commas."""
    names: list[str] = []
    hands: list[tuple[Card, ...]] = []
    seen: dict[Card, str] = {}
    for option in options:
        name, eq, text = option.partition("=")
        name = name.strip()
        if not eq:
            raise TableInputError(f"--hand {option!r}: write NAME=CARDS, e.g. --hand 'Croaker=5п 4т'").coded(
                "hand_form", "cards", None, option=option)
        if why := why_bad_name(name):
            raise TableInputError(f"--hand {option!r}: {why}").coded("bad_name", "cards", None, name=name)
        if name in names:
            raise TableInputError(f"--hand {option!r}: {name} has two --hand options").coded(
                "hand_twice", "cards", name, name=name)
        try:
            cards = distinct_jokers(parse_cards(text), tuple(seen))  # a Jk here is a joker no other hand holds
        except CardError as exc:
            raise _as_input(TableInputError(f"--hand {name}: {exc}"), exc, "cards", name) from None
        for card in cards:
            if card in seen:
                whose = ("twice in the same hand" if seen[card] == name
                         else f"in both {seen[card]}'s and {name}'s hands")
                raise TableInputError(f"--hand {name}: {card} is given {whose}; a deck has each card once").coded(
                    "card_twice_in_hand" if seen[card] == name else "card_in_two_hands", "cards", name,
                    card=card, name=name, other=seen[card])
            seen[card] = name
        names.append(name)
        hands.append(tuple(cards))
    if len(names) < at_least:
        raise TableInputError("give every player's cards: at least two --hand NAME=CARDS options").coded(
            "too_few_hands")
    return HandsAtTable(tuple(names), tuple(hands))


#: the largest count ``--count`` takes (a hand's count is far below it in every variant)
MAX_COUNT = 1000


def parse_counts(options: list[str]) -> dict[str, int]:
    """``--count NAME=N`` options: a player's count, where the cards themselves do not matter."""
    counts: dict[str, int] = {}
    for option in options:
        name, eq, text = option.partition("=")
        name = name.strip()
        if not eq:
            raise TableInputError(f"--count {option!r}: write NAME=COUNT, e.g. --count 'Bob=12'").coded(
                "count_form", "count", None, option=option)
        if why := why_bad_name(name):
            raise TableInputError(f"--count {option!r}: {why}").coded("bad_name", "count", None, name=name)
        if name in counts:
            raise TableInputError(f"--count {option!r}: {name} has two --count options").coded(
                "count_twice", "count", name, name=name)
        text = text.strip()
        if not text.isascii() or not text.isdigit() or len(text) > 4 or int(text) > MAX_COUNT:
            raise TableInputError(f"--count {option!r}: a count is a whole number from 0 to {MAX_COUNT}").coded(
                "count_not_whole", "count", name, name=name, most=MAX_COUNT)
        counts[name] = int(text)
    return counts


def parse_table(hand_options: list[str], count_options: list[str], tonk_options: list[str], how: HowItEnded,
                seats: tuple[str, ...] | None = None) -> HandsAtTable:
    """The table's input: cards (``--hand``), counts alone (``--count``) or the deal tonk holders (``--tonk``).

    ``seats`` (a session's, or ``--players``) fixes the players and their order; without it the players are
    those named, ``--hand`` options first. Each ending asks only for what decides its payment: a knock and an
    empty stock every player's count (cards or ``--count``), going out nothing, a deal every player's cards
    or the tonk holders alone.
    """
    cards = parse_hands(hand_options, at_least=0) if hand_options else HandsAtTable((), ())
    counts = parse_counts(count_options)
    tonks = tuple(t.strip() for t in tonk_options)
    twice = [t for i, t in enumerate(tonks) if t in tonks[:i]]
    if twice:
        raise TableInputError(f"--tonk {twice[0]}: given twice; name each holder of a deal tonk once").coded(
            "tonk_twice", "tonk", twice[0], name=twice[0])
    both = [n for n in cards.names if n in counts]
    if both:
        raise TableInputError(f"{both[0]} has both --hand and --count: give one").coded(
            "cards_and_count", "count", both[0], name=both[0])
    names = seats if seats is not None else (*cards.names, *counts)
    unknown = [n for n in (*cards.names, *counts, *tonks) if n not in names]
    if unknown:
        raise TableInputError(f"not seated: {', '.join(dict.fromkeys(unknown))} (seated: {', '.join(names)})"
                              ).coded("not_seated", "how", None, names=tuple(dict.fromkeys(unknown)), seated=names)
    if tonks and how.kind != "deal":
        raise TableInputError("--tonk names a deal tonk holder: give it with --deal").coded(
            "tonk_not_on_deal", "tonk", tonks[0])
    if tonks and (cards.names or counts):
        first = next(n for n in names if n in cards.names or n in counts)
        raise TableInputError("--tonk settles the deal by its holders alone: drop --hand and --count").coded(
            "tonk_with_cards", "cards" if first in cards.names else "count", first)
    given = tuple("cards" if n in cards.names else "count" if n in counts else "none" for n in names)
    lacking = [n for n, g in zip(names, given, strict=True) if g == "none"]
    if how.kind == "deal" and not tonks and lacking:
        raise TableInputError(f"--deal: give every player's dealt cards (no --hand for {', '.join(lacking)}), "
                              "or only the holders of a deal tonk with --tonk NAME").coded(
                                  "deal_lacks_cards", "cards", lacking[0], names=tuple(lacking))
    if how.kind == "deal" and counts:
        raise TableInputError("--deal: counts do not show a deal tonk; give the cards, or --tonk NAME").coded(
            "deal_counts", "count", next(n for n in names if n in counts))
    if how.kind in ("knock", "stock_out") and lacking:
        raise TableInputError(f"--{how.kind.replace('_', '-')}: every player's count decides the payment: give "
                              f"--hand NAME=CARDS or --count NAME=N for {', '.join(lacking)}").coded(
                                  "counts_lacking", "count", lacking[0], names=tuple(lacking))
    if len(names) < 2:
        raise TableInputError("name every player: at least two, by --hand NAME=CARDS or --count NAME=N "
                              "(or --players)").coded("too_few_players", "seats")
    by_name = dict(zip(cards.names, cards.cards, strict=True))
    return HandsAtTable(tuple(names), tuple(by_name.get(n, ()) for n in names), given,
                        tuple(counts.get(n) for n in names), tonks)


def _seat(hands: HandsAtTable, name: str | None, option: str) -> int:
    if name not in hands.names:
        raise TableInputError(f"{option} {name}: not seated (seated: {', '.join(hands.names)})").coded(
            "not_seated", "player", None, names=(str(name),), seated=hands.names)
    return hands.names.index(name)


def check_possible(rules: Ruleset, hands: HandsAtTable, how: HowItEnded) -> None:
    """Refuse hands that cannot be at this ending under these rules (the table miscounted or mistyped)."""
    hands = replace(hands, values=rules.deal.values)
    deck = set(rules.deal.deck)
    size = rules.deal.hand_size
    for i, (name, cards) in enumerate(zip(hands.names, hands.cards, strict=True)):
        if hands.given_as(i) != "cards":
            continue
        strangers = [c for c in cards if c not in deck]
        if strangers:
            raise TableInputError(f"--hand {name}: {format_cards(strangers)} not in this variant's deck").coded(
                "not_in_deck", "cards", name, cards=tuple(strangers))
        if how.kind == "deal" and len(cards) != size:
            raise TableInputError(f"--hand {name}: {len(cards)} cards, but the deal gives {size} to each player"
                                  ).coded("deal_size", "cards", name, held=len(cards), size=size)
        if how.kind != "deal" and len(cards) > size:
            raise TableInputError(f"--hand {name}: {len(cards)} cards; a hand holds at most {size} between turns"
                                  ).coded("too_many_cards", "cards", name, held=len(cards), size=size)
    for i, name in enumerate(hands.names):
        if hands.given_as(i) == "count" and (why := rules.why_not_count(count := hands.counts[i])):
            most = highest_count((rules.deal.values[c] for c in deck), size)
            raise TableInputError(f"--count {name}={count}: {why}").coded(
                "count_negative" if count < 0 else "count_too_high", "count", name, count=count, most=most,
                cards_most=most_cards_held(size))
    if why := rules.why_not_seat(n := len(hands.names)):
        raise TableInputError(why).coded("seats_exactly" if rules.min_players == rules.max_players else "seats_range",
                                         "seats", None, least=rules.min_players, most=rules.max_players, n=n)
    if how.kind == "deal" and (why := rules.deal_check.why_no_deal_tonk()):
        raise TableInputError(f"--deal: {why}").coded("no_deal_check")
    if hands.tonks:
        return
    # no cards left: none given as cards, or a count of 0 where no card of the deck counts 0 (deck.values)
    worthless = any(rules.deal.values[c] == 0 for c in deck)
    empty = [n for i, n in enumerate(hands.names) if (hands.given_as(i) == "cards" and not hands.cards[i])
             or (hands.given_as(i) == "count" and hands.counts[i] == 0 and not worthless)]
    if how.kind == "out":
        others = [n for n in empty if n != how.player]
        if others:
            raise TableInputError(f"--out {how.player}: {', '.join(others)} also hold no cards").coded(
                "out_others_empty", _given(hands, others[0]), others[0], names=tuple(others), player=how.player)
        seat = hands.names.index(how.player or "")
        if hands.given_as(seat) != "none" and how.player not in empty:
            as_cards = hands.given_as(seat) == "cards"
            held = format_cards(hands.cards[seat]) if as_cards else f"a count of {hands.counts[seat]}"
            raise TableInputError(f"--out {how.player}: {how.player} still holds {held}").coded(
                "out_holds_cards" if as_cards else "out_holds_count", "player", how.player, player=how.player,
                cards=hands.cards[seat], count=hands.counts[seat])
    elif empty:
        option = "--hand" if hands.given_as(hands.names.index(empty[0])) == "cards" else "--count"
        raise TableInputError(f"{option} {empty[0]}: no cards, but only a player who went out holds none "
                              "(use --out)").coded("empty_hand", _given(hands, empty[0]), empty[0], name=empty[0])
    if how.kind == "knock":
        count = hands.counts[hands.names.index(how.player or "")]
        if why := rules.why_not_knock_with(count):
            facts = rules.knock_facts(count)
            raise TableInputError(f"--knock {how.player}: {why}").coded(
                KNOCK_CODES.get(rules.knock_refusal_with(count), "knock_refused"), "player", how.player,
                count=count, max_count=rules.knocking.max_count, min_turns=rules.knocking.min_turns,
                turns_taken=facts[FACT_TURNS_TAKEN], locked_turns=facts[FACT_LOCKS])


def settle_hand(variant: str | Ruleset, hands: HandsAtTable, how: HowItEnded, stakes: list[int]) -> TableResult:
    """Check the table's input and settle it with the Ruleset (``variant``: its name or file, or the rules)."""
    rules = ruleset_for(variant) if isinstance(variant, str) else variant
    if how.kind in ("knock", "out"):
        _seat(hands, how.player, f"--{how.kind}")
    hands = replace(hands, values=rules.deal.values)
    check_possible(rules, hands, how)
    stakes = stakes or [1] * len(hands.names)
    if why := why_not_stakes(rules, stakes, len(hands.names)):
        raise TableInputError(f"--stake: {why}").coded("stakes_refused", "stake")
    counts = hands.counts
    settlement: Settlement | None
    if how.kind == "deal" and hands.tonks:
        settlement = rules.settle_deal_tonks([hands.names.index(t) for t in hands.tonks], stakes, counts)
    elif how.kind == "deal":
        settlement = rules.settle_deal([list(c) for c in hands.cards], stakes)
    elif how.kind == "knock":
        settlement = rules.settle_knock(counts, hands.names.index(how.player or ""), stakes)
    elif how.kind == "out":
        settlement = rules.settle_out(counts, hands.names.index(how.player or ""), how.by_discard, how.new_spread,
                                      stakes)
    elif how.kind == "stock_out":
        settlement = rules.settle_stock_out(counts, stakes)
    else:
        raise TableInputError(f"unknown ending {how.kind!r}").coded("unknown_ending")
    return TableResult(hands.names, settlement, tuple(stakes), hands.cards, hands if hands.quick else None)


def describe(result: TableResult, currency: str | None = None, lang: str = "en") -> list[str]:
    """Who pays whom, in plain lines (as ``tonk replay`` prints a result), amounts in ``currency`` if given;
    ``lang``: English, or Russian for a Russian event's ``tonk event record``."""
    if lang == "ru":
        return _describe_ru(result, currency)
    hand_result = result.hand_result
    if hand_result is None:
        return ["No tonk on the deal: nobody pays, play the hand."]
    lines = hand_result.describe()
    if result.table is not None:  # quick entry: say which counts were not given, not a made-up 0
        shown = [f"{n} {'not given' if c is None else c}"
                 for n, c in zip(result.names, result.recorded_counts, strict=True)]
        lines[1] = ("Counts: not given (the deal tonk holders decide the payment)" if result.table.tonks
                    else "Counts: " + ", ".join(shown))
    if hand_result.void:
        lines.insert(2, "The hand is void: nobody pays.")
    if currency:
        # a label, never an inflected word: "2 (крона)", as "2 крона" would be wrong Russian
        lines = [f"{line} ({currency})" if line.startswith("  ") and " pays " in line else line for line in lines]
    return lines


def _describe_ru(result: TableResult, currency: str | None) -> list[str]:
    """:func:`describe` in Russian (:mod:`tonk_rules.words.ledger_lines`): names after a colon or an arrow."""
    from tonk_rules.words.ledger_lines import RU, ending, payment, ru, winners

    hand = result.hand_result
    if hand is None:
        return [RU["no_deal_tonk"]]
    names = hand.players
    won = winners("ru", [names[w] for w in hand.winners])
    lines = [ru("ending", ending=ending("ru", hand.ending.value), winners=won)]
    if result.table is not None and result.table.tonks:
        lines.append(RU["counts_not_given"])
    else:
        counts = result.recorded_counts if result.table is not None else hand.counts
        lines.append(ru("counts", counts=", ".join(f"{n} {RU['not_given'] if c is None else c}"
                                                   for n, c in zip(names, counts, strict=True))))
    if hand.void:
        lines.append(RU["void"])
    lines += [f"  {payment('ru', names[p.payer], names[p.receiver], p.amount, currency)}" for p in hand.payments]
    lines.append(ru("net", net=", ".join(f"{names[i]} {n:+d}" for i, n in enumerate(hand.net))))
    return lines
