"""The package's public face: what `import tonk_rules` gives, and what importing the engine costs."""

from __future__ import annotations

import subprocess
import sys

import pytest

import tonk_rules
from tonk_rules import Hand, Knock, Phase, Session, SetupError, load_ruleset, load_variant
from tonk_rules.ruleset.compile import compile_ruleset

HEAVY = ("pydantic", "yaml", "jsonschema", "rich", "click")


@pytest.mark.parametrize("module", ["tonk_rules", "tonk_rules.engine.hand", "tonk_rules.engine.session",
                                    "tonk_rules.ruleset"])
def test_importing_the_engine_loads_neither_pydantic_nor_yaml(module: str) -> None:
    code = f"import sys, {module}; print(' '.join(m for m in {HEAVY!r} if m in sys.modules))"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout.strip() == "", f"importing {module} loaded {proc.stdout.strip()}"


def test_load_ruleset_is_compile_of_load_variant_and_compares_by_value() -> None:
    assert load_ruleset("pagat") == compile_ruleset(load_variant("pagat").variant)
    assert hash(load_ruleset("pagat")) == hash(load_ruleset("pagat"))
    assert load_ruleset("pagat") != load_ruleset("russian")


def test_version_and_exports() -> None:
    assert isinstance(tonk_rules.__version__, str) and tonk_rules.__version__
    for name in tonk_rules.__all__:
        assert getattr(tonk_rules, name) is not None
    with pytest.raises(AttributeError):
        _ = tonk_rules.no_such_thing  # type: ignore[attr-defined]


def test_phase_is_explicit() -> None:
    import random

    hand = Hand.shuffled(load_ruleset("russian"), ["A", "B"], dealer=0, rng=random.Random(4))
    assert hand.phase in (Phase.START, Phase.OVER)
    if hand.phase is Phase.START:
        hand.apply(Knock())
        assert hand.phase is Phase.OVER


def test_session_setup_errors_are_not_illegal_moves() -> None:
    with pytest.raises(SetupError, match="seat number"):
        Session(load_ruleset("russian"), ["a", "b"], first_dealer=5)
