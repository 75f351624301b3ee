"""Replaying a checked hand record step by step: legality of every action, agreement of every checkpoint.

    >>> from tonk_rules.records import load_record, replay
    >>> hand = replay(load_record("examples/example-1.yaml"))
    >>> hand.result.ending, [hand.players[w] for w in hand.result.winners]
    (<Ending.KNOCK_WON: 'knock_won'>, ['Croaker'])

A problem raises :class:`~tonk_rules.errors.RecordError` located at the step's line in the file and naming
the step number (``example.yaml:18:5: step 2: Croaker may not discard 10H: ...``); each way a checkpoint
differs from the play is its own line, at the checkpoint entry that states it.
"""

from __future__ import annotations

from collections.abc import Callable

from tonk_rules.cards import Card, CardStyle, format_cards, jokers_alike
from tonk_rules.engine.hand import Hand
from tonk_rules.errors import RecordError, TonkError
from tonk_rules.records.reader import HandRecord, StatedCheckpoint
from tonk_rules.yamlio import KeyPath


def checkpoint_differences(hand: Hand, stated: StatedCheckpoint, style: CardStyle) -> list[tuple[KeyPath, str]]:
    """Where the stated checkpoint and the hand's state differ: (key path inside the checkpoint, message)."""
    names = hand.players
    diffs: list[tuple[KeyPath, str]] = []
    for name, cards in stated.hands.items():
        seat = names.index(name)
        if jokers_alike(cards) != jokers_alike(hand.hands[seat]):
            diffs.append((("hands", name), f"{name}'s hand: stated {format_cards(sorted(cards), style)}, "
                                           f"actual {format_cards(sorted(hand.hands[seat]), style)}"))
    for name, count in stated.counts.items():
        seat = names.index(name)
        if count != hand.count(seat):
            diffs.append((("counts", name), f"{name}'s count: stated {count}, actual {hand.count(seat)}"))
    for name, groups in stated.spreads.items():
        seat = names.index(name)
        stated_sets = sorted(jokers_alike(g) for g in groups)
        actual_sets: list[list[Card]] = sorted(jokers_alike(s.cards) for s in hand.spreads if s.owner == seat)
        if stated_sets != actual_sets:
            show = "; ".join(format_cards(s, style) for s in stated_sets)
            real = "; ".join(format_cards(s, style) for s in actual_sets) or "none"
            diffs.append((("spreads", name), f"spreads in front of {name}: stated {show}, actual {real}"))
    if stated.discard_top is not None:
        actual = hand.discard[-1:]
        if jokers_alike(stated.discard_top) != jokers_alike(actual):
            diffs.append((("discard_top",), f"discard top: stated {format_cards(stated.discard_top, style)}, "
                                            f"actual {format_cards(actual, style) or 'none'}"))
    return diffs


def replay(record: HandRecord, style: CardStyle = "unicode", echo: Callable[[str], None] | None = None) -> Hand:
    """Replay every step, checking legality and checkpoints; raise :class:`RecordError` naming the step."""
    say = echo or (lambda _line: None)
    try:
        hand = record.new_hand()
    except TonkError as exc:
        raise RecordError([record.at(("deal",), f"the deal cannot be played: {exc}")]) from None
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
            diffs = checkpoint_differences(hand, step.checkpoint, style)
            if diffs:
                raise RecordError([record.at((*step.path, *sub),
                                             f"step {step.number}: checkpoint differs from the play: {message}")
                                   for sub, message in diffs])
            say(f"{step.number:>3}. checkpoint agrees")
            continue
        assert step.action is not None and step.player is not None
        if hand.over:
            ending = hand.result.ending if hand.result else ""
            raise RecordError([record.at(step.path, f"step {step.number}: the hand is already over ({ending})")])
        if names[hand.current] != step.player:
            raise RecordError([record.at(step.path, f"step {step.number}: it is {names[hand.current]}'s turn, "
                                                    f"not {step.player}'s")])
        try:
            done = hand.apply(step.action)
        except TonkError as exc:
            raise RecordError([record.at(step.path, f"step {step.number}: {exc}")]) from None
        say(f"{step.number:>3}. {step.player} {done.action.text(style)}"
            f"  [{step.player}: {format_cards(hand.hands[done.player], style) or '-'} = {hand.count(done.player)}]")
    if hand.result is None:
        where: KeyPath = record.steps[-1].path if record.steps else ("actions",)
        raise RecordError([record.at(where, f"the record ends after step {len(record.steps)} but the hand is not "
                                            f"over: it is {names[hand.current]}'s turn")])
    return hand
