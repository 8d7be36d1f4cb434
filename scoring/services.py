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

import datetime
import functools
import math
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import connection, transaction
from django.db.models.functions import Now
from django.db.models.sql import Query

from config.db import prepared_cursor
from games.models import Result
from games.rows import upsert
from scoring.methods import books
from scoring.methods.matchpoints import NOT_PLAYED, adjusted_score
from scoring.methods.publishers import PUBLISHERS, Publisher, line_percentages
from scoring.methods.registry import METHODS, Ranking, Scoring
from scoring.methods.session import Method, Session, SessionOptions
from scoring.models import LineScore, Standing
from scoring.teams import team_standings
from tournaments.models import Entry, EntryKind, ScoringMethod, Seating, Section
from tournaments.selectors import section_field

_CHANGED = 1e-9


def line_result(score_ns: int | None, adjusted: str):
    """A stored line as scoring.methods reads it: an N-S score, an Artificial, Weighted or Split, or not played."""
    if adjusted:
        return adjusted_score(adjusted)
    return NOT_PLAYED if score_ns is None else score_ns


def expected_results(section: Section, results_per_board: Counter) -> int:
    """How many results a full Board has: the most times the movement plays any Board (or, for an imported
    session without a movement, the most results any Board has)."""
    plan = section.plan
    plays = (
        Counter(b for rnd in plan.rounds for table in rnd.tables for b in table.boards) if plan else Counter()
    )
    return max(plays.values(), default=0) or max(results_per_board.values(), default=0)


def publisher(section: Section) -> Publisher | None:
    """The program whose conventions an imported Section keeps (Section.conventions), None for ours."""
    return PUBLISHERS.get(section.conventions)


def publisher_options(section: Section, scoring: Scoring) -> tuple[Method, SessionOptions] | None:
    """How an imported Section's publisher scored it (Compscore3: raw line matchpoints on a short Board, totals
    factored; Magic Contest: totals of the printed lines), so its figures are the file's; None for ours."""
    program = publisher(section)
    return None if program is None else program.scoring(scoring)


def _scoring(section: Section) -> Scoring:
    scoring = METHODS.get(section.scoring_method)
    if scoring is None:
        raise ValueError(f"{section}: {section.get_scoring_method_display()} is not scored board by board")
    return scoring


def section_ranking(section: Section) -> Ranking | None:
    """The Section's ranking rule (blank: its scoring method's default); None where the method ranks its own way
    (compass, teams, a party) or an imported Section ranks as its publisher did."""
    scoring = METHODS.get(section.scoring_method)
    return None if scoring is None or publisher(section) else scoring.ranking(section.ranking)


def session_options(section: Section) -> SessionOptions:
    """How a Section's Board scores become its totals, percentages and places: its ranking rule's options. The one
    place a Section's SessionOptions are made."""
    return _scoring(section).ranking(section.ranking).options()


def build_session(section: Section) -> tuple[Session, dict[int, list[tuple[int, int, int]]], dict]:
    """The scoring.methods Session of a Section with every Board set; per Board its lines (result id, N-S entry,
    E-W entry) and what Session.set_board returned for it. A section of a session scored across the field is
    scored with every section of it: board n's results are compared wherever board n was played."""
    field = section_field(section)
    entries = list(
        Entry.objects.filter(section__in=field)
        .order_by("section__name", "number")
        .values_list("id", "direction", "kind")
    )
    individual = any(kind == EntryKind.PLAYER for _, _, kind in entries)
    rows = Result.objects.filter(section__in=field).order_by("board__number", "id")
    rows = rows.values_list("id", "board__number", "ns_id", "ew_id", "score_ns", "adjusted")
    lines: dict[int, list] = defaultdict(list)
    for result_id, board, ns, ew, score_ns, adjusted in rows:
        lines[board].append((result_id, ns, ew, line_result(score_ns, adjusted)))
    scoring = _scoring(section)
    fields = [direction or "" for _, direction, _ in entries] if section.two_winners else None
    per_board = Counter({b: len(v) for b, v in lines.items()})
    expected = sum(expected_results(one, per_board if len(field) == 1 else Counter()) for one in field)
    method, options = publisher_options(section, scoring) or (scoring.for_sections, session_options(section))
    session = Session(
        [entry_id for entry_id, _, _ in entries],
        method,
        options,
        expected=expected or max(per_board.values(), default=0) or None,
        fields=fields,
    )
    partners = _partners(field) if individual else {}
    boards = {}
    for board, board_lines in lines.items():
        results = [result for _, _, _, result in board_lines]
        boards[board] = session.set_board(
            board, [ns for _, ns, _, _ in board_lines], [ew for _, _, ew, _ in board_lines], results
        )
        if partners:  # South and West score what North and East scored: the board again, keyed apart
            south_west = [partners[rid] for rid, _, _, _ in board_lines]
            session.set_board((board, "S-W"), [s for s, _ in south_west], [w for _, w in south_west], results)
    return session, {board: [(rid, ns, ew) for rid, ns, ew, _ in v] for board, v in lines.items()}, boards


def _partners(field: list[Section]) -> dict[int, tuple[int, int]]:
    """An individual duplicate's results: result id → the entries of South and West at its table (the result
    itself is North's and East's)."""
    ids = {
        (section, number): entry
        for entry, section, number in Entry.objects.filter(section__in=field).values_list(
            "id", "section_id", "number"
        )
    }
    seats = {(s.section_id, s.round, s.table): s.seats for s in Seating.objects.filter(section__in=field)}
    partners = {}
    rows = Result.objects.filter(section__in=field).values_list("id", "section_id", "round", "table")
    for result_id, section_id, rnd, table in rows:
        seat = seats.get((section_id, rnd, table), {})
        if "S" not in seat or "W" not in seat:
            raise ValueError(
                f"result {result_id} of an individual: no seating at table {table} in round {rnd}"
            )
        partners[result_id] = (ids[(section_id, seat["S"])], ids[(section_id, seat["W"])])
    return partners


def _number(value) -> float | None:
    value = float(value)
    return None if math.isnan(value) else value


def compass_standings(section: Section, computed: int) -> None:
    """The book's ranking of a duplicate game (Hoyle 1940 L5371–5385): each pair's total of its trays' scores
    (the N-S score, or its negation for E-W: only the difference is recorded, L5342–5344) against its direction's
    average, "plus" or "minus", N-S and E-W ranked apart (scoring.methods.books.compass). A line with no points
    (an artificial or weighted adjusted score) counts in neither total."""
    rows = Result.objects.filter(section=section, score_ns__isnull=False).order_by("board__number", "id")
    rows = rows.values_list("id", "board__number", "ns_id", "ew_id", "score_ns")
    postings = [books.Posting(str(board), ns, ew, score, None) for _, board, ns, ew, score in rows]
    found = books.compass_postings(postings)
    played = Counter(p.ns for p in postings) + Counter(p.ew for p in postings)
    store_standings(
        [
            Standing(
                section=section,
                entry_id=line.pair,
                total=float(line.plus_minus),
                percentage=None,
                boards=played[line.pair],
                place=int(line.rank.rstrip("=")),
                rank=line.rank,
                field=field,
                computed=computed,
            )  # fmt: skip
            for field, lines in (("NS", found.ns), ("EW", found.ew))
            for line in lines
        ],
    )
    stored = _stored_line_scores(section)
    changed = [
        (rid, section.id, float(score), float(-score), None, None)
        for rid, _, _, _, score in rows
        if rid not in stored or not _same(stored[rid], (score, -score))
    ]
    _store_line_scores(changed)


def _team_standings(section: Section, computed: int) -> None:
    store_standings(team_standings(section, computed))


STANDINGS: dict[str, Callable[[Section, int], None]] = {
    ScoringMethod.VICTORY_POINTS: _team_standings,
    ScoringMethod.COMPASS: compass_standings,
}
"""The scoring methods whose standings are not scored board by board: each one's compute(section, computed), which
stores them. An app above registers its own in its AppConfig.ready (parties: a progressive party's), so that scoring
does not import it."""


def on_whole_standings(method: str, compute: Callable[[Section, int], None]) -> None:
    """Register how the standings of Sections scored by `method` are computed and stored."""
    STANDINGS[method] = compute


def recompute_standings(section_id: int, requested: int | None = None) -> None:
    """Re-score every Board of the Section and store the standings and the line scores that changed."""
    section = Section.objects.select_related("session").get(id=section_id)
    computed = section.standings_requested if requested is None else requested
    whole = STANDINGS.get(section.scoring_method)
    if whole is not None:
        whole(section, computed)
        return
    session, lines, boards = build_session(section)
    standings = session.standings()
    program = publisher(section)
    totals, percentage = (
        (standings.total, standings.percentage)
        if program is None
        else (program.printed(standings.total), program.printed(standings.percentage))
    )
    fields = session.fields or [""] * len(session.pairs)
    field = section_field(section)
    sections = _sections_of(Entry, field, id__in=session.pairs)
    store_standings(
        [
            Standing(
                section_id=sections[entry_id],
                entry_id=entry_id,
                total=_number(totals[i]),
                percentage=_number(percentage[i]),
                boards=int(standings.boards[i]),
                place=int(standings.places[i]),
                rank=standings.ranks[i],
                field=fields[i],
                computed=computed,
            )  # fmt: skip
            for i, entry_id in enumerate(session.pairs)
        ],
    )
    stored = _stored_line_scores(section)
    results = _sections_of(Result, field, section__in=field)
    changed = []
    for board, board_lines in lines.items():
        entry = boards[board]
        shown = (entry.score, entry.published_ns, entry.published_ew)
        pct_ns, pct_ew = line_percentages(*shown) if program is None else program.line_percentages(*shown)
        for i, (result_id, _, _) in enumerate(board_lines):
            ns, ew = _number(entry.published_ns[i]), _number(entry.published_ew[i])
            if result_id in stored and _same(stored[result_id], (ns, ew)):
                continue
            changed.append((result_id, results[result_id], ns, ew, _number(pct_ns[i]), _number(pct_ew[i])))
    _store_line_scores(changed)


def _sections_of(model, field: list[Section], **rows) -> Mapping[int, int]:
    """The section id of each of these rows (entries or results of the field): no query when the field is one
    section, as it is but for a session scored across."""
    if len(field) == 1:
        return defaultdict(lambda: field[0].id)
    return dict(model.objects.filter(**rows).values_list("id", "section_id"))


_STANDING_FIELDS = [field for field in Standing._meta.concrete_fields if not field.primary_key]


def store_standings(standings: list[Standing], prizes: bool = False) -> None:
    """Write a section's standings in one statement, each entry's row made or updated (with its prize and cut for
    a party)."""
    fields = ["total", "percentage", "boards", "place", "rank", "field", "computed"]
    upsert(
        Standing,
        [field.attname for field in _STANDING_FIELDS],
        [
            tuple(field.get_prep_value(getattr(row, field.attname)) for field in _STANDING_FIELDS)
            for row in standings
        ],
        "entry_id",
        [*fields, "prize", "cut"] if prizes else fields,
    )


def _stored_line_scores(section: Section) -> dict[int, tuple]:
    """Each result's stored (N-S, E-W) points, to write only the lines that changed."""
    rows = LineScore.objects.filter(section__in=section_field(section)).values_list("result_id", "ns", "ew")
    return {rid: (ns, ew) for rid, ns, ew in rows}


def _store_line_scores(changed: list[tuple]) -> None:
    """Write changed line scores: (result id, section id, N-S, E-W, N-S %, E-W %) each."""
    upsert(LineScore, ["result_id", "section_id", "ns", "ew", "pct_ns", "pct_ew"], changed, "result_id",
           ["ns", "ew", "pct_ns", "pct_ew"])  # fmt: skip


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
        requested, computed, session_id, across = (
            Section.objects.filter(id=section_id)
            .values_list("standings_requested", "standings_computed", "session_id", "session__scored_across")
            .get()
        )
        if computed < requested:
            recompute_standings(section_id, requested)
            # a field across its session: every section of it is current (by the session's index, not a join)
            field = (
                Section.objects.filter(session_id=session_id)
                if across
                else Section.objects.filter(id=section_id)
            )
            field.update(standings_computed=requested, standings_at=Now())


def _field_lead(section_id: int) -> int:
    """The section that counts and locks the refreshes of a field scored across its session's sections (the
    first by name), so two sections of one field never recompute it at once; else the section itself."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {_lead_sql()}", [section_id, section_id])
        return cursor.fetchone()[0]


@functools.cache
def _lead_sql() -> str:
    """_field_lead's SQL, an expression of the section's id given twice."""
    section, session = (
        connection.ops.quote_name(model._meta.db_table)
        for model in (Section, Section._meta.get_field("session").related_model)
    )
    return (
        f"COALESCE((SELECT f.id FROM {section} f JOIN {session} s ON s.id = f.session_id WHERE s.scored_across "
        f"AND f.session_id = (SELECT session_id FROM {section} WHERE id = %s) ORDER BY f.name, f.id LIMIT 1), %s)"
    )


def refresh_standings(section_id: int, counted: bool = False) -> None:
    """Bring a Section's standings up to date after a change (coalesced; see the module docstring)."""
    _refresh(_field_lead(section_id), counted)


def _refresh(section_id: int, counted: bool) -> None:
    """refresh_standings for the lead of a field (_field_lead)."""
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
    counting = ticket is None
    with prepared_cursor() as cursor:
        cursor.execute(_spaced_sql(counting), [section_id, section_id])
        section_id, requested, computed, at, now = cursor.fetchone()
    ticket = requested if counting else ticket
    if computed >= ticket:
        return ticket, 0.0
    since = (_moment(now) - _moment(at)).total_seconds() if at is not None else interval
    if since < interval:
        return ticket, interval - since
    _refresh(section_id, counted=True)
    return ticket, 0.0


@functools.cache
def _spaced_sql(counting: bool) -> str:
    """refresh_spaced's one statement (a poll each web process makes per Section and interval; the ORM's three and a
    transaction cost as much as a recompute, bench/api.py): the lead of the field, counting the request when
    `counting`, with its counts, its last recompute's time and the database's. A count commits durably here, as
    the refresher's thread may wait for the disk where a request should not (_derived_only)."""
    table = connection.ops.quote_name(Section._meta.db_table)
    now, _ = Query(Section).get_compiler(connection=connection).compile(Now())
    columns = f"id, standings_requested, standings_computed, standings_at, {now}"
    if counting:
        return (
            f"UPDATE {table} SET standings_requested = standings_requested + 1 WHERE id = {_lead_sql()} "
            f"RETURNING {columns}"
        )
    return f"SELECT {columns} FROM {table} WHERE id = {_lead_sql()}"


def _moment(value) -> datetime.datetime:
    """A time as the database gave it (SQLite gives text)."""
    return value if isinstance(value, datetime.datetime) else datetime.datetime.fromisoformat(value)


def once_committed(refresh: Callable[[int], None], section_id: int) -> None:
    """Run refresh(section_id) once the transaction commits, once however many changes ask for it.

    A refresh already waiting in this transaction's on-commit list for the Section is enough (Django drops it with
    a rolled-back savepoint, and then a later change registers its own).
    """
    call = functools.partial(refresh, section_id)
    waiting = transaction.get_connection().run_on_commit
    if not any(isinstance(f, functools.partial) and f.func == call.func and f.args == call.args
               for _, f, _ in waiting):  # fmt: skip
        transaction.on_commit(call)


# Who refreshes the standings, by STANDINGS_REFRESH: this process after the commit ("inline"), or whoever
# registers in its AppConfig.ready (the background refresher, scoring.apps; a Celery job, jobs.apps), so that
# scoring imports neither of them.
REFRESHES: dict[str, Callable[[int], None]] = {"inline": functools.partial(once_committed, refresh_standings)}


def on_standings_changed(mode: str, refresh: Callable[[int], None]) -> None:
    """Register who refreshes the standings when STANDINGS_REFRESH is `mode`; refresh(section_id) is called inside
    the transaction that changed the Section's results."""
    REFRESHES[mode] = refresh


def standings_changed(section_id: int) -> None:
    """Call inside the transaction that changed a Section's results: the standings follow once it commits.

    Many changes in one transaction (a director's batch, the demo) give one refresh. STANDINGS_REFRESH says who
    refreshes: this process after the commit (inline), its background thread (scoring.refresher), or a Celery job
    sent through the database outbox (jobs.outbox) so that it is not lost when the broker is down.
    """
    try:
        refresh = REFRESHES[settings.STANDINGS_REFRESH]
    except KeyError:
        raise ImproperlyConfigured(
            f"STANDINGS_REFRESH={settings.STANDINGS_REFRESH!r}: no installed app refreshes the standings that way"
        ) from None
    refresh(section_id)
