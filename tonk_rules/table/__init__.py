"""Table tools (floor 6): settling real hands, session ledgers, session files, rules sheets, terminal play.

Nothing here computes a payment: settlements come from the compiled Ruleset, the same code the engine uses.
"""
