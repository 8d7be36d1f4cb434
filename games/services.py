"""Score entry, confirmation, corrections, adjusted scores and conflicts: the rules of a Result's life.

Every function here validates with the engine (games.engine.bridge), writes the Result and a ResultVersion in one
transaction, and asks for the standings once it commits (scoring.services.standings_changed). Entry is safe under
concurrency on PostgreSQL: the row of a board already entered is locked (select_for_update) while it is compared,
and two first entries racing for the same board meet the unique constraints; the loser retries as a repeat.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable

from django.db import IntegrityError, connection, transaction
from django.db.models import Q

from config.db import prepared_cursor
from config.refusals import Conflict, Forbidden, NotFound, Refused
from games.engine.bridge import Call
from games.engine.cards import Card, Seat
from games.formats.numbers import INTEGER, POSITIVE, NumberError, whole_number
from games.lines import HandRefused, Line, score_line
from games.models import (
    Board,
    LeadRefusal,
    PlayRecord,
    Publication,
    Result,
    ResultConflict,
    ResultStatus,
    ResultVersion,
)
from games.rows import insert, insert_with
from games.versions import version_row
from scoring.methods.matchpoints import ARTIFICIAL_PERCENTAGES, Artificial, adjusted_score, assigned_scores
from scoring.models import Standing
from scoring.services import refresh_standings, standings_changed
from tournaments.models import Entry, Seating, Section, Status
from tournaments.rounds import entry_round
from tournaments.selectors import section_field

LEAD_TRIES = 3
"""Leads a table may send for a board that are not in the leader's hand before its entry goes to the director."""


def snapshot(result: Result) -> dict:
    """A Result's values as a version row keeps them."""
    return {
        "board": result.board.number, "round": result.round, "table": result.table, "ns": result.ns.number,
        "ew": result.ew.number, "contract": result.contract, "declarer": result.declarer, "lead": result.lead,
        "tricks": result.tricks, "score_ns": result.score_ns, "honors": result.honors, "adjusted": result.adjusted,
        "assigned": result.assigned, "status": result.status,
    }  # fmt: skip


def _version(result: Result, kind: str, before: dict | None, by: str, user=None, reason: str = ""):
    """The Result's version row for the change just made (its `version` counts them)."""
    return version_row(result, snapshot(result), before, number=result.version, kind=kind, by=by, user=user,
                       reason=reason)  # fmt: skip


def _add_version(
    result: Result, kind: str, before: dict | None, by: str, user=None, reason: str = ""
) -> None:
    insert(_version(result, kind, before, by, user, reason))


def _same_line(result: Result, line: Line) -> bool:
    """The same result again: a lead that differs from the stored one (or adds one) is a different result, never
    dropped; sending no lead repeats whatever is stored."""
    return (
        not result.adjusted and not result.assigned and result.contract == line.contract
        and result.declarer == line.declarer and result.tricks == line.tricks and result.honors == line.honors
        and (not line.lead or result.lead == line.lead)
    )  # fmt: skip


def _takes_scores(section: Section, user) -> None:
    """Only a running section takes scores, but from a director (`user`) at any time."""
    if section.status != Status.RUNNING and user is None:
        raise Conflict(f"{section} is {section.get_status_display().lower()}: scores are not taken")


def _new_result(
    section: Section, board: Board, ns: Entry, ew: Entry, line: Line, round: int | None, table: int | None
) -> Result:
    """A Result of the line, not yet stored."""
    return Result(
        section=section, board=board, round=round, table=table, ns=ns, ew=ew, contract=line.contract,
        declarer=line.declarer, lead=line.lead, tricks=line.tricks, score_ns=line.score_ns, honors=line.honors,
        adjusted=line.adjusted, assigned=line.assigned,
    )  # fmt: skip


def enter_result(section: Section, board: Board, ns: Entry, ew: Entry, line: Line, *, round: int | None = None,
                 table: int | None = None, by: str, user=None) -> tuple[Result, bool]:  # fmt: skip
    """Store a result (a table's entry, a director's, or an imported file's line, which may carry an adjusted score);
    (result, True) when it is new, (result, False) when the same one was already in.

    A different result for a board these pairs already have raises Conflict with both versions; the
    proposal is kept as a ResultConflict for the director.
    """
    _takes_scores(section, user)
    for _ in range(3):
        try:
            # The usual case, a Board's first result for these pairs: the result and its version in one go.
            result = _new_result(section, board, ns, ew, line, round, table)
            insert_with(result, _version(result, "entered", None, by, user), "result")
        except IntegrityError:
            pass  # these pairs (or one of them) have a result on this Board already: compare with it
        else:
            standings_changed(section.id)  # after the commit (at once, unless in a caller's transaction)
            Result.line_score.related.set_cached_value(result, None)  # not scored yet: no query to find out
            return result, True
        with transaction.atomic():
            existing = (
                Result.objects.select_for_update(no_key=True, of=("self",))
                .select_related("board", "ns", "ew")
                .filter(board=board)
                .filter(Q(ns=ns) | Q(ew=ew))
                .first()
            )
            if existing is None:
                continue  # removed meanwhile: try the insert again
            if existing.ns_id == ns.id and existing.ew_id == ew.id and _same_line(existing, line):
                return existing, False
            proposed = line.as_dict() | {"ns": ns.number, "ew": ew.number}
            conflict = next(
                (c for c in existing.conflicts.filter(resolved=False) if c.proposed == proposed), None
            ) or ResultConflict.objects.create(result=existing, proposed=proposed, sent_by_label=by)
            stored = snapshot(existing)
        raise Conflict(
            f"board {board.number}: a different result is already entered for pairs {stored['ns']} and "
            f"{stored['ew']} ({_describe(stored)}); the director has been asked to resolve it",
            stored=stored, sent=proposed, conflict=conflict.id,
        )  # fmt: skip
    raise Conflict(f"board {board.number}: could not store the result, try again")


Played = tuple[Board, Entry, Entry, Line]
"""A result to enter: its board, its pairs (N-S, E-W) and the line, which names its round and table."""


@transaction.atomic
def enter_results(section: Section, played: Iterable[Played], *, by: str, user=None) -> list[Result]:
    """Store many results at once (an imported file's), all or none, in their order: each built and versioned as
    enter_result builds one. A pair with two results on a board refuses them all, naming the line (its `where`).

    Into a section with no results yet (one being imported, that nobody else sees) they go in with one insert of
    the results and one of their versions; if one comes in meanwhile, or the section has some, one by one through
    enter_result."""
    _takes_scores(section, user)
    lines = list(played)
    seen: dict[tuple[int, int], str] = {}
    for board, ns, ew, line in lines:
        where = line.where or f"board {board.number}"
        for entry in (ns, ew):
            if (board.id, entry.id) in seen:
                raise Refused(f"{where}: pair {entry.tag} already has a result on board {board.number} "
                              f"({seen[(board.id, entry.id)]})")  # fmt: skip
            seen[(board.id, entry.id)] = where
    if not section.results.exists():
        results = [
            _new_result(section, board, ns, ew, line, line.round, line.table) for board, ns, ew, line in lines
        ]
        try:
            with transaction.atomic():
                Result.objects.bulk_create(results)
                ResultVersion.objects.bulk_create(
                    [_version(result, "entered", None, by, user) for result in results]
                )
        except IntegrityError:
            pass  # a result came in meanwhile: one by one
        else:
            standings_changed(section.id)
            return results
    return [enter_result(section, board, ns, ew, line, round=line.round, table=line.table, by=by, user=user)[0]
            for board, ns, ew, line in lines]  # fmt: skip


def _describe(values: dict) -> str:
    if values.get("adjusted"):
        return f"adjusted {values['adjusted']}"
    if values.get("contract") == "Pass":
        return "passed out"
    return f"{values.get('contract')} by {values.get('declarer')}, {values.get('tricks')} tricks, {values.get('score_ns')}"


SEATING_COLUMNS = (
    "st.id, st.boards, st.ns_id, ns.number, st.ew_id, ew.number, b.id, b.dealer, b.vulnerability, b.deal, "
    "COALESCE(lr.count, 0)"
)
"""What table_and_board reads of a table's seating (st) and board: its pairs, the board and the leads refused."""
SEATING_JOINS = """(tournaments_seating st
    LEFT JOIN tournaments_entry ns ON ns.id = st.ns_id
    LEFT JOIN tournaments_entry ew ON ew.id = st.ew_id
    LEFT JOIN games_board b ON b.section_id = st.section_id AND b.number = %s
    LEFT JOIN games_leadrefusal lr ON lr.board_id = b.id AND lr."table" = st."table")"""
"""The tables SEATING_COLUMNS reads, given the board's number."""
SEATING_ON = 'st.section_id = s.id AND st.round = s.current_round AND st."table" = c."table"'
"""SEATING_JOINS joined on a table code (c) and its Section (s): the code's table in the director's round."""
_TABLE_AND_BOARD = f'SELECT {SEATING_COLUMNS} FROM {SEATING_JOINS} WHERE st.section_id = %s AND st.round = %s AND st."table" = %s'


def _loaded(model, section: Section, **values):
    """A row of `model` in `section` from the values a raw query read; its other fields load when first used
    (deferred, as with QuerySet.only), never stand in as defaults."""
    values["section_id"] = section.id
    names = _names(model, frozenset(values))
    row = model.from_db(connection.alias, names, [values[name] for name in names])
    model.section.field.set_cached_value(row, section)  # its id is the one given: no descriptor checks needed
    return row


@functools.cache
def _names(model, given: frozenset[str]) -> list[str]:
    """The fields of `model` among `given`, in the model's order (as Model.from_db takes them)."""
    return [field.attname for field in model._meta.concrete_fields if field.attname in given]


def _boards(row: tuple) -> list[int]:
    """The boards of a row of SEATING_COLUMNS (none when no seating matched)."""
    boards = row[1]
    return json.loads(boards) if isinstance(boards, str) else boards or []


def table_and_board(
    section: Section, table: int, number, round_number: int | None = None, read: tuple | None = None
) -> tuple[Seating, Board, int]:
    """The Seating at the table in the round it enters board `number` in (tournaments.rounds.entry_round; a
    terminal such as a Bridgemate names its `round_number`), with its pairs, the Board and how many leads the table
    sent for it were refused (LeadRefusal), or Refused naming why. `read` is (board number, row of SEATING_COLUMNS
    in the director's round) when the table code's query read them already.

    One prepared SQL statement instead of the ORM's three: this is the path of every scorer's entry, where
    building the queries cost more than running them, and planning the join more than running it (bench/api.py).
    """
    try:
        number = whole_number(number, "board", POSITIVE)
    except NumberError as error:
        raise Refused(str(error)) from None
    if round_number is None and read is not None and read[0] == number and number in _boards(read[1]):
        # the board is at this table in the director's round, as the table code's query read it
        row, round_number = read[1], section.current_round
    else:
        round_number = round_number or entry_round(section, table, number)
        with prepared_cursor() as cursor:
            cursor.execute(_TABLE_AND_BOARD, [number, section.id, round_number, table])
            row = cursor.fetchone()
    if row is None:
        raise NotFound(f"table {table} has no seating in round {round_number}")
    seating_id, boards, ns_id, ns_number, ew_id, ew_number, board_id, dealer, vulnerability, deal, refused = (
        row
    )
    seating = _loaded(
        Seating,
        section,
        id=seating_id,
        round=round_number,
        table=table,
        ns_id=ns_id,
        ew_id=ew_id,
        boards=_boards(row),
    )
    seating.ns = _loaded(Entry, section, id=ns_id, number=ns_number) if ns_id else None
    seating.ew = _loaded(Entry, section, id=ew_id, number=ew_number) if ew_id else None
    if board_id is None:
        raise NotFound(f"board {number} is not in this section")
    if number not in seating.boards:
        played = ", ".join(map(str, seating.boards)) or "none"
        raise Forbidden(
            f"board {number} is not played at table {table} in round {seating.round} (boards {played})"
        )
    board = _loaded(Board, section, id=board_id, number=number, dealer=dealer, vulnerability=vulnerability,
                    deal=deal)  # fmt: skip
    return seating, board, refused


def enter_at_table(
    section: Section,
    table: int,
    values: dict,
    round_number: int | None = None,
    by: str = "",
    read: tuple | None = None,
) -> tuple[Result, bool]:
    """A scorer's entry: the board must have been seated at this table up to the director's round, in the round
    table_and_board finds (a table terminal such as a Bridgemate names its round); pairs come from the seating
    (`read`: as table_and_board takes it)."""
    if section.status != Status.RUNNING:
        raise Conflict(f"{section} is not running: scores are not taken")
    seating, board, refused = table_and_board(section, table, values.get("board"), round_number, read)
    if refused >= LEAD_TRIES:
        raise Forbidden(_director_enters(board, table, refused))
    if seating.ns is None or seating.ew is None:
        raise Conflict(f"table {table} has a sit-out in round {seating.round}: nothing to score")
    entered = (values.get("contract"), values.get("declarer"), values.get("tricks"), values.get("lead", ""),
               values.get("honors", ""))  # fmt: skip
    if (entered[3] or entered[4]) and board.deal:
        line = _score_counted(section, board, table, *entered)
    else:
        line = score_line(section, board, *entered)
    return enter_result(section, board, seating.ns, seating.ew, line, round=seating.round, table=table,
                        by=by or f"table {table} scorer")  # fmt: skip


def _director_enters(board: Board, table: int, refused: int) -> str:
    return (
        f"board {board.number}: {refused} entries sent from table {table} did not match the board's hands (a lead "
        "or honors); the director must enter this board"
    )


def _score_counted(section: Section, board: Board, table: int, *entered) -> Line:
    """A table's result checked against the board's hands: a lead not in the leader's hand, or honors the hands do
    not hold, is refused without naming a card and counted, and past LEAD_TRIES the table's entry of the board goes
    to the director, so refusals cannot rebuild a hidden hand. The Board's row is locked while the count is read
    and raised: concurrent tries wait their turn."""
    with transaction.atomic():
        Board.objects.select_for_update(no_key=True).filter(id=board.id).exists()
        refusals = LeadRefusal.objects.filter(board_id=board.id, table=table).first()
        refused = refusals.count if refusals else 0
        if refused >= LEAD_TRIES:
            raise Forbidden(_director_enters(board, table, refused))
        try:
            return score_line(section, board, *entered)
        except HandRefused as error:
            refusal = error
            refused += 1
            LeadRefusal.objects.update_or_create(board_id=board.id, table=table, defaults={"count": refused})
    if refused >= LEAD_TRIES:
        raise Forbidden(_director_enters(board, table, refused))
    left = LEAD_TRIES - refused
    raise Refused(
        f"board {board.number}: {refusal.table_message} "
        f"({left} more {'try' if left == 1 else 'tries'} before the director must enter this board)"
    )


def confirm_at_table(section: Section, table: int, number, side: str) -> Result:
    """The opponents of the side that entered (or either side) confirm the result at their table."""
    seating, board, _ = table_and_board(section, table, number)
    side = (side or "").upper().replace("-", "")
    if side not in ("NS", "EW"):
        raise Refused(f"side {side!r} is not NS or EW")
    with transaction.atomic():
        result = (
            Result.objects.select_for_update(no_key=True, of=("self",))
            .select_related("board", "ns", "ew")
            .filter(board=board, ns=seating.ns, ew=seating.ew)
            .first()
        )
        if result is None:
            raise NotFound(f"board {board.number} has no result at table {table} to confirm")
        if result.conflicts.filter(resolved=False).exists():
            raise Conflict(f"board {board.number}: a different result was sent for it; the director decides which "
                           "stands, so there is nothing to confirm yet")  # fmt: skip
        if result.versions.filter(changed_by__isnull=False).exists():
            raise Conflict(
                f"board {board.number}: the director entered this result; there is nothing to confirm"
            )
        if result.status != ResultStatus.CONFIRMED:
            before = snapshot(result)
            result.status, result.confirmed_by = ResultStatus.CONFIRMED, side
            result.version += 1
            result.save(update_fields=["status", "confirmed_by", "version", "updated"])
            _add_version(result, "confirmed", before, f"table {table} {side}")
    return result


def _change(result: Result, kind: str, user, reason: str, **values) -> Result:
    if not (reason or "").strip():
        raise Refused(f"board {result.board.number}: a {kind} needs a reason")
    with transaction.atomic():
        locked = (
            Result.objects.select_for_update(no_key=True, of=("self",))
            .select_related("board", "ns", "ew")
            .get(id=result.id)
        )
        before = snapshot(locked)
        for name, value in values.items():
            setattr(locked, name, value)
        locked.version += 1
        locked.save()
        _add_version(locked, kind, before, f"director {user.get_username()}", user, reason.strip())
        if locked.section.status == Status.PUBLISHED:
            publish(locked.section, f"director {user.get_username()}", locked, reason.strip())
        else:
            standings_changed(locked.section_id)
    return locked


def mark_not_played(section: Section, seating: Seating, number: int, user, reason: str) -> Result:
    """A missing result the director marks not played: a Result with no score, scored as the scoring core scores
    a board not played (NOT_PLAYED: the pairs' board count drops), with who, when and why in its version."""
    where = f"board {number}, table {seating.table}, round {seating.round}"
    if section.status not in (Status.RUNNING, Status.FINISHED):
        raise Conflict(f"{section} is {section.get_status_display().lower()}: no result is marked not played")
    if not (reason or "").strip():
        raise Refused(f"{where}: marking it not played needs a reason")
    if number not in seating.boards or seating.ns is None or seating.ew is None:
        raise NotFound(f"{where}: no pairs play this board at this table in this round")
    board = Board.objects.filter(section=section, number=number).first()
    if board is None:
        raise NotFound(f"{section} has no board {number}")
    result = Result(section=section, board=board, round=seating.round, table=seating.table, ns=seating.ns,
                    ew=seating.ew)  # fmt: skip
    try:
        insert_with(result, _version(result, "not played", None, f"director {user.get_username()}", user,
                                     reason.strip()), "result")  # fmt: skip
    except IntegrityError:
        raise Conflict(f"{where}: a result is already entered") from None
    standings_changed(section.id)
    return result


def publish(section: Section, by: str, amended: Result | None = None, reason: str = "") -> Publication:
    """Freeze a version of the results: the standings (brought up to date here, in this transaction) and each
    board's results. With `amended`, the version is an amendment naming that board, its table and the reason."""
    refresh_standings(section.id)
    field = section_field(section)  # scored across the field: the field's ranking, each pair with its section
    standings = [
        {"field": s.field, "place": s.place, "rank": s.rank, "number": s.entry.number, "name": s.entry.name,
         "tag": f"{s.entry.section.name} {s.entry.tag}" if len(field) > 1 else s.entry.tag,
         "total": s.total, "percentage": s.percentage, "boards": s.boards}
        for s in Standing.objects.filter(section__in=field).select_related("entry__section").order_by(
            "field", "place", "entry__section__name", "entry__number")
    ]  # fmt: skip
    results = [
        snapshot(r) for r in Result.objects.filter(section=section).select_related("board", "ns", "ew")
    ]
    last = section.publications.order_by("-number").values_list("number", flat=True).first() or 0
    return Publication.objects.create(
        section=section, number=last + 1, published_by=by, standings=standings, results=results,
        board=amended.board.number if amended else None, table=amended.table if amended else None, reason=reason,
    )  # fmt: skip


def correct_result(result: Result, values: dict, user, reason: str) -> Result:
    """A director's correction: the new values are checked and scored like an entry; the old are kept."""
    line = score_line(result.section, result.board, values.get("contract"), values.get("declarer"),
                      values.get("tricks"), values.get("lead", ""), values.get("honors", ""))  # fmt: skip
    return _change(result, "corrected", user, reason, **line.as_dict(), adjusted="", assigned=False)


def adjust_result(result: Result, user, reason: str, adjusted: str = "", score_ns=None) -> Result:
    """An adjusted score: artificial ("A6040", "A+"; Law 12C2), weighted ("60% +420, 40% -50"; Law 12C1(c)),
    split ("N-S +420 / E-W -50", either side may be weighted; Law 12C1(b)) or an assigned N-S score (Law 12C1).

    Weighted and split scores are kept in `adjusted` (their code) with `assigned` set and no score_ns; scoring.methods
    scores them part by part, at matchpoints and at IMPs."""
    where = f"board {result.board.number}"
    if bool(adjusted) == (score_ns is not None):
        raise Refused(f"{where}: give either an adjusted score (A6040, 60% +420, 40% -50, N-S +420 / E-W -50) "
                      "or an assigned score_ns")  # fmt: skip
    if adjusted:
        try:
            score = adjusted_score(adjusted)
        except ValueError as error:
            raise Refused(f"{where}: {error}") from None
        if isinstance(score, Artificial):
            if not score.lawful:
                raise Refused(f"{where}: adjusted {adjusted!r} is not an artificial score the Laws give: "
                              f"each side gets {' or '.join(map(str, ARTIFICIAL_PERCENTAGES))} % (Law 12C2)")  # fmt: skip
            return _change(
                result, "adjusted", user, reason, adjusted=score.code, score_ns=None, assigned=False
            )
        for part in assigned_scores(score):
            _check_assigned(where, part)
        if len(score.code) > Result._meta.get_field("adjusted").max_length:
            raise Refused(f"{where}: {score.code!r} is longer than an adjusted score may be")
        return _change(result, "adjusted", user, reason, adjusted=score.code, score_ns=None, assigned=True)
    try:
        assigned = whole_number(score_ns, "assigned score", INTEGER)
    except NumberError as error:
        raise Refused(f"{where}: {error}") from None
    _check_assigned(where, assigned)
    return _change(result, "adjusted", user, reason, adjusted="", score_ns=assigned, assigned=True)


def _check_assigned(where: str, score: int) -> None:
    if score % 10:
        raise Refused(f"{where}: assigned score {score} is not a multiple of 10")


def resolve_conflict(conflict: ResultConflict, accept: bool, user, reason: str) -> ResultConflict:
    """Accept the proposed result (a correction) or dismiss it; either way the conflict is closed."""
    if conflict.resolved:
        raise Conflict(f"conflict {conflict.id} is already {conflict.resolution}")
    with transaction.atomic():
        if accept:
            correct_result(conflict.result, conflict.proposed, user, reason)
        elif not (reason or "").strip():
            raise Refused("dismissing a conflict needs a reason")
        conflict.resolved, conflict.resolution = True, "accepted" if accept else "dismissed"
        conflict.save(update_fields=["resolved", "resolution"])
    return conflict


def record_play(result: Result, auction, play, claim) -> PlayRecord:
    """Attach the auction, play and claim of a result, as recorded (play_record's checks), in place of any kept."""
    record = play_record(result, auction, play, claim)
    stored, _ = PlayRecord.objects.update_or_create(
        result=result,
        defaults={"auction": record.auction, "play": record.play, "claim": claim, "audit": None},
    )
    return stored


_card = functools.cache(Card.parse)
_call = functools.cache(Call.parse)
"""The engine's readings of a card and a call, kept: a file's plays name the same 52 cards thousands of times."""


def play_record(result: Result, auction, play, claim) -> PlayRecord:
    """A result's auction, play and claim as recorded, not yet stored (an import stores a file's at once). The
    replay audit judges them later; here only their shape is checked: calls and cards the engine can read, at
    most 13 tricks of four columns."""
    where = f"board {result.board.number}"
    calls = list(auction or [])
    for i, call in enumerate(calls, start=1):
        try:
            _call(str(call))
        except ValueError as error:
            raise Refused(f"{where}: call {i}: {error}") from None
    layout = play or {}
    if layout:
        if not isinstance(layout, dict) or not isinstance(layout.get("tricks"), list):
            raise Refused(f'{where}: the play is {{"first": seat, "tricks": [[four cards], ...]}}')
        try:
            Seat.parse(str(layout.get("first", "")))
        except ValueError as error:
            raise Refused(f"{where}: the play's first seat: {error}") from None
        if len(layout["tricks"]) > 13:
            raise Refused(f"{where}: {len(layout['tricks'])} tricks, at most 13")
        for number, trick in enumerate(layout["tricks"], start=1):
            if not isinstance(trick, list) or len(trick) != 4:
                raise Refused(f'{where}: trick {number} is not four cards ("-" for one not played)')
            for card in trick:
                if card != "-":
                    try:
                        _card(str(card))
                    except ValueError as error:
                        raise Refused(f"{where}: trick {number}: {error}") from None
    if claim is not None and not (isinstance(claim, int) and 0 <= claim <= 13):
        raise Refused(f"{where}: claim {claim!r} is not 0 to 13 tricks")
    return PlayRecord(result=result, auction=[str(c) for c in calls], play=layout, claim=claim)
