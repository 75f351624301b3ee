"""A recorded hand settled again with the Ruleset's own settlement, so an import takes no payment on trust.

An export records for each hand its ending, its players' counts (or cards), the knocker, the winners and,
for a hand settled at the table, how it ended (``detail``: ``how``, ``player``, ``by_discard``,
``new_spread``, ``hands``, ``tonks``); a hand played in the engine keeps its hand record (``detail.record``,
whose deal holds the dealt cards). From these the hand is settled again through ``ruleset.settle_knock /
settle_out / settle_stock_out / settle_deal / settle_deal_tonks`` (the code ``tonk settle`` and the engine
pay with), and :func:`why_not_as_settled` says where the recorded result differs. No payment is computed here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tonk_rules.cards import Card, distinct_jokers, hand_count, parse_cards
from tonk_rules.errors import CardError, SetupError, TableInputError
from tonk_rules.terms import Ending

if TYPE_CHECKING:
    from tonk_rules.ledger.entry import HandEntry
    from tonk_rules.ledger.export_model import Hand
    from tonk_rules.ruleset import Ruleset
    from tonk_rules.ruleset.settlement import Settlement

KNOCK_ENDINGS = (Ending.KNOCK_WON, Ending.KNOCK_CAUGHT)
OUT_ENDINGS = (Ending.OUT_BY_DISCARD, Ending.OUT_BY_SPREAD, Ending.OUT_BY_HIT)
DEAL_ENDINGS = (Ending.DEAL_TONK, Ending.DEAL_VOID)
STOCK_ENDINGS = (Ending.STOCK_EXHAUSTED, Ending.STOCK_VOID)


class CannotSettle(Exception):
    """The export does not hold what settling the hand again needs (said in the message)."""


def _dealt_cards(hand: Hand) -> list[list[Any]] | None:
    """The dealt cards of every player in seat order, where the hand's detail holds them (else None)."""
    detail = hand.detail
    record = detail.get("record")
    if isinstance(record, dict) and isinstance(record.get("deal"), dict):
        given = record["deal"].get("hands")
    elif detail.get("how") == "deal":
        given = detail.get("hands")
    else:
        return None
    if not isinstance(given, dict) or any(not isinstance(given.get(n), str) for n in hand.players):
        return None
    try:
        dealt: list[list[Card]] = []
        for n in hand.players:  # each Jk a joker no earlier hand holds
            dealt.append(distinct_jokers(parse_cards(given[n]), [c for h in dealt for c in h]))
        return dealt
    except CardError as exc:
        raise CannotSettle(f"its dealt cards cannot be read: {exc}") from None


def _check_cards_give_counts(hand: Hand, values: Sequence[int]) -> None:
    """A hand settled from the cards: each recorded count must be the count of the cards recorded."""
    given = hand.detail.get("hands")
    if hand.detail.get("how") in (None, "deal") or not isinstance(given, dict):
        return
    for name in hand.players:
        text = given.get(name)
        if isinstance(text, str):
            try:
                count = hand_count(parse_cards(text), values)
            except CardError as exc:
                raise CannotSettle(f"{name}'s cards cannot be read: {exc}") from None
            if hand.counts[name] != count:
                raise CannotSettle(f"{name}'s count is recorded as {hand.counts[name]}, but the cards recorded "
                                   f"({text}) count {count}")


def settle_again(rules: Ruleset, hand: Hand) -> Settlement | None:
    """The hand settled by ``rules`` from what the export records of it (None: the deal check finds no tonk)."""
    names = hand.players
    ending = Ending(hand.ending)
    counts = [hand.counts[n] or 0 for n in names]  # not given (None): only where no count changes a payment
    stakes = [hand.stakes[n] for n in names]
    detail = hand.detail
    _check_cards_give_counts(hand, rules.deal.values)
    for name in names:
        if hand.counts[name] is not None and (why := rules.why_not_count(hand.counts[name] or 0)):
            raise CannotSettle(f"{name}'s count {hand.counts[name]}: {why}")
    if ending in KNOCK_ENDINGS:
        if hand.knocker is None:
            raise CannotSettle("a knock without its knocker")
        knocked = hand.counts[hand.knocker]
        if knocked is not None and (why := rules.why_not_knock_with(knocked)):
            raise CannotSettle(f"{hand.knocker} knocked with {knocked}: {why}")
        return rules.settle_knock(counts, names.index(hand.knocker), stakes)
    if ending in STOCK_ENDINGS:
        return rules.settle_stock_out(counts, stakes)
    if ending in OUT_ENDINGS:
        player = detail.get("player") if detail.get("how") == "out" else next(iter(hand.winners), None)
        if not isinstance(player, str) or player not in names:
            raise CannotSettle("it does not record who went out")
        seat = names.index(player)
        if detail.get("how") == "out":
            return rules.settle_out(counts, seat, bool(detail.get("by_discard", True)),
                                    bool(detail.get("new_spread", False)), stakes)
        # a hand played in the engine records the ending, which names the way out: the settlement of that way
        ways = [rules.settle_out(counts, seat, d, s, stakes) for d, s in ((True, False), (False, True), (False, False))]
        return next((w for w in ways if w.ending is ending), ways[0])
    tonks = detail.get("tonks")
    if isinstance(tonks, list) and all(isinstance(t, str) and t in names for t in tonks):
        return rules.settle_deal_tonks([names.index(t) for t in tonks], stakes, counts)
    dealt = _dealt_cards(hand)
    if dealt is not None:
        return rules.settle_deal(dealt, stakes)
    if ending is Ending.DEAL_TONK and hand.winners:  # recorded without detail: the winners are the holders
        return rules.settle_deal_tonks([names.index(w) for w in hand.winners], stakes, counts)
    raise CannotSettle("it records neither the dealt cards nor the deal tonk holders")


def _payment_words(payer: str, to: str, amount: int) -> str:
    return f"{payer} pays {to} {amount}"


def why_not_as_settled(rules: Ruleset, hand: Hand) -> str | None:
    """Why the recorded result of ``hand`` is not what ``rules`` settle from its record (None: it is)."""
    try:
        settled = settle_again(rules, hand)
    except CannotSettle as exc:
        return f"cannot be settled again from the export ({exc})"
    except (SetupError, TableInputError, ValueError) as exc:
        return f"cannot be settled again from the export ({exc})"
    names = hand.players
    if settled is None:
        return "the deal check finds no deal tonk in the recorded cards, so the hand pays nothing"
    if str(settled.ending) != hand.ending:
        return f"the rules end it {settled.ending}, not {hand.ending}"
    winners = [names[w] for w in settled.winners]
    if winners != list(hand.winners):
        return f"the rules make the winners {', '.join(winners) or 'nobody'}, not {', '.join(hand.winners) or 'nobody'}"
    made = [(names[p.payer], names[p.receiver], p.amount) for p in settled.payments]
    given = [(p.payer, p.to, p.amount) for p in hand.payments]
    for i, (a, b) in enumerate(zip(made, given, strict=False)):
        if a != b:
            return f"payment {i + 1} is recorded as {_payment_words(*b)}, but the rules give {_payment_words(*a)}"
    if len(made) != len(given):
        extra = (f"payment {len(made) + 1} ({_payment_words(*given[len(made)])}) is recorded, but the rules give "
                 f"only {len(made)}") if len(given) > len(made) else (
                 f"the rules give payment {len(given) + 1} ({_payment_words(*made[len(given)])}), not recorded")
        return extra
    return None


@dataclass(frozen=True)
class _Payment:
    payer: str
    to: str
    amount: int


@dataclass(frozen=True)
class RecordedHand:
    """A hand about to be recorded, in the shape of an export's hand (what :func:`settle_again` reads)."""

    players: list[str]
    ending: str
    counts: dict[str, int | None]
    stakes: dict[str, int]
    winners: list[str]
    knocker: str | None
    payments: list[_Payment]
    detail: dict[str, Any]

    @classmethod
    def of(cls, entry: HandEntry) -> RecordedHand:
        names = list(entry.seats)
        return cls(names, entry.ending, dict(zip(names, entry.counts, strict=True)),
                   dict(zip(names, entry.stakes, strict=True)), list(entry.winners), entry.knocker,
                   [_Payment(p, r, a) for p, r, a in entry.payments], entry.detail)


def why_not_entry_as_settled(rules: Ruleset, entry: HandEntry) -> str | None:
    """Why ``entry`` is not a hand ``rules`` would settle so (None: it is): the check :meth:`Ledger.record`
    makes of every hand, from the command line, an import or Python alike."""
    why = why_not_as_settled(rules, RecordedHand.of(entry))  # type: ignore[arg-type]
    return None if why is None else why.replace(" from the export", "")
