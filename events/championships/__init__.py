"""Championships: two to four pairs sessions played as one event (events.models.championships).

`setup.py` makes one and matches the sessions' pairs to its entrants; `standings.py` combines
the stored sessions' standings through scoring.championship_standings; `forms.py` and
`views.py` are its pages (create, entrant matching, standings live and as a PDF)."""
