"""Files named inside files leak nothing (issue 14, item 5); nor does the search player's model of the other
seats (issue 23: at the end).

A hand record, an ``extends`` line or a session file may name any file as its variant. When that file is not a
variant file, every entry point says so without quoting anything of it: no key, no value, no position of a
character, no length. Each file of secrets below goes through every entry point.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from budgets import examples

from tonk_rules import kernel, load_ruleset
from tonk_rules.bots import GreedyBot, RandomBot, observe
from tonk_rules.bots.montecarlo import MonteCarloBot
from tonk_rules.cli import main
from tonk_rules.engine.actions import Action, Discard
from tonk_rules.engine.encoding import action_key
from tonk_rules.engine.hand import Hand
from tonk_rules.errors import IllegalActionError, RecordError, VariantError
from tonk_rules.records import load_record
from tonk_rules.variant.loader import load_variant

#: Every secret below contains this word (or hunter2); neither may ever be printed.
MARKERS = ("SECRET", "hunter2")

SECRET_FILES: dict[str, bytes] = {
    "shadow": b"root:$6$SECRETSALT$Qw3rTy:19000:0:99999:7:::\nalice:hunter2:19001::\n",
    "environ": b"PATH=/usr/bin\x00TOKEN=SECRET-TOKEN-123456\x00HOME=/root\x00",
    "blob.bin": bytes(range(256)) + b"SECRET" + bytes(range(255, -1, -1)),
    "players.yaml": b"players: hunter2-SECRET-VALUE\n",
    "keys.yaml": b"root: SECRET-ROOT\napi_key: SECRET-KEY\n",
    "wrong-kinds.yaml": b"title: {SECRET: hunter2}\ndeal: SECRET-DEAL\n",
    "syntax.yaml": b"password: [SECRET, hunter2\n",
    "duplicates.yaml": b"SECRET: 1\nSECRET: 2\n",
    "large.yaml": b"title: x\n" + b"# SECRET hunter2\n" * 6000,
    "latin1.yaml": b"title: SECRET \xff hunter2\n",
    "list.yaml": b"- SECRET\n- hunter2\n",
    "tonk-format.yaml": b"format: tonk-SECRET\nvariant: hunter2\n",
    "extends-name.yaml": b"extends: SECRET-NAME\n",
    "extends-path.yaml": b"extends: ./SECRET/hunter2.yaml\n",
    "extends-chain.yaml": b"extends: ./players.yaml\n",
    # Nested one level down or more: every key and every value is checked against the schema, not just the top.
    "nested-int.yaml": b"deal_check: {at_most: hunter2abc}\n",
    "nested-ranks.yaml": b"deck: {ranks: [hunter2abc, SECRET]}\n",
    "nested-key.yaml": b"deck: {SECRET: [A], ranks: [A, '2', '3']}\n",
    "nested-enum.yaml": b"stock_exhaustion: {when_empty: hunter2}\n",
    "nested-source.yaml": b"deal: {source: {ref: pagat, quote: x, SECRET: hunter2}}\n",
    "nested-source-for.yaml": b"deck: {source_for: {SECRET: {assumed: x}}}\n",
    "nested-payment.yaml": b"extends: pagat\npayments: {deal_tonk: {rules: [{payer: SECRET-PAYER}]}}\n",
    "nested-bool.yaml": b"extends: pagat\nknocking: {enabled: SECRET}\n",
}
#: Files with a variant file's shape (a mapping of variant keys, each of its kind): their `extends` line may be
#: located, being a variant file's, but what it names is not quoted (they were read as named, not typed).
VARIANT_SHAPED = {"extends-name.yaml", "extends-path.yaml", "extends-chain.yaml"}

RECORD = """format: tonk-hand/1
variant: {ref}
players: [Ann, Bob]
dealer: Ann
stakes: 1
deal:
  hands: {{Ann: 2C 3C 4C 5C 6C, Bob: 2D 3D 4D 5D 6D}}
  upcard: 7C
  stock: 8C 9C
actions: []
"""

SESSION = """format: tonk-session/1
variant: {ref}
currency: crowns
stakes: 1
seats: [Ann, Bob]
"""


@pytest.fixture
def secrets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name, content in SECRET_FILES.items():
        (tmp_path / name).write_bytes(content)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    with pytest.raises(SystemExit) as info:
        main(list(args))
    out = capsys.readouterr()
    return int(info.value.code or 0), out.out + out.err


def assert_quiet(name: str, code: int, output: str) -> None:
    """Refused, with nothing of the secret file: no marker, no located line in it, no internal error."""
    assert code == 1, output
    for marker in MARKERS:
        assert marker not in output, output
    assert "internal error" not in output
    if name not in VARIANT_SHAPED:
        assert not re.search(rf"{re.escape(name)}:\d+", output), output
    assert "not a variant file" in output or "`extends` names no built-in variant" in output \
        or "(named by a parent file)" in output, output


def entry_points(name: str) -> list[tuple[str, ...]]:
    """Every command that reads a file named as a variant inside another file (the files are written here)."""
    ref = f"./{name}"
    Path(f"record-{name}.yaml").write_text(RECORD.format(ref=ref), encoding="utf-8")
    Path(f"child-{name}.yaml").write_text(f"extends: {ref}\ntitle: Child\n", encoding="utf-8")
    Path(f"session-{name}.yaml").write_text(SESSION.format(ref=ref), encoding="utf-8")
    return [
        ("replay", f"record-{name}.yaml"),
        ("check", f"child-{name}.yaml"),
        ("show", f"child-{name}.yaml"),
        ("rules", f"child-{name}.yaml"),
        ("session", "create", f"ledger-{name}.db", "--from", f"session-{name}.yaml"),
    ]


@pytest.mark.parametrize("name", sorted(SECRET_FILES))
def test_a_file_of_secrets_named_as_a_variant_is_refused_without_a_word_of_it(
        name: str, secrets: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for args in entry_points(name):
        code, output = run(capsys, *args)
        assert_quiet(name, code, output)
    assert not list(secrets.glob("ledger-*.db")), "a refused session file leaves no ledger"


def test_proc_self_environ_named_by_a_record_gives_no_lengths(
        secrets: Path, capsys: pytest.CaptureFixture[str]) -> None:
    environ = Path("/proc/self/environ")
    if not environ.exists():
        pytest.skip("no /proc on this system")
    Path("record.yaml").write_text(RECORD.format(ref=str(environ)), encoding="utf-8")
    code, output = run(capsys, "replay", "record.yaml")
    assert code == 1
    assert "not a variant file" in output
    assert not re.search(r"environ:\d+", output), output  # no line or column, so no variable's length
    assert "U+0000" not in output


def test_the_api_refuses_the_same_way(secrets: Path) -> None:
    Path("record.yaml").write_text(RECORD.format(ref="./players.yaml"), encoding="utf-8")
    with pytest.raises(RecordError) as info:
        load_record("record.yaml")
    assert "hunter2" not in str(info.value) and "not a variant file" in str(info.value)
    with pytest.raises(VariantError) as vinfo:
        load_variant("./players.yaml", named=True)
    assert "hunter2" not in str(vinfo.value)


def test_a_variant_file_named_in_a_file_is_still_quoted_where_it_is_wrong(
        secrets: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file with the variant's shape is a variant file: its mistakes are located and its values quoted."""
    Path("house.yaml").write_text("extends: pagat\ndeal_check: {at_most: 99}\n", encoding="utf-8")
    Path("record.yaml").write_text(RECORD.format(ref="./house.yaml"), encoding="utf-8")
    code, output = run(capsys, "replay", "record.yaml")
    assert code == 1
    assert re.search(r"house\.yaml:2:\d+: .*\(99\)", output), output


def test_a_value_of_the_wrong_kind_nested_in_a_named_file_makes_it_no_variant_file(
        secrets: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Kinds are checked at every depth: a text where a count goes, one level down, is not quoted."""
    Path("house.yaml").write_text("extends: pagat\nplayers: {min: 2, max: lots}\n", encoding="utf-8")
    Path("child.yaml").write_text("extends: ./house.yaml\n", encoding="utf-8")
    code, output = run(capsys, "check", "child.yaml")
    assert code == 1 and "not a variant file" in output, output
    assert "lots" not in output and not re.search(r"house\.yaml:\d+", output), output


def test_the_file_the_user_types_keeps_its_detailed_messages(secrets: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Typed on the command line, a house file's typo still gets its suggestion; a file of secrets does not
    echo even then."""
    Path("typo.yaml").write_text("extends: pagat\ndela: {hand_size: 7}\n", encoding="utf-8")
    code, output = run(capsys, "check", "typo.yaml")
    assert code == 1 and "did you mean 'deal'" in output
    for name in ("players.yaml", "keys.yaml", "wrong-kinds.yaml"):
        code, output = run(capsys, "check", name)
        assert code == 1 and "not a variant file" in output
        assert "SECRET" not in output and "hunter2" not in output, output


def test_a_ledgers_house_file_swapped_for_secrets_is_not_quoted(
        secrets: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The ledger keeps its rules, so a file of secrets put in the house file's place is never read; naming it
    for a change of rules is refused unquoted."""
    house = secrets / "house.yaml"
    house.write_text("extends: pagat\ntitle: Our table\n", encoding="utf-8")
    code, output = run(capsys, "session", "create", "night.sqlite", "--variant", "./house.yaml", "--players",
                       "Ann,Bob", "--currency", "chips")
    assert code == 0, output
    house.write_bytes(SECRET_FILES["players.yaml"])
    code, output = run(capsys, "session", "balances", "night.sqlite")
    assert code == 0 and "hunter2" not in output and "SECRET" not in output, output
    code, output = run(capsys, "session", "rules", "night.sqlite", "./house.yaml")
    assert code == 1 and "hunter2" not in output and "SECRET" not in output, output
    assert "not a variant file" in output and "internal error" not in output


def test_an_export_naming_a_file_of_secrets_is_not_quoted(secrets: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    code, output = run(capsys, "session", "create", "night.sqlite", "--variant", "pagat", "--players", "Ann,Bob",
                       "--currency", "chips")
    assert code == 0, output
    code, output = run(capsys, "session", "export", "night.sqlite", "--format", "json", "--out", "night.json")
    assert code == 0, output
    data = json.loads(Path("night.json").read_text(encoding="utf-8"))
    data["variant"] = str(secrets / "keys.yaml")
    Path("night.json").write_text(json.dumps(data), encoding="utf-8")
    code, output = run(capsys, "session", "import", "copy.sqlite", "night.json")
    assert code == 1 and "SECRET" not in output and "internal error" not in output, output
    assert not Path("copy.sqlite").exists()


def _leaves(node: object, path: tuple[object, ...] = ()) -> list[tuple[tuple[object, ...], object]]:
    if isinstance(node, dict):
        return [leaf for key, value in node.items() for leaf in _leaves(value, (*path, key))]
    if isinstance(node, list):
        return [leaf for i, value in enumerate(node) for leaf in _leaves(value, (*path, i))]
    return [(path, node)]


def _mappings(node: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    if isinstance(node, dict):
        return [path, *(p for key, value in node.items() for p in _mappings(value, (*path, key)))]
    if isinstance(node, list):
        return [p for i, value in enumerate(node) for p in _mappings(value, (*path, i))]
    return []


BUILTIN_FILES = sorted(Path(__file__).parent.parent.joinpath("tonk_rules", "builtin_variants").glob("*.yaml"))


@pytest.mark.property  # a hypothesis search inside (tests/budgets.py)
@pytest.mark.parametrize("path", BUILTIN_FILES, ids=lambda p: p.name)
def test_every_built_in_file_has_the_shape_and_any_nested_secret_breaks_it(path: Path) -> None:
    """Hypothesis: at any depth, a secret text put in place of a value that is not text, or a secret key added
    to any mapping, makes the file no variant file (so nothing of it is quoted)."""
    import copy

    import yaml
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from tonk_rules.variant.file_shape import why_not_variant_shape

    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert why_not_variant_shape(data) is None
    not_text = [p for p, value in _leaves(data) if not isinstance(value, str) and len(p) > 1]
    mappings = [p for p in _mappings(data) if len(p) >= 1]

    def at(tree: object, where: tuple[object, ...]) -> object:
        for part in where:
            tree = tree[part]  # type: ignore[index]
        return tree

    @settings(max_examples=examples(40), deadline=None)
    @given(st.sampled_from(not_text), st.sampled_from(mappings), st.booleans())
    def check(leaf: tuple[object, ...], mapping: tuple[object, ...], as_key: bool) -> None:
        secret = copy.deepcopy(data)
        if as_key:
            at(secret, mapping)["SECRET-KEY"] = 1  # type: ignore[index]
        else:
            at(secret, leaf[:-1])[leaf[-1]] = "hunter2"  # type: ignore[index]
        assert why_not_variant_shape(secret) is not None

    check()


# --- the search player (issue 23): its model of the other seats reads no card it cannot see ---------------

def _search_twins(variant: str, seed: int, steps: int) -> tuple[Hand, Hand, list[Action]] | None:
    """A hand after ``steps`` actions of greedy, random and greedy, and its twin: the same actions on a deck where
    a card seat 2 holds unseen and the stock's bottom card are swapped (``None`` where no such twin exists)."""
    rules = load_ruleset(variant)
    deck = list(rules.deal.deck)
    random.Random(seed).shuffle(deck)
    hand = Hand.deal(rules, ["a", "b", "c"], 2, deck)
    bots: list[GreedyBot | RandomBot] = [GreedyBot(), RandomBot(seed=seed), GreedyBot()]
    actions: list[Action] = []
    while hand.result is None and len(actions) < steps:
        actions.append(bots[hand.current].choose(observe(hand, hand.current), hand.legal_actions()))
        hand.apply(actions[-1])
    public = {c for r in hand.history for c in getattr(r.action, "cards", ())} | {
        getattr(r.action, "card", None) for r in hand.history}
    hidden = [c for c in hand.hands[2] if c not in public]
    if hand.result is not None or hand.current != 0 or not hidden or len(hand.stock) < 2:
        return None
    a, b = hidden[0], hand.stock[0]
    twin = Hand.deal(rules, ["a", "b", "c"], 2, [b if c == a else a if c == b else c for c in deck])
    try:
        for action in actions:
            twin.apply(action)
    except IllegalActionError:  # the swap changed what was legal: no twin
        return None
    return hand, twin, actions


def _kernel_choices(hand: Hand, actions: list[Action]) -> list[int]:
    """What the compiled search makes of each action (its public feature), computed on ``hand``'s real cards."""
    from tonk_rules.kernel.policies_nb import play_key
    from tonk_rules.kernel.rollout import encode, state_from_hand
    from tonk_rules.kernel.search import cached_tables
    from tonk_rules.kernel.search_nb import action_feature

    fresh = Hand.deal(hand.ruleset, list(hand.players), hand.dealer, list(hand.deck))
    tables = cached_tables(hand.ruleset)
    S, tb = encode(tables, state_from_hand(fresh)), tables.packed()
    out, discarded = [], 0
    for action in actions:
        key = action_key(action)
        out.append(int(action_feature(S, key, discarded, tb)))
        if isinstance(action, Discard):  # now in view
            discarded |= 1 << int(action.card)
        play_key(S, key, tb)
    return out


@pytest.mark.skipif(not kernel.AVAILABLE, reason="the compiled search needs numba")
@pytest.mark.parametrize("variant", ["russian", "pagat"])
def test_the_search_players_model_of_the_others_reads_no_hidden_card(variant: str) -> None:
    checked = 0
    for seed in range(60):
        twins = _search_twins(variant, seed, 6 + seed % 18)
        if twins is None:
            continue
        hand, twin, actions = twins
        assert observe(hand, 0) == observe(twin, 0) and hand.hands != twin.hands
        assert _kernel_choices(hand, actions) == _kernel_choices(twin, actions)
        watcher = MonteCarloBot(rollouts=30, seed=seed)
        assert watcher.posterior(observe(hand, 0)) == watcher.posterior(observe(twin, 0))
        assert MonteCarloBot(rollouts=30, seed=seed).choose(observe(hand, 0), hand.legal_actions()) == \
            MonteCarloBot(rollouts=30, seed=seed).choose(observe(twin, 0), twin.legal_actions())
        checked += 1
        if checked == 4:
            break
    assert checked == 4
