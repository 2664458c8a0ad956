"""After Sundown's state: Edge, Initiative Passes, the Power Reserve, and the transitions
of its events."""
