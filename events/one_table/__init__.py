"""One-table games: four players at one table, each hand scored against a par (par-table IMPs,
Cliff Hancock's points, or IMPs against the double-dummy par) instead of against a field."""
