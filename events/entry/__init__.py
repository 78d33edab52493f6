"""Entering results: saving, correcting and deleting traveller lines, and the entry pages."""
