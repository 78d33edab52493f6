"""Double-dummy table and par of each board of a hand record."""

from events.handrecords.dd import dd_tables
from events.handrecords.pbn import HandRecord
from scoring import par

__all__ = ["analyse"]


def analyse(records: list[HandRecord]) -> list[dict]:
    """One {"board", "vulnerability", "dd", "par_score", "par_contracts"} per record, in order;
    par follows Pavlicek (scoring.par), whose par zero DDS's own par does not know."""
    tables = dd_tables(record.deal for record in records)
    analysed = []
    for record, table in zip(records, tables, strict=True):
        result = par(table, record.vulnerability)
        analysed.append({
            "board": record.board,
            "vulnerability": record.vulnerability,
            "dd": table,
            "par_score": result.score,
            "par_contracts": list(result.contracts),
        })  # fmt: skip
    return analysed
