"""The app shell: every screen around the table and the wiring that keeps a match safe.

The table itself lives in ``canasta_game.ui.table``; this package owns what surrounds it:
the start screen, dialogs and menus drawn with pygame_gui on the felt, the main loop, the
command line, and the persistence wiring (settings applied and saved, the match saved after
every move, statistics recorded, a damaged save explained to the player in words).
"""
