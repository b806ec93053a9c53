"""`python -m canasta_game` starts the game exactly as the `canasta-game` script does."""

from canasta_game.app import main

if __name__ == "__main__":
    raise SystemExit(main())
