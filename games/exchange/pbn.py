"""PBN files in and out: a session's ScoreTables, or one game per table, read into an Imported; a section written
with its hand records, a ScoreTable per board and the TotalScoreTable. The file's text is read and
written by the pure format, games.formats.pbn; its score sheet (games.formats.pbn.sheet) checks the tables."""

from __future__ import annotations

import re

from config.refusals import Refused
from games.engine.cards import Deal
from games.exchange.reading import Imported, contract_text, lead_card, optional_whole, parse_date
from games.formats import pbn
from games.formats.pbn.sheet import Row, ScoreSheet, partnerships
from games.lines import Line
from games.models import Result
from scoring.methods.matchpoints import Artificial, Split, Weighted, adjusted_score, side_scores
from scoring.methods.publishers import pbn_publisher
from scoring.methods.registry import METHODS
from scoring.models import Standing
from tournaments.models import Entry, Section


def read_pbn(data: str | bytes, source: str) -> Imported:
    """A session in a PBN file: its ScoreTables (read and checked by the score sheet, games.formats.pbn.sheet)
    or its games of one table each."""
    text = data if isinstance(data, str) else pbn.decode(data)
    if "\x00" in text:  # PostgreSQL's text columns cannot hold it
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise Refused(f"{source}, line {line}: a NUL character, which PBN text cannot hold (a binary file?)")
    try:
        sheet = pbn.read(text, ScoreSheet(), source=source)
    except pbn.PBNError as error:
        raise Refused(str(error)) from None
    except ValueError as error:
        raise Refused(f"{source}: {error}") from None
    if not sheet.boards:
        raise Refused(f"{source}: no games in the file")
    first = sheet.tags
    imported = Imported(
        name=first.get("Event", "") or source, date=parse_date(first.get("Date", "").replace("?", "") or None, f"{source}: [Date]"),
        conventions=pbn_publisher(first), two_winners=sheet.two_winners,
    )  # fmt: skip
    for board in sheet.boards:
        game = board.game
        where = f"{source}, line {game.line}: {game.label}"
        if game.board is None:
            raise Refused(f"{where}: no [Board] number")
        deal = board.deal
        if deal is not None and imported.deals.setdefault(game.board, deal)[0] != deal[0]:
            raise Refused(f"{where}: a different deal for board {game.board} than earlier in the file")
        if sheet.scored:
            _score_table(game.board, board.rows or (), f"{source}, line {game.line}", imported)
        elif game.contract is not None:
            _table_game(game, where, imported)
    for pair in sheet.pairs:
        imported.pairs[pair.pair] = {"direction": pair.side[:2], "name": pair.names or "", "players": []}
    return imported


def _score_table(number: int, rows: tuple[Row, ...], where: str, imported: Imported) -> None:
    """A board's ScoreTable rows as lines: the sheet has checked what the re-scorer needs; the import also
    stores the declarer, contract, lead, round and table."""
    for row in rows:
        at = f"{where}: {row.where}"
        score = row.score
        if isinstance(score, Artificial | Split):
            score_ns, adjusted, assigned = None, score.code, isinstance(score, Split)
        else:
            score_ns, adjusted, assigned = score, "", False
        declarer = (row.declarer or "").strip()
        if declarer in ("-", ""):
            declarer = ""
        elif declarer.upper() not in ("N", "E", "S", "W"):
            raise Refused(f"{at}: declarer {declarer!r} is not N, E, S or W")
        imported.lines.append(Line(
            where=at, board=number, ns=row.ns, ew=row.ew, contract=contract_text(row.contract, at),
            declarer=declarer.upper(), lead=lead_card(row.lead, at), tricks=row.tricks,
            score_ns=score_ns, adjusted=adjusted, assigned=assigned,
            round=optional_whole(row.round, at, "Round"), table=optional_whole(row.table, at, "Table"),
        ))  # fmt: skip


_NUMBERED_NAME = re.compile(r"([^\W\d_]+)[\s#._-]*([0-9]{1,4})(?![0-9])")  # "Para-12", "Pair 12 Smith"


def _named_number(names: tuple[str, str]) -> int | None:
    """The number both players' names carry, after the same word (JFR Pary names each player of pair 12
    "Para-12"), else None."""
    found = {(match.group(1).lower(), int(match.group(2))) if (match := _NUMBERED_NAME.match(name.strip())) else None
             for name in names}  # fmt: skip
    number = found.pop() if len(found) == 1 else None
    return number[1] if number and number[1] > 0 else None


def _table_game(game: pbn.Game, where: str, imported: Imported) -> None:
    """One game per table: the partnerships are named by their players (sorted, partnerships()); each is
    numbered by the number its names carry, or in the order the file first names it (store)."""
    sides = partnerships(game)
    for label, seats in zip(sides, (("North", "South"), ("East", "West")), strict=True):
        names = tuple(game.tags.get(seat, "?") for seat in seats)
        shown = " - ".join(sorted(set(names)))  # "Para-12" once where both players are named so
        imported.pairs.setdefault(label, {"direction": "", "name": shown, "players": [], "named": True,
                                          "number": _named_number(names)})  # fmt: skip
    contract = game.contract or ""
    imported.lines.append(Line(
        where=where, board=game.board, ns=sides[0], ew=sides[1], contract=contract,
        declarer=game.declarer.value if game.declarer and contract != "Pass" else "",
        tricks=game.result if contract != "Pass" else None, score_ns=game.score_ns if contract != "Pass" else 0,
        auction=[call for _, call in game.auction.made()] if game.auction else None,
        play={"first": game.play.first.value, "tricks": [list(row) for row in game.play.recorded]} if game.play else None,
    ))  # fmt: skip


_SCORE_COLUMNS = ("Table\\2R;Round\\2R;PairId_NS\\3R;PairId_EW\\3R;Contract\\5L;Declarer\\1R;Result\\2R;Lead\\3L;"
                  "Score_NS\\6R;Score_EW\\6R;MP_NS\\6R;MP_EW\\6R;Percentage_NS\\6R;Percentage_EW\\6R")  # fmt: skip
_TOTAL_COLUMNS = (
    "Rank\\3R;PairId\\3R;Direction\\3R;TotalScoreMP\\7R;TotalPercentage\\6R;NrBoards\\3R;Names\\40L"
)


def _number(value: float | None, places: int = 2) -> str:
    return "-" if value is None else f"{value:.{places}f}"


def export_pbn(section: Section) -> str:
    """The Section's boards as PBN: hand records, a ScoreTable per board, the TotalScoreTable with the first."""
    event = section.session.event
    rows = Result.objects.filter(section=section).select_related("board", "ns", "ew", "line_score")
    by_board: dict[int, list[Result]] = {}
    for result in rows.order_by("board__number", "table", "id"):
        by_board.setdefault(result.board.number, []).append(result)
    totals = [
        (s.rank, _pair_id(s.entry), {"NS": "N-S", "EW": "E-W"}.get(s.entry.direction, "-"), _number(s.total),
         _number(s.percentage), str(s.boards), pbn.one_line(s.entry.name) or "-")
        for s in Standing.objects.filter(section=section).select_related("entry").order_by("place", "entry__number")
    ]  # fmt: skip
    games = []
    for i, board in enumerate(section.boards.all()):
        lines = []
        for r in by_board.get(board.number, []):
            score = getattr(r, "line_score", None)
            if r.adjusted:
                score_ns, score_ew = _pbn_adjusted(adjusted_score(r.adjusted))
            elif r.score_ns is None:
                score_ns = score_ew = "-"
            else:
                score_ns, score_ew = _pbn_plain(r.score_ns)
            lines.append((
                str(r.table or "-"), str(r.round or "-"), _pair_id(r.ns), _pair_id(r.ew), r.contract or "-", r.declarer or "-",
                "-" if r.tricks is None else str(r.tricks), r.lead or "-", score_ns, score_ew,
                _number(score.ns if score else None), _number(score.ew if score else None),
                _number(score.pct_ns if score else None), _number(score.pct_ew if score else None),
            ))  # fmt: skip
        tables = [pbn.Table.of("ScoreTable", pbn.parse_columns(_SCORE_COLUMNS), lines)]
        if i == 0 and totals:
            tables.append(pbn.Table.of("TotalScoreTable", pbn.parse_columns(_TOTAL_COLUMNS), totals))
        tags = {"Event": pbn.one_line(event.name), "Site": pbn.one_line(event.club.name), "Date": event.date.strftime("%Y.%m.%d"),
                "Board": str(board.number), "Dealer": board.dealer, "Vulnerable": board.vulnerability,
                "Scoring": METHODS[section.scoring_method].pbn if section.scoring_method in METHODS else "MatchPoints",
                "Declarer": "", "Contract": "", "Result": ""}  # fmt: skip
        deal = Deal.from_pbn(board.deal) if board.deal else None
        games.append(pbn.Game.build(tags, deal=deal, tables=tables))
    return pbn.write(games)


def _pair_id(entry: Entry) -> str:
    """A PBN PairId: the entry's tag, or its number when the tag holds white space: readers that split a table
    row at white space (endplay) would read a quoted "NS 1" as two cells and every later column one out."""
    return str(entry.number) if any(c.isspace() for c in entry.tag) else entry.tag


def _artificial_pbn(percent: float) -> str:
    return {60.0: "A+", 50.0: "A=", 40.0: "A-"}.get(percent, f"A{percent:02.0f}")


def _pbn_plain(score: int) -> tuple[str, str]:
    return (str(score), "-") if score >= 0 else ("-", str(-score))


def _pbn_adjusted(score: Artificial | Weighted | Split) -> tuple[str, str]:
    """Score_NS and Score_EW of an adjusted line. A split score is each side's own score in its own column (N-S's
    in Score_NS, E-W's in Score_EW), which the score sheet reads back as the split. PBN has no weighted score: a weighted
    side is written as its weighted N-S score to the nearest point (not a bridge score, and read back as a plain
    one); MP_NS and MP_EW hold what the line earned."""
    if isinstance(score, Artificial):
        return _artificial_pbn(score.ns), _artificial_pbn(score.ew)
    ns, ew = (round(side) for side in side_scores(score))
    return (str(ns), str(-ew)) if isinstance(score, Split) and ns != ew else _pbn_plain(ns)
