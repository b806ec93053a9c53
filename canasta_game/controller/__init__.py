"""Between the window and the rules: sessions, gestures, computer-player pacing. No pygame."""
