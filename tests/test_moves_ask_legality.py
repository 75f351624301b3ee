"""Move generation asks no rule question of its own: each legality decision is written once, in
engine/legality.py.

engine/moves.py may read what it needs to enumerate candidates (the current player's cards, the spreads on
the table with their hit targets, the melds of the hand); whether a candidate is legal it must ask
engine/legality.py. This test reads moves.py's source, so that a rule asked again in move generation (a
knock limit, the first turn, a held spread, the taken discard, whose spreads may be hit, when spreads are
laid, a pending card, a kept card) fails here instead of waiting for the property test of
tests/test_legal_actions.py to find a state where the two copies disagree.
"""

from __future__ import annotations

import ast
import inspect

from tonk_rules.engine import moves

#: What move generation reads of a Hand to enumerate candidates.
CANDIDATE_READS = frozenset({"hand.hands", "hand.current", "hand.spreads", "hand.ruleset.spreading.melds.melds_in"})
#: The rule objects of a Ruleset and the state that rule questions read: reading any of them outside
#: CANDIDATE_READS is asking a rule question.
RULE_NAMES = frozenset({
    "ruleset", "rules", "knocking", "drawing", "spreading", "hitting", "taken_discard", "deal", "deal_check",
    "stock", "melds", "turn", "phase", "drawn", "pending", "taken", "first_turn_binds", "turns_taken",
    "hit_locks", "result", "discard", "sources", "must_spread", "before_draw",
})
#: Modules whose contents are rules or turn state (move generation needs none of them).
RULE_MODULES = ("tonk_rules.ruleset", "tonk_rules.engine.turn")


def _chain(node: ast.expr) -> str:
    """``hand.ruleset.knocking`` for that attribute chain; ``?`` stands for a root that is not a name."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    parts.append(node.id if isinstance(node, ast.Name) else "?")
    return ".".join(reversed(parts))


def rule_questions(source: str) -> list[str]:
    """Every place in ``source`` that reads a rule or turn state beyond what candidates need."""
    tree = ast.parse(source)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(RULE_MODULES):
            found.append((node.lineno, f"imports {node.module}"))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, f"imports {a.name}") for a in node.names if a.name.startswith(RULE_MODULES)]
        elif isinstance(node, ast.Name) and node.id in RULE_NAMES:
            found.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute) and not isinstance(parents.get(node), ast.Attribute):
            chain = _chain(node)
            parts = chain.split(".")
            if chain not in CANDIDATE_READS and (parts[0] == "hand" or RULE_NAMES & set(parts[1:])):
                found.append((node.lineno, chain))
    return [f"line {line}: {what}" for line, what in sorted(found)]


def test_move_generation_asks_no_rule_question() -> None:
    assert rule_questions(inspect.getsource(moves)) == [], (
        "engine/moves.py asks a rule question itself; ask engine/legality.py (Legality) instead")


def test_a_rule_asked_in_move_generation_is_found() -> None:
    """The reader finds the ways the old move generation asked rules again (so the test above can fail)."""
    old = '''
from tonk_rules.engine.turn import Phase
def legal_actions(hand):
    rules, turn = hand.ruleset, hand.turn
    if rules.knocking.allowed(count=0, first_turn=hand.first_turn_binds):
        pass
    if hand.ruleset.spreading.may_lay_now(turn.phase.drawn) and hand.discard:
        open_spreads = [s for s in hand.spreads if hand.ruleset.hitting.allows(s.kind, True)]
    kept = hand.turn.taken
'''
    found = rule_questions(old)
    for expected in ("imports tonk_rules.engine.turn", "hand.ruleset", "hand.turn", "rules", "turn",
                     "hand.first_turn_binds", "hand.ruleset.spreading.may_lay_now", "turn.phase.drawn",
                     "hand.discard", "hand.ruleset.hitting.allows", "hand.turn.taken"):
        assert any(line.endswith(f": {expected}") for line in found), f"{expected} not found in {found}"
    assert rule_questions("cards = hand.hands[hand.current]\nfound = hand.ruleset.spreading.melds.melds_in(cards)\n"
                          "hits = [t.number for t in hand.spreads if cards[0] in t.targets]") == []
