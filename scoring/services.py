"""The standings service: stored results in, scoring.methods called, standings and line scores stored.

`refresh_standings(section_id)` is what callers use after results change (on transaction commit). It coalesces:
each call first counts itself (the Section's `standings_requested`, committed at once). On PostgreSQL two advisory
locks per Section then decide who computes: whoever takes the "computing" lock at once recomputes from everything
committed and records the count it covered (`standings_computed`); if it is taken, the caller tries to be the one
"in line", who waits for the computing lock, lets go of its place in line, and only then reads the count and
recomputes; if someone is in line already, the caller returns at once, because the one in line will read the
count after this call made it. So each call waits for at most one recompute besides its own, a burst of entries
gives about one recompute per recompute time, and no entry is left out. `refresh_spaced` is the same refresh
for the background refresher (scoring.refresher), spaced to one recompute per interval across web processes.
`recompute_standings(section_id)` is the compute itself, synchronous and idempotent; the Celery jobs issue runs
the same function as a job.
"""

from __future__ import annotations

import functools
import math
import secrets
from collections import Counter, defaultdict

from django.conf import settings
from django.db import connection, transaction
from django.db.models.functions import Now

from games.models import Result, Tally
from scoring.methods import books
from scoring.methods.books import TableGame, games_won
from scoring.methods.matchpoints import NOT_PLAYED, BoardOptions, Scale, adjusted_score, percentages
from scoring.methods.ranking import seeded_cut
from scoring.methods.session import ButlerMethod, CrossImpMethod, MatchpointMethod, Session, SessionOptions
from scoring.models import LineScore, Standing
from tournaments.models import ScoringMethod, Section

METHODS = {
    ScoringMethod.MATCHPOINTS: MatchpointMethod(BoardOptions(scale=Scale.EBU), neuberg_to_session=True),
    ScoringMethod.MATCHPOINTS_ACBL: MatchpointMethod(BoardOptions(scale=Scale.ACBL), neuberg_to_session=True),
    ScoringMethod.BUTLER: ButlerMethod(),
    ScoringMethod.CROSS_IMPS: CrossImpMethod(),
}
"""Each duplicate scoring method of a Section and the scoring.methods value that scores it (EBU defaults:
a Board short of results is Neuberg-factored to the full number of results the movement gives it)."""

_CHANGED = 1e-9


def line_result(score_ns: int | None, adjusted: str):
    """A stored line as scoring.methods reads it: an N-S score, an Artificial, Weighted or Split, or not played."""
    if adjusted:
        return adjusted_score(adjusted)
    return NOT_PLAYED if score_ns is None else score_ns


def expected_results(section: Section, results_per_board: Counter) -> int:
    """How many results a full Board has: the most times the movement plays any Board (or, for an imported
    session without a movement, the most results any Board has)."""
    plays: Counter = Counter()
    for rnd in (section.movement or {}).get("rounds", []):
        for table in rnd.get("tables", []):
            plays.update(table.get("boards", []))
    return max(plays.values(), default=0) or max(results_per_board.values(), default=0)


def build_session(section: Section) -> tuple[Session, dict[int, list[tuple[int, int, int]]], dict]:
    """The scoring.methods Session of a Section with every Board set; per Board its lines (result id, N-S entry,
    E-W entry) and what Session.set_board returned for it."""
    entries = list(section.entries.order_by("number").values_list("id", "direction"))
    rows = Result.objects.filter(section=section).order_by("board__number", "id")
    rows = rows.values_list("id", "board__number", "ns_id", "ew_id", "score_ns", "adjusted")
    lines: dict[int, list] = defaultdict(list)
    for result_id, board, ns, ew, score_ns, adjusted in rows:
        lines[board].append((result_id, ns, ew, line_result(score_ns, adjusted)))
    method = METHODS.get(section.scoring_method)
    if method is None:
        raise ValueError(f"{section}: {section.get_scoring_method_display()} is not scored board by board")
    fields = [direction or "" for _, direction in entries] if section.two_winners else None
    session = Session(
        [entry_id for entry_id, _ in entries],
        method,
        SessionOptions(),
        expected=expected_results(section, Counter({b: len(v) for b, v in lines.items()})) or None,
        fields=fields,
    )
    boards = {}
    for board, board_lines in lines.items():
        boards[board] = session.set_board(
            board,
            [ns for _, ns, _, _ in board_lines],
            [ew for _, _, ew, _ in board_lines],
            [result for _, _, _, result in board_lines],
        )
    return session, {board: [(rid, ns, ew) for rid, ns, ew, _ in v] for board, v in lines.items()}, boards


def _number(value) -> float | None:
    value = float(value)
    return None if math.isnan(value) else value


def table_games(section: Section, round_number: int, tallies) -> list:
    """The round's tables as scoring.methods.books sees them: partnerships (N-S, E-W) and their points."""
    seats = {s.table: s.seats for s in section.seatings.filter(round=round_number)}
    games = []
    for tally in tallies:
        table = seats.get(tally.table, {})
        if all(seat in table for seat in "NESW"):
            pairs = ((table["N"], table["S"]), (table["E"], table["W"]))
            games.append(TableGame(tally.table, pairs, (tally.ns_points, tally.ew_points)))
    return games


def decide_table(section: Section, tally: Tally) -> tuple[str, dict]:
    """A progressive table's winners ("NS", "EW" or "") and punches per player, by scoring.methods.books."""
    games = table_games(section, tally.round, [tally])
    if not games:
        return "", {}
    game = games[0]
    won = games_won([[game]])
    side = next((i for i, pair in enumerate(game.pairs) if all(won[p] for p in pair)), None)
    return ("NS", "EW")[side] if side is not None else "", {str(p): won[p] for p in won}


def cut_seed(section: Section) -> str:
    """The seed the Section's prize ties are cut with: drawn (secrets) the first time it is wanted and kept, so
    every recompute cuts the same ties the same way. Two first recomputes at once keep whichever wrote first."""
    if not section.cut_seed:
        Section.objects.filter(id=section.id, cut_seed="").update(cut_seed=secrets.token_hex(16))
        section.cut_seed = Section.objects.values_list("cut_seed", flat=True).get(id=section.id)
    return section.cut_seed


def progressive_standings(section: Section, computed: int) -> None:
    """A progressive party's standings: games won (punches) over the frozen rounds and lone hands, ranked by
    scoring.methods.books (Hoyle 1940 L11413–11430), with the Section's prizes and the lone-hand prize awarded
    and every tie cut by a draw from the Section's cut seed."""
    tallies = list(Tally.objects.filter(section=section, frozen=True).order_by("round", "table"))
    rounds = [
        table_games(section, number, [t for t in tallies if t.round == number])
        for number in sorted({t.round for t in tallies})
    ]
    won = games_won(rounds)
    lone: Counter = Counter()
    for tally in tallies:
        lone.update({int(player): count for player, count in tally.lone_hands.items()})
    entries = dict(section.entries.values_list("number", "id"))
    seed = cut_seed(section) if section.prizes or section.lone_hand_prize else ""
    ranking = books.progressive_standings(
        {n: won.get(n, 0) for n in entries},
        prizes=section.prizes,
        lone_hands=lone if section.lone_hand_prize else None,
        cut=seeded_cut(seed),
        lone_hand_cut=seeded_cut(f"{seed}:lone hands"),
    )
    awards = books.prize_awards(ranking)
    Standing.objects.bulk_create(
        [
            Standing(
                section=section,
                entry_id=entries[number],
                total=games,
                percentage=None,
                boards=len(rounds),
                place=int(rank.rstrip("=")),
                rank=rank,
                field="",
                computed=computed,
                prize=awards.get(number, books.Award()).prize,
                cut=awards.get(number, books.Award()).cut,
            )  # fmt: skip
            for number, games, rank in ranking.ranking
        ],
        update_conflicts=True,
        unique_fields=["entry"],
        update_fields=["total", "percentage", "boards", "place", "rank", "field", "computed", "prize", "cut"],
    )


def recompute_standings(section_id: int, requested: int | None = None) -> None:
    """Re-score every Board of the Section and store the standings and the line scores that changed."""
    section = Section.objects.get(id=section_id)
    if section.scoring_method == ScoringMethod.PROGRESSIVE:
        progressive_standings(section, section.standings_requested if requested is None else requested)
        return
    session, lines, boards = build_session(section)
    standings = session.standings()
    fields = session.fields or [""] * len(session.pairs)
    computed = section.standings_requested if requested is None else requested
    Standing.objects.bulk_create(
        [
            Standing(
                section=section,
                entry_id=entry_id,
                total=_number(standings.total[i]),
                percentage=_number(standings.percentage[i]),
                boards=int(standings.boards[i]),
                place=int(standings.places[i]),
                rank=standings.ranks[i],
                field=fields[i],
                computed=computed,
            )  # fmt: skip
            for i, entry_id in enumerate(session.pairs)
        ],
        update_conflicts=True,
        unique_fields=["entry"],
        update_fields=["total", "percentage", "boards", "place", "rank", "field", "computed"],
    )
    stored = {
        rid: (ns, ew)
        for rid, ns, ew in LineScore.objects.filter(section=section).values_list("result_id", "ns", "ew")
    }
    changed = []
    for board, board_lines in lines.items():
        entry = boards[board]
        pct_ns, pct_ew = percentages(entry.score)
        for i, (result_id, _, _) in enumerate(board_lines):
            ns, ew = _number(entry.published_ns[i]), _number(entry.published_ew[i])
            if result_id in stored and _same(stored[result_id], (ns, ew)):
                continue
            changed.append(LineScore(
                result_id=result_id, section=section, ns=ns, ew=ew,
                pct_ns=_number(pct_ns[i]), pct_ew=_number(pct_ew[i]),
            ))  # fmt: skip
    if changed:
        LineScore.objects.bulk_create(
            changed,
            update_conflicts=True,
            unique_fields=["result"],
            update_fields=["ns", "ew", "pct_ns", "pct_ew"],
        )


def _same(a: tuple, b: tuple) -> bool:
    return all(
        (x is None and y is None) or (x is not None and y is not None and abs(x - y) < _CHANGED)
        for x, y in zip(a, b, strict=True)
    )


def _count_request(section_id: int) -> int:
    """Count one more request for the Section's standings (committed at once); the count it got."""
    table = Section._meta.db_table
    with transaction.atomic(), connection.cursor() as cursor:
        _derived_only(cursor)
        cursor.execute(
            f"UPDATE {table} SET standings_requested = standings_requested + 1 WHERE id = %s RETURNING standings_requested",
            [section_id],
        )
        return cursor.fetchone()[0]


def _derived_only(cursor) -> None:
    """This transaction writes only what a recompute can make again, so on PostgreSQL it need not wait for the
    disk (synchronous_commit off: a crash may lose it, never corrupt it). Results themselves commit durably."""
    if connection.vendor == "postgresql" and len(connection.atomic_blocks) == 1:  # not a caller's transaction
        cursor.execute("SET LOCAL synchronous_commit TO OFF")


_COMPUTING, _IN_LINE = 6_0001, 6_0002  # advisory-lock key spaces: who recomputes a Section, who is next


def _lock(space: int, section_id: int, wait: bool = False) -> bool:
    """A session-level advisory lock on PostgreSQL (taken at once, or when `wait`, as soon as it is free)."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {'pg_advisory_lock' if wait else 'pg_try_advisory_lock'}(%s, %s)", [space, section_id]
        )
        return wait or cursor.fetchone()[0]


def _unlock(space: int, section_id: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_unlock(%s, %s)", [space, section_id])


def _compute(section_id: int) -> None:
    """Recompute from everything committed, unless a recompute since has already covered it."""
    with transaction.atomic(), connection.cursor() as cursor:
        _derived_only(cursor)
        requested, computed = (
            Section.objects.filter(id=section_id)
            .values_list("standings_requested", "standings_computed")
            .get()
        )
        if computed < requested:
            recompute_standings(section_id, requested)
            Section.objects.filter(id=section_id).update(standings_computed=requested, standings_at=Now())


def refresh_standings(section_id: int, counted: bool = False) -> None:
    """Bring a Section's standings up to date after a change (coalesced; see the module docstring)."""
    if not counted:
        _count_request(section_id)
    if connection.vendor != "postgresql" or connection.in_atomic_block:
        # SQLite writes one at a time anyway; inside a caller's transaction, no session locks.
        _compute(section_id)
        return
    if _lock(_COMPUTING, section_id):
        try:
            _compute(section_id)
        finally:
            _unlock(_COMPUTING, section_id)
        return
    if not _lock(_IN_LINE, section_id):
        return  # the one in line reads the count only after it has let go of its place, so after this count
    try:
        _lock(_COMPUTING, section_id, wait=True)
    finally:
        _unlock(_IN_LINE, section_id)
    try:
        _compute(section_id)
    finally:
        _unlock(_COMPUTING, section_id)


def refresh_spaced(section_id: int, ticket: int | None, interval: float) -> tuple[int, float]:
    """The background refresher's refresh (scoring.refresher): one recompute per `interval` for all web processes.

    The request is counted once (`ticket`, the count it got, is passed back in on a second call). Nothing is left
    to do once a recompute has covered the ticket (it read the count after this one was made, so after the changes
    this call is for). If another process recomputed less than `interval` ago, the caller waits and asks again:
    returns (ticket, seconds to wait); (ticket, 0) when done.
    """
    if ticket is None:
        ticket = _count_request(section_id)
    computed, at, now = (
        Section.objects.filter(id=section_id).values_list("standings_computed", "standings_at", Now()).get()
    )
    if computed >= ticket:
        return ticket, 0.0
    since = (now - at).total_seconds() if at is not None else interval
    if since < interval:
        return ticket, interval - since
    refresh_standings(section_id, counted=True)
    return ticket, 0.0


def standings_changed(section_id: int) -> None:
    """Call inside the transaction that changed a Section's results: the standings follow once it commits.

    Many changes in one transaction (a director's batch, the demo) give one refresh: a refresh already waiting in
    this transaction's on-commit list for the Section is enough (Django drops it with a rolled-back savepoint,
    and then a later change registers its own). STANDINGS_REFRESH says who refreshes: this process after the
    commit (inline), its background thread (scoring.refresher), or a Celery job sent through the database outbox
    (jobs.outbox) so that it is not lost when the broker is down.
    """
    if settings.STANDINGS_REFRESH == "jobs":
        from jobs.outbox import send_later

        send_later("jobs.standings", f"standings:{section_id}", [section_id])
        return
    if settings.STANDINGS_REFRESH == "background":
        from scoring.refresher import refresher

        refresh = functools.partial(refresher.request, section_id)
    else:
        refresh = functools.partial(refresh_standings, section_id)
    waiting = transaction.get_connection().run_on_commit
    if not any(isinstance(f, functools.partial) and f.func == refresh.func and f.args == refresh.args
               for _, f, _ in waiting):  # fmt: skip
        transaction.on_commit(refresh)
