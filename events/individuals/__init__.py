"""Individual events: players, not pairs, move; each earns their side\x27s matchpoints."""
