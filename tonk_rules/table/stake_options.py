"""``--stake`` options: one stake for everyone, or one per player, each checked as the table's stakes are.

    >>> parse_stakes(["Ann=2", "Bob=1"], ("Ann", "Bob"))
    [2, 1]
    >>> parse_stakes([], ("Ann", "Bob"))
    [1, 1]
"""

from __future__ import annotations

from tonk_rules.errors import TableInputError
from tonk_rules.ruleset.table_bounds import why_not_stake
from tonk_rules.table.table_setup import MAX_STAKE


def parse_stakes(options: list[str], names: tuple[str, ...]) -> list[int]:
    """``--stake N`` (everyone) or ``--stake NAME=N`` for every player; no option: a stake of 1."""
    if not options:
        return [1] * len(names)

    def whole(text: str, what: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            raise TableInputError(f"--stake {what}: {why_not_stake(text)}").coded(
                "stake_not_whole", "stake", None, stake=text.strip()) from None
        if why := why_not_stake(value):
            raise TableInputError(f"--stake {what}: {why}").coded("stake_not_whole", "stake", None, stake=value)
        if value > MAX_STAKE:
            raise TableInputError(f"--stake {what}: a stake is at most {MAX_STAKE:,}").coded(
                "stake_too_high", "stake", None, most=MAX_STAKE)
        return value

    if len(options) == 1 and "=" not in options[0]:
        return [whole(options[0], options[0])] * len(names)
    per: dict[str, int] = {}
    for option in options:
        name, eq, text = option.partition("=")
        if not eq:
            raise TableInputError(f"--stake {option}: give one --stake N for everyone, or --stake NAME=N per player"
                                  ).coded("stake_form", "stake")
        if name not in names:
            raise TableInputError(f"--stake {option}: {name!r} is not seated (seated: {', '.join(names)})").coded(
                "not_seated", "stake", None, names=(name,), seated=names)
        if name in per:
            raise TableInputError(f"--stake {option}: {name} has two stakes").coded("stake_twice", "stake", None,
                                                                                     name=name)
        per[name] = whole(text, option)
    missing = [n for n in names if n not in per]
    if missing:
        raise TableInputError(f"--stake: no stake for {', '.join(missing)} "
                              "(give every player's stake, or one for all)").coded(
                                  "stakes_missing", "stake", None, names=tuple(missing))
    return [per[n] for n in names]
