"""Storypath's state: the Momentum pool, Legend, and the transitions of its events."""
