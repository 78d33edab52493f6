"""The one comparison of players' names: case-blind in every alphabet.

A name typed on a pairs page, a member on the roster, a player gathered over a season and a
number looked up for an export are the same player when their keys are equal. The key is
Python's, never the database's: SQLite's LOWER and LIKE fold ASCII letters only, so "ÉMILE"
and "Émile" compared there are two players, where here they are one. The roster stores each
member's key (Member.key), so a query finds a member by the key of a typed name.
"""

__all__ = ["player_key"]


def player_key(name: str) -> str:
    """The name without the spaces around it, case-folded ("Straße" and "STRASSE" are one)."""
    return name.strip().casefold()
