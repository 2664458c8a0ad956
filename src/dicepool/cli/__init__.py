"""The `dicepool` command: parse arguments, call the library, render."""
