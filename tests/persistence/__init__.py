"""Tests for ``canasta_game.persistence`` (a package so test module names cannot clash)."""
