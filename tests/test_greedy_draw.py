"""Greedy's draw, checked against the rules as the engine holds them, under every value of every rule field.

Greedy (``bots/greedy.py``, rule 4) takes the discard pile's top card when it is useful — it joins a book or
run of the hand with it added, or extends a spread on the table this player may hit — and draws from the
stock otherwise. The engine's own answer to "could this card be laid with the hand?" is
``engine.legality.can_meld``, built on the rule objects; greedy decides in the compiled kernel. A rule that
changes what a player may lay or hit, and that greedy's compiled judgement ignores, makes the two part here.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from model_fields import DOCUMENTATION_ONLY, FIELD_IDS, FIELDS, Path, changes, compiled
from pydantic.fields import FieldInfo

from tonk_rules import Hand
from tonk_rules.bots import GreedyBot, observe
from tonk_rules.bots.observation import PublicLog
from tonk_rules.engine import legality
from tonk_rules.engine.actions import Draw
from tonk_rules.ruleset import Ruleset
from tonk_rules.terms import Pile

CHANGES_PER_FIELD = 3  # the first valid changes of each field (base by base): enough to reach every kind of rule
HANDS = 4  # greedy hands per change, in the slow tier (.ci/run); the default run plays QUICK_HANDS of them
QUICK_HANDS = 2
PROBES = 8  # other cards asked about at each choice between the piles


def _draws_agree(ruleset: Ruleset, seed: int, hands: int) -> str | None:
    """Play greedy hands; at each choice between the two piles, greedy's pick must follow ``can_meld``."""
    players = max(ruleset.min_players, min(3, ruleset.max_players))
    rng = random.Random(seed)
    bot = GreedyBot(knock=0, patience=40)
    for h in range(hands):
        hand = Hand.shuffled(ruleset, [f"p{i}" for i in range(players)], h % players, rng)
        log = PublicLog(players)  # the hand's public history, brought up to date at each turn (not replayed)
        for _ in range(400):
            if hand.over:
                break
            legal = hand.legal_actions()
            obs = observe(hand, hand.current, log)
            action = bot.choose(obs, legal)
            piles = {a.source for a in legal if isinstance(a, Draw)}
            if piles == {Pile.STOCK, Pile.DISCARD} and isinstance(action, Draw):
                # the card on the pile, then other cards it could have been (rare positions made common: the
                # same turn, hand and spreads, greedy asked about each of a few cards)
                unseen = [c for seat, cards in enumerate(hand.hands) if seat != hand.current for c in cards]
                others = sorted(unseen + hand.stock)  # cards that could have been on the pile
                # (the cards in reach below the top, where drawing.discard_depth allows deeper takes: greedy takes
                # the shallowest card that melds, so the pile is useful when any card in reach is)
                below = hand.discard[-ruleset.drawing.discard_depth:-1]
                deeper = any(legality.can_meld(hand, card) for card in below)
                if isinstance(action, Draw) and action.depth > 1:
                    taken = hand.discard[-action.depth]
                    if not legality.can_meld(hand, taken):
                        return f"hand {h}: greedy took {taken} from below the top, which does not meld"
                for top in [hand.discard[-1], *rng.sample(others, min(PROBES, len(others)))]:
                    choice = action if top == hand.discard[-1] else bot.choose(replace(obs, discard_top=top), legal)
                    useful = legality.can_meld(hand, top) or deeper
                    if useful != (isinstance(choice, Draw) and choice.source is Pile.DISCARD):
                        asked = "" if top == hand.discard[-1] else f" (asked in place of {hand.discard[-1]})"
                        return (f"hand {h}, action {len(hand.history) + 1}: greedy {_did(choice)} with {top} on the "
                                f"discard pile{asked}, which the engine says is {'' if useful else 'not '}useful to it")
            hand.apply(action)
    return None


def _did(action: object) -> str:
    return f"drew from the {action.source}" if isinstance(action, Draw) else f"chose {action}"


RULE_FIELDS = [(field, name) for field, name in zip(FIELDS, FIELD_IDS, strict=True)
               if field[0][-1] not in DOCUMENTATION_ONLY]


@pytest.mark.parametrize("hands", [pytest.param(QUICK_HANDS, id="quick"),
                                   pytest.param(HANDS, id="full", marks=pytest.mark.slow)])
@pytest.mark.parametrize(("path", "info"), [field for field, _ in RULE_FIELDS], ids=[name for _, name in RULE_FIELDS])
def test_greedy_takes_the_discard_exactly_when_the_rules_make_it_useful(path: Path, info: FieldInfo,
                                                                        hands: int) -> None:
    for n, (_, where, value, data) in enumerate(changes(path, info)):
        if n == CHANGES_PER_FIELD:
            break
        ruleset = compiled(data)
        assert ruleset is not None
        why = _draws_agree(ruleset, n, hands)
        assert why is None, f"{'.'.join(map(str, where))} = {value!r} in {data['title']!r}: {why}"


def test_the_check_fails_where_greedy_and_the_engine_part(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the engine saying no card is ever useful, greedy's first take of a useful discard parts them, and
    the check names it (at the default run's budget)."""
    path, info = next(field for field, name in RULE_FIELDS if name == "melds.run_min")
    monkeypatch.setattr(legality, "can_meld", lambda hand, card: False)
    with pytest.raises(AssertionError, match="which the engine says is not useful to it"):
        test_greedy_takes_the_discard_exactly_when_the_rules_make_it_useful(path, info, QUICK_HANDS)
