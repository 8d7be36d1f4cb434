"""Score entry, confirmation, corrections, adjusted scores and conflicts: the rules of a Result's life.

Every function here validates with the engine (games.engine.bridge), writes the Result and a ResultVersion in one
transaction, and asks for the standings once it commits (scoring.services.standings_changed). Entry is safe under
concurrency on PostgreSQL: the row of a board already entered is locked (select_for_update) while it is compared,
and two first entries racing for the same board meet the unique constraints; the loser retries as a repeat.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass

from django.db import IntegrityError, connection, transaction
from django.db.models import Q

from games.engine.bridge import Call, Contract, Vulnerability, rules, score_deal
from games.engine.cards import Card, Deal, DealError, Seat
from games.models import (
    Board,
    PlayRecord,
    Result,
    ResultConflict,
    ResultStatus,
    ResultVersion,
    Tally,
    TallyVersion,
)
from games.rows import insert, insert_with
from scoring.methods.matchpoints import Artificial, adjusted_score, assigned_scores
from scoring.services import decide_table, standings_changed
from tournaments.models import Entry, Seating, Section, Status


class Refused(ValueError):
    """A request the rules or the state forbid. `status` is the HTTP answer (400, 403, 404, 409); `extra` goes
    into the answer's body (the two versions of a conflict)."""

    def __init__(self, message: str, status: int = 400, **extra) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.extra = extra


@dataclass(frozen=True, slots=True)
class Line:
    """A result as entered, checked and scored: what a traveller line holds."""

    contract: str
    declarer: str
    lead: str
    tricks: int | None
    score_ns: int

    def as_dict(self) -> dict:
        return {"contract": self.contract, "declarer": self.declarer, "lead": self.lead, "tricks": self.tricks,
                "score_ns": self.score_ns}  # fmt: skip


def _seat_name(seat: Seat) -> str:
    return seat.name.title()


def score_line(
    section: Section, board: Board, contract: str, declarer: str = "", tricks=None, lead: str = ""
) -> Line:
    """Check a result against the engine and the board, and score it (rule set of the Section)."""
    where = f"board {board.number}"
    text = (contract or "").strip()
    if not text:
        raise Refused(f"{where}: no contract given (as in 4SX, 3NT or Pass)")
    try:
        parsed = Contract.parse(text)
    except ValueError as error:
        raise Refused(f"{where}: {error}") from None
    if parsed is None:
        return Line("Pass", "", "", None, 0)
    try:
        seat = Seat.parse(declarer or "")
    except ValueError:
        raise Refused(f"{where}: declarer {declarer!r} is not N, E, S or W") from None
    if tricks is None or tricks == "":
        raise Refused(f"{where}: tricks taken by declarer not given")
    try:
        taken = int(tricks)
    except (TypeError, ValueError):
        raise Refused(f"{where}: tricks {tricks!r} is not a number") from None
    if not 0 <= taken <= 13:
        raise Refused(f"{where}: {taken} tricks is not 0 to 13")
    card = ""
    if lead:
        try:
            card = str(Card.parse(lead))
        except ValueError as error:
            raise Refused(f"{where}: lead {error}") from None
        if board.deal:
            leader = seat.next
            try:
                hand = Deal.from_pbn(board.deal).hands[leader]
            except DealError as error:
                raise Refused(f"{where}: the stored deal is broken: {error}") from None
            if Card.parse(card) not in hand:
                raise Refused(
                    f"{where}: the lead {card} is not in {_seat_name(leader)}'s hand ({_seat_name(leader)} leads against {_seat_name(seat)})"
                )
    contract_value = Contract(parsed.level, parsed.denomination, parsed.penalty, seat)
    vulnerable = Vulnerability.parse(board.vulnerability).of(seat.side)
    try:
        score = score_deal(rules(section.rule_set), contract_value, taken, vulnerable).ns
    except ValueError as error:
        raise Refused(f"{where}: {error}") from None
    return Line(str(contract_value), seat.value, card, taken, score)


def snapshot(result: Result) -> dict:
    """A Result's values as a version row keeps them."""
    return {
        "board": result.board.number, "round": result.round, "table": result.table, "ns": result.ns.number,
        "ew": result.ew.number, "contract": result.contract, "declarer": result.declarer, "lead": result.lead,
        "tricks": result.tricks, "score_ns": result.score_ns, "adjusted": result.adjusted,
        "assigned": result.assigned, "status": result.status,
    }  # fmt: skip


def _version(
    result: Result, kind: str, before: dict | None, by: str, user=None, reason: str = ""
) -> ResultVersion:
    return ResultVersion(result=result, number=result.version, kind=kind, before=before, after=snapshot(result),
                         changed_by=user, changed_by_label=by, reason=reason)  # fmt: skip


def _add_version(
    result: Result, kind: str, before: dict | None, by: str, user=None, reason: str = ""
) -> None:
    insert(_version(result, kind, before, by, user, reason))


def _same_line(result: Result, line: Line) -> bool:
    return (
        not result.adjusted and not result.assigned and result.contract == line.contract
        and result.declarer == line.declarer and result.tricks == line.tricks
        and (not line.lead or not result.lead or result.lead == line.lead)
    )  # fmt: skip


def enter_result(section: Section, board: Board, ns: Entry, ew: Entry, line: Line, *, round: int | None = None,
                 table: int | None = None, by: str, user=None) -> tuple[Result, bool]:  # fmt: skip
    """Store a result; (result, True) when it is new, (result, False) when the same one was already in.

    A different result for a board these pairs already have raises Refused(409) with both versions; the
    proposal is kept as a ResultConflict for the director.
    """
    if section.status != Status.RUNNING and user is None:
        raise Refused(f"{section} is {section.get_status_display().lower()}: scores are not taken", 409)
    for _ in range(3):
        try:
            # The usual case, a Board's first result for these pairs: the result and its version in one go.
            result = Result(
                section=section, board=board, round=round, table=table, ns=ns, ew=ew, contract=line.contract,
                declarer=line.declarer, lead=line.lead, tricks=line.tricks, score_ns=line.score_ns,
            )  # fmt: skip
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
        raise Refused(
            f"board {board.number}: a different result is already entered for pairs {stored['ns']} and "
            f"{stored['ew']} ({_describe(stored)}); the director has been asked to resolve it",
            409, stored=stored, sent=proposed, conflict=conflict.id,
        )  # fmt: skip
    raise Refused(f"board {board.number}: could not store the result, try again", 409)


def _describe(values: dict) -> str:
    if values.get("adjusted"):
        return f"adjusted {values['adjusted']}"
    if values.get("contract") == "Pass":
        return "passed out"
    return f"{values.get('contract')} by {values.get('declarer')}, {values.get('tricks')} tricks, {values.get('score_ns')}"


def table_seating(section: Section, table: int, round_number: int | None = None) -> Seating:
    round_number = round_number or section.current_round
    seating = (
        Seating.objects.filter(section=section, round=round_number, table=table)
        .select_related("ns", "ew")
        .first()
    )
    if seating is None:
        raise Refused(f"table {table} has no seating in round {round_number}", 404)
    return seating


_TABLE_AND_BOARD = """
    SELECT st.id, st.boards, st.ns_id, ns.number, st.ew_id, ew.number, b.id, b.dealer, b.vulnerability, b.deal
    FROM tournaments_seating st
    LEFT JOIN tournaments_entry ns ON ns.id = st.ns_id
    LEFT JOIN tournaments_entry ew ON ew.id = st.ew_id
    LEFT JOIN games_board b ON b.section_id = st.section_id AND b.number = %s
    WHERE st.section_id = %s AND st.round = %s AND st."table" = %s
"""


def _loaded(model, section: Section, **values):
    """A row of `model` in `section` from the values a raw query read; its other fields load when first used
    (deferred, as with QuerySet.only), never stand in as defaults."""
    values["section_id"] = section.id
    names = [field.attname for field in model._meta.concrete_fields if field.attname in values]
    row = model.from_db(connection.alias, names, [values[name] for name in names])
    row.section = section
    return row


def table_and_board(section: Section, table: int, number) -> tuple[Seating, Board]:
    """This round's Seating at the table (with its pairs) and its Board numbered `number`, or Refused naming why.

    One SQL statement instead of the ORM's three: this is the path of every scorer's entry, where building the
    queries cost more than running them (bench/api.py).
    """
    try:
        number = int(number)
    except (TypeError, ValueError):
        raise Refused(f"board {number!r} is not a board number") from None
    with connection.cursor() as cursor:
        cursor.execute(_TABLE_AND_BOARD, [number, section.id, section.current_round, table])
        row = cursor.fetchone()
    if row is None:
        raise Refused(f"table {table} has no seating in round {section.current_round}", 404)
    seating_id, boards, ns_id, ns_number, ew_id, ew_number, board_id, dealer, vulnerability, deal = row
    seating = _loaded(
        Seating,
        section,
        id=seating_id,
        round=section.current_round,
        table=table,
        ns_id=ns_id,
        ew_id=ew_id,
        boards=json.loads(boards) if isinstance(boards, str) else boards,
    )
    seating.ns = _loaded(Entry, section, id=ns_id, number=ns_number) if ns_id else None
    seating.ew = _loaded(Entry, section, id=ew_id, number=ew_number) if ew_id else None
    if board_id is None:
        raise Refused(f"board {number} is not in this section", 404)
    if number not in seating.boards:
        played = ", ".join(map(str, seating.boards)) or "none"
        raise Refused(
            f"board {number} is not played at table {table} in round {seating.round} (boards {played})", 403
        )
    board = _loaded(Board, section, id=board_id, number=number, dealer=dealer, vulnerability=vulnerability,
                    deal=deal)  # fmt: skip
    return seating, board


def enter_at_table(section: Section, table: int, values: dict) -> tuple[Result, bool]:
    """A scorer's entry: the board must be at this table in the current round; pairs come from the seating."""
    if section.status != Status.RUNNING:
        raise Refused(f"{section} is not running: scores are not taken", 409)
    seating, board = table_and_board(section, table, values.get("board"))
    if seating.ns is None or seating.ew is None:
        raise Refused(f"table {table} has a sit-out in round {seating.round}: nothing to score", 409)
    line = score_line(section, board, values.get("contract"), values.get("declarer"), values.get("tricks"),
                      values.get("lead", ""))  # fmt: skip
    return enter_result(section, board, seating.ns, seating.ew, line, round=seating.round, table=table,
                        by=f"table {table} scorer")  # fmt: skip


def confirm_at_table(section: Section, table: int, number, side: str) -> Result:
    """The opponents of the side that entered (or either side) confirm the result at their table."""
    seating, board = table_and_board(section, table, number)
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
            raise Refused(f"board {board.number} has no result at table {table} to confirm", 404)
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
        standings_changed(locked.section_id)
    return locked


def correct_result(result: Result, values: dict, user, reason: str) -> Result:
    """A director's correction: the new values are checked and scored like an entry; the old are kept."""
    line = score_line(result.section, result.board, values.get("contract"), values.get("declarer"),
                      values.get("tricks"), values.get("lead", ""))  # fmt: skip
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
            return _change(
                result, "adjusted", user, reason, adjusted=score.code, score_ns=None, assigned=False
            )
        for part in assigned_scores(score):
            _check_assigned(where, part)
        if len(score.code) > Result._meta.get_field("adjusted").max_length:
            raise Refused(f"{where}: {score.code!r} is longer than an adjusted score may be")
        return _change(result, "adjusted", user, reason, adjusted=score.code, score_ns=None, assigned=True)
    try:
        assigned = int(score_ns)
    except (TypeError, ValueError):
        raise Refused(f"{where}: assigned score {score_ns!r} is not a whole number") from None
    _check_assigned(where, assigned)
    return _change(result, "adjusted", user, reason, adjusted="", score_ns=assigned, assigned=True)


def _check_assigned(where: str, score: int) -> None:
    if score % 10:
        raise Refused(f"{where}: assigned score {score} is not a multiple of 10")


def resolve_conflict(conflict: ResultConflict, accept: bool, user, reason: str) -> ResultConflict:
    """Accept the proposed result (a correction) or dismiss it; either way the conflict is closed."""
    if conflict.resolved:
        raise Refused(f"conflict {conflict.id} is already {conflict.resolution}", 409)
    with transaction.atomic():
        if accept:
            correct_result(conflict.result, conflict.proposed, user, reason)
        elif not (reason or "").strip():
            raise Refused("dismissing a conflict needs a reason")
        conflict.resolved, conflict.resolution = True, "accepted" if accept else "dismissed"
        conflict.save(update_fields=["resolved", "resolution"])
    return conflict


_CODE_LETTERS = "ACDEFHJKMNPQRTUVWXY3479"  # no look-alikes: 0/O, 1/I/L, B/8, S/5, G/6


def new_table_code() -> str:
    """A short code a scorer can type on a phone: six characters, 23^6 ≈ 148 million (with throttled tries)."""
    return "".join(secrets.choice(_CODE_LETTERS) for _ in range(6))


def _tally_values(table: int, seats: dict, values: dict) -> dict:
    """A tally's figures checked: counts 0-99, lone hands per seat turned into per player."""
    lone = {}
    for seat, count in (values.get("lone_hands") or {}).items():
        if seat not in seats:
            raise Refused(f"table {table}: lone hands for {seat!r}, which is not a seat (N, E, S, W)")
        if not isinstance(count, int) or count < 0:
            raise Refused(f"table {table}: lone hands {count!r} for {seat} is not a count")
        lone[str(seats[seat])] = count
    checked = {"lone_hands": lone}
    for name in ("hands", "ns_points", "ew_points"):
        value = values.get(name, 0)
        if not isinstance(value, int) or not 0 <= value <= 99:
            raise Refused(f"table {table}: {name} {value!r} is not a count from 0 to 99")
        checked[name] = value
    return checked


def tally_snapshot(tally: Tally) -> dict:
    return {"round": tally.round, "table": tally.table, "hands": tally.hands, "ns_points": tally.ns_points,
            "ew_points": tally.ew_points, "winners": tally.winners, "lone_hands": tally.lone_hands,
            "punches": tally.punches, "frozen": tally.frozen}  # fmt: skip


def tally_version(tally: Tally, kind: str, before: dict | None, by: str, user=None, reason: str = "") -> None:
    number = tally.versions.count() + 1
    TallyVersion.objects.create(tally=tally, number=number, kind=kind, before=before, after=tally_snapshot(tally),
                                changed_by=user, changed_by_label=by, reason=reason)  # fmt: skip


def record_tally(section: Section, table: int, values: dict) -> Tally:
    """A progressive table's running tally for the current round (replaced until the bell freezes it)."""
    if section.status != Status.RUNNING or section.scoring_method != "progressive":
        raise Refused(f"{section} is not a running progressive party", 409)
    seating = table_seating(section, table)
    checked = _tally_values(table, seating.seats, values)
    with transaction.atomic():
        tally, created = Tally.objects.select_for_update(no_key=True).get_or_create(
            section=section, round=seating.round, table=table
        )
        if tally.frozen:
            raise Refused(
                f"table {table}: the bell has rung for round {seating.round}; the tally is frozen", 409
            )
        before = None if created else tally_snapshot(tally)
        for name, value in checked.items():
            setattr(tally, name, value)
        tally.save()
        tally_version(tally, "entered", before, f"table {table} scorer")
    return tally


def correct_tally(section: Section, round_number: int, table: int, values: dict, user, reason: str) -> Tally:
    """A director's correction of a frozen tally: the table's winners are decided again, the standings follow."""
    if not (reason or "").strip():
        raise Refused(f"round {round_number} table {table}: a correction needs a reason")
    seating = Seating.objects.filter(section=section, round=round_number, table=table).first()
    if seating is None:
        raise Refused(f"round {round_number} has no table {table}", 404)
    checked = _tally_values(table, seating.seats, values)
    with transaction.atomic():
        tally = (
            Tally.objects.select_for_update(no_key=True)
            .filter(section=section, round=round_number, table=table)
            .first()
        )
        if tally is None or not tally.frozen:
            raise Refused(
                f"round {round_number} table {table}: only a tally frozen by the bell is corrected", 409
            )
        before = tally_snapshot(tally)
        for name, value in checked.items():
            setattr(tally, name, value)
        tally.winners, tally.punches = decide_table(section, tally)
        tally.save()
        tally_version(tally, "corrected", before, f"director {user.get_username()}", user, reason.strip())
        standings_changed(section.id)
    return tally


def record_play(result: Result, auction, play, claim) -> PlayRecord:
    """Attach the auction, play and claim of a result, as recorded (the replay audit judges them later; here only
    their shape is checked: calls and cards the engine can read, at most 13 tricks of four columns)."""
    where = f"board {result.board.number}"
    calls = list(auction or [])
    for i, call in enumerate(calls, start=1):
        try:
            Call.parse(str(call))
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
                        Card.parse(str(card))
                    except ValueError as error:
                        raise Refused(f"{where}: trick {number}: {error}") from None
    if claim is not None and not (isinstance(claim, int) and 0 <= claim <= 13):
        raise Refused(f"{where}: claim {claim!r} is not 0 to 13 tricks")
    record, _ = PlayRecord.objects.update_or_create(
        result=result,
        defaults={"auction": [str(c) for c in calls], "play": layout, "claim": claim, "audit": None},
    )
    return record
