"""Pure state: characters, their traits and limits, the log's events and their transitions.

Nothing here reads a file, a clock or a database: a sheet is a frozen record, a change is a
pure function, and a campaign is what :func:`~dicepool.sheet.events.replay` makes of its log.
"""
