"""Hand records: reading dealt boards from PBN files and analysing them double dummy.

Only `dd` touches endplay (the DDS solver); everything else here is plain Python, and par
itself comes from `scoring.par` (seed 000), never from DDS's own par.
"""
