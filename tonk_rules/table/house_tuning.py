"""``tonk play`` of rules whose bots are not tuned yet: play at once, tune meanwhile, say which values play.

The default player (and plain ``greedy``, and montecarlo's playouts and model) plays values tuned to the
rules and the table size (:mod:`tonk_rules.sim.tuning`). The built-ins ship theirs; a house file's are
measured on first use, which on a first run means compiling the batch kernel as well: about 30 s of CPU
before the first move. Instead, the bots of a sitting whose rules are not tuned yet play at once on the
values of the nearest variant the file extends that has them (its parent, usually a built-in), while
:mod:`tonk_rules.sim.background_tuning` tunes the house rules in a process of its own at low priority. The
first hand dealt after it finishes plays the house-tuned values. Every step is said on stderr: which values
the bots play and why, that the tuning runs, when its values take over, and if it fails or is stopped. When
no variant in the chain has tuned values at this table size, the bots play their declared defaults, and
that is said too.

What the bots played is also written into each hand record's ``source`` (:func:`bots_source`), so a record
says which parameters made its choices.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from tonk_rules.bots.specs import BotSpec
from tonk_rules.errors import TonkError
from tonk_rules.kernel.seats import KERNEL_POLICIES
from tonk_rules.ruleset import Ruleset, compile_ruleset
from tonk_rules.sim import background_tuning, reckoner_tuning, stages, tuning
from tonk_rules.sim.equilibrium import Tuned
from tonk_rules.sim.reckoner_tuning import TunedReckoner
from tonk_rules.variant.inherited import file_label
from tonk_rules.variant.loader import load_variant

#: How a tuning child is started (a test passes one that never finishes, or one that finishes at once).
Starter = Callable[[str, str, int, Sequence[str]], background_tuning.Background]


@dataclass(frozen=True)
class Borrowed:
    """Values a ``kind`` plays for now: ``source``'s tuned ones, or the declared defaults (``source`` None)."""

    kind: str
    value: Tuned | TunedReckoner
    source: str | None


def values_text(value: Tuned | TunedReckoner) -> str:
    """``reckoner knock_margin=60,caution=40,…`` or ``greedy knock ≤ 2``."""
    if isinstance(value, TunedReckoner):
        return f"reckoner {reckoner_tuning.short(value.params)}"
    return f"greedy {value.describe()}"


def declared_default(kind: str) -> Tuned | TunedReckoner:
    """The declared defaults of ``kind``, as a tuned value that measured nothing."""
    if kind == "reckoner":
        return TunedReckoner(reckoner_tuning.default_params(), "", 0.0, (0.0, 0.0), 0)
    knock = KERNEL_POLICIES["greedy"]["knock"].default
    return Tuned(knock, 0, 0, knock, 0.0, (0.0, 0.0), 0)


def ancestors(chain: Sequence[str]) -> list[tuple[str, str]]:
    """``(name, ref)`` of each variant a loaded chain extends, nearest first (a built-in by its name)."""
    return [(Path(ref).name, ref) for ref in map(file_label, chain[1:])]


def borrow(kind: str, chain: Sequence[str], players: int) -> Borrowed:
    """The nearest ancestor's tuned ``kind`` at ``players`` seats (shipped or cached), else the defaults."""
    for name, ref in ancestors(chain):
        try:
            ruleset = compile_ruleset(load_variant(ref).variant)
        except TonkError:  # a parent file that is not a whole variant alone lends nothing; the next one may
            continue
        found = tuning.known(kind, ruleset, players)
        if found is not None:
            return Borrowed(kind, found, name)
    return Borrowed(kind, declared_default(kind), None)


class HouseTuning:
    """The bots' values through one sitting of ``tonk play`` at a ``players``-seat table of ``rules``
    (``name`` as the person gave it, ``ref`` resolved, ``chain`` the files it was loaded from): :meth:`begin`
    before the first hand, :meth:`before_hand` before each later one, :meth:`end` when the sitting ends."""

    def __init__(self, name: str, ref: str, chain: Sequence[str], rules: Ruleset, players: int,
                 specs: Sequence[BotSpec], note: Callable[[str], None],
                 starter: Starter = background_tuning.start) -> None:
        self.name, self.ref, self.chain, self.rules, self.players = name, ref, tuple(chain), rules, players
        self.specs, self.note, self.starter = tuple(specs), note, starter
        self.borrowed: list[Borrowed] = []
        self.background: background_tuning.Background | None = None
        self._keys: list[tuple[str, str, int]] = []

    @property
    def pending(self) -> bool:
        """Whether the bots play borrowed values now."""
        return bool(self.borrowed)

    def begin(self) -> None:
        """If the rules' own values are not there yet: borrow, say so, and start tuning them."""
        missing = [kind for kind in tuning.kinds_tuned(self.specs)
                   if tuning.known(kind, self.rules, self.players) is None]
        if not missing:
            return
        digest = tuning.play_digest(self.rules)
        self.borrowed = [borrow(kind, self.chain, self.players) for kind in missing]
        for b in self.borrowed:
            key = (b.kind, digest, self.players)
            tuning.STAND_INS[key] = b.value
            self._keys.append(key)
        self.background = self.starter(self.ref, digest, self.players, missing)
        cpu = (0 if stages.compiled("batch") else stages.COMPILE_BATCH_CPU) + stages.TUNING_CPU * len(missing)
        wall = cpu / stages.core_share()  # the game mostly waits for the person: the child gets the core
        self.note(f"tonk: the bots play {self._borrowed_text()} for now: the rules of {self.name} have no tuned "
                  f"values at {self.players} players yet. Tuning them runs in the background at low priority "
                  f"(about {stages.seconds(wall)}, once: then cached); the first hand after it finishes plays them.")

    def before_hand(self) -> None:
        """Before a hand is dealt: if the tuning has finished, its values play from this hand (said once)."""
        if self.background is None or not self.background.finished():
            return
        why = self.background.failure()
        self.background.stop()
        self.background = None
        if why is not None:
            self.note(f"tonk: tuning the bots to the rules of {self.name} failed ({why}); they go on playing "
                      f"{self._borrowed_text()}.")
            return
        found = [tuning.known(b.kind, self.rules, self.players) for b in self.borrowed]
        if any(value is None for value in found):  # tuned, but the cache could not keep it: never tune here
            self.note(f"tonk: the bots were tuned to the rules of {self.name}, but the tuning cache could not "
                      f"keep the values; they go on playing {self._borrowed_text()}.")
            return
        self._restore()
        values = "; ".join(values_text(value) for value in found if value is not None)
        self.note(f"tonk: the bots are tuned to the rules of {self.name}: from this hand on they play {values}.")

    def end(self) -> None:
        """The sitting is over: stop a tuning still running (said), and play no borrowed values any more."""
        if self.background is not None and self.background.stop():
            self.note(f"tonk: tuning the bots to the rules of {self.name} was stopped unfinished; the next "
                      f"`tonk play {self.name}` starts it again.")
        self.background = None
        self._restore()

    def _restore(self) -> None:
        for key in self._keys:
            tuning.STAND_INS.pop(key, None)
        self._keys = []
        self.borrowed = []

    def _borrowed_text(self) -> str:
        """``pagat's tuned values (reckoner …; greedy …)``, one group per variant lending them."""
        groups: dict[str | None, list[str]] = {}
        for b in self.borrowed:
            groups.setdefault(b.source, []).append(values_text(b.value))
        parts = []
        for source, values in groups.items():
            whose = f"{source}'s tuned values" if source is not None else (
                f"their declared defaults (no variant {self.name} extends has tuned values at {self.players} players)")
            parts.append(f"{whose} ({'; '.join(values)})")
        return " and ".join(parts)

    def source_note(self) -> str:
        """For a hand record: where the bots' values came from this hand."""
        if not self.borrowed:
            return ""
        return (f"; tuned values borrowed while {self.name}'s own were being tuned: "
                + ", ".join(f"{b.kind} from {b.source or 'the declared defaults'}" for b in self.borrowed))


def bots_source(seats: Sequence[tuple[str, str]], extra: str = "") -> str:
    """A hand record's ``source``: each bot seat with the spec it played, every parameter given."""
    return "tonk play; bots: " + ", ".join(f"{name} {spec}" for name, spec in seats) + extra
