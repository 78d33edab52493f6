"""Pairs sessions: setting one up, its grid of tables and rounds, importing travellers."""
