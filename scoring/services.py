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
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import connection, transaction
from django.db.models.functions import Now

from games.models import Result, Tally
from games.rows import upsert
from parties.core import fort_of, party_kind, party_ladies
from scoring.methods import books, vp
from scoring.methods.books import TableGame, games_won
from scoring.methods.imps import teams_match
from scoring.methods.matchpoints import NOT_PLAYED, adjusted_score, percentages
from scoring.methods.ranking import competition_places, place_labels, seeded_cut
from scoring.methods.registry import METHODS
from scoring.methods.session import Session, SessionOptions
from scoring.models import LineScore, Standing
from tournaments.models import ScoringMethod, Seating, Section

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
    scoring = METHODS.get(section.scoring_method)
    if scoring is None:
        raise ValueError(f"{section}: {section.get_scoring_method_display()} is not scored board by board")
    fields = [direction or "" for _, direction in entries] if section.two_winners else None
    session = Session(
        [entry_id for entry_id, _ in entries],
        scoring.for_sections,
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
    if section.game == "hearts":  # the lady and the gentleman with fewer hearts: a punch each, ties cut
        if not tally.hearts:
            return "", {}
        cut = seeded_cut(f"{cut_seed(section)}:round {tally.round} table {tally.table}")
        her = party_ladies((section.movement or {}).get("party"), section.entries.count())
        won = books.hearts_hand_winners({int(p): n for p, n in tally.hearts.items()}, her, cut)
        return "", {str(player): 1 for player in won}
    games = table_games(section, tally.round, [tally])
    if not games:
        return "", {}
    game = games[0]
    if party_kind(section.movement_kind).head_table_game is None:  # bridge: the better score at every table
        a, b = game.points
        return ("NS" if a > b else "EW" if b > a else ""), {}
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


def section_stars(section: Section, tallies: list[Tally] | None = None) -> dict[int, books.Stars]:
    """The star party's stars from each frozen table's winners (a cut's winners too: at a tie the most tricks
    toward the next hand decide, 002 L682, and the host gives that side); every frozen tally if none given."""
    if tallies is None:
        tallies = list(Tally.objects.filter(section=section, frozen=True))
    seats = {(s.round, s.table): s.seats for s in section.seatings.all()}
    tables = {r: sum(1 for key in seats if key[0] == r) for r, _ in seats}
    games = []
    for tally in tallies:
        table = seats.get((tally.round, tally.table), {})
        if tally.winners in ("NS", "EW") and all(seat in table for seat in "NESW"):
            won, lost = ("NS", "EW") if tally.winners == "NS" else ("EW", "NS")
            pair = {side: (table[side[0]], table[side[1]]) for side in ("NS", "EW")}
            games.append((tally.round, tally.table, pair[won], pair[lost]))
    counts: dict[int, books.Stars] = {}
    for number in sorted({g[0] for g in games}):
        round_games = [(t, w, lost) for r, t, w, lost in games if r == number]
        for player, stars in books.star_counts(round_games, tables[number]).items():
            old = counts.get(player, books.Stars())
            counts[player] = books.Stars(old.gold + stars.gold, old.red + stars.red, old.green + stars.green)
    return counts


def _party_totals(section: Section, rounds: list[list[TableGame]], tallies: list[Tally]) -> Counter:
    """What a party ranks by: games won (euchre, hearts), each player's side's points (progressive contract,
    L20376–20392), plus less minus (individual progressive bridge, L5408–5411), or the stars (gold, then red,
    then fewest green, 002 L681, as one number that sorts alike)."""
    scoring = party_kind(section.movement_kind).scoring
    if scoring == "stars":
        stars = section_stars(section, tallies)
        return Counter({p: s.gold * 1_000_000 + s.red * 1_000 - s.green for p, s in stars.items()})
    games = [game for round_ in rounds for game in round_]
    if scoring == "punches":
        return Counter({int(p): n for tally in tallies for p, n in tally.punches.items()})
    if scoring == "flags":  # each game's winners take a flag; a fort's four share its flags (L11452–11464)
        results = []
        for game in games:
            won = games_won([[game]])
            side = next((i for i, pair in enumerate(game.pairs) if won[pair[0]]), None)
            if side is not None:
                results.append((fort_of(game.pairs[side][0]), fort_of(game.pairs[1 - side][0])))
        flags = {fort: count for fort, count, _ in books.military_flags(results)}
        return Counter({p: flags.get(fort_of(p), 0) for game in games for pair in game.pairs for p in pair})
    if scoring == "points":
        return _points(games)
    if scoring == "net":
        results = [(g.pairs[side], g.points[side] - g.points[1 - side]) for g in games for side in (0, 1)]
        return Counter({p: n.net for p, n in books.net_by_player(results).items()})
    return games_won(rounds)


def _points(games: list[TableGame]) -> Counter:
    totals: Counter = Counter()
    for game in games:
        for pair, points in zip(game.pairs, game.points, strict=True):
            totals.update({p: points for p in pair})
    return totals


def progressive_standings(section: Section, computed: int) -> None:
    """A progressive party's standings: games won (punches) over the frozen rounds and lone hands, ranked by
    scoring.methods.books (Hoyle 1940 L11413–11430), with the Section's prizes and the lone-hand prize awarded
    and every tie cut by a draw from the Section's cut seed."""
    tallies = list(Tally.objects.filter(section=section, frozen=True).order_by("round", "table"))
    rounds = [
        table_games(section, number, [t for t in tallies if t.round == number])
        for number in sorted({t.round for t in tallies})
    ]
    won = _party_totals(section, rounds, tallies)
    stars = section_stars(section, tallies) if party_kind(section.movement_kind).scoring == "stars" else None
    lone: Counter = Counter()
    for tally in tallies:
        lone.update({int(player): count for player, count in tally.lone_hands.items()})
    entries = dict(section.entries.values_list("number", "id"))
    seed = cut_seed(section) if section.prizes or section.lone_hand_prize or stars is not None else ""
    ranking = books.progressive_standings(
        {n: won.get(n, 0) for n in entries},
        prizes=section.prizes if stars is None else 0,  # the star party's prizes go by colour and side
        lone_hands=lone if section.lone_hand_prize else None,
        cut=seeded_cut(seed),
        lone_hand_cut=seeded_cut(f"{seed}:lone hands"),
    )
    awards = books.prize_awards(ranking)
    if stars is not None:
        her = party_ladies((section.movement or {}).get("party"), len(entries))
        by_stars = books.star_prizes(
            {n: stars.get(n, books.Stars()) for n in entries}, her, seeded_cut(f"{seed}:stars")
        )
        awards = {  # with the lone-hand prize, if one is offered
            n: books.Award(
                " and ".join(a.prize for a in (by_stars.get(n), awards.get(n)) if a and a.prize),
                "; ".join(a.cut for a in (by_stars.get(n), awards.get(n)) if a and a.cut),
            )
            for n in by_stars.keys() | awards.keys()
        }
    _store_standings(
        [
            Standing(
                section=section,
                entry_id=entries[number],
                total=games if stars is None else stars.get(number, books.Stars()).gold,
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
        prizes=True,
    )


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
    _store_standings(
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


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """A teams match: the home team sits N-S in the open room, the away team N-S in the closed room."""

    round: int
    home: int
    away: int
    boards: tuple[int, ...]
    """The Boards scored in both rooms so far."""
    imps: tuple[int, ...]
    """The home team's IMPs on each of those Boards (Law 78B, open room N-S against closed room N-S)."""
    scheduled: int
    """The Boards the match is played over: the WBF scale's board count."""

    @property
    def margin(self) -> int:
        return sum(self.imps)

    @property
    def vps(self) -> tuple[float, float]:
        """(home, away) VPs by the WBF 2013 continuous scale to two decimals."""
        return vp.victory_points(self.margin, self.scheduled)


def team_matches(section: Section) -> list[TeamMatch]:
    """Every match of a teams Section (tables 2m-1 and 2m of a round are match m's open and closed rooms), IMPed
    on the Boards both rooms have scored (an artificial adjusted score has no N-S score and counts no IMPs)."""
    scores = {
        (rnd, table, board): score
        for rnd, table, board, score in Result.objects.filter(
            section=section, score_ns__isnull=False
        ).values_list("round", "table", "board__number", "score_ns")
    }
    rooms: dict[tuple[int, int], list[Seating]] = defaultdict(list)
    for seating in section.seatings.filter(ns__isnull=False, ew__isnull=False).order_by("round", "table"):
        rooms[(seating.round, (seating.table + 1) // 2)].append(seating)
    matches = []
    for (rnd, _), (open_room, closed_room, *_) in sorted((k, v) for k, v in rooms.items() if len(v) == 2):
        both = [
            b
            for b in open_room.boards
            if (rnd, open_room.table, b) in scores and (rnd, closed_room.table, b) in scores
        ]
        per_board, _ = teams_match(
            [scores[(rnd, open_room.table, b)] for b in both],
            [scores[(rnd, closed_room.table, b)] for b in both],
        )
        matches.append(
            TeamMatch(
                rnd,
                open_room.ns_id,
                open_room.ew_id,
                tuple(both),
                tuple(int(i) for i in per_board),
                len(open_room.boards),
            )
        )
    return matches


def team_totals(section: Section, matches: list[TeamMatch]) -> dict[int, float]:
    """Each team's VPs over its matches with a Board scored (a match not begun counts for neither team)."""
    totals: Counter = Counter({entry: 0.0 for entry in section.entries.values_list("id", flat=True)})
    for match in matches:
        if match.boards:
            home, away = match.vps
            totals[match.home] += home
            totals[match.away] += away
    return {entry: round(total, 2) for entry, total in totals.items()}


def team_standings(section: Section, computed: int) -> None:
    """Teams ranked by VPs, ties sharing a place."""
    matches = team_matches(section)
    totals = team_totals(section, matches)
    played: Counter = Counter()
    for match in matches:
        played[match.home] += len(match.boards)
        played[match.away] += len(match.boards)
    entries = list(totals)
    places = competition_places([[totals[e]] for e in entries])
    labels = place_labels(places)
    _store_standings(
        [
            Standing(
                section=section,
                entry_id=entry,
                total=totals[entry],
                percentage=None,
                boards=played[entry],
                place=int(places[i]),
                rank=labels[i],
                field="",
                computed=computed,
            )
            for i, entry in enumerate(entries)
        ],
    )


def recompute_standings(section_id: int, requested: int | None = None) -> None:
    """Re-score every Board of the Section and store the standings and the line scores that changed."""
    section = Section.objects.get(id=section_id)
    if section.scoring_method == ScoringMethod.VICTORY_POINTS:
        team_standings(section, section.standings_requested if requested is None else requested)
        return
    if section.scoring_method == ScoringMethod.PROGRESSIVE:
        progressive_standings(section, section.standings_requested if requested is None else requested)
        return
    if section.scoring_method == ScoringMethod.COMPASS:
        compass_standings(section, section.standings_requested if requested is None else requested)
        return
    session, lines, boards = build_session(section)
    standings = session.standings()
    fields = session.fields or [""] * len(session.pairs)
    computed = section.standings_requested if requested is None else requested
    _store_standings(
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
    )
    stored = _stored_line_scores(section)
    changed = []
    for board, board_lines in lines.items():
        entry = boards[board]
        pct_ns, pct_ew = percentages(entry.score)
        for i, (result_id, _, _) in enumerate(board_lines):
            ns, ew = _number(entry.published_ns[i]), _number(entry.published_ew[i])
            if result_id in stored and _same(stored[result_id], (ns, ew)):
                continue
            changed.append((result_id, section.id, ns, ew, _number(pct_ns[i]), _number(pct_ew[i])))
    _store_line_scores(changed)


_STANDING_FIELDS = [field for field in Standing._meta.concrete_fields if not field.primary_key]


def _store_standings(standings: list[Standing], prizes: bool = False) -> None:
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
    rows = LineScore.objects.filter(section=section).values_list("result_id", "ns", "ew")
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
