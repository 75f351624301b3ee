"""The players a comparison is played and checked with, named once.

A finding about rules is only as good as the players it was measured with, so each one is checked with a
*panel* of tables (issue 23): the default table (every seat the default player, tuned to the variant: the
table the main figures come from), a casual table (seats that play as people describe their own play) and
a table with a strong search player in one seat (the others default). Random players sit at none of them:
a table of random seats says how rules work for players nobody meets.

The bot specs are these constants, so that a new default or casual player is one edit here.

    >>> [t.name for t in panel_tables(3)]
    ['default', 'casual', 'search']
    >>> [str(s) for s in panel_tables(3)[2].seats]
    ['montecarlo:rollouts=300', 'reckoner', 'reckoner']
"""

from __future__ import annotations

from dataclasses import dataclass

from tonk_rules.bots.specs import BotSpec, parse_spec

#: The default player: every seat of the main table, tuned per variant (:mod:`tonk_rules.sim.tuning`);
#: the same as ``tonk compare``'s default ``--bots``.
DEFAULT_PLAYER = "reckoner"
#: The casual player (:mod:`tonk_rules.bots.reckoner`): plays as people describe their own play.
CASUAL_PLAYER = "casual"
#: The strong search player, in one seat of the search table. Its playouts are fewer than its default
#: (1,000) so that the bare compare stays reasonable: about 32 ms of CPU a hand at 3 seats (russian, this
#: project's 2-core VM), against 11 ms at 100 playouts, which no longer beat the tuned table (-0.005
#: [-0.155, +0.145] stakes a hand in russian over 600 hands).
SEARCH_PLAYER = "montecarlo:rollouts=300"
#: The search table plays this share of the check tables' hands: 200 of the bare compare's 100,000, about
#: 6 s of CPU per variant (at 300 the bare compare took 30.8 s wall, 27.4 s CPU on the busy VM); its
#: intervals are therefore wide (about ±6 points on a rate), and each finding states its interval there.
SEARCH_SHARE = 0.002
#: Fewest hands of the search table where it is played at all.
SEARCH_MIN_HANDS = 100


@dataclass(frozen=True)
class PanelTable:
    """One table of the panel: its name (``default``, ``casual``, ``search``) and one bot per seat."""

    name: str
    seats: tuple[BotSpec, ...]


def panel_tables(players: int) -> list[PanelTable]:
    """The panel at ``players`` seats, in the order findings name them."""
    default, casual, search = parse_spec(DEFAULT_PLAYER), parse_spec(CASUAL_PLAYER), parse_spec(SEARCH_PLAYER)
    return [PanelTable("default", (default,) * players), PanelTable("casual", (casual,) * players),
            PanelTable("search", (search,) + (default,) * (players - 1))]


def search_hands(check_hands: int) -> int:
    """Hands of the search table for check tables of ``check_hands`` hands (0: none)."""
    if check_hands <= 0:
        return 0
    return max(SEARCH_MIN_HANDS, round(check_hands * SEARCH_SHARE))
