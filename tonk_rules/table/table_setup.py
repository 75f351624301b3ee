"""Checks of a table before play: the variant reference, the seated names and their stakes.

    >>> check_table_setup("classic-pc", ["Ann", "Bob", "Cy"], [1, 1, 1])
    'this variant seats exactly 2 players, not 3'
    >>> check_table_setup("russian", ["Ann", "Bob"], [1, 2])
    'this variant plays for one agreed stake: give every player the same stake'
    >>> check_table_setup("russian-2001", ["Ann", "Bob"], [1, 2]) is None
    True
"""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path

from tonk_rules.errors import Refusal, TableInputError
from tonk_rules.ruleset import Ruleset, compile_ruleset
from tonk_rules.table.names import canonical, why_names_clash
from tonk_rules.variant.loader import load_variant

NAME_FORBIDDEN = "=,:"
#: The largest stake a table may play for, in one place (settle, session options, session files, join):
#: far above any real table's stake, and far below where a hand's payments could overflow the ledger.
MAX_STAKE = 1_000_000


def resolve_variant_ref(ref: str, base: Path) -> str:
    """A built-in name as it is; a file path made usable from anywhere (relative to ``base``, the file's folder)."""
    if "/" in ref or "\\" in ref or ref.endswith((".yaml", ".yml")):
        return str((base / ref).resolve())
    return ref


@cache
def ruleset_for(ref: str, *, named: bool = False) -> Ruleset:
    """The compiled rules of a variant reference (a built-in name or a resolved path); ``named``: the reference
    was written in a file (a session file), so a file that is not a variant file is refused unquoted."""
    return compile_ruleset(load_variant(ref, named=named).variant)


def why_bad_name(name: str) -> str | None:
    """Why ``name`` cannot be a seat name (None when it can): it must be typeable in ``--hand NAME=CARDS``."""
    if not name or name != name.strip():
        return f"a seat name may not be empty or start or end with a space: {name!r}"
    if any(ch in name for ch in NAME_FORBIDDEN):
        return f"a seat name may not contain '=', ',' or ':': {name!r}"
    if any(unicodedata.category(ch)[0] == "C" for ch in name):
        # control and format characters cannot be typed, print as nothing or move the cursor, and CSV alters them
        return f"a seat name may not contain control characters: {name!r}"
    if len(name) > 40:
        return f"a seat name has at most 40 characters, not {len(name)}: {name[:40]!r}…"
    if name.startswith("bot:"):
        return f"'bot:' names a computer player: {name!r}"
    return None


def check_table_setup(ref: str, names: list[str], stakes: list[int], *, named: bool = False) -> str | None:
    """Why these names and stakes cannot sit at a table of this variant (None when they can); ``named`` as
    for :func:`ruleset_for`."""
    return check_seating(ruleset_for(ref, named=named), names, stakes)


def first_dealer(ref: str, names: list[str], stakes: list[int], dealer: str | None) -> str:
    """The first dealer of a table of ``names`` at ``stakes`` playing ``ref`` (the last seat unless ``dealer``
    names another), the seating checked first: :class:`TableInputError` with the reason a person reads
    (``tonk play`` in the terminal and on the web check the same)."""
    if (why := check_table_setup(ref, names, stakes)) is not None:
        raise TableInputError(why)
    dealer = dealer if dealer is not None else names[-1]
    if dealer not in names:
        raise TableInputError(f"--dealer {dealer}: not seated (seats: {', '.join(names)})")
    return dealer


def check_seating(rules: Ruleset, names: list[str], stakes: list[int]) -> str | None:
    """Why these names and stakes cannot sit at a table playing ``rules`` (None when they can)."""
    found = seating_refusal(rules, names, stakes)
    return None if found is None else found[0]


def seating_refusal(rules: Ruleset, names: list[str], stakes: list[int]) -> tuple[str, Refusal | None] | None:
    """:func:`check_seating`'s reason and, where a page can word it in its own language, its code (a seat
    count, a name, a name given twice; the rarer reasons are said in English only)."""
    n = len(names)
    if why := rules.why_not_seat(n):
        least, most = rules.min_players, rules.max_players
        return why, Refusal("seats_exactly" if least == most else "seats_range", "seats", None,
                            {"least": least, "most": most, "n": n})
    for name in names:
        if why := why_bad_name(name):
            return why, Refusal("bad_name", "seats", None, {"name": name})
    if len({canonical(name) for name in names}) != n:
        return "a seat name is given twice", Refusal("seat_twice", "seats")
    if why := why_names_clash(names):
        return why, None
    if why := why_not_stakes(rules, stakes, n):
        return why, _stakes_refusal(rules, stakes)
    return None


def _stakes_refusal(rules: Ruleset, stakes: list[int]) -> Refusal | None:
    """The code of the stakes' refusal where a page words it (stakes the rules' kind of stake cannot take)."""
    if rules.points_target is not None and any(s != 1 for s in stakes):
        return Refusal("stakes_points", "stake")
    if not rules.per_player_stakes and len(set(stakes)) > 1:
        return Refusal("stakes_uniform", "stake")
    return None


def why_not_stakes(rules: Ruleset, stakes: list[int], n: int) -> str | None:
    """The Ruleset's own check of a table's stakes (the engine refuses the same stakes), and the table's limit."""
    if why := rules.why_not_stakes(stakes, n):
        return why
    if any(s > MAX_STAKE for s in stakes):
        return f"a stake is at most {MAX_STAKE:,}, not {max(stakes):,}"
    return None
