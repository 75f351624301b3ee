"""The stated limits of every count a user gives (hands, budgets, seeds, workers, players), in one place.

Each is far above what a real use needs and far below where a run would never end or memory would run out;
the command line refuses a count above its limit at once, and shows the limit in ``--help``.
"""

from __future__ import annotations

#: The most hands one simulated job plays: about 12 minutes of one core with greedy bots (148k hands/s), far
#: more than any figure needs (the standard error of a rate at 10**8 hands is below 0.005 percentage points).
MAX_HANDS = 100_000_000
#: The largest seed: the kernel's seeds are 64-bit.
MAX_SEED = 2**64 - 1
#: The most players at a simulated table: a 52-card deck deals 52 one-card hands at most.
MAX_PLAYERS = 52
#: The most worker processes asked for.
MAX_WORKERS = 1024
#: The most playouts per decision of a montecarlo bot (its ``rollouts=``, the ``--budget``): 5,000 times the
#: default of 200 (17 ms a decision), so about a minute and a half per decision on one core.
MAX_ROLLOUTS = 1_000_000
