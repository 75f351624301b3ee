"""``drawing.discard_depth``: a card may be taken from below the top of the discard pile (the Tunk game's
house rule, examples/house/top-two-discards.yaml), the cards above it staying on the pile in order — on the
reference engine, in records, in what a seat observes, in the numbering of actions, and by the default player."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tonk_rules import load_ruleset
from tonk_rules.bots.montecarlo_view import view_of
from tonk_rules.bots.observation import observe
from tonk_rules.bots.specs import parse_specs
from tonk_rules.cards import parse_card, parse_cards
from tonk_rules.engine.actions import Discard, Draw, Knock, Spread, parse_action
from tonk_rules.engine.hand import Hand
from tonk_rules.errors import RecordError
from tonk_rules.interop.action_codes import ActionCodes
from tonk_rules.kernel import layout as L
from tonk_rules.kernel import play_hands
from tonk_rules.records.reader import parse_record
from tonk_rules.records.replay import replay
from tonk_rules.records.writer import hand_to_record
from tonk_rules.sim.panel import DEFAULT_PLAYER
from tonk_rules.sim.tuning import seats_for
from tonk_rules.terms import Pile

ROOT = Path(__file__).resolve().parent.parent
TOP_TWO = ROOT / "examples" / "house" / "top-two-discards.yaml"
#: seat 1 plays first (left of the dealer, seat 0): 5 cards each, dealt one at a time, then the upcard (7C)
DEAL = parse_cards("2S KH 3S 8D 4S 9C 5H 6C JD 8C 7C")


def _deck(ruleset_name: str | Path) -> list:  # type: ignore[type-arg]
    rules = load_ruleset(ruleset_name)
    rest = [c for c in rules.deal.deck if c not in DEAL]
    return [*DEAL, *rest]


def _after_one_turn(rules_name: str | Path) -> Hand:
    """Bob (seat 1) draws from the stock and discards the jack of diamonds: the pile is 7C (the upcard) under
    JD; Ann holds KH 8D 9C 6C 8C, so the seven would make her a run."""
    rules = load_ruleset(rules_name)
    hand = Hand.deal(rules, ["Ann", "Bob"], 0, _deck(rules_name))
    hand.apply(Draw(Pile.STOCK))
    hand.apply(Discard(parse_card("JD")))
    assert hand.discard == parse_cards("7C JD") and hand.current == 0
    return hand


def test_a_card_below_the_top_may_be_taken_and_the_card_above_stays() -> None:
    hand = _after_one_turn(TOP_TWO)
    legal = [str(a) for a in hand.legal_actions()]
    assert legal[:4] == ["knock", "draw stock", "draw discard", "draw discard 2"]
    record = hand.apply(Draw(Pile.DISCARD, None, 2))
    assert str(record.action) == "draw discard 2 7C"  # the record names the depth and the card taken
    assert hand.discard == parse_cards("JD")  # the jack stays on the pile
    assert parse_card("7C") in hand.hands[0] and hand.turn.taken == parse_card("7C")


def test_only_the_top_where_the_rule_is_not_set() -> None:
    hand = _after_one_turn("pagat")
    assert "draw discard 2" not in [str(a) for a in hand.legal_actions()]
    assert hand.why_illegal(Draw(Pile.DISCARD, None, 2)) == "you may take only from the top 1 card of the discard pile"
    deep = _after_one_turn(TOP_TWO)
    assert deep.why_illegal(Draw(Pile.DISCARD, None, 3)) == "you may take only from the top 2 cards of the discard pile"
    assert deep.why_illegal(Draw(Pile.DISCARD, parse_card("JD"), 2)) == (
        "card 2 from the top of the discard pile is 7C, not JD")


def test_the_text_form_names_the_depth_and_keeps_top_takes_as_they_were() -> None:
    assert parse_action("draw discard 2 QH") == Draw(Pile.DISCARD, parse_card("QH"), 2)
    assert str(parse_action("draw discard 2 QH")) == "draw discard 2 QH"
    assert str(parse_action("draw discard 10H")) == "draw discard 10H"  # a ten is a card, not a depth
    assert parse_action("draw discard QH") == Draw(Pile.DISCARD, parse_card("QH"))
    for bad in ("draw stock 2 QH", "draw discard 0 QH", "draw discard 2 3 QH"):
        with pytest.raises(RecordError):
            parse_action(bad)
    with pytest.raises(ValueError, match="only the discard pile"):
        Draw(Pile.STOCK, None, 2)


def test_a_record_with_a_deep_take_replays(tmp_path: Path) -> None:
    hand = _after_one_turn(TOP_TWO)
    hand.apply(Draw(Pile.DISCARD, None, 2))
    hand.apply(Spread(tuple(parse_cards("6C 7C 8C 9C"))))
    hand.apply(Discard(parse_card("KH")))
    hand.apply(Knock())
    assert hand.over
    data = hand_to_record(hand, str(TOP_TWO))
    assert {"Ann": "draw discard 2 7C"} in data["actions"]
    again = replay(parse_record(data, tmp_path), echo=None)
    assert again.discard == hand.discard == parse_cards("JD KH")
    assert again.hands == hand.hands and again.result == hand.result


def test_the_observation_shows_the_cards_in_reach_and_the_search_view_follows_a_deep_take() -> None:
    hand = _after_one_turn(TOP_TWO)
    assert observe(hand, 0).discard_seen == tuple(parse_cards("7C JD"))
    assert observe(_after_one_turn("pagat"), 0).discard_seen == (parse_card("JD"),)
    hand.apply(Draw(Pile.DISCARD, None, 2))
    hand.apply(Discard(parse_card("KH")))
    view = view_of(observe(hand, 1))
    assert view.pile == tuple(hand.discard)
    assert parse_card("7C") in view.known[0]  # Bob saw Ann take the seven from under the jack


def test_deep_takes_are_numbered_after_every_other_action() -> None:
    plain, deep = ActionCodes(load_ruleset("pagat")), ActionCodes(load_ruleset(TOP_TWO))
    assert deep.size == plain.size + 1
    code = deep.encode(Draw(Pile.DISCARD, None, 2))
    assert code == plain.size and deep.decode(code) == Draw(Pile.DISCARD, None, 2)
    assert deep.encode(Draw(Pile.DISCARD)) == plain.encode(Draw(Pile.DISCARD))


def _default_table(rules_name: str | Path, players: int = 3) -> list:  # type: ignore[type-arg]
    ruleset = load_ruleset(rules_name)
    return list(seats_for(ruleset, players, parse_specs(",".join([DEFAULT_PLAYER] * players))))


def test_the_default_player_takes_from_below_the_top_and_the_rule_is_counted_in_play() -> None:
    """The default table takes cards from under the top (the rule is used, and its in-play count moves with
    each such take); under pagat's top-only rule it never moves."""
    ruleset = load_ruleset(TOP_TWO)
    batch = play_hands(ruleset, _default_table(TOP_TWO), 300, seed=5, trace=True)
    assert batch.trace is not None and batch.in_play is not None
    deep_key = (np.int64(L.K_DRAW_DISCARD) << L.KIND_SHIFT) | 1
    deep_takes = np.array([int((row == deep_key).sum()) for row in batch.trace])
    assert deep_takes.sum() >= 30, "the default player never (or hardly ever) takes below the top"
    assert batch.in_play[:, L.IP_DEPTH].tolist() == deep_takes.tolist()
    top_only = play_hands(load_ruleset("pagat"), _default_table("pagat"), 300, seed=5)
    assert top_only.in_play is not None and not top_only.in_play[:, L.IP_DEPTH].any()


def test_no_built_in_claims_the_rule() -> None:
    """Every built-in plays the top-only default and cites it as the added rule's assumption, even where a
    section cites its source for every key unchanged (russian-2001's drawing)."""
    from tonk_rules.variant.loader import builtin_names, load_variant
    from tonk_rules.variant.sources import Assumption

    for name in builtin_names():
        loaded = load_variant(name)
        assert loaded.variant.drawing.discard_depth == 1
        source = loaded.provenance["drawing.discard_depth"].source
        assert isinstance(source, Assumption) and "only the top discard" in source.assumed, name


def test_why_the_default_player_took_a_card_from_under_the_top() -> None:
    from tonk_rules.bots.explain import why_move

    hand = _after_one_turn(TOP_TWO)
    before = observe(hand, 0)
    params = {"knock_margin": 0, "caution": 0, "take": 3, "hold": 0, "stall": 0, "hope": 0, "patience": 20, "slack": 2}
    why = why_move("reckoner", params, before, hand.legal_actions(), Draw(Pile.DISCARD, parse_card("7C"), 2))
    assert "from under the top of the discard pile" in why and "7C does" in why
