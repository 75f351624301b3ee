"""How many players a run seats: the one asked for (checked), else 3, else the largest every variant seats.

The seat counts and their wording are the rules' own facts (:mod:`tonk_rules.ruleset.table_bounds`); this module
only chooses among them.

    >>> from tonk_rules.ruleset.compile import load_ruleset
    >>> players_for([("pagat", load_ruleset("pagat")), ("classic-pc", load_ruleset("classic-pc"))], None)
    2
    >>> players_note([("pagat", load_ruleset("pagat")), ("classic-pc", load_ruleset("classic-pc"))], None, 2)[:40]
    '2 players, the largest number every vari'
"""

from __future__ import annotations

from collections.abc import Sequence

from tonk_rules.errors import SimulationError
from tonk_rules.ruleset import Ruleset
from tonk_rules.ruleset.table_bounds import seats_phrase

DEFAULT_PLAYERS = 3
Named = Sequence[tuple[str, Ruleset]]


class TableSizeError(SimulationError):
    """No table size suits; ``given`` tells whether the asked-for ``--players`` was the problem."""

    def __init__(self, message: str, given: bool) -> None:
        super().__init__(message)
        self.given = given


def players_for(tables: Named, players: int | None) -> int:
    """The table size: ``players`` when given (checked), else 3 when every variant seats 3, else the largest
    count every variant seats. Raises :class:`TableSizeError` naming each variant's range."""
    if players is not None:
        for name, ruleset in tables:
            if players not in ruleset.table_sizes():
                if ruleset.why_not_seat(players) is None:
                    why = str(ruleset.why_not_deal(players))
                else:
                    why = f"it seats {seats_phrase(ruleset.min_players, ruleset.max_players)} players"
                raise TableSizeError(f"{name} cannot be played by {players}: {why}", given=True)
        return players
    common = set.intersection(*(set(r.table_sizes()) for _, r in tables))
    if DEFAULT_PLAYERS in common:
        return DEFAULT_PLAYERS
    if not common:
        ranges = "; ".join(f"{name} seats {seats_phrase(r.min_players, r.max_players)}" for name, r in tables)
        raise TableSizeError(f"no number of players suits every variant ({ranges}); compare variants that "
                             "share a table size", given=False)
    return max(common)


def players_note(tables: Named, given: int | None, players: int) -> str | None:
    """Why the table size is not the usual 3, when the user did not choose it."""
    if given is not None or players == DEFAULT_PLAYERS:
        return None
    why = "; ".join(f"{name} seats {seats_phrase(r.min_players, r.max_players)}" for name, r in tables
                    if DEFAULT_PLAYERS not in r.table_sizes())
    what = "" if len(tables) == 1 else ", the largest number every variant seats"
    return f"{players} players{what}, not the usual {DEFAULT_PLAYERS}: {why}. Choose another with --players."
