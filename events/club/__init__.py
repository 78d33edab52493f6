"""The club: its home page, sessions list and roster of members."""
