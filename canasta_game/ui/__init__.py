"""pygame-ce drawing: scenes, sprites, layout. Holds no rule of the game."""
