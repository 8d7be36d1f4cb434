"""A traveller line as results files write it (a PBN ScoreTable row, a USEBIO TRAVELLER_LINE): what makes it a
result bridge has, checked alike for every format and every reader of it (the import and the re-scorer)."""

from __future__ import annotations

from games.engine.bridge.calls import Contract


def check_line(where: str, contract: str | None, declarer: str | None, tricks: int | None) -> None:
    """A line's contract, declarer and tricks, where given, are ones bridge has: scores are re-computed from a
    line's score, but a line with tricks 14 or contract 8H is a wrong line, not a result."""
    if contract and contract.strip() not in ("-", "?"):
        try:
            Contract.parse(contract)
        except ValueError as error:
            raise ValueError(f"{where}: {error}") from None
    if (
        declarer
        and declarer.strip() not in ("-", "?")
        and declarer.strip().upper() not in ("N", "E", "S", "W")
    ):
        raise ValueError(f"{where}: declarer {declarer.strip()!r} is not N, E, S or W")
    if tricks is not None and not 0 <= tricks <= 13:
        raise ValueError(f"{where}: {tricks} tricks is not 0 to 13")


def check_once(where: str, board: str, pairs: tuple[str, str], seen: dict[str, str]) -> None:
    """Each pair plays a board once: a repeated traveller line would count twice. `seen` holds the board's
    pairs so far, each with where its line is."""
    for pair in pairs:
        if pair in seen:
            raise ValueError(f"{where}: pair {pair} already has a line on board {board} ({seen[pair]})")
        seen[pair] = where
