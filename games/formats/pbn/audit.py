"""Replay every game of a PBN archive (games.formats.pbn) through the bridge auditor.

Besides the game's own play, a ScoreTable (the travellers of a board, as Magic Contest and other scoring
programs export them) is audited row by row: each contract, declarer and result must score what the row says.
PBN reading problems (the reader's line-numbered errors) become `malformed_record` irregularities of their game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field
from operator import itemgetter
from pathlib import Path

from games.engine.bridge.calls import AuctionResult, Call, Contract, Vulnerability, board_vulnerability
from games.engine.bridge.play import ColumnPlay
from games.engine.bridge.replay import Auction, replay
from games.engine.bridge.scoring import Rules, score_deal
from games.engine.cards import Seat, Side
from games.engine.report import GameReport, Irregularity, IrregularityKind, Report
from games.formats import pbn
from games.formats.pbn.tables import SEAT

_UNKNOWN = ("", "?", "-")


def replay_file(path: str | Path, rule_set: Rules, *, dd: bool = False) -> Report:
    """Parse (leniently: problems are reported, not raised) and replay a PBN file."""
    return replay_games(pbn.parse_file(path, strict=False), rule_set, dd=dd)


def replay_games(games: Iterable[pbn.Game], rule_set: Rules, *, dd: bool = False) -> Report:
    seen = _Seen()  # ScoreTable rows repeat across boards
    return Report(
        tuple(replay_game(game, rule_set, dd=dd, index=i, seen=seen) for i, game in enumerate(games))
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
    problems = [Irregularity(IrregularityKind.MALFORMED_RECORD, str(error)) for error in game.errors]
    board = tags.get("Board")
    vulnerability = game.vulnerable
    if vulnerability is None:
        number = game.board
        vulnerability = board_vulnerability(number) if number else Vulnerability.NONE

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
    # Unreadable Contract, Declarer and Result tags are among the reader's errors already.
    report = replay(
        rule_set,
        game.deal,
        auction,
        play,
        None,
        game.result,
        contract=game.contract,
        declarer=game.declarer,
        vulnerability=vulnerability,
        recorded_score=game.score_ns,
        dealer=game.dealer,
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


# A row's contract (without its declarer) and declarer, tricks and North-South score, or what makes it unreadable.
_Scored = tuple[Contract | None, Seat | None, int, int] | ValueError


@dataclass(slots=True)
class _Seen:
    """What a file's games have shown so far (its rows and auctions repeat a few): each ScoreTable (contract,
    declarer, result, vulnerability) scored, declarer's points (see `_score_row`), each auction checked (see
    games.engine.bridge.replay), and per vulnerability and score columns the rows found right (their contract,
    declarer, result and score fields)."""

    scored: dict[tuple[str, str, str, str], _Scored] = field(default_factory=dict)
    points: dict[tuple[str, int, bool], int] = field(default_factory=dict)
    auctions: dict[tuple[str, tuple[str | Call, ...], str], AuctionResult] = field(default_factory=dict)
    right: dict[tuple[Vulnerability, tuple[str, ...]], set[tuple[str, ...]]] = field(default_factory=dict)


def score_table(
    table: pbn.Table,
    vulnerability: Vulnerability,
    rule_set: Rules,
    seen: _Seen | None = None,
) -> list[Irregularity]:
    """Check each ScoreTable row's score against its contract, declarer and result.

    Rows with an artificial score (A+, A−, "A60") or no contract are left alone: there is nothing to compute.
    `seen` keeps what rows of the same file showed, for one rule set."""
    names = table.names
    needed = ("Contract", "Declarer", "Result")
    if any(name not in names for name in needed) or not ({"Score_NS", "Score_EW"} & set(names)):
        return []
    at = {
        name: k for k, name in enumerate(names)
    }  # a name written twice: its last column, as a row's dict had it
    contract_at, declarer_at, result_at = (at[name] for name in needed)
    table_at = at.get("Table", -1)
    score_names = tuple(name for name in ("Score_NS", "Score_EW") if name in at)
    score_at = [(at[name], 1 if name == "Score_NS" else -1) for name in score_names]
    if seen is None:
        seen = _Seen()
    scored = seen.scored
    right = seen.right.setdefault((vulnerability, score_names), set())
    vulnerable = vulnerability.value  # a str hashes in C, an Enum in Python
    fields = itemgetter(contract_at, declarer_at, result_at, *(k for k, _ in score_at))
    keys = list(map(fields, table.rows))
    if right.issuperset(keys):
        return []
    found: list[Irregularity] = []
    for n, (row, row_fields) in enumerate(zip(table.rows, keys, strict=True), start=1):
        if row_fields in right:
            continue
        recorded = _row_score(row, score_at)
        contract_text = row[contract_at]
        if recorded is None or contract_text in _UNKNOWN:
            right.add(row_fields)
            continue
        key = (contract_text, row[declarer_at], row[result_at], vulnerable)
        outcome = scored.get(key)
        if outcome is None:
            outcome = scored[key] = _score_row(*key[:3], vulnerability, rule_set, seen.points)
        if isinstance(outcome, ValueError):
            found.append(
                Irregularity(IrregularityKind.MALFORMED_RECORD, f"{_where(n, row, table_at)}: {outcome}")
            )
            continue
        contract, seat, tricks, computed = outcome
        if computed == recorded:
            right.add(row_fields)
            continue
        made = "" if contract is None else f" by {seat} with {tricks} tricks"
        found.append(
            Irregularity(
                IrregularityKind.SCORE_MISMATCH,
                f"{_where(n, row, table_at)}: {contract_text}{made} scores North-South {computed:+d}, "
                f"the row says {recorded:+d}",
                seat=None if seat is None else seat.value,
                law="77",
            )
        )
    return found


def _where(n: int, row: tuple[str, ...], table_at: int) -> str:
    return f"ScoreTable row {n}" + (f" (table {row[table_at]})" if table_at >= 0 and row[table_at] else "")


def _score_row(
    contract_text: str,
    declarer: str,
    result: str,
    vulnerability: Vulnerability,
    rule_set: Rules,
    points: dict[tuple[str, int, bool], int],
) -> _Scored:
    """`points` keeps declarer's score of each (contract, tricks, vulnerable): the score of either side's
    declarer, less the other side's, is the same."""
    try:
        contract = Contract.parse(contract_text)
        if contract is None:
            return None, None, 0, 0
        seat = SEAT.get(declarer) or Seat.parse(declarer)
        tricks = int(result)
        side = seat.side
        vulnerable = vulnerability.of(side)
        made = points.get((contract_text, tricks, vulnerable))
        if made is None:
            declared = Contract(contract.level, contract.denomination, contract.penalty, seat)
            made = score_deal(rule_set, declared, tricks, vulnerable).net(side)
            points[contract_text, tricks, vulnerable] = made
        return contract, seat, tricks, made if side is Side.NS else -made
    except ValueError as exc:
        return exc


def _row_score(row: tuple[str, ...], score_at: list[tuple[int, int]]) -> int | None:
    """North-South's score on a ScoreTable row (Score_NS, or minus Score_EW); None for artificial scores."""
    for at, sign in score_at:
        value = row[at]
        if value not in _UNKNOWN:
            try:
                return sign * int(value)
            except ValueError:
                return None
    return None
