"""Canasta on a green felt table: a pure rule engine, computer players and a pygame-ce UI."""

__version__ = "0.1.0"
