"""`dicepool serve`: the web table (FastAPI), its JSON API, pages and live feed."""
