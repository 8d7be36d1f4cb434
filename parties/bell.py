"""The bell of a progressive party: every table's tally frozen as it stands, the round's winners decided
(parties.standings.decide_table), the next round seated by the book's movement (tournaments.movements.progressive,
the forts' round of military euchre) or as the host gives it, or the party ended; then the standings follow.

`start_bell` rings it as a job (parties.tasks), so that a second delivery cannot ring twice; `ring_bell` is the
write itself, for a seating the host gives."""

from __future__ import annotations

from django.db import transaction

from config.refusals import Conflict, Refused
from games.engine.cards import Side
from jobs import services as job_services
from jobs.models import Job
from jobs.services import JobFailed
from scoring.services import standings_changed
from tournaments import rounds
from tournaments.models import Seating, Section, Status
from tournaments.movements.progressive import Head, Method, progress, progress_hearts
from tournaments.services import entrant_number, record_reason

from . import players
from .core import MOST_SITTING_OUT, PartyKind, PartySettings, forts_played, next_fort_game, party_kind
from .models import Tally
from .settings import party_settings
from .standings import decide_table
from .tallies import tally_snapshot, tally_version


def _next_seating(section: Section, round_number: int, rows: list[dict], out: list[int]) -> None:
    """Round `round_number` seated as given, every player present seated once or sitting out (`out`)."""
    numbers = set(players.present(section, round_number))
    seen: set[int] = set()
    for number in out:
        if number not in numbers or number in seen:
            raise Refused(f"sitting out: player {number} is not in the party or is listed twice")
        seen.add(number)
    if len(out) > MOST_SITTING_OUT:
        raise Refused(f"{len(out)} sitting out: at most {MOST_SITTING_OUT} sit out, the rest make a table")
    tables: set[int] = set()
    for i, row in enumerate(rows, start=1):
        where = f"next seating row {i}"
        table = row.get("table") if isinstance(row, dict) else None
        seats = row.get("seats") if isinstance(row, dict) else None
        if (
            not isinstance(table, int)
            or table in tables
            or not isinstance(seats, dict)
            or set(seats) != set("NESW")
        ):
            raise Refused(f"{where}: give a new table number and seats N, E, S and W")
        tables.add(table)
        for seat, player in seats.items():
            number = entrant_number(player, f"{where} seat {seat}")
            if number not in numbers or number in seen:
                raise Refused(
                    f"{where} seat {seat}: player {number} is not in the party, is seated twice or sits out"
                )
            seen.add(number)
    if seen != numbers:
        raise Refused(f"next seating: players {', '.join(map(str, sorted(numbers - seen)))} have no seat")
    Seating.objects.bulk_create(
        Seating(
            section=section,
            round=round_number,
            table=row["table"],
            seats={seat: int(str(p)) for seat, p in row["seats"].items()},
        )  # fmt: skip
        for row in rows
    )
    players.add_tables(section, tables)
    players.record_sitting_out(section, round_number, out)


@transaction.atomic
def ring_bell(
    section: Section,
    user,
    next_seating: list[dict] | None = None,
    last: bool = False,
    cuts: dict[int, str] | None = None,
    confirm: bool = False,
    round_number: int | None = None,
    sitting_out: list[int] | None = None,
) -> Section:
    """The head table's bell: every table's tally is frozen as it stands, the round's winners are decided (Hoyle
    1940 L11413–11416, through scoring.methods.books.games_won), and the next round is seated (or, last, the
    party ends). cuts: the side that won the cut at a tied table ({3: "NS"}), kept as its winners (who move)
    with no punches (the cut wins no game). Tables that sent no tally need the host's confirmation
    (config.refusals.NeedsConfirmation), as the desk's next round does; ringing anyway is recorded.
    round_number: the round the bell was rung for (checked). sitting_out: who sits the next round out (every other
    player present is seated once)."""
    section = Section.objects.select_for_update(no_key=True).get(id=section.id)
    if section.status != Status.RUNNING or not section.is_party:
        raise Conflict(f"{section} is not a running progressive party")
    check_round(section, round_number)
    if not last and not next_seating:
        raise Refused(
            "give the next round's seating (tables with seats N, E, S, W), or last=true to end the party"
        )
    reason = rounds.ask_first(section, "bell", confirm)
    number = section.current_round
    tallies = []
    for table in section.seatings.filter(round=number).values_list("table", flat=True):
        tally, _ = Tally.objects.get_or_create(section=section, round=number, table=table)
        tallies.append(tally)
    by = "the bell" if user is None else f"director {user.get_username()}"
    for tally in tallies:
        before = tally_snapshot(tally)
        tally.winners, tally.punches = decide_table(section, tally)
        tally.winners = tally.winners or (cuts or {}).get(tally.table, "")
        tally.frozen = True
        tally.save(update_fields=["winners", "punches", "frozen", "updated"])
        tally_version(tally, "frozen", before, by, user)
    if last:
        section.status = Status.FINISHED
        section.save(update_fields=["status"])
    else:
        _next_seating(section, number + 1, next_seating, list(sitting_out or []))
        rounds.advance(section, number + 1)
    if reason:
        record_reason(section, user, reason)
    standings_changed(section.id)
    return section


def check_round(section: Section, round_number: int | None) -> None:
    """Refuse a bell rung for a round that is not in play (a second bell from a page of an earlier round must not
    end the next one). None: the caller named no round (a program's bell), the round in play."""
    if round_number is not None and round_number != section.current_round:
        raise Conflict(
            f"that bell was for round {round_number}, but round {section.current_round} is in play: nothing was "
            f"rung; ring again when round {section.current_round} is over"
        )


def start_bell(
    section: Section,
    user=None,
    last: bool = False,
    confirm: bool = False,
    round_number: int | None = None,
    **options,
) -> Job:
    """The bell as a job for `round_number` (checked: the round in play, the default), so that a second delivery
    cannot ring twice. Tables that sent no tally are asked about first, as ring_bell asks (the job rings with the
    host's confirmation)."""
    check_round(section, round_number)
    rounds.ask_first(section, "bell", confirm)
    arguments = {"round": section.current_round, "last": last, **options}
    return job_services.start("bell", section, arguments, user)


def _moved(
    section: Section, seating, winners: list[str], punched: list[list[int]], method: Method, head: Head
) -> tuple:
    """The next round's seating by the book's movement from a round's winners (hearts: the punched lady and
    gentleman of each table)."""
    kind = party_kind(section.movement_kind)
    settings = party_settings(section)
    if kind.game == "hearts":
        her = settings.ladies_of(section.entries.count())
        return progress_hearts(
            seating,
            [next(p for p in won if p in her) for won in punched],
            [next(p for p in won if p not in her) for won in punched],
            her,
        )
    her = settings.ladies_of(section.entries.count()) if kind.mixed else ()
    return progress(seating, [Side(w) for w in winners], method, head, her)


def _how(kind: PartyKind, settings: PartySettings, args: dict) -> tuple[Method, Head]:
    """How a bell moves the players: the method given to its job, else the one set up with the party, else its
    kind's (couples: method 2, L11405–11408); the head table's winners per `head`, else the kind's rule
    (parties.core.HEAD_RULES). ValueError for a method or rule that is not one."""
    chosen = settings.method or kind.method or Method.TOGETHER
    return Method(args.get("method", chosen.value)), Head(args.get("head", kind.head.value))


def who_moved(values: dict, hearts: bool) -> tuple[str, frozenset[str]]:
    """Who a tally's figures (tally_snapshot) send on: the winners, or a hearts table's punched lady and gentleman."""
    return values.get("winners") or "", frozenset(values.get("punches") or {}) if hearts else frozenset()


def moves_changed(section: Section) -> list[tuple[Tally, dict]]:
    """The frozen tallies of rounds followed by another whose correction changed who moved (the winners, or a
    hearts table's punches) since the next round was seated, each with its figures as they were seated by (at its
    bell, or at a re-seat since). Military euchre's forts and a fixed movement move the same way whoever wins."""
    if not party_kind(section.movement_kind).moves_by_winners:
        return []
    hearts = section.game == "hearts"
    changed = []
    for tally in Tally.objects.filter(section=section, frozen=True, round__lt=section.current_round).order_by(
        "round", "table"
    ):
        seated = tally.versions.filter(kind__in=("frozen", "reseated")).order_by("-number").first()
        if (
            seated
            and seated.after
            and who_moved(seated.after, hearts) != who_moved(tally_snapshot(tally), hearts)
        ):
            changed.append((tally, seated.after))
    return changed


@transaction.atomic
def reseat(section: Section, user) -> Section:
    """The round in play seated again by the book's movement from the corrected winners of the round before, when a
    correction changed who moved (moves_changed) and no table has entered a tally of the round yet."""
    section = Section.objects.select_for_update(no_key=True).get(id=section.id)
    number = section.current_round
    if section.status != Status.RUNNING or not section.is_party or number < 2:
        raise Conflict(f"{section} has no running round seated after a bell to seat again")
    if not (kind := party_kind(section.movement_kind)).moves_by_winners:
        raise Conflict(
            f"{kind.title} moves its players the same way whoever won: there is nothing to re-seat"
        )
    if begun := list(
        Tally.objects.filter(section=section, round=number, version__gt=0).values_list("table", flat=True)
    ):
        raise Conflict(
            f"round {number} has begun: table{'s' if len(begun) > 1 else ''} {', '.join(map(str, sorted(begun)))} "
            "entered a tally; move the players by hand or correct the tallies again"
        )
    rows = list(section.seatings.filter(round=number - 1).order_by("table"))
    tallies = {t.table: t for t in Tally.objects.filter(section=section, round=number - 1)}
    if any(row.table not in tallies or not tallies[row.table].frozen for row in rows):
        raise Conflict(f"round {number - 1} has tables without a frozen tally: nothing to seat by")
    seating = tuple(tuple(int(row.seats[s]) for s in "NESW") for row in rows)
    winners = [tallies[row.table].winners for row in rows]
    punched = [[int(p) for p in tallies[row.table].punches] for row in rows]
    if section.game != "hearts" and not all(w in ("NS", "EW") for w in winners):
        raise Conflict(f"round {number - 1} has a table without winners: correct its tally first")
    job = (
        Job.objects.filter(section=section, kind="bell", arguments__round=number - 1).order_by("-id").first()
    )
    how = _how(kind, party_settings(section), job.arguments if job else {})
    seated = players.next_round(section, _moved(section, seating, winners, punched, *how), number)
    section.seatings.filter(round=number).delete()
    Tally.objects.filter(section=section, round=number).delete()
    _next_seating(section, number, [
        {"table": t, "seats": dict(zip("NESW", map(str, seats), strict=True))}
        for t, seats in enumerate(seated.tables, start=1)
    ], list(seated.sitting_out))  # fmt: skip
    by = f"director {user.get_username()}"
    for tally in tallies.values():
        tally_version(tally, "reseated", tally_snapshot(tally), by, user, f"round {number} seated again")
    return section


def bell_job(job: Job) -> dict:
    """Freeze every table, decide its winners, seat the next round by Hoyle 1940's movement (L11401–11411; the
    head table's winners per `head`, the kind's rule by default: parties.core.HEAD_RULES) with its sit-outs
    (parties.players.next_round) and publish it; or, last, end the party.

    The head table wins only by finishing its game (L11386–11391). A table tied when the bell rang has no winner (a game is "won by making the better score", L11413–11416), but
    before the last round somebody has to move, and the book does not say who (rules-hoyle-1940.md 1.7): the
    umpire cuts, and the job is given the side that moves as winners as `tied` ({"3": "NS"}); without it the job
    stops before anything changes and says so. The cut moves players; it wins no game."""
    args = job.arguments
    number, last = int(args["round"]), bool(args.get("last"))
    section = Section.objects.get(id=job.section_id)
    kind = party_kind(section.movement_kind)
    try:
        method, head = _how(kind, party_settings(section), args)
    except ValueError as exc:
        raise JobFailed(
            f"the bell: {exc}; the methods are together or split, the head table stay or wrap"
        ) from None
    with transaction.atomic():
        section = Section.objects.select_for_update(no_key=True).get(id=job.section_id)
        if section.current_round != number or section.status != Status.RUNNING:
            return _rung(section, number)  # this job rang it already, before its worker was lost
        rows = list(section.seatings.filter(round=number).order_by("table"))
        winners, cuts, punched = [], {}, []
        for row in rows:
            tally, _ = Tally.objects.get_or_create(section=section, round=number, table=row.table)
            if kind.game == "hearts":  # after each hand the winners move: a lady up, a gentleman down
                punched.append([int(p) for p in decide_table(section, tally)[1]])
                if not punched[-1] and not last:
                    raise JobFailed(f"round {number} table {row.table}: enter the hearts each player took")
                continue
            side = decide_table(section, tally)[0]
            if not side and args.get("tied", {}).get(str(row.table)) in ("NS", "EW"):
                side = cuts[row.table] = args["tied"][str(row.table)]
            if side not in ("NS", "EW") and not last and kind.fixed is None:  # a fixed movement moves anyway
                where = f"round {number} table {row.table}"
                if tally.ns_points == tally.ew_points:
                    raise JobFailed(
                        f"{where} is tied {tally.ns_points}–{tally.ew_points}: the book does not say who moves "
                        "after a tie at the bell; cut for it and ring again giving the side that won the cut"
                    )
                raise JobFailed(
                    f"{where} has no winner at {tally.ns_points}–{tally.ew_points}: the head table rings the "
                    "bell when a side has won its game; enter its final tally and ring again"
                )
            winners.append(side)
        seating = tuple(tuple(int(row.seats[s]) for s in "NESW") for row in rows)
        if kind.name == "military-euchre":  # the forts' fixed round: over when every fort has met every other
            moved = next_fort_game(seating)
            last = last or forts_played(moved)
        elif kind.fixed is not None:  # pivot, eight individual players: the book's rounds, then the end
            moved = () if last else kind.fixed_round(number + 1) or ()
            last = last or not moved
        elif last:
            moved = ()
        else:
            moved = _moved(section, seating, winners, punched, method, head)
        out: tuple[int, ...] = ()
        if not last and kind.moves_by_winners:  # the forts and a fixed movement seat everyone
            seated = players.next_round(section, moved, number + 1)
            moved, out = seated.tables, seated.sitting_out
        following = None if last else [
            {"table": t, "seats": dict(zip("NESW", map(str, seats), strict=True))}
            for t, seats in enumerate(moved, start=1)
        ]  # fmt: skip
        ring_bell(section, None, following, last=last, cuts=cuts, confirm=True, sitting_out=list(out))
    return _rung(Section.objects.get(id=section.id), number)


def _rung(section: Section, number: int) -> dict:
    """What the bell of round `number` left: the winners per table and the next round's seating."""
    tallies = Tally.objects.filter(section=section, round=number).order_by("table")
    seated = section.seatings.filter(round=number + 1).order_by("table")
    return {
        "round": number,
        "winners": {str(t.table): t.winners for t in tallies},
        "next": [{"table": s.table, "seats": s.seats} for s in seated],
        "sitting_out": players.sitting_out(section, number + 1),
        "finished": section.status != Status.RUNNING,
    }
