"""Replay every game of a PBN archive (games.formats.pbn) through the bridge auditor.

Besides the game's own play, a ScoreTable (the travellers of a board, as Magic Contest and other scoring
programs export them) is audited row by row: each contract, declarer and result must score what the row says.
PBN reading problems (the reader's line-numbered errors) become `malformed_record` irregularities of their game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import repeat
from operator import itemgetter
from pathlib import Path

from games.engine.bridge.calls import AuctionResult, Call, Contract, Vulnerability, board_vulnerability
from games.engine.bridge.play import ColumnPlay
from games.engine.bridge.replay import Auction, replay
from games.engine.bridge.scoring import Rules, contract_score
from games.engine.cards import Seat, Side
from games.engine.report import GameReport, Irregularity, IrregularityKind, Report
from games.formats import pbn
from games.formats.pbn.tables import SEAT

_UNKNOWN = ("", "?", "-")


def replay_file(path: str | Path, rule_set: Rules, *, dd: bool = False) -> Report:
    """Parse (leniently: problems are reported, not raised) and replay a PBN file."""
    return replay_games(pbn.parse_file(path, strict=False), rule_set, dd=dd)


def replay_games(games: Iterable[pbn.Game], rule_set: Rules, *, dd: bool = False) -> Report:
    every = games if isinstance(games, Sequence) else list(games)
    seen = _Seen()  # ScoreTable rows repeat across boards
    check_score_tables(every, rule_set, seen)
    return Report(
        tuple(replay_game(game, rule_set, dd=dd, index=i, seen=seen) for i, game in enumerate(every))
    )


def replay_game(
    game: pbn.Game,
    rule_set: Rules,
    *,
    dd: bool = False,
    index: int = 0,
    seen: _Seen | None = None,
) -> GameReport:
    tags = game.tags
    errors = game.errors
    problems = (
        [Irregularity(IrregularityKind.MALFORMED_RECORD, str(error)) for error in errors] if errors else []
    )
    board = tags.get("Board")
    vulnerability = _vulnerability(game)

    auction = None
    if game.auction is not None:
        calls = game.auction.calls
        if calls and "-" not in calls and "AP" not in calls:  # the calls as made (see pbn.Auction.made)
            auction = Auction(game.auction.first, calls)
        else:
            made = game.auction.made()
            first = made[0][0] if made else game.auction.first
            auction = Auction(first, tuple(call for _, call in made))

    play = ColumnPlay(game.play.first, game.play.recorded) if game.play is not None else None
    contract = game.contract
    if contract is None and auction is None:  # nothing to score, no auction for a dealer to start: not read
        declarer = recorded_score = dealer = None
    else:
        declarer, recorded_score, dealer = game.declarer, game.score_ns, game.dealer
    # Unreadable Contract, Declarer and Result tags are among the reader's errors already.
    report = replay(
        rule_set,
        game.deal,
        auction,
        play,
        None,
        game.result,
        contract=contract,
        declarer=declarer,
        vulnerability=vulnerability,
        recorded_score=recorded_score,
        dealer=dealer,
        board=board if board not in (None, "", "?") else None,
        index=index,
        dd=dd,
        auctions=None if seen is None else seen.auctions,
    )
    table = game.tables.get("ScoreTable")
    if table is not None:
        problems.extend(score_table(table, vulnerability, rule_set, seen))
    if not problems:
        return report
    return dataclasses.replace(report, irregularities=(*problems, *report.irregularities))


def _vulnerability(game: pbn.Game) -> Vulnerability:
    """The game's [Vulnerable], else its board number's (Law 2), else none."""
    vulnerability = game.vulnerable
    if vulnerability is None:
        number = game.board
        vulnerability = board_vulnerability(number) if number else Vulnerability.NONE
    return vulnerability


@dataclass(frozen=True, slots=True)
class _Layout:
    """Where a ScoreTable's checked fields are: the columns of a row's contract, declarer, result and two scores,
    Score_NS then Score_EW, the one present twice when a table has only one (`signs`: each score's sign toward
    North-South)."""

    fields: tuple[int, int, int, int, int]
    signs: tuple[int, int]
    score_names: tuple[str, ...]
    table_at: int
    columns: Callable[[Sequence[str]], tuple[Sequence[str], ...]]  # the fields' columns of a table's cells


# The fields (see _Layout) of the rows found right, and of those found wrong with what is wrong.
_Rows = tuple[set[tuple[str, ...]], dict[tuple[str, ...], Irregularity]]


@dataclass(slots=True)
class _Seen:
    """What a file's games have shown so far (its rows and auctions repeat a few): declarer's points by contract,
    result and vulnerability as written (see `_verdicts`), each auction checked (see
    games.engine.bridge.replay), each ScoreTable's column layout by its columns (the reader's tuple, shared by the
    tables of one spec: kept with the layout, so its id stays its own), and per vulnerability and score columns
    the rows found right and the rows found wrong with their irregularity (both keyed by the layout's fields: a
    row's verdict follows from them alone)."""

    points: dict[tuple[str, str, bool], int] = field(default_factory=dict)
    auctions: dict[tuple[str, tuple[str | Call, ...], str], AuctionResult] = field(default_factory=dict)
    layouts: dict[int, tuple[tuple[pbn.Column, ...], _Layout | None]] = field(default_factory=dict)
    rows: dict[tuple[str, tuple[str, ...]], _Rows] = field(default_factory=dict)
    whole: bool = False  # every ScoreTable of the file is checked already (see check_score_tables)


def check_score_tables(games: Sequence[pbn.Game], rule_set: Rules, seen: _Seen) -> None:
    """Every ScoreTable row of a file's games checked up front, in one set per vulnerability and score columns:
    a file's rows repeat, and when none is wrong no table need be walked again (see score_table)."""
    groups: dict[tuple[Vulnerability, _Layout], set[tuple[str, ...]]] = {}
    for game in games:
        table = game.tables.get("ScoreTable")
        layout = None if table is None else _table_layout(table, seen)
        if table is not None and layout is not None:
            rows = groups.setdefault((_vulnerability(game), layout), set())
            rows.update(zip(*layout.columns(table.cells), strict=False))
    for (vulnerability, layout), rows in groups.items():
        _check_rows(rows, vulnerability, layout, rule_set, seen)
    seen.whole = True


def score_table(
    table: pbn.Table,
    vulnerability: Vulnerability,
    rule_set: Rules,
    seen: _Seen | None = None,
) -> list[Irregularity]:
    """Check each ScoreTable row's score against its contract, declarer and result.

    Rows with an artificial score (A+, A−, "A60") or no contract are left alone: there is nothing to compute.
    `seen` keeps what rows of the same file showed, for one rule set. A file's rows repeat a few (contract,
    declarer, result, score) fields, so each new set of fields is checked once and the rows are walked only to
    place what is wrong."""
    if seen is None:
        seen = _Seen()
    layout = _table_layout(table, seen)
    if layout is None:
        return []
    cells = table.cells
    # Unless the file's tables were checked together: this one's rows (a last row cut short is left out, as
    # Table.rows leaves it).
    rows = set(zip(*layout.columns(cells), strict=False)) if not seen.whole else set()
    if rows and not _check_rows(rows, vulnerability, layout, rule_set, seen):
        return []
    checked = seen.rows.get(_group(vulnerability, layout))
    wrong = checked[1] if checked is not None else {}
    if not wrong:
        return []
    numbers = cells[layout.table_at :: len(table.columns)] if layout.table_at >= 0 else repeat("")
    return [
        dataclasses.replace(found, message=f"{_where(n, number)}: {found.message}")
        for n, (row_fields, number) in enumerate(
            zip(zip(*layout.columns(cells), strict=False), numbers, strict=False), start=1
        )
        if (found := wrong.get(row_fields)) is not None
    ]


def _group(vulnerability: Vulnerability, layout: _Layout) -> tuple[str, tuple[str, ...]]:
    """The rows a row's verdict is kept with: a verdict follows from the row's fields, the vulnerability and
    which score columns the table has."""
    return vulnerability._value_, layout.score_names


def _table_layout(table: pbn.Table, seen: _Seen) -> _Layout | None:
    """The table's layout, kept by its columns (the reader's tuple, shared by the tables of one spec)."""
    columns = table.columns
    known = seen.layouts.get(id(columns))
    if known is None or known[0] is not columns:
        known = seen.layouts[id(columns)] = columns, _layout(table.names)
    return known[1]


def _check_rows(
    rows: set[tuple[str, ...]], vulnerability: Vulnerability, layout: _Layout, rule_set: Rules, seen: _Seen
) -> bool:
    """Check the rows not seen before in their group (see `_group`); whether any of these rows is wrong, found
    now or before."""
    right, wrong = seen.rows.setdefault(_group(vulnerability, layout), (set(), {}))
    new = rows - right
    if not new:
        return False
    unread = new.difference(wrong)
    verdicts = _verdicts(unread, layout.signs, vulnerability, rule_set, seen.points) if unread else {}
    right.update(unread.difference(verdicts))
    wrong.update(verdicts)
    return len(unread) < len(new) or bool(verdicts)


def _layout(names: tuple[str, ...]) -> _Layout | None:
    """None for a table whose rows cannot be checked (no Contract, Declarer, Result or score column)."""
    needed = ("Contract", "Declarer", "Result")
    if any(name not in names for name in needed) or not ({"Score_NS", "Score_EW"} & set(names)):
        return None
    at = {name: k for k, name in enumerate(names)}  # a name written twice: its last column
    score_names = tuple(name for name in ("Score_NS", "Score_EW") if name in at)
    first, second = score_names * (3 - len(score_names))  # one score column: read twice
    fields = (at["Contract"], at["Declarer"], at["Result"], at[first], at[second])
    return _Layout(
        fields,
        (1 if first == "Score_NS" else -1, 1 if second == "Score_NS" else -1),
        score_names,
        at.get("Table", -1),
        itemgetter(*(slice(k, None, len(names)) for k in fields)),
    )


def _verdicts(
    rows: set[tuple[str, ...]],
    signs: tuple[int, int],
    vulnerability: Vulnerability,
    rule_set: Rules,
    points: dict[tuple[str, str, bool], int],
) -> dict[tuple[str, ...], Irregularity]:
    """What is wrong with each row of these fields (contract, declarer, result, two scores), its message yet to
    be placed (see `_where`); rows with nothing wrong are left out. North-South's score is the first score given
    (Score_NS, or minus Score_EW); an artificial one is not checked. `points` keeps declarer's score of each
    (contract, result, vulnerable) as written: the score of either side's declarer, less the other side's, is
    the same, and a result once read reads the same again."""
    declarers = _DECLARERS[vulnerability._value_]  # a declarer letter's side and vulnerability
    first_sign, second_sign = signs
    found: dict[tuple[str, ...], Irregularity] = {}
    for row_fields in rows:
        contract_text, declarer, result, first, second = row_fields
        if contract_text in _UNKNOWN:
            continue
        if first not in _UNKNOWN:
            value, sign = first, first_sign
        elif second not in _UNKNOWN:
            value, sign = second, second_sign
        else:
            continue
        try:
            recorded = sign * int(value)
        except ValueError:
            continue  # an artificial score (A+, "A60"): nothing to compute
        side = declarers.get(declarer)
        made = None if side is None else points.get((contract_text, result, side[1]))
        if made is None or side is None:  # not read before
            try:
                contract = Contract.parse(contract_text)
                if contract is None:
                    made, side = 0, _PASSED
                else:
                    side = side or _declarer(declarer, vulnerability)
                    made = contract_score(rule_set, contract, int(result), side[1])
                    points[contract_text, result, side[1]] = made
            except ValueError as exc:
                found[row_fields] = Irregularity(IrregularityKind.MALFORMED_RECORD, str(exc))
                continue
        computed = made if side[0] else -made
        if computed != recorded:
            seat = None if side is _PASSED else _seat(declarer)
            how = "" if seat is None else f" by {seat} with {int(result)} tricks"
            found[row_fields] = Irregularity(
                IrregularityKind.SCORE_MISMATCH,
                f"{contract_text}{how} scores North-South {computed:+d}, the row says {recorded:+d}",
                seat=None if seat is None else seat.value,
                law="77",
            )
    return found


_PASSED = (True, False)  # a passed deal's "side": it scores 0 whoever is named


def _seat(declarer: str) -> Seat:
    return SEAT.get(declarer) or Seat.parse(declarer)


def _declarer(declarer: str, vulnerability: Vulnerability) -> tuple[bool, bool]:
    """Whether a declarer written otherwise than `_DECLARERS` knows is North or South, and vulnerable."""
    side = _seat(declarer).side
    return side is Side.NS, vulnerability.of(side)


# Per vulnerability (its value), whether a declarer written as SEAT reads it is North or South, and vulnerable.
_DECLARERS = {
    vulnerability._value_: {
        letter: (seat.side is Side.NS, vulnerability.of(seat.side)) for letter, seat in SEAT.items()
    }
    for vulnerability in Vulnerability
}


def _where(n: int, table: str) -> str:
    return f"ScoreTable row {n}" + (f" (table {table})" if table else "")
