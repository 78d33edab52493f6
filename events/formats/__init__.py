"""A session's results in other files' formats (the JSON document is events/export.py)."""
