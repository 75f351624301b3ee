"""The exceptions of tonk-rules. Every error a user can cause is one of these, never a bare traceback."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Self

#: The input a refusal is about: how the hand ended (``how``), who knocked or went out (``player``), a
#: player's ``count``, ``cards`` or deal ``tonk``, the ``stake``\s, or the table's ``seats``.
About = Literal["how", "player", "count", "cards", "tonk", "stake", "seats"]


@dataclass(frozen=True)
class Refusal:
    """A refusal as a page says it in its own language: a stable ``code``, the values it names (``params``:
    numbers, names, cards) and the input it is about (``about``, and the seat name ``player`` where it is one
    player's). The words of each code are in :mod:`tonk_rules.web.refusal_words`; ``str()`` of the
    exception stays the command line's English sentence."""

    code: str
    about: About = "how"
    player: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)


class TonkError(Exception):
    """Base class: a problem with the user's input, reported as one clear message."""

    #: the refusal's code, values and input (:meth:`coded`), for a page that words it in its language
    refusal: Refusal | None = None

    def coded(self, code: str, about: About = "how", player: str | None = None, /, **params: Any) -> Self:
        """This error with its :class:`Refusal` (its message unchanged): ``raise TableInputError(text).coded(...)``."""
        return self.refused_as(Refusal(code, about, player, params))

    def refused_as(self, refusal: Refusal | None) -> Self:
        """This error with ``refusal`` as it stands (another error's, carried over; None: uncoded)."""
        self.refusal = refusal
        return self


class CardError(TonkError, ValueError):
    """A card token that is not a card."""


class MixedAlphabetsError(CardError):
    """A card token that mixes Latin and Cyrillic letters (``Tт``): refused, never guessed."""


@dataclass(frozen=True)
class Diagnostic:
    """One problem in a variant file, located as ``FILE:LINE:COL``."""

    file: str
    line: int
    column: int
    message: str
    key_path: str = ""

    def __str__(self) -> str:
        where = f" (at {self.key_path})" if self.key_path else ""
        if self.line == 0:  # not about a place in a file (e.g. an unknown built-in name)
            return f"{self.file}: {self.message}{where}"
        return f"{self.file}:{self.line}:{self.column}: {self.message}{where}"


class VariantError(TonkError):
    """A variant file (or one of its parents) is invalid; ``diagnostics`` lists every problem found."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        self.diagnostics = sorted(diagnostics, key=lambda d: (d.file, d.line, d.column))
        super().__init__("\n".join(str(d) for d in self.diagnostics))


class YamlReadError(TonkError):
    """A file that cannot be read as YAML data; ``opening`` is true when it could not even be opened."""

    def __init__(self, diagnostics: list[Diagnostic], *, opening: bool = False) -> None:
        self.diagnostics = list(diagnostics)
        self.opening = opening
        super().__init__("\n".join(str(d) for d in self.diagnostics))

    @property
    def diagnostic(self) -> Diagnostic:
        """The first problem (a file that cannot be opened has exactly one)."""
        return self.diagnostics[0]


class IllegalActionError(TonkError):
    """An action that the rules do not allow in the current state; the state is unchanged."""


class SetupError(TonkError, ValueError):
    """A bad argument setting up play (players, dealer, deck, stakes): not a move, so not an
    :class:`IllegalActionError`."""


class RecordError(TonkError):
    """A hand record that cannot be read or does not replay; ``diagnostics`` locates each problem in the file.

    Raised with a plain message where there is no file (e.g. an action's text given to the API).
    """

    def __init__(self, problems: str | list[Diagnostic]) -> None:
        self.diagnostics = [] if isinstance(problems, str) else list(problems)
        super().__init__(problems if isinstance(problems, str) else "\n".join(str(d) for d in self.diagnostics))


class SessionFileError(TonkError):
    """A session file that cannot be used; ``diagnostics`` lists every problem found, located."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        self.diagnostics = sorted(diagnostics, key=lambda d: (d.file, d.line, d.column))
        super().__init__("\n".join(str(d) for d in self.diagnostics))


class LedgerError(TonkError):
    """A session ledger that cannot be opened or used as asked (damaged, wrong version, unknown player).

    ``exit_status`` is the command line's exit status for it: 1, except for the three failures that leave a
    good ledger good (a full disk, 4; no permission to write, 5; a file that is no ledger at all, 6), so that
    a script can tell them from a damaged ledger (1), the only one where restoring a copy is the remedy."""

    exit_status = 1


class LedgerDamagedError(LedgerError):
    """A ledger SQLite's integrity check, or the check of its content, finds damaged: restore a copy."""


class LedgerDiskFullError(LedgerError):
    """The disk filled while writing the ledger: nothing was changed, every hand is still there."""

    exit_status = 4


class LedgerPermissionError(LedgerError):
    """The ledger (or its folder) may not be written by this user: nothing was changed."""

    exit_status = 5


class NotALedgerError(LedgerError):
    """A file that is not a tonk session ledger (not SQLite, or an SQLite database of something else)."""

    exit_status = 6


class TableInputError(TonkError):
    """A table command's input that cannot be right (unknown card, unseated name, impossible hand)."""


class BotSpecError(TonkError):
    """A bot spec (``greedy:knock=5``) naming an unknown bot or an unknown or invalid parameter."""


class SimulationError(TonkError):
    """A simulation that cannot run as asked (for example more players than the deck can deal)."""


class KernelError(TonkError):
    """A ruleset or request the compiled simulation kernel cannot play (it never falls back silently)."""
