"""Settling hands at a table: what the table says (cards, counts, tonks, how the hand ended, stakes), the seats
and their names, session files, and bots seated at the table.

On one floor with the rules sheets and the report, above the simulation (a bot at the table plays on tuned
values); the ledger (:mod:`tonk_rules.ledger`) stores what is settled here, the event (:mod:`tonk_rules.event`)
holds several tables, and the terminal's ``tonk play`` is :mod:`tonk_rules.cli.terminal_play`. Nothing here
computes a payment: settlements come from the compiled Ruleset, the same code the engine uses. Nothing is
re-exported here; import from the modules:

- :mod:`~tonk_rules.table.settle`: ``parse_table``, ``settle_hand``, ``describe``, :class:`HowItEnded`,
  :class:`TableResult`, ``KNOCK_CODES`` (a hand given at the table, settled and said);
- :mod:`~tonk_rules.table.stake_options`: ``parse_stakes``;
- :mod:`~tonk_rules.table.table_setup`: the variant, the seats and the stakes checked (``ruleset_for``,
  ``resolve_variant_ref``, ``why_bad_name``, ``check_seating``, ``seating_refusal``, ``MAX_STAKE``, ...);
- :mod:`~tonk_rules.table.names`: seat names in NFC, and names that read alike (``canonical``, ``why_clash``,
  ``why_names_clash``, ``skeleton``, ``LOOK_ALIKES``);
- :mod:`~tonk_rules.table.session_file`: a session file (``tonk-session/1``) read and checked
  (``load_session_file``, ``session_schema_text``);
- :mod:`~tonk_rules.table.play`: a hand against bots through ``say`` and ``ask`` (:class:`TerminalGame`,
  ``read_move``, ``ordered_moves``, ``result_lines``), no keyboard of its own;
- :mod:`~tonk_rules.table.table_bots`: the bots at the table (``parse_players``, ``make_bot``, ``check_spec``);
- :mod:`~tonk_rules.table.house_tuning`: a house file's bots playing at once on its parent's tuned values.
"""
