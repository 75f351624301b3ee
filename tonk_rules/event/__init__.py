"""An event of several tables: one folder holding ``event.json`` and a ledger per table, the players' moves
between tables, the standings across them, and each table's rules sheet.

A floor above the ledger (each table's hands are in its own :mod:`tonk_rules.ledger` file; nothing here opens
SQLite itself) and the sheets, below ``tonk serve`` and the CLI, which both call it. Nothing is re-exported
here; import from the modules:

- :mod:`~tonk_rules.event.event_folder`: :class:`Event` (create, open, add a table, move a player, standings),
  :class:`Standing`, :class:`TableState`, :class:`NoSuchTable`, ``EVENT_FILE``; a creation or a move whole or
  not at all across a kill;
- :mod:`~tonk_rules.event.event_sheet`: ``event_sheet``, ``table_sheet`` and ``stored_sheet``, a table's rules
  sheet from the rules its ledger keeps, as ``tonk rules`` prints it (★, «based on»), with no path;
- :mod:`~tonk_rules.event.house_rules`: :class:`HouseRules`, ``read_house`` (a pasted house file, checked with
  nothing left behind) and ``rules_of_ref``: house rules kept by a name of their own, never a path;
- :mod:`~tonk_rules.event.table_names`: ``why_bad_table_name`` and ``checked_table_name``, checked before any file
  is written.
"""
