"""Hand records (``tonk-hand/1``): the file model and its schema, reading with located problems, replay
and writing. Above the engine: the engine plays hands and never reads files.

    >>> from tonk_rules.records import load_record, replay
    >>> replay(load_record("examples/example-2.yaml")).result.ending
    <Ending.KNOCK_WON: 'knock_won'>
"""

from __future__ import annotations

from tonk_rules.records.reader import MAX_RECORD_BYTES, HandRecord, Step, load_record, parse_record
from tonk_rules.records.record_model import FORMAT, RecordFile
from tonk_rules.records.replay import checkpoint_differences, replay
from tonk_rules.records.writer import hand_to_record

__all__ = ["FORMAT", "MAX_RECORD_BYTES", "HandRecord", "RecordFile", "Step", "checkpoint_differences",
           "hand_to_record", "load_record", "parse_record", "replay"]
