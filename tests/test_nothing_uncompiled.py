"""Nothing uncompiled: every rule field of the variant model reaches the compiled Ruleset.

For every leaf field of the model (walked from the pydantic classes by tests/model_fields.py, so a new field
is found without editing this test), each changed value that still makes a valid variant must change the
compiled Ruleset, and at least one such change must exist. A dimension added to the model and the YAML but
forgotten by ``compile_ruleset`` makes this test fail. Only documentation fields are exempt
(``model_fields.DOCUMENTATION_ONLY``). That the compiled value is then *enforced* — by the engine and by the
kernel — is tests/test_rules_enforced.py's question.
"""

from __future__ import annotations

import pytest
from model_fields import FIELD_IDS, FIELDS, Path, bases, changes, compiled, get, label
from pydantic.fields import FieldInfo


def test_the_walk_finds_the_model_fields() -> None:
    assert {"deal.first_turn", "spreading.may_hold_books.*.size", "payments.knock_caught.rules.*.stake_of",
            "stock_exhaustion.ties", "scoring.target"} <= set(FIELD_IDS)
    assert all(compiled(b) is not None for b in bases())


@pytest.mark.parametrize(("path", "info"), FIELDS, ids=FIELD_IDS)
def test_every_valid_change_of_a_rule_field_changes_the_ruleset(path: Path, info: FieldInfo) -> None:
    tried = 0
    for data, where, value, variation in changes(path, info):
        tried += 1
        assert compiled(variation) != compiled(data), (
            f"{label(where, get(data, where), value, data)} does not change the compiled Ruleset")
    assert tried, f"{'.'.join(path)}: no valid changed value found; give tests/model_fields.py a base where it matters"
