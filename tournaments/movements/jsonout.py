"""The movement as JSON-ready data, the shape `manage.py movement --format json` prints (issue 4)."""

from __future__ import annotations

from .check import check, summarize
from .model import Movement, Unit


def movement_data(movement: Movement) -> dict[str, object]:
    """Pairs and players as strings numbered from 1; individual tables give "seats" instead of ns/ew."""
    rounds = []
    for rnd in movement.rounds:
        tables = []
        for table in rnd.tables:
            entry: dict[str, object] = {"table": table.number}
            if movement.unit is Unit.PLAYER:
                entry["seats"] = {seat: str(p) for seat, p in table.seats.items()}
            else:
                entry.update({"ns": str(table.ns), "ew": str(table.ew)})
            entry["boards"] = list(table.boards)
            tables.append(entry)
        item: dict[str, object] = {"round": rnd.number, "tables": tables}
        if rnd.sit_out:
            item["sit_out"] = [str(p) for p in rnd.sit_out]
        if rnd.shares:
            item["shares"] = [list(group) for group in rnd.shares]
        rounds.append(item)
    problems = check(movement)
    data: dict[str, object] = {
        "kind": movement.kind,
        "name": movement.title,
        "rounds": rounds,
        "relays": [{"round": rnd.number, "boards": list(rnd.relay)} for rnd in movement.rounds if rnd.relay],
        "check": {"ok": not problems, "problems": [p.message for p in problems]},
    }
    summary = summarize(movement)
    if movement.unit is Unit.PLAYER:
        data["quality"] = summary.repeats()
        data["coverage"] = {str(board): len(plays) for board, plays in sorted(summary.coverage.items())}
    else:  # the direction balance (rounds each pair sits N-S, of the rounds it plays); who played each board how
        data["ns_rounds"] = {
            str(p): [summary.ns_rounds[p], summary.played_rounds[p]] for p in movement.players
        }
        data["coverage"] = {
            str(board): {"ns": [str(ns) for ns, _ in plays], "ew": [str(ew) for _, ew in plays]}
            for board, plays in sorted(summary.coverage.items())
        }
    if movement.notes:
        data["notes"] = list(movement.notes)
    return data
