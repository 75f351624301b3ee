"""Reading a ``tonk-hand/1`` record: hardened YAML → checked-in JSON Schema → pydantic model → the variant's
own limits, with every problem located as ``FILE:LINE:COL: message (at key.path)`` and reported together.

    >>> from tonk_rules.records.reader import load_record
    >>> record = load_record("examples/example-1.yaml")
    >>> record.players, len(record.steps), record.doc.where(record.steps[0].path)
    (('Croaker', 'Goblin', 'Elmo'), 16, (17, 14))

Checked before any replay: the format, every key's type (``stakes: true`` is not a stake), the variant (it
must load; its digest must match when given), seats (distinct names, a count the variant allows, a dealer
among them), stakes for exactly the players, the deal (each hand the variant's size, one upcard exactly when
the variant turns one, no card twice, only the variant's cards) and every action's and checkpoint's text.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
from pydantic import ValidationError

from tonk_rules.cards import Card, distinct_jokers, parse_cards
from tonk_rules.engine.actions import Action, parse_action
from tonk_rules.engine.hand import Hand
from tonk_rules.errors import Diagnostic, RecordError, TonkError, VariantError, YamlReadError
from tonk_rules.records.record_model import FORMAT, Checkpoint, RecordFile
from tonk_rules.records.record_schema import checked_in_schema
from tonk_rules.ruleset import Ruleset, compile_ruleset
from tonk_rules.variant.diagnose import dotted, schema_diagnostics, short_repr
from tonk_rules.variant.loader import LoadedVariant, load_variant
from tonk_rules.yamlio import (
    MAX_PROBLEMS,
    KeyPath,
    YamlDocument,
    more_problems,
    plain_data_problems,
    read_yaml_file,
)

#: A record of a long hand (a hundred actions) is a few KiB; 256 KiB is far beyond any real one.
MAX_RECORD_BYTES = 256 * 1024
WHAT = "hand record"
NEEDED = "a hand record states format, variant, players, dealer, deal and actions"


@dataclass(frozen=True)
class StatedCheckpoint:
    """A checkpoint with its cards parsed: what a source says the table looks like."""

    hands: dict[str, list[Card]]
    counts: dict[str, int]
    spreads: dict[str, list[list[Card]]]
    discard_top: list[Card] | None


@dataclass(frozen=True)
class Step:
    """One entry of ``actions``: an action by a named player, or a checkpoint; ``path`` locates it."""

    number: int
    player: str | None
    action: Action | None
    checkpoint: StatedCheckpoint | None
    path: KeyPath = ()


@dataclass(frozen=True)
class HandRecord:
    """A checked record, ready to replay; ``doc`` keeps the file's positions for replay messages."""

    variant: LoadedVariant
    ruleset: Ruleset
    players: tuple[str, ...]
    dealer: int
    stakes: tuple[int, ...]
    deck: tuple[Card, ...]
    reshuffle_seed: int
    steps: tuple[Step, ...]
    doc: YamlDocument

    @property
    def file(self) -> str:
        return self.doc.file

    def new_hand(self) -> Hand:
        return Hand.deal(self.ruleset, list(self.players), self.dealer, self.deck, list(self.stakes),
                         self.reshuffle_seed)

    def at(self, path: KeyPath, message: str) -> Diagnostic:
        """A diagnostic located at ``path`` of the record file."""
        return self.doc.diagnostic(path, message)


def load_record(path: str | Path) -> HandRecord:
    """Read and check a record file (not yet replayed); raise :class:`RecordError` listing every problem."""
    try:
        doc = read_yaml_file(path, limit=MAX_RECORD_BYTES, what=WHAT)
    except YamlReadError as exc:
        raise RecordError(exc.diagnostics) from None
    return record_from_document(doc, Path(path).parent)


def parse_record(data: Any, base_dir: Path, file: str = "<record>") -> HandRecord:
    """Check a record given as data (no file, so messages name key paths but no lines)."""
    problems = plain_data_problems(file, data)
    if problems:
        raise RecordError(problems)
    return record_from_document(YamlDocument(file=file, data=data), base_dir)


@cache
def _validator() -> jsonschema.protocols.Validator:
    schema = checked_in_schema()
    cls = jsonschema.validators.validator_for(schema)
    return cls(schema)


def record_from_document(doc: YamlDocument, base_dir: Path) -> HandRecord:
    """Every check of the module docstring on a parsed document."""
    data = doc.data
    if data is None:
        raise RecordError([Diagnostic(doc.file, 1, 1, f"the record is empty: {NEEDED}")])
    if not isinstance(data, dict):
        kind = "a list" if isinstance(data, list) else "a single value"
        raise RecordError([doc.diagnostic((), f"the top level must be a mapping ({NEEDED}), found {kind}")])
    if data.get("format") != FORMAT:  # another format's keys mean nothing here: say only that
        if "format" not in data and ("extends" in data or "title" in data):
            raise RecordError([doc.diagnostic((), "this looks like a variant file (it has extends or title), not a "
                                                  "hand record; check it with `tonk check`", dotted="format")])
        if "format" not in data:
            raise RecordError([doc.diagnostic((), f"missing key 'format': a hand record starts with "
                                                  f"`format: {FORMAT}`", dotted="format")])
        raise RecordError([doc.diagnostic(("format",), f"unknown record format {short_repr(data['format'])}; "
                                                       f"this version reads {FORMAT}")])
    problems = schema_diagnostics(doc, _validator(), missing=NEEDED)
    if problems:
        raise RecordError(problems)
    try:
        model = RecordFile.model_validate(data)
    except ValidationError as exc:  # the schema passed, so these are the model's own refinements
        raise RecordError([doc.diagnostic(tuple(e["loc"]), e["msg"]) for e in exc.errors(include_url=False)]) \
            from None
    return _Checker(doc, model, base_dir).record()


def _is_path(ref: str) -> bool:
    return "/" in ref or "\\" in ref or ref.endswith((".yaml", ".yml"))


class _Checker:
    """The checks that need the variant; each problem is collected with its place."""

    def __init__(self, doc: YamlDocument, model: RecordFile, base_dir: Path) -> None:
        self.doc, self.model, self.base_dir = doc, model, base_dir
        self.problems: list[Diagnostic] = []

    def problem(self, path: KeyPath, message: str, *, key: bool = False) -> None:
        self.problems.append(self.doc.diagnostic(path, message, key=key))
        if len(self.problems) >= MAX_PROBLEMS:
            raise RecordError([*self.problems, more_problems(self.problems, self.doc.file)])

    def cards(self, value: str | list[str], path: KeyPath) -> list[Card] | None:
        try:
            return parse_cards(value)
        except TonkError as exc:
            self.problem(path, str(exc))
            return None

    def record(self) -> HandRecord:
        m = self.model
        loaded = self.variant()
        ruleset = compile_ruleset(loaded.variant) if loaded is not None else None
        seats_ok = self.seats(ruleset)
        stakes = self.stakes()
        deck = self.deck(ruleset, seats_ok)
        steps = self.steps()
        if self.problems or loaded is None or ruleset is None or deck is None:
            raise RecordError(sorted(self.problems, key=lambda d: (d.file != self.doc.file, d.line, d.column)))
        return HandRecord(loaded, ruleset, tuple(m.players), m.players.index(m.dealer), tuple(stakes),
                          tuple(deck), m.reshuffle_seed, tuple(steps), self.doc)

    def variant(self) -> LoadedVariant | None:
        ref = self.model.variant
        try:
            target = str(self.base_dir / ref) if _is_path(ref) else ref
            if _is_path(ref) and not _is_path(target):  # `./shadow` beside the record is a file, not a built-in
                target = f"./{target}"
            loaded = load_variant(target, named=True)
        except VariantError as exc:
            for d in exc.diagnostics:
                if d.line == 0:  # not in a file (unknown name, unreadable path): it is about this line
                    self.problem(("variant",), f"variant {ref!r}: {d.message}")
                else:
                    self.problems.append(d)
            return None
        given = self.model.variant_sha256
        if given is not None and given != loaded.digest:
            self.problem(("variant_sha256",), f"the variant {ref!r} has changed since the hand was recorded: "
                                              f"its rules now have sha256 {loaded.digest}, the record says {given}")
        return loaded

    def seats(self, ruleset: Ruleset | None) -> bool:
        players, ok = self.model.players, True
        for i, name in enumerate(players):
            if name in players[:i]:
                self.problem(("players", i), f"{name!r} sits twice (first at seat {players.index(name) + 1})")
                ok = False
            if not name.strip():
                self.problem(("players", i), "a player needs a name")
                ok = False
            elif not name.isprintable():  # a name is printed in every step; it must not move the cursor
                self.problem(("players", i), f"{name!r} holds a control character; a name is printable text")
                ok = False
            if name == "checkpoint":
                self.problem(("players", i), "'checkpoint' cannot be a player's name: it marks checkpoints in "
                                             "`actions`")
                ok = False
        if ruleset is not None and (why := ruleset.why_not_seat(len(players))) is not None:
            self.problem(("players",), why)
            ok = False
        if self.model.dealer not in players:
            self.problem(("dealer",), f"{self.model.dealer!r} is not one of the players ({', '.join(players)})")
            ok = False
        return ok

    def stakes(self) -> list[int]:
        players, stakes = self.model.players, self.model.stakes
        if isinstance(stakes, int):
            return [stakes] * len(players)
        for name in stakes:
            if name not in players:
                self.problem(("stakes", name), f"{name!r} is not one of the players", key=True)
        missing = [p for p in players if p not in stakes]
        if missing:
            self.problem(("stakes",), f"no stake for {', '.join(missing)}: give one stake for everyone, or one "
                                      "for every player")
        return [stakes.get(p, 1) for p in players]

    def deck(self, ruleset: Ruleset | None, seats_ok: bool) -> list[Card] | None:
        """The deck order rebuilt from the dealt hands, the upcard and the top of the stock."""
        deal, players = self.model.deal, self.model.players
        hands: dict[str, list[Card]] = {}
        places: list[tuple[Card, KeyPath]] = []
        for name, value in deal.hands.items():
            path: KeyPath = ("deal", "hands", name)
            if name not in players:
                self.problem(path, f"{name!r} is not one of the players", key=True)
            cards = self.cards(value, path)
            if cards is None:
                continue
            cards = distinct_jokers(cards, [c for c, _ in places])  # each Jk a joker not dealt before
            hands[name] = cards
            places += [(c, path) for c in cards]
            if ruleset is not None and len(cards) != ruleset.deal.hand_size:
                self.problem(path, f"{len(cards)} cards for {name}; the variant deals {ruleset.deal.hand_size}")
        missing = [p for p in players if p not in deal.hands]
        if missing:
            self.problem(("deal", "hands"), f"no cards for {', '.join(missing)}")
        upcard: list[Card] = []
        if deal.upcard is not None:
            parsed = self.cards(deal.upcard, ("deal", "upcard"))
            upcard = distinct_jokers(parsed or [], [c for c, _ in places])
            if ruleset is not None and not ruleset.deal.upcard:
                self.problem(("deal", "upcard"), "this variant turns no upcard; remove deal.upcard")
            elif parsed is not None and len(upcard) != 1:
                self.problem(("deal", "upcard"), f"the upcard is one card, found {len(upcard)}")
            places += [(c, ("deal", "upcard")) for c in upcard]
        elif ruleset is not None and ruleset.deal.upcard:
            self.problem(("deal",), "this variant turns an upcard: give deal.upcard")
        stock = distinct_jokers(self.cards(deal.stock, ("deal", "stock")) or [], [c for c, _ in places])
        places += [(c, ("deal", "stock")) for c in stock]
        first: dict[Card, KeyPath] = {}
        for card, path in places:
            if card in first:
                self.problem(path, f"{card} is dealt twice (also at {dotted(first[card])})")
            elif ruleset is not None and card not in ruleset.deal.deck:
                self.problem(path, f"{card} is not in this variant's deck")
            first.setdefault(card, path)
        if self.problems or ruleset is None or not seats_ok:
            return None
        dealer = players.index(self.model.dealer)
        dealt = {name: iter(cards) for name, cards in hands.items()}
        deck = [next(dealt[players[seat]]) for seat in ruleset.deal.deal_order(len(players), dealer)]
        deck += upcard + stock
        return deck + [c for c in ruleset.deal.deck if c not in first]

    def steps(self) -> list[Step]:
        players = self.model.players
        steps = []
        for i, entry in enumerate(self.model.actions):
            (key, value), = entry.items()
            path: KeyPath = ("actions", i, key)
            if isinstance(value, Checkpoint):
                stated = self.checkpoint(value, path, i + 1)
                if stated is not None:
                    steps.append(Step(i + 1, None, None, stated, path))
                continue
            if key not in players:
                self.problem(path, f"step {i + 1}: {key!r} is not one of the players ({', '.join(players)})",
                             key=True)
                continue
            try:
                steps.append(Step(i + 1, key, parse_action(value), None, path))
            except TonkError as exc:
                self.problem(path, f"step {i + 1}: {exc}")
            except ValueError:  # a number such as '²' that passes isdigit() but not int()
                self.problem(path, f"step {i + 1}: cannot read action {value!r}: a spread number is written in "
                                   "digits 0-9")
        return steps

    def checkpoint(self, cp: Checkpoint, path: KeyPath, number: int) -> StatedCheckpoint | None:
        before = len(self.problems)
        players = self.model.players
        for section in ("hands", "counts", "spreads"):
            for name in getattr(cp, section):
                if name not in players:
                    self.problem((*path, section, name), f"step {number}: checkpoint: {name!r} is not one of the "
                                                         "players", key=True)
        hands = {n: self.cards(v, (*path, "hands", n)) or [] for n, v in cp.hands.items()}
        spreads: dict[str, list[list[Card]]] = {}
        for name, value in cp.spreads.items():
            groups = [value] if isinstance(value, str) else list(value)  # a list is a list of spreads
            spreads[name] = [self.cards(g, (*path, "spreads", name)) or [] for g in groups]
        top = self.cards(cp.discard_top, (*path, "discard_top")) if cp.discard_top is not None else None
        if len(self.problems) > before:
            return None
        return StatedCheckpoint(hands, dict(cp.counts), spreads, top)
