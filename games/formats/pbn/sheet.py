"""A session's score sheet in a PBN file: what the import (games.exchange) and the re-scorer
(scoring.methods.rescore) both read from it, collected by one visitor as the reader streams the file.

A file holds a session one of two ways: a ScoreTable per board and a TotalScoreTable of the pairs (PBN 2.1 §5:
Magic Contest, JFR, our own export), or one game per table, its players naming the partnerships (BBO, ACBL).
``ScoreSheet`` takes every game whole (so a file the reader refuses is refused here too). The
tables are read when the file ends, each column found once per table and the rows checked in file order: a PBN
error anywhere in the file is the one reported, as when every game is read first. Not exported by
games.formats.pbn: it needs the scores of scoring.methods (and so numpy).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from games.engine.bridge import board_dealer, board_vulnerability
from games.formats.numbers import SMALL, NumberError, whole_number
from games.formats.pbn.game import Game, Table
from games.formats.pbn.visitor import Visitor
from games.formats.traveller import check_line, check_once
from scoring.methods.matchpoints import Artificial, Split


@dataclass(frozen=True, slots=True)
class Row:
    """A ScoreTable row, one table's result on the board: its pairs, tricks and score read and checked, the
    other columns as written (None where the table has no such column)."""

    where: str  # "board 7 ScoreTable row 2"
    ns: str
    ew: str
    score: int | Artificial | Split | None
    tricks: int | None
    contract: str | None
    declarer: str | None
    lead: str | None
    round: str | None
    table: str | None
    mp_ns: str | None  # what the file published: matchpoints (or IMPs) and percentages
    mp_ew: str | None
    pct_ns: str | None
    pct_ew: str | None


_ROW_COLUMNS = ("Score_NS", "Score_EW", "Result", "Contract", "Declarer", "Lead", "Round",
                "Table", "MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW")  # fmt: skip


@dataclass(frozen=True, slots=True)
class Pair:
    """A TotalScoreTable row, as written. Of a multi-session table (SessionScoreMP ...) the Session* columns
    are this file's session."""

    pair: str
    direction: str | None
    names: str | None
    total: str | None
    percentage: str | None
    place: str | None
    tie_to: str | None  # Magic Contest's SessionRankTie: the last place a tie covers

    @property
    def side(self) -> str:
        """The direction without its hyphen ("N-S" is "NS"); "" when not given."""
        return (self.direction or "").replace("-", "").upper()


@dataclass(frozen=True, slots=True)
class Board:
    """One game of the file: a board with its ScoreTable, or one table's play of a board."""

    game: Game
    rows: tuple[Row, ...] | None  # its ScoreTable; None when the game has none

    @property
    def deal(self) -> tuple[str, str, str] | None:
        """(deal, dealer, vulnerability) when all 52 cards are given; the dealer and vulnerability by the board
        number when the file does not say."""
        board, deal = self.game.board, self.game.deal
        if board is None or deal is None or any(len(hand) != 13 for hand in deal.hands.values()):
            return None
        vulnerable = self.game.vulnerable or board_vulnerability(board)
        return deal.to_pbn(), (self.game.dealer or board_dealer(board)).value, vulnerable.value


@dataclass(frozen=True, slots=True)
class Sheet:
    tags: Mapping[str, str]  # the first game's: the event, its date, the program that wrote the file
    boards: tuple[Board, ...]
    pairs: tuple[Pair, ...]  # the first TotalScoreTable's
    scored: bool  # a file of ScoreTables; else one game per table

    @property
    def two_winners(self) -> bool:
        """Pairs placed first in two directions: the ScoreTables rank N-S and E-W apart."""
        firsts = {pair.side for pair in self.pairs if (pair.place or "").rstrip("=") == "1"}
        return self.scored and len(firsts) > 1


class ScoreSheet(Visitor[Sheet]):
    """The visitor that collects a Sheet: ``pbn.read(data, ScoreSheet(), source=...)``. Its result raises
    ValueError, naming the row, at the first table row that is not a result."""

    def __init__(self) -> None:
        self.games: list[Game] = []
        self.totals: Table | None = None
        self.scored = False

    def game(self, game: Game) -> None:
        self.games.append(game)
        self.scored = self.scored or "ScoreTable" in game.tables
        if self.totals is None:
            self.totals = game.tables.get("TotalScoreTable")

    def result(self) -> Sheet:
        boards = []
        for game in self.games:
            table = game.tables.get("ScoreTable")
            boards.append(Board(game, None if table is None else _rows(table, game.label)))
        pairs = () if self.totals is None else _pairs(self.totals)
        return Sheet(self.games[0].tags if self.games else {}, tuple(boards), pairs, self.scored)


def _rows(table: Table, board: str) -> tuple[Row, ...]:
    """A ScoreTable's rows read and checked: its tricks, contract and declarer ones bridge has, no pair twice on
    the board, each score a score."""
    if not table.rows:
        return ()
    index = {name: k for k, name in enumerate(table.names)}  # a repeated column: the last, as in records()
    try:
        ns_at, ew_at = index["PairId_NS"], index["PairId_EW"]
    except KeyError:
        raise ValueError(f"{board} ScoreTable row 1: no PairId_NS and PairId_EW columns") from None
    columns = [index.get(name) for name in _ROW_COLUMNS]
    rows = []
    seen: dict[str, str] = {}
    for i, values in enumerate(table.rows, start=1):
        where = f"{board} ScoreTable row {i}"
        ns, ew = values[ns_at], values[ew_at]
        score_ns, score_ew, result, contract, declarer, lead, round_, number, mp_ns, mp_ew, pct_ns, pct_ew = (
            None if k is None else values[k] for k in columns
        )
        result = (result or "").strip()
        try:
            tricks = None if result in ("", "-", "?") else whole_number(result, "Result", SMALL)
        except NumberError as error:
            raise ValueError(f"{where}: {error}") from None
        check_line(where, contract, declarer, tricks)
        check_once(where, board, (ns, ew), seen)
        score = read_score(score_ns, score_ew, where)
        rows.append(Row(where, ns, ew, score, tricks, contract, declarer, lead, round_, number, mp_ns, mp_ew,
                        pct_ns, pct_ew))  # fmt: skip
    return tuple(rows)


def _pairs(table: Table) -> tuple[Pair, ...]:
    if not table.rows:
        return ()
    index = {name: k for k, name in enumerate(table.names)}
    if "PairId" not in index:
        raise ValueError("TotalScoreTable row 1: no PairId column")
    names: tuple[str | None, ...]
    if "SessionScoreMP" in index:  # a multi-session table: only the Session* columns are this file's
        names = ("Direction", "Names", "SessionScoreMP", "SessionPercentage", "SessionRank", "SessionRankTie")
    else:
        names = ("Direction", "Names", "TotalScoreMP", "TotalPercentage", "Rank", None)
    pair_at, columns = index["PairId"], [None if name is None else index.get(name) for name in names]
    pairs = []
    for values in table.rows:
        direction, players, total, percentage, place, tie_to = (
            None if k is None else values[k] for k in columns
        )
        pairs.append(Pair(values[pair_at], direction, players, total, percentage, place, tie_to))
    return tuple(pairs)


def partnerships(game: Game) -> tuple[str, str]:
    """A table's N-S and E-W named by their players, sorted, so that a partnership keeps its name both ways."""
    tags = game.tags
    ns, ew = (
        " - ".join(sorted((tags.get(a, "?"), tags.get(b, "?"))))
        for a, b in (("North", "South"), ("East", "West"))
    )
    return ns, ew


def read_score(ns: str | None, ew: str | None, where: str) -> int | Artificial | Split | None:
    """A ScoreTable's Score_NS/Score_EW pair: "150" and "-" → +150, "-" and "50" → −50, "A-" and "A+" → A4060;
    two scores that do not balance, "420" and "50", are a split score (Law 12C1(b)): N-S +420 / E-W −50."""
    ns, ew = (ns or "-").strip(), (ew or "-").strip()
    if ns.upper().startswith("A") or ew.upper().startswith("A"):
        try:
            return Artificial.pair(ns if ns != "-" else ew, ew if ew != "-" else ns)
        except ValueError as error:
            raise ValueError(f"{where}: {error}") from None
    try:
        if ns not in ("-", "") and ew not in ("-", "") and int(ns) != -int(ew):
            return Split(int(ns), -int(ew))
        if ns not in ("-", ""):
            return int(ns)
        if ew not in ("-", ""):
            return -int(ew)
    except ValueError:
        raise ValueError(f"{where}: score {ns!r}/{ew!r} is neither a number nor A+, A=, A-") from None
    return None
