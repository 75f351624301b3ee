"""One table's session ledger: a SQLite file of seats, stakes, every hand with its payments, and every event.

A floor above the table tools (``tonk_rules/table/``: it checks seats and names with their rules, and settles a
hand given at the table with their settlement) and below the event of several tables (``tonk_rules/event/``).
Nothing here computes a payment: each hand is settled by the Ruleset, and settled again on every record and
import. Nothing is re-exported here, so that opening a ledger loads only what it needs; import from the modules:

- :mod:`~tonk_rules.ledger.session_ledger`: :class:`Ledger` (create, open, read, record, join, leave, change
  the rules, undo) and :class:`HandEntry`;
- :mod:`~tonk_rules.ledger.entry`: :class:`HandEntry`, one settled hand as stored, and ``why_not_entry``;
- :mod:`~tonk_rules.ledger.settled_entry`: ``settle_entry``, a hand given at the table settled into an entry;
- :mod:`~tonk_rules.ledger.played_hands`: hands played in the engine into a ledger (``add_played_hand``,
  ``entry_from_hand``, ``entry_from_record``, ``write_record``);
- :mod:`~tonk_rules.ledger.corrections`: voiding and amending an earlier hand (``void_hand``, ``amend_hand``,
  ``corrections``, ``correction_lines``, ``rules_at``, ...);
- :mod:`~tonk_rules.ledger.undo`: ``take_back``, the last event taken back, and ``describe_hand``;
- :mod:`~tonk_rules.ledger.stored_rules`: :class:`StoredRules`, the rules kept inside a ledger, and their changes
  (``rules_diff``, ``describe_diff``);
- :mod:`~tonk_rules.ledger.export`, :mod:`~tonk_rules.ledger.export_model`, :mod:`~tonk_rules.ledger.json_import`:
  JSON and CSV out, the export format and its schema, a JSON export back in (``export_json``, ``export_csv``,
  ``import_json``);
- :mod:`~tonk_rules.ledger.resettle`: a recorded hand settled again (``why_not_as_settled``);
- :mod:`~tonk_rules.ledger.history`: the history in plain lines (``history_lines``);
- :mod:`~tonk_rules.ledger.backup`: ``backup``, a consistent copy at any moment;
- :mod:`~tonk_rules.ledger.health`: what is wrong with a ledger file, said exactly (``explain``, ...);
- :mod:`~tonk_rules.ledger.db`: the SQLite file itself (schema, opening, one transaction per change);
- :mod:`~tonk_rules.ledger.state_rows`: the rows a change reads and writes, below the ledger and its undo;
- :mod:`~tonk_rules.ledger.api_checks`: the API's argument checks.
"""
