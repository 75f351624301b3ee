"""A hand given at the table (cards, counts or tonks, and how it ended), settled into a ledger entry.

The one path from what the table says to a :class:`HandEntry`: ``tonk session record``, ``tonk event record``,
a correction and the web page's form all go through :func:`settle_entry`, so every one of them is checked
and paid by the Ruleset exactly alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from tonk_rules.ledger.session_ledger import HandEntry
from tonk_rules.ruleset import Ruleset
from tonk_rules.table.names import canonical
from tonk_rules.table.settle import HandsAtTable, HowItEnded, TableResult, parse_table, settle_hand


@dataclass(frozen=True)
class SettledHand:
    """The settlement as the table sees it (``result``) and the entry to record (None: no tonk on the deal)."""

    result: TableResult
    table: HandsAtTable
    entry: HandEntry | None


def settle_entry(rules: Ruleset, seated: list[tuple[str, int]], hands: list[str], counts: list[str],
                 tonks: list[str], how: HowItEnded, digest: str | None) -> SettledHand:
    """Settle the hand the options describe for the players ``seated`` (name, stake), under ``rules``.

    Raises :class:`~tonk_rules.errors.TableInputError` (or CardError) saying which option is wrong."""
    names = [n for n, _ in seated]
    # names typed are NFC; a ledger of an earlier version may keep one decomposed: looked up in NFC, recorded as kept
    table = parse_table(hands, counts, tonks, how, tuple(map(canonical, names)))
    result = settle_hand(rules, table, how, [s for _, s in seated])
    s = result.settlement
    if s is None:
        return SettledHand(result, table, None)
    given = {n: (" ".join(map(str, c)) if g == "cards" else None)
             for n, c, g in zip(names, table.cards, table.given or ("cards",) * len(names), strict=True)}
    entry = HandEntry("settled", str(s.ending), tuple(names), result.stakes, result.recorded_counts,
                      tuple(names[w] for w in s.winners), None if s.knocker is None else names[s.knocker],
                      tuple((names[p.payer], names[p.receiver], p.amount) for p in s.payments),
                      {"hands": given, "how": how.kind, "player": how.player, "by_discard": how.by_discard,
                       "new_spread": how.new_spread, **({"tonks": list(table.tonks)} if table.tonks else {})},
                      rules=digest)
    return SettledHand(result, table, entry)
