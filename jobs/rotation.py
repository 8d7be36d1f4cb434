"""The seating job: a fixed-rotation party searched for under a time budget (best so far saved as it improves).
The bell of a party is the parties app's job (parties.bell, parties.tasks)."""

from __future__ import annotations

import time

from tournaments.movements.golfer import progressive_fixed
from tournaments.movements.jsonout import movement_data
from tournaments.movements.model import MovementError

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
