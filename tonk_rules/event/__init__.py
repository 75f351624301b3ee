"""An event of several tables: one folder holding ``event.json`` and a ledger per table, the players' moves
between tables, the standings across them, and each table's rules sheet.

A floor above the ledger (each table's hands are in its own :mod:`tonk_rules.ledger` file; nothing here opens
SQLite itself) and the sheets, below ``tonk serve`` and the CLI, which both call it. Nothing is re-exported
here; import from the modules:

- :mod:`~tonk_rules.event.event_folder`: :class:`Event` (create, open, add a table, move a player, standings),
  :class:`Standing`, :class:`TableState`, :class:`NoSuchTable`, ``why_bad_table_name``, ``EVENT_FILE``;
- :mod:`~tonk_rules.event.event_sheet`: ``table_sheet`` and ``stored_sheet``, a table's rules sheet from the
  rules its ledger keeps.
"""
