"""Hand records: reading dealt boards from PBN files and analysing them double dummy.

Only `dd` touches endplay (the DDS solver); everything else here is plain Python, and par
itself comes from `scoring.par` (Pavlicek's *Par Score Calculation*), never from DDS's own par.
"""
