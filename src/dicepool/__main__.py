"""``python -m dicepool``: the same as the ``dicepool`` command."""

from dicepool.cli.main import main

if __name__ == "__main__":
    main()
