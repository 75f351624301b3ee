"""``tonk serve``: the event's pages for the game master's laptop and every table's phones.

A floor just under ``cli/``: the ASGI app (Starlette, served by uvicorn), its routes and page templates, the
live updates and who may do what. It has no ledger or payment code of its own: every hand is settled by
:func:`tonk_rules.ledger.settled_entry.settle_entry` and recorded by :class:`tonk_rules.ledger.session_ledger.Ledger`,
exactly as ``tonk event record`` does, so the CLI and the server can work on the same event at once.
"""
