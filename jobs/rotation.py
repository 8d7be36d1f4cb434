"""The seating jobs: a fixed-rotation party searched for under a time budget (best so far saved as it improves),
and the bell of a progressive party (freeze, winners, the next seating by the book's movement, publish)."""

from __future__ import annotations

import time

from django.db import transaction

from games.engine.cards import Side
from games.models import Tally
from parties.core import forts_played, next_fort_game, party_kind, party_ladies
from scoring.services import decide_table
from tournaments.models import Section, Status
from tournaments.movements.golfer import progressive_fixed
from tournaments.movements.jsonout import movement_data
from tournaments.movements.model import MovementError
from tournaments.movements.progressive import Head, Method, progress, progress_hearts
from tournaments.services import ring_bell

from . import services
from .models import Job
from .services import JobFailed


def rotate_job(job: Job) -> dict:
    """progressive_fixed(players, rounds) within `seconds`; each better schedule is stored as the job's result."""
    args = job.arguments
    try:
        players, rounds = int(args["players"]), int(args["rounds"])
        seconds = float(args.get("seconds", 10))
    except (KeyError, TypeError, ValueError):
        raise JobFailed(
            "a rotation needs a number of players and of rounds (and a time budget in seconds)"
        ) from None
    began = time.monotonic()

    def keep(movement, quality) -> None:
        best = {"movement": movement_data(movement), "quality": _quality(quality)}
        Job.objects.filter(id=job.id).update(result=best)
        services.progress(job, int(100 * (time.monotonic() - began) / max(seconds, 0.001)))

    try:
        movement, quality = progressive_fixed(
            players, rounds, seconds=seconds, seed=int(args.get("seed", 0)), on_best=keep
        )
    except MovementError as exc:
        raise JobFailed(f"no rotation for {players} players and {rounds} rounds: {exc}") from None
    return {
        "movement": movement_data(movement),
        "quality": _quality(quality),
        "seconds": round(time.monotonic() - began, 2),
    }


def _quality(quality) -> dict:
    return {
        "partner_repeats": quality.partner_repeats,
        "opponent_repeats": quality.opponent_repeats,
        "table_repeats": quality.table_repeats,
    }


def start_bell(section: Section, user=None, last: bool = False, **options) -> Job:
    """The bell as a job, for the round now being played (so that a second delivery cannot ring twice)."""
    arguments = {"round": section.current_round, "last": last, **options}
    return services.start("bell", section, arguments, user)


def bell_job(job: Job) -> dict:
    """Freeze every table, decide its winners, seat the next round by Hoyle 1940's movement (L11401–11411; the
    head table's winners per `head`, seed 002 L680 by default) and publish it; or, last, end the party.

    The head table wins only by finishing its game (L11386–11391). A table tied when the bell rang has no winner (a game is "won by making the better score", L11413–11416), but
    before the last round somebody has to move, and the book does not say who (rules-hoyle-1940.md 1.7): the
    umpire cuts, and the job is given the side that moves as winners as `tied` ({"3": "NS"}); without it the job
    stops before anything changes and says so. The cut moves players; it wins no game."""
    args = job.arguments
    number, last = int(args["round"]), bool(args.get("last"))
    movement_kind, movement = Section.objects.values_list("movement_kind", "movement").get(id=job.section_id)
    kind = party_kind(movement_kind)
    chosen = ((movement or {}).get("party") or {}).get("method") or (kind.method or Method.TOGETHER).value
    try:  # the method set up with the party, else its kind's (couples: method 2, L11405–11408)
        method = Method(args.get("method", chosen))
        head = Head(args.get("head", "stay"))
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
            if side not in ("NS", "EW") and not last:
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
        elif last:
            moved = ()
        elif kind.game == "hearts":
            her = party_ladies((section.movement or {}).get("party"), 4 * len(rows))
            lady_winners = [next(p for p in won if p in her) for won in punched]
            moved = progress_hearts(
                seating, lady_winners, [next(p for p in w if p not in her) for w in punched], her
            )
        else:
            her = party_ladies((section.movement or {}).get("party"), 4 * len(rows)) if kind.mixed else ()
            moved = progress(seating, [Side(w) for w in winners], method, head, her)
        following = None if last else [
            {"table": rows[i].table, "seats": dict(zip("NESW", map(str, seats), strict=True))}
            for i, seats in enumerate(moved)
        ]  # fmt: skip
        ring_bell(section, None, following, last=last, cuts=cuts)
    return _rung(Section.objects.get(id=section.id), number)


def _rung(section: Section, number: int) -> dict:
    """What the bell of round `number` left: the winners per table and the next round's seating."""
    tallies = Tally.objects.filter(section=section, round=number).order_by("table")
    seated = section.seatings.filter(round=number + 1).order_by("table")
    return {
        "round": number,
        "winners": {str(t.table): t.winners for t in tallies},
        "next": [{"table": s.table, "seats": s.seats} for s in seated],
        "finished": section.status != Status.RUNNING,
    }
