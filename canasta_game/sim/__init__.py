"""Headless self-play: policies, invariant checks and the ``python -m canasta_game.sim`` tool."""
