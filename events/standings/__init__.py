"""Results of a pairs session: scoring, standings, recaps and penalties, and their pages."""
