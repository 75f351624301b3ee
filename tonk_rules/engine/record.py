"""Hand records: a versioned YAML file for one hand, and its replay.

Format ``tonk-hand/1`` (see README, "Hand records")::

    format: tonk-hand/1
    variant: russian                  # a built-in name, or a path relative to the record
    variant_sha256: null              # optional: the resolved rules' digest, checked when given
    players: [Croaker, Goblin, Elmo]  # seat order, clockwise
    dealer: Elmo
    stakes: 1                         # one stake, or a mapping player -> stake
    reshuffle_seed: 0                 # fixes the order of any reshuffled discard pile
    deal:
      hands: {Croaker: 10п 8б 8ч 5п 4т, ...}
      upcard: 5т                      # omitted when the variant has no upcard
      stock: 6п Тт 7п                 # the top of the stock; unlisted cards follow in deck order
    actions:
      - Croaker: draw stock 6п        # the drawn card, when given, is checked
      - Croaker: discard 10п
      - checkpoint: {hands: {Croaker: 5п 4т}, counts: {Croaker: 9}, discard_top: 8т, spreads: {...}}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from tonk_rules.cards import Card, CardStyle, format_cards, parse_cards
from tonk_rules.engine.actions import Action, parse_action
from tonk_rules.engine.hand import Hand
from tonk_rules.errors import CardError, IllegalActionError, RecordError, TonkError
from tonk_rules.ruleset import Ruleset, compile_ruleset
from tonk_rules.variant.loader import LoadedVariant, load_variant

FORMAT = "tonk-hand/1"
MAX_RECORD_BYTES = 1024 * 1024


@dataclass(frozen=True)
class Step:
    """One entry of ``actions``: an action by a named player, or a checkpoint."""

    number: int
    player: str | None
    action: Action | None
    checkpoint: dict[str, Any] | None


@dataclass(frozen=True)
class HandRecord:
    variant: LoadedVariant
    ruleset: Ruleset
    players: tuple[str, ...]
    dealer: int
    stakes: tuple[int, ...]
    deck: tuple[Card, ...]
    reshuffle_seed: int
    steps: tuple[Step, ...]

    def new_hand(self) -> Hand:
        return Hand.deal(self.ruleset, list(self.players), self.dealer, self.deck, list(self.stakes),
                         self.reshuffle_seed)


def _cards(value: Any, where: str) -> list[Card]:
    if isinstance(value, list):
        value = " ".join(str(v) for v in value)
    if not isinstance(value, str):
        raise RecordError(f"{where}: expected cards like '10п 8б' or '10S 8D', got {value!r}")
    try:
        return parse_cards(value)
    except CardError as exc:
        raise RecordError(f"{where}: {exc}") from None


def load_record(path: str | Path) -> HandRecord:
    """Read and check a record file (not yet replayed)."""
    file = Path(path)
    try:
        raw = file.read_bytes()
    except OSError as exc:
        raise RecordError(f"{file}: cannot read: {exc.strerror}") from None
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(f"{file}: larger than {MAX_RECORD_BYTES // 1024} KiB")
    try:
        data = yaml.safe_load(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise RecordError(f"{file}: not UTF-8 text") from None
    except yaml.YAMLError as exc:
        raise RecordError(f"{file}: not valid YAML: {exc}") from None
    try:
        return parse_record(data, base_dir=file.parent)
    except RecordError as exc:
        raise RecordError(f"{file}: {exc}") from None


def parse_record(data: Any, base_dir: Path) -> HandRecord:
    if not isinstance(data, dict):
        raise RecordError("a hand record is a mapping (format, variant, players, dealer, deal, actions)")
    if data.get("format") != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}, got {data.get('format')!r}")
    known = {"format", "variant", "variant_sha256", "players", "dealer", "stakes", "reshuffle_seed", "deal",
             "actions", "source"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise RecordError(f"unknown key(s) {', '.join(unknown)}; expected {', '.join(sorted(known))}")
    ref = data.get("variant")
    if not isinstance(ref, str):
        raise RecordError("variant: give a built-in name or a path")
    loaded = load_variant(str(base_dir / ref) if ref.endswith((".yaml", ".yml")) or "/" in ref else ref)
    digest = data.get("variant_sha256")
    if digest is not None and digest != loaded.digest:
        raise RecordError(f"variant {ref!r} has changed since the hand was recorded "
                          f"(sha256 {loaded.digest[:12]}…, record says {str(digest)[:12]}…)")
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players) or \
            len(set(players)) != len(players or []):
        raise RecordError("players: give a list of distinct names in seat order")
    if data.get("dealer") not in players:
        raise RecordError(f"dealer: {data.get('dealer')!r} is not one of the players")
    stakes_value = data.get("stakes", 1)
    if isinstance(stakes_value, int):
        stakes = [stakes_value] * len(players)
    elif isinstance(stakes_value, dict) and set(stakes_value) == set(players):
        stakes = [stakes_value[p] for p in players]
    else:
        raise RecordError("stakes: give one whole number, or a stake for every player")
    if not all(isinstance(s, int) and s >= 1 for s in stakes):
        raise RecordError("stakes: each stake is a whole number of at least 1")
    seed = data.get("reshuffle_seed", 0)
    if not isinstance(seed, int):
        raise RecordError("reshuffle_seed: expected a whole number")
    ruleset = compile_ruleset(loaded.variant)
    deck = _deck(data.get("deal"), players, players.index(data["dealer"]), ruleset)
    steps = _steps(data.get("actions"), players)
    return HandRecord(loaded, ruleset, tuple(players), players.index(data["dealer"]), tuple(stakes), tuple(deck),
                      seed, tuple(steps))


def _deck(deal: Any, players: list[str], dealer: int, ruleset: Ruleset) -> list[Card]:
    """Rebuild the deck order from the dealt hands, the upcard and the top of the stock."""
    if not isinstance(deal, dict) or not isinstance(deal.get("hands"), dict):
        raise RecordError("deal: give hands (player -> cards), upcard and stock")
    unknown = set(deal) - {"hands", "upcard", "stock"}
    if unknown:
        raise RecordError(f"deal: unknown key(s) {', '.join(sorted(unknown))}")
    hands = {}
    for name in players:
        if name not in deal["hands"]:
            raise RecordError(f"deal.hands: no cards for {name}")
        hands[name] = _cards(deal["hands"][name], f"deal.hands.{name}")
        if len(hands[name]) != ruleset.deal.hand_size:
            raise RecordError(f"deal.hands.{name}: {len(hands[name])} cards, the variant deals "
                              f"{ruleset.deal.hand_size}")
    extra = set(deal["hands"]) - set(players)
    if extra:
        raise RecordError(f"deal.hands: {', '.join(sorted(extra))} not among the players")
    order = ruleset.deal.deal_order(len(players), dealer)
    dealt = {name: iter(cards) for name, cards in hands.items()}
    deck = [next(dealt[players[seat]]) for seat in order]
    if ruleset.deal.upcard:
        if "upcard" not in deal:
            raise RecordError("deal.upcard: this variant turns an upcard")
        deck += _cards(deal["upcard"], "deal.upcard")[:1]
    elif "upcard" in deal:
        raise RecordError("deal.upcard: this variant has no upcard")
    deck += _cards(deal.get("stock", ""), "deal.stock")
    seen: set[Card] = set()
    for card in deck:
        if card in seen:
            raise RecordError(f"deal: {card} is dealt twice")
        if card not in ruleset.deal.deck:
            raise RecordError(f"deal: {card} is not in this variant's deck")
        seen.add(card)
    return deck + [c for c in ruleset.deal.deck if c not in seen]


def _steps(actions: Any, players: list[str]) -> list[Step]:
    if not isinstance(actions, list):
        raise RecordError("actions: give a list of `- PLAYER: action` entries")
    steps = []
    for i, entry in enumerate(actions, start=1):
        if not isinstance(entry, dict) or len(entry) != 1:
            raise RecordError(f"step {i}: expected `PLAYER: action` or `checkpoint: {{...}}`, got {entry!r}")
        (key, value), = entry.items()
        if key == "checkpoint":
            if not isinstance(value, dict):
                raise RecordError(f"step {i}: a checkpoint is a mapping (hands, counts, spreads, discard_top)")
            steps.append(Step(i, None, None, value))
        elif key in players:
            try:
                steps.append(Step(i, key, parse_action(str(value)), None))
            except RecordError as exc:
                raise RecordError(f"step {i}: {exc}") from None
        else:
            raise RecordError(f"step {i}: {key!r} is not one of the players ({', '.join(players)})")
    return steps


def check_checkpoint(hand: Hand, checkpoint: dict[str, Any], style: CardStyle) -> list[str]:
    """Differences between what a source states and the hand's state (empty when they agree)."""
    names = hand.players
    diffs: list[str] = []
    for key, value in checkpoint.items():
        if key not in ("hands", "counts", "spreads", "discard_top") or not isinstance(value, dict | str):
            raise RecordError(f"checkpoint: unknown entry {key!r} (hands, counts, spreads, discard_top)")
        if key == "discard_top":
            stated = _cards(value, "checkpoint.discard_top")
            actual = hand.discard[-1:] or []
            if stated != actual:
                diffs.append(f"discard top: stated {format_cards(stated, style)}, "
                             f"actual {format_cards(actual, style) or 'none'}")
            continue
        assert isinstance(value, dict)
        for name, stated_value in value.items():
            if name not in names:
                raise RecordError(f"checkpoint.{key}: {name!r} is not a player")
            seat = names.index(name)
            if key == "counts":
                if stated_value != hand.count(seat):
                    diffs.append(f"{name}'s count: stated {stated_value}, actual {hand.count(seat)}")
            elif key == "hands":
                stated = sorted(_cards(stated_value, f"checkpoint.hands.{name}"))
                actual = sorted(hand.hands[seat])
                if stated != actual:
                    diffs.append(f"{name}'s hand: stated {format_cards(stated, style)}, "
                                 f"actual {format_cards(actual, style)}")
            else:
                groups = stated_value if isinstance(stated_value, list) else [stated_value]
                stated_sets = sorted(sorted(_cards(g, f"checkpoint.spreads.{name}")) for g in groups)
                actual_sets = sorted(sorted(s.cards) for s in hand.spreads if s.owner == seat)
                if stated_sets != actual_sets:
                    show = "; ".join(format_cards(s, style) for s in stated_sets)
                    real = "; ".join(format_cards(s, style) for s in actual_sets) or "none"
                    diffs.append(f"spreads in front of {name}: stated {show}, actual {real}")
    return diffs


def replay(record: HandRecord, style: CardStyle = "unicode", echo: Callable[[str], None] | None = None) -> Hand:
    """Replay every step, checking legality and checkpoints; raise :class:`RecordError` naming the step."""
    say = echo or (lambda _line: None)
    try:
        hand = record.new_hand()
    except IllegalActionError as exc:
        raise RecordError(f"deal: {exc}") from None
    names = hand.players
    say(f"Dealer: {names[hand.dealer]}")
    for seat, cards in enumerate(hand.hands):
        say(f"  {names[seat]:<10} {format_cards(cards, style):<20} = {hand.count(seat)}")
    if hand.discard:
        say(f"  upcard     {hand.discard[-1].format(style)}")
    if hand.deal_tonks:
        say("Deal tonk: " + ", ".join(names[p] for p in hand.deal_tonks))
    for step in record.steps:
        if step.checkpoint is not None:
            diffs = check_checkpoint(hand, step.checkpoint, style)
            if diffs:
                raise RecordError(f"step {step.number}: checkpoint differs from the play:\n  " + "\n  ".join(diffs))
            say(f"{step.number:>3}. checkpoint agrees")
            continue
        assert step.action is not None and step.player is not None
        if hand.over:
            ending = hand.result.ending if hand.result else ""
            raise RecordError(f"step {step.number}: the hand is already over ({ending})")
        if names[hand.current] != step.player:
            raise RecordError(f"step {step.number}: it is {names[hand.current]}'s turn, not {step.player}'s")
        try:
            done = hand.apply(step.action)
        except TonkError as exc:
            raise RecordError(f"step {step.number}: {exc}") from None
        say(f"{step.number:>3}. {step.player} {done.action.text(style)}"
            f"  [{step.player}: {format_cards(hand.hands[done.player], style) or '-'} = {hand.count(done.player)}]")
    if hand.result is None:
        raise RecordError(f"the record ends after step {len(record.steps)} but the hand is not over")
    return hand


def hand_to_record(hand: Hand, variant_ref: str, digest: str | None = None,
                   style: CardStyle = "english") -> dict[str, Any]:
    """A record (as data) for a hand that was played: the full deck order, so it replays exactly."""
    n = len(hand.players)
    order = hand.ruleset.deal.deal_order(n, hand.dealer)
    hands: dict[str, list[Card]] = {name: [] for name in hand.players}
    for seat, card in zip(order, hand.deck, strict=False):
        hands[hand.players[seat]].append(card)
    rest = list(hand.deck[len(order):])
    deal: dict[str, Any] = {"hands": {k: format_cards(v, style) for k, v in hands.items()}}
    if hand.ruleset.deal.upcard:
        deal["upcard"] = rest.pop(0).format(style)
    deal["stock"] = format_cards(rest, style)
    return {
        "format": FORMAT,
        "variant": variant_ref,
        "variant_sha256": digest,
        "players": list(hand.players),
        "dealer": hand.players[hand.dealer],
        "stakes": {name: hand.stakes[i] for i, name in enumerate(hand.players)},
        "reshuffle_seed": hand.reshuffle_seed,
        "deal": deal,
        "actions": [{hand.players[r.player]: r.action.text(style)} for r in hand.history],
    }

