"""Teams events: setting one up, drawing its rounds, entering both rooms of each
board, and reading the VP standings. Every number comes from `scoring` (teams.py, vps.py,
team_movements.py); these modules read what the director typed, store it in one transaction
and lay the results out for the pages."""
