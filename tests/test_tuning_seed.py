"""The tuning seed (tests/tuning_seed.py): every entry is one the tuning cache accepts, and the run's own
cache holds them all, so a test that plays a seeded house rule set finds its values without tuning."""

from __future__ import annotations

import os
from pathlib import Path

import tuning_seed

from tonk_rules.sim import tuning_cache
from tonk_rules.sim.reckoner_tuning import TunedReckoner
from tonk_rules.sim.tuning import checked_tuned


def test_every_seed_entry_is_a_good_cache_entry_of_its_kind() -> None:
    entries = tuning_seed.read_seed(check=True)
    assert entries, "the seed is empty: python tests/tuning_seed.py writes it"
    assert {key.split(":")[0] for key in entries} == {"greedy", "reckoner"}


def test_the_run_reads_and_writes_its_own_cache_with_the_seed_planted() -> None:
    folder = Path(os.environ["TONK_CACHE_DIR"])
    assert folder.name.startswith("tonk-test-cache-")  # not the person's own cache
    planted = {} if os.environ.get(tuning_seed.WRITE_ENV) else tuning_seed.read_seed()  # a run writing the seed
    for key, entry in planted.items():
        kind, digest, players = key.split(":")
        parse = TunedReckoner.from_json if kind == "reckoner" else checked_tuned
        found = tuning_cache.peek(kind, digest, int(players), parse)
        assert found is not None and found == parse(entry), key
