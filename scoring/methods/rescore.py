"""Re-score a session written by another program from its raw scores, and compare with what it published.

The file's own answers are ignored while scoring; `compare` then lists every published figure that differs from
ours (line matchpoints or IMPs, Butler datums, pair totals, percentages, places). The program that wrote the file
picks the conventions (publishers.PUBLISHERS: Compscore3, Magic Contest); other files get the EBU defaults.

Rules found in the data rather than in the docs (published-rules.md has the derivations; all re-checked here):
- Compscore3 publishes raw matchpoints on a Board's own top, Neuberg only where the Board has artificial lines,
  at 0.1 half-even; the totals factor every short Board to the session top with the factor held to 4 decimals
  (without that, mp_pairs_mitchell.xml 2EW and 8NS are 0.01 off); total = percentage × most Boards in the
  field × top (plain sums put 1NS of mp_pairs_mitchell_04.xml at 58.20, not 65.96).
- Compscore3's Butler drops one top and one bottom score (every Board in the file has 6 or 7 numeric results)
  and rounds the datum to 10. No datum average in the file ends in exactly 5, so the data cannot tell halves
  away from zero (kept, as standards.md assumes) from half-even: both reproduce all 35 datums. An A5050 line is
  out of the datum and scores 0 (Law 12C2(b)).
- Compscore3's cross-IMP lines are printed to 2 decimals with trailing zeros dropped; totals add the exact values.
  Butler and cross-IMP totals are plain sums: every pair in those files played as many Boards, so how Compscore3
  would factor an IMP pair's sit-out is not in the data.
- Compscore3 prints places without "="; ties are visible only as equal numbers. We compare the numbers.
- Magic Contest sums the published (0.1) matchpoints; its per-line percentages are whole numbers of the published
  matchpoints; SessionRankTie holds the last place a tie covers ("30" with tie "31" is our "30="). One field: the
  N-S and E-W pairs are ranked together. The TotalScoreTable's cumulative columns need the four earlier sessions
  and are not compared.
- JSON: the keys are the same for every method; at IMPs "mp_ns"/"mp_ew"/"mp" hold IMPs and top/percentages are null.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from games.engine.bridge.calls import Contract
from games.engine.bridge.scoring import DUPLICATE_2017, rules, score_deal
from games.formats import pbn, usebio
from games.formats.pbn.sheet import ScoreSheet, Sheet, partnerships
from games.formats.traveller import check_line, check_once
from scoring.methods import books
from scoring.methods.matchpoints import Artificial, Split
from scoring.methods.publishers import LINE_PLACES, PUBLISHERS, pbn_publisher, usebio_publisher
from scoring.methods.registry import METHODS
from scoring.methods.rounding import decimal_text, round_array
from scoring.methods.session import Session, SessionOptions


class Method(enum.Enum):
    AUTO = "auto"
    MP = "mp"
    MP_ACBL = "mp-acbl"
    BUTLER = "butler"
    CROSS_IMP = "cross-imp"
    COMPASS = (
        "compass"  # the book's duplicate game (Hoyle 1940 L5371–5385): plus or minus the direction's average
    )


@dataclass(frozen=True, slots=True)
class Published:
    """What the file says, as text (None where it says nothing)."""

    ns: str | None = None
    ew: str | None = None
    pct_ns: str | None = None
    pct_ew: str | None = None


@dataclass(frozen=True, slots=True)
class SourceLine:
    ns: str
    ew: str
    score: int | Artificial | Split | None
    published: Published = Published()


@dataclass(frozen=True, slots=True)
class SourceBoard:
    board: str
    lines: tuple[SourceLine, ...]
    datum: str | None = None


@dataclass(frozen=True, slots=True)
class SourcePair:
    pair: str
    direction: str | None
    total: str | None = None
    percentage: str | None = None
    place: str | None = None
    tie_to: str | None = None  # Magic Contest's SessionRankTie


@dataclass(frozen=True, slots=True)
class Source:
    """A session as read from a file, in the terms the re-scorer needs."""

    method: Method  # what the file was scored with
    program: str  # its publisher (publishers.PUBLISHERS: "compscore", "magic") or ""
    boards: tuple[SourceBoard, ...]
    pairs: tuple[SourcePair, ...]
    two_winners: bool
    line_places: int | None = None  # how the file prints line values
    trim_zeros: bool = False
    pct_places: int | None = None  # how it prints line percentages


@dataclass(frozen=True, slots=True)
class Rescore:
    method: Method
    boards: list[dict[str, Any]]
    pairs: list[dict[str, Any]]
    differences: list[str] = field(default_factory=list)
    datums: dict[str, int] = field(default_factory=dict)  # Butler: the datum per board (text report only)
    balance: list[str] | None = None  # compass: the referee's check, each problem named (empty: it balances)
    averages: dict[str, float | None] = field(default_factory=dict)  # compass: each direction's average

    def as_json(self) -> dict[str, Any]:
        out: dict[str, object] = {"method": self.method.value, "boards": self.boards, "pairs": self.pairs}
        if self.balance is not None:
            out["balance"] = {"balanced": not self.balance, "problems": self.balance}
        return out


def from_usebio(document: usebio.Usebio) -> Source:
    """The session in a USEBIO file (pair numbers as written, e.g. "12NS")."""
    event = document.event
    kinds = {line.points for board in event.boards for line in board.lines if line.points}
    kind = next(iter(kinds), None)
    by_type = {"MP_PAIRS": Method.MP, "BUTLER_PAIRS": Method.BUTLER, "CROSS_IMP": Method.CROSS_IMP}
    by_points = {
        "MATCH_POINTS": Method.MP,
        "BUTLER_POINTS": Method.BUTLER,
        "CROSS_IMP_POINTS": Method.CROSS_IMP,
    }
    method = by_points.get(kind or "") or by_type.get(event.event_type or "", Method.MP)
    for board in event.boards:
        seen: dict[str, str] = {}
        for i, line in enumerate(board.lines, start=1):
            where = f"BOARD {board.number} TRAVELLER_LINE {i}"
            check_line(where, line.contract, line.played_by, line.tricks)
            check_once(where, board.number, (line.ns_pair, line.ew_pair), seen)
    boards = tuple(
        SourceBoard(
            board.number,
            tuple(
                SourceLine(
                    line.ns_pair,
                    line.ew_pair,
                    Artificial.parse(line.score) if isinstance(line.score, str) else line.score,
                    Published(line.ns_points, line.ew_points),
                )  # fmt: skip
                for line in board.lines
            ),
            board.average,
        )
        for board in event.boards
    )
    pairs = tuple(
        SourcePair(p.number, p.direction, p.total_score, p.percentage, p.place) for p in event.pairs
    )
    program = usebio_publisher(event.detail("PROGRAM_NAME"))
    return Source(method, program, boards, pairs, two_winners=event.winner_type == 2,
                  line_places=LINE_PLACES[method.value], trim_zeros=method is Method.CROSS_IMP)  # fmt: skip


def _from_player_tags(sheet: Sheet) -> list[SourceBoard]:
    """One game per table: a line's score is the game's, or its contract's when it gives none."""
    duplicate = rules(DUPLICATE_2017)
    boards: dict[str, list[SourceLine]] = {}
    for game in (board.game for board in sheet.boards):
        score = game.score_ns
        if score is None and game.contract is not None:
            declarer, tricks = game.declarer, game.result
            if game.contract == "Pass":
                score = 0
            elif declarer is not None and tricks is not None:
                contract = Contract.parse(game.contract, declarer)
                vulnerable = game.vulnerable is not None and declarer.side in game.vulnerable.sides
                score = score_deal(duplicate, contract, tricks, vulnerable).ns
        boards.setdefault(str(game.board or game.label), []).append(SourceLine(*partnerships(game), score))
    return [SourceBoard(board, tuple(lines)) for board, lines in boards.items()]


def from_pbn(sheet: Sheet) -> Source:
    """The session in a PBN file's sheet: a ScoreTable per board (Magic Contest and others) or one game per table."""
    if sheet.scored:
        boards = [
            SourceBoard(str(board.game.board or board.game.label), tuple(
                SourceLine(row.ns, row.ew, row.score, Published(row.mp_ns, row.mp_ew, row.pct_ns, row.pct_ew))
                for row in board.rows
            ))
            for board in sheet.boards if board.rows is not None
        ]  # fmt: skip
        pairs = [
            SourcePair(p.pair, p.direction, p.total, p.percentage, p.place, p.tie_to) for p in sheet.pairs
        ]
    else:
        boards, pairs = _from_player_tags(sheet), []
    if not pairs:
        names = dict.fromkeys(x for b in boards for ln in b.lines for x in (ln.ns, ln.ew))
        pairs = [SourcePair(name, None) for name in names]
    program = pbn_publisher(sheet.tags)
    pct_places = PUBLISHERS[program].line_percent_places if program else None
    return Source(Method.MP, program, tuple(boards), tuple(pairs), sheet.two_winners, line_places=1,
                  pct_places=pct_places)  # fmt: skip


def _session(source: Source, method: Method) -> Session:
    expected = max((len(b.lines) for b in source.boards), default=0)
    # A Board with fewer results than expected (the most lines any Board has, unplayed tables included) is
    # Neuberg-factored up to that count, as JFR Pary and other programs that publish percentages do; Compscore3
    # and Magic Contest keep their own rules (module docstring).
    scoring = METHODS[method.value]
    if source.program:
        scorer, options = PUBLISHERS[source.program].scoring(scoring)
    else:
        places = LINE_PLACES[method.value] if method in (Method.BUTLER, Method.CROSS_IMP) else 2
        scorer, options = scoring.for_sections, SessionOptions(publish_places=places)
    known = [p.pair for p in source.pairs]
    seen = dict.fromkeys(known + [x for b in source.boards for ln in b.lines for x in (ln.ns, ln.ew)])
    pairs = list(seen)
    directions = {p.pair: p.direction for p in source.pairs}
    fields = [directions.get(p) or "" for p in pairs] if source.two_winners else None
    return Session(pairs, scorer, options, expected=expected, fields=fields)


def _number(value: float, places: int, trim: bool = False) -> float | None:
    if value != value:
        return None
    return float(decimal_text(float(round_array(value, places)), places, trim))


def rescore(source: Source, method: Method = Method.AUTO) -> Rescore:
    """Re-compute the session; with the file's method (auto) also list where the file's published answers differ."""
    if not source.boards:
        raise ValueError("no board with results in the file: nothing to score")
    chosen = source.method if method is Method.AUTO else method
    if chosen is Method.COMPASS:
        return _compass(source)
    session = _session(source, chosen)
    boards_out = []
    datums: dict[str, int] = {}
    differences: list[str] = []
    if chosen is not source.method:
        differences.append(f"method: the file is scored {source.method.value}, re-scored {chosen.value}")
    for board in source.boards:
        entry = session.set_board(board.board, [ln.ns for ln in board.lines], [ln.ew for ln in board.lines],
                                  [ln.score for ln in board.lines])  # fmt: skip
        score = entry.score
        top = None if score.top != score.top else score.top
        lines = []
        for i, line in enumerate(board.lines):
            ns_value, ew_value = entry.published_ns[i], entry.published_ew[i]
            pct_ns = pct_ew = None
            if top:
                pct_ns, pct_ew = (_number(v * 100 / top, 2) for v in (ns_value, ew_value))
            lines.append({
                "ns": line.ns, "ew": line.ew,
                "score_ns": line.score if isinstance(line.score, int) else None,
                "adjusted": line.score.code if isinstance(line.score, Artificial | Split) else None,
                "mp_ns": _number(ns_value, 2), "mp_ew": _number(ew_value, 2),
                "pct_ns": pct_ns, "pct_ew": pct_ew,
            })  # fmt: skip
            if chosen is source.method:
                where = f"board {board.board} {line.ns} v {line.ew}"
                differences += _compare_line(where, line.published, ns_value, ew_value, top, source)
        if (
            chosen is source.method
            and board.datum is not None
            and score.datum is not None
            and _differs(board.datum, score.datum, 0)
        ):
            differences.append(f"board {board.board} datum: file {board.datum}, ours {score.datum}")
        boards_out.append({"board": board.board, "top": _top(top), "lines": lines})
        if score.datum is not None:
            datums[board.board] = score.datum
    standings = session.standings()
    pairs_out = []
    index = session.index
    for pair in source.pairs:
        i = index[pair.pair]
        total, pct, place = standings.total[i], standings.percentage[i], standings.places[i]
        pairs_out.append({"pair": pair.pair, "direction": _direction(pair.direction), "mp": _number(total, 2),
                          "percentage": _number(pct, 2), "rank": standings.ranks[i]})  # fmt: skip
        if chosen is source.method:
            differences += _compare_pair(pair, total, pct, place, standings.ranks[i])
    return Rescore(chosen, boards_out, pairs_out, differences, datums)


def _compass(source: Source) -> Rescore:
    """The book's ranking: each pair's net points against its direction's average, and the referee's balance check
    with every line whose two postings disagree named (scoring.methods.books.compass_postings)."""
    postings = []
    boards_out = []
    sat: dict[str, set[str]] = {}
    for board in source.boards:
        lines: list[dict[str, object]] = []
        for line in board.lines:
            score = line.score
            if isinstance(score, Split) and isinstance(score.ns, int) and isinstance(score.ew, int):
                posted = (score.ns, -score.ew)  # E-W's own figure is their side's: minus the N-S view
            elif isinstance(score, int):
                posted = (score, -score)
            else:
                lines.append({"ns": line.ns, "ew": line.ew, "score_ns": None, "score_ew": None})
                continue  # not played, or an artificial score: no points in the book's game
            sat.setdefault(line.ns, set()).add("NS")
            sat.setdefault(line.ew, set()).add("EW")
            postings.append(books.Posting(board.board, line.ns, line.ew, *posted))
            lines.append({"ns": line.ns, "ew": line.ew, "score_ns": posted[0], "score_ew": posted[1]})
        boards_out.append({"board": board.board, "top": None, "lines": lines})
    both = [pair for pair, directions in sat.items() if len(directions) > 1]
    if both:
        raise ValueError(
            f"the compass ranks N-S and E-W apart, but pair {both[0]} sat both ways (a Howell is not a compass game)"
        )
    found = books.compass_postings(postings)
    pairs_out = [
        {"pair": line.pair, "direction": direction, "total": line.total,
         "plus_minus": _number(float(line.plus_minus), 2), "rank": line.rank}
        for direction, lines_ in (("NS", found.ns), ("EW", found.ew))
        for line in sorted(lines_, key=lambda line: int(line.rank.rstrip("=")))
    ]  # fmt: skip
    averages = {"NS": _number(float(found.average_ns), 2), "EW": _number(float(found.average_ew), 2)}
    return Rescore(Method.COMPASS, boards_out, pairs_out, datums={}, balance=list(found.problems),
                   averages=averages)  # fmt: skip


def _top(top: float | None):
    if top is None:
        return None
    return int(top) if float(top).is_integer() else top


def _direction(direction: str | None) -> str | None:
    text = (direction or "").replace("-", "").upper()
    return text or None


def _differs(published: str, ours: float, places: int, trim: bool = False) -> bool:
    """True when the published text is not our value rounded the way the file prints it."""
    try:
        theirs = Decimal(published.strip().strip('"'))
    except InvalidOperation:
        return True
    return theirs != Decimal(decimal_text(float(round_array(ours, places)), places, trim))


def _compare_line(where: str, published: Published, ns: float, ew: float, top, source: Source) -> list[str]:
    out = []
    places = source.line_places if source.line_places is not None else 2
    for side, text, value in (("N-S", published.ns, ns), ("E-W", published.ew, ew)):
        if text is not None and _differs(text, value, places):
            out.append(f"{where} {side}: file {text}, ours {decimal_text(value, places, source.trim_zeros)}")
    if top and source.pct_places is not None:
        for side, text, value in (("N-S %", published.pct_ns, ns), ("E-W %", published.pct_ew, ew)):
            pct = float(round_array(value, places)) * 100 / top
            if text is not None and _differs(text, pct, source.pct_places):
                out.append(f"{where} {side}: file {text}, ours {decimal_text(pct, source.pct_places)}")
    return out


def _compare_pair(pair: SourcePair, total: float, pct: float, place: int, rank: str) -> list[str]:
    out = []
    where = f"pair {pair.pair}"
    if pair.total is not None and _differs(pair.total, total, 2):
        out.append(f"{where} total: file {pair.total}, ours {decimal_text(total, 2)}")
    if pair.percentage is not None and _differs(pair.percentage, pct, 2):
        out.append(f"{where} percentage: file {pair.percentage}, ours {decimal_text(pct, 2)}")
    if pair.place is not None:
        tied = rank.endswith("=")
        file_tied = pair.tie_to not in (None, "-", "")
        if pair.place.rstrip("=") != str(place) or (pair.tie_to is not None and tied != file_tied):
            out.append(f"{where} place: file {pair.place}{'=' if file_tied else ''}, ours {rank}")
    return out


def text_report(result: Rescore, differences: Sequence[str] = ()) -> str:
    """A plain-text listing: each Board's lines, then the standings."""
    if result.balance is not None:
        return _compass_report(result)
    out = [f"Method: {result.method.value}"]
    for board in result.boards:
        top = f" (top {board['top']})" if board["top"] is not None else ""
        if board["board"] in result.datums:
            top = f" (datum {result.datums[board['board']]})"
        out.append(f"\nBoard {board['board']}{top}")
        for line in board["lines"]:
            score = line["score_ns"] if line["score_ns"] is not None else line["adjusted"] or "not played"
            pct = f"  {line['pct_ns']:6.2f}% {line['pct_ew']:6.2f}%" if line["pct_ns"] is not None else ""
            out.append(
                f"  {line['ns']:>6} v {line['ew']:<6} {score!s:>7}  {_fmt(line['mp_ns'])} {_fmt(line['mp_ew'])}{pct}"
            )
    out.append("\nPair        Total      %   Rank")
    for pair in result.pairs:
        pct = f"{pair['percentage']:6.2f}" if pair["percentage"] is not None else "     -"
        out.append(f"{pair['pair']:>6} {pair['direction'] or '':>2} {_fmt(pair['mp'])} {pct}  {pair['rank']}")
    if differences:
        out.append(f"\n{len(differences)} difference(s) from the file:")
        out += [f"  {d}" for d in differences]
    return "\n".join(out)


def _compass_report(result: Rescore) -> str:
    """Each direction's average and each pair "plus" or "minus" so many points (L5379–5382), then the balance."""
    out = ["Method: compass (Hoyle 1940: each pair against its direction's average)"]
    for direction, name in (("NS", "N-S"), ("EW", "E-W")):
        out.append(f"\n{name} average {result.averages[direction]:+.2f}")
        out.append("  Pair          Total   Plus or minus   Rank")
        for pair in (p for p in result.pairs if p["direction"] == direction):
            value = pair["plus_minus"]
            word = "plus" if value > 0 else "minus" if value < 0 else "even"
            out.append(
                f"  {pair['pair']:>6} {pair['total']:+10d}   {word:>5} {abs(value):8.2f}   {pair['rank']}"
            )
    if result.balance:
        out.append("\nBalance: the losses and gains do not balance:")
        out += [f"  {problem}" for problem in result.balance]
    else:
        out.append("\nBalance: the N-S gains and losses balance the E-W: the scores are correct")
    return "\n".join(out)


def _fmt(value) -> str:
    return f"{value:8.2f}" if value is not None else "       -"


def read(path) -> Source:
    """Read a .xml (USEBIO) or .pbn file into a Source."""
    name = str(path).lower()
    if name.endswith(".xml"):
        return from_usebio(usebio.load(path))
    if name.endswith(".pbn"):
        path = Path(path)
        return from_pbn(pbn.read(path.read_bytes(), ScoreSheet(), source=path.name))
    raise ValueError("not a .pbn or USEBIO .xml file")
