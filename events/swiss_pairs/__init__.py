"""Swiss pairs events: pairs drawn round by round from the standings, each match IMPs against
the field converted to VPs (scoring.swiss_pairs)."""
