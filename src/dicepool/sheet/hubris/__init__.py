"""The Act of Hubris's state: Willpower, conscience, and the transitions of hubris's events
(the Health track's wound rules are shared: :mod:`dicepool.sheet.health`)."""
